// One scheduling cycle's algorithm (pkg/scheduler/schedule_one.go schedulePod and friends):
//
//  1. no nodes → "no nodes available to schedule pods";
//  2. PreFilter (a rejection gives every node that status; results may restrict the nodes; a
//     plugin returning Skip is not asked to Filter);
//  3. the nominated node (status.nominatedNodeName) is tried first and taken if it passes;
//  4. Filter from `nextStartNodeIndex` round-robin until numFeasibleNodesToFind feasible nodes are
//     found; pods nominated to a node with at least this pod's priority count as already there;
//  5. none feasible → FitError; one → that node, unscored;
//  6. PreScore / Score / NormalizeScore per plugin (Skip → the plugin adds 0), × weight, summed;
//  7. selectHost: the highest total, ties broken uniformly at random (the engine's SeededRandom).
//
// Upstream filters nodes in 16 parallel goroutines, so which nodes beyond the needed feasible
// count get examined is racy; here nodes are examined strictly in order, and the search stops at
// the node that completes the count. Verdicts and raw scores of node-local plugins are reused
// across cycles of equivalent pods (EquivalenceCache below): same results, less work.

import { equivalenceKey } from './equivalence-key';
import type { KObject } from '../../k8s/types';
import type { SeededRandom } from '../clock/random';
import { addPod, changedNodesSince, cloneNodeInfo, journalPosition } from './framework/node-info';
import { podInfoFor } from './framework/pod-info';
import {
  MAX_NODE_SCORE,
  type CycleState,
  type FilterPlugin,
  type NodeInfo,
  type NodeScore,
  type PodInfo,
  type ScorePlugin,
  type Snapshot,
  type Status,
} from './framework/types';
import { NO_NODES_AVAILABLE_MSG, statusMessage, type FitError, type NodeToStatus } from './fit-error';
import type { NominatedPod } from './queue/scheduling-queue';
import { podKey, podPriority } from './queue/scheduling-queue';

/** minFeasibleNodesToFind. */
export const MIN_FEASIBLE_NODES_TO_FIND = 100;
/** minFeasibleNodesPercentageToFind. */
export const MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND = 5;

/** numFeasibleNodesToFind: how many feasible nodes end the search. */
export function numFeasibleNodesToFind(percentageOfNodesToScore: number, numAllNodes: number): number {
  if (numAllNodes < MIN_FEASIBLE_NODES_TO_FIND) return numAllNodes;
  let percentage = percentageOfNodesToScore;
  if (percentage === 0) {
    percentage = 50 - Math.trunc(numAllNodes / 125);
    if (percentage < MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND) percentage = MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND;
  }
  const n = Math.trunc((numAllNodes * percentage) / 100);
  return n < MIN_FEASIBLE_NODES_TO_FIND ? MIN_FEASIBLE_NODES_TO_FIND : n;
}

export interface Framework {
  filterPlugins: readonly FilterPlugin[];
  scorePlugins: readonly ScorePlugin[];
}

/** Who is nominated where (the queue's nominator). */
export interface Nominator {
  readonly hasNominatedPods: boolean;
  nominatedPodsForNode(nodeName: string): readonly NominatedPod[];
}

/**
 * Equivalence cache: the Filter verdicts and raw scores of the node-local plugins for one class of
 * equivalent pods — the same spec object (pods stamped from one template share it, and node-local
 * plugins read nothing else of a pod) — per node, valid while the node's NodeInfo generation is
 * unchanged. Consecutive pods of one workload then re-run the plugins only on the nodes that
 * changed since (the ones earlier pods went to). The results are exactly what the plugins would
 * return: node-local plugins decide from the pod and that one node. Used only when every active
 * filter is node-local and no pod is nominated anywhere. (Upstream had an equivalence cache until
 * v1.13; v1.35's opportunistic batching serves the same purpose.)
 *
 * Stored by position in the snapshot's node list (struct of arrays); a rebuilt list (a node added
 * or removed) starts the class afresh. Which nodes changed comes from the NodeInfo change journal
 * (node-info.ts), so a cycle does not even read the NodeInfos it already has verdicts for.
 */
