// batch/v1 Job validation (pkg/apis/batch/validation/validation.go ValidateJob, validateJobSpec,
// validatePodFailurePolicy, validateSuccessPolicy, ValidateJobSpecUpdate, validateJobStatus) with
// the options pkg/registry/batch/job/strategy.go passes (prefixed labels required, scheduling
// directives mutable while a Job is suspended and never started, ElasticIndexedJob on).
// Expects a defaulted object whose selector PrepareForCreate generated.
//
// Source differs from the issue text here: a Job whose template says (or defaults to)
// restartPolicy Always gets `Required value: valid values: "OnFailure", "Never"`; only other
// values get `Unsupported value`.

import { checkIndexesFormat } from '../../../k8s/job-indexes';
import { selectorFromLabelSelector, type LabelSelector } from '../../../k8s/labels';
import { isDNS1123Label, isDNS1123Subdomain, nameIsDNSSubdomain, regexError } from '../../../k8s/names';
import type { KObject, PodSpec } from '../../../k8s/types';
import { field, type FieldError } from '../errors';
import { goLabelSelector } from './deployment';
import { validateCommonUpdateFields, validateObjectMeta, validateObjectMetaUpdate } from './objectmeta';
import { goStringMap, validatePodTemplateSpec } from './replicaset';
import { validateLabelSelector } from './selectors';
import { invalidGo } from './service';
import {
  asArray,
  asObj,
  child,
  index,
  isObj,
  IS_NEGATIVE_ERROR_MSG,
  key,
  semanticEqual,
  validateImmutableField,
  validateQualifiedName,
  type Obj,
} from './util';

export const JOB_NAME_LABEL = 'batch.kubernetes.io/job-name';
export const CONTROLLER_UID_LABEL = 'batch.kubernetes.io/controller-uid';
export const LEGACY_JOB_NAME_LABEL = 'job-name';
export const LEGACY_CONTROLLER_UID_LABEL = 'controller-uid';

const MAX_PARALLELISM_FOR_INDEXED_JOB = 100000;
const MAX_FAILED_INDEXES_FOR_INDEXED_JOB = 100_000;
const COMPLETIONS_SOFT_LIMIT = 100_000;
const PARALLELISM_LIMIT_FOR_HIGH_COMPLETIONS = 10_000;
const MAX_FAILED_INDEXES_LIMIT_FOR_HIGH_COMPLETIONS = 10_000;
const MAX_POD_FAILURE_POLICY_RULES = 20;
const MAX_ON_EXIT_CODES_VALUES = 255;
const MAX_ON_POD_CONDITIONS_PATTERNS = 20;
const MAX_MANAGED_BY_LENGTH = 63;
const MAX_SUCCEEDED_INDEXES_LENGTH = 64 * 1024;
const MAX_SUCCESS_POLICY_RULES = 20;

const POD_FAILURE_POLICY_ACTIONS = ['Count', 'FailIndex', 'FailJob', 'Ignore'];
const ON_EXIT_CODES_OPERATORS = ['In', 'NotIn'];
const CONDITION_STATUSES = ['False', 'True', 'Unknown'];

const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

function nonNegative(v: unknown, path: string): FieldError[] {
  return typeof v === 'number' && v < 0 ? [field.invalid(path, v, IS_NEGATIVE_ERROR_MSG)] : [];
}

function tooMany(path: string, actual: number, max: number): FieldError {
  return { type: 'FieldValueTooMany', field: path, value: actual, detail: `must have at most ${max} items` };
}

/** Go's %#v of a []int32. */
function goInt32s(values: unknown[]): string {
  return `[]int32{${values.map((v) => String(v)).join(', ')}}`;
}

