// kube-scheduler (pkg/scheduler): one profile, `default-scheduler`, with the default plugins.
//
// Watches pods and nodes through the shared informers. Bound pods (and pods this scheduler
// assumed) are accounted per node in the cache; unbound pods whose schedulerName is
// default-scheduler wait in the scheduling queue. On the clock it pops pods one by one and runs
// the cycle (schedule-one.ts): success → assume, bind through the pods/binding subresource,
// Normal `Scheduled` event; failure → PostFilter (preemption.ts), Warning `FailedScheduling`
// with the FitError text, PodScheduled=False (Unschedulable, or SchedulerError for errors) on
// the pod, and back into the queue.
//
// Time: a cycle takes no virtual time (a real one takes milliseconds); the queue's flushes run
// every 1 s (back-off) and every 30 s (pods unschedulable for 5 min). Binding is synchronous
// (upstream binds in a goroutine after assuming; nothing observable depends on the gap here).

import type { KObject } from '../../k8s/types';
import type { ApiServer } from '../api/apiserver';
import { isApiError } from '../api/errors';
import { nodeKind, podKind } from '../api/kinds';
import { DEFAULT_SCHEDULER_NAME } from '../api/defaulting/pod';
import { bindPod } from '../api/subresources/binding';
import { setPodCondition } from '../api/subresources/pod-conditions';
import { Priority, type Clock, type TimerHandle } from '../clock/clock';
import type { SeededRandom } from '../clock/random';
import type { Recorder } from '../runtime/events';
import type { Informer, InformerFactory } from '../runtime/informer';
import { SchedulerCache } from './cache';
import { ExplainStore, type AttemptRecord } from './explain';
import { fitErrorMessage, statusMessage, truncateMessage, type FitError } from './fit-error';
import { clearJournal, newNodeInfo } from './framework/node-info';
import { podInfoFor, repointPodInfo } from './framework/pod-info';
import type { FilterPlugin, PodInfo, ScorePlugin, Status } from './framework/types';
import { defaultPlugins } from './plugins/registry';
import {
  BIND_TIMEOUT_MS,
  claimsBound,
  preBindVolumes,
  volumeListers,
  volumeWaitError,
  type VolumeListers,
} from './plugins/volume-binding';
import { preempt, type PreemptionHooks, type PreemptionResult } from './preemption';
import type { ClusterEvent } from './queue/events';
import {
  BACKOFF_FLUSH_PERIOD_MS,
  podPriority,
  SchedulingQueue,
  UNSCHEDULABLE_FLUSH_PERIOD_MS,
  type QueuedPodInfo,
} from './queue/scheduling-queue';
import { schedulePod, type CycleContext, type Framework, type ScheduleResult, type ScoredOutcome } from './schedule-one';

export const SCHEDULER_NAME = DEFAULT_SCHEDULER_NAME;
/** Pods scheduled per clock event before yielding to other due events. */
const BATCH = 256;

export interface SchedulerDeps {
  api: ApiServer;
  clock: Clock;
  informers: InformerFactory;
  recorder: Recorder;
  random: SeededRandom;
  /** Plugin sets (tests); default: the default profile's. */
  filterPlugins?: FilterPlugin[];
  scorePlugins?: ScorePlugin[];
  percentageOfNodesToScore?: number;
  /** The equivalence cache of node-local verdicts (schedule-one.ts); default on. */
  equivalenceCache?: boolean;
}

export interface SchedulerStats {
  attempts: number;
  scheduled: number;
  unschedulable: number;
  errors: number;
  preemptions: number;
}

/** A terminal pod no longer holds resources (the scheduler's informer ignores them). */
function isTerminal(pod: KObject): boolean {
  const phase = pod.status?.phase;
  return phase === 'Succeeded' || phase === 'Failed';
}

function isAssigned(pod: KObject): boolean {
  return typeof pod.spec?.nodeName === 'string' && pod.spec.nodeName !== '';
}

function responsibleFor(pod: KObject): boolean {
  return (pod.spec?.schedulerName ?? DEFAULT_SCHEDULER_NAME) === SCHEDULER_NAME;
}

