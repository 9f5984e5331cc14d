// NodeAffinity (pkg/scheduler/framework/plugins/nodeaffinity, component-helpers
// scheduling/corev1/nodeaffinity): Filter requires spec.nodeSelector (every pair) and the
// required node affinity (terms ORed, expressions and fields within a term ANDed); Score sums the
// weights of the matching preferred terms, normalised by the highest score.
//
// Matching rules kept from upstream: an empty term (no expressions, no fields) selects nothing; a
// term that does not parse (bad operator, Gt/Lt with a non-integer, matchFields other than one
// value) never matches but does not hide the other terms ("lazy error" selector, errors
// ignored); matchFields compares against {metadata.name: node name}. PreFilter narrows the
// candidate nodes when every term pins metadata.name with In.
//
// `nodeMatchesNodeSelectorTerms` and `requiredNodeAffinity` are exported for the DaemonSet
// controller and for PodTopologySpread's node inclusion policy.

import { newRequirement, requirementMatches, type Operator, type Requirement } from '../../../k8s/labels';
import type { KObject } from '../../../k8s/types';
import { memoByObjects } from '../framework/resources';
import { SUCCESS, unresolvable, type FilterPlugin, type NodeScore, type ScorePlugin, type Status } from '../framework/types';
import { SKIP, cycleStateSlot, defaultNormalizeScore, rejection } from './helpers';

export const NAME = 'NodeAffinity';
export const ERR_REASON_POD = "node(s) didn't match Pod's node affinity/selector";
export const ERR_REASON_CONFLICT = 'pod affinity terms conflict';

export interface NodeSelectorRequirement {
  key: string;
  operator: string;
  values?: string[] | null;
}

export interface NodeSelectorTerm {
  matchExpressions?: NodeSelectorRequirement[] | null;
  matchFields?: NodeSelectorRequirement[] | null;
}

type TermMatcher = (node: KObject) => boolean;

const NODE_OPS: Record<string, Operator> = {
  In: 'In',
  NotIn: 'NotIn',
  Exists: 'Exists',
  DoesNotExist: 'DoesNotExist',
  Gt: 'Gt',
  Lt: 'Lt',
};

function isEmptyTerm(t: NodeSelectorTerm | null | undefined): boolean {
  return !t || ((t.matchExpressions?.length ?? 0) === 0 && (t.matchFields?.length ?? 0) === 0);
}

/** Compiles one term; undefined when it selects nothing (empty) or does not parse. */
function compileTerm(term: NodeSelectorTerm): TermMatcher | undefined {
  if (isEmptyTerm(term)) return undefined;
  const labelReqs: Requirement[] = [];
  for (const expr of term.matchExpressions ?? []) {
    const op = NODE_OPS[expr.operator];
    if (!op) return undefined;
    try {
      labelReqs.push(newRequirement(expr.key, op, expr.values ?? []));
    } catch {
      return undefined;
    }
  }
  const fieldReqs: { key: string; equal: boolean; value: string }[] = [];
  for (const expr of term.matchFields ?? []) {
    const values = expr.values ?? [];
    if (values.length !== 1 || (expr.operator !== 'In' && expr.operator !== 'NotIn')) return undefined;
    fieldReqs.push({ key: expr.key, equal: expr.operator === 'In', value: values[0] });
  }
  return (node) => {
    const labels = node.metadata.labels;
    for (let i = 0; i < labelReqs.length; i++) if (!requirementMatches(labelReqs[i], labels)) return false;
    for (let i = 0; i < fieldReqs.length; i++) {
      const f = fieldReqs[i];
      const actual = f.key === 'metadata.name' ? (node.metadata.name ?? '') : '';
      if ((actual === f.value) !== f.equal) return false;
    }
    return true;
  };
}

const termsCache = new WeakMap<object, (TermMatcher | undefined)[]>();

function compiledTerms(terms: readonly NodeSelectorTerm[]): (TermMatcher | undefined)[] {
  let c = termsCache.get(terms);
  if (!c) {
    c = terms.map(compileTerm);
    termsCache.set(terms, c);
  }
  return c;
}

/** NodeSelector.Match: some term matches the node (terms ORed). */
export function nodeMatchesNodeSelectorTerms(node: KObject, terms: readonly NodeSelectorTerm[] | null | undefined): boolean {
  if (!terms) return false;
  const compiled = compiledTerms(terms);
  for (let i = 0; i < compiled.length; i++) {
    const m = compiled[i];
    if (m !== undefined && m(node)) return true;
  }
  return false;
}

/** nodeaffinity.RequiredNodeAffinity: spec.nodeSelector AND required node affinity. */
export interface RequiredNodeAffinity {
  /** Neither a nodeSelector nor required node affinity: every node matches. */
  readonly empty: boolean;
  /** Canonical text of the constraint, for caches keyed by "same node eligibility". */
  readonly key: string;
  match(node: KObject): boolean;
}

const MATCH_ALL: RequiredNodeAffinity = Object.freeze({ empty: true, key: '', match: () => true });
const requiredCache = new WeakMap<object, unknown>();

