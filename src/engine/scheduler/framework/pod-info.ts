// framework.PodInfo: a pod with what the scheduler derives from it once — its requests and its
// parsed inter-pod (anti-)affinity terms (framework/types.go NewPodInfo / newAffinityTerm).
//
// Pods stamped from one template share spec sub-objects (binding only replaces spec.nodeName), so
// the parsed terms are memoised per (spec.affinity object, namespace): 150,000 pods of a few
// workloads parse a few term lists. The term objects are therefore shared and stable, and the
// plugins use their identity as a cache key.

import {
  nothing,
  requiredLabel,
  requirementMatches,
  selectorFromLabelSelector,
  type LabelSelector,
  type Selector,
} from '../../../k8s/labels';
import type { KObject } from '../../../k8s/types';
import { specNonZeroRequests, specRequests } from './resources';
import type { AffinityTerm, PodInfo, WeightedAffinityTerm } from './types';

export type LabelMatcher = ((labels: Record<string, string> | undefined) => boolean) & {
  /**
   * A label (key, value) every matching label set has, when the selector requires one (`=`, `==`
   * or a one-value `In`): lets a per-node count skip nodes none of whose pods carry it.
   */
  requiredLabel?: readonly [key: string, value: string];
};

const matchAll: LabelMatcher = () => true;
const matchNone: LabelMatcher = () => false;

/** A fast label predicate for a parsed selector (`everything` → always, `nothing` → never). */
export function compileSelector(sel: Selector): LabelMatcher {
  if (sel === nothing) return matchNone;
  const reqs = sel.requirements;
  if (reqs.length === 0) return sel.empty() ? matchAll : (labels) => sel.matches(labels);
  let fn: LabelMatcher;
  if (reqs.length === 1) {
    const r = reqs[0];
    if ((r.operator === '=' || r.operator === '==' || r.operator === 'In') && r.values.length === 1) {
      const key = r.key;
      const value = r.values[0];
      fn = (labels) => labels !== undefined && labels[key] === value && Object.prototype.hasOwnProperty.call(labels, key);
    } else {
      fn = (labels) => requirementMatches(r, labels);
    }
  } else {
    fn = (labels) => {
      for (let i = 0; i < reqs.length; i++) if (!requirementMatches(reqs[i], labels)) return false;
      return true;
    };
  }
  const required = requiredLabel(sel);
  if (required) fn.requiredLabel = required;
  return fn;
}

/** metav1.LabelSelectorAsSelector compiled; an invalid selector matches nothing. */
export function labelSelectorMatcher(ls: LabelSelector | null | undefined): LabelMatcher {
  try {
    return compileSelector(selectorFromLabelSelector(ls));
  } catch {
    return matchNone;
  }
}

interface PodAffinityTermSpec {
  labelSelector?: LabelSelector | null;
  namespaces?: string[] | null;
  namespaceSelector?: LabelSelector | null;
  topologyKey?: string;
}

function newAffinityTerm(namespace: string, term: PodAffinityTermSpec): AffinityTerm {
  // getNamespacesFromPodAffinityTerm: no namespaces and no namespaceSelector → the pod's own.
  const names = term.namespaces ?? [];
  const namespaces = new Set<string>(names.length === 0 && term.namespaceSelector == null ? [namespace] : names);
  const out: AffinityTerm = {
    namespaces,
    selector: labelSelectorMatcher(term.labelSelector),
    topologyKey: term.topologyKey ?? '',
  };
  // A nil namespaceSelector is labels.Nothing() upstream: leaving it undefined means the same.
  if (term.namespaceSelector != null) out.namespaceSelector = labelSelectorMatcher(term.namespaceSelector);
  return out;
}

interface ParsedTerms {
  requiredAffinityTerms: AffinityTerm[];
  requiredAntiAffinityTerms: AffinityTerm[];
  preferredAffinityTerms: WeightedAffinityTerm[];
  preferredAntiAffinityTerms: WeightedAffinityTerm[];
  /** affinity.podAffinity or podAntiAffinity is set (NodeInfo.PodsWithAffinity). */
  hasAffinity: boolean;
  /** podAntiAffinity has required terms (NodeInfo.PodsWithRequiredAntiAffinity). */
  hasRequiredAntiAffinity: boolean;
}

const NO_TERMS: ParsedTerms = Object.freeze({
  requiredAffinityTerms: [],
  requiredAntiAffinityTerms: [],
  preferredAffinityTerms: [],
  preferredAntiAffinityTerms: [],
  hasAffinity: false,
  hasRequiredAntiAffinity: false,
}) as ParsedTerms;

function parseTerms(spec: any, namespace: string): ParsedTerms {
  const affinity = spec?.affinity;
  const podAffinity = affinity?.podAffinity;
  const podAnti = affinity?.podAntiAffinity;
  if (!podAffinity && !podAnti) return NO_TERMS;
  const required = (list: PodAffinityTermSpec[] | undefined) => (list ?? []).map((t) => newAffinityTerm(namespace, t));
  const weighted = (list: { weight?: number; podAffinityTerm?: PodAffinityTermSpec }[] | undefined) =>
    (list ?? []).map((w) => ({ ...newAffinityTerm(namespace, w.podAffinityTerm ?? {}), weight: w.weight ?? 0 }));
  const requiredAnti = required(podAnti?.requiredDuringSchedulingIgnoredDuringExecution);
  return {
    requiredAffinityTerms: required(podAffinity?.requiredDuringSchedulingIgnoredDuringExecution),
    requiredAntiAffinityTerms: requiredAnti,
    preferredAffinityTerms: weighted(podAffinity?.preferredDuringSchedulingIgnoredDuringExecution),
    preferredAntiAffinityTerms: weighted(podAnti?.preferredDuringSchedulingIgnoredDuringExecution),
    hasAffinity: true,
    hasRequiredAntiAffinity: requiredAnti.length > 0,
  };
}

