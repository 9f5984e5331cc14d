// scheduling.k8s.io/v1 PriorityClass validation (pkg/apis/scheduling/validation):
// ValidatePriorityClass and ValidatePriorityClassUpdate. Names starting with `system-` must be one
// of the two built-in classes with exactly their value (pkg/apis/scheduling/v1 helpers.go
// IsKnownSystemPriorityClass); any other class may not go above HighestUserDefinablePriority.

import type { KObject } from '../../../k8s/types';
import { nameIsDNSSubdomain } from '../../../k8s/names';
import { field, type FieldError } from '../errors';
import { validateCommonUpdateFields, validateObjectMeta, validateObjectMetaUpdate } from './objectmeta';
import { asInt, asString, isSet, validateImmutableField } from './util';

/** scheduling.HighestUserDefinablePriority. */
export const HIGHEST_USER_DEFINABLE_PRIORITY = 1_000_000_000;
/** scheduling.SystemCriticalPriority. */
export const SYSTEM_CRITICAL_PRIORITY = 2 * HIGHEST_USER_DEFINABLE_PRIORITY;
export const SYSTEM_PRIORITY_CLASS_PREFIX = 'system-';

/** The classes kube-apiserver creates at start-up (systemPriorityClasses, in this order). */
export const SYSTEM_PRIORITY_CLASSES: readonly { name: string; value: number; description: string }[] = [
  {
    name: 'system-node-critical',
    value: SYSTEM_CRITICAL_PRIORITY + 1000,
    description: 'Used for system critical pods that must not be moved from their current node.',
  },
  {
    name: 'system-cluster-critical',
    value: SYSTEM_CRITICAL_PRIORITY,
    description: 'Used for system critical pods that must run in the cluster, but can be moved to another node if necessary.',
  },
];

/** IsKnownSystemPriorityClass: undefined when it is one, else the reason it is not. */
export function knownSystemPriorityClassError(name: string, value: number, globalDefault: boolean): string | undefined {
  const spc = SYSTEM_PRIORITY_CLASSES.find((c) => c.name === name);
  if (!spc) return `${name} is not a known system priority class`;
  if (spc.value !== value) return `value of ${spc.name} PriorityClass must be ${spc.value}`;
  if (globalDefault) return `globalDefault of ${spc.name} PriorityClass must be false`;
  return undefined;
}

/** ValidatePreemptionPolicy (core validation). */
export function validatePreemptionPolicy(policy: unknown, path: string): FieldError[] {
  const p = asString(policy);
  if (p === '') return [field.required(path)];
  if (p !== 'PreemptLowerPriority' && p !== 'Never') return [field.notSupported(path, p, ['PreemptLowerPriority', 'Never'])];
  return [];
}

export function validatePriorityClass(pc: KObject): FieldError[] {
  const errs = validateObjectMeta(pc.metadata, { namespaced: false, validateName: nameIsDNSSubdomain });
  const name = asString(pc.metadata?.name);
  const value = asInt(pc.value);
  if (name.startsWith(SYSTEM_PRIORITY_CLASS_PREFIX)) {
    const why = knownSystemPriorityClassError(name, value, pc.globalDefault === true);
    if (why) {
      errs.push(
        field.forbidden(
          'metadata.name',
          `priority class names with '${SYSTEM_PRIORITY_CLASS_PREFIX}' prefix are reserved for system use only. error: ${why}`,
        ),
      );
    }
  } else if (value > HIGHEST_USER_DEFINABLE_PRIORITY) {
    errs.push(field.forbidden('value', `maximum allowed value of a user defined priority is ${HIGHEST_USER_DEFINABLE_PRIORITY}`));
  }
  if (isSet(pc.preemptionPolicy)) errs.push(...validatePreemptionPolicy(pc.preemptionPolicy, 'preemptionPolicy'));
  return errs;
}

/** Name, value and preemptionPolicy never change. */
export function validatePriorityClassUpdate(pc: KObject, old: KObject): FieldError[] {
  const errs = [
    ...validateCommonUpdateFields(pc.metadata, old.metadata, false),
    ...validateObjectMetaUpdate(pc.metadata, old.metadata),
  ];
  if (asInt(pc.value) !== asInt(old.value)) errs.push(field.forbidden('value', 'may not be changed in an update.'));
  errs.push(...validateImmutableField(pc.preemptionPolicy ?? null, old.preemptionPolicy ?? null, 'preemptionPolicy'));
  return errs;
}