/** GetRequiredNodeAffinity(pod), memoised per (nodeSelector, affinity) objects. */
export function requiredNodeAffinity(pod: KObject): RequiredNodeAffinity {
  const spec = pod.spec;
  if (!spec || typeof spec !== 'object') return MATCH_ALL;
  if (spec.nodeSelector == null && spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution == null)
    return MATCH_ALL;
  return memoByObjects(requiredCache, [spec.nodeSelector, spec.affinity], () => compileRequired(spec));
}

function compileRequired(spec: any): RequiredNodeAffinity {
  let r: RequiredNodeAffinity;
  const nodeSelector = spec.nodeSelector as Record<string, string> | null | undefined;
  const required = spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution as
    { nodeSelectorTerms?: NodeSelectorTerm[] } | null | undefined;
  if (nodeSelector == null && required == null) {
    r = MATCH_ALL;
  } else {
    const pairs = nodeSelector ? Object.entries(nodeSelector) : [];
    const terms = required ? (required.nodeSelectorTerms ?? []) : undefined;
    r = {
      empty: false,
      key: JSON.stringify([nodeSelector ?? null, terms ?? null]),
      match(node) {
        if (pairs.length > 0) {
          const labels = node.metadata.labels;
          if (!labels) return false;
          for (let i = 0; i < pairs.length; i++) {
            const [k, v] = pairs[i];
            if (labels[k] !== v || !Object.prototype.hasOwnProperty.call(labels, k)) return false;
          }
        }
        return terms === undefined || nodeMatchesNodeSelectorTerms(node, terms);
      },
    };
  }
  return r;
}

interface PreferredTerm {
  weight: number;
  match: TermMatcher;
}

const preferredCache = new WeakMap<object, PreferredTerm[] | null>();

/** nodeaffinity.NewPreferredSchedulingTerms (weight-0 and empty terms dropped); null if none set. */
export function preferredSchedulingTerms(pod: KObject): PreferredTerm[] | null {
  const affinity = pod.spec?.affinity;
  if (!affinity || typeof affinity !== 'object') return null;
  let p = preferredCache.get(affinity);
  if (p !== undefined) return p;
  const list = affinity?.nodeAffinity?.preferredDuringSchedulingIgnoredDuringExecution as
    { weight?: number; preference?: NodeSelectorTerm }[] | null | undefined;
  if (list == null) {
    p = null;
  } else {
    p = [];
    for (const t of list) {
      if (!t.weight || isEmptyTerm(t.preference)) continue;
      const m = compileTerm(t.preference!);
      if (m) p.push({ weight: t.weight, match: m });
    }
  }
  preferredCache.set(affinity, p);
  return p;
}

/** PreFilter's node-name narrowing: the union over terms of the names each term pins with In. */
function pinnedNodeNames(terms: readonly NodeSelectorTerm[]): Set<string> | undefined {
  let names: Set<string> | undefined;
  for (const t of terms) {
    let termNames: Set<string> | undefined;
    for (const r of t.matchFields ?? []) {
      if (r.key === 'metadata.name' && r.operator === 'In') {
        const s = new Set(r.values ?? []);
        termNames = termNames === undefined ? s : new Set([...termNames].filter((n) => s.has(n)));
      }
    }
    if (termNames === undefined) return undefined; // this term allows any node (terms are ORed)
    names ??= new Set();
    for (const n of termNames) names.add(n);
  }
  return names;
}

export function nodeAffinity(): FilterPlugin & ScorePlugin {
  const filterSlot = cycleStateSlot<RequiredNodeAffinity>(`PreFilter${NAME}`);
  const scoreSlot = cycleStateSlot<PreferredTerm[]>(`PreScore${NAME}`);
  const rejected = rejection(NAME, 'UnschedulableAndUnresolvable', ERR_REASON_POD);
  return {
    name: NAME,
    weight: 2,

    preFilter(state, pod) {
      const spec = pod.pod.spec;
      const required = spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
      if (required == null && spec?.nodeSelector == null) {
        filterSlot.clear(state);
        return { status: SKIP };
      }
      filterSlot.set(state, requiredNodeAffinity(pod.pod));
      const terms = (required?.nodeSelectorTerms ?? []) as NodeSelectorTerm[];
      if (required == null || terms.length === 0) return undefined;
      const names = pinnedNodeNames(terms);
      if (names === undefined) return undefined;
      if (names.size === 0) return { status: unresolvable(ERR_REASON_CONFLICT) };
      return { nodeNames: names };
    },

    filter(state, pod, node): Status {
      const r = filterSlot.get(state) ?? requiredNodeAffinity(pod.pod);
      return r.empty || r.match(node.node) ? SUCCESS : rejected;
    },

    preScore(state, pod) {
      const terms = preferredSchedulingTerms(pod.pod);
      if (terms === null) {
        scoreSlot.clear(state);
        return SKIP;
      }
      scoreSlot.set(state, terms);
      return undefined;
    },

    score(state, pod, node): number {
      const terms = scoreSlot.get(state) ?? preferredSchedulingTerms(pod.pod) ?? [];
      let count = 0;
      for (let i = 0; i < terms.length; i++) if (terms[i].match(node.node)) count += terms[i].weight;
      return count;
    },

    normalize(_state, _pod, scores: NodeScore[]): void {
      defaultNormalizeScore(scores, false);
    },
  };
}
