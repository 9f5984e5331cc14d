// PriorityQueue (pkg/scheduler/backend/queue/scheduling_queue.go): where pending pods wait.
//
//  - activeQ: a heap by PrioritySort (higher spec.priority first, then earlier queue timestamp);
//    the scheduler pops from it. With SchedulerPopFromBackoffQ (beta, on since v1.33) an empty
//    activeQ lets the scheduler pop the backoffQ's head early.
//  - backoffQ: a heap by back-off expiry; `flushBackoffCompleted` (every 1 s) moves expired pods
//    to activeQ. Back-off = 1 s × 2^(attempts−1), capped at 10 s. Pods that failed with an error
//    (no rejecting plugin) wait in a separate error back-off heap that is never popped early.
//  - unschedulable pool: pods a plugin rejected, waiting for a cluster event whose queueing hint
//    says it may help (events.ts), or for `flushUnschedulableLeftover` (every 30 s) to move
//    those older than 5 min. Pods held by scheduling gates (PreEnqueue SchedulingGates) also
//    wait here, gated, until an update leaves them without gates.
//  - in flight: the pod being scheduled. Events arriving meanwhile are remembered; if one of them
//    may help, a rejected pod goes to backoffQ/activeQ instead of the pool (no lost wake-up).
//
// Plus the nominator: which pods are nominated to which node (status.nominatedNodeName or a
// preemption this scheduler just made), so filters can count them as if already there.

import type { KObject } from '../../../k8s/types';
import { worthRequeuing, type ClusterEvent, type NodeCheck } from './events';
import { Heap, type HeapItem } from './heap';
import { flatString } from '../../runtime/string-interner';

export const DEFAULT_POD_INITIAL_BACKOFF_MS = 1_000;
export const DEFAULT_POD_MAX_BACKOFF_MS = 10_000;
/** DefaultPodMaxInUnschedulablePodsDuration. */
export const DEFAULT_MAX_IN_UNSCHEDULABLE_MS = 5 * 60_000;
export const BACKOFF_FLUSH_PERIOD_MS = 1_000;
export const UNSCHEDULABLE_FLUSH_PERIOD_MS = 30_000;
/** The SchedulingGates PreEnqueue plugin's name (what gated pods record as their gating plugin). */
export const SCHEDULING_GATES = 'SchedulingGates';

export type QueueLocation = 'active' | 'backoff' | 'errorBackoff' | 'unschedulable' | 'inFlight' | 'gone';

export interface QueuedPodInfo extends HeapItem {
  readonly key: string;
  /** The latest version of the pod the queue has seen. */
  pod: KObject;
  /** When the pod was last (re)added to a queue, in virtual ms. */
  timestamp: number;
  initialAttemptTimestamp?: number;
  /** Scheduling attempts so far. */
  attempts: number;
  /** When its back-off ends (virtual ms). */
  backoffExpiration: number;
  /** Plugins that rejected it in its last attempt (empty after an error). */
  unschedulablePlugins: Set<string>;
  /** Set while a PreEnqueue plugin holds it (scheduling gates). */
  gatedBy?: string;
  location: QueueLocation;
  /** FIFO tie-break for equal priority and timestamp. */
  readonly seq: number;
  /** The pod's spec or labels changed while it was being scheduled. */
  updatedInFlight: boolean;
}

export interface SchedulingQueueOptions {
  now: () => number;
  /** Called whenever a pod becomes poppable (activeQ or backoffQ gained one). */
  onPoppable?: () => void;
  /** Precise hint checks for node-local plugins (see events.ts). */
  nodeCheck?: NodeCheck;
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  maxInUnschedulableMs?: number;
  /** SchedulerPopFromBackoffQ (default on, as in v1.33+). */
  popFromBackoffQ?: boolean;
}

export function podPriority(pod: KObject): number {
  const p = pod.spec?.priority;
  return typeof p === 'number' ? p : 0;
}

