// DefaultPreemption (pkg/scheduler/framework/plugins/defaultpreemption and
// framework/preemption/preemption.go): the PostFilter that runs after no node passed Filter.
//
//  1. Eligibility: preemptionPolicy Never → "not eligible due to preemptionPolicy=Never."; a pod
//     whose nominated node still has a lower-priority pod terminating because of a preemption →
//     "not eligible due to a terminating pod on the nominated node." (unless that node is now
//     UnschedulableAndUnresolvable for it).
//  2. Candidates: only nodes whose Filter status was Unschedulable (not …AndUnresolvable). From a
//     random offset, dry-run each until max(10 % of them, 100) candidates are found:
//     SelectVictimsOnNode removes every lower-priority pod from a copy of the node; if the pod
//     still does not fit, that Filter status is the node's answer; otherwise the victims are
//     reprieved one by one from the most important down (priority, then earlier start) and those
//     whose return breaks the fit stay victims.
//  3. No candidate → Unschedulable with "0/N nodes are available: …" over the dry-run statuses,
//     every other node counting as "Preemption is not helpful for scheduling"; the pod's
//     nomination is cleared.
//  4. pickOneNodeForPreemption: fewest PDB violations, then the lowest highest-victim priority,
//     the smallest sum of priorities, the fewest victims, the latest start among the
//     highest-priority victims, then the first.
//  5. prepareCandidate: each victim not already terminating gets DisruptionTarget=True
//     (PreemptionByScheduler) and a graceful DELETE, and a `Preempted` event; pods of lower
//     priority nominated to that node lose their nomination. The preemptor is nominated to it.
//
// PodDisruptionBudgets do not exist in this build yet: `podDisruptionBudgets` is the hook (every
// victim counts as non-violating until it returns budgets). Upstream updates the PreFilter state
// incrementally while it removes and re-adds victims (PreFilterExtensions AddPod/RemovePod); here
// the PreFilter of plugins whose state depends on other pods is re-run against the modified node.
// Victims are deleted synchronously (upstream's async preemption only changes when the API calls
// are made, not their effect).

import type { KObject } from '../../k8s/types';
import { addPod, cloneNodeInfo, removePod } from './framework/node-info';
import type { CycleState, NodeInfo, PodInfo, Snapshot, Status } from './framework/types';
import { fitErrorMessage, type FitError, type NodeToStatus } from './fit-error';
import { podPriority } from './queue/scheduling-queue';
import { runFilterPluginsWithNominatedPods, type CycleContext, type FilterOutcome } from './schedule-one';

export const DEFAULT_MIN_CANDIDATE_NODES_PERCENTAGE = 10;
export const DEFAULT_MIN_CANDIDATE_NODES_ABSOLUTE = 100;
export const NOT_ELIGIBLE_NEVER = 'not eligible due to preemptionPolicy=Never.';
export const NOT_ELIGIBLE_TERMINATING = 'not eligible due to a terminating pod on the nominated node.';
export const NO_VICTIMS = 'No preemption victims found for incoming pod';
export const NOT_HELPFUL = 'Preemption is not helpful for scheduling';

/** PreFilters that only look at the pod itself: no need to re-run them when victims move. */
const POD_ONLY_PREFILTERS = new Set([
  'NodeResourcesFit',
  'NodePorts',
  'NodeAffinity',
  'NodeName',
  'NodeUnschedulable',
  'TaintToleration',
]);

export interface PreemptionHooks {
  /** The informer's latest version of the preemptor. */
  currentPod(pod: KObject): KObject | undefined;
  /** DisruptionTarget + graceful delete + `Preempted` event for one victim. */
  preemptVictim(victim: KObject, preemptor: KObject, nodeName: string): void;
  /** Lower-priority pods nominated to `nodeName` lose their nomination. */
  clearLowerPriorityNominations(preemptor: KObject, nodeName: string): void;
  /** PodDisruptionBudgets (none yet). */
  podDisruptionBudgets?(): readonly KObject[];
}

export interface Victims {
  pods: KObject[];
  numPDBViolations: number;
}

export interface Candidate {
  name: string;
  victims: Victims;
}

export interface PreemptionResult {
  code: 'Success' | 'Unschedulable' | 'Error';
  /** The message without the "preemption: " prefix ("" on success). */
  message: string;
  /** undefined: leave the nomination; "": clear it; a name: nominate. */
  nominatedNodeName?: string;
  candidate?: Candidate;
}

/** calculateNumCandidates. */
export function numCandidates(numNodes: number): number {
  let n = Math.trunc((numNodes * DEFAULT_MIN_CANDIDATE_NODES_PERCENTAGE) / 100);
  if (n < DEFAULT_MIN_CANDIDATE_NODES_ABSOLUTE) n = DEFAULT_MIN_CANDIDATE_NODES_ABSOLUTE;
  if (n > numNodes) n = numNodes;
  return n;
}

