// PodTopologySpread (pkg/scheduler/framework/plugins/podtopologyspread: common.go, filtering.go,
// scoring.go, plugin.go).
//
// Filter (whenUnsatisfiable: DoNotSchedule constraints): per constraint, count the pods matching
// its selector (same namespace, not terminating) per topology value over the eligible nodes
// (having every constraint's topology key, matching the pod's required node affinity under
// nodeAffinityPolicy Honor, tolerating its taints under nodeTaintsPolicy Honor); a node without
// the key is UnschedulableAndUnresolvable `... (missing required label)`; otherwise
// skew = count(node's value) + (1 if the pod matches the selector) − global minimum (0 when fewer
// domains than minDomains) must not exceed maxSkew, else Unschedulable.
//
// Score (ScheduleAnyway constraints, or the system defaults hostname/3 and zone/5 with the
// selector of the Services/RCs/RSs/StatefulSets selecting the pod when it has no constraints):
// Σ over constraints whose key the node has of count × log(domains among feasible nodes + 2) +
// (maxSkew − 1), rounded; hostname counts only the node's own pods. Nodes lacking a key (own
// constraints only) score 0. Normalised: 100 × (max + min − s) / max, 100 for all when max is 0.
//
// Where upstream scans: PreFilter and PreScore visit every pod of every node in each cycle. Here
// the per-domain and per-node counts come from topology-index.ts (kept up to date from the
// NodeInfo change journal, one predicate evaluation per pod added or removed since the last
// cycle), so a cycle costs O(feasible nodes) plus O(changes). The global minimum is tracked
// incrementally; with AddPod/RemovePod adjustments (preemption, nominated pods) it is recomputed
// exactly, where upstream keeps two "critical paths" (an approximation that can differ after
// several adjustments).
//
// Deliberate differences: an unparsable labelSelector counts nothing (upstream fails the cycle
// with an error; API validation prevents it). matchLabelKeys are merged here (harmless if the API
// server merged them into labelSelector already).
//
// System default spreading caches its counts per selector identity: Snapshot.defaultSpreadSelectors
// must return predicates with a stable `key` (or the same function objects) for the same owners,
// else every cycle starts a new index and counts every pod of the cluster again.

import {
  MAX_NODE_SCORE,
  SUCCESS,
  type CycleState,
  type FilterPlugin,
  type NodeInfo,
  type NodeScore,
  type PodInfo,
  type ScorePlugin,
  type Snapshot,
  type Status,
} from '../framework/types';
import {
  namespacedLabel,
  newRequirement,
  nothing,
  selectorFromLabelSelector,
  selectorFromRequirements,
  type LabelSelector,
  type Requirement,
  type Selector,
} from '../../../k8s/labels';
import type { KObject, Taint, Toleration } from '../../../k8s/types';
import { LABEL_HOSTNAME, LABEL_ZONE, nodeMayHavePodLabel } from '../framework/node-info';
import { compileSelector, podLabels, podNamespace, podTerminating, type LabelMatcher } from '../framework/pod-info';
import { SKIP, cycleStateSlot, rejection } from './helpers';
import { requiredNodeAffinity, type RequiredNodeAffinity } from './node-affinity';
import { findUntoleratedTaint } from './taint-toleration';
import { DomainCounts, PodCounter, nodeLabel, objectId } from './topology-index';
import { Lru } from '../../runtime/lru';

export const NAME = 'PodTopologySpread';
export const ERR_REASON_CONSTRAINTS_NOT_MATCH = "node(s) didn't match pod topology spread constraints";
export const ERR_REASON_NODE_LABEL_NOT_MATCH = `${ERR_REASON_CONSTRAINTS_NOT_MATCH} (missing required label)`;
export { LABEL_HOSTNAME, LABEL_ZONE };

type Policy = 'Honor' | 'Ignore';

