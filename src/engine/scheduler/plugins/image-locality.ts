// ImageLocality (pkg/scheduler/framework/plugins/imagelocality): favours nodes that already hold
// the pod's images. For each init and regular container whose image (normalised: `:latest`
// appended when there is no tag) is on the node: size × (nodes having it / all nodes), truncated;
// the sum is clamped to [23 MiB, 1000 MiB × containers] and mapped linearly to 0..100 (integer
// division). No normalisation.
//
// "On the node" = listed in the node's status.images[].names (kept with the NodeInfo); the
// cluster-wide spread and size come from Snapshot.imageState (the scheduler cache's image states).

import type { KObject } from '../../../k8s/types';
import { nodeImageNames } from '../framework/node-info';
import { MAX_NODE_SCORE, type NodeInfo, type ScorePlugin, type Snapshot } from '../framework/types';
import { SKIP, cycleStateSlot } from './helpers';

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

interface PreScoreState {
  /** Per container: normalised image name and its scaled score, or undefined if on no node. */
  images: ({ name: string; scaled: number } | undefined)[];
  numContainers: number;
  any: boolean;
}


function computeState(pod: KObject, snapshot: Snapshot): PreScoreState {
  const containers = [...((pod.spec?.initContainers ?? []) as { image?: string }[]), ...((pod.spec?.containers ?? []) as { image?: string }[])];
  const total = snapshot.nodes.length;
  let any = false;
  const images = containers.map((c) => {
    const name = normalizedImageName(c.image ?? '');
    const st = snapshot.imageState(name);
    if (!st || total === 0) return undefined;
    any = true;
    // scaledImageScore: int64(float64(size) * (float64(numNodes) / float64(totalNumNodes))).
    return { name, scaled: Math.trunc(st.size * (st.nodes / total)) };
  });
  return { images, numContainers: containers.length, any };
}

export function imageLocality(): ScorePlugin {
  const slot = cycleStateSlot<PreScoreState>(`PreScore${NAME}`);
  return {
    name: NAME,
    weight: 1,

    preScore(state, pod, _nodes, snapshot) {
      const s = computeState(pod.pod, snapshot);
      slot.set(state, s);
      // No node holds any of the images: every node scores calculatePriority(0) = 0 (same as Skip).
      return s.any ? undefined : SKIP;
    },

    score(state, pod, node: NodeInfo, snapshot): number {
      const s = slot.get(state) ?? computeState(pod.pod, snapshot);
      let sum = 0;
      if (s.any) {
        const names = nodeImageNames(node);
        if (names.size > 0) {
          for (const img of s.images) if (img !== undefined && names.has(img.name)) sum += img.scaled;
        }
      }
      return imageLocalityPriority(sum, s.numContainers);
    },
  };
}