/** GetPodStartTime in ms (a pod without one counts as starting now: later than any other). */
function startTime(pod: KObject): number {
  const t = pod.status?.startTime;
  if (typeof t !== 'string') return Number.POSITIVE_INFINITY;
  const ms = Date.parse(t);
  return Number.isNaN(ms) ? Number.POSITIVE_INFINITY : ms;
}

/** util.MoreImportantPod: higher priority, then the one that started earlier. */
export function moreImportantPod(a: KObject, b: KObject): boolean {
  const pa = podPriority(a);
  const pb = podPriority(b);
  if (pa !== pb) return pa > pb;
  return startTime(a) < startTime(b);
}

function terminatingByPreemption(pod: KObject): boolean {
  if (!pod.metadata.deletionTimestamp) return false;
  const conditions = pod.status?.conditions as { type: string; status: string; reason?: string }[] | undefined;
  const c = conditions?.find((x) => x.type === 'DisruptionTarget');
  return !!c && c.status === 'True' && c.reason === 'PreemptionByScheduler';
}

function statusOf(m: NodeToStatus, node: string): Status | undefined {
  return m.explicit.get(node) ?? m.absent;
}

/** PodEligibleToPreemptOthers. */
export function podEligibleToPreemptOthers(
  pod: KObject,
  snapshot: Snapshot,
  nominatedNodeStatus: Status | undefined,
): { ok: boolean; message: string } {
  if (pod.spec?.preemptionPolicy === 'Never') return { ok: false, message: NOT_ELIGIBLE_NEVER };
  const nominated = pod.status?.nominatedNodeName as string | undefined;
  if (nominated) {
    if (nominatedNodeStatus?.code === 'UnschedulableAndUnresolvable') return { ok: true, message: '' };
    const info = snapshot.get(nominated);
    if (info) {
      const priority = podPriority(pod);
      for (const pi of info.pods) {
        if (podPriority(pi.pod) < priority && terminatingByPreemption(pi.pod))
          return { ok: false, message: NOT_ELIGIBLE_TERMINATING };
      }
    }
  }
  return { ok: true, message: '' };
}

/** A snapshot in which one node is replaced by a modified copy. */
function overlaySnapshot(base: Snapshot, replaced: NodeInfo): Snapshot {
  const swap = (list: NodeInfo[]) => list.map((n) => (n.name === replaced.name ? replaced : n));
  const nodes = swap(base.nodes);
  return {
    nodes,
    get: (name) => (name === replaced.name ? replaced : base.get(name)),
    havePodsWithAffinity: nodes.filter((n) => n.podsWithAffinity.length > 0),
    havePodsWithRequiredAntiAffinity: nodes.filter((n) => n.podsWithRequiredAntiAffinity.length > 0),
    namespaceLabels: (ns) => base.namespaceLabels(ns),
    imageState: (image) => base.imageState(image),
    defaultSpreadSelectors: (pod) => base.defaultSpreadSelectors(pod),
  };
}

/**
 * Re-runs the PreFilter of plugins whose state depends on other pods, for `node` as modified
 * (what PreFilterExtensions do upstream). Returns a rejecting status, if PreFilter now rejects.
 */
function refreshPreFilter(
  ctx: CycleContext,
  filter: FilterOutcome,
  state: CycleState,
  pod: PodInfo,
  node: NodeInfo,
): Status | undefined {
  let overlay: Snapshot | undefined;
  for (const p of ctx.framework.filterPlugins) {
    if (!p.preFilter || filter.skipped.has(p.name) || POD_ONLY_PREFILTERS.has(p.name)) continue;
    overlay ??= overlaySnapshot(ctx.snapshot, node);
    const r = p.preFilter(state, pod, overlay);
    const s = r?.status;
    if (s && s.code !== 'Success' && s.code !== 'Skip') return { code: s.code, reasons: s.reasons, plugin: p.name };
  }
  return undefined;
}

function rejectionOn(
  ctx: CycleContext,
  filter: FilterOutcome,
  state: CycleState,
  pod: PodInfo,
  node: NodeInfo,
): Status | undefined {
  const pre = refreshPreFilter(ctx, filter, state, pod, node);
  if (pre) return pre;
  return runFilterPluginsWithNominatedPods(ctx, state, pod, node, filter.skipped);
}

