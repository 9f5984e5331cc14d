// Taint eviction controller (pkg/controller/tainteviction, the "NoExecute taint manager"): deletes
// pods from nodes with NoExecute taints they do not tolerate, or tolerate only for a while.
//
// Watches: Nodes (only when their NoExecute taints change) and Pods (only when their tolerations
// or nodeName change). Each such event puts the node name or the pod's `namespace/name` on one
// work queue; sync then decides from the informers, so the eviction clock of a pod starts when the
// controller processes the event (`now`), not at the taint's timeAdded.
// Reads: `taintedNodes` (node → its NoExecute taints) and the pod informer's nodeName index.
// Writes: per pod a clock timer (upstream's TimedWorkerQueue). When it fires: a Normal
// `TaintManagerEviction` event "Marking for deletion Pod ns/name", a status write adding
// DisruptionTarget=True (DeletionByTaintManager), then a DELETE with default options (the pod's
// own grace period), up to 5 tries 10 ms apart. A cancelled timer emits "Cancelling deletion of
// Pod ns/name".
//
// processPodOnNode, per pod and the node's NoExecute taints:
//  - a taint no toleration tolerates → cancel any timer and delete now;
//  - else the minimum tolerationSeconds over the tolerations used (for each taint, the first
//    toleration that tolerates it): ≤ 0 → now, none set → tolerated for ever (cancel any timer),
//    else a timer at now + min — unless one is already scheduled whose start + min is earlier,
//    which is kept (so re-processing never postpones an eviction).
//
// Differences from upstream: one work queue instead of node and pod queues sharded over 8 workers
// (node updates are not served before pod updates queued earlier); a re-schedule at the very
// instant the existing timer was created, for the same firing time, is a no-op instead of a cancel
// (with its event) and re-add — in real time the two `now`s never coincide, in virtual time they do.

import type { KObject, ObjectReference, Taint, Toleration } from '../../../k8s/types';
import type { ApiServer } from '../../api/apiserver';
import { deepEqual } from '../../api/deep';
import { isApiError } from '../../api/errors';
import { nodeKind, podKind } from '../../api/kinds';
import { setPodCondition } from '../../api/subresources/pod-conditions';
import type { Clock, TimerHandle } from '../../clock/clock';
import { Controller } from '../../runtime/controller';
import type { Recorder } from '../../runtime/events';
import { NODE_NAME_INDEX, objectKey, splitKey, type InformerFactory } from '../../runtime/informer';
import { tolerationToleratesTaint } from '../../scheduler/plugins/taint-toleration';

export const TAINT_EVICTION_CONTROLLER = 'taint-eviction-controller';
export const EVICTION_REASON = 'TaintManagerEviction';
export const DISRUPTION_REASON = 'DeletionByTaintManager';
export const DISRUPTION_MESSAGE = 'Taint manager: deleting due to NoExecute taint';
/** Tries of the condition + delete on firing, and the pause between them. */
const RETRIES = 5;
const RETRY_DELAY_MS = 10;

/** A scheduled (or, with `timer` undefined, already running) deletion of one pod. */
interface ScheduledEviction {
  createdAtMs: number;
  fireAtMs: number;
  /** Undefined for work started at once: it can no longer be cancelled. */
  timer: TimerHandle | undefined;
}

export interface TaintEvictionControllerDeps {
  api: ApiServer;
  clock: Clock;
  informers: InformerFactory;
  recorder: Recorder;
}

/** getNoExecuteTaints: the node's NoExecute taints, in node order. */
export function noExecuteTaints(node: KObject | undefined): Taint[] {
  const taints = (node?.spec?.taints ?? []) as Taint[];
  return taints.filter((t) => t.effect === 'NoExecute');
}

/**
 * GetMatchingTolerations: for every taint the first toleration that tolerates it, or undefined
 * when some taint is not tolerated.
 */
export function matchingTolerations(
  taints: readonly Taint[],
  tolerations: readonly Toleration[] | undefined,
): Toleration[] | undefined {
  const used: Toleration[] = [];
  for (const taint of taints) {
    const t = tolerations?.find((tol) => tolerationToleratesTaint(tol, taint));
    if (!t) return undefined;
    used.push(t);
  }
  return used;
}

/**
 * getMinTolerationTime in milliseconds: 0 for no tolerations or any tolerationSeconds ≤ 0, -1 when
 * none sets tolerationSeconds (tolerated for ever), else the smallest.
 */
