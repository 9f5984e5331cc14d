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
  child,
  index,
  isObj,
  isSet,
  knownValid,
  rememberValid,
  semanticEqual,
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

/** Frozen annotation maps already found valid (see util.ts validFrozenMaps). */
const validFrozenAnnotations = new WeakSet<object>();

/** ValidateAnnotations: keys are qualified names (case-insensitive), total size at most 256 KiB. */
export function validateAnnotations(annotations: unknown, path: string): FieldError[] {
  if (knownValid(validFrozenAnnotations, annotations)) return [];
  const errs: FieldError[] = [];
  if (!isObj(annotations)) return errs;
  let total = 0;
  // asStringMap's entries, without building them.
  for (const k of Object.keys(annotations)) {
    const val = annotations[k];
    const v = typeof val === 'string' ? val : String(val ?? '');
    for (const msg of isQualifiedName(k.toLowerCase())) errs.push(field.invalid(path, k, msg));
    total += utf8Length(k) + utf8Length(v);
  }
  if (total > TOTAL_ANNOTATION_SIZE_LIMIT_B) errs.push(field.tooLong(path, TOTAL_ANNOTATION_SIZE_LIMIT_B));
  if (errs.length === 0) rememberValid(validFrozenAnnotations, annotations);
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

/**
 * What validateOwnerReference asks of schema.ParseGroupVersion(apiVersion), without splitting:
 * whether the version is empty (also for a malformed value, with more than one '/', which reads as
 * the empty group version), or the group version is core `v1` (`v1` or `/v1`).
 */
function coreV1OrEmptyVersion(apiVersion: string): 'emptyVersion' | 'coreV1' | 'other' {
  const slash = apiVersion.indexOf('/');
  if (slash < 0) return apiVersion === '' ? 'emptyVersion' : apiVersion === 'v1' ? 'coreV1' : 'other';
  // More than one '/': malformed, read as the empty group version.
  if (apiVersion.indexOf('/', slash + 1) >= 0 || slash === apiVersion.length - 1) return 'emptyVersion';
  return slash === 0 && apiVersion === '/v1' ? 'coreV1' : 'other';
}

function validateOwnerReference(ref: unknown, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const r = asObj(ref);
  const apiVersion = asString(r.apiVersion);
  const kind = asString(r.kind);
  const gv = coreV1OrEmptyVersion(apiVersion);
  if (gv === 'emptyVersion') errs.push(field.invalid(child(path, 'apiVersion'), apiVersion, 'version must not be empty'));
  if (kind === '') errs.push(field.invalid(child(path, 'kind'), kind, 'must not be empty'));
  if (asString(r.name) === '') errs.push(field.invalid(child(path, 'name'), asString(r.name), 'must not be empty'));
  if (asString(r.uid) === '') errs.push(field.invalid(child(path, 'uid'), asString(r.uid), 'must not be empty'));
  // BannedOwners: core/v1 Events may not own anything.
  if (gv === 'coreV1' && kind === 'Event') {
    errs.push(field.invalid(path, ownerReferenceJSON(ref), '/v1, Kind=Event is disallowed from being an owner'));
  }
  return errs;
}

/** ValidateOwnerReferences. */
const validOwnerReferences = new WeakSet<object>();

export function validateOwnerReferences(refs: unknown, path: string): FieldError[] {
  // Writes that leave the references alone (every status write, every lease renewal) share them.
  if (knownValid(validOwnerReferences, refs)) return [];
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
  if (errs.length === 0) rememberValid(validOwnerReferences, refs);
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
  asArray(meta.finalizers).forEach((f, i) =>
    errs.push(...validateKubeFinalizerName(asString(f), index(child(path, 'finalizers'), i))),
  );
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
    for (const msg of opts.validateName(generateName, true))
      errs.push(field.invalid(child(path, 'generateName'), generateName, msg));
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
  // The checks below find nothing for absent fields; skipping them then saves building their paths.
  if (asInt(m.generation) < 0) errs.push(...validateNonnegative(asInt(m.generation), child(path, 'generation')));
  if (m.labels !== undefined) errs.push(...validateLabels(m.labels, metaChild(path, 'labels')));
  if (m.annotations !== undefined) errs.push(...validateAnnotations(m.annotations, metaChild(path, 'annotations')));
  if (m.ownerReferences !== undefined)
    errs.push(...validateOwnerReferences(m.ownerReferences, metaChild(path, 'ownerReferences')));
  if (m.finalizers !== undefined) {
    errs.push(...validateFinalizers(m.finalizers, metaChild(path, 'finalizers')));
    if (opts.kubeFinalizers !== false) errs.push(...kubeFinalizerErrors(m, path));
  }
  return errs;
}

/** child(path, name), without building the string for the usual `metadata` path. */
function metaChild(path: string, name: 'labels' | 'annotations' | 'ownerReferences' | 'finalizers'): string {
  if (path !== 'metadata') return child(path, name);
  switch (name) {
    case 'labels':
      return 'metadata.labels';
    case 'annotations':
      return 'metadata.annotations';
    case 'ownerReferences':
      return 'metadata.ownerReferences';
    default:
      return 'metadata.finalizers';
  }
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
  // ValidateImmutableField for each system field; the path is only built for an error.
  const immutable = (newVal: unknown, oldVal: unknown, name: string) => {
    if (!semanticEqual(newVal, oldVal)) errs.push(...validateImmutableField(newVal, oldVal, child(path, name)));
  };
  immutable(asString(n.name), asString(o.name), 'name');
  immutable(asString(n.namespace), asString(o.namespace), 'namespace');
  immutable(asString(n.uid), asString(o.uid), 'uid');
  immutable(n.creationTimestamp ?? null, o.creationTimestamp ?? null, 'creationTimestamp');
  immutable(n.deletionTimestamp ?? null, o.deletionTimestamp ?? null, 'deletionTimestamp');
  immutable(n.deletionGracePeriodSeconds ?? null, o.deletionGracePeriodSeconds ?? null, 'deletionGracePeriodSeconds');
  if (n.labels !== undefined) errs.push(...validateLabels(n.labels, metaChild(path, 'labels')));
  if (n.annotations !== undefined) errs.push(...validateAnnotations(n.annotations, metaChild(path, 'annotations')));
  if (n.ownerReferences !== undefined)
    errs.push(...validateOwnerReferences(n.ownerReferences, metaChild(path, 'ownerReferences')));
  if (opts.kubeFinalizers !== false && n.finalizers !== undefined) errs.push(...kubeFinalizerErrors(n, path));
  return errs;
}

/**
 * The metadata checks the generic registry runs on EVERY update before the kind's own
 * ValidateUpdate (rest.BeforeUpdate's validateCommonFields): apimachinery's ObjectMeta validation
 * with path-segment names, then its update validation. Kind update validators below prepend these,
 * so some errors appear twice in the list, exactly as in the real Status causes (the Status message
 * itself lists each distinct message once: field.ErrorList.ToAggregate de-duplicates).
 */
export function validateCommonUpdateFields(
  newMeta: ObjectMeta | undefined,
  oldMeta: ObjectMeta | undefined,
  namespaced: boolean,
): FieldError[] {
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
