// ObjectMeta validation, as k8s.io/apimachinery/pkg/api/validation/objectmeta.go
// (ValidateObjectMetaAccessor, ValidateObjectMetaAccessorUpdate) plus the extra finalizer-name
// rule pkg/apis/core/validation adds for core kinds (validateKubeFinalizerName).
//
// Faithful oddities kept on purpose (they show in real messages):
//  - label errors are reported at `metadata.labels`, not `metadata.labels[key]`;
//  - owner reference field errors at `metadata.ownerReferences.uid` (no index);
//  - finalizer name format errors at `metadata.finalizers` but the "standard finalizer" one at
//    `metadata.finalizers[i]`.

import type { ObjectMeta } from '../../../k8s/types';
import { field, type FieldError } from '../errors';
import { isQualifiedName, nameIsDNSLabel, utf8Length, validatePathSegmentName } from '../../../k8s/names';
import {
  asArray,
  asInt,
  asObj,
  asString,
  asStringMap,
  child,
  index,
  isObj,
  isSet,
  validateImmutableField,
  validateLabels,
  validateNonnegative,
} from './util';

export const TOTAL_ANNOTATION_SIZE_LIMIT_B = 256 * (1 << 10);

export const FINALIZER_ORPHAN_DEPENDENTS = 'orphan';
export const FINALIZER_DELETE_DEPENDENTS = 'foregroundDeletion';
export const FINALIZER_KUBERNETES = 'kubernetes';
const STANDARD_FINALIZERS = new Set([FINALIZER_KUBERNETES, FINALIZER_ORPHAN_DEPENDENTS, FINALIZER_DELETE_DEPENDENTS]);

/** A ValidateNameFunc: `prefix` is true when validating a generateName. */
export type NameValidator = (name: string, prefix: boolean) => string[];

export interface ObjectMetaOptions {
  /** Whether the kind is namespace-scoped (namespace required) or cluster-scoped (forbidden). */
  namespaced: boolean;
  validateName: NameValidator;
  /**
   * Apply core's extra finalizer rule (an unqualified finalizer must be one of `kubernetes`,
   * `orphan`, `foregroundDeletion`). True for pkg/apis/core kinds and kinds validated through
   * core's ValidateObjectMeta (apps, batch); false for kinds that call apimachinery's directly
   * (coordination.k8s.io Lease). Default true.
   */
  kubeFinalizers?: boolean;
}

/** ValidateAnnotations: keys are qualified names (case-insensitive), total size at most 256 KiB. */
export function validateAnnotations(annotations: unknown, path: string): FieldError[] {
  const errs: FieldError[] = [];
  let total = 0;
  for (const [k, v] of asStringMap(annotations)) {
    for (const msg of isQualifiedName(k.toLowerCase())) errs.push(field.invalid(path, k, msg));
    total += utf8Length(k) + utf8Length(v);
  }
  if (total > TOTAL_ANNOTATION_SIZE_LIMIT_B) errs.push(field.tooLong(path, TOTAL_ANNOTATION_SIZE_LIMIT_B));
  return errs;
}

/** metav1.OwnerReference as encoding/json renders it (field order, omitempty pointers). */
function ownerReferenceJSON(ref: unknown): Record<string, unknown> {
  const r = asObj(ref);
  const out: Record<string, unknown> = {
    apiVersion: asString(r.apiVersion),
    kind: asString(r.kind),
    name: asString(r.name),
    uid: asString(r.uid),
  };
  if (isSet(r.controller)) out.controller = r.controller;
  if (isSet(r.blockOwnerDeletion)) out.blockOwnerDeletion = r.blockOwnerDeletion;
  return out;
}

/** schema.ParseGroupVersion; undefined when malformed (more than one '/'). */
function parseGroupVersion(apiVersion: string): { group: string; version: string } | undefined {
  if (apiVersion === '' || apiVersion === '/') return { group: '', version: '' };
  const parts = apiVersion.split('/');
  if (parts.length === 1) return { group: '', version: parts[0] };
  if (parts.length === 2) return { group: parts[0], version: parts[1] };
  return undefined;
}