/** topologySpreadConstraint: a constraint with its selector parsed. */
export interface SpreadConstraint {
  maxSkew: number;
  topologyKey: string;
  /** Matches the pod's own labels (selfMatchNum). */
  selector: LabelMatcher;
  /**
   * Canonical identity of the selector for the count caches; undefined when the selector is empty
   * or matches nothing, for which countPodsMatchSelector is always 0.
   */
  selectorKey: string | undefined;
  minDomains: number;
  nodeAffinityPolicy: Policy;
  nodeTaintsPolicy: Policy;
}

interface TopologySpreadConstraintSpec {
  maxSkew: number;
  topologyKey: string;
  whenUnsatisfiable: 'DoNotSchedule' | 'ScheduleAnyway';
  labelSelector?: LabelSelector | null;
  minDomains?: number | null;
  nodeAffinityPolicy?: Policy | null;
  nodeTaintsPolicy?: Policy | null;
  matchLabelKeys?: string[] | null;
}

/** metav1.LabelSelectorAsSelector, merged with the pod's values for matchLabelKeys. */
function constraintSelector(c: TopologySpreadConstraintSpec, podLabels: Record<string, string> | undefined): Selector {
  let sel: Selector;
  try {
    sel = selectorFromLabelSelector(c.labelSelector);
  } catch {
    return nothing;
  }
  const keys = c.matchLabelKeys ?? [];
  if (keys.length === 0 || sel === nothing) return sel;
  const extra: Requirement[] = [];
  for (const k of keys) {
    if (podLabels && Object.prototype.hasOwnProperty.call(podLabels, k)) {
      try {
        extra.push(newRequirement(k, '=', [podLabels[k]]));
      } catch {
        // invalid keys are rejected by validation
      }
    }
  }
  return extra.length === 0 ? sel : selectorFromRequirements([...extra, ...sel.requirements]);
}

function toConstraint(c: TopologySpreadConstraintSpec, podLabels: Record<string, string> | undefined): SpreadConstraint {
  const sel = constraintSelector(c, podLabels);
  return {
    maxSkew: c.maxSkew,
    topologyKey: c.topologyKey,
    selector: compileSelector(sel),
    selectorKey: sel === nothing || sel.empty() ? undefined : `sel:${sel.toString()}`,
    minDomains: c.minDomains ?? 1,
    nodeAffinityPolicy: c.nodeAffinityPolicy ?? 'Honor',
    nodeTaintsPolicy: c.nodeTaintsPolicy ?? 'Ignore',
  };
}

const constraintsCache = new WeakMap<object, { hard: SpreadConstraint[]; soft: SpreadConstraint[] }>();
const NO_CONSTRAINTS = Object.freeze({ hard: [] as SpreadConstraint[], soft: [] as SpreadConstraint[] });

/**
 * filterTopologySpreadConstraints for both actions; memoised per constraints array unless
 * matchLabelKeys makes them depend on the pod's labels.
 */
export function podSpreadConstraints(pod: KObject): { hard: SpreadConstraint[]; soft: SpreadConstraint[] } {
  const list = pod.spec?.topologySpreadConstraints as TopologySpreadConstraintSpec[] | undefined;
  if (!list || list.length === 0) return NO_CONSTRAINTS;
  const cached = constraintsCache.get(list);
  if (cached) return cached;
  const labels = pod.metadata.labels;
  const hard = list.filter((c) => c.whenUnsatisfiable === 'DoNotSchedule').map((c) => toConstraint(c, labels));
  const soft = list.filter((c) => c.whenUnsatisfiable === 'ScheduleAnyway').map((c) => toConstraint(c, labels));
  const result = { hard, soft };
  if (!list.some((c) => (c.matchLabelKeys?.length ?? 0) > 0)) constraintsCache.set(list, result);
  return result;
}

const defaultConstraintLists = new Lru<SpreadConstraint[]>(1024);

/**
 * buildDefaultConstraints (defaultingType System): hostname maxSkew 3 and zone maxSkew 5, both
 * ScheduleAnyway, with the AND of the selectors of the objects selecting the pod. None when
 * nothing selects the pod. Selector functions are identified by object identity (or by a string
 * `key` property when the snapshot provides one), so the snapshot should return stable functions.
 */
