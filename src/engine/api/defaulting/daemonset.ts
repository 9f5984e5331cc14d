// apps/v1 DaemonSet defaulting (pkg/apis/apps/v1/defaults.go SetDefaults_DaemonSet plus the pod
// template's defaults): updateStrategy RollingUpdate with maxUnavailable 1 / maxSurge 0 (only for
// RollingUpdate), revisionHistoryLimit 10. Pure: returns the same object when nothing changes.

import type { KObject, PodSpec } from '../../../k8s/types';
import { isObj, patch } from './cow';
import { defaultPodTemplateSpec } from './pod';

export const DEFAULT_DAEMONSET_MAX_UNAVAILABLE = 1;
export const DEFAULT_DAEMONSET_MAX_SURGE = 0;
export const DEFAULT_DAEMONSET_REVISION_HISTORY_LIMIT = 10;

export function defaultDaemonSet(obj: KObject): KObject {
  const spec: Record<string, unknown> = isObj(obj.spec) ? obj.spec : {};
  const changes: Record<string, unknown> = {};
  const strategy: Record<string, unknown> = isObj(spec.updateStrategy) ? spec.updateStrategy : {};
  const strategyChanges: Record<string, unknown> = {};
  const type = strategy.type === undefined || strategy.type === '' ? 'RollingUpdate' : strategy.type;
  if (type !== strategy.type) strategyChanges.type = type;
  if (type === 'RollingUpdate') {
    const ru: Record<string, unknown> = isObj(strategy.rollingUpdate) ? strategy.rollingUpdate : {};
    const ruChanges: Record<string, unknown> = {};
    if (ru.maxUnavailable === undefined || ru.maxUnavailable === null)
      ruChanges.maxUnavailable = DEFAULT_DAEMONSET_MAX_UNAVAILABLE;
    if (ru.maxSurge === undefined || ru.maxSurge === null) ruChanges.maxSurge = DEFAULT_DAEMONSET_MAX_SURGE;
    const nextRu = patch(ru, ruChanges);
    if (nextRu !== strategy.rollingUpdate) strategyChanges.rollingUpdate = nextRu;
  }
  const nextStrategy = patch(strategy, strategyChanges);
  if (nextStrategy !== spec.updateStrategy) changes.updateStrategy = nextStrategy;
  if (spec.revisionHistoryLimit === undefined || spec.revisionHistoryLimit === null)
    changes.revisionHistoryLimit = DEFAULT_DAEMONSET_REVISION_HISTORY_LIMIT;
  const template = (isObj(spec.template) ? spec.template : {}) as { spec?: PodSpec };
  const defaultedTemplate = defaultPodTemplateSpec(template);
  if (defaultedTemplate !== spec.template) changes.template = defaultedTemplate;
  const next = patch(spec, changes);
  return next === obj.spec ? obj : { ...obj, spec: next };
}
