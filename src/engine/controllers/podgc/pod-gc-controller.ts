// Pod garbage collector (pkg/controller/podgc): every gcCheckPeriod (20 s, first at start) it
// force-deletes, in this order:
//  1. gcTerminated (when `terminated-pod-gc-threshold` > 0): with more terminated pods (phase not
//     Pending, Running or Unknown) than the threshold, the excess — kubelet-evicted pods first
//     (phase Failed, reason Evicted), then the oldest creationTimestamp, ties by name;
//  2. gcTerminating: pods with a deletionTimestamp on a node that is not Ready and carries a
//     `node.kubernetes.io/out-of-service` taint (any value or effect), same order;
//  3. gcOrphaned: a node name that pods are bound to but the node informer lacks is quarantined
//     for 40 s; once that has passed and it is still missing, a GET asks the API server, and on
//     NotFound its pods are deleted with DisruptionTarget=True (DeletionByPodGC);
//  4. gcUnscheduledTerminating: pods with a deletionTimestamp and no nodeName.
// Each deletion (markFailedAndDeletePod): a pod not yet Succeeded/Failed first gets phase=Failed
// (plus the condition, if any) through the status subresource, then DELETE with grace 0.
//
// Cost at scale (the pass runs every 20 s): nothing walks every pod. The terminated and the
// unscheduled-terminating pods are kept as key sets from informer events, so the terminated pass
// sorts only when the count exceeds the threshold; the out-of-service nodes are a set from node
// events and their pods come from the nodeName index; orphans are found from the index's values
// (the distinct node names pods are bound to).
//
// Differences from upstream: the pass reads the informers live instead of one list taken at its
// start (a pod deleted by an earlier step is not tried again); pods of one step are deleted one
// after the other in that order, not by parallel goroutines.

import type { KObject, Taint } from '../../../k8s/types';
import type { ApiServer } from '../../api/apiserver';
import { isApiError } from '../../api/errors';
import { nodeKind, podKind } from '../../api/kinds';
import { setPodCondition, type PodConditionInput } from '../../api/subresources/pod-conditions';
import { Priority, type Clock, type TimerHandle } from '../../clock/clock';
import type { SimulationConfig } from '../../config';
import { NODE_NAME_INDEX, objectKey, type Informer, type InformerFactory } from '../../runtime/informer';

export const POD_GC_CONTROLLER = 'pod-garbage-collector-controller';
/** gcCheckPeriod. */
export const GC_CHECK_PERIOD_MS = 20_000;
/** quarantineTime: how long a missing node may take to show up in the informer. */
export const QUARANTINE_MS = 40_000;
export const TAINT_OUT_OF_SERVICE = 'node.kubernetes.io/out-of-service';
export const ORPHAN_CONDITION: PodConditionInput = {
  type: 'DisruptionTarget',
  status: 'True',
  reason: 'DeletionByPodGC',
  message: 'PodGC: node no longer exists',
};

export interface PodGCControllerDeps {
  api: ApiServer;
  clock: Clock;
  informers: InformerFactory;
  config: SimulationConfig;
}

/** isPodTerminated: any phase but Pending, Running and Unknown (an empty phase included). */
export function isPodTerminated(pod: KObject): boolean {
  const phase = pod.status?.phase;
  return phase !== 'Pending' && phase !== 'Running' && phase !== 'Unknown';
}

/** eviction.PodIsEvicted. */
export function isPodEvicted(pod: KObject): boolean {
  return pod.status?.phase === 'Failed' && pod.status?.reason === 'Evicted';
}

/** byEvictionAndCreationTimestamp: evicted first, then oldest, ties by name. */
export function byEvictionAndCreation(a: KObject, b: KObject): number {
  const ea = isPodEvicted(a);
  const eb = isPodEvicted(b);
  if (ea !== eb) return ea ? -1 : 1;
  const ta = a.metadata.creationTimestamp ?? '';
  const tb = b.metadata.creationTimestamp ?? '';
  if (ta !== tb) return ta < tb ? -1 : 1;
  const na = a.metadata.name ?? '';
  const nb = b.metadata.name ?? '';
  return na < nb ? -1 : na > nb ? 1 : 0;
}

/** nodeutil.IsNodeReady. */
function isNodeReady(node: KObject): boolean {
  const conditions = (node.status?.conditions ?? []) as { type: string; status: string }[];
  return conditions.some((c) => c.type === 'Ready' && c.status === 'True');
}

function hasOutOfServiceTaint(node: KObject): boolean {
  return ((node.spec?.taints ?? []) as Taint[]).some((t) => t.key === TAINT_OUT_OF_SERVICE);
}

export class PodGCController {
  private readonly pods: Informer;
  private readonly nodes: Informer;
  /** Keys of terminated pods. */
  private readonly terminated = new Set<string>();
  /** Keys of pods with a deletionTimestamp and no nodeName. */
  private readonly unscheduledTerminating = new Set<string>();
  /** Nodes carrying the out-of-service taint. */
  private readonly outOfService = new Set<string>();
  /** The quarantine (upstream's delaying nodeQueue): node name → when it is checked. */
  private readonly quarantine = new Map<string, number>();
  private readonly timer: TimerHandle;