export function systemDefaultConstraints(pod: KObject, snapshot: Snapshot): SpreadConstraint[] {
  const fns = snapshot.defaultSpreadSelectors(pod);
  if (fns.length === 0) return [];
  // The usual single source (the pod's ReplicaSet): its list without building the key again.
  const sole = fns.length === 1 ? fns[0] : undefined;
  const known = sole && soleSourceConstraints.get(sole);
  if (known) return known;
  const parts = fns.map((f) => (typeof f.key === 'string' ? `k:${f.key}` : `f:${objectId(f)}`));
  const key = `default:${parts.join('&')}`;
  const list = defaultConstraintLists.getOrCreate(key, () => {
    const all = fns.slice();
    let selector: LabelMatcher = all[0];
    if (all.length > 1) {
      selector = (labels) => {
        for (let i = 0; i < all.length; i++) if (!all[i](labels)) return false;
        return true;
      };
      selector.requiredLabel = all.find((f) => f.requiredLabel !== undefined)?.requiredLabel;
    }
    const base = {
      selector,
      selectorKey: key,
      minDomains: 1,
      nodeAffinityPolicy: 'Honor' as Policy,
      nodeTaintsPolicy: 'Ignore' as Policy,
    };
    return [
      { ...base, topologyKey: LABEL_HOSTNAME, maxSkew: 3 },
      { ...base, topologyKey: LABEL_ZONE, maxSkew: 5 },
    ];
  });
  if (sole) soleSourceConstraints.set(sole, list);
  return list;
}

/** systemDefaultConstraints of a single selector function, by the function (the snapshot's are stable). */
const soleSourceConstraints = new WeakMap<LabelMatcher, SpreadConstraint[]>();

function hasAllKeys(node: NodeInfo, keys: readonly string[]): boolean {
  for (let i = 0; i < keys.length; i++) if (nodeLabel(node, keys[i]) === undefined) return false;
  return true;
}

/** matchNodeInclusionPolicies. */
function includesNode(
  c: SpreadConstraint,
  affinity: RequiredNodeAffinity,
  tolerations: Toleration[] | undefined,
  node: NodeInfo,
): boolean {
  if (c.nodeAffinityPolicy === 'Honor' && !affinity.empty && !affinity.match(node.node)) return false;
  if (
    c.nodeTaintsPolicy === 'Honor' &&
    findUntoleratedTaint(node.node.spec?.taints as Taint[] | undefined, tolerations) !== undefined
  ) {
    return false;
  }
  return true;
}

/** Caches of one plugin instance (one scheduler profile). */
class Caches {
  readonly counters = new Lru<PodCounter>(256);
  readonly domains = new Lru<DomainCounts>(128, (dc) => dc.dispose());
  /** For selectors that count nothing (empty or `nothing`): domains still exist. */
  private readonly zero = new PodCounter(() => false);

  counter(ns: string, c: SpreadConstraint): PodCounter {
    // countPodsMatchSelector counts nothing for an empty selector (and `nothing` matches nothing).
    if (c.selectorKey === undefined) return this.zero;
    return this.counters.getOrCreate(`${ns}\u0000${c.selectorKey}`, () => {
      const sel = c.selector;
      const required = sel.requiredLabel;
      const labelKey = required && namespacedLabel(ns, required[0], required[1]);
      return new PodCounter(
        (p) => !podTerminating(p) && podNamespace(p) === ns && sel(podLabels(p)),
        labelKey === undefined ? undefined : (node) => nodeMayHavePodLabel(node, labelKey),
      );
    });
  }

