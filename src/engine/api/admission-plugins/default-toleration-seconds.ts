// DefaultTolerationSeconds admission (plugin/pkg/admission/defaulttolerationseconds), mutating,
// on pod CREATE and UPDATE (not subresources): a pod that does not already tolerate the
// not-ready / unreachable NoExecute taints gets a toleration for each, for 300 s — which is why a
// default pod is evicted five minutes after its node becomes unreachable.
//
// A toleration counts when its key is the taint's or empty and its effect is NoExecute or empty
// (the operator is not looked at, as upstream).

import type { KObject, Toleration } from '../../../k8s/types';
import type { AdmissionPlugin } from '../admission';
import { deepFreeze } from '../deep';
import { podKind } from '../kinds/pod';

export const TAINT_NOT_READY = 'node.kubernetes.io/not-ready';
export const TAINT_UNREACHABLE = 'node.kubernetes.io/unreachable';
export const DEFAULT_TOLERATION_SECONDS = 300;

function tolerates(tolerations: readonly Toleration[], key: string): boolean {
  return tolerations.some((t) => (t.key === key || !t.key) && (t.effect === 'NoExecute' || !t.effect));
}

// Pods from one template share their spec; keep sharing the admitted spec too. Only frozen specs
// are safe cache keys (a mutable one could change behind the cache's back).
const admittedSpecs = new WeakMap<object, object>();

// Specs that differ per pod (the ServiceAccount plugin names each pod's token volume) still share
// their tolerations: the admitted list is kept per (frozen) input list, or once for none.
const admittedLists = new WeakMap<object, Toleration[]>();
const NO_TOLERATIONS: Toleration[] = Object.freeze([]) as unknown as Toleration[];

function admittedTolerations(tolerations: Toleration[]): Toleration[] {
  const key = tolerations.length === 0 ? NO_TOLERATIONS : tolerations;
  const cached = Object.isFrozen(key) ? admittedLists.get(key) : undefined;
  if (cached) return tolerations.length === 0 && cached.length === 0 ? tolerations : cached;
  const added: Toleration[] = [];
  for (const k of [TAINT_NOT_READY, TAINT_UNREACHABLE]) {
    if (!tolerates(tolerations, k)) {
      added.push({ key: k, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: DEFAULT_TOLERATION_SECONDS });
    }
  }
  const result = added.length ? [...tolerations, ...added] : tolerations;
  if (Object.isFrozen(key)) {
    deepFreeze(result);
    admittedLists.set(key, result);
  }
  return result;
}

export function withDefaultTolerations(spec: KObject['spec']): KObject['spec'] {
  if (spec === null || typeof spec !== 'object') return spec;
  const cached = admittedSpecs.get(spec);
  if (cached) return cached;
  const tolerations: Toleration[] = Array.isArray(spec.tolerations) ? spec.tolerations : [];
  const admitted = admittedTolerations(tolerations);
  const result = admitted !== tolerations ? { ...spec, tolerations: admitted } : spec;
  if (Object.isFrozen(spec)) {
    deepFreeze(result);
    admittedSpecs.set(spec, result);
    admittedSpecs.set(result, result);
  }
  return result;
}

export const defaultTolerationSeconds: AdmissionPlugin = {
  name: 'DefaultTolerationSeconds',
  admit(request) {
    if (request.kind !== podKind || request.subresource || !request.object) return undefined;
    if (request.operation !== 'CREATE' && request.operation !== 'UPDATE') return undefined;
    const spec = withDefaultTolerations(request.object.spec ?? {});
    return spec === request.object.spec ? request.object : { ...request.object, spec };
  },
};