function shallowEqual(a: Record<string, unknown> | undefined, b: Record<string, unknown> | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) if (a[k] !== b[k]) return false;
  return true;
}

/** The binding write: only spec.nodeName and status changed, everything else shared. */
function onlyBound(before: KObject, after: KObject): boolean {
  if (before.metadata.labels !== after.metadata.labels || before.metadata.deletionTimestamp !== after.metadata.deletionTimestamp)
    return false;
  const a = before.spec ?? {};
  const b = after.spec ?? {};
  for (const k in b) if (k !== 'nodeName' && a[k] !== b[k]) return false;
  for (const k in a) if (k !== 'nodeName' && !(k in b)) return false;
  return true;
}

export class Scheduler {
  readonly cache: SchedulerCache;
  readonly queue: SchedulingQueue;
  readonly explain = new ExplainStore();
  readonly framework: Framework;
  readonly stats: SchedulerStats = { attempts: 0, scheduled: 0, unschedulable: 0, errors: 0, preemptions: 0 };
  private readonly ctx: CycleContext;
  private readonly pods: Informer;
  private readonly nodes: Informer;
  private readonly volumes: VolumeListers;
  /** Pods assumed on a node whose PreBind waits for their claims to be bound (key → binding). */
  private readonly waitingForVolumes = new Map<
    string,
    { qpi: QueuedPodInfo; pod: KObject; node: string; timeout: TimerHandle }
  >();
  private readonly unsubscribe: (() => void)[] = [];
  private readonly timers: TimerHandle[] = [];
  private loop: TimerHandle | undefined;
  private running = false;
  private stopped = false;

  constructor(private readonly deps: SchedulerDeps) {
    clearJournal();
    const registry = deps.api.registry;
    this.cache = new SchedulerCache(deps.informers, registry);
    this.volumes = volumeListers(deps.informers);
    const defaults = deps.filterPlugins && deps.scorePlugins ? undefined : defaultPlugins(this.volumes);
    this.framework = {
      filterPlugins: deps.filterPlugins ?? defaults!.filter,
      scorePlugins: deps.scorePlugins ?? defaults!.score,
    };
    this.queue = new SchedulingQueue({
      now: () => deps.clock.now(),
      onPoppable: () => this.wake(),
      nodeCheck: (pod, plugin, node) => this.passesOn(pod, plugin, node),
    });
    this.ctx = {
      framework: this.framework,
      snapshot: this.cache,
      nominator: this.queue,
      random: deps.random,
      percentageOfNodesToScore: deps.percentageOfNodesToScore ?? 0,
      nextStartNodeIndex: 0,
      equivalence: deps.equivalenceCache === false ? undefined : {},
    };
    this.nodes = deps.informers.informerFor(nodeKind);
    this.pods = deps.informers.informerFor(podKind);
  }

  /** Registers the informer handlers (replaying what they hold) and the queue's flush timers. */
  start(): this {
    this.unsubscribe.push(
      this.nodes.addHandler({
        onAdd: (node) => this.onNodeAdd(node),
        onUpdate: (old, node) => this.onNodeUpdate(old, node),
        onDelete: (node) => this.onNodeDelete(node),
      }),
      this.pods.addHandler({
        onAdd: (pod) => this.onPodAdd(pod),
        onUpdate: (old, pod) => this.onPodUpdate(old, pod),
        onDelete: (pod) => this.onPodDelete(pod),
      }),
      // VolumeBinding's events: a claim, volume or class added or changed may let its pods in.
      ...[this.volumes.pvcs, this.volumes.pvs, this.volumes.classes].map((informer) =>
        informer.addHandler({
          onAdd: () => this.onStorageChange(),
          onUpdate: () => this.onStorageChange(),
        }),
      ),
    );
    const clock = this.deps.clock;
    this.timers.push(
      clock.every(BACKOFF_FLUSH_PERIOD_MS, () => this.queue.flushBackoffCompleted(), {
        label: 'kube-scheduler: flushBackoffQCompleted',
      }),
      clock.every(UNSCHEDULABLE_FLUSH_PERIOD_MS, () => this.queue.flushUnschedulableLeftover(), {
        label: 'kube-scheduler: flushUnschedulablePodsLeftover',
      }),
    );
    return this;
  }

