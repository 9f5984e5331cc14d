// batch/v1 CronJob defaulting (pkg/apis/batch/v1/defaults.go SetDefaults_CronJob, plus the job
// template's pod template defaults). The Job defaults (completions, parallelism, backoffLimit, …)
// are not applied to the template: SetDefaults_Job runs on each Job the controller creates.
// Pure: returns the same object when nothing changes.

import type { KObject, PodSpec } from '../../../k8s/types';
import { isObj, patch, type Obj } from './cow';
import { defaultPodTemplateSpec } from './pod';

const unset = (v: unknown) => v === undefined || v === null;

/** The jobTemplate with its pod template defaulted. */
function defaultJobTemplate(templateIn: unknown): unknown {
  if (!isObj(templateIn) || !isObj(templateIn.spec)) return templateIn;
  const jobSpec = templateIn.spec as Obj;
  if (!isObj(jobSpec.template)) return templateIn;
  const podTemplate = defaultPodTemplateSpec(jobSpec.template as { spec?: PodSpec });
  if (podTemplate === jobSpec.template) return templateIn;
  return { ...templateIn, spec: { ...jobSpec, template: podTemplate } };
}

export function defaultCronJob(obj: KObject): KObject {
  const spec: Obj = isObj(obj.spec) ? obj.spec : {};
  const changes: Obj = {};
  if (unset(spec.concurrencyPolicy) || spec.concurrencyPolicy === '') changes.concurrencyPolicy = 'Allow';
  if (unset(spec.suspend)) changes.suspend = false;
  if (unset(spec.successfulJobsHistoryLimit)) changes.successfulJobsHistoryLimit = 3;
  if (unset(spec.failedJobsHistoryLimit)) changes.failedJobsHistoryLimit = 1;
  const jobTemplate = defaultJobTemplate(spec.jobTemplate);
  if (jobTemplate !== spec.jobTemplate) changes.jobTemplate = jobTemplate;
  const defaulted = patch(spec, changes);
  return defaulted === obj.spec ? obj : { ...obj, spec: defaulted };
}