export function minTolerationMs(tolerations: readonly Toleration[]): number {
  if (tolerations.length === 0) return 0;
  let min = Infinity;
  for (const t of tolerations) {
    if (t.tolerationSeconds === undefined || t.tolerationSeconds === null) continue;
    if (t.tolerationSeconds <= 0) return 0;
    if (t.tolerationSeconds < min) min = t.tolerationSeconds;
  }
  return min === Infinity ? -1 : min * 1000;
}

export class TaintEvictionController {
  readonly controller: Controller;
  /** node name → its NoExecute taints (only nodes that have some). */
  private readonly taintedNodes = new Map<string, Taint[]>();
  /** `namespace/name` → its scheduled deletion. */
  private readonly evictions = new Map<string, ScheduledEviction>();

  constructor(private readonly deps: TaintEvictionControllerDeps) {
    const nodes = deps.informers.informerFor(nodeKind);
    const pods = deps.informers.informerFor(podKind);
    this.controller = new Controller({
      name: TAINT_EVICTION_CONTROLLER,
      clock: deps.clock,
      // Node names hold no '/', pod keys always do.
      sync: (key) => (key.includes('/') ? this.handlePodUpdate(key) : this.handleNodeUpdate(key)),
    });
    this.controller.handle(nodes, {
      onAdd: (node) => node.metadata.name,
      onUpdate: (oldNode, newNode) =>
        deepEqual(noExecuteTaints(oldNode), noExecuteTaints(newNode)) ? undefined : newNode.metadata.name,
      onDelete: (node) => node.metadata.name,
    });
    this.controller.handle(pods, {
      // An unbound pod is ignored by the sync anyway.
      onAdd: (pod) => (pod.spec?.nodeName ? objectKey(pod) : undefined),
      onUpdate: (oldPod, newPod) =>
        (oldPod.spec?.nodeName ?? '') === (newPod.spec?.nodeName ?? '') &&
        deepEqual(oldPod.spec?.tolerations ?? [], newPod.spec?.tolerations ?? [])
          ? undefined
          : objectKey(newPod),
      onDelete: (pod) => objectKey(pod),
    });
  }

  /** When the pod's deletion is due, if one is scheduled (virtual ms). */
  scheduledDeletion(namespace: string, name: string): { createdAtMs: number; fireAtMs: number } | undefined {
    const e = this.evictions.get(`${namespace}/${name}`);
    return e && { createdAtMs: e.createdAtMs, fireAtMs: e.fireAtMs };
  }

  /** The NoExecute taints the controller knows for a node. */
  taintsOf(nodeName: string): readonly Taint[] | undefined {
    return this.taintedNodes.get(nodeName);
  }

  stop(): void {
    this.controller.stop();
    for (const e of this.evictions.values()) e.timer?.cancel();
    this.evictions.clear();
  }

  private handleNodeUpdate(nodeName: string): void {
    const node = this.deps.informers.informerFor(nodeKind).get(undefined, nodeName);
    if (!node) {
      // Deleted: forget its taints; deletions already scheduled still happen.
      this.taintedNodes.delete(nodeName);
      return;
    }
    const taints = noExecuteTaints(node);
    if (taints.length === 0) this.taintedNodes.delete(nodeName);
    else this.taintedNodes.set(nodeName, taints);
    const pods = this.deps.informers.informerFor(podKind).byIndex(NODE_NAME_INDEX, nodeName);
    if (pods.length === 0) return;
    if (taints.length === 0) {
      for (const pod of pods) this.cancelWithEvent(objectKey(pod));
      return;
    }
    const now = this.deps.clock.now();
    for (const pod of pods) this.processPodOnNode(objectKey(pod), pod.spec?.tolerations, taints, now);
  }

  private handlePodUpdate(key: string): void {
    const pod = this.deps.informers.informerFor(podKind).getByKey(key);
    if (!pod) {
      this.cancelWithEvent(key);
      return;
    }
    const nodeName: string = pod.spec?.nodeName ?? '';
    if (!nodeName) return;
    // Not tainted (or gone): whatever was scheduled was cancelled by that node's update.
    const taints = this.taintedNodes.get(nodeName);
    if (!taints) return;
    this.processPodOnNode(key, pod.spec?.tolerations, taints, this.deps.clock.now());
  }