  constructor(private readonly deps: PodGCControllerDeps) {
    this.pods = deps.informers.informerFor(podKind);
    this.nodes = deps.informers.informerFor(nodeKind);
    const trackPod = (pod: KObject, present: boolean) => {
      const key = objectKey(pod);
      if (present && isPodTerminated(pod)) this.terminated.add(key);
      else this.terminated.delete(key);
      if (present && pod.metadata.deletionTimestamp && !pod.spec?.nodeName) this.unscheduledTerminating.add(key);
      else this.unscheduledTerminating.delete(key);
    };
    this.pods.addHandler({
      onAdd: (pod) => trackPod(pod, true),
      onUpdate: (_old, pod) => trackPod(pod, true),
      onDelete: (pod) => trackPod(pod, false),
    });
    const trackNode = (node: KObject, present: boolean) => {
      if (present && hasOutOfServiceTaint(node)) this.outOfService.add(node.metadata.name!);
      else this.outOfService.delete(node.metadata.name!);
    };
    this.nodes.addHandler({
      onAdd: (node) => trackNode(node, true),
      onUpdate: (_old, node) => trackNode(node, true),
      onDelete: (node) => trackNode(node, false),
    });
    // wait.Until: a pass at start, then one every period.
    this.timer = deps.clock.every(GC_CHECK_PERIOD_MS, () => this.gc(), {
      initialDelayMs: 0,
      priority: Priority.periodic,
      label: POD_GC_CONTROLLER,
    });
  }

  /** How many pods the controller counts as terminated. */
  get terminatedCount(): number {
    return this.terminated.size;
  }

  stop(): void {
    this.timer.cancel();
  }

  /** One pass (exposed for tests; the clock runs it every 20 s). */
  gc(): void {
    const threshold = this.deps.config.number('terminated-pod-gc-threshold');
    if (threshold > 0) this.gcTerminated(threshold);
    this.gcTerminating();
    this.gcOrphaned();
    this.gcUnscheduledTerminating();
  }

  private gcTerminated(threshold: number): void {
    const deleteCount = this.terminated.size - threshold;
    if (deleteCount <= 0) return;
    const pods = this.collect(this.terminated);
    pods.sort(byEvictionAndCreation);
    for (let i = 0; i < deleteCount && i < pods.length; i++) this.markFailedAndDelete(pods[i]);
  }

  private gcTerminating(): void {
    if (this.outOfService.size === 0) return;
    const pods: KObject[] = [];
    for (const nodeName of this.outOfService) {
      const node = this.nodes.get(undefined, nodeName);
      if (!node || isNodeReady(node)) continue;
      for (const pod of this.pods.byIndex(NODE_NAME_INDEX, nodeName)) if (pod.metadata.deletionTimestamp) pods.push(pod);
    }
    if (pods.length === 0) return;
    pods.sort(byEvictionAndCreation);
    for (const pod of pods) this.markFailedAndDelete(pod);
  }

  private gcOrphaned(): void {
    const now = this.deps.clock.now();
    // Newly seen missing nodes go into quarantine (an earlier entry is kept).
    for (const nodeName of this.pods.indexValues(NODE_NAME_INDEX)) {
      if (this.nodes.get(undefined, nodeName) || this.quarantine.has(nodeName)) continue;
      this.quarantine.set(nodeName, now + QUARANTINE_MS);
    }
    // discoverDeletedNodes: those whose quarantine is over, still missing, and NotFound.
    const deleted: string[] = [];
    for (const [nodeName, readyAt] of this.quarantine) {
      if (readyAt > now) continue;
      this.quarantine.delete(nodeName);
      if (this.nodes.get(undefined, nodeName)) continue;
      try {
        this.deps.api.get(nodeKind, undefined, nodeName);
      } catch (e) {
        if (!isApiError(e, 'NotFound')) throw e;
        deleted.push(nodeName);
      }
    }
    for (const nodeName of deleted) {
      for (const pod of this.pods.byIndex(NODE_NAME_INDEX, nodeName)) this.markFailedAndDelete(pod, ORPHAN_CONDITION);
    }
  }

  private gcUnscheduledTerminating(): void {
    if (this.unscheduledTerminating.size === 0) return;
    for (const pod of this.collect(this.unscheduledTerminating)) this.markFailedAndDelete(pod);
  }

  private collect(keys: ReadonlySet<string>): KObject[] {
    const out: KObject[] = [];
    for (const key of keys) {
      const pod = this.pods.getByKey(key);
      if (pod) out.push(pod);
    }
    return out;
  }

  /** markFailedAndDeletePodWithCondition; API errors (e.g. NotFound) are only logged upstream. */
  private markFailedAndDelete(pod: KObject, condition?: PodConditionInput): void {
    const { api } = this.deps;
    const namespace = pod.metadata.namespace;
    const name = pod.metadata.name!;
    try {
      const phase = pod.status?.phase;
      if (phase !== 'Succeeded' && phase !== 'Failed') {
        // PatchPodStatus: a patch against the stored pod, with the uid as precondition.
        const current = api.get(podKind, namespace, name);
        if (current.metadata.uid !== pod.metadata.uid) return;
        let status = { ...(current.status ?? {}), phase: 'Failed' };
        if (condition) status = setPodCondition(status, condition, api.timestamp());
        api.updateStatus({ ...current, status });
      }
      api.delete(podKind, namespace, name, { gracePeriodSeconds: 0 });
    } catch (e) {
      if (!isApiError(e)) throw e;
    }
  }
}

export function startPodGCController(deps: PodGCControllerDeps): PodGCController {
  return new PodGCController(deps);
}
