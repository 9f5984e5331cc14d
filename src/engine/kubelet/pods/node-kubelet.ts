// The pod half of one node's kubelet: its container runtime, image cache and serialized pull
// queue, back-off state, pod IPs from the node's pod CIDR, and one PodWorker per pod bound here.
// Pods reach it from the cluster-wide dispatcher (kubelets.ts) while the kubelet can reach the
// API server.

import type { KObject } from '../../../k8s/types';
import type { ApiServer } from '../../api/apiserver';
import { nodeKind } from '../../api/kinds';
import { Priority, type Clock, type TimerHandle } from '../../clock/clock';
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
import { AdmittedUsage, admitPod, sumRequests } from './node-admission';
import { podQosClass } from '../../api/kinds/pod-qos';
import { PodWorker } from './pod-worker';
import type { NodeSwapConfig } from '../swap';
import { PRESSURE_TRANSITION_PERIOD_MS } from '../node-agent';
import { SerialPullQueue } from './pull-queue';
import { FileTree } from '../container/file-tree';
import { PodVolumes, type VolumeHost } from '../volumes';
import type { MountedObjectIndex, MountedObjectListener } from '../volumes/object-index';
import type { ClusterDns } from '../dns/cluster-dns';
import type { ClusterNetwork } from '../network/cluster-network';

const CRITICAL_PRIORITY = 2_000_000_000;
const SHUTDOWN_MESSAGE = 'Pod was terminated in response to imminent node shutdown.';
/** One shutdownGracePeriodByPodPriority entry: pods from `priority` up get `graceMs`. */
export interface ShutdownGroup {
  priority: number;
  graceMs: number;
}

/**
 * shutdownGracePeriod / shutdownGracePeriodCriticalPods as the kubelet turns them into priority
 * groups: regular pods get the difference, critical ones (≥ 2000000000) the critical period.
 */
export function twoGroupShutdownPlan(graceMs: number, criticalGraceMs: number): ShutdownGroup[] {
  return [
    { priority: 0, graceMs: Math.max(0, graceMs - criticalGraceMs) },
    { priority: CRITICAL_PRIORITY, graceMs: criticalGraceMs },
  ];
}

/** The eviction manager's housekeeping interval. */
const EVICTION_MONITORING_MS = 10_000;

/** The sandbox image every node has from the start (containerd's sandbox_image). */
export const SANDBOX_IMAGE = 'registry.k8s.io/pause:3.10';

export interface NodeKubeletDeps {
  api: ApiServer;
  clock: Clock;
  random: SeededRandom;
  topology: Topology;
  events: EventRecorder;
  /** Which pods mount which ConfigMaps and Secrets, for every node (kubelets.ts feeds it updates). */
  mountedObjects?: MountedObjectIndex;
  /** The cluster DNS (CoreDNS) pods resolve names with. */
  dns?: ClusterDns;
  /** The pod network containers connect through. */
  network?: ClusterNetwork;
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
  private shuttingDown = false;
  private memoryPressure = false;
  private diskPressure = false;
  /** When memory / disk pressure last ended: the eviction manager's condition outlives it. */
  private memoryPressureEndedAt = -Infinity;
  private diskPressureEndedAt = -Infinity;
  private evictionTimer?: TimerHandle;
  /** The node's own disk (hostPath volumes): it outlives pods and reboots. */
  readonly nodeDisk = new FileTree();
  private readonly volumes = new Map<string, PodVolumes>();
  readonly admittedUsage = new AdmittedUsage();
  readonly volumeHost: VolumeHost;