  /**
   * Per-value counts for constraint `c` of a pod in `ns`: nodes need `requiredKeys`, pass the
   * inclusion policies, and count under their value of c's key (`missingValue` when they lack it).
   */
  domainCounts(
    ns: string,
    c: SpreadConstraint,
    requiredKeys: readonly string[],
    affinity: RequiredNodeAffinity,
    tolerations: Toleration[] | undefined,
    missingValue: string | undefined,
    trackMin: boolean,
  ): DomainCounts {
    const affKey = c.nodeAffinityPolicy === 'Honor' ? affinity.key : '*';
    const taintKey = c.nodeTaintsPolicy === 'Honor' ? JSON.stringify(tolerations ?? []) : '*';
    const key = [
      ns,
      c.selectorKey,
      c.topologyKey,
      requiredKeys.join(','),
      affKey,
      taintKey,
      missingValue ?? '\u0001',
      trackMin,
    ].join('\u0000');
    return this.domains.getOrCreate(key, () => {
      const counter = this.counter(ns, c);
      const tk = c.topologyKey;
      return new DomainCounts(
        counter,
        (node) => {
          if (!hasAllKeys(node, requiredKeys)) return undefined;
          if (!includesNode(c, affinity, tolerations, node)) return undefined;
          return nodeLabel(node, tk) ?? missingValue;
        },
        trackMin,
      );
    });
  }
}

/** preFilterState: per hard constraint, the counts per value, with AddPod/RemovePod adjustments. */
export class SpreadFilterState {
  /** Adjustments from AddPod/RemovePod per constraint (value → delta). */
  private overlay: Map<string, number>[] | undefined;
  private minCache: (number | undefined)[] | undefined;
  readonly baseMin: number[];

  constructor(
    readonly constraints: SpreadConstraint[],
    readonly counts: DomainCounts[],
    readonly selfMatch: number[],
  ) {
    this.baseMin = constraints.map((c, i) => (counts[i].sums.size < c.minDomains ? 0 : counts[i].min));
  }

  clone(): SpreadFilterState {
    const s = new SpreadFilterState(this.constraints, this.counts, this.selfMatch);
    if (this.overlay) s.overlay = this.overlay.map((m) => new Map(m));
    return s;
  }

  matchNum(i: number, value: string): number {
    const base = this.counts[i].sums.get(value) ?? 0;
    return this.overlay === undefined ? base : base + (this.overlay[i].get(value) ?? 0);
  }

  /** minMatchNum: the global minimum, 0 when there are fewer domains than minDomains. */
  minMatchNum(i: number): number {
    if (this.overlay === undefined || this.overlay[i].size === 0) return this.baseMin[i];
    this.minCache ??= [];
    let m = this.minCache[i];
    if (m === undefined) {
      m = this.computeMin(i);
      this.minCache[i] = m;
    }
    return m;
  }

  private computeMin(i: number): number {
    const counts = this.counts[i];
    const overlay = this.overlay![i];
    let domains = counts.sums.size;
    let min = Infinity;
    const touched = new Map<number, number>();
    for (const [value, delta] of overlay) {
      const base = counts.sums.get(value);
      if (base === undefined) domains++;
      else touched.set(base, (touched.get(base) ?? 0) + 1);
      min = Math.min(min, (base ?? 0) + delta);
    }
    if (domains < this.constraints[i].minDomains) return 0;
    const keys = [...counts.histogram.keys()].sort((a, b) => a - b);
    for (const k of keys) {
      if ((counts.histogram.get(k) ?? 0) - (touched.get(k) ?? 0) > 0) {
        min = Math.min(min, k);
        break;
      }
    }
    return min;
  }

  /** updateWithPod. */
  update(added: PodInfo, incoming: PodInfo, node: NodeInfo, delta: number): void {
    const ns = incoming.pod.metadata.namespace;
    if (added.pod.metadata.namespace !== ns) return;
    const keys = this.constraints.map((c) => c.topologyKey);
    if (!hasAllKeys(node, keys)) return;
    const affinity = requiredNodeAffinity(incoming.pod);
    const tolerations = incoming.pod.spec?.tolerations as Toleration[] | undefined;
    const labels = added.pod.metadata.labels;
    this.constraints.forEach((c, i) => {
      if (c.selectorKey === undefined || !c.selector(labels)) return;
      if (!includesNode(c, affinity, tolerations, node)) return;
      const v = nodeLabel(node, c.topologyKey)!;
      this.overlay ??= this.constraints.map(() => new Map());
      const m = this.overlay[i];
      m.set(v, (m.get(v) ?? 0) + delta);
    });
    this.minCache = undefined;
  }
}

