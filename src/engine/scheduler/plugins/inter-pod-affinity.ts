// InterPodAffinity (pkg/scheduler/framework/plugins/interpodaffinity: filtering.go, scoring.go).
//
// Filter, in this order:
//  1. every required affinity term of the pod needs, in the node's domain (node value of the
//     term's topology key; a node without the key fails), a pod matching *all* the terms — unless
//     no pod anywhere matches them and the pod matches its own terms (first replica):
//     `node(s) didn't match pod affinity rules`, UnschedulableAndUnresolvable;
//  2. no pod matching one of its required anti-affinity terms in the node's domain:
//     `node(s) didn't match pod anti-affinity rules`, Unschedulable;
//  3. no placed pod whose required anti-affinity term matches this pod in a domain of the node:
//     `node(s) didn't satisfy existing pods anti-affinity rules`, Unschedulable.
// PreFilter skips the plugin when the pod has no required terms and no placed pod's required
// anti-affinity term matches it.
//
// Score: Σ over topology domains of the node: +weight for each pod matching a preferred affinity
// term of the pod, −weight for its preferred anti-affinity terms; and from placed pods' terms that
// match this pod: +1 (hardPodAffinityWeight) per required affinity term, +weight per preferred
// affinity term, −weight per preferred anti-affinity term. Normalised min–max to 0..100
// (float, truncated); PreScore skips when nothing matched.
//
// Namespaces of a term: its list, or the pod's own namespace when it has neither a list nor a
// namespaceSelector; a namespaceSelector is matched against the namespace's labels (upstream
// resolves the incoming pod's selector into a namespace list first; same result).
//
// Where upstream scans: PreFilter visits every pod of every node for the incoming pod's required
// terms and every placed pod with required anti-affinity; PreScore visits every pod with affinity
// (all pods when the incoming pod has preferred terms). Here the placed pods' terms are grouped by
// term object with counts per topology value (ExistingTermIndex), and the incoming pod's terms
// read per-value counts (DomainCounts), both kept up to date from the NodeInfo change journal.
// Terms with a namespaceSelector depend on namespace labels, which carry no generation; their
// counts are recomputed each cycle (the upstream cost).

import type { KObject } from '../../../k8s/types';
import { termMatches } from '../framework/pod-info';
import {
  MAX_NODE_SCORE,
  SUCCESS,
  type AffinityTerm,
  type CycleState,
  type FilterPlugin,
  type NodeInfo,
  type NodeScore,
  type PodInfo,
  type ScorePlugin,
  type Snapshot,
  type Status,
} from '../framework/types';
import { SKIP, cycleStateSlot, rejection } from './helpers';
import { DomainCounts, ExistingTermIndex, PodCounter, nodeLabel, objectId, type ExistingTerm } from './topology-index';
import { Lru } from '../../runtime/lru';

export const NAME = 'InterPodAffinity';
export const ERR_REASON_AFFINITY_RULES_NOT_MATCH = "node(s) didn't match pod affinity rules";
export const ERR_REASON_ANTI_AFFINITY_RULES_NOT_MATCH = "node(s) didn't match pod anti-affinity rules";
export const ERR_REASON_EXISTING_ANTI_AFFINITY_RULES_NOT_MATCH = "node(s) didn't satisfy existing pods anti-affinity rules";
/** InterPodAffinityArgs.hardPodAffinityWeight default. */
export const HARD_POD_AFFINITY_WEIGHT = 1;

type NsLabels = (namespace: string | undefined) => Record<string, string> | undefined;

/** podMatchesAllAffinityTerms: false for no terms. */
export function podMatchesAllAffinityTerms(terms: readonly AffinityTerm[], pod: KObject, nsLabels: NsLabels): boolean {
  if (terms.length === 0) return false;
  for (const t of terms) {
    if (!termMatches(t, pod, t.namespaceSelector !== undefined ? nsLabels(pod.metadata.namespace) : undefined)) return false;
  }
  return true;
}

/** Nested count map: topology key → value → count. */
type TopologyCounts = Map<string, Map<string, number>>;

function addCount(m: TopologyCounts, key: string, value: string, delta: number): void {
  let byValue = m.get(key);
  if (byValue === undefined) {
    byValue = new Map();
    m.set(key, byValue);
  }
  const n = (byValue.get(value) ?? 0) + delta;
  if (n === 0) byValue.delete(value);
  else byValue.set(value, n);
  if (byValue.size === 0) m.delete(key);
}

function copyCounts(m: TopologyCounts): TopologyCounts {
  const out: TopologyCounts = new Map();
  for (const [k, byValue] of m) out.set(k, new Map(byValue));
  return out;
}

