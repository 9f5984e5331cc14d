// ImageLocality (pkg/scheduler/framework/plugins/imagelocality): favours nodes that already hold
// the pod's images. For each init and regular container whose image (normalised: `:latest`
// appended when there is no tag) is on the node: size × (nodes having it / all nodes), truncated;
// the sum is clamped to [23 MiB, 1000 MiB × containers] and mapped linearly to 0..100 (integer
// division). No normalisation.
//
// "On the node" = listed in the node's status.images[].names (kept with the NodeInfo); the
// cluster-wide spread and size come from Snapshot.imageState (the scheduler cache's image states).

import type { KObject } from '../../../k8s/types';
import { imageId, nodeImageIds, nodeSlot } from '../framework/node-info';
import { MAX_NODE_SCORE, type NodeInfo, type PodInfo, type ScorePlugin, type Snapshot } from '../framework/types';
import { SKIP, cycleStateSlot } from './helpers';
import { JournalFollower, grow } from './topology-index';

export const NAME = 'ImageLocality';

const MB = 1024 * 1024;
export const MIN_THRESHOLD = 23 * MB;
export const MAX_CONTAINER_THRESHOLD = 1000 * MB;

/** normalizedImageName: append `:latest` when the name has no tag after its last slash. */
export function normalizedImageName(name: string): string {
  return name.lastIndexOf(':') <= name.lastIndexOf('/') ? `${name}:latest` : name;
}

/** calculatePriority. */
export function imageLocalityPriority(sumScores: number, numContainers: number): number {
  const maxThreshold = MAX_CONTAINER_THRESHOLD * numContainers;
  let s = sumScores;
  if (s < MIN_THRESHOLD) s = MIN_THRESHOLD;
  else if (s > maxThreshold) s = maxThreshold;
  return Math.trunc((MAX_NODE_SCORE * (s - MIN_THRESHOLD)) / (maxThreshold - MIN_THRESHOLD));
}

/**
 * Which nodes hold which images, as one byte per node slot per image id, kept current from the
 * NodeInfo change journal: Score reads a byte per container instead of probing each node's image
 * list (nodes are visited in a rotating window, so per-node objects are rarely in cache).
 */
class ImageIndex extends JournalFollower {
  private readonly bitmaps: Uint8Array[] = [];
  private slotIds: (Int32Array | undefined)[] = [];

  /** holds(id, node): the node reports the image (valid after refresh for snapshot nodes). */
  holds(id: number, node: NodeInfo): boolean {
    const slot = nodeSlot(node);
    if (!this.current(node, slot)) this.update(node, slot);
    const b = this.bitmaps[id];
    return b !== undefined && slot < b.length && b[slot] === 1;
  }

  protected resize(): void {}

  protected apply(node: NodeInfo, slot: number): void {
    const ids = nodeImageIds(node);
    this.slotIds[slot] = ids;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i];
      let b = this.bitmaps[id] ?? new Uint8Array(64);
      b = grow(b, slot, 0);
      b[slot] = 1;
      this.bitmaps[id] = b;
    }
  }

  protected retract(slot: number): void {
    const ids = this.slotIds[slot];
    if (ids === undefined) return;
    for (let i = 0; i < ids.length; i++) {
      const b = this.bitmaps[ids[i]];
      if (b !== undefined && slot < b.length) b[slot] = 0;
    }
    this.slotIds[slot] = undefined;
  }

  protected applyDelta(_slot: number, _pod: PodInfo, _delta: 1 | -1): void {
    // Pods do not change a node's images.
  }
}

interface PreScoreState {
  /** The containers' images present on some node: image id and scaled score (one entry per container). */
  ids: number[];
  scaled: number[];
  numContainers: number;
  any: boolean;
}

function computeState(pod: KObject, snapshot: Snapshot): PreScoreState {
  const containers = [
    ...((pod.spec?.initContainers ?? []) as { image?: string }[]),
    ...((pod.spec?.containers ?? []) as { image?: string }[]),
  ];
  const total = snapshot.nodes.length;
  const ids: number[] = [];
  const scaled: number[] = [];
  for (const c of containers) {
    const name = normalizedImageName(c.image ?? '');
    const st = snapshot.imageState(name);
    if (!st || total === 0) continue;
    ids.push(imageId(name));
    // scaledImageScore: int64(float64(size) * (float64(numNodes) / float64(totalNumNodes))).
    scaled.push(Math.trunc(st.size * (st.nodes / total)));
  }
  return { ids, scaled, numContainers: containers.length, any: ids.length > 0 };
}

export function imageLocality(): ScorePlugin {
  const slot = cycleStateSlot<PreScoreState>(`PreScore${NAME}`);
  const index = new ImageIndex();
  return {
    name: NAME,
    weight: 1,

    preScore(state, pod, _nodes, snapshot) {
      const s = computeState(pod.pod, snapshot);
      slot.set(state, s);
      // No node holds any of the images: every node scores calculatePriority(0) = 0 (same as Skip).
      if (!s.any) return SKIP;
      index.refresh(snapshot);
      return undefined;
    },

    score(state, pod, node: NodeInfo, snapshot): number {
      const s = slot.get(state) ?? computeState(pod.pod, snapshot);
      let sum = 0;
      if (s.any) {
        for (let i = 0; i < s.ids.length; i++) if (index.holds(s.ids[i], node)) sum += s.scaled[i];
      }
      return imageLocalityPriority(sum, s.numContainers);
    },
  };
}
