// apps/v1 DaemonSet validation (pkg/apis/apps/validation/validation.go ValidateDaemonSet,
// ValidateDaemonSetSpec, ValidateDaemonSetUpdateStrategy, ValidateRollingUpdateDaemonSet,
// ValidateDaemonSetStatusUpdate) and the apps/v1 update rule of
// pkg/registry/apps/daemonset/strategy.go (the selector is immutable). Expects a defaulted object.
//
// templateGeneration is not an apps/v1 field: it lives in the
// `deprecated.daemonset.template.generation` annotation, which the strategy (kinds/daemonset.ts)
// owns, so the spec-update rules about it cannot fail here.

import { selectorFromLabelSelector, type LabelSelector } from '../../../k8s/labels';
import { nameIsDNSSubdomain } from '../../../k8s/names';
import type { KObject, PodSpec } from '../../../k8s/types';
import { field, type FieldError } from '../errors';
import {
  goIntOrString,
  goLabelSelector,
  goMap,
  intOrPercentValue,
  percentValue,
  validatePositiveIntOrPercent,
} from './deployment';
import { validateAnnotations, validateCommonUpdateFields, validateObjectMeta, validateObjectMetaUpdate } from './objectmeta';
import { validatePodSpec } from './pod';
import { validateLabelSelector } from './selectors';
import { invalidGo } from './service';
import { asObj, child, isObj, IS_NEGATIVE_ERROR_MSG, semanticEqual, validateLabels, FIELD_IMMUTABLE_ERROR_MSG } from './util';

function nonNegative(v: unknown, path: string): FieldError[] {
  return typeof v === 'number' && v < 0 ? [field.invalid(path, v, IS_NEGATIVE_ERROR_MSG)] : [];
}

/** IsNotMoreThan100Percent. */
function notMoreThan100Percent(v: unknown, path: string): FieldError[] {
  const p = percentValue(v);
  return p !== undefined && p > 100 ? [invalidGo(path, goIntOrString(v), 'must not be greater than 100%')] : [];
}

/** ValidateRollingUpdateDaemonSet: both int-or-percent, ≤ 100%, exactly one of them non-zero. */
export function validateRollingUpdateDaemonSet(ru: Record<string, unknown>, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const unavailablePath = child(path, 'maxUnavailable');
  const surgePath = child(path, 'maxSurge');
  errs.push(...validatePositiveIntOrPercent(ru.maxUnavailable, unavailablePath));
  errs.push(...validatePositiveIntOrPercent(ru.maxSurge, surgePath));
  errs.push(...notMoreThan100Percent(ru.maxUnavailable, unavailablePath));
  errs.push(...notMoreThan100Percent(ru.maxSurge, surgePath));
  const hasUnavailable = intOrPercentValue(ru.maxUnavailable) !== 0;
  const hasSurge = intOrPercentValue(ru.maxSurge) !== 0;
  if (hasUnavailable && hasSurge) {
    errs.push(invalidGo(surgePath, goIntOrString(ru.maxSurge), 'may not be set when maxUnavailable is non-zero'));
  } else if (!hasUnavailable && !hasSurge) {
    errs.push(field.required(unavailablePath, 'cannot be 0 when maxSurge is 0'));
  }
  return errs;
}

/** Go's %#v of an apps.DaemonSetUpdateStrategy (the NotSupported value). */
function goUpdateStrategy(strategy: Record<string, unknown>): string {
  // A non-nil pointer prints as an address in Go; there is no address to show here.
  const ru = isObj(strategy.rollingUpdate)
    ? '(*apps.RollingUpdateDaemonSet)(0xc000000000)'
    : '(*apps.RollingUpdateDaemonSet)(nil)';
  return `apps.DaemonSetUpdateStrategy{Type:${JSON.stringify(String(strategy.type ?? ''))}, RollingUpdate:${ru}}`;
}

/** ValidateDaemonSetUpdateStrategy. */
export function validateDaemonSetUpdateStrategy(strategy: Record<string, unknown>, path: string): FieldError[] {
  switch (strategy.type) {
    case 'OnDelete':
      return [];
    case 'RollingUpdate':
      if (!isObj(strategy.rollingUpdate)) return [field.required(child(path, 'rollingUpdate'), '')];
      return validateRollingUpdateDaemonSet(strategy.rollingUpdate, child(path, 'rollingUpdate'));
    default:
      return [
        {
          type: 'FieldValueNotSupported',
          field: path,
          hasValue: false,
          detail: `${goUpdateStrategy(strategy)}: supported values: "RollingUpdate", "OnDelete"`,
        },
      ];
  }
}