/** Per-value counts of the pods matching `terms`, grouped under `key`. */
interface KeyedCounts {
  key: string;
  counts: DomainCounts;
  /** How many of the terms use this key (upstream adds once per term). */
  multiplicity: number;
}

/** Caches of one plugin instance. */
class Caches {
  readonly existing = new ExistingTermIndex();
  private readonly counters = new Lru<PodCounter>(256);
  private readonly domains = new Lru<DomainCounts>(128, (dc) => dc.dispose());

  /**
   * Per-value counts, over nodes having `topologyKey`, of the pods matching all of `terms` (the
   * incoming pod's terms; object identity is stable per pod template).
   */
  termCounts(terms: readonly AffinityTerm[], topologyKey: string, snapshot: Snapshot): DomainCounts {
    const nsLabels: NsLabels = (ns) => snapshot.namespaceLabels(ns ?? '');
    const match = (p: PodInfo) => podMatchesAllAffinityTerms(terms, p.pod, nsLabels);
    const domainOf = (node: NodeInfo) => nodeLabel(node, topologyKey);
    if (terms.some((t) => t.namespaceSelector !== undefined)) {
      const dc = new DomainCounts(new PodCounter(match), domainOf);
      dc.refresh(snapshot);
      return dc;
    }
    const ids = terms.map((t) => objectId(t)).join(',');
    const dc = this.domains.getOrCreate(`${ids}\u0000${topologyKey}`, () => {
      const counter = this.counters.getOrCreate(ids, () => new PodCounter(match));
      return new DomainCounts(counter, domainOf);
    });
    dc.refresh(snapshot);
    return dc;
  }
}

/** preFilterState, with AddPod/RemovePod adjustments kept apart from the shared counts. */
export class AffinityFilterState {
  private affinityOverlay: Map<string, number> | undefined;
  private antiOverlay: Map<string, number> | undefined;
  /** AddPod/RemovePod adjustments of existingAnti: key → value → delta. */
  private existingOverlay: TopologyCounts | undefined;

  constructor(
    readonly pod: PodInfo,
    readonly nsLabels: Record<string, string> | undefined,
    readonly nsLabelsOf: NsLabels,
    /** Placed pods' required anti-affinity terms matching the pod, by topology key (live counts). */
    readonly existingAnti: Map<string, ExistingTerm[]>,
    readonly affinity: Map<string, KeyedCounts>,
    readonly anti: Map<string, DomainCounts[]>,
  ) {}

  clone(): AffinityFilterState {
    const s = new AffinityFilterState(this.pod, this.nsLabels, this.nsLabelsOf, this.existingAnti, this.affinity, this.anti);
    if (this.existingOverlay) s.existingOverlay = copyCounts(this.existingOverlay);
    if (this.affinityOverlay) s.affinityOverlay = new Map(this.affinityOverlay);
    if (this.antiOverlay) s.antiOverlay = new Map(this.antiOverlay);
    return s;
  }

  affinityCount(key: string, value: string): number {
    const k = this.affinity.get(key);
    const base = k === undefined ? 0 : k.multiplicity * (k.counts.sums.get(value) ?? 0);
    return this.affinityOverlay === undefined ? base : base + (this.affinityOverlay.get(`${key}\u0000${value}`) ?? 0);
  }

  /** len(affinityCounts) > 0: some domain holds a pod matching all the terms. */
  affinityAny(): boolean {
    let total = 0;
    for (const k of this.affinity.values()) total += k.multiplicity * k.counts.total;
    if (this.affinityOverlay) for (const d of this.affinityOverlay.values()) total += d;
    return total > 0;
  }

  antiCount(key: string, value: string): number {
    let n = 0;
    const list = this.anti.get(key);
    if (list !== undefined) for (const dc of list) n += dc.sums.get(value) ?? 0;
    return this.antiOverlay === undefined ? n : n + (this.antiOverlay.get(`${key}\u0000${value}`) ?? 0);
  }

  /** Placed pods with a required anti-affinity term matching the pod, in the node's domain of `key`. */
  existingAntiCount(key: string, value: string): number {
    let n = 0;
    const terms = this.existingAnti.get(key);
    if (terms !== undefined) for (const t of terms) n += t.domains.get(value) ?? 0;
    const o = this.existingOverlay?.get(key)?.get(value);
    return o === undefined ? n : n + o;
  }

  /** The topology keys of existing anti-affinity counts (base and adjustments). */
  existingAntiKeys(): Iterable<string> {
    if (this.existingOverlay === undefined) return this.existingAnti.keys();
    return new Set([...this.existingAnti.keys(), ...this.existingOverlay.keys()]);
  }