export interface EquivalenceCache {
  spec: object;
  skipped: string;
  /** The node list the arrays are aligned with. */
  nodes: readonly NodeInfo[];
  readonly names: readonly string[];
  readonly positionOf: ReadonlyMap<string, number>;
  /** The NodeInfo change journal position the arrays are current to (node-info.ts). */
  cursor: number;
  /** 1: the filter verdict (and the computed scores) of the node at this position are current. */
  valid: Uint8Array;
  /** Filter verdicts (undefined: passes). */
  status: (Status | undefined)[];
  /** Raw scores, node-major: [position × plugins + plugin index]; NaN: not computed yet. */
  scores: Float64Array;
  numScorePlugins: number;
}

/** The names and positions of a node list, shared by the equivalence classes over that list. */
interface NodeListLayout {
  nodes: readonly NodeInfo[];
  names: readonly string[];
  positionOf: ReadonlyMap<string, number>;
}

function layoutOf(holder: { layout?: NodeListLayout }, nodes: readonly NodeInfo[]): NodeListLayout {
  let layout = holder.layout;
  if (layout === undefined || layout.nodes !== nodes) {
    const names = nodes.map((info) => info.name);
    layout = { nodes, names, positionOf: new Map(names.map((name, i) => [name, i])) };
    holder.layout = layout;
  }
  return layout;
}

/** Filters whose verdict depends only on the pod and the one node. */
export const NODE_LOCAL_FILTERS: ReadonlySet<string> = new Set([
  'NodeUnschedulable',
  'NodeName',
  'TaintToleration',
  'NodeAffinity',
  'NodePorts',
  'NodeResourcesFit',
]);
/** Score plugins whose raw score depends only on the pod and the one node. */
export const NODE_LOCAL_SCORES: ReadonlySet<string> = new Set([
  'TaintToleration',
  'NodeAffinity',
  'NodeResourcesFit',
  'NodeResourcesBalancedAllocation',
]);

export interface CycleContext {
  framework: Framework;
  /** See EquivalenceCache; undefined disables it. */
  equivalence?: {
    classes?: Map<object, EquivalenceCache>;
    layout?: NodeListLayout;
    /** The class evicted last, whose arrays the next new class takes over. */
    spare?: EquivalenceCache;
  };
  /** Buffers reused across cycles (the feasible nodes and their positions; prioritizeNodes' scores). */
  buffers?: { totals: Float64Array; scores: Float64Array[]; feasible?: NodeInfo[]; positions?: number[] };
  snapshot: Snapshot;
  nominator: Nominator;
  random: SeededRandom;
  /** 0: adaptive (the default). */
  percentageOfNodesToScore: number;
  /** Round-robin start of the node search, carried across cycles. */
  nextStartNodeIndex: number;
}

/** What the filters decided, for preemption and the explain record. */
export interface FilterOutcome {
  state: CycleState;
  /** Filter plugins whose PreFilter said Skip. */
  skipped: Set<string>;
  /** Node names PreFilter restricted the search to, if any. */
  preFilterNodeNames?: Set<string>;
  /** The equivalence cache the cycle used, if any. */
  equivalence?: EquivalenceCache;
}

export interface ScoredOutcome {
  /** The feasible nodes in evaluation order (a buffer of the context: valid until the next cycle). */
  feasible: NodeInfo[];
  /** Score plugins that ran (not skipped by PreScore) with their per-node normalised scores. */
  plugins: { name: string; weight: number; scores: Float64Array }[];
  totals: Float64Array;
}

export type ScheduleResult =
  | {
      kind: 'scheduled';
      node: string;
      /** The chosen node's index among the scored nodes (when scored). */
      chosenIndex?: number;
      evaluatedNodes: number;
      feasibleNodes: number;
      filter: FilterOutcome;
      nodeToStatus: NodeToStatus;
      scored?: ScoredOutcome;
    }
  | { kind: 'unschedulable'; fitError: FitError; filter: FilterOutcome }
  | { kind: 'error'; message: string; status?: Status; filter?: FilterOutcome };

const UNRESOLVABLE_NO_REASON: Status = Object.freeze({ code: 'UnschedulableAndUnresolvable', reasons: [] as string[] }) as Status;

function isRejection(s: Status): boolean {
  return s.code === 'Unschedulable' || s.code === 'UnschedulableAndUnresolvable';
}

function withPlugin(s: Status, plugin: string): Status {
  return s.plugin === plugin ? s : { code: s.code, reasons: s.reasons, plugin };
}