  stop(): void {
    this.stopped = true;
    for (const u of this.unsubscribe.splice(0)) u();
    for (const t of this.timers.splice(0)) t.cancel();
    for (const wait of this.waitingForVolumes.values()) wait.timeout.cancel();
    this.waitingForVolumes.clear();
    this.loop?.cancel();
    this.loop = undefined;
  }

  // ---- informer handlers --------------------------------------------------------------------

  private onNodeAdd(node: KObject): void {
    this.cache.addNode(node);
    this.queue.onClusterEvent({ type: 'NodeAdd', node });
  }

  private onNodeUpdate(old: KObject, node: KObject): void {
    this.cache.updateNode(old, node);
    const labels = !shallowEqual(old.metadata.labels, node.metadata.labels);
    const taints =
      old.spec?.taints !== node.spec?.taints &&
      JSON.stringify(old.spec?.taints ?? []) !== JSON.stringify(node.spec?.taints ?? []);
    const unschedulable = !!old.spec?.unschedulable !== !!node.spec?.unschedulable;
    const allocatable =
      old.status?.allocatable !== node.status?.allocatable &&
      JSON.stringify(old.status?.allocatable ?? {}) !== JSON.stringify(node.status?.allocatable ?? {});
    if (labels || taints || unschedulable || allocatable) {
      this.queue.onClusterEvent({ type: 'NodeUpdate', oldNode: old, node, labels, taints, unschedulable, allocatable });
    }
  }

  private onStorageChange(): void {
    this.queue.onClusterEvent({ type: 'StorageChange' });
    // A claim bound meanwhile may complete a waiting PreBind: bind on the clock, not inside the
    // informer's delivery.
    if (this.waitingForVolumes.size > 0) {
      this.deps.clock.after(0, () => this.finishVolumeWaits(), Priority.controller, 'kube-scheduler: VolumeBinding PreBind');
    }
  }

  private finishVolumeWaits(): void {
    for (const [key, wait] of [...this.waitingForVolumes]) {
      const latest = this.pods.getByKey(key);
      if (!latest || latest.metadata.uid !== wait.pod.metadata.uid) {
        this.stopWaiting(key);
        continue;
      }
      const error = volumeWaitError(this.volumes, latest);
      if (error) {
        this.failVolumeWait(key, error);
        continue;
      }
      if (!claimsBound(this.volumes, latest)) continue;
      this.stopWaiting(key);
      this.bind(wait.qpi, wait.pod, wait.node);
    }
  }

  /** The binding cycle of a pod waiting for its volumes fails: the pod goes back to the queue. */
  private failVolumeWait(key: string, message: string): void {
    const wait = this.waitingForVolumes.get(key);
    if (!wait) return;
    this.stopWaiting(key);
    this.cache.forgetPod(key);
    this.queue.onClusterEvent({ type: 'AssignedPodDelete', pod: wait.pod });
    this.stats.errors++;
    this.handleFailure(wait.qpi, 'SchedulerError', message, new Set(), '', true);
  }

  private stopWaiting(key: string): void {
    const wait = this.waitingForVolumes.get(key);
    if (!wait) return;
    wait.timeout.cancel();
    this.waitingForVolumes.delete(key);
    if (!this.pods.getByKey(key)) this.cache.forgetPod(key);
  }

  private onNodeDelete(node: KObject): void {
    this.cache.removeNode(node);
    this.queue.onClusterEvent({ type: 'NodeDelete', node });
  }

  private onPodAdd(pod: KObject): void {
    if (isTerminal(pod)) return;
    if (isAssigned(pod)) {
      this.addBound(pod, undefined);
      this.queue.onClusterEvent({ type: 'AssignedPodAdd', pod });
    } else if (responsibleFor(pod)) {
      this.queue.add(pod);
    }
  }

