// apps/v1 Deployment validation (pkg/apis/apps/validation/validation.go ValidateDeployment,
// ValidateDeploymentSpec, ValidateDeploymentStrategy, ValidateRollingUpdateDeployment,
// ValidatePodTemplateSpecForReplicaSet) and the update / status rules of
// pkg/registry/apps/deployment/strategy.go. Expects a defaulted object.

import { selectorFromLabelSelector, type LabelSelector } from '../../../k8s/labels';
import { nameIsDNSSubdomain } from '../../../k8s/names';
import type { KObject, PodSpec } from '../../../k8s/types';
import { field, type FieldError } from '../errors';
import { validateAnnotations, validateCommonUpdateFields, validateObjectMeta, validateObjectMetaUpdate } from './objectmeta';
import { validatePodSpec } from './pod';
import { validateLabelSelector } from './selectors';
import { invalidGo } from './service';
import { asObj, child, isObj, IS_NEGATIVE_ERROR_MSG, semanticEqual, validateLabels, FIELD_IMMUTABLE_ERROR_MSG } from './util';

/** validation.IsValidPercent's message (sic: two spaces). */
export const PERCENT_MSG =
  "a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')";

export function goMap(m: unknown): string {
  if (!isObj(m)) return 'map[string]string(nil)';
  const keys = Object.keys(m).sort();
  return `map[string]string{${keys.map((k) => `${JSON.stringify(k)}:${JSON.stringify(String(m[k]))}`).join(', ')}}`;
}

/** Go's %#v of a (dereferenced) metav1.LabelSelector. */
export function goLabelSelector(sel: unknown): string {
  const s = asObj(sel);
  const exprs = Array.isArray(s.matchExpressions) ? (s.matchExpressions as Record<string, unknown>[]) : undefined;
  const exprText = exprs
    ? `[]v1.LabelSelectorRequirement{${exprs
        .map((e) => {
          const values = Array.isArray(e.values)
            ? `[]string{${(e.values as unknown[]).map((v) => JSON.stringify(String(v))).join(', ')}}`
            : '[]string(nil)';
          return `v1.LabelSelectorRequirement{Key:${JSON.stringify(String(e.key ?? ''))}, Operator:${JSON.stringify(String(e.operator ?? ''))}, Values:${values}}`;
        })
        .join(', ')}}`
    : '[]v1.LabelSelectorRequirement(nil)';
  return `v1.LabelSelector{MatchLabels:${goMap(s.matchLabels)}, MatchExpressions:${exprText}}`;
}

/** Go's %#v of an intstr.IntOrString. */
export function goIntOrString(v: unknown): string {
  if (typeof v === 'string') return `intstr.IntOrString{Type:1, IntVal:0, StrVal:${JSON.stringify(v)}}`;
  return `intstr.IntOrString{Type:0, IntVal:${typeof v === 'number' ? v : 0}, StrVal:""}`;
}

/** `n%` → n; undefined when not a valid percent string. */
export function percentValue(v: unknown): number | undefined {
  if (typeof v !== 'string' || !/^[0-9]+%$/.test(v)) return undefined;
  return Number(v.slice(0, -1));
}

/** ValidatePositiveIntOrPercent. */
export function validatePositiveIntOrPercent(v: unknown, path: string): FieldError[] {
  if (typeof v === 'string') {
    return percentValue(v) === undefined ? [invalidGo(path, goIntOrString(v), PERCENT_MSG)] : [];
  }
  if (typeof v === 'number') return v < 0 ? [field.invalid(path, v, IS_NEGATIVE_ERROR_MSG)] : [];
  return [];
}

export function intOrPercentValue(v: unknown): number {
  const p = percentValue(v);
  if (p !== undefined) return p;
  return typeof v === 'number' ? v : 0;
}