/** RunPreFilterPlugins: undefined → go on (maybe with nodeNames); a Status → stop. */
export function runPreFilterPlugins(
  framework: Framework,
  state: CycleState,
  pod: PodInfo,
  snapshot: Snapshot,
  skipped: Set<string>,
): { status?: Status; nodeNames?: Set<string>; rejectedBy?: string; restricting: string[] } {
  let nodeNames: Set<string> | undefined;
  const restricting: string[] = [];
  for (const p of framework.filterPlugins) {
    if (!p.preFilter) continue;
    const r = p.preFilter(state, pod, snapshot);
    const s = r?.status;
    if (s && s.code !== 'Success') {
      if (s.code === 'Skip') {
        skipped.add(p.name);
        continue;
      }
      return { status: withPlugin(s, p.name), rejectedBy: p.name, restricting };
    }
    if (r?.nodeNames) {
      restricting.push(p.name);
      if (!nodeNames) nodeNames = new Set(r.nodeNames);
      else for (const n of nodeNames) if (!r.nodeNames.has(n)) nodeNames.delete(n);
      if (nodeNames.size === 0) {
        const plugin = restricting.length === 1 ? restricting[0] : restricting.join(',');
        return {
          status: {
            code: 'UnschedulableAndUnresolvable',
            reasons: [`node(s) didn't satisfy plugin(s) [${restricting.join(' ')}] simultaneously`],
            plugin,
          },
          rejectedBy: restricting[0],
          restricting,
        };
      }
    }
  }
  return { nodeNames, restricting };
}

/** RunFilterPlugins: the first rejecting status (with its plugin), or undefined when all pass. */
export function runFilterPlugins(
  framework: Framework,
  state: CycleState,
  pod: PodInfo,
  node: NodeInfo,
  snapshot: Snapshot,
  skipped: Set<string>,
): Status | undefined {
  const plugins = framework.filterPlugins;
  const anySkipped = skipped.size > 0;
  for (let i = 0; i < plugins.length; i++) {
    const p = plugins[i];
    if (anySkipped && skipped.has(p.name)) continue;
    const s = p.filter(state, pod, node, snapshot);
    if (s.code !== 'Success' && s.code !== 'Skip') return withPlugin(s, p.name);
  }
  return undefined;
}

/**
 * RunFilterPluginsWithNominatedPods: when higher-or-equal priority pods are nominated to the node,
 * the filters must pass both with them counted (on a copy of the node) and without them.
 */
export function runFilterPluginsWithNominatedPods(
  ctx: CycleContext,
  state: CycleState,
  pod: PodInfo,
  node: NodeInfo,
  skipped: Set<string>,
): Status | undefined {
  if (ctx.nominator.hasNominatedPods) {
    const nominated = ctx.nominator.nominatedPodsForNode(node.name);
    if (nominated.length > 0) {
      const key = podKey(pod.pod);
      const priority = podPriority(pod.pod);
      let copy: NodeInfo | undefined;
      for (const n of nominated) {
        if (n.key === key || podPriority(n.pod) < priority) continue;
        if (!copy) copy = cloneNodeInfo(node);
        addPod(copy, podInfoFor(n.pod));
      }
      if (copy) {
        const s = runFilterPlugins(ctx.framework, state, pod, copy, ctx.snapshot, skipped);
        if (s) return s;
      }
    }
  }
  return runFilterPlugins(ctx.framework, state, pod, node, ctx.snapshot, skipped);
}

/** Classes kept at once (workloads whose pods interleave in the queue). */
const EQUIVALENCE_CLASSES = 8;

/**
 * The equivalence cache for this pod's class over `nodes` (the snapshot's node list), or
 * undefined when it may not be used.
 */