  private onPodUpdate(old: KObject, pod: KObject): void {
    const was = isAssigned(old) && !isTerminal(old);
    const is = isAssigned(pod) && !isTerminal(pod);
    if (is) {
      if (!was) {
        // Bound (by us or anyone): it leaves the queue.
        this.queue.delete(pod);
        this.addBound(pod, old);
        this.queue.onClusterEvent({ type: 'AssignedPodAdd', pod });
      } else {
        this.addBound(pod, old);
        this.queue.onClusterEvent({ type: 'AssignedPodUpdate', oldPod: old, pod });
      }
      return;
    }
    if (was) {
      this.cache.removePod(pod);
      this.queue.onClusterEvent({ type: 'AssignedPodDelete', pod });
      return;
    }
    if (isTerminal(pod) || !responsibleFor(pod)) this.queue.delete(pod);
    else this.queue.update(old, pod);
  }

  private onPodDelete(pod: KObject): void {
    const waitingKey = `${pod.metadata.namespace ?? ''}/${pod.metadata.name ?? ''}`;
    if (this.waitingForVolumes.get(waitingKey)?.pod.metadata.uid === pod.metadata.uid) {
      this.stopWaiting(waitingKey);
      this.cache.forgetPod(waitingKey);
    }
    if (isAssigned(pod)) {
      this.cache.removePod(pod);
      this.queue.delete(pod);
      if (!isTerminal(pod)) this.queue.onClusterEvent({ type: 'AssignedPodDelete', pod });
      return;
    }
    this.queue.delete(pod);
  }

  private addBound(pod: KObject, old: KObject | undefined): void {
    this.cache.addOrUpdateBoundPod(pod, (p, previous) => {
      // The binding write and status writes change only nodeName and status: keep the PodInfo
      // computed from the same spec fields (and share its parsed requests and terms), pointed
      // at the informer's object so the pre-binding one can be collected.
      if (previous && old && onlyBound(old, p)) {
        repointPodInfo(previous, p);
        return previous;
      }
      return podInfoFor(p);
    });
  }

  // ---- the loop ------------------------------------------------------------------------------

  /** Schedules the loop at the current instant if pods are waiting. */
  private wake(): void {
    if (this.stopped || this.loop || this.running) return;
    this.loop = this.deps.clock.after(0, () => this.runLoop(), Priority.controller, 'kube-scheduler: scheduleOne');
  }

  private runLoop(): void {
    this.loop = undefined;
    this.running = true;
    try {
      for (let i = 0; i < BATCH; i++) {
        const qpi = this.queue.pop();
        if (!qpi) break;
        this.scheduleOne(qpi);
      }
    } finally {
      this.running = false;
    }
    if (this.queue.hasPoppable) this.wake();
  }

  /** Runs every cycle the queue has ready right now (tests). */
  drain(): void {
    for (let qpi = this.queue.pop(); qpi; qpi = this.queue.pop()) this.scheduleOne(qpi);
  }

