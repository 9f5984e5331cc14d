// coordination.k8s.io/v1 Lease validation (pkg/apis/coordination/validation): ValidateLease and
// ValidateLeaseUpdate. Leases use apimachinery's ObjectMeta validation directly, so core's
// "standard finalizer name" rule does not apply. holderIdentity and the times are not validated.

import type { KObject } from '../../../k8s/types';
import { field, type FieldError } from '../errors';
import { isQualifiedName, nameIsDNSSubdomain } from '../../../k8s/names';
import { validateCommonUpdateFields, validateObjectMeta, validateObjectMetaUpdate } from './objectmeta';
import { asInt, asObj, asString, child, isSet } from './util';

const VALID_LEASE_STRATEGIES = ['OldestEmulationVersion'];

/** ValidateCoordinatedLeaseStrategy (upstream reports at `<path>.strategy`, i.e. `spec.strategy.strategy`). */
function validateCoordinatedLeaseStrategy(strategy: string, path: string): FieldError[] {
  const p = child(path, 'strategy');
  if (!strategy.includes('/')) {
    return VALID_LEASE_STRATEGIES.includes(strategy) ? [] : [field.notSupported(p, strategy, VALID_LEASE_STRATEGIES)];
  }
  return isQualifiedName(strategy).map((msg) => field.invalid(p, strategy, msg));
}

/** ValidateLeaseSpec. */
export function validateLeaseSpec(spec: unknown, path = 'spec'): FieldError[] {
  const s = asObj(spec);
  const errs: FieldError[] = [];
  if (isSet(s.leaseDurationSeconds) && asInt(s.leaseDurationSeconds) <= 0) {
    errs.push(field.invalid(child(path, 'leaseDurationSeconds'), asInt(s.leaseDurationSeconds), 'must be greater than 0'));
  }
  if (isSet(s.leaseTransitions) && asInt(s.leaseTransitions) < 0) {
    errs.push(field.invalid(child(path, 'leaseTransitions'), asInt(s.leaseTransitions), 'must be greater than or equal to 0'));
  }
  if (isSet(s.strategy)) errs.push(...validateCoordinatedLeaseStrategy(asString(s.strategy), child(path, 'strategy')));
  if (asString(s.preferredHolder) !== '' && asString(s.strategy) === '') {
    errs.push(field.forbidden(child(path, 'preferredHolder'), 'may only be specified if `strategy` is defined'));
  }
  return errs;
}

/** ValidateLease. */
export function validateLease(lease: KObject): FieldError[] {
  const errs = validateObjectMeta(lease.metadata, { namespaced: true, validateName: nameIsDNSSubdomain, kubeFinalizers: false });
  errs.push(...validateLeaseSpec(lease.spec));
  return errs;
}

/** Everything a Lease update is checked against: common metadata checks, then ValidateLeaseUpdate. */
export function validateLeaseUpdate(lease: KObject, old: KObject): FieldError[] {
  return [
    ...validateCommonUpdateFields(lease.metadata, old.metadata, true),
    ...validateObjectMetaUpdate(lease.metadata, old.metadata, 'metadata', { kubeFinalizers: false }),
    ...validateLeaseSpec(lease.spec),
  ];
}