function equivalenceFor(
  ctx: CycleContext,
  pod: PodInfo,
  skipped: Set<string>,
  nodes: readonly NodeInfo[],
): EquivalenceCache | undefined {
  const holder = ctx.equivalence;
  if (!holder || ctx.nominator.hasNominatedPods) return undefined;
  for (const p of ctx.framework.filterPlugins) if (!skipped.has(p.name) && !NODE_LOCAL_FILTERS.has(p.name)) return undefined;
  const spec = pod.pod.spec;
  if (!spec || typeof spec !== 'object') return undefined;
  const skippedKey = skipped.size === 0 ? '' : [...skipped].join(',');
  const classes = (holder.classes ??= new Map());
  const classKey = equivalenceKey(spec);
  let c = classes.get(classKey);
  if (c && c.skipped === skippedKey && c.nodes === nodes) {
    // Most recently used last.
    classes.delete(classKey);
    const cache = c;
    const k = cache.numScorePlugins;
    const next = changedNodesSince(cache.cursor, (change) => {
      const position = cache.positionOf.get(change.name);
      if (position === undefined || cache.valid[position] === 0) return;
      cache.valid[position] = 0;
      cache.scores.fill(Number.NaN, position * k, position * k + k);
    });
    if (next < 0) {
      // The journal moved on too far: start over.
      cache.valid.fill(0);
      cache.scores.fill(Number.NaN);
      cache.cursor = journalPosition();
    } else {
      cache.cursor = next;
    }
  } else {
    const n = nodes.length;
    const k = ctx.framework.scorePlugins.length;
    // A new class over the same node list (each workload's first pod) reuses its name index.
    const layout = layoutOf(holder, nodes);
    // The arrays of the class evicted last, when they fit (no garbage per workload).
    const spare = holder.spare;
    holder.spare = undefined;
    const reuse = spare !== undefined && spare.nodes === nodes && spare.numScorePlugins === k;
    c = {
      spec,
      skipped: skippedKey,
      nodes,
      names: layout.names,
      positionOf: layout.positionOf,
      cursor: journalPosition(),
      valid: reuse ? spare.valid.fill(0) : new Uint8Array(n),
      status: reuse ? spare.status.fill(undefined) : new Array<Status | undefined>(n).fill(undefined),
      scores: (reuse ? spare.scores : new Float64Array(n * k)).fill(Number.NaN),
      numScorePlugins: k,
    };
  }
  classes.set(classKey, c);
  if (classes.size > EQUIVALENCE_CLASSES) {
    const oldest = classes.keys().next().value!;
    holder.spare = classes.get(oldest);
    classes.delete(oldest);
  }
  return c;
}

