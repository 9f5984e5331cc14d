// policy/v1 PodDisruptionBudget validation (pkg/apis/policy/validation ValidatePodDisruptionBudget,
// ValidatePodDisruptionBudgetStatusUpdate; the int-or-percent checks of pkg/apis/apps/validation).
//
// The registry validates the spec first (strategy.Validate) and only when that passes runs the
// generic ObjectMeta checks of BeforeCreate with path-segment names — a PDB name need not be a DNS
// subdomain. minAvailable and maxUnavailable are mutable (since 1.15), so an update runs the same
// spec checks. Neither being set is valid in policy/v1 (the budget then allows nothing).
//
// A field.Invalid whose value is a Go struct prints it with `%#v`: `intstr.IntOrString{...}` for
// the int-or-percent fields (deterministic) and, for "both set", the whole internal spec — whose
// pointer fields print as addresses; a fixed address stands in for them here.

import type { KObject } from '../../../k8s/types';
import { isQualifiedName, regexError, validatePathSegmentName } from '../../../k8s/names';
import { goSyntaxIntOrString } from '../../../k8s/int-or-string';
import { field, type FieldError } from '../errors';
import { validateCommonUpdateFields, validateObjectMeta, validateObjectMetaUpdate } from './objectmeta';
import { validateLabelSelector } from './selectors';
import { asArray, asObj, asString, child, index, isSet } from './util';

export const UNHEALTHY_POD_EVICTION_POLICIES = ['AlwaysAllow', 'IfHealthyBudget'];
const PERCENT_FMT = '[0-9]+%';
const percentRe = new RegExp(`^${PERCENT_FMT}$`);
const MUST_BE_INT_OR_PERCENT = "must be an integer or percentage (e.g '5%')";

/** A Go error value with its rendering already done (the value part of the message). */
function invalidRaw(path: string, rendered: string, detail: string): FieldError {
  return { type: 'FieldValueInvalid', field: path, hasValue: false, detail: `${rendered}: ${detail}` };
}

/** validation.IsValidPercent. */
function isValidPercent(s: string): string[] {
  return percentRe.test(s)
    ? []
    : [regexError("a valid percent string must be a numeric string followed by an ending '%'", PERCENT_FMT, '1%', '93%')];
}

/** apps validation ValidatePositiveIntOrPercent + IsNotMoreThan100Percent. */
export function validateIntOrPercent(value: unknown, path: string): FieldError[] {
  if (typeof value === 'string') {
    const errs = isValidPercent(value).map((msg) => invalidRaw(path, goSyntaxIntOrString(value), msg));
    if (errs.length === 0 && Number(value.slice(0, -1)) > 100) {
      errs.push(invalidRaw(path, goSyntaxIntOrString(value), 'must not be greater than 100%'));
    }
    return errs;
  }
  if (typeof value === 'number' && Number.isInteger(value)) {
    return value < 0 ? [field.invalid(path, value, 'must be greater than or equal to 0')] : [];
  }
  return [invalidRaw(path, JSON.stringify(value), MUST_BE_INT_OR_PERCENT)];
}

/** Go's `%#v` of a pointer field: the fixed stand-in address, or a typed nil. */
function pointer(type: string, set: boolean, addr: string): string {
  return `(*${type})(${set ? addr : 'nil'})`;
}

function specGoSyntax(spec: Record<string, unknown>): string {
  return (
    'policy.PodDisruptionBudgetSpec{' +
    `MinAvailable:${pointer('intstr.IntOrString', isSet(spec.minAvailable), '0xc000a1c4e0')}, ` +
    `Selector:${pointer('v1.LabelSelector', isSet(spec.selector), '0xc000a1c500')}, ` +
    `MaxUnavailable:${pointer('intstr.IntOrString', isSet(spec.maxUnavailable), '0xc000a1c520')}, ` +
    `UnhealthyPodEvictionPolicy:${pointer('policy.UnhealthyPodEvictionPolicyType', isSet(spec.unhealthyPodEvictionPolicy), '0xc000a1c540')}}`
  );
}