  /** ScheduleOne. */
  scheduleOne(qpi: QueuedPodInfo): void {
    const pod = this.pods.getByKey(qpi.key) ?? qpi.pod;
    if (pod.metadata.deletionTimestamp) {
      this.deps.recorder.event(
        pod,
        'Warning',
        'FailedScheduling',
        `skip schedule deleting pod: ${pod.metadata.namespace}/${pod.metadata.name}`,
      );
      this.queue.done(qpi, true);
      return;
    }
    if (this.cache.isAssumed(qpi.key) || isAssigned(pod)) {
      this.queue.done(qpi, true);
      return;
    }
    this.stats.attempts++;
    const podInfo = podInfoFor(pod);
    const result = schedulePod(this.ctx, podInfo);
    const record: AttemptRecord = {
      podKey: qpi.key,
      attempt: qpi.attempts,
      atMs: this.deps.clock.now(),
      numAllNodes: this.cache.nodes.length,
      result: 'Scheduled',
      rejected: ExplainStore.emptyRejected(),
      feasible: [],
      plugins: [],
    };
    switch (result.kind) {
      case 'scheduled':
        record.rejected = result.nodeToStatus.explicit;
        record.chosen = result.node;
        if (result.scored) Object.assign(record, explainScores(result.scored, result.chosenIndex ?? 0));
        else record.feasible = [this.cache.get(result.node)!].filter(Boolean);
        this.explain.record(record);
        this.assumeAndBind(qpi, pod, podInfo, result.node);
        return;
      case 'unschedulable': {
        const fitError = result.fitError;
        const pre = this.postFilter(result, podInfo, fitError);
        const message = fitErrorMessage(fitError);
        record.result = 'Unschedulable';
        record.rejected = fitError.diagnosis.nodeToStatus.explicit;
        record.absent =
          fitError.diagnosis.preFilterMsg || result.filter.preFilterNodeNames
            ? fitError.diagnosis.nodeToStatus.absent
            : undefined;
        record.message = message;
        if (pre) {
          record.preemption =
            pre.code === 'Success'
              ? { nominatedNode: pre.nominatedNodeName, victims: pre.candidate?.victims.pods.map((p) => p.metadata.name ?? '') }
              : { message: pre.message };
        }
        this.explain.record(record);
        this.stats.unschedulable++;
        this.handleFailure(qpi, 'Unschedulable', message, fitError.diagnosis.unschedulablePlugins, pre?.nominatedNodeName);
        return;
      }
      case 'error': {
        record.result = 'Error';
        record.message = result.message;
        this.explain.record(record);
        // "no nodes available" is a rejection (UnschedulableAndUnresolvable), every other error a
        // SchedulerError; both carry no rejecting plugin.
        const rejected = result.status?.code === 'UnschedulableAndUnresolvable';
        if (rejected) this.stats.unschedulable++;
        else this.stats.errors++;
        this.handleFailure(qpi, rejected ? 'Unschedulable' : 'SchedulerError', result.message, new Set(), '', !rejected);
        return;
      }
    }
  }

  /** RunPostFilterPlugins: DefaultPreemption; records its message in the FitError. */
  private postFilter(
    result: Extract<ScheduleResult, { kind: 'unschedulable' }>,
    podInfo: PodInfo,
    fitError: FitError,
  ): PreemptionResult | undefined {
    const r = preempt(this.ctx, this.preemptionHooks, result.filter, podInfo, fitError);
    if (r.message) fitError.diagnosis.postFilterMsg = `preemption: ${r.message}`;
    if (r.code === 'Success') this.stats.preemptions++;
    return r;
  }

  private readonly preemptionHooks: PreemptionHooks = {
    currentPod: (pod) => this.pods.get(pod.metadata.namespace, pod.metadata.name ?? ''),
    preemptVictim: (victim, preemptor, nodeName) => this.preemptVictim(victim, preemptor, nodeName),
    clearLowerPriorityNominations: (preemptor, nodeName) => {
      const priority = podPriority(preemptor);
      for (const n of [...this.queue.nominatedPodsForNode(nodeName)]) {
        if (podPriority(n.pod) >= priority) continue;
        this.queue.deleteNominatedPodIfExists(n.key);
        const latest = this.pods.getByKey(n.key);
        if (!latest?.status?.nominatedNodeName) continue;
        const status = { ...latest.status };
        delete status.nominatedNodeName;
        this.writeStatus(latest, status);
      }
    },
  };

  /** Evaluator.PreemptPod: DisruptionTarget, graceful delete, `Preempted` event. */
  private preemptVictim(victim: KObject, preemptor: KObject, nodeName: string): void {
    const api = this.deps.api;
    let latest = this.pods.get(victim.metadata.namespace, victim.metadata.name ?? '');
    if (!latest || latest.metadata.uid !== victim.metadata.uid) return;
    const status = setPodCondition(
      latest.status ?? {},
      {
        type: 'DisruptionTarget',
        status: 'True',
        reason: 'PreemptionByScheduler',
        message: `${preemptor.spec?.schedulerName ?? SCHEDULER_NAME}: preempting to accommodate a higher priority pod`,
        observedGeneration: latest.metadata.generation,
      },
      api.timestamp(),
    );
    if (status !== latest.status) {
      const written = this.writeStatus(latest, status);
      if (!written) return;
      latest = written;
    }
    try {
      api.delete(podKind, latest.metadata.namespace, latest.metadata.name ?? '');
    } catch (e) {
      if (!isApiError(e)) throw e;
      if (e.reason !== 'NotFound') return;
    }
    this.deps.recorder.event(
      latest,
      'Normal',
      'Preempted',
      `Preempted by pod ${preemptor.metadata.uid ?? ''} on node ${nodeName}`,
    );
  }