  constructor(
    private readonly deps: NodeKubeletDeps,
    readonly nodeName: string,
    readonly hostIP: string,
    readonly swap?: NodeSwapConfig,
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
    this.volumeHost = {
      api: this.api,
      nodeName,
      hostIP,
      nodeDisk: this.nodeDisk,
      now: () => this.clock.now(),
      epochMs: this.clock.epochMs,
    };
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

  // ---- the machine ---------------------------------------------------------------------------

  /** Power loss: workers vanish mid-step, processes die; the runtime's records stay on disk. */
  machineStopped(): void {
    for (const worker of this.workers.values()) worker.halt();
    this.workers.clear();
    this.runtime.powerOff();
    this.ips = undefined;
    this.shuttingDown = false;
    this.evictionTimer?.cancel();
    this.evictionTimer = undefined;
  }

  /** Boot (or back in touch with the API server): reconcile with the pods bound here. */
  resync(podsHere: readonly KObject[]): void {
    const wanted = new Set<string>();
    for (const pod of podsHere) {
      wanted.add(pod.metadata.uid!);
      this.podUpdated(pod);
    }
    // Pods deleted from the API meanwhile: their containers are killed (HandlePodRemoves).
    for (const [uid, worker] of this.workers) if (!wanted.has(uid)) worker.remove();
    // What was put off while the API was out of reach is done now, as the status manager's
    // syncBatch and the pod workers' periodic resync would: statuses that moved on (a container
    // started, a probe passed) are written, and pods that finished terminating are deleted.
    for (const worker of this.workers.values()) worker.requestSync(0);
    // Runtime leftovers of pods nobody knows any more (after a reboot): cleaned up.
    for (const uid of this.runtime.podUids()) if (!wanted.has(uid) && !this.workers.has(uid)) this.runtime.removePod(uid);
  }

  /**
   * Graceful node shutdown (nodeshutdown_manager_linux.go): new pods are refused, then pods are
   * stopped by priority group, lowest first — regular pods within `graceMs − criticalGraceMs`,
   * critical ones (priority ≥ 2000000000) within `criticalGraceMs` — each with at most its own
   * grace period. `done` runs when every group has finished or used up its time.
   */
  gracefulShutdown(plan: readonly ShutdownGroup[], done: () => void): void {
    this.shuttingDown = true;
    // Each pod belongs to the group with the highest priority not above its own (the lowest
    // group takes pods below every group), as shutdownGracePeriodByPodPriority assigns them.
    const sorted = [...plan].sort((a, b) => a.priority - b.priority);
    const groupOf = (w: PodWorker) => {
      const p = w.pod.spec?.priority ?? 0;
      let index = 0;
      sorted.forEach((g, i) => {
        if (g.priority <= p) index = i;
      });
      return index;
    };
    const groups = sorted.map((g, i) => ({ seconds: g.graceMs, members: (w: PodWorker) => groupOf(w) === i }));
    const runGroup = (i: number) => {
      if (i >= groups.length) {
        done();
        return;
      }
      const group = groups[i];
      const members = [...this.workers.values()].filter((w) => w.isActive() && group.members(w));
      for (const w of members) {
        const podGrace = (w.pod.spec?.terminationGracePeriodSeconds ?? 30) * 1000;
        w.terminateByKubelet('shutdown', 'Terminated', SHUTDOWN_MESSAGE, Math.min(group.seconds, podGrace));
      }
      const deadline = this.clock.now() + group.seconds;
      const check = () => {
        if (members.every((w) => w.isTerminated()) || this.clock.now() >= deadline) runGroup(i + 1);
        // Periodic priority: at the deadline, the kills and status writes due at that instant
        // (controller priority) land first, as the kubelet's killPod returns before it moves on.
        else this.clock.after(Math.min(500, deadline - this.clock.now()), check, Priority.periodic, 'node shutdown group');
      };
      check();
    };
    runGroup(0);
  }

  /** Memory or disk pressure from `kubeplay node pressure`: admission and memory eviction follow. */
  setPressure(kind: 'memory' | 'disk' | 'pid', on: boolean): void {
    const now = this.clock.now();
    if (kind === 'memory') {
      if (this.memoryPressure && !on) this.memoryPressureEndedAt = now;
      this.memoryPressure = on;
    }
    if (kind === 'disk') {
      if (this.diskPressure && !on) this.diskPressureEndedAt = now;
      this.diskPressure = on;
    }
    if (kind !== 'memory') return;
    this.evictionTimer?.cancel();
    this.evictionTimer = undefined;
    if (on) this.evictOneForMemory();
  }

  /**
   * The eviction manager under memory pressure: every monitoring interval (10 s) it evicts one
   * pod, BestEffort ones first (lowest priority first, then the oldest). The simulation's
   * pressure is reclaimed once no BestEffort pod is left.
   */
  private evictOneForMemory(): void {
    this.evictionTimer = undefined;
    if (!this.memoryPressure) return;
    const candidates = [...this.workers.values()]
      .filter((w) => w.isActive() && podQosClass(w.pod) === 'BestEffort')
      .sort((a, b) => (a.pod.spec?.priority ?? 0) - (b.pod.spec?.priority ?? 0));
    const victim = candidates[0];
    if (!victim) return;
    const nodeRef = { kind: 'Node', name: this.nodeName, uid: this.nodeName, apiVersion: 'v1' };
    this.recorder.event(nodeRef, 'Warning', 'EvictionThresholdMet', 'Attempting to reclaim memory');
    const message = 'The node was low on resource: memory. Threshold quantity: 100Mi, available: 62Mi. ';
    this.recorder.event(victim.pod, 'Warning', 'Evicted', message);
    victim.terminateByKubelet('evicted', 'Evicted', message, 0);
    this.evictionTimer = this.clock.after(
      EVICTION_MONITORING_MS,
      () => this.evictOneForMemory(),
      Priority.controller,
      'eviction manager',
    );
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
    if (this.shuttingDown)
      return { admitted: false as const, reason: 'NodeShutdown', message: 'Pod was rejected as the node is shutting down.' };
    // The eviction manager's admission looks at its node conditions, which stay for the eviction
    // pressure transition period after the pressure ended: under memory pressure only BestEffort
    // pods are refused, under disk pressure every pod.
    const now = this.clock.now();
    const diskCondition = this.diskPressure || now < this.diskPressureEndedAt + PRESSURE_TRANSITION_PERIOD_MS;
    const memoryCondition = this.memoryPressure || now < this.memoryPressureEndedAt + PRESSURE_TRANSITION_PERIOD_MS;
    if (diskCondition || (memoryCondition && podQosClass(pod) === 'BestEffort')) {
      const condition = diskCondition ? 'DiskPressure' : 'MemoryPressure';
      return { admitted: false as const, reason: 'Evicted', message: `The node had condition: [${condition}]. ` };
    }
    const node = this.api.tryGet(nodeKind, undefined, this.nodeName);
    // The pod asking is not admitted yet, so the running total holds exactly the others.
    if (this.admittedUsage.exact) return admitPod(pod, node, this.admittedUsage);
    const others: KObject[] = [];
    for (const w of this.workers.values()) {
      if (w.uid !== pod.metadata.uid && w.isAdmittedAndActive()) others.push(w.pod);
    }
    return admitPod(pod, node, sumRequests(others));
  }

  forget(uid: string): void {
    this.workers.delete(uid);
    // The pod's volumes are torn down with it (an emptyDir's data is gone).
    this.volumes.delete(uid);
    this.deps.mountedObjects?.untrack(uid);
  }

  get dns(): ClusterDns | undefined {
    return this.deps.dns;
  }

  get network(): ClusterNetwork | undefined {
    return this.deps.network;
  }

  podVolumes(uid: string): PodVolumes {
    let volumes = this.volumes.get(uid);
    if (!volumes) this.volumes.set(uid, (volumes = new PodVolumes()));
    return volumes;
  }

  trackMountedObjects(pod: KObject, listener: MountedObjectListener): void {
    this.deps.mountedObjects?.track(pod, listener);
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