/** ValidateRollingUpdateDeployment. */
export function validateRollingUpdateDeployment(ru: Record<string, unknown>, path: string): FieldError[] {
  const errs: FieldError[] = [];
  errs.push(...validatePositiveIntOrPercent(ru.maxUnavailable, child(path, 'maxUnavailable')));
  errs.push(...validatePositiveIntOrPercent(ru.maxSurge, child(path, 'maxSurge')));
  if (intOrPercentValue(ru.maxUnavailable) === 0 && intOrPercentValue(ru.maxSurge) === 0) {
    errs.push(invalidGo(child(path, 'maxUnavailable'), goIntOrString(ru.maxUnavailable), 'may not be 0 when `maxSurge` is 0'));
  }
  const p = percentValue(ru.maxUnavailable);
  if (p !== undefined && p > 100) {
    errs.push(invalidGo(child(path, 'maxUnavailable'), goIntOrString(ru.maxUnavailable), 'must not be greater than 100%'));
  }
  return errs;
}

/** ValidateDeploymentStrategy. */
function validateDeploymentStrategy(strategy: Record<string, unknown>, path: string): FieldError[] {
  switch (strategy.type) {
    case 'Recreate':
      return isObj(strategy.rollingUpdate)
        ? [field.forbidden(child(path, 'rollingUpdate'), "may not be specified when strategy `type` is 'Recreate'")]
        : [];
    case 'RollingUpdate':
      if (!isObj(strategy.rollingUpdate))
        return [field.required(child(path, 'rollingUpdate'), 'this should be defaulted and never be nil')];
      return validateRollingUpdateDeployment(strategy.rollingUpdate, child(path, 'rollingUpdate'));
    default:
      return [field.notSupported(child(path, 'type'), strategy.type ?? '', ['Recreate', 'RollingUpdate'])];
  }
}

/**
 * ValidatePodTemplateSpecForReplicaSet: the template's labels satisfy the selector, the template
 * itself is valid, restartPolicy is Always and activeDeadlineSeconds is unset.
 */
export function validatePodTemplateSpecForReplicaSet(
  template: unknown,
  selector: LabelSelector | undefined,
  path: string,
): FieldError[] {
  if (!isObj(template)) return [field.required(path, '')];
  const errs: FieldError[] = [];
  const meta = asObj(template.metadata);
  const labels = isObj(meta.labels) ? (meta.labels as Record<string, string>) : undefined;
  if (selector && (Object.keys(selector.matchLabels ?? {}).length > 0 || (selector.matchExpressions ?? []).length > 0)) {
    let matches: boolean;
    try {
      matches = selectorFromLabelSelector(selector).matches(labels ?? {});
    } catch {
      matches = false;
    }
    if (!matches)
      errs.push(invalidGo(child(path, 'metadata', 'labels'), goMap(labels), '`selector` does not match template `labels`'));
  }
  // ValidatePodTemplateSpec: labels, annotations, then the pod spec.
  errs.push(...validateLabels(meta.labels, child(path, 'labels')));
  errs.push(...validateAnnotations(meta.annotations, child(path, 'annotations')));
  const spec = (isObj(template.spec) ? template.spec : {}) as PodSpec & Record<string, unknown>;
  errs.push(...validatePodSpec(spec, child(path, 'spec')));
  if (spec.restartPolicy !== 'Always') {
    errs.push(field.notSupported(child(path, 'spec', 'restartPolicy'), spec.restartPolicy ?? '', ['Always']));
  }
  if (spec.activeDeadlineSeconds !== undefined && spec.activeDeadlineSeconds !== null) {
    errs.push(
      field.forbidden(child(path, 'spec', 'activeDeadlineSeconds'), 'activeDeadlineSeconds in ReplicaSet is not Supported'),
    );
  }
  return errs;
}

function nonNegative(v: unknown, path: string): FieldError[] {
  return typeof v === 'number' && v < 0 ? [field.invalid(path, v, IS_NEGATIVE_ERROR_MSG)] : [];
}