/** ValidateDaemonSetSpec. */
export function validateDaemonSetSpec(specIn: unknown, path = 'spec'): FieldError[] {
  const spec = asObj(specIn);
  const errs: FieldError[] = [];
  const selector = isObj(spec.selector) ? (spec.selector as LabelSelector) : undefined;
  if (selector) errs.push(...validateLabelSelector(selector, {}, child(path, 'selector')));
  const template = asObj(spec.template);
  const meta = asObj(template.metadata);
  const labels = isObj(meta.labels) ? (meta.labels as Record<string, string>) : undefined;
  // LabelSelectorAsSelector: nil selects nothing, so a missing selector never matches.
  let matches: boolean | undefined;
  try {
    matches = selector ? selectorFromLabelSelector(selector).matches(labels ?? {}) : false;
  } catch {
    matches = undefined;
  }
  if (matches === false)
    errs.push(
      invalidGo(child(path, 'template', 'metadata', 'labels'), goMap(labels), '`selector` does not match template `labels`'),
    );
  if (selector && Object.keys(selector.matchLabels ?? {}).length + (selector.matchExpressions ?? []).length === 0) {
    errs.push(invalidGo(child(path, 'selector'), goLabelSelector(selector), 'empty selector is invalid for daemonset'));
  }
  // ValidatePodTemplateSpec: labels, annotations, then the pod spec.
  const templatePath = child(path, 'template');
  errs.push(...validateLabels(meta.labels, child(templatePath, 'labels')));
  errs.push(...validateAnnotations(meta.annotations, child(templatePath, 'annotations')));
  const podSpec = (isObj(template.spec) ? template.spec : {}) as PodSpec & Record<string, unknown>;
  errs.push(...validatePodSpec(podSpec, child(templatePath, 'spec')));
  if (podSpec.restartPolicy !== 'Always') {
    errs.push(field.notSupported(child(templatePath, 'spec', 'restartPolicy'), podSpec.restartPolicy ?? '', ['Always']));
  }
  if (podSpec.activeDeadlineSeconds !== undefined && podSpec.activeDeadlineSeconds !== null) {
    errs.push(
      field.forbidden(
        child(templatePath, 'spec', 'activeDeadlineSeconds'),
        'activeDeadlineSeconds in DaemonSet is not Supported',
      ),
    );
  }
  errs.push(...nonNegative(spec.minReadySeconds, child(path, 'minReadySeconds')));
  errs.push(...validateDaemonSetUpdateStrategy(asObj(spec.updateStrategy), child(path, 'updateStrategy')));
  errs.push(...nonNegative(spec.revisionHistoryLimit, child(path, 'revisionHistoryLimit')));
  return errs;
}

/** ValidateDaemonSet (create). */
export function validateDaemonSet(ds: KObject): FieldError[] {
  return [
    ...validateObjectMeta(ds.metadata, { namespaced: true, validateName: nameIsDNSSubdomain }),
    ...validateDaemonSetSpec(ds.spec),
  ];
}

/** The strategy's ValidateUpdate for apps/v1: metadata rules, the spec again, the immutable selector. */
export function validateDaemonSetUpdate(ds: KObject, old: KObject): FieldError[] {
  const errs = [
    ...validateCommonUpdateFields(ds.metadata, old.metadata, true),
    ...validateObjectMetaUpdate(ds.metadata, old.metadata, 'metadata'),
    ...validateDaemonSetSpec(ds.spec),
  ];
  if (!semanticEqual(ds.spec?.selector, old.spec?.selector)) {
    errs.push(invalidGo('spec.selector', goLabelSelector(ds.spec?.selector), FIELD_IMMUTABLE_ERROR_MSG));
  }
  return errs;
}

const STATUS_COUNTERS = [
  'currentNumberScheduled',
  'numberMisscheduled',
  'desiredNumberScheduled',
  'numberReady',
  'observedGeneration',
  'updatedNumberScheduled',
  'numberAvailable',
  'numberUnavailable',
  'collisionCount',
];

/** ValidateDaemonSetStatusUpdate: non-negative counters, collisionCount never decremented. */
export function validateDaemonSetStatusUpdate(ds: KObject, old: KObject): FieldError[] {
  const errs = [
    ...validateCommonUpdateFields(ds.metadata, old.metadata, true),
    ...validateObjectMetaUpdate(ds.metadata, old.metadata, 'metadata'),
  ];
  const status = asObj(ds.status);
  for (const f of STATUS_COUNTERS) errs.push(...nonNegative(status[f], child('status', f)));
  const oldCount = asObj(old.status).collisionCount;
  if (typeof oldCount === 'number') {
    const count = typeof status.collisionCount === 'number' ? status.collisionCount : 0;
    if (count < oldCount) errs.push(field.invalid('status.collisionCount', count, 'cannot be decremented'));
  }
  return errs;
}
