// The kinds this build serves. Later issues add theirs here.

import { controllerRevisionKind } from './controllerrevision';
import { daemonSetKind } from './daemonset';
import { configMapKind } from './configmap';
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
import { persistentVolumeKind } from './persistentvolume';
import { persistentVolumeClaimKind } from './persistentvolumeclaim';
import { podKind } from './pod';
import { podDisruptionBudgetKind } from './poddisruptionbudget';
import { priorityClassKind } from './priorityclass';
import { replicaSetKind, replicationControllerKind } from './replicaset';
import { KindRegistry } from './registry';
import { NON_STORED_GROUP_VERSIONS } from './non-stored-groups';
import { limitRangeKind, resourceQuotaKind } from './resourcequota';
import { secretKind } from './secret';
import { serviceKind } from './service';
import { serviceAccountKind } from './serviceaccount';
import { statefulSetKind } from './statefulset';
import { storageClassKind } from './storageclass';

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
  controllerRevisionKind,
  daemonSetKind,
  deploymentKind,
  replicaSetKind,
  statefulSetKind,
  horizontalPodAutoscalerKind,
  // batch: `get all` lists cronjobs before jobs (discovery order).
  cronJobKind,
  jobKind,
  podDisruptionBudgetKind,
  persistentVolumeKind,
  persistentVolumeClaimKind,
  storageClassKind,
  resourceQuotaKind,
  limitRangeKind,
  configMapKind,
  secretKind,
  serviceAccountKind,
];

export function createKindRegistry(): KindRegistry {
  const registry = new KindRegistry();
  for (const def of builtinKinds) registry.register(def);
  registerHpaV1Alias(registry);
  for (const gv of NON_STORED_GROUP_VERSIONS) registry.registerNonStored(gv);
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
export { configMapKind, secretKind, serviceAccountKind };
export { replicaSetKind, replicationControllerKind };
export { controllerRevisionKind, daemonSetKind, statefulSetKind };
export { persistentVolumeKind, persistentVolumeClaimKind, storageClassKind };
export { limitRangeKind, resourceQuotaKind };