/** schedulePod: steps 1–7 above. Mutates ctx.nextStartNodeIndex. */
export function schedulePod(ctx: CycleContext, podInfo: PodInfo): ScheduleResult {
  const snapshot = ctx.snapshot;
  const allNodes = snapshot.nodes;
  const numAll = allNodes.length;
  const state: CycleState = new Map();
  const skipped = new Set<string>();
  const filter: FilterOutcome = { state, skipped };
  if (numAll === 0) {
    return {
      kind: 'error',
      message: NO_NODES_AVAILABLE_MSG,
      status: { code: 'UnschedulableAndUnresolvable', reasons: [NO_NODES_AVAILABLE_MSG] },
    };
  }
  const explicit = new Map<string, Status>();
  const nodeToStatus: NodeToStatus = { explicit, absent: UNRESOLVABLE_NO_REASON };
  const unschedulablePlugins = new Set<string>();

  const pre = runPreFilterPlugins(ctx.framework, state, podInfo, snapshot, skipped);
  if (pre.status) {
    if (!isRejection(pre.status)) return { kind: 'error', message: statusMessage(pre.status), status: pre.status, filter };
    nodeToStatus.absent = pre.status;
    if (pre.rejectedBy) unschedulablePlugins.add(pre.rejectedBy);
    return {
      kind: 'unschedulable',
      fitError: {
        numAllNodes: numAll,
        diagnosis: { nodeToStatus, unschedulablePlugins, preFilterMsg: statusMessage(pre.status) },
      },
      filter,
    };
  }
  filter.preFilterNodeNames = pre.nodeNames;

  // The nominated node first.
  const nominatedName = podInfo.pod.status?.nominatedNodeName as string | undefined;
  if (nominatedName) {
    const info = snapshot.get(nominatedName);
    if (info) {
      const s = runFilterPluginsWithNominatedPods(ctx, state, podInfo, info, skipped);
      if (!s) return { kind: 'scheduled', node: nominatedName, evaluatedNodes: 1, feasibleNodes: 1, filter, nodeToStatus };
      if (s.code === 'Error') return { kind: 'error', message: statusMessage(s), status: s, filter };
      explicit.set(nominatedName, s);
      if (s.plugin) unschedulablePlugins.add(s.plugin);
    }
  }

  let nodes = allNodes;
  if (pre.nodeNames) {
    nodes = [];
    for (const name of pre.nodeNames) {
      const info = snapshot.get(name);
      if (info) nodes.push(info);
    }
    const plugins = [...pre.restricting].sort();
    for (const p of plugins) unschedulablePlugins.add(p);
    nodeToStatus.absent = {
      code: 'UnschedulableAndUnresolvable',
      reasons: [`node(s) didn't satisfy plugin(s) [${plugins.join(' ')}]`],
    };
  }
  const n = nodes.length;
  const numToFind = ctx.framework.scorePlugins.length === 0 ? 1 : numFeasibleNodesToFind(ctx.percentageOfNodesToScore, n);
  // Written by index into arrays kept across cycles: their length is numToFind cycle after cycle.
  const buffers = (ctx.buffers ??= { totals: new Float64Array(0), scores: [] });
  const feasible = (buffers.feasible ??= []);
  /** Positions of the feasible nodes in the node list (for the equivalence cache). */
  const feasiblePositions = (buffers.positions ??= []);
  let found = 0;
  let processed = 0;
  const start = n > 0 ? ctx.nextStartNodeIndex % n : 0;
  // The equivalence cache is aligned with the snapshot's node list; not used with a restriction.
  const cache = pre.nodeNames ? undefined : equivalenceFor(ctx, podInfo, skipped, allNodes);
  filter.equivalence = cache;
  const skipNominated = nominatedName !== undefined && explicit.has(nominatedName);
  for (let i = 0; i < n; i++) {
    const position = (start + i) % n;
    const info = nodes[position];
    processed++;
    if (skipNominated && info.name === nominatedName) continue;
    let s: Status | undefined;
    if (cache) {
      if (cache.valid[position] === 1) {
        s = cache.status[position];
      } else {
        s = runFilterPlugins(ctx.framework, state, podInfo, info, snapshot, skipped);
        // An error is not a verdict: ask again next time.
        if (!s || s.code !== 'Error') {
          cache.status[position] = s;
          cache.valid[position] = 1;
        }
      }
    } else {
      s = runFilterPluginsWithNominatedPods(ctx, state, podInfo, info, skipped);
    }
    if (!s) {
      feasible[found] = info;
      feasiblePositions[found] = position;
      found++;
      if (found >= numToFind) break;
      continue;
    }
    if (s.code === 'Error') return { kind: 'error', message: statusMessage(s), status: s, filter };
    explicit.set(info.name, s);
    if (s.plugin) unschedulablePlugins.add(s.plugin);
  }
  ctx.nextStartNodeIndex = (ctx.nextStartNodeIndex + processed) % numAll;
  if (feasible.length !== found) {
    feasible.length = found;
    feasiblePositions.length = found;
  }

  if (feasible.length === 0) {
    return {
      kind: 'unschedulable',
      fitError: { numAllNodes: numAll, diagnosis: { nodeToStatus, unschedulablePlugins } },
      filter,
    };
  }
  if (feasible.length === 1) {
    return {
      kind: 'scheduled',
      node: feasible[0].name,
      evaluatedNodes: 1 + explicit.size,
      feasibleNodes: 1,
      filter,
      nodeToStatus,
    };
  }
  const scored = prioritizeNodes(ctx, state, podInfo, feasible, cache, feasiblePositions);
  if ('error' in scored) return { kind: 'error', message: scored.error, filter };
  const chosen = selectHost(scored.totals, ctx.random);
  return {
    kind: 'scheduled',
    node: feasible[chosen].name,
    chosenIndex: chosen,
    evaluatedNodes: feasible.length + explicit.size,
    feasibleNodes: feasible.length,
    filter,
    nodeToStatus,
    scored,
  };
}

/**
 * prioritizeNodes: PreScore, Score, NormalizeScore, × weight, summed per node. With an
 * equivalence cache (and the nodes' positions in its node list) node-local plugins reuse raw
 * scores. The returned arrays are the context's reusable buffers: valid until the next cycle.
 */