interface SpreadScoreState {
  constraints: SpreadConstraint[];
  /** Per constraint: the counts per value (non-hostname) or the per-node counter (hostname). */
  counts: (DomainCounts | undefined)[];
  counters: (PodCounter | undefined)[];
  weights: number[];
  /** Feasible nodes missing a key (own constraints only): they score 0. */
  ignored: Set<string> | undefined;
}

function topologyNormalizingWeight(size: number): number {
  return Math.log(size + 2);
}

export function podTopologySpread(): FilterPlugin & ScorePlugin {
  const caches = new Caches();
  const filterSlot = cycleStateSlot<SpreadFilterState>(`PreFilter${NAME}`);
  const scoreSlot = cycleStateSlot<SpreadScoreState>(`PreScore${NAME}`);
  const missingLabel = rejection(NAME, 'UnschedulableAndUnresolvable', ERR_REASON_NODE_LABEL_NOT_MATCH);
  const skewed = rejection(NAME, 'Unschedulable', ERR_REASON_CONSTRAINTS_NOT_MATCH);

  return {
    name: NAME,
    weight: 2,

    preFilter(state: CycleState, pod: PodInfo, snapshot: Snapshot) {
      // The system default constraints are all ScheduleAnyway: they never apply here.
      const constraints = podSpreadConstraints(pod.pod).hard;
      if (constraints.length === 0) {
        filterSlot.clear(state);
        return { status: SKIP };
      }
      const ns = pod.pod.metadata.namespace ?? '';
      const keys = constraints.map((c) => c.topologyKey);
      const affinity = requiredNodeAffinity(pod.pod);
      const tolerations = pod.pod.spec?.tolerations as Toleration[] | undefined;
      const counts = constraints.map((c) => {
        // Refreshed even for a selector that counts nothing: the domains still exist.
        const dc = caches.domainCounts(ns, c, keys, affinity, tolerations, undefined, true);
        dc.refresh(snapshot);
        return dc;
      });
      const self = constraints.map((c) => (c.selector(pod.pod.metadata.labels) ? 1 : 0));
      filterSlot.set(state, new SpreadFilterState(constraints, counts, self));
      return undefined;
    },

    addPod(state, pod, added, node) {
      const s = filterSlot.get(state);
      s?.update(added, pod, node, 1);
    },

    removePod(state, pod, removed, node) {
      const s = filterSlot.get(state);
      s?.update(removed, pod, node, -1);
    },

    filter(state, _pod, node): Status {
      const s = filterSlot.get(state);
      if (s === undefined) return SUCCESS;
      const cs = s.constraints;
      for (let i = 0; i < cs.length; i++) {
        const c = cs[i];
        const value = nodeLabel(node, c.topologyKey);
        if (value === undefined) return missingLabel;
        const skew = s.matchNum(i, value) + s.selfMatch[i] - s.minMatchNum(i);
        if (skew > c.maxSkew) return skewed;
      }
      return SUCCESS;
    },

    preScore(state, pod, nodes, snapshot) {
      scoreSlot.clear(state);
      if (snapshot.nodes.length === 0) return SKIP;
      const own = podSpreadConstraints(pod.pod);
      const hasOwn = own.hard.length + own.soft.length > 0;
      const constraints = hasOwn ? own.soft : systemDefaultConstraints(pod.pod, snapshot);
      if (constraints.length === 0) return SKIP;
      // Only own constraints require every key; with system defaults a node without a zone label
      // still gets hostname spreading.
      const requireAll = hasOwn;
      const keys = constraints.map((c) => c.topologyKey);
      const ns = pod.pod.metadata.namespace ?? '';
      const affinity = requiredNodeAffinity(pod.pod);
      const tolerations = pod.pod.spec?.tolerations as Toleration[] | undefined;
      const counts: (DomainCounts | undefined)[] = [];
      const counters: (PodCounter | undefined)[] = [];
      for (const c of constraints) {
        if (c.topologyKey === LABEL_HOSTNAME) {
          counts.push(undefined);
          if (c.selectorKey === undefined) {
            counters.push(undefined);
          } else {
            const counter = caches.counter(ns, c);
            counter.refresh(snapshot);
            counters.push(counter);
          }
          continue;
        }
        counters.push(undefined);
        if (c.selectorKey === undefined) {
          counts.push(undefined);
        } else {
          const dc = caches.domainCounts(
            ns,
            c,
            requireAll ? keys : [],
            affinity,
            tolerations,
            requireAll ? undefined : '',
            false,
          );
          dc.refresh(snapshot);
          counts.push(dc);
        }
      }
      // initPreScoreState: nodes lacking a key are ignored (own constraints only); the number of
      // distinct values among the other feasible nodes weights each constraint.
      let ignored: Set<string> | undefined;
      // Distinct values per constraint: ids of the index (marked) plus values it never saw.
      const seen = counts.map((dc) => (dc === undefined ? undefined : new Uint8Array(dc.idCount)));
      const distinct = constraints.map(() => 0);
      const extra = constraints.map(() => new Set<string>());
      let scored = 0;
      for (let n = 0; n < nodes.length; n++) {
        const node = nodes[n];
        if (requireAll && !hasAllKeys(node, keys)) {
          (ignored ??= new Set()).add(node.name);
          continue;
        }
        scored++;
        for (let i = 0; i < constraints.length; i++) {
          const c = constraints[i];
          if (c.topologyKey === LABEL_HOSTNAME) continue;
          const dc = counts[i];
          // A feasible node is normally counted by the index under its value: read the id there.
          let id = dc?.domainIdOf(node);
          let value: string | undefined;
          if (id === undefined || id < 0) {
            value = nodeLabel(node, c.topologyKey) ?? '';
            id = dc?.idOfValue(value);
          }
          const marks = seen[i];
          if (id !== undefined && marks !== undefined && id < marks.length) {
            if (marks[id] === 0) {
              marks[id] = 1;
              distinct[i]++;
            }
          } else {
            extra[i].add(value ?? dc!.domainName(id!));
          }
        }
      }
      const values = distinct.map((d, i) => ({ size: d + extra[i].size }));
      const weights = constraints.map((c, i) =>
        topologyNormalizingWeight(c.topologyKey === LABEL_HOSTNAME ? scored : values[i].size),
      );
      const s: SpreadScoreState = { constraints, counts, counters, weights, ignored };
      scoreSlot.set(state, s);
      return undefined;
    },

    score(state, _pod, node): number {
      const s = scoreSlot.get(state);
      if (s === undefined || s.ignored?.has(node.name)) return 0;
      let score = 0;
      const cs = s.constraints;
      for (let i = 0; i < cs.length; i++) {
        const c = cs[i];
        const value = nodeLabel(node, c.topologyKey);
        if (value === undefined) continue;
        let cnt = 0;
        const counter = s.counters[i];
        if (counter !== undefined) {
          cnt = counter.count(node);
        } else {
          const dc = s.counts[i];
          if (dc !== undefined) {
            const id = dc.domainIdOf(node);
            cnt = id !== undefined && id >= 0 ? dc.sumOfId(id) : (dc.sums.get(value) ?? 0);
          }
        }
        score += cnt * s.weights[i] + (c.maxSkew - 1);
      }
      return Math.round(score);
    },

    normalize(state, _pod, scores: NodeScore[]): void {
      const s = scoreSlot.get(state);
      if (s === undefined) return;
      const ignored = s.ignored;
      let min = Infinity;
      let max = 0;
      for (const sc of scores) {
        if (ignored?.has(sc.name)) continue;
        if (sc.score < min) min = sc.score;
        if (sc.score > max) max = sc.score;
      }
      for (const sc of scores) {
        if (ignored?.has(sc.name)) sc.score = 0;
        else if (max === 0) sc.score = MAX_NODE_SCORE;
        else sc.score = Math.trunc((MAX_NODE_SCORE * (max + min - sc.score)) / max);
      }
    },
  };
}
