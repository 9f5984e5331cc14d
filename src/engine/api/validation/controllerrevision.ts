// apps/v1 ControllerRevision validation (pkg/apis/apps/validation/validation.go
// ValidateControllerRevision, ValidateControllerRevisionUpdate): data is mandatory and, once
// written, immutable; revision is non-negative.

import { nameIsDNSSubdomain } from '../../../k8s/names';
import type { KObject } from '../../../k8s/types';
import { field, type FieldError } from '../errors';
import { validateCommonUpdateFields, validateObjectMeta, validateObjectMetaUpdate } from './objectmeta';
import { IS_NEGATIVE_ERROR_MSG, semanticEqual, FIELD_IMMUTABLE_ERROR_MSG } from './util';

export function validateControllerRevision(cr: KObject): FieldError[] {
  const errs = validateObjectMeta(cr.metadata, { namespaced: true, validateName: nameIsDNSSubdomain });
  if (cr.data === undefined || cr.data === null) errs.push(field.required('data', 'data is mandatory'));
  if (typeof cr.revision === 'number' && cr.revision < 0)
    errs.push(field.invalid('revision', cr.revision, IS_NEGATIVE_ERROR_MSG));
  return errs;
}

export function validateControllerRevisionUpdate(cr: KObject, old: KObject): FieldError[] {
  const errs = [
    ...validateCommonUpdateFields(cr.metadata, old.metadata, true),
    ...validateObjectMetaUpdate(cr.metadata, old.metadata, 'metadata'),
    ...validateControllerRevision(cr),
  ];
  // ValidateImmutableField on a RawExtension: the value prints as the Go struct, left out here.
  if (!semanticEqual(cr.data, old.data))
    errs.push({ type: 'FieldValueInvalid', field: 'data', hasValue: false, detail: FIELD_IMMUTABLE_ERROR_MSG });
  return errs;
}
