// apps/v1 StatefulSet defaulting (pkg/apis/apps/v1/defaults.go SetDefaults_StatefulSet plus the
// pod template's and the claim templates' defaults): podManagementPolicy OrderedReady,
// updateStrategy RollingUpdate with an empty rollingUpdate when the type is unset, partition 0
// under RollingUpdate, persistentVolumeClaimRetentionPolicy Retain/Retain, replicas 1,
// revisionHistoryLimit 10; each volumeClaimTemplate gets the PVC defaults (volumeMode Filesystem).
// maxUnavailable is defaulted to 1 only with the MaxUnavailableStatefulSet gate (off in v1.34;
// the controller reads an unset value as 1 anyway). Pure: returns the same object when nothing
// changes.

import type { KObject, PodSpec } from '../../../k8s/types';
import { GATES_OFF, type FeatureGates } from '../kinds/kind-definition';
import { isObj, mapArray, patch, type Obj } from './cow';
import { defaultPodTemplateSpec } from './pod';

export const DEFAULT_STATEFULSET_REPLICAS = 1;
export const DEFAULT_STATEFULSET_REVISION_HISTORY_LIMIT = 10;
export const RETAIN_POLICY = 'Retain';
/** Alpha through v1.34 (pkg/features): spec.updateStrategy.rollingUpdate.maxUnavailable. */
export const MAX_UNAVAILABLE_STATEFULSET_GATE = 'MaxUnavailableStatefulSet';

function unset(v: unknown): boolean {
  return v === undefined || v === null || v === '';
}

function defaultUpdateStrategy(strategy: Obj, gates: FeatureGates): Obj {
  const changes: Obj = {};
  let type = strategy.type;
  let rollingUpdate = strategy.rollingUpdate;
  if (unset(type)) {
    type = changes.type = 'RollingUpdate';
    if (!isObj(rollingUpdate)) rollingUpdate = changes.rollingUpdate = {};
  }
  if (type === 'RollingUpdate' && isObj(rollingUpdate)) {
    const ru: Obj = {};
    if (unset(rollingUpdate.partition)) ru.partition = 0;
    if (gates.featureGate(MAX_UNAVAILABLE_STATEFULSET_GATE) && unset(rollingUpdate.maxUnavailable)) ru.maxUnavailable = 1;
    const next = patch(rollingUpdate, ru);
    if (next !== rollingUpdate) changes.rollingUpdate = next;
  }
  return patch(strategy, changes);
}

function defaultRetentionPolicy(policy: Obj): Obj {
  const changes: Obj = {};
  if (unset(policy.whenDeleted)) changes.whenDeleted = RETAIN_POLICY;
  if (unset(policy.whenScaled)) changes.whenScaled = RETAIN_POLICY;
  return patch(policy, changes);
}

/**
 * SetDefaults_PersistentVolumeClaim on a claim template (volumeMode Filesystem, status.phase
 * Pending); the embedded object is served with its apiVersion and kind, as a real server shows it.
 */
function defaultClaimTemplate(claim: unknown): unknown {
  if (!isObj(claim)) return claim;
  const changes: Obj = {};
  if (unset(claim.apiVersion)) changes.apiVersion = 'v1';
  if (unset(claim.kind)) changes.kind = 'PersistentVolumeClaim';
  const spec: Obj = isObj(claim.spec) ? claim.spec : {};
  if (unset(spec.volumeMode)) changes.spec = { ...spec, volumeMode: 'Filesystem' };
  const status: Obj = isObj(claim.status) ? claim.status : {};
  if (unset(status.phase)) changes.status = { ...status, phase: 'Pending' };
  return patch(claim, changes);
}

export function defaultStatefulSet(obj: KObject, gates: FeatureGates = GATES_OFF): KObject {
  const spec: Obj = isObj(obj.spec) ? obj.spec : {};
  const changes: Obj = {};
  if (unset(spec.podManagementPolicy)) changes.podManagementPolicy = 'OrderedReady';
  const strategy = isObj(spec.updateStrategy) ? spec.updateStrategy : {};
  const nextStrategy = defaultUpdateStrategy(strategy, gates);
  if (nextStrategy !== spec.updateStrategy) changes.updateStrategy = nextStrategy;
  const policy = isObj(spec.persistentVolumeClaimRetentionPolicy) ? spec.persistentVolumeClaimRetentionPolicy : {};
  const nextPolicy = defaultRetentionPolicy(policy);
  if (nextPolicy !== spec.persistentVolumeClaimRetentionPolicy) changes.persistentVolumeClaimRetentionPolicy = nextPolicy;
  if (unset(spec.replicas)) changes.replicas = DEFAULT_STATEFULSET_REPLICAS;
  if (unset(spec.revisionHistoryLimit)) changes.revisionHistoryLimit = DEFAULT_STATEFULSET_REVISION_HISTORY_LIMIT;
  if (Array.isArray(spec.volumeClaimTemplates)) {
    const claims = mapArray(spec.volumeClaimTemplates as unknown[], defaultClaimTemplate);
    if (claims !== spec.volumeClaimTemplates) changes.volumeClaimTemplates = claims;
  }
  const template = (isObj(spec.template) ? spec.template : {}) as { spec?: PodSpec };
  const defaultedTemplate = defaultPodTemplateSpec(template);
  if (defaultedTemplate !== spec.template) changes.template = defaultedTemplate;
  const next = patch(spec, changes);
  return next === obj.spec ? obj : { ...obj, spec: next };
}