export function prioritizeNodes(
  ctx: CycleContext,
  state: CycleState,
  pod: PodInfo,
  nodes: NodeInfo[],
  cache?: EquivalenceCache,
  positions?: readonly number[],
): ScoredOutcome | { error: string } {
  const n = nodes.length;
  const buffers = (ctx.buffers ??= { totals: new Float64Array(0), scores: [] });
  if (buffers.totals.length < n) buffers.totals = new Float64Array(Math.max(n, 2 * buffers.totals.length));
  const totals = buffers.totals.subarray(0, n);
  totals.fill(0);
  const plugins: ScoredOutcome['plugins'] = [];
  const scorePlugins = ctx.framework.scorePlugins;
  if (scorePlugins.length === 0) {
    totals.fill(1);
    return { feasible: nodes, plugins, totals };
  }
  const snapshot = ctx.snapshot;
  const cached = cache !== undefined && positions !== undefined && positions.length === n;
  const k = cache ? cache.numScorePlugins : 0;
  for (let j = 0; j < scorePlugins.length; j++) {
    const p = scorePlugins[j];
    const pre = p.preScore?.(state, pod, nodes, snapshot);
    if (pre && pre.code === 'Skip') continue;
    if (pre && pre.code !== 'Success') return { error: `running PreScore plugin "${p.name}": ${statusMessage(pre)}` };
    while (buffers.scores.length <= j) buffers.scores.push(new Float64Array(0));
    if (buffers.scores[j].length < n) buffers.scores[j] = new Float64Array(Math.max(n, 2 * buffers.scores[j].length));
    const scores = buffers.scores[j].subarray(0, n);
    const w = p.weight;
    const local = cached && NODE_LOCAL_SCORES.has(p.name);
    const raw = local ? cache.scores : undefined;
    if (!p.normalize) {
      // Final scores: range-checked when computed, summed in the same pass.
      for (let i = 0; i < n; i++) {
        let v: number;
        const at = raw ? positions![i] * k + j : 0;
        if (raw && raw[at] === raw[at]) {
          v = raw[at];
        } else {
          v = p.score(state, pod, nodes[i], snapshot);
          if (v > MAX_NODE_SCORE || v < 0) return invalidScore(p, v);
          if (raw) raw[at] = v;
        }
        scores[i] = v;
        totals[i] += v * w;
      }
    } else {
      for (let i = 0; i < n; i++) {
        const at = raw ? positions![i] * k + j : 0;
        let v = raw ? raw[at] : Number.NaN;
        if (v !== v) {
          v = p.score(state, pod, nodes[i], snapshot);
          if (raw) raw[at] = v;
        }
        scores[i] = v;
      }
      const list = nodeScoreList(p, nodes, scores, cached ? cache.names : undefined, positions);
      p.normalize(state, pod, list);
      for (let i = 0; i < n; i++) {
        const v = list[i].score;
        if (v > MAX_NODE_SCORE || v < 0) return invalidScore(p, v);
        scores[i] = v;
        totals[i] += v * w;
      }
    }
    plugins.push({ name: p.name, weight: w, scores });
  }
  return { feasible: nodes, plugins, totals };
}

function invalidScore(p: ScorePlugin, v: number): { error: string } {
  return {
    error: `plugin "${p.name}" returns an invalid score ${v}, it should in the range of [0, ${MAX_NODE_SCORE}] after normalizing`,
  };
}

/** NodeScore lists handed to NormalizeScore, reused per plugin across cycles (no garbage). */
const scoreLists = new WeakMap<ScorePlugin, NodeScore[]>();

function nodeScoreList(
  p: ScorePlugin,
  nodes: NodeInfo[],
  scores: Float64Array,
  names?: readonly string[],
  positions?: readonly number[],
): NodeScore[] {
  let list = scoreLists.get(p);
  if (!list) {
    list = [];
    scoreLists.set(p, list);
  }
  const n = nodes.length;
  while (list.length < n) list.push({ name: '', score: 0 });
  if (list.length > n) list.length = n;
  for (let i = 0; i < n; i++) {
    const e = list[i];
    // The names from the equivalence cache spare reading the NodeInfos again.
    e.name = names && positions ? names[positions[i]] : nodes[i].name;
    e.score = scores[i];
  }
  return list;
}

/**
 * selectHost: the index of a highest total; ties are broken uniformly at random by reservoir
 * sampling as upstream does (the k-th tie replaces the choice with probability 1/k).
 */
export function selectHost(totals: ArrayLike<number>, random: SeededRandom): number {
  let best = 0;
  let count = 1;
  for (let i = 1; i < totals.length; i++) {
    const t = totals[i];
    if (t > totals[best]) {
      best = i;
      count = 1;
    } else if (t === totals[best]) {
      count++;
      if (random.int(count) === 0) best = i;
    }
  }
  return best;
}

/** The pod as the cycle sees it: the informer's latest version with its PodInfo. */
export function podInfoOf(pod: KObject): PodInfo {
  return podInfoFor(pod);
}