  // ---- binding and failures ----------------------------------------------------------------

  private assumeAndBind(qpi: QueuedPodInfo, pod: KObject, podInfo: PodInfo, node: string): void {
    this.cache.assumePod(podInfo, node);
    this.queue.deleteNominatedPodIfExists(qpi.key);
    const nodeObject = this.cache.get(node)?.node;
    const preBindError = nodeObject ? preBindVolumes(this.deps.api, this.volumes, pod, nodeObject) : undefined;
    if (preBindError) {
      this.cache.forgetPod(qpi.key);
      this.queue.onClusterEvent({ type: 'AssignedPodDelete', pod });
      this.stats.errors++;
      this.handleFailure(qpi, 'SchedulerError', preBindError, new Set(), '', true);
      return;
    }
    if (!claimsBound(this.volumes, pod)) {
      // PreBind waits for the volumes (bindTimeoutSeconds); the pod stays assumed meanwhile and
      // leaves the active queue without being forgotten by it.
      const timeout = this.deps.clock.after(
        BIND_TIMEOUT_MS,
        () => {
          if (!this.waitingForVolumes.has(qpi.key)) return;
          this.failVolumeWait(qpi.key, 'running PreBind plugin "VolumeBinding": binding volumes: context deadline exceeded');
        },
        Priority.controller,
        'kube-scheduler: VolumeBinding bind timeout',
      );
      this.waitingForVolumes.set(qpi.key, { qpi, pod, node, timeout });
      this.queue.done(qpi, false);
      return;
    }
    this.bind(qpi, pod, node);
  }

  /** The Bind plugin (DefaultBinder) and what follows a successful binding cycle. */
  private bind(qpi: QueuedPodInfo, pod: KObject, node: string): void {
    let bound: KObject;
    try {
      bound = bindPod(this.deps.api, pod.metadata.namespace ?? '', pod.metadata.name ?? '', node, { uid: pod.metadata.uid });
    } catch (e) {
      if (!isApiError(e)) throw e;
      // handleBindingCycleError: forget the assumed pod (its resources free again), then the
      // usual failure handling with the error.
      this.cache.forgetPod(qpi.key);
      this.queue.onClusterEvent({ type: 'AssignedPodDelete', pod });
      this.stats.errors++;
      this.handleFailure(qpi, 'SchedulerError', `running Bind plugin "DefaultBinder": ${e.message}`, new Set(), '', true);
      return;
    }
    this.stats.scheduled++;
    this.queue.done(qpi, true);
    this.deps.recorder.event(
      bound,
      'Normal',
      'Scheduled',
      `Successfully assigned ${pod.metadata.namespace}/${pod.metadata.name} to ${node}`,
    );
  }

  /**
   * handleSchedulingFailure: back into the queue (unless the pod is gone or bound meanwhile),
   * the nomination, the FailedScheduling event and the PodScheduled=False condition.
   * `nominatedNodeName`: undefined keeps it, "" clears it, a name sets it.
   */
  private handleFailure(
    qpi: QueuedPodInfo,
    reason: 'Unschedulable' | 'SchedulerError',
    message: string,
    plugins: Set<string>,
    nominatedNodeName: string | undefined,
    isError = false,
  ): void {
    const cached = this.pods.getByKey(qpi.key);
    if (!cached || isAssigned(cached)) {
      this.queue.done(qpi, true);
    } else {
      qpi.pod = cached;
      this.queue.addUnschedulableIfNotPresent(qpi, plugins, isError);
    }
    const pod = cached ?? qpi.pod;
    if (nominatedNodeName !== undefined) this.queue.addNominatedPod(pod, nominatedNodeName);
    this.deps.recorder.event(pod, 'Warning', 'FailedScheduling', truncateMessage(message));
    if (!cached || isAssigned(cached)) return;
    let status = setPodCondition(
      cached.status ?? {},
      { type: 'PodScheduled', status: 'False', reason, message, observedGeneration: cached.metadata.generation },
      this.deps.api.timestamp(),
    );
    const currentNominated = (cached.status?.nominatedNodeName as string | undefined) ?? '';
    if (nominatedNodeName !== undefined && currentNominated !== nominatedNodeName) {
      status = { ...status };
      if (nominatedNodeName) status.nominatedNodeName = nominatedNodeName;
      else delete status.nominatedNodeName;
    }
    if (status !== cached.status) this.writeStatus(cached, status);
  }

