// DefaultTolerationSeconds admission: every new pod that does not already tolerate the
// not-ready / unreachable NoExecute taints gets both for 300 s (plugin/pkg/admission/defaulttolerationseconds),
// which is why a default pod is evicted five minutes after its node becomes unreachable.

import type { KObject, Toleration } from '../../../k8s/types';
import type { AdmissionPlugin } from '../admission';
import { podKind } from '../kinds/pod';

export const TAINT_NOT_READY = 'node.kubernetes.io/not-ready';
export const TAINT_UNREACHABLE = 'node.kubernetes.io/unreachable';
export const DEFAULT_TOLERATION_SECONDS = 300;

function toleratesNoExecute(tolerations: Toleration[], key: string): boolean {
  return tolerations.some(
    (t) => (t.effect === 'NoExecute' || !t.effect) && (t.operator === 'Exists' && !t.key ? true : t.key === key),
  );
}

// Pods from one template share their spec; keep sharing the admitted spec too.
const admittedSpecs = new WeakMap<object, object>();

function withDefaultTolerations(spec: KObject['spec']): KObject['spec'] {
  const cached = admittedSpecs.get(spec);
  if (cached) return cached;
  const tolerations: Toleration[] = spec.tolerations ?? [];
  const added: Toleration[] = [];
  for (const key of [TAINT_NOT_READY, TAINT_UNREACHABLE]) {
    if (!toleratesNoExecute(tolerations, key)) {
      added.push({ key, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: DEFAULT_TOLERATION_SECONDS });
    }
  }
  const result = added.length ? { ...spec, tolerations: [...tolerations, ...added] } : spec;
  admittedSpecs.set(spec, result);
  return result;
}

export const defaultTolerationSeconds: AdmissionPlugin = {
  name: 'DefaultTolerationSeconds',
  admit(request) {
    if (request.kind !== podKind || request.operation !== 'CREATE' || !request.object) return undefined;
    const spec = withDefaultTolerations(request.object.spec);
    return spec === request.object.spec ? request.object : { ...request.object, spec };
  },
};