  antiAny(): boolean {
    let total = 0;
    for (const list of this.anti.values()) for (const dc of list) total += dc.total;
    if (this.antiOverlay) for (const d of this.antiOverlay.values()) total += d;
    return total > 0;
  }

  /** updateWithPod. */
  update(other: PodInfo, node: NodeInfo, delta: number): void {
    const p = this.pod;
    for (const t of other.requiredAntiAffinityTerms) {
      const v = nodeLabel(node, t.topologyKey);
      if (v !== undefined && termMatches(t, p.pod, this.nsLabels))
        addCount((this.existingOverlay ??= new Map()), t.topologyKey, v, delta);
    }
    if (podMatchesAllAffinityTerms(p.requiredAffinityTerms, other.pod, this.nsLabelsOf)) {
      for (const t of p.requiredAffinityTerms) {
        const v = nodeLabel(node, t.topologyKey);
        if (v === undefined) continue;
        this.affinityOverlay ??= new Map();
        const k = `${t.topologyKey}\u0000${v}`;
        this.affinityOverlay.set(k, (this.affinityOverlay.get(k) ?? 0) + delta);
      }
    }
    for (const t of p.requiredAntiAffinityTerms) {
      const v = nodeLabel(node, t.topologyKey);
      if (v === undefined) continue;
      const nsl = t.namespaceSelector !== undefined ? this.nsLabelsOf(other.pod.metadata.namespace) : undefined;
      if (!termMatches(t, other.pod, nsl)) continue;
      this.antiOverlay ??= new Map();
      const k = `${t.topologyKey}\u0000${v}`;
      this.antiOverlay.set(k, (this.antiOverlay.get(k) ?? 0) + delta);
    }
  }
}

function satisfyPodAffinity(s: AffinityFilterState, node: NodeInfo): boolean {
  const terms = s.pod.requiredAffinityTerms;
  if (terms.length === 0) return true;
  let podsExist = true;
  for (const t of terms) {
    const v = nodeLabel(node, t.topologyKey);
    if (v === undefined) return false; // all topology labels must exist on the node
    if (s.affinityCount(t.topologyKey, v) <= 0) podsExist = false;
  }
  if (podsExist) return true;
  // The first pod of a group with affinity to itself.
  return !s.affinityAny() && podMatchesAllAffinityTerms(terms, s.pod.pod, s.nsLabelsOf);
}

function satisfyPodAntiAffinity(s: AffinityFilterState, node: NodeInfo): boolean {
  const terms = s.pod.requiredAntiAffinityTerms;
  if (terms.length === 0 || !s.antiAny()) return true;
  for (const t of terms) {
    const v = nodeLabel(node, t.topologyKey);
    if (v !== undefined && s.antiCount(t.topologyKey, v) > 0) return false;
  }
  return true;
}

function satisfyExistingPodsAntiAffinity(s: AffinityFilterState, node: NodeInfo): boolean {
  for (const key of s.existingAntiKeys()) {
    const v = nodeLabel(node, key);
    if (v !== undefined && s.existingAntiCount(key, v) > 0) return false;
  }
  return true;
}

interface AffinityScoreState {
  /** Placed pods' terms matching the pod, with ±weight per pod (live per-value counts). */
  existing: { key: string; weight: number; term: ExistingTerm }[];
  /** The pod's preferred terms: Σ ±weight × matching pods in the node's domain. */
  incoming: { key: string; weight: number; counts: DomainCounts }[];
}

