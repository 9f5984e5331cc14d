// autoscaling HorizontalPodAutoscaler validation (pkg/apis/autoscaling/validation): the spec
// (minReplicas ≥ 1 — HPAScaleToZero is off —, maxReplicas > 0 and ≥ minReplicas, scaleTargetRef,
// metrics, behavior), the update and the status update.

import type { KObject } from '../../../k8s/types';
import { isValidPathSegmentName, nameIsDNSSubdomain } from '../../../k8s/names';
import { parseQuantity } from '../../../k8s/quantity';
import { field, type FieldError } from '../errors';
import { validateCommonUpdateFields, validateObjectMeta, validateObjectMetaUpdate } from './objectmeta';
import { asArray, asInt, asObj, asString, child, index, isObj, isSet, validateNonnegative } from './util';

/** MaxPeriodSeconds / MaxStabilizationWindowSeconds. */
export const MAX_PERIOD_SECONDS = 1800;
export const MAX_STABILIZATION_WINDOW_SECONDS = 3600;

const METRIC_SOURCE_TYPES = ['ContainerResource', 'External', 'Object', 'Pods', 'Resource'];
const SELECT_POLICIES = ['Disabled', 'Max', 'Min'];
const POLICY_TYPES = ['Percent', 'Pods'];
const SOURCE_FIELD: Record<string, string> = {
  Object: 'object',
  Pods: 'pods',
  Resource: 'resource',
  ContainerResource: 'containerResource',
  External: 'external',
};

/** ValidateCrossVersionObjectReference. */
export function validateCrossVersionObjectReference(ref: unknown, path: string): FieldError[] {
  const r = asObj(ref);
  const errs: FieldError[] = [];
  for (const name of ['kind', 'name']) {
    const v = asString(r[name]);
    if (v === '') errs.push(field.required(child(path, name), ''));
    else for (const msg of isValidPathSegmentName(v)) errs.push(field.invalid(child(path, name), v, msg));
  }
  return errs;
}

function quantitySign(v: unknown): number | undefined {
  if (!isSet(v)) return undefined;
  try {
    return parseQuantity(v as string | number).sign();
  } catch {
    return 0;
  }
}

/** validateMetricTarget. */
function validateMetricTarget(target: unknown, path: string): FieldError[] {
  const t = asObj(target);
  const errs: FieldError[] = [];
  const type = asString(t.type);
  if (type === '') errs.push(field.required(child(path, 'type'), 'must specify a metric target type'));
  if (type !== 'Utilization' && type !== 'Value' && type !== 'AverageValue') {
    errs.push(field.invalid(child(path, 'type'), type, 'must be either Utilization, Value, or AverageValue'));
  }
  if (isSet(t.averageUtilization) && asInt(t.averageUtilization) < 1) {
    errs.push(field.invalid(child(path, 'averageUtilization'), asInt(t.averageUtilization), 'must be greater than 0'));
  }
  for (const name of ['value', 'averageValue']) {
    const sign = quantitySign(t[name]);
    if (sign !== undefined && sign !== 1) errs.push(field.invalid(child(path, name), t[name], 'must be positive'));
  }
  return errs;
}

/** validateResourceSource / validateContainerResourceSource. */
function validateResourceSource(src: unknown, path: string, container: boolean): FieldError[] {
  const s = asObj(src);
  const errs: FieldError[] = [];
  if (asString(s.name) === '') errs.push(field.required(child(path, 'name'), 'must specify a resource name'));
  if (container && asString(s.container) === '') errs.push(field.required(child(path, 'container'), 'must specify a container'));
  const target = asObj(s.target);
  if (!isSet(target.averageUtilization) && !isSet(target.averageValue)) {
    errs.push(
      field.required(child(path, 'target', 'averageUtilization'), 'must set either a target raw value or a target utilization'),
    );
  }
  if (isSet(target.averageUtilization) && isSet(target.averageValue)) {
    errs.push(
      field.forbidden(child(path, 'target', 'averageValue'), 'may not set both a target raw value and a target utilization'),
    );
  }
  errs.push(...validateMetricTarget(s.target, child(path, 'target')));
  return errs;
}

/** validatePodsSource / validateObjectSource / validateExternalSource: the metric name and target. */
function validateNamedSource(src: unknown, path: string): FieldError[] {
  const s = asObj(src);
  const errs: FieldError[] = [];
  if (asString(asObj(s.metric).name) === '')
    errs.push(field.required(child(path, 'metric', 'name'), 'must specify a metric name'));
  errs.push(...validateMetricTarget(s.target, child(path, 'target')));
  return errs;
}

/** validateMetricSpec. */
function validateMetricSpec(spec: unknown, path: string): FieldError[] {
  const s = asObj(spec);
  const errs: FieldError[] = [];
  const type = asString(s.type);
  if (type === '') errs.push(field.required(child(path, 'type'), 'must specify a metric source type'));
  if (!METRIC_SOURCE_TYPES.includes(type)) errs.push(field.notSupported(child(path, 'type'), type, METRIC_SOURCE_TYPES));
  const present = Object.values(SOURCE_FIELD).filter((f) => isObj(s[f]));
  if (present.length > 0) {
    const first = present[0];
    const p = child(path, first);
    if (first === 'resource') errs.push(...validateResourceSource(s.resource, p, false));
    else if (first === 'containerResource') errs.push(...validateResourceSource(s.containerResource, p, true));
    else errs.push(...validateNamedSource(s[first], p));
  }
  const expected = SOURCE_FIELD[type];
  if (expected && !isObj(s[expected])) {
    errs.push(field.required(child(path, expected), 'must populate information for the given metric source'));
  }
  if (expected) {
    for (const f of present)
      if (f !== expected) errs.push(field.forbidden(child(path, f), 'must populate the given metric source only'));
  }
  return errs;
}