function validateOwnerReference(ref: unknown, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const r = asObj(ref);
  const apiVersion = asString(r.apiVersion);
  const kind = asString(r.kind);
  const gv = parseGroupVersion(apiVersion) ?? { group: '', version: '' };
  if (gv.version === '') errs.push(field.invalid(child(path, 'apiVersion'), apiVersion, 'version must not be empty'));
  if (kind === '') errs.push(field.invalid(child(path, 'kind'), kind, 'must not be empty'));
  if (asString(r.name) === '') errs.push(field.invalid(child(path, 'name'), asString(r.name), 'must not be empty'));
  if (asString(r.uid) === '') errs.push(field.invalid(child(path, 'uid'), asString(r.uid), 'must not be empty'));
  // BannedOwners: core/v1 Events may not own anything.
  if (gv.group === '' && gv.version === 'v1' && kind === 'Event') {
    errs.push(field.invalid(path, ownerReferenceJSON(ref), '/v1, Kind=Event is disallowed from being an owner'));
  }
  return errs;
}

/** ValidateOwnerReferences. */
export function validateOwnerReferences(refs: unknown, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const list = asArray(refs);
  let firstController = '';
  for (const ref of list) {
    errs.push(...validateOwnerReference(ref, path));
    const r = asObj(ref);
    if (r.controller === true) {
      const current = `${asString(r.kind)}/${asString(r.name)}`;
      if (firstController !== '') {
        errs.push(
          field.invalid(
            path,
            list.map(ownerReferenceJSON),
            `Only one reference can have Controller set to true. Found "true" in references for ${firstController} and ${current}`,
          ),
        );
      } else {
        firstController = current;
      }
    }
  }
  return errs;
}

/** apimachinery ValidateFinalizers: qualified names, and not both orphan and foregroundDeletion. */
export function validateFinalizers(finalizers: unknown, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const list = asArray(finalizers).map(asString);
  for (const f of list) {
    for (const msg of isQualifiedName(f)) errs.push(field.invalid(path, f, msg));
  }
  if (list.includes(FINALIZER_ORPHAN_DEPENDENTS) && list.includes(FINALIZER_DELETE_DEPENDENTS)) {
    errs.push(
      field.invalid(path, list, `finalizer ${FINALIZER_ORPHAN_DEPENDENTS} and ${FINALIZER_DELETE_DEPENDENTS} cannot be both set`),
    );
  }
  return errs;
}

/** core validateKubeFinalizerName: an unqualified finalizer must be a standard one. */
export function validateKubeFinalizerName(value: string, path: string): FieldError[] {
  if (!value.includes('/') && !STANDARD_FINALIZERS.has(value)) {
    return [field.invalid(path, value, 'name is neither a standard finalizer name nor is it fully qualified')];
  }
  return [];
}

function kubeFinalizerErrors(meta: ObjectMeta, path: string): FieldError[] {
  const errs: FieldError[] = [];
  asArray(meta.finalizers).forEach((f, i) => errs.push(...validateKubeFinalizerName(asString(f), index(child(path, 'finalizers'), i))));
  return errs;
}

/**
 * ValidateObjectMeta for a create. Expects generated names to be filled in already (the server
 * generates before validating), so an empty name is "name or generateName is required".
 */
export function validateObjectMeta(meta: ObjectMeta | undefined, opts: ObjectMetaOptions, path = 'metadata'): FieldError[] {
  const m: ObjectMeta = isObj(meta) ? meta : {};
  const errs: FieldError[] = [];
  const generateName = asString(m.generateName);
  if (generateName !== '') {
    for (const msg of opts.validateName(generateName, true)) errs.push(field.invalid(child(path, 'generateName'), generateName, msg));
  }
  const name = asString(m.name);
  if (name === '') {
    errs.push(field.required(child(path, 'name'), 'name or generateName is required'));
  } else {
    for (const msg of opts.validateName(name, false)) errs.push(field.invalid(child(path, 'name'), name, msg));
  }
  const namespace = asString(m.namespace);
  if (opts.namespaced) {
    if (namespace === '') {
      errs.push(field.required(child(path, 'namespace')));
    } else {
      for (const msg of nameIsDNSLabel(namespace, false)) errs.push(field.invalid(child(path, 'namespace'), namespace, msg));
    }
  } else if (namespace !== '') {
    errs.push(field.forbidden(child(path, 'namespace'), 'not allowed on this type'));
  }
  errs.push(...validateNonnegative(asInt(m.generation), child(path, 'generation')));
  errs.push(...validateLabels(m.labels, child(path, 'labels')));
  errs.push(...validateAnnotations(m.annotations, child(path, 'annotations')));
  errs.push(...validateOwnerReferences(m.ownerReferences, child(path, 'ownerReferences')));
  errs.push(...validateFinalizers(m.finalizers, child(path, 'finalizers')));
  if (opts.kubeFinalizers !== false) errs.push(...kubeFinalizerErrors(m, path));
  return errs;
}