  /** A status write of the scheduler (PatchPodStatus); a vanished pod is not an error. */
  private writeStatus(pod: KObject, status: Record<string, unknown>): KObject | undefined {
    try {
      return this.deps.api.updateStatus({ ...pod, status });
    } catch (e) {
      if (!isApiError(e)) throw e;
      return undefined;
    }
  }

  // ---- queueing hints ------------------------------------------------------------------------

  /** Whether `pod` passes `plugin` on `node` as the cache holds it (precise queueing hints). */
  private passesOn(pod: KObject, pluginName: string, node: KObject): boolean {
    const plugin = this.framework.filterPlugins.find((p) => p.name === pluginName);
    if (!plugin) return true;
    const name = node.metadata.name ?? '';
    const info = this.cache.get(name) ?? newNodeInfo(node);
    const pi = podInfoFor(pod);
    const state = new Map<string, unknown>();
    const r = plugin.preFilter?.(state, pi, this.cache);
    const s: Status | undefined = r?.status;
    if (s && s.code === 'Skip') return true;
    if (s && s.code !== 'Success') return false;
    if (r?.nodeNames && !r.nodeNames.has(name)) return false;
    const f = plugin.filter(state, pi, info, this.cache);
    return f.code === 'Success' || f.code === 'Skip';
  }

  /** Messages of the pod's last attempt (tests, explain). */
  lastMessage(key: string): string | undefined {
    return this.explain.latest(key)?.message;
  }

  /** A status message helper for the failure path (exported for tests). */
  static statusMessage(s: Status): string {
    return statusMessage(s);
  }
}

/** How many scored nodes an attempt record keeps (the best ones, and the chosen one). */
export const EXPLAIN_MAX_SCORED_NODES = 20;

/**
 * A private copy of the scores an attempt record keeps (the cycle's buffers are reused): all of
 * them for small clusters, else the best EXPLAIN_MAX_SCORED_NODES (and the chosen node).
 */
function explainScores(
  scored: ScoredOutcome,
  chosenIndex: number,
): Pick<AttemptRecord, 'feasible' | 'plugins' | 'totals' | 'feasibleCount'> {
  const n = scored.feasible.length;
  const keep = n <= EXPLAIN_MAX_SCORED_NODES ? undefined : topIndices(scored.totals, EXPLAIN_MAX_SCORED_NODES);
  if (keep && !keep.includes(chosenIndex)) keep[keep.length - 1] = chosenIndex;
  const pick = (a: Float64Array): number[] => {
    const idx = keep ?? [];
    const len = keep ? keep.length : n;
    const out = new Array<number>(len);
    for (let k = 0; k < len; k++) out[k] = a[keep ? idx[k] : k];
    return out;
  };
  return {
    feasible: keep ? keep.map((i) => scored.feasible[i]) : scored.feasible.slice(),
    plugins: scored.plugins.map((p) => ({ name: p.name, weight: p.weight, scores: pick(p.scores) })),
    totals: pick(scored.totals),
    feasibleCount: n,
  };
}

/** Indices of the k highest values (earlier index first on ties), by insertion. */
function topIndices(values: Float64Array, k: number): number[] {
  const idx: number[] = [];
  const val: number[] = [];
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (idx.length === k && v <= val[k - 1]) continue;
    let j = idx.length < k ? idx.length : k - 1;
    while (j > 0 && val[j - 1] < v) {
      val[j] = val[j - 1];
      idx[j] = idx[j - 1];
      j--;
    }
    val[j] = v;
    idx[j] = i;
  }
  return idx;
}

/** Creates and starts the scheduler of a cluster. */
export function startScheduler(deps: SchedulerDeps): Scheduler {
  return new Scheduler(deps).start();
}

export type { ClusterEvent };