export function podKey(pod: KObject): string {
  // Flat, as keyFor's: the scheduler's cache keeps one per pod (a rope would keep its pieces too).
  return flatString(pod.metadata.namespace ?? '', '/', pod.metadata.name ?? '');
}

/** PrioritySort.Less. */
export function activeLess(a: QueuedPodInfo, b: QueuedPodInfo): boolean {
  const pa = podPriority(a.pod);
  const pb = podPriority(b.pod);
  if (pa !== pb) return pa > pb;
  if (a.timestamp !== b.timestamp) return a.timestamp < b.timestamp;
  return a.seq < b.seq;
}

function backoffLess(a: QueuedPodInfo, b: QueuedPodInfo): boolean {
  if (a.backoffExpiration !== b.backoffExpiration) return a.backoffExpiration < b.backoffExpiration;
  return activeLess(a, b);
}

/** isPodUpdated: anything but status and the bookkeeping metadata changed. */
export function podSpecOrMetaChanged(oldPod: KObject, newPod: KObject): boolean {
  if (oldPod.spec !== newPod.spec && JSON.stringify(oldPod.spec) !== JSON.stringify(newPod.spec)) return true;
  const a = oldPod.metadata;
  const b = newPod.metadata;
  if (a.labels !== b.labels && JSON.stringify(a.labels ?? {}) !== JSON.stringify(b.labels ?? {})) return true;
  if (a.annotations !== b.annotations && JSON.stringify(a.annotations ?? {}) !== JSON.stringify(b.annotations ?? {})) return true;
  return false;
}

/** The SchedulingGates PreEnqueue plugin. */
export function schedulingGated(pod: KObject): boolean {
  const gates = pod.spec?.schedulingGates;
  return Array.isArray(gates) && gates.length > 0;
}

export interface NominatedPod {
  key: string;
  pod: KObject;
  nodeName: string;
}

export class SchedulingQueue {
  private readonly active = new Heap<QueuedPodInfo>(activeLess);
  private readonly backoff = new Heap<QueuedPodInfo>(backoffLess);
  private readonly errorBackoff = new Heap<QueuedPodInfo>(backoffLess);
  private readonly unschedulable = new Map<string, QueuedPodInfo>();
  private readonly all = new Map<string, QueuedPodInfo>();
  private inFlight: { qpi: QueuedPodInfo; events: ClusterEvent[] } | undefined;
  private seq = 0;
  /** Scheduling cycles started (SchedulingCycle()). */
  cycle = 0;
  private readonly initialBackoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly maxInUnschedulableMs: number;
  private readonly popFromBackoffQ: boolean;
  // Nominator.
  private readonly nominatedByNode = new Map<string, NominatedPod[]>();
  private readonly nominatedNodeOf = new Map<string, string>();

  constructor(private readonly options: SchedulingQueueOptions) {
    this.initialBackoffMs = options.initialBackoffMs ?? DEFAULT_POD_INITIAL_BACKOFF_MS;
    this.maxBackoffMs = options.maxBackoffMs ?? DEFAULT_POD_MAX_BACKOFF_MS;
    this.maxInUnschedulableMs = options.maxInUnschedulableMs ?? DEFAULT_MAX_IN_UNSCHEDULABLE_MS;
    this.popFromBackoffQ = options.popFromBackoffQ ?? true;
  }

  // ---- sizes and lookups ----------------------------------------------------------------------

  get activeCount(): number {
    return this.active.size;
  }

  get backoffCount(): number {
    return this.backoff.size + this.errorBackoff.size;
  }

  get unschedulableCount(): number {
    return this.unschedulable.size;
  }

  get size(): number {
    return this.all.size;
  }

  /** Whether pop() would return a pod now. */
  get hasPoppable(): boolean {
    return this.active.size > 0 || (this.popFromBackoffQ && this.backoff.size > 0);
  }

  get(key: string): QueuedPodInfo | undefined {
    return this.all.get(key);
  }

