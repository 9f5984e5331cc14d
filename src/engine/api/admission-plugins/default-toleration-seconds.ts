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

export function withDefaultTolerations(spec: KObject['spec']): KObject['spec'] {
  if (spec === null || typeof spec !== 'object') return spec;
  const cached = admittedSpecs.get(spec);
  if (cached) return cached;
  const tolerations: Toleration[] = Array.isArray(spec.tolerations) ? spec.tolerations : [];
  const added: Toleration[] = [];
  for (const key of [TAINT_NOT_READY, TAINT_UNREACHABLE]) {
    if (!tolerates(tolerations, key)) {
      added.push({ key, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: DEFAULT_TOLERATION_SECONDS });
    }
  }
  const result = added.length ? { ...spec, tolerations: [...tolerations, ...added] } : spec;
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