/** validateScalingRules. */
function validateScalingRules(rules: unknown, path: string): FieldError[] {
  if (!isObj(rules)) return [];
  const errs: FieldError[] = [];
  const window = rules.stabilizationWindowSeconds;
  if (isSet(window)) {
    const w = asInt(window);
    if (w < 0) errs.push(field.invalid(child(path, 'stabilizationWindowSeconds'), w, 'must be greater than or equal to zero'));
    if (w > MAX_STABILIZATION_WINDOW_SECONDS) {
      errs.push(
        field.invalid(
          child(path, 'stabilizationWindowSeconds'),
          w,
          `must be less than or equal to ${MAX_STABILIZATION_WINDOW_SECONDS}`,
        ),
      );
    }
  }
  if (isSet(rules.selectPolicy) && !SELECT_POLICIES.includes(asString(rules.selectPolicy))) {
    errs.push(field.notSupported(child(path, 'selectPolicy'), rules.selectPolicy, SELECT_POLICIES));
  }
  const policiesPath = child(path, 'policies');
  const policies = asArray(rules.policies);
  if (policies.length === 0) errs.push(field.required(policiesPath, 'must specify at least one Policy'));
  policies.forEach((raw, i) => {
    const p = asObj(raw);
    const ip = index(policiesPath, i);
    const type = asString(p.type);
    if (!POLICY_TYPES.includes(type)) errs.push(field.notSupported(child(ip, 'type'), type, POLICY_TYPES));
    if (asInt(p.value) <= 0) errs.push(field.invalid(child(ip, 'value'), asInt(p.value), 'must be greater than zero'));
    const period = asInt(p.periodSeconds);
    if (period <= 0) errs.push(field.invalid(child(ip, 'periodSeconds'), period, 'must be greater than zero'));
    if (period > MAX_PERIOD_SECONDS) {
      errs.push(field.invalid(child(ip, 'periodSeconds'), period, `must be less than or equal to ${MAX_PERIOD_SECONDS}`));
    }
  });
  return errs;
}

/** validateHorizontalPodAutoscalerSpec. */
export function validateHorizontalPodAutoscalerSpec(spec: unknown, path = 'spec'): FieldError[] {
  const s = asObj(spec);
  const errs: FieldError[] = [];
  const min = isSet(s.minReplicas) ? asInt(s.minReplicas) : undefined;
  const max = asInt(s.maxReplicas);
  if (min !== undefined && min < 1)
    errs.push(field.invalid(child(path, 'minReplicas'), min, 'must be greater than or equal to 1'));
  if (max < 1) errs.push(field.invalid(child(path, 'maxReplicas'), max, 'must be greater than 0'));
  if (min !== undefined && max < min) {
    errs.push(field.invalid(child(path, 'maxReplicas'), max, 'must be greater than or equal to `minReplicas`'));
  }
  errs.push(...validateCrossVersionObjectReference(s.scaleTargetRef, child(path, 'scaleTargetRef')));
  asArray(s.metrics).forEach((m, i) => errs.push(...validateMetricSpec(m, index(child(path, 'metrics'), i))));
  if (isObj(s.behavior)) {
    errs.push(...validateScalingRules(s.behavior.scaleUp, child(path, 'behavior', 'scaleUp')));
    errs.push(...validateScalingRules(s.behavior.scaleDown, child(path, 'behavior', 'scaleDown')));
  }
  return errs;
}

/** ValidateHorizontalPodAutoscaler. */
export function validateHorizontalPodAutoscaler(hpa: KObject): FieldError[] {
  const errs = validateObjectMeta(hpa.metadata, { namespaced: true, validateName: nameIsDNSSubdomain });
  errs.push(...validateHorizontalPodAutoscalerSpec(hpa.spec));
  return errs;
}

/** ValidateHorizontalPodAutoscalerUpdate (after the registry's common metadata checks). */
export function validateHorizontalPodAutoscalerUpdate(hpa: KObject, old: KObject): FieldError[] {
  return [
    ...validateCommonUpdateFields(hpa.metadata, old.metadata, true),
    ...validateObjectMetaUpdate(hpa.metadata, old.metadata),
    ...validateHorizontalPodAutoscalerSpec(hpa.spec),
  ];
}

/** ValidateHorizontalPodAutoscalerStatusUpdate. */
export function validateHorizontalPodAutoscalerStatusUpdate(hpa: KObject, old: KObject): FieldError[] {
  return [
    ...validateCommonUpdateFields(hpa.metadata, old.metadata, true),
    ...validateObjectMetaUpdate(hpa.metadata, old.metadata),
    ...validateNonnegative(asInt(hpa.status?.currentReplicas), 'status.currentReplicas'),
    ...validateNonnegative(asInt(hpa.status?.desiredReplicas), 'status.desiredReplicas'),
  ];
}