  /** Every queued pod with where it waits (for tests and `kubeplay`). */
  entries(): QueuedPodInfo[] {
    return [...this.all.values()];
  }

  /** The earliest back-off expiry of a waiting pod, if any (for timers). */
  nextBackoffExpiry(): number | undefined {
    const a = this.backoff.peek()?.backoffExpiration;
    const b = this.errorBackoff.peek()?.backoffExpiration;
    if (a === undefined) return b;
    if (b === undefined) return a;
    return Math.min(a, b);
  }

  /** calculateBackoffDuration: 0 before any attempt, then initial × 2^(attempts−1) up to max. */
  backoffDuration(attempts: number): number {
    if (attempts <= 0) return 0;
    let d = this.initialBackoffMs;
    for (let i = 1; i < attempts; i++) {
      if (d > this.maxBackoffMs - d) return this.maxBackoffMs;
      d += d;
    }
    return Math.min(d, this.maxBackoffMs);
  }

  isBackingOff(qpi: QueuedPodInfo): boolean {
    return qpi.backoffExpiration > this.options.now();
  }

  // ---- informer-driven changes ------------------------------------------------------------

  /** A new unscheduled pod: PreEnqueue, then activeQ (or the pool, gated). */
  add(pod: KObject): void {
    const key = podKey(pod);
    const existing = this.all.get(key);
    if (existing) {
      this.update(existing.pod, pod);
      return;
    }
    const qpi: QueuedPodInfo = {
      key,
      pod,
      timestamp: this.options.now(),
      attempts: 0,
      backoffExpiration: 0,
      unschedulablePlugins: new Set(),
      location: 'gone',
      seq: this.seq++,
      heapIndex: -1,
      updatedInFlight: false,
    };
    this.all.set(key, qpi);
    this.updateNominatedFromStatus(pod);
    if (schedulingGated(pod)) {
      qpi.gatedBy = SCHEDULING_GATES;
      this.toUnschedulable(qpi);
      return;
    }
    this.toActive(qpi);
  }

  /** An unscheduled pod changed. */
  update(oldPod: KObject, newPod: KObject): void {
    const key = podKey(newPod);
    const qpi = this.all.get(key);
    this.updateNominatedFromStatus(newPod, oldPod);
    if (!qpi) {
      this.add(newPod);
      return;
    }
    const changed = podSpecOrMetaChanged(qpi.pod, newPod);
    qpi.pod = newPod;
    switch (qpi.location) {
      case 'inFlight':
        if (changed) qpi.updatedInFlight = true;
        return;
      case 'active':
        this.active.fix(qpi.heapIndex);
        return;
      case 'backoff':
      case 'errorBackoff':
        return;
      case 'unschedulable':
        if (qpi.gatedBy) {
          if (!schedulingGated(newPod)) {
            qpi.gatedBy = undefined;
            this.unschedulable.delete(key);
            // A pod that was never tried owes no back-off.
            this.moveToBackoffOrActive(qpi);
          }
          return;
        }
        if (changed) {
          this.unschedulable.delete(key);
          this.moveToBackoffOrActive(qpi);
        }
        return;
      default:
        return;
    }
  }

  /** A pending pod was deleted (or got assigned by someone else). */
  delete(pod: KObject): void {
    const key = podKey(pod);
    this.deleteNominatedPodIfExists(key);
    const qpi = this.all.get(key);
    if (!qpi) return;
    this.detach(qpi);
    this.all.delete(key);
    qpi.location = 'gone';
  }

  // ---- the scheduling loop's side --------------------------------------------------------

  /** Pop: the next pod to schedule (activeQ, else the backoffQ head), now in flight. */
  pop(): QueuedPodInfo | undefined {
    let qpi = this.active.pop();
    if (!qpi && this.popFromBackoffQ) qpi = this.backoff.pop();
    if (!qpi) return undefined;
    qpi.location = 'inFlight';
    qpi.attempts++;
    qpi.updatedInFlight = false;
    if (qpi.initialAttemptTimestamp === undefined) qpi.initialAttemptTimestamp = this.options.now();
    this.cycle++;
    this.inFlight = { qpi, events: [] };
    return qpi;
  }