const termsByAffinity = new WeakMap<object, Map<string, ParsedTerms>>();

function termsFor(pod: KObject): ParsedTerms {
  const affinity = pod.spec?.affinity;
  if (!affinity || typeof affinity !== 'object' || (!affinity.podAffinity && !affinity.podAntiAffinity)) return NO_TERMS;
  const spec = pod.spec;
  const ns = pod.metadata.namespace ?? '';
  let byNs = termsByAffinity.get(affinity);
  if (!byNs) {
    byNs = new Map();
    termsByAffinity.set(affinity, byNs);
  }
  let t = byNs.get(ns);
  if (!t) {
    t = parseTerms(spec, ns);
    byNs.set(ns, t);
  }
  return t;
}

const podInfos = new WeakMap<KObject, PodInfo>();
const flags = new WeakMap<PodInfo, ParsedTerms>();

/** PodInfo as podInfoFor builds it: the interface plus copies the plugins read in hot loops. */
interface PodInfoInternal extends PodInfo {
  labels: Record<string, string> | undefined;
  namespace: string;
  terminating: boolean;
  terms: ParsedTerms;
}

/** NewPodInfo(pod), memoised per pod object (store objects are immutable). */
export function podInfoFor(pod: KObject): PodInfo {
  let pi = podInfos.get(pod);
  if (!pi) {
    const t = termsFor(pod);
    const internal: PodInfoInternal = {
      pod,
      requests: specRequests(pod.spec),
      nonZeroRequests: specNonZeroRequests(pod.spec),
      requiredAffinityTerms: t.requiredAffinityTerms,
      requiredAntiAffinityTerms: t.requiredAntiAffinityTerms,
      preferredAffinityTerms: t.preferredAffinityTerms,
      preferredAntiAffinityTerms: t.preferredAntiAffinityTerms,
      labels: pod.metadata.labels,
      namespace: pod.metadata.namespace ?? '',
      terminating: pod.metadata.deletionTimestamp != null,
      terms: t,
    };
    pi = internal;
    podInfos.set(pod, pi);
  }
  return pi;
}

/**
 * Points a PodInfo at a newer version of its pod whose labels, namespace, deletion and spec
 * (nodeName aside) are the same, so every field derived from them still holds. The cache does
 * this when the informer confirms a binding or reports a status change: the PodInfo no longer
 * keeps the pre-binding object (a whole pod, spec and metadata) alive beside the store's.
 */
export function repointPodInfo(info: PodInfo, pod: KObject): void {
  info.pod = pod;
  podInfos.set(pod, info);
}

function flagsOf(pi: PodInfo): ParsedTerms {
  const own = (pi as Partial<PodInfoInternal>).terms;
  if (own !== undefined) return own;
  let t = flags.get(pi);
  if (!t) {
    t = termsFor(pi.pod);
    flags.set(pi, t);
  }
  return t;
}

/** The pod's labels (read from the PodInfo when podInfoFor built it). */
export function podLabels(pi: PodInfo): Record<string, string> | undefined {
  const own = pi as Partial<PodInfoInternal>;
  return own.namespace !== undefined ? own.labels : pi.pod.metadata.labels;
}

/** The pod's namespace ('' when unset). */
export function podNamespace(pi: PodInfo): string {
  return (pi as Partial<PodInfoInternal>).namespace ?? pi.pod.metadata.namespace ?? '';
}

/** The pod has a deletionTimestamp. */
export function podTerminating(pi: PodInfo): boolean {
  const t = (pi as Partial<PodInfoInternal>).terminating;
  return t !== undefined ? t : pi.pod.metadata.deletionTimestamp != null;
}

/** podWithAffinity: the pod sets podAffinity or podAntiAffinity. */
export function podHasAffinity(pi: PodInfo): boolean {
  return flagsOf(pi).hasAffinity;
}

/** podWithRequiredAntiAffinity: the pod has required anti-affinity terms. */
export function podHasRequiredAntiAffinity(pi: PodInfo): boolean {
  return flagsOf(pi).hasRequiredAntiAffinity;
}

/**
 * AffinityTerm.Matches(pod, nsLabels): the pod's namespace is listed, or the term's
 * namespaceSelector matches the namespace labels; and the label selector matches the pod.
 */
export function termMatches(term: AffinityTerm, pod: KObject, nsLabels: Record<string, string> | undefined): boolean {
  const ns = pod.metadata.namespace ?? '';
  if (term.namespaces.has(ns) || (term.namespaceSelector !== undefined && term.namespaceSelector(nsLabels))) {
    return term.selector(pod.metadata.labels);
  }
  return false;
}
