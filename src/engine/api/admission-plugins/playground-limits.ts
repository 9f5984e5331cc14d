// PlaygroundLimits: a validating admission plugin Kubernetes does not have. A workload asking for
// more replicas than the playground runs (MAX_REPLICAS_PER_WORKLOAD), directly or through its
// scale subresource, is refused with 403 Forbidden, as a real admission plugin refuses; so is an
// autoscaler that could scale past it. Only a new or changed count is looked at, so status writes
// and other edits of an object are never refused.

import type { KObject } from '../../../k8s/types';
import { MAX_REPLICAS_PER_WORKLOAD } from '../../../protocol/limits';
import type { AdmissionPlugin, AdmissionRequest } from '../admission';
import { errors } from '../errors';
import { groupResource } from '../kinds/kind-definition';
import { horizontalPodAutoscalerKind } from '../kinds';

/** The field holding a kind's replica count, if the playground bounds it. */
function boundedField(request: AdmissionRequest): 'replicas' | 'maxReplicas' | undefined {
  if (request.kind.scale) return 'replicas';
  if (request.kind === horizontalPodAutoscalerKind) return 'maxReplicas';
  return undefined;
}

function count(obj: KObject | undefined, field: string): unknown {
  const spec: unknown = obj?.spec;
  return spec !== null && typeof spec === 'object' ? (spec as Record<string, unknown>)[field] : undefined;
}

export const playgroundLimits: AdmissionPlugin = {
  name: 'PlaygroundLimits',
  validate(request) {
    if (request.operation === 'DELETE' || (request.subresource && request.subresource !== 'scale')) return;
    const field = boundedField(request);
    if (!field) return;
    const wanted = count(request.object, field);
    if (typeof wanted !== 'number' || wanted <= MAX_REPLICAS_PER_WORKLOAD) return;
    if (request.operation === 'UPDATE' && count(request.oldObject, field) === wanted) return;
    const name = request.name || request.object?.metadata.name || request.object?.metadata.generateName || 'Unknown';
    throw errors.forbidden(
      groupResource(request.kind),
      name,
      `spec.${field}: ${wanted} is more than this playground runs: at most ${MAX_REPLICAS_PER_WORKLOAD} replicas per workload (a Kubeplay limit; Kubernetes has none)`,
    );
  },
};