export function interPodAffinity(): FilterPlugin & ScorePlugin {
  const caches = new Caches();
  const filterSlot = cycleStateSlot<AffinityFilterState>(`PreFilter${NAME}`);
  const scoreSlot = cycleStateSlot<AffinityScoreState>(`PreScore${NAME}`);
  const affinityRejected = rejection(NAME, 'UnschedulableAndUnresolvable', ERR_REASON_AFFINITY_RULES_NOT_MATCH);
  const antiRejected = rejection(NAME, 'Unschedulable', ERR_REASON_ANTI_AFFINITY_RULES_NOT_MATCH);
  const existingRejected = rejection(NAME, 'Unschedulable', ERR_REASON_EXISTING_ANTI_AFFINITY_RULES_NOT_MATCH);

  return {
    name: NAME,
    weight: 2,

    preFilter(state: CycleState, pod: PodInfo, snapshot: Snapshot) {
      const ns = pod.pod.metadata.namespace ?? '';
      const nsLabels = snapshot.namespaceLabels(ns);
      const nsLabelsOf: NsLabels = (n) => snapshot.namespaceLabels(n ?? '');
      const index = caches.existing;
      index.refresh(snapshot);
      const existingAnti = new Map<string, ExistingTerm[]>();
      for (const t of index.terms.values()) {
        if (t.kind !== 'requiredAntiAffinity' || !termMatches(t.term, pod.pod, nsLabels)) continue;
        const list = existingAnti.get(t.term.topologyKey);
        if (list === undefined) existingAnti.set(t.term.topologyKey, [t]);
        else list.push(t);
      }
      const req = pod.requiredAffinityTerms;
      const reqAnti = pod.requiredAntiAffinityTerms;
      if (existingAnti.size === 0 && req.length === 0 && reqAnti.length === 0) {
        filterSlot.clear(state);
        return { status: SKIP };
      }

      const affinity = new Map<string, KeyedCounts>();
      for (const t of req) {
        const k = affinity.get(t.topologyKey);
        if (k !== undefined) k.multiplicity++;
        else
          affinity.set(t.topologyKey, {
            key: t.topologyKey,
            counts: caches.termCounts(req, t.topologyKey, snapshot),
            multiplicity: 1,
          });
      }
      const anti = new Map<string, DomainCounts[]>();
      for (const t of reqAnti) {
        const list = anti.get(t.topologyKey) ?? [];
        list.push(caches.termCounts([t], t.topologyKey, snapshot));
        anti.set(t.topologyKey, list);
      }
      filterSlot.set(state, new AffinityFilterState(pod, nsLabels, nsLabelsOf, existingAnti, affinity, anti));
      return undefined;
    },

    addPod(state, _pod, other, node) {
      filterSlot.get(state)?.update(other, node, 1);
    },

    removePod(state, _pod, other, node) {
      filterSlot.get(state)?.update(other, node, -1);
    },

    filter(state, _pod, node): Status {
      const s = filterSlot.get(state);
      if (s === undefined) return SUCCESS;
      if (!satisfyPodAffinity(s, node)) return affinityRejected;
      if (!satisfyPodAntiAffinity(s, node)) return antiRejected;
      if (!satisfyExistingPodsAntiAffinity(s, node)) return existingRejected;
      return SUCCESS;
    },

    preScore(state, pod, _nodes, snapshot) {
      const nsLabels = snapshot.namespaceLabels(pod.pod.metadata.namespace ?? '');
      const index = caches.existing;
      index.refresh(snapshot);
      let any = false;
      const existing: AffinityScoreState['existing'] = [];
      for (const t of index.terms.values()) {
        let weight: number;
        switch (t.kind) {
          case 'requiredAntiAffinity':
            continue;
          case 'requiredAffinity':
            weight = HARD_POD_AFFINITY_WEIGHT;
            break;
          case 'preferredAffinity':
            weight = t.weight;
            break;
          case 'preferredAntiAffinity':
            weight = -t.weight;
            break;
        }
        if (!termMatches(t.term, pod.pod, nsLabels)) continue;
        any = true;
        existing.push({ key: t.term.topologyKey, weight, term: t });
      }
      const incoming: AffinityScoreState['incoming'] = [];
      const add = (terms: readonly { weight: number; topologyKey: string }[], sign: number) => {
        for (const t of terms as (AffinityTerm & { weight: number })[]) {
          const counts = caches.termCounts([t], t.topologyKey, snapshot);
          if (counts.total > 0) any = true;
          incoming.push({ key: t.topologyKey, weight: sign * t.weight, counts });
        }
      };
      add(pod.preferredAffinityTerms, 1);
      add(pod.preferredAntiAffinityTerms, -1);
      if (!any) {
        scoreSlot.clear(state);
        return SKIP;
      }
      scoreSlot.set(state, { existing, incoming });
      return undefined;
    },

    score(state, _pod, node): number {
      const s = scoreSlot.get(state);
      if (s === undefined) return 0;
      let score = 0;
      for (const e of s.existing) {
        const v = nodeLabel(node, e.key);
        if (v !== undefined) score += e.weight * (e.term.domains.get(v) ?? 0);
      }
      for (const t of s.incoming) {
        const id = t.counts.domainIdOf(node);
        if (id !== undefined) {
          if (id >= 0) score += t.weight * t.counts.sumOfId(id);
        } else {
          const v = nodeLabel(node, t.key);
          if (v !== undefined) score += t.weight * (t.counts.sums.get(v) ?? 0);
        }
      }
      return score;
    },

    normalize(state, _pod, scores: NodeScore[]): void {
      if (scoreSlot.get(state) === undefined) return;
      let min = Infinity;
      let max = -Infinity;
      for (const s of scores) {
        if (s.score > max) max = s.score;
        if (s.score < min) min = s.score;
      }
      const diff = max - min;
      for (const s of scores) {
        s.score = diff > 0 ? Math.trunc(MAX_NODE_SCORE * ((s.score - min) / diff)) : 0;
      }
    },
  };
}
