// batch/v1 CronJob validation (pkg/apis/batch/validation/validation.go ValidateCronJobCreate,
// ValidateCronJobUpdate, validateCronJobSpec, validateScheduleFormat, validateTimeZone,
// ValidateJobTemplateSpec). Expects a defaulted object. The schedule is parsed as robfig/cron's
// ParseStandard parses it (k8s/cron/schedule.ts), whose error texts the server returns.

import { parseStandard } from '../../../k8s/cron/schedule';
import { loadLocation } from '../../../k8s/cron/time-zone';
import { nameIsDNSSubdomain } from '../../../k8s/names';
import type { KObject } from '../../../k8s/types';
import { goLabelSelector } from './deployment';
import { field, type FieldError } from '../errors';
import { validateJobSpecFields } from './job';
import { validateCommonUpdateFields, validateObjectMeta, validateObjectMetaUpdate } from './objectmeta';
import { invalidGo } from './service';
import { asObj, child, IS_NEGATIVE_ERROR_MSG, isObj } from './util';

/** Job names are `<cronjob>-<minutes since the epoch>`: 11 characters appended to a 63 limit. */
export const MAX_CRONJOB_NAME_LENGTH = 52;

const CONCURRENCY_POLICIES = ['Allow', 'Forbid', 'Replace'];

/** An IANA file-name component, with the digits and `+` tolerated for legacy names. */
const TIME_ZONE_COMPONENT = /^[A-Za-z.\-_0-9+]{1,14}$/;

/** validateScheduleFormat: the parse error, and TZ in the schedule (allowed only if it was there). */
function validateScheduleFormat(schedule: string, allowTZ: boolean, timeZone: unknown, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const parsed = parseStandard(schedule);
  if (parsed.error !== undefined) errs.push(field.invalid(path, schedule, parsed.error));
  const hasTZ = schedule.includes('TZ');
  if (allowTZ && hasTZ && timeZone !== undefined && timeZone !== null) {
    errs.push(field.invalid(path, schedule, 'cannot use both timeZone field and TZ or CRON_TZ in schedule'));
  } else if (!allowTZ && hasTZ) {
    errs.push(field.invalid(path, schedule, 'cannot use TZ or CRON_TZ in schedule, use timeZone field instead'));
  }
  return errs;
}

/** validateTimeZone: IANA naming rules, not `Local`, and a zone Go can load. */
export function validateTimeZone(timeZone: unknown, path: string): FieldError[] {
  if (typeof timeZone !== 'string') return [];
  if (timeZone.length === 0) return [field.invalid(path, timeZone, 'timeZone must be nil or non-empty string')];
  for (const part of timeZone.split('/')) {
    if (part === '.' || part === '..' || part.startsWith('-') || !TIME_ZONE_COMPONENT.test(part)) {
      return [field.invalid(path, timeZone, `unknown time zone ${timeZone}`)];
    }
  }
  const errs: FieldError[] = [];
  if (timeZone.toLowerCase() === 'local') {
    errs.push(
      field.invalid(path, timeZone, 'timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones'),
    );
  }
  const loaded = loadLocation(timeZone);
  if (typeof loaded === 'string') errs.push(field.invalid(path, timeZone, loaded));
  return errs;
}

function nonNegative(value: unknown, path: string): FieldError[] {
  return typeof value === 'number' && value < 0 ? [field.invalid(path, value, IS_NEGATIVE_ERROR_MSG)] : [];
}

/** ValidateJobTemplateSpec: the Job spec, and no selector of its own (it is generated per Job). */
function validateJobTemplateSpec(templateIn: unknown, path: string): FieldError[] {
  const spec = asObj(asObj(templateIn).spec);
  const specPath = child(path, 'spec');
  const errs = validateJobSpecFields(spec, specPath);
  if (isObj(spec.selector)) {
    errs.push(invalidGo(child(specPath, 'selector'), goLabelSelector(spec.selector), '`selector` will be auto-generated'));
  }
  if (spec.manualSelector === true) {
    errs.push(field.notSupported(child(specPath, 'manualSelector'), true, ['nil', 'false']));
  }
  return errs;
}

function validateCronJobSpec(specIn: unknown, oldSpecIn: unknown, path: string): FieldError[] {
  const spec = asObj(specIn);
  const oldSpec = oldSpecIn === undefined ? undefined : asObj(oldSpecIn);
  const errs: FieldError[] = [];
  const schedule = typeof spec.schedule === 'string' ? spec.schedule : '';
  if (schedule.length === 0) errs.push(field.required(child(path, 'schedule'), ''));
  else {
    const allowTZ = typeof oldSpec?.schedule === 'string' && oldSpec.schedule.includes('TZ');
    errs.push(...validateScheduleFormat(schedule, allowTZ, spec.timeZone, child(path, 'schedule')));
  }
  errs.push(...nonNegative(spec.startingDeadlineSeconds, child(path, 'startingDeadlineSeconds')));
  if (oldSpec === undefined || oldSpec.timeZone !== spec.timeZone) {
    errs.push(...validateTimeZone(spec.timeZone, child(path, 'timeZone')));
  }
  const policy = typeof spec.concurrencyPolicy === 'string' ? spec.concurrencyPolicy : '';
  if (policy === '') errs.push(field.required(child(path, 'concurrencyPolicy'), ''));
  else if (!CONCURRENCY_POLICIES.includes(policy)) {
    errs.push(field.notSupported(child(path, 'concurrencyPolicy'), policy, CONCURRENCY_POLICIES));
  }
  errs.push(...validateJobTemplateSpec(spec.jobTemplate, child(path, 'jobTemplate')));
  errs.push(...nonNegative(spec.successfulJobsHistoryLimit, child(path, 'successfulJobsHistoryLimit')));
  errs.push(...nonNegative(spec.failedJobsHistoryLimit, child(path, 'failedJobsHistoryLimit')));
  return errs;
}

/** ValidateCronJobCreate: metadata (RC name rules), the spec, then the 52-character name limit. */
export function validateCronJob(cj: KObject): FieldError[] {
  const errs = [
    ...validateObjectMeta(cj.metadata, { namespaced: true, validateName: nameIsDNSSubdomain }),
    ...validateCronJobSpec(cj.spec, undefined, 'spec'),
  ];
  const name = cj.metadata?.name ?? '';
  if (name.length > MAX_CRONJOB_NAME_LENGTH) {
    errs.push(field.invalid('metadata.name', name, `must be no more than ${MAX_CRONJOB_NAME_LENGTH} characters`));
  }
  return errs;
}

/** ValidateCronJobUpdate: no name limit (older, longer names can still be changed or deleted). */
export function validateCronJobUpdate(cj: KObject, old: KObject): FieldError[] {
  return [
    ...validateCommonUpdateFields(cj.metadata, old.metadata, true),
    ...validateObjectMetaUpdate(cj.metadata, old.metadata, 'metadata'),
    ...validateCronJobSpec(cj.spec, old.spec ?? {}, 'spec'),
  ];
}

/** The status strategy checks the metadata only. */
export function validateCronJobStatusUpdate(cj: KObject, old: KObject): FieldError[] {
  return [
    ...validateCommonUpdateFields(cj.metadata, old.metadata, true),
    ...validateObjectMetaUpdate(cj.metadata, old.metadata, 'metadata'),
  ];
}
