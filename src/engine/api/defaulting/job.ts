// batch/v1 Job defaulting (pkg/apis/batch/v1/defaults.go SetDefaults_Job and
// SetDefaults_PodFailurePolicyOnPodConditionsPattern, plus the pod template's defaults). Pure:
// returns the same object when nothing changes. The feature gates JobPodReplacementPolicy,
// JobBackoffLimitPerIndex and JobSuccessPolicy are GA and on.

import type { KObject, PodSpec } from '../../../k8s/types';
import { isObj, mapObjArray, patch, type Obj } from './cow';
import { defaultPodTemplateSpec } from './pod';

/** math.MaxInt32: backoffLimit's default when backoffLimitPerIndex is set. */
export const MAX_INT32 = 2147483647;

/** Every onPodConditions pattern without a status gets `True`. */
function defaultPodFailurePolicy(policy: unknown): unknown {
  if (!isObj(policy)) return policy;
  const rules = mapObjArray(policy.rules, (rule: Obj) =>
    patch(rule, {
      onPodConditions: mapObjArray(rule.onPodConditions, (pattern: Obj) =>
        pattern.status === undefined || pattern.status === null || pattern.status === ''
          ? { ...pattern, status: 'True' }
          : pattern,
      ),
    }),
  );
  return patch(policy, { rules });
}

/** The JobSpec defaults (shared with the CronJob's job template). */
export function defaultJobSpec(specIn: unknown): Obj {
  const spec: Obj = isObj(specIn) ? specIn : {};
  const changes: Obj = {};
  const unset = (v: unknown) => v === undefined || v === null;
  // Both unset: a non-parallel Job (1 and 1). Only parallelism unset: 1, completions stays unset
  // (the work-queue pattern).
  if (unset(spec.completions) && unset(spec.parallelism)) {
    changes.completions = 1;
    changes.parallelism = 1;
  } else if (unset(spec.parallelism)) {
    changes.parallelism = 1;
  }
  if (unset(spec.backoffLimit)) changes.backoffLimit = unset(spec.backoffLimitPerIndex) ? 6 : MAX_INT32;
  if (unset(spec.completionMode)) changes.completionMode = 'NonIndexed';
  if (unset(spec.suspend)) changes.suspend = false;
  if (!unset(spec.podFailurePolicy)) changes.podFailurePolicy = defaultPodFailurePolicy(spec.podFailurePolicy);
  if (unset(spec.podReplacementPolicy)) {
    changes.podReplacementPolicy = unset(spec.podFailurePolicy) ? 'TerminatingOrFailed' : 'Failed';
  }
  if (unset(spec.manualSelector)) changes.manualSelector = false;
  if (isObj(spec.template)) {
    const defaulted = defaultPodTemplateSpec(spec.template as { spec?: PodSpec });
    if (defaulted !== spec.template) changes.template = defaulted;
  }
  return patch(spec, changes);
}

/** SetDefaults_Job: the spec defaults; empty Job labels default to the template's labels. */
export function defaultJob(obj: KObject): KObject {
  const spec = defaultJobSpec(obj.spec);
  let out = spec === obj.spec ? obj : { ...obj, spec };
  const template = isObj(spec.template) ? spec.template : undefined;
  const templateLabels = isObj(template?.metadata) ? (template.metadata as Obj).labels : undefined;
  const own = obj.metadata?.labels;
  if (isObj(templateLabels) && (!own || Object.keys(own).length === 0)) {
    out = { ...out, metadata: { ...out.metadata, labels: templateLabels as Record<string, string> } };
  }
  return out;
}