  private processPodOnNode(key: string, tolerations: Toleration[] | undefined, taints: readonly Taint[], now: number): void {
    if (taints.length === 0) {
      this.cancelWithEvent(key);
      return;
    }
    const used = matchingTolerations(taints, tolerations);
    if (!used) {
      this.cancelWithEvent(key);
      this.addWork(key, now, now);
      return;
    }
    const min = minTolerationMs(used);
    if (min < 0) {
      this.cancelWithEvent(key);
      return;
    }
    const fireAt = now + min;
    const existing = this.evictions.get(key);
    let createdAt = now;
    if (existing?.timer) {
      createdAt = existing.createdAtMs;
      // The clock started when the pod was first seen tainted: keep the earlier deadline.
      if (createdAt + min < fireAt) return;
      if (existing.fireAtMs === fireAt) return;
      this.cancelWithEvent(key);
    }
    this.addWork(key, createdAt, fireAt);
  }

  /** TimedWorkerQueue.AddWork: a no-op when work for the pod already exists. */
  private addWork(key: string, createdAtMs: number, fireAtMs: number): void {
    if (this.evictions.has(key)) return;
    const entry: ScheduledEviction = { createdAtMs, fireAtMs, timer: undefined };
    this.evictions.set(key, entry);
    if (fireAtMs <= createdAtMs) {
      // Started at once (upstream: a goroutine without a timer, beyond cancelling).
      this.deps.clock.after(0, () => this.fire(key, entry), undefined, `${TAINT_EVICTION_CONTROLLER}: evict ${key}`);
      return;
    }
    entry.timer = this.deps.clock.at(
      fireAtMs,
      () => this.fire(key, entry),
      undefined,
      `${TAINT_EVICTION_CONTROLLER}: evict ${key}`,
    );
  }

  /** CancelWork + the cancellation event (only for work that was still waiting). */
  private cancelWithEvent(key: string): void {
    const entry = this.evictions.get(key);
    if (!entry) return;
    this.evictions.delete(key);
    if (!entry.timer) return;
    entry.timer.cancel();
    this.deps.recorder.event(podRef(key), 'Normal', EVICTION_REASON, `Cancelling deletion of Pod ${key}`);
  }

  /** deletePodHandler: the event, then condition + DELETE, retried. */
  private fire(key: string, entry: ScheduledEviction): void {
    // A cancelled immediate work item still runs, as upstream's goroutine does.
    entry.timer = undefined;
    this.deps.recorder.event(podRef(key), 'Normal', EVICTION_REASON, `Marking for deletion Pod ${key}`);
    this.attempt(key, entry, 1);
  }

  private attempt(key: string, entry: ScheduledEviction, attempt: number): void {
    let ok = false;
    try {
      this.addConditionAndDeletePod(key);
      ok = true;
    } catch (e) {
      if (!isApiError(e)) throw e;
    }
    if (!ok && attempt < RETRIES) {
      this.deps.clock.after(
        RETRY_DELAY_MS,
        () => this.attempt(key, entry, attempt + 1),
        undefined,
        `${TAINT_EVICTION_CONTROLLER}: retry ${key}`,
      );
      return;
    }
    // The worker is done: forget it (unless a newer one replaced it meanwhile).
    if (this.evictions.get(key) === entry) this.evictions.delete(key);
  }

  private addConditionAndDeletePod(key: string): void {
    const { api } = this.deps;
    const { namespace, name } = splitKey(key);
    const pod = api.get(podKind, namespace, name);
    const status = setPodCondition(
      pod.status ?? {},
      {
        type: 'DisruptionTarget',
        status: 'True',
        reason: DISRUPTION_REASON,
        message: DISRUPTION_MESSAGE,
        observedGeneration: pod.metadata.generation,
      },
      api.timestamp(),
    );
    if (status !== pod.status) api.updateStatus({ ...pod, status });
    api.delete(podKind, namespace, name);
  }
}

/** The reference upstream builds for its events: no uid, no resourceVersion. */
function podRef(key: string): ObjectReference {
  const { namespace, name } = splitKey(key);
  return { kind: 'Pod', namespace, name, apiVersion: 'v1' };
}

export function startTaintEvictionController(deps: TaintEvictionControllerDeps): TaintEvictionController {
  return new TaintEvictionController(deps);
}