/** ValidateDeploymentSpec. */
export function validateDeploymentSpec(specIn: unknown, path = 'spec'): FieldError[] {
  const spec = asObj(specIn);
  const errs: FieldError[] = [];
  errs.push(...nonNegative(spec.replicas, child(path, 'replicas')));
  const selector = isObj(spec.selector) ? (spec.selector as LabelSelector) : undefined;
  let selectorOk = true;
  if (!selector) {
    errs.push(field.required(child(path, 'selector'), ''));
  } else {
    errs.push(...validateLabelSelector(selector, {}, child(path, 'selector')));
    if (Object.keys(selector.matchLabels ?? {}).length + (selector.matchExpressions ?? []).length === 0) {
      errs.push(invalidGo(child(path, 'selector'), goLabelSelector(selector), 'empty selector is invalid for deployment'));
    }
    try {
      selectorFromLabelSelector(selector);
    } catch {
      selectorOk = false;
      errs.push(invalidGo(child(path, 'selector'), goLabelSelector(selector), 'invalid label selector'));
    }
  }
  if (selectorOk) errs.push(...validatePodTemplateSpecForReplicaSet(spec.template, selector, child(path, 'template')));
  errs.push(...validateDeploymentStrategy(asObj(spec.strategy), child(path, 'strategy')));
  errs.push(...nonNegative(spec.minReadySeconds, child(path, 'minReadySeconds')));
  errs.push(...nonNegative(spec.revisionHistoryLimit, child(path, 'revisionHistoryLimit')));
  if (typeof spec.progressDeadlineSeconds === 'number') {
    errs.push(...nonNegative(spec.progressDeadlineSeconds, child(path, 'progressDeadlineSeconds')));
    const minReady = typeof spec.minReadySeconds === 'number' ? spec.minReadySeconds : 0;
    if (spec.progressDeadlineSeconds <= minReady) {
      errs.push(
        field.invalid(
          child(path, 'progressDeadlineSeconds'),
          spec.progressDeadlineSeconds,
          'must be greater than minReadySeconds',
        ),
      );
    }
  }
  return errs;
}

/** ValidateDeployment (create). */
export function validateDeployment(d: KObject): FieldError[] {
  return [
    ...validateObjectMeta(d.metadata, { namespaced: true, validateName: nameIsDNSSubdomain }),
    ...validateDeploymentSpec(d.spec),
  ];
}

/** ValidateDeploymentUpdate: metadata update rules, the spec again, and the immutable selector. */
export function validateDeploymentUpdate(d: KObject, old: KObject): FieldError[] {
  const errs = [
    ...validateCommonUpdateFields(d.metadata, old.metadata, true),
    ...validateObjectMetaUpdate(d.metadata, old.metadata, 'metadata'),
    ...validateDeploymentSpec(d.spec),
  ];
  if (!semanticEqual(d.spec?.selector, old.spec?.selector)) {
    errs.push(invalidGo('spec.selector', goLabelSelector(d.spec?.selector), FIELD_IMMUTABLE_ERROR_MSG));
  }
  return errs;
}

/** ValidateDeploymentStatusUpdate: metadata and non-negative counters. */
export function validateDeploymentStatusUpdate(d: KObject, old: KObject): FieldError[] {
  const errs = [
    ...validateCommonUpdateFields(d.metadata, old.metadata, true),
    ...validateObjectMetaUpdate(d.metadata, old.metadata, 'metadata'),
  ];
  const status = asObj(d.status);
  for (const f of [
    'observedGeneration',
    'replicas',
    'updatedReplicas',
    'availableReplicas',
    'readyReplicas',
    'unavailableReplicas',
  ]) {
    errs.push(...nonNegative(status[f], child('status', f)));
  }
  const num = (k: string) => (typeof status[k] === 'number' ? (status[k] as number) : 0);
  if (num('readyReplicas') > num('replicas'))
    errs.push(field.invalid('status.readyReplicas', num('readyReplicas'), 'cannot be greater than status.replicas'));
  if (num('availableReplicas') > num('replicas'))
    errs.push(field.invalid('status.availableReplicas', num('availableReplicas'), 'cannot be greater than status.replicas'));
  if (num('availableReplicas') > num('readyReplicas'))
    errs.push(field.invalid('status.availableReplicas', num('availableReplicas'), 'cannot be greater than readyReplicas'));
  return errs;
}