const HTTP_PATH_FMT = "[A-Za-z0-9/\\-._~%!$&'()*+,;=:]+";
const HTTP_PATH = /^[A-Za-z0-9/\-._~%!$&'()*+,;=:]+$/;

/** apimachinery IsDomainPrefixedPath: `host/path` with a DNS-subdomain host (spec.managedBy). */
function validateDomainPrefixedPath(value: string, path: string): FieldError[] {
  if (value.length === 0) return [field.required(path, '')];
  const slash = value.indexOf('/');
  const host = slash < 0 ? value : value.slice(0, slash);
  const rest = slash < 0 ? '' : value.slice(slash + 1);
  if (slash < 0 || host.length === 0 || rest.length === 0) {
    return [field.invalid(path, value, 'must be a domain-prefixed path (such as "acme.io/foo")')];
  }
  const errs = isDNS1123Subdomain(host).map((msg) => field.invalid(path, host, msg));
  if (!HTTP_PATH.test(rest)) errs.push(field.invalid(path, rest, regexError('Invalid path', HTTP_PATH_FMT)));
  return errs;
}

/** ValidateHasLabel. */
function validateHasLabel(meta: Obj, path: string, labelKey: string, expected: string): FieldError[] {
  const labels = isObj(meta.labels) ? meta.labels : {};
  const p = key(child(path, 'labels'), labelKey);
  if (!(labelKey in labels)) return [field.required(p, `must be '${expected}'`)];
  if (labels[labelKey] !== expected) return [invalidGo(p, goStringMap(labels), `must be '${expected}'`)];
  return [];
}

/** validateGeneratedSelector: a generated selector and the template labels name this Job. */
function validateGeneratedSelector(job: KObject, requirePrefixedLabels: boolean): FieldError[] {
  const spec = asObj(job.spec);
  if (spec.manualSelector === true || !isObj(spec.selector)) return [];
  const errs: FieldError[] = [];
  const uid = job.metadata?.uid ?? '';
  const name = job.metadata?.name ?? '';
  if (uid === '') errs.push(field.required('metadata.uid', ''));
  const meta = asObj(asObj(spec.template).metadata);
  const path = 'spec.template.metadata';
  errs.push(...validateHasLabel(meta, path, LEGACY_CONTROLLER_UID_LABEL, uid));
  errs.push(...validateHasLabel(meta, path, LEGACY_JOB_NAME_LABEL, name));
  const expected: Record<string, string> = {};
  if (requirePrefixedLabels) {
    errs.push(...validateHasLabel(meta, path, CONTROLLER_UID_LABEL, uid));
    errs.push(...validateHasLabel(meta, path, JOB_NAME_LABEL, name));
    expected[CONTROLLER_UID_LABEL] = uid;
    expected[JOB_NAME_LABEL] = name;
  }
  expected[LEGACY_CONTROLLER_UID_LABEL] = uid;
  expected[LEGACY_JOB_NAME_LABEL] = name;
  try {
    if (!selectorFromLabelSelector(spec.selector as LabelSelector).matches(expected)) {
      errs.push(invalidGo('spec.selector', goLabelSelector(spec.selector), '`selector` not auto-generated'));
    }
  } catch {
    // An unparsable selector is reported by the spec validation.
  }
  return errs;
}

function validateOnExitCodes(req: Obj, path: string, containerNames: Set<string>): FieldError[] {
  const errs: FieldError[] = [];
  const operatorPath = child(path, 'operator');
  const operator = typeof req.operator === 'string' ? req.operator : '';
  if (operator === '') errs.push(field.required(operatorPath, `valid values: ["In" "NotIn"]`));
  else if (!ON_EXIT_CODES_OPERATORS.includes(operator))
    errs.push(field.notSupported(operatorPath, operator, ON_EXIT_CODES_OPERATORS));
  if (typeof req.containerName === 'string' && !containerNames.has(req.containerName)) {
    errs.push(
      field.invalid(
        child(path, 'containerName'),
        req.containerName,
        'must be one of the container or initContainer names in the pod template',
      ),
    );
  }
  const valuesPath = child(path, 'values');
  const values = asArray(req.values);
  if (values.length === 0) errs.push(invalidGo(valuesPath, goInt32s(values), 'at least one value is required'));
  else if (values.length > MAX_ON_EXIT_CODES_VALUES) errs.push(tooMany(valuesPath, values.length, MAX_ON_EXIT_CODES_VALUES));
  const seen = new Set<unknown>();
  let ordered = true;
  values.forEach((v, j) => {
    const p = index(valuesPath, j);
    if (operator === 'In' && v === 0) errs.push(field.invalid(p, v, 'must not be 0 for the In operator'));
    if (seen.has(v)) errs.push(field.duplicate(p, v));
    else seen.add(v);
    if (j > 0 && (values[j - 1] as number) > (v as number)) ordered = false;
  });
  if (!ordered) errs.push(invalidGo(valuesPath, goInt32s(values), 'must be ordered'));
  return errs;
}

function validateOnPodConditions(patterns: unknown[], path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (patterns.length > MAX_ON_POD_CONDITIONS_PATTERNS) errs.push(tooMany(path, patterns.length, MAX_ON_POD_CONDITIONS_PATTERNS));
  patterns.forEach((raw, j) => {
    const pattern = asObj(raw);
    const p = index(path, j);
    errs.push(...validateQualifiedName(typeof pattern.type === 'string' ? pattern.type : '', child(p, 'type')));
    const status = typeof pattern.status === 'string' ? pattern.status : '';
    if (status === '') errs.push(field.required(child(p, 'status'), `valid values: ["False" "True" "Unknown"]`));
    else if (!CONDITION_STATUSES.includes(status)) errs.push(field.notSupported(child(p, 'status'), status, CONDITION_STATUSES));
  });
  return errs;
}

function validatePodFailurePolicy(spec: Obj, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const rulesPath = child(path, 'rules');
  const rules = asArray(asObj(spec.podFailurePolicy).rules);
  if (rules.length > MAX_POD_FAILURE_POLICY_RULES) errs.push(tooMany(rulesPath, rules.length, MAX_POD_FAILURE_POLICY_RULES));
  const podSpec = asObj(asObj(spec.template).spec);
  const containerNames = new Set(
    [...asArray(podSpec.containers), ...asArray(podSpec.initContainers)].map((c) => String(asObj(c).name ?? '')),
  );
  rules.forEach((raw, i) => {
    const rule = asObj(raw);
    const rulePath = index(rulesPath, i);
    const actionPath = child(rulePath, 'action');
    const action = typeof rule.action === 'string' ? rule.action : '';
    if (action === '') errs.push(field.required(actionPath, `valid values: ["Count" "FailIndex" "FailJob" "Ignore"]`));
    else if (action === 'FailIndex') {
      if (spec.backoffLimitPerIndex === undefined || spec.backoffLimitPerIndex === null)
        errs.push(field.invalid(actionPath, action, 'requires the backoffLimitPerIndex to be set'));
    } else if (!POD_FAILURE_POLICY_ACTIONS.includes(action))
      errs.push(field.notSupported(actionPath, action, POD_FAILURE_POLICY_ACTIONS));
    const onExitCodes = isObj(rule.onExitCodes) ? rule.onExitCodes : undefined;
    const onPodConditions = asArray(rule.onPodConditions);
    if (onExitCodes) errs.push(...validateOnExitCodes(onExitCodes, child(rulePath, 'onExitCodes'), containerNames));
    if (onPodConditions.length > 0) errs.push(...validateOnPodConditions(onPodConditions, child(rulePath, 'onPodConditions')));
    if (onExitCodes && onPodConditions.length > 0)
      errs.push({
        type: 'FieldValueInvalid',
        field: rulePath,
        hasValue: false,
        detail: 'specifying both OnExitCodes and OnPodConditions is not supported',
      });
    if (!onExitCodes && onPodConditions.length === 0)
      errs.push({
        type: 'FieldValueInvalid',
        field: rulePath,
        hasValue: false,
        detail: 'specifying one of OnExitCodes and OnPodConditions is required',
      });
  });
  return errs;
}

function validateSuccessPolicy(spec: Obj, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const rulesPath = child(path, 'rules');
  const rules = asArray(asObj(spec.successPolicy).rules);
  const completions = num(spec.completions) ?? 0;
  if (rules.length === 0)
    errs.push(field.required(rulesPath, 'at least one rules must be specified when the successPolicy is specified'));
  if (rules.length > MAX_SUCCESS_POLICY_RULES) errs.push(tooMany(rulesPath, rules.length, MAX_SUCCESS_POLICY_RULES));
  rules.forEach((raw, i) => {
    const rule = asObj(raw);
    const rulePath = index(rulesPath, i);
    const count = num(rule.succeededCount);
    const indexes = typeof rule.succeededIndexes === 'string' ? rule.succeededIndexes : undefined;
    if (count === undefined && indexes === undefined)
      errs.push(field.required(rulePath, 'at least one of succeededCount or succeededIndexes must be specified'));
    let total = 0;
    if (indexes !== undefined) {
      const p = child(rulePath, 'succeededIndexes');
      if (indexes.length > MAX_SUCCEEDED_INDEXES_LENGTH) errs.push(field.tooLong(p, MAX_SUCCEEDED_INDEXES_LENGTH));
      const parsed = checkIndexesFormat(indexes, completions);
      if ('error' in parsed) errs.push(field.invalid(p, indexes, `error parsing succeededIndexes: ${parsed.error}`));
      else total = parsed.total;
    }
    if (count !== undefined) {
      const p = child(rulePath, 'succeededCount');
      errs.push(...nonNegative(count, p));
      if (count > completions)
        errs.push(field.invalid(p, count, `must be less than or equal to ${completions} (the number of specified completions)`));
      if (indexes !== undefined && count > total)
        errs.push(
          field.invalid(
            p,
            count,
            `must be less than or equal to ${total} (the number of indexes in the specified succeededIndexes field)`,
          ),
        );
    }
  });
  return errs;
}

/** validateJobSpec (shared with the CronJob's job template). */
export function validateJobSpecFields(specIn: unknown, path: string): FieldError[] {
  const spec = asObj(specIn);
  const errs: FieldError[] = [];
  for (const f of ['parallelism', 'completions', 'activeDeadlineSeconds', 'backoffLimit', 'ttlSecondsAfterFinished']) {
    errs.push(...nonNegative(spec[f], child(path, f)));
  }
  const perIndex = num(spec.backoffLimitPerIndex);
  const maxFailed = num(spec.maxFailedIndexes);
  errs.push(...nonNegative(perIndex, child(path, 'backoffLimitPerIndex')));
  if (maxFailed !== undefined) {
    errs.push(...nonNegative(maxFailed, child(path, 'maxFailedIndexes')));
    if (perIndex === undefined)
      errs.push(field.required(child(path, 'backoffLimitPerIndex'), 'when maxFailedIndexes is specified'));
  }
  if (typeof spec.managedBy === 'string') errs.push(...validateDomainPrefixedPath(spec.managedBy, child(path, 'managedBy')));
  if (typeof spec.managedBy === 'string' && spec.managedBy.length > MAX_MANAGED_BY_LENGTH) {
    errs.push({
      type: 'FieldValueTooLong',
      field: child(path, 'managedBy'),
      detail: `may not be more than ${MAX_MANAGED_BY_LENGTH} bytes`,
    });
  }
  const mode = typeof spec.completionMode === 'string' ? spec.completionMode : undefined;
  const completions = num(spec.completions);
  const parallelism = num(spec.parallelism);
  if (mode !== undefined) {
    if (mode !== 'NonIndexed' && mode !== 'Indexed')
      errs.push(field.notSupported(child(path, 'completionMode'), mode, ['NonIndexed', 'Indexed']));
    if (mode === 'Indexed') {
      if (completions === undefined) errs.push(field.required(child(path, 'completions'), 'when completion mode is Indexed'));
      if (parallelism !== undefined && parallelism > MAX_PARALLELISM_FOR_INDEXED_JOB)
        errs.push(
          field.invalid(
            child(path, 'parallelism'),
            parallelism,
            `must be less than or equal to ${MAX_PARALLELISM_FOR_INDEXED_JOB} when completion mode is Indexed`,
          ),
        );
      if (completions !== undefined && maxFailed !== undefined && maxFailed > completions)
        errs.push(field.invalid(child(path, 'maxFailedIndexes'), maxFailed, 'must be less than or equal to completions'));
      if (maxFailed !== undefined && maxFailed > MAX_FAILED_INDEXES_FOR_INDEXED_JOB)
        errs.push(
          field.invalid(
            child(path, 'maxFailedIndexes'),
            maxFailed,
            `must be less than or equal to ${MAX_FAILED_INDEXES_FOR_INDEXED_JOB}`,
          ),
        );
      if (completions !== undefined && completions > COMPLETIONS_SOFT_LIMIT && perIndex !== undefined) {
        const suffix = `when completions are above ${COMPLETIONS_SOFT_LIMIT} and used with backoff limit per index`;
        if (maxFailed === undefined)
          errs.push(
            field.required(
              child(path, 'maxFailedIndexes'),
              `must be specified when completions is above ${COMPLETIONS_SOFT_LIMIT}`,
            ),
          );
        if (parallelism !== undefined && parallelism > PARALLELISM_LIMIT_FOR_HIGH_COMPLETIONS)
          errs.push(
            field.invalid(
              child(path, 'parallelism'),
              parallelism,
              `must be less than or equal to ${PARALLELISM_LIMIT_FOR_HIGH_COMPLETIONS} ${suffix}`,
            ),
          );
        if (maxFailed !== undefined && maxFailed > MAX_FAILED_INDEXES_LIMIT_FOR_HIGH_COMPLETIONS)
          errs.push(
            field.invalid(
              child(path, 'maxFailedIndexes'),
              maxFailed,
              `must be less than or equal to ${MAX_FAILED_INDEXES_LIMIT_FOR_HIGH_COMPLETIONS} ${suffix}`,
            ),
          );
      }
    }
  }
  if (mode === undefined || mode === 'NonIndexed') {
    if (perIndex !== undefined)
      errs.push(field.invalid(child(path, 'backoffLimitPerIndex'), perIndex, 'requires indexed completion mode'));
    if (maxFailed !== undefined)
      errs.push(field.invalid(child(path, 'maxFailedIndexes'), maxFailed, 'requires indexed completion mode'));
  }
  const hasFailurePolicy = isObj(spec.podFailurePolicy);
  if (hasFailurePolicy) errs.push(...validatePodFailurePolicy(spec, child(path, 'podFailurePolicy')));
  if (isObj(spec.successPolicy)) {
    if (mode !== 'Indexed') {
      errs.push({
        type: 'FieldValueInvalid',
        field: child(path, 'successPolicy'),
        hasValue: false,
        detail: `${goSuccessPolicy(spec.successPolicy)}: requires indexed completion mode`,
      });
    } else errs.push(...validateSuccessPolicy(spec, child(path, 'successPolicy')));
  }
  // validatePodReplacementPolicy.
  if (typeof spec.podReplacementPolicy === 'string') {
    const p = child(path, 'podReplacementPolicy');
    if (hasFailurePolicy) {
      if (spec.podReplacementPolicy !== 'Failed') errs.push(field.notSupported(p, spec.podReplacementPolicy, ['Failed']));
    } else if (!['Failed', 'TerminatingOrFailed'].includes(spec.podReplacementPolicy)) {
      errs.push(field.notSupported(p, spec.podReplacementPolicy, ['Failed', 'TerminatingOrFailed']));
    }
  }
  errs.push(...validatePodTemplateSpec(spec.template, child(path, 'template')));
  const restartPolicy = (asObj(asObj(spec.template).spec) as PodSpec).restartPolicy ?? '';
  const restartPath = child(path, 'template', 'spec', 'restartPolicy');
  if (restartPolicy === 'Always' || restartPolicy === '') {
    errs.push(field.required(restartPath, 'valid values: "OnFailure", "Never"'));
  } else if (restartPolicy !== 'OnFailure' && restartPolicy !== 'Never') {
    errs.push(field.notSupported(restartPath, restartPolicy, ['OnFailure', 'Never']));
  } else if (hasFailurePolicy && restartPolicy !== 'Never') {
    errs.push(field.invalid(restartPath, restartPolicy, 'only "Never" is supported when podFailurePolicy is specified'));
  }
  return errs;
}

/**
 * Go's %#v of a batch.SuccessPolicy. Its rules hold pointers, which Go prints as addresses; an
 * address is not reproducible, so a set pointer is shown as `(*T)(0xc000…)`.
 */
function goSuccessPolicy(policy: unknown): string {
  const ptr = (v: unknown, type: string) => (v === undefined || v === null ? `(*${type})(nil)` : `(*${type})(0xc000…)`);
  const rules = asArray(asObj(policy).rules).map((raw) => {
    const rule = asObj(raw);
    return `batch.SuccessPolicyRule{SucceededIndexes:${ptr(rule.succeededIndexes, 'string')}, SucceededCount:${ptr(rule.succeededCount, 'int32')}}`;
  });
  return `batch.SuccessPolicy{Rules:[]batch.SuccessPolicyRule{${rules.join(', ')}}}`;
}

/** ValidateJobSpec: the fields, the selector, and the template labels it must match. */
function validateJobSpec(specIn: unknown, path: string): FieldError[] {
  const spec = asObj(specIn);
  const errs = validateJobSpecFields(spec, path);
  if (!isObj(spec.selector)) errs.push(field.required(child(path, 'selector'), ''));
  else errs.push(...validateLabelSelector(spec.selector, {}, child(path, 'selector')));
  if (isObj(spec.selector)) {
    const labels = asObj(asObj(asObj(spec.template).metadata).labels) as Record<string, string>;
    try {
      if (!selectorFromLabelSelector(spec.selector as LabelSelector).matches(labels)) {
        errs.push(
          invalidGo(
            child(path, 'template', 'metadata', 'labels'),
            goStringMap(asObj(asObj(spec.template).metadata).labels),
            '`selector` does not match template `labels`',
          ),
        );
      }
    } catch {
      // LabelSelectorAsSelector failed: the selector validation said why.
    }
  }
  return errs;
}

/** ValidateJob: metadata (RC name rules), the generated selector, the spec, the Indexed hostnames. */
function validateJobWith(job: KObject, requirePrefixedLabels: boolean): FieldError[] {
  const errs = [
    ...validateObjectMeta(job.metadata, { namespaced: true, validateName: nameIsDNSSubdomain }),
    ...validateGeneratedSelector(job, requirePrefixedLabels),
    ...validateJobSpec(job.spec, 'spec'),
  ];
  const spec = asObj(job.spec);
  const completions = num(spec.completions);
  if (spec.completionMode === 'Indexed' && completions !== undefined && completions > 0) {
    // The controller names Indexed pods' hosts `<job>-<index>`: the largest must be a DNS label.
    const name = job.metadata?.name ?? '';
    const hostname = `${name}-${completions - 1}`;
    if (isDNS1123Label(hostname).length > 0) {
      errs.push(field.invalid('metadata.name', name, `will not able to create pod with invalid DNS label: ${hostname}`));
    }
  }
  return errs;
}

export function validateJob(job: KObject): FieldError[] {
  return validateJobWith(job, true);
}

/** The template may change only where a suspended, never-started Job allows (scheduling directives). */
function validatePodTemplateUpdate(spec: Obj, oldSpec: Obj, allowSchedulingDirectives: boolean): FieldError[] {
  const template = asObj(spec.template);
  let oldTemplate = asObj(oldSpec.template);
  if (allowSchedulingDirectives) {
    const podSpec = asObj(template.spec);
    const oldPodSpec = { ...asObj(oldTemplate.spec) };
    const affinity = isObj(podSpec.affinity) ? podSpec.affinity : undefined;
    const oldAffinity = isObj(oldPodSpec.affinity) ? oldPodSpec.affinity : undefined;
    if (!affinity && oldAffinity) {
      const { nodeAffinity: _dropped, ...rest } = oldAffinity;
      void _dropped;
      oldPodSpec.affinity = Object.keys(rest).length === 0 ? undefined : rest;
    } else if (affinity && !oldAffinity) {
      oldPodSpec.affinity = { nodeAffinity: affinity.nodeAffinity };
    } else if (affinity && oldAffinity) {
      oldPodSpec.affinity = { ...oldAffinity, nodeAffinity: affinity.nodeAffinity };
    }
    oldPodSpec.nodeSelector = podSpec.nodeSelector;
    oldPodSpec.tolerations = podSpec.tolerations;
    oldPodSpec.schedulingGates = podSpec.schedulingGates;
    const meta = asObj(template.metadata);
    oldTemplate = {
      ...oldTemplate,
      metadata: { ...asObj(oldTemplate.metadata), annotations: meta.annotations, labels: meta.labels },
      spec: oldPodSpec,
    };
  }
  return validateImmutableField(spec.template, oldTemplate, 'spec.template');
}

/** The strategy's ValidateUpdate: ValidateJob again, then ValidateJobUpdate. */
export function validateJobUpdate(job: KObject, old: KObject): FieldError[] {
  const oldSpec = asObj(old.spec);
  const oldLabels = asObj(asObj(asObj(oldSpec.template).metadata).labels);
  // Jobs created before the prefixed labels existed are not refused for lacking them.
  const requirePrefixed = JOB_NAME_LABEL in oldLabels && CONTROLLER_UID_LABEL in oldLabels;
  const errs = validateJobWith(job, requirePrefixed);
  errs.push(...validateCommonUpdateFields(job.metadata, old.metadata, true));
  errs.push(...validateObjectMetaUpdate(job.metadata, old.metadata, 'metadata'));
  const spec = asObj(job.spec);
  errs.push(...validateJobSpec(spec, 'spec'));
  // validateCompletions (ElasticIndexedJob): an Indexed Job may change completions together
  // with parallelism; any other Job may not change it.
  if (spec.completionMode === 'Indexed') {
    if (!semanticEqual(spec.completions, oldSpec.completions) && num(spec.completions) !== undefined) {
      if (spec.completions !== spec.parallelism)
        errs.push(field.invalid('spec.completions', spec.completions, 'can only be modified in tandem with spec.parallelism'));
    }
  } else {
    errs.push(...validateImmutableField(spec.completions, oldSpec.completions, 'spec.completions'));
  }
  if (!semanticEqual(spec.selector, oldSpec.selector)) {
    errs.push(invalidGo('spec.selector', goLabelSelector(spec.selector), 'field is immutable'));
  }
  const suspendedNeverStarted = oldSpec.suspend === true && !asObj(old.status).startTime;
  errs.push(...validatePodTemplateUpdate(spec, oldSpec, suspendedNeverStarted));
  for (const f of ['completionMode', 'podFailurePolicy', 'backoffLimitPerIndex', 'managedBy', 'successPolicy']) {
    errs.push(...validateImmutableField(spec[f], oldSpec[f], child('spec', f)));
  }
  return errs;
}

/** validateJobStatus: non-negative counters; ready never above active. */
export function validateJobStatusUpdate(job: KObject, old: KObject): FieldError[] {
  const status = asObj(job.status);
  const errs = [
    ...validateCommonUpdateFields(job.metadata, old.metadata, true),
    ...validateObjectMetaUpdate(job.metadata, old.metadata, 'metadata'),
  ];
  for (const f of ['active', 'succeeded', 'failed', 'ready', 'terminating'])
    errs.push(...nonNegative(status[f], child('status', f)));
  const ready = num(status.ready);
  if (ready !== undefined && ready > (num(status.active) ?? 0) && ready !== num(asObj(old.status).ready)) {
    errs.push(field.invalid('status.ready', ready, 'cannot set more ready pods than active'));
  }
  return errs;
}