/** ValidatePodDisruptionBudgetSpec. */
export function validatePodDisruptionBudgetSpec(specValue: unknown, path = 'spec'): FieldError[] {
  const spec = asObj(specValue);
  const errs: FieldError[] = [];
  if (isSet(spec.minAvailable) && isSet(spec.maxUnavailable)) {
    errs.push(invalidRaw(path, specGoSyntax(spec), 'minAvailable and maxUnavailable cannot be both set'));
  }
  if (isSet(spec.minAvailable)) errs.push(...validateIntOrPercent(spec.minAvailable, child(path, 'minAvailable')));
  if (isSet(spec.maxUnavailable)) errs.push(...validateIntOrPercent(spec.maxUnavailable, child(path, 'maxUnavailable')));
  errs.push(...validateLabelSelector(spec.selector, {}, child(path, 'selector')));
  if (isSet(spec.unhealthyPodEvictionPolicy)) {
    const policy = asString(spec.unhealthyPodEvictionPolicy);
    if (!UNHEALTHY_POD_EVICTION_POLICIES.includes(policy)) {
      errs.push(field.notSupported(child(path, 'unhealthyPodEvictionPolicy'), policy, UNHEALTHY_POD_EVICTION_POLICIES));
    }
  }
  return errs;
}

/** Create: the spec, then (only if it passed) the generic metadata checks with path-segment names. */
export function validatePodDisruptionBudget(pdb: KObject): FieldError[] {
  const errs = validatePodDisruptionBudgetSpec(pdb.spec);
  if (errs.length > 0) return errs;
  return validateObjectMeta(pdb.metadata, { namespaced: true, validateName: validatePathSegmentName, kubeFinalizers: false });
}

export function validatePodDisruptionBudgetUpdate(pdb: KObject, old: KObject): FieldError[] {
  const errs = validatePodDisruptionBudgetSpec(pdb.spec);
  if (errs.length > 0) return errs;
  return [
    ...validateCommonUpdateFields(pdb.metadata, old.metadata, true),
    ...validateObjectMetaUpdate(pdb.metadata, old.metadata, 'metadata', { kubeFinalizers: false }),
  ];
}

const CONDITION_REASON_FMT = '[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?';
const conditionReasonRe = new RegExp(`^${CONDITION_REASON_FMT}$`);
const CONDITION_STATUSES = ['False', 'True', 'Unknown'];
const MAX_CONDITION_MESSAGE = 32 * 1024;

/** metav1 validation ValidateConditions (the parts a status writer can get wrong). */
function validateConditions(conditions: unknown, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  asArray(conditions).forEach((c, i) => {
    const p = index(path, i);
    const cond = asObj(c);
    const type = asString(cond.type);
    for (const msg of isQualifiedName(type)) errs.push(field.invalid(child(p, 'type'), type, msg));
    if (seen.has(type)) errs.push(field.duplicate(child(p, 'type'), type));
    seen.add(type);
    const status = asString(cond.status);
    if (!CONDITION_STATUSES.includes(status)) errs.push(field.notSupported(child(p, 'status'), status, CONDITION_STATUSES));
    if (typeof cond.observedGeneration === 'number' && cond.observedGeneration < 0) {
      errs.push(field.invalid(child(p, 'observedGeneration'), cond.observedGeneration, 'must be greater than or equal to zero'));
    }
    if (!asString(cond.lastTransitionTime)) {
      errs.push(field.required(child(p, 'lastTransitionTime'), 'must be set'));
    }
    const reason = asString(cond.reason);
    if (reason === '') errs.push(field.required(child(p, 'reason'), 'must be set'));
    else if (!conditionReasonRe.test(reason)) {
      errs.push(
        field.invalid(
          child(p, 'reason'),
          reason,
          regexError(
            "a condition reason must start with alphabetic character, optionally followed by a string of alphanumeric characters or '_,:', and must end with an alphanumeric character or '_'",
            CONDITION_REASON_FMT,
            'my_name',
            'MY_NAME',
            'MyName',
            'ReasonA,ReasonB',
            'ReasonA:ReasonB',
          ),
        ),
      );
    }
    if (asString(cond.message).length > MAX_CONDITION_MESSAGE)
      errs.push(field.tooLong(child(p, 'message'), MAX_CONDITION_MESSAGE));
  });
  return errs;
}

/** ValidatePodDisruptionBudgetStatusUpdate (policy/v1): conditions and non-negative counters. */
export function validatePodDisruptionBudgetStatusUpdate(pdb: KObject): FieldError[] {
  const status = asObj(pdb.status);
  const errs = validateConditions(status.conditions, 'status.conditions');
  for (const f of ['disruptionsAllowed', 'currentHealthy', 'desiredHealthy', 'expectedPods']) {
    const v = status[f];
    if (typeof v === 'number' && v < 0) errs.push(field.invalid(child('status', f), v, 'must be greater than or equal to 0'));
  }
  return errs;
}
