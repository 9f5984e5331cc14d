// The kinds this build serves. Later issues add theirs here.

import { cronJobKind } from './cronjob';
import { deploymentKind } from './deployment';
import { endpointSliceKind } from './endpointslice';
import { eventKind } from './event';
import { horizontalPodAutoscalerKind, registerHpaV1Alias } from './horizontalpodautoscaler';
import { jobKind } from './job';
import type { KindDefinition } from './kind-definition';
import { leaseKind } from './lease';
import { namespaceKind } from './namespace';
import { nodeKind } from './node';
import { podKind } from './pod';
import { podDisruptionBudgetKind } from './poddisruptionbudget';
import { priorityClassKind } from './priorityclass';
import { replicaSetKind, replicationControllerKind } from './replicaset';
import { KindRegistry } from './registry';
import { serviceKind } from './service';

export const builtinKinds: readonly KindDefinition[] = [
  namespaceKind,
  nodeKind,
  podKind,
  // `get all` lists kinds in this order (discovery's: core before apps).
  replicationControllerKind,
  eventKind,
  leaseKind,
  priorityClassKind,
  serviceKind,
  endpointSliceKind,
  deploymentKind,
  replicaSetKind,
  horizontalPodAutoscalerKind,
  // batch: `get all` lists cronjobs before jobs (discovery order).
  cronJobKind,
  jobKind,
  podDisruptionBudgetKind,
];

export function createKindRegistry(): KindRegistry {
  const registry = new KindRegistry();
  for (const def of builtinKinds) registry.register(def);
  registerHpaV1Alias(registry);
  return registry;
}

export {
  deploymentKind,
  endpointSliceKind,
  eventKind,
  leaseKind,
  namespaceKind,
  nodeKind,
  podKind,
  priorityClassKind,
  serviceKind,
};
export { horizontalPodAutoscalerKind };
export { cronJobKind };
export { jobKind };
export { podDisruptionBudgetKind };
export { replicaSetKind, replicationControllerKind };