  /**
   * Done: the pod left the scheduling cycle (bound, given up on, or re-queued). A pod bound (or
   * deleted) is forgotten.
   */
  done(qpi: QueuedPodInfo, forget: boolean): void {
    if (this.inFlight?.qpi === qpi) this.inFlight = undefined;
    if (forget && this.all.get(qpi.key) === qpi && qpi.location === 'inFlight') {
      this.all.delete(qpi.key);
      qpi.location = 'gone';
    }
  }

  /**
   * AddUnschedulableIfNotPresent: the pod failed this attempt. `plugins` rejected it (empty for an
   * error). A rejection goes to the pool unless an event seen meanwhile may already have helped;
   * an error goes to the error back-off.
   */
  addUnschedulableIfNotPresent(qpi: QueuedPodInfo, plugins: Set<string>, isError: boolean): void {
    const events = this.inFlight?.qpi === qpi ? this.inFlight.events : [];
    if (this.inFlight?.qpi === qpi) this.inFlight = undefined;
    if (this.all.get(qpi.key) !== qpi || qpi.location !== 'inFlight') return;
    const now = this.options.now();
    qpi.timestamp = now;
    qpi.unschedulablePlugins = isError ? new Set() : plugins;
    qpi.backoffExpiration = now + this.backoffDuration(qpi.attempts);
    // No rejecting plugin (an error, or "no nodes available"): retried after its back-off, from
    // the error back-off heap that an idle scheduler does not pop early.
    if (isError || plugins.size === 0) {
      qpi.location = 'errorBackoff';
      this.errorBackoff.push(qpi);
      return;
    }
    const check = this.options.nodeCheck ?? (() => true);
    const requeue = qpi.updatedInFlight || events.some((e) => worthRequeuing(qpi.unschedulablePlugins, e, qpi.pod, check));
    if (requeue) this.moveToBackoffOrActive(qpi);
    else this.toUnschedulable(qpi);
  }

  /**
   * MoveAllToActiveOrBackoffQueue: a cluster event happened; pods in the pool whose rejecting
   * plugins think it may help move on. Also remembered for the pod in flight.
   */
  onClusterEvent(event: ClusterEvent): void {
    if (this.inFlight) this.inFlight.events.push(event);
    if (this.unschedulable.size === 0) return;
    const check = this.options.nodeCheck ?? (() => true);
    const moving: QueuedPodInfo[] = [];
    for (const qpi of this.unschedulable.values()) {
      if (qpi.gatedBy) continue;
      if (worthRequeuing(qpi.unschedulablePlugins, event, qpi.pod, check)) moving.push(qpi);
    }
    for (const qpi of moving) {
      this.unschedulable.delete(qpi.key);
      this.moveToBackoffOrActive(qpi);
    }
  }

  /** flushBackoffQCompleted: back-off over → activeQ. */
  flushBackoffCompleted(): void {
    const now = this.options.now();
    for (const heap of [this.backoff, this.errorBackoff]) {
      for (let head = heap.peek(); head && head.backoffExpiration <= now; head = heap.peek()) {
        heap.pop();
        this.toActive(head);
      }
    }
  }

  /** flushUnschedulablePodsLeftover: pods waiting longer than 5 min get another try. */
  flushUnschedulableLeftover(): void {
    const now = this.options.now();
    const moving: QueuedPodInfo[] = [];
    for (const qpi of this.unschedulable.values()) {
      if (qpi.gatedBy) continue;
      if (now - qpi.timestamp > this.maxInUnschedulableMs) moving.push(qpi);
    }
    for (const qpi of moving) {
      this.unschedulable.delete(qpi.key);
      this.moveToBackoffOrActive(qpi);
    }
  }

  // ---- nominator ------------------------------------------------------------------------------

