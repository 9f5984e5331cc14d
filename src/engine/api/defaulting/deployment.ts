// apps/v1 Deployment defaulting (pkg/apis/apps/v1/defaults.go SetDefaults_Deployment plus the pod
// template's defaults): replicas 1, strategy RollingUpdate with 25% / 25%, revisionHistoryLimit 10,
// progressDeadlineSeconds 600. Pure: returns the same object when nothing changes.

import type { KObject, PodSpec } from '../../../k8s/types';
import { memoizeFrozen, patch } from './cow';
import { defaultPodTemplateSpec } from './pod';

export const DEFAULT_MAX_SURGE = '25%';
export const DEFAULT_MAX_UNAVAILABLE = '25%';
export const DEFAULT_REVISION_HISTORY_LIMIT = 10;
export const DEFAULT_PROGRESS_DEADLINE_SECONDS = 600;

export function defaultDeployment(obj: KObject): KObject {
  const spec: Record<string, unknown> = obj.spec && typeof obj.spec === 'object' ? obj.spec : {};
  const defaulted = defaultDeploymentSpec(spec);
  return defaulted === obj.spec ? obj : { ...obj, spec: defaulted };
}

/**
 * The spec's defaults, once per stored (frozen) spec: the controller's status writes send the
 * stored spec back each time.
 */
const defaultDeploymentSpec = memoizeFrozen((spec: Record<string, unknown>): Record<string, unknown> => {
  const changes: Record<string, unknown> = {};
  if (spec.replicas === undefined || spec.replicas === null) changes.replicas = 1;
  const strategy: Record<string, unknown> =
    spec.strategy && typeof spec.strategy === 'object' ? (spec.strategy as Record<string, unknown>) : {};
  const strategyChanges: Record<string, unknown> = {};
  const type = strategy.type === undefined || strategy.type === '' ? 'RollingUpdate' : strategy.type;
  if (type !== strategy.type) strategyChanges.type = type;
  if (type === 'RollingUpdate') {
    const ru: Record<string, unknown> =
      strategy.rollingUpdate && typeof strategy.rollingUpdate === 'object'
        ? (strategy.rollingUpdate as Record<string, unknown>)
        : {};
    const ruChanges: Record<string, unknown> = {};
    if (ru.maxUnavailable === undefined || ru.maxUnavailable === null) ruChanges.maxUnavailable = DEFAULT_MAX_UNAVAILABLE;
    if (ru.maxSurge === undefined || ru.maxSurge === null) ruChanges.maxSurge = DEFAULT_MAX_SURGE;
    if (Object.keys(ruChanges).length > 0 || strategy.rollingUpdate !== ru) {
      strategyChanges.rollingUpdate = { ...ru, ...ruChanges };
    }
  }
  if (Object.keys(strategyChanges).length > 0 || spec.strategy !== strategy)
    changes.strategy = { ...strategy, ...strategyChanges };
  if (spec.revisionHistoryLimit === undefined || spec.revisionHistoryLimit === null)
    changes.revisionHistoryLimit = DEFAULT_REVISION_HISTORY_LIMIT;
  if (spec.progressDeadlineSeconds === undefined || spec.progressDeadlineSeconds === null)
    changes.progressDeadlineSeconds = DEFAULT_PROGRESS_DEADLINE_SECONDS;
  const template = (spec.template && typeof spec.template === 'object' ? spec.template : {}) as { spec?: PodSpec };
  const defaultedTemplate = defaultPodTemplateSpec(template);
  if (defaultedTemplate !== spec.template) changes.template = defaultedTemplate;
  return Object.keys(changes).length === 0 ? spec : patch(spec, changes);
});