/** SelectVictimsOnNode (on a private copy of the node and of the cycle state). */
export function selectVictimsOnNode(
  ctx: CycleContext,
  filter: FilterOutcome,
  pod: PodInfo,
  original: NodeInfo,
): { victims?: Victims; status?: Status } {
  const node = cloneNodeInfo(original);
  const state: CycleState = new Map(filter.state);
  const priority = podPriority(pod.pod);
  const potential: PodInfo[] = [];
  for (const pi of node.pods) if (podPriority(pi.pod) < priority) potential.push(pi);
  if (potential.length === 0) return { status: { code: 'UnschedulableAndUnresolvable', reasons: [NO_VICTIMS] } };
  for (const pi of potential) removePod(node, pi.pod);
  const s = rejectionOn(ctx, filter, state, pod, node);
  if (s) return { status: s };
  potential.sort((a, b) => (moreImportantPod(a.pod, b.pod) ? -1 : moreImportantPod(b.pod, a.pod) ? 1 : 0));
  // PDB hook: with budgets, violating victims would be reprieved first and counted.
  const victims: KObject[] = [];
  for (const pi of potential) {
    addPod(node, pi);
    if (rejectionOn(ctx, filter, state, pod, node)) {
      removePod(node, pi.pod);
      victims.push(pi.pod);
    }
  }
  return { victims: { pods: victims, numPDBViolations: 0 } };
}

/** pickOneNodeForPreemption over candidates in their dry-run order. */
export function pickOneNodeForPreemption(candidates: readonly Candidate[]): Candidate | undefined {
  if (candidates.length === 0) return undefined;
  const highest = (c: Candidate) => podPriority(c.victims.pods[0]);
  const scoreFuncs: ((c: Candidate) => number)[] = [
    (c) => -c.victims.numPDBViolations,
    (c) => -highest(c),
    (c) => {
      let sum = 0;
      for (const p of c.victims.pods) sum += podPriority(p) + 2147483648;
      return -sum;
    },
    (c) => -c.victims.pods.length,
    (c) => {
      // The earliest start among the highest-priority victims; later is better.
      const top = highest(c);
      let earliest = Number.POSITIVE_INFINITY;
      for (const p of c.victims.pods) if (podPriority(p) === top) earliest = Math.min(earliest, startTime(p));
      return earliest;
    },
  ];
  let remaining = [...candidates];
  for (const f of scoreFuncs) {
    let max = Number.NEGATIVE_INFINITY;
    let selected: Candidate[] = [];
    for (const c of remaining) {
      const s = f(c);
      if (s > max) {
        max = s;
        selected = [c];
      } else if (s === max) {
        selected.push(c);
      }
    }
    if (selected.length === 1) return selected[0];
    remaining = selected;
  }
  return remaining[0];
}

/** Evaluator.Preempt. */
export function preempt(
  ctx: CycleContext,
  hooks: PreemptionHooks,
  filter: FilterOutcome,
  podInfo: PodInfo,
  fitError: FitError,
): PreemptionResult {
  const pod = hooks.currentPod(podInfo.pod);
  if (!pod) return { code: 'Error', message: `pods "${podInfo.pod.metadata.name ?? ''}" not found` };
  const m = fitError.diagnosis.nodeToStatus;
  const nominated = pod.status?.nominatedNodeName as string | undefined;
  const eligible = podEligibleToPreemptOthers(pod, ctx.snapshot, nominated ? statusOf(m, nominated) : undefined);
  if (!eligible.ok) return { code: 'Unschedulable', message: eligible.message };

  const allNodes = ctx.snapshot.nodes;
  const potential: NodeInfo[] = [];
  const absentPotential = m.absent?.code === 'Unschedulable';
  for (const info of allNodes) {
    const s = m.explicit.get(info.name);
    if (s ? s.code === 'Unschedulable' : absentPotential) potential.push(info);
  }
  const statuses = new Map<string, Status>();
  const candidates: Candidate[] = [];
  if (potential.length > 0) {
    const offset = ctx.random.int(potential.length);
    const wanted = numCandidates(potential.length);
    for (let i = 0; i < potential.length; i++) {
      const info = potential[(offset + i) % potential.length];
      const r = selectVictimsOnNode(ctx, filter, podInfo, info);
      if (r.victims && r.victims.pods.length > 0) {
        candidates.push({ name: info.name, victims: r.victims });
        if (candidates.length >= wanted) break;
        continue;
      }
      statuses.set(
        info.name,
        r.status ?? { code: 'Error', reasons: [`expected at least one victim pod on node "${info.name}"`] },
      );
    }
  }
  if (candidates.length === 0) {
    const inner: FitError = {
      numAllNodes: allNodes.length,
      diagnosis: {
        nodeToStatus: { explicit: statuses, absent: { code: 'UnschedulableAndUnresolvable', reasons: [NOT_HELPFUL] } },
        unschedulablePlugins: new Set(),
      },
    };
    return { code: 'Unschedulable', message: fitErrorMessage(inner), nominatedNodeName: '' };
  }
  const best = pickOneNodeForPreemption(candidates)!;
  for (const victim of best.victims.pods) {
    if (victim.metadata.deletionTimestamp) continue;
    hooks.preemptVictim(victim, pod, best.name);
  }
  hooks.clearLowerPriorityNominations(pod, best.name);
  return { code: 'Success', message: '', nominatedNodeName: best.name, candidate: best };
}