  /**
   * AddNominatedPod: `nodeName` overrides (empty clears); undefined keeps what the pod's status
   * says (NominatingInfo mode Noop).
   */
  addNominatedPod(pod: KObject, nodeName?: string): void {
    const key = podKey(pod);
    const name = nodeName ?? (pod.status?.nominatedNodeName as string | undefined) ?? '';
    this.deleteNominatedPodIfExists(key);
    if (!name) return;
    this.nominatedNodeOf.set(key, name);
    const list = this.nominatedByNode.get(name) ?? [];
    list.push({ key, pod, nodeName: name });
    this.nominatedByNode.set(name, list);
  }

  deleteNominatedPodIfExists(key: string): void {
    const node = this.nominatedNodeOf.get(key);
    if (node === undefined) return;
    this.nominatedNodeOf.delete(key);
    const list = this.nominatedByNode.get(node);
    if (!list) return;
    const rest = list.filter((n) => n.key !== key);
    if (rest.length > 0) this.nominatedByNode.set(node, rest);
    else this.nominatedByNode.delete(node);
  }

  nominatedPodsForNode(nodeName: string): readonly NominatedPod[] {
    return this.nominatedByNode.get(nodeName) ?? NONE;
  }

  get hasNominatedPods(): boolean {
    return this.nominatedNodeOf.size > 0;
  }

  nominatedNodeName(key: string): string | undefined {
    return this.nominatedNodeOf.get(key);
  }

  /** The informer saw the pod: its status.nominatedNodeName is the truth from now on. */
  private updateNominatedFromStatus(pod: KObject, oldPod?: KObject): void {
    const now = (pod.status?.nominatedNodeName as string | undefined) ?? '';
    const before = (oldPod?.status?.nominatedNodeName as string | undefined) ?? '';
    const key = podKey(pod);
    const current = this.nominatedNodeOf.get(key) ?? '';
    if (now) {
      if (now !== current) this.addNominatedPod(pod, now);
      else this.refreshNominatedPod(key, pod);
    } else if (before && current === before) {
      this.deleteNominatedPodIfExists(key);
    } else if (current) {
      this.refreshNominatedPod(key, pod);
    }
  }

  private refreshNominatedPod(key: string, pod: KObject): void {
    const node = this.nominatedNodeOf.get(key);
    if (node === undefined) return;
    const entry = this.nominatedByNode.get(node)?.find((n) => n.key === key);
    if (entry) entry.pod = pod;
  }

  // ---- moves ------------------------------------------------------------------------------

  private moveToBackoffOrActive(qpi: QueuedPodInfo): void {
    if (this.isBackingOff(qpi) && qpi.unschedulablePlugins.size === 0 && qpi.attempts > 0) {
      qpi.location = 'errorBackoff';
      this.errorBackoff.push(qpi);
    } else if (this.isBackingOff(qpi)) {
      qpi.location = 'backoff';
      this.backoff.push(qpi);
      if (this.popFromBackoffQ) this.options.onPoppable?.();
    } else {
      this.toActive(qpi);
    }
  }

  private toActive(qpi: QueuedPodInfo): void {
    qpi.location = 'active';
    this.active.push(qpi);
    this.options.onPoppable?.();
  }

  private toUnschedulable(qpi: QueuedPodInfo): void {
    qpi.location = 'unschedulable';
    this.unschedulable.set(qpi.key, qpi);
  }

  private detach(qpi: QueuedPodInfo): void {
    switch (qpi.location) {
      case 'active':
        this.active.remove(qpi);
        break;
      case 'backoff':
        this.backoff.remove(qpi);
        break;
      case 'errorBackoff':
        this.errorBackoff.remove(qpi);
        break;
      case 'unschedulable':
        this.unschedulable.delete(qpi.key);
        break;
      case 'inFlight':
        if (this.inFlight?.qpi === qpi) this.inFlight = undefined;
        break;
      default:
        break;
    }
  }
}

const NONE: readonly NominatedPod[] = Object.freeze([]);
