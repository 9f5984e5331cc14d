// The pod half of one node's kubelet: its container runtime, image cache and serialized pull
// queue, back-off state, pod IPs from the node's pod CIDR, and one PodWorker per pod bound here.
// Pods reach it from the cluster-wide dispatcher (kubelets.ts) while the kubelet can reach the
// API server.

import type { KObject } from '../../../k8s/types';
import type { ApiServer } from '../../api/apiserver';
import { nodeKind } from '../../api/kinds';
import type { Clock } from '../../clock/clock';
import type { SeededRandom } from '../../clock/random';
import type { Topology } from '../../cluster/topology';
import type { EventRecorder, Recorder } from '../../runtime/events';
import { lookupImage } from '../images/catalog';
import { NodeImageCache } from '../images/node-image-cache';
import { imageBackOffInitialMs, imageBackOffMaxMs } from '../images/pull';
import { mustParseImageReference } from '../images/reference';
import { ContainerRuntime } from './container-runtime';
import {
  Backoff,
  CRASH_BACKOFF_EXPIRE_MS,
  CRASH_BACKOFF_INITIAL_MS,
  CRASH_BACKOFF_MAX_MS,
} from '../../runtime/flowcontrol-backoff';
import { PodIPAllocator } from './ip-allocator';
import type { NodeContext } from './node-context';
import { admitPod } from './node-admission';
import { PodWorker } from './pod-worker';
import { SerialPullQueue } from './pull-queue';

/** The sandbox image every node has from the start (containerd's sandbox_image). */
export const SANDBOX_IMAGE = 'registry.k8s.io/pause:3.10';

export interface NodeKubeletDeps {
  api: ApiServer;
  clock: Clock;
  random: SeededRandom;
  topology: Topology;
  events: EventRecorder;
}

export class NodeKubelet implements NodeContext {
  readonly api: ApiServer;
  readonly clock: Clock;
  readonly random: SeededRandom;
  readonly runtime: ContainerRuntime;
  readonly images = new NodeImageCache();
  readonly pulls: SerialPullQueue;
  readonly imageBackOff = new Backoff(imageBackOffInitialMs, imageBackOffMaxMs);
  readonly crashBackoff = new Backoff(CRASH_BACKOFF_INITIAL_MS, CRASH_BACKOFF_MAX_MS, CRASH_BACKOFF_EXPIRE_MS);
  readonly recorder: Recorder;
  readonly workers = new Map<string, PodWorker>();
  private ips?: PodIPAllocator;
  private readonly relistOffsetMs: number;
  private imagesDirty = true;

  constructor(
    private readonly deps: NodeKubeletDeps,
    readonly nodeName: string,
    readonly hostIP: string,
  ) {
    this.api = deps.api;
    this.clock = deps.clock;
    this.random = deps.random;
    this.recorder = deps.events.recorder('kubelet', nodeName);
    this.pulls = new SerialPullQueue(deps.clock);
    this.runtime = new ContainerRuntime(deps.clock, deps.random, nodeName, (uid) => this.workers.get(uid)?.containerChanged());
    this.relistOffsetMs = hash(nodeName) % 1000;
    const pause = lookupImage(mustParseImageReference(SANDBOX_IMAGE));
    if (pause.found) this.images.add(mustParseImageReference(SANDBOX_IMAGE), pause.image);
  }

  // ---- from the API (via the dispatcher) -----------------------------------------------------

  podUpdated(pod: KObject): void {
    const uid = pod.metadata.uid!;
    const worker = this.workers.get(uid);
    if (worker) {
      worker.update(pod);
      return;
    }
    // A terminal pod the kubelet never ran (e.g. after a restart) needs no worker.
    if (pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed') {
      if (!pod.metadata.deletionTimestamp) return;
    }
    this.workers.set(uid, new PodWorker(this, pod));
  }

  podRemoved(pod: KObject): void {
    this.workers.get(pod.metadata.uid!)?.remove();
  }

  // ---- NodeContext ----------------------------------------------------------------------------

  allocateIP(): string | undefined {
    if (!this.ips) {
      const node = this.api.tryGet(nodeKind, undefined, this.nodeName);
      this.ips = PodIPAllocator.fromCIDR(node?.spec?.podCIDR);
    }
    return this.ips?.allocate();
  }

  releaseIP(ip: string): void {
    this.ips?.release(ip);
  }

  online(): boolean {
    return this.deps.topology.canReachControlPlane(this.nodeName);
  }

  nextRelist(nowMs: number): number {
    const offset = this.relistOffsetMs;
    return Math.floor((nowMs - offset) / 1000) * 1000 + offset + 1000;
  }

  admit(pod: KObject) {
    const node = this.api.tryGet(nodeKind, undefined, this.nodeName);
    const others: KObject[] = [];
    for (const w of this.workers.values()) {
      if (w.uid !== pod.metadata.uid && w.isAdmittedAndActive()) others.push(w.pod);
    }
    return admitPod(pod, node, others);
  }

  forget(uid: string): void {
    this.workers.delete(uid);
  }

  imagesChanged(): void {
    this.imagesDirty = true;
  }

  statusImages() {
    return this.images.toNodeStatusImages();
  }

  /** Whether the images changed since the node status last reported them (and clears the flag). */
  takeImagesDirty(): boolean {
    const dirty = this.imagesDirty;
    this.imagesDirty = false;
    return dirty;
  }
}

function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}