/** Go's %#v of a []string, as ValidateNoNewFinalizers prints it. */
function goStringSlice(values: string[]): string {
  return `[]string{${values.map((v) => JSON.stringify(v)).join(', ')}}`;
}

export interface ObjectMetaUpdateOptions {
  /** See ObjectMetaOptions.kubeFinalizers. Default true. */
  kubeFinalizers?: boolean;
}

/**
 * ValidateObjectMetaUpdate. The new metadata must already carry the resourceVersion the write is
 * made against (the registry fills it in for unconditional updates before validating).
 */
export function validateObjectMetaUpdate(
  newMeta: ObjectMeta | undefined,
  oldMeta: ObjectMeta | undefined,
  path = 'metadata',
  opts: ObjectMetaUpdateOptions = {},
): FieldError[] {
  const n: ObjectMeta = isObj(newMeta) ? newMeta : {};
  const o: ObjectMeta = isObj(oldMeta) ? oldMeta : {};
  const errs: FieldError[] = [];
  if (isSet(o.deletionTimestamp)) {
    const old = new Set(asArray(o.finalizers).map(asString));
    const extra = [...new Set(asArray(n.finalizers).map(asString))].filter((f) => !old.has(f)).sort();
    if (extra.length > 0) {
      errs.push(
        field.forbidden(
          child(path, 'finalizers'),
          `no new finalizers can be added if the object is being deleted, found new finalizers ${goStringSlice(extra)}`,
        ),
      );
    }
  }
  if (asString(n.resourceVersion) === '') {
    errs.push(field.invalid(child(path, 'resourceVersion'), '', 'must be specified for an update'));
  }
  if (asInt(n.generation) < asInt(o.generation)) {
    errs.push(field.invalid(child(path, 'generation'), asInt(n.generation), 'must not be decremented'));
  }
  errs.push(...validateImmutableField(asString(n.name), asString(o.name), child(path, 'name')));
  errs.push(...validateImmutableField(asString(n.namespace), asString(o.namespace), child(path, 'namespace')));
  errs.push(...validateImmutableField(asString(n.uid), asString(o.uid), child(path, 'uid')));
  errs.push(...validateImmutableField(n.creationTimestamp ?? null, o.creationTimestamp ?? null, child(path, 'creationTimestamp')));
  errs.push(...validateImmutableField(n.deletionTimestamp ?? null, o.deletionTimestamp ?? null, child(path, 'deletionTimestamp')));
  errs.push(
    ...validateImmutableField(
      n.deletionGracePeriodSeconds ?? null,
      o.deletionGracePeriodSeconds ?? null,
      child(path, 'deletionGracePeriodSeconds'),
    ),
  );
  errs.push(...validateLabels(n.labels, child(path, 'labels')));
  errs.push(...validateAnnotations(n.annotations, child(path, 'annotations')));
  errs.push(...validateOwnerReferences(n.ownerReferences, child(path, 'ownerReferences')));
  if (opts.kubeFinalizers !== false) errs.push(...kubeFinalizerErrors(n, path));
  return errs;
}

/**
 * The metadata checks the generic registry runs on EVERY update before the kind's own
 * ValidateUpdate (rest.BeforeUpdate's validateCommonFields): apimachinery's ObjectMeta validation
 * with path-segment names, then its update validation. Kind update validators below prepend these,
 * so some errors appear twice in the list, exactly as in the real Status causes (the Status message
 * itself lists each distinct message once: field.ErrorList.ToAggregate de-duplicates).
 */
export function validateCommonUpdateFields(newMeta: ObjectMeta | undefined, oldMeta: ObjectMeta | undefined, namespaced: boolean): FieldError[] {
  return [
    ...validateObjectMeta(newMeta, { namespaced, validateName: validatePathSegmentName, kubeFinalizers: false }),
    ...validateObjectMetaUpdate(newMeta, oldMeta, 'metadata', { kubeFinalizers: false }),
  ];
}

/**
 * The metadata check the generic registry runs on create AFTER the kind's own Validate passed
 * (rest.BeforeCreate): apimachinery's ObjectMeta validation with path-segment names.
 */
export function validateCommonCreateFields(meta: ObjectMeta | undefined, namespaced: boolean): FieldError[] {
  return validateObjectMeta(meta, { namespaced, validateName: validatePathSegmentName, kubeFinalizers: false });
}
