// core/v1 Namespace validation: ValidateNamespace, ValidateNamespaceUpdate,
// ValidateNamespaceStatusUpdate and ValidateNamespaceFinalizeUpdate (pkg/apis/core/validation), as
// the namespace REST strategies apply them. A namespace name is a DNS-1123 label.

import type { KObject } from '../../../k8s/types';
import { field, type FieldError } from '../errors';
import { isQualifiedName, nameIsDNSLabel } from '../../../k8s/names';
import {
  validateCommonUpdateFields,
  validateKubeFinalizerName,
  validateObjectMeta,
  validateObjectMetaUpdate,
} from './objectmeta';
import { asArray, asObj, asString, index, isSet } from './util';

/** validateFinalizerName: a qualified name, and standard when unqualified. */
function validateFinalizerName(value: string, path: string): FieldError[] {
  const errs = isQualifiedName(value).map((msg) => field.invalid(path, value, msg));
  errs.push(...validateKubeFinalizerName(value, path));
  return errs;
}

/** ValidateNamespace (spec.finalizers errors are reported at `spec.finalizers`, without index). */
export function validateNamespace(ns: KObject): FieldError[] {
  const errs = validateObjectMeta(ns.metadata, { namespaced: false, validateName: nameIsDNSLabel });
  for (const f of asArray(asObj(ns.spec).finalizers)) errs.push(...validateFinalizerName(asString(f), 'spec.finalizers'));
  return errs;
}

/**
 * Everything a Namespace update is checked against: the registry's common metadata checks, then
 * the strategy's ValidateNamespace + ValidateNamespaceUpdate.
 */
export function validateNamespaceUpdate(ns: KObject, old: KObject): FieldError[] {
  return [
    ...validateCommonUpdateFields(ns.metadata, old.metadata, false),
    ...validateNamespace(ns),
    ...validateObjectMetaUpdate(ns.metadata, old.metadata),
  ];
}

/** `namespaces/<name>/status`: the phase must agree with deletionTimestamp. */
export function validateNamespaceStatusUpdate(ns: KObject, old: KObject): FieldError[] {
  const errs = [
    ...validateCommonUpdateFields(ns.metadata, old.metadata, false),
    ...validateObjectMetaUpdate(ns.metadata, old.metadata),
  ];
  const phase = asString(asObj(ns.status).phase);
  if (!isSet(ns.metadata?.deletionTimestamp)) {
    if (phase !== 'Active')
      errs.push(field.invalid('status.Phase', phase, "may only be 'Active' if `deletionTimestamp` is empty"));
  } else if (phase !== 'Terminating') {
    errs.push(field.invalid('status.Phase', phase, "may only be 'Terminating' if `deletionTimestamp` is not empty"));
  }
  return errs;
}

/** `namespaces/<name>/finalize`: only spec.finalizers may change, each a valid finalizer name. */
export function validateNamespaceFinalizeUpdate(ns: KObject, old: KObject): FieldError[] {
  const errs = [
    ...validateCommonUpdateFields(ns.metadata, old.metadata, false),
    ...validateObjectMetaUpdate(ns.metadata, old.metadata),
  ];
  asArray(asObj(ns.spec).finalizers).forEach((f, i) =>
    errs.push(...validateFinalizerName(asString(f), index('spec.finalizers', i))),
  );
  return errs;
}
