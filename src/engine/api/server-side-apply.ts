// Server-side apply (`PATCH` with `application/apply-patch+yaml`, what `kubectl apply
// --server-side` sends; kubeplay serve and our kubectl both come here): the applied configuration is merged as a
// strategic merge patch (patch/index.ts), an absent object is created, and the field manager's
// set of fields is recorded in managedFields (FieldsV1: `f:<field>`, list elements by their merge
// key as `k:{"name":"web"}`, lists without one owned whole). A field the manager applied before and
// leaves out now is removed, as apply does. Changing a field another apply manager owns is a
// conflict unless forced (apply-conflicts.ts). Not modelled: managedFields of other writes (create,
// update, patch record none here, so only appliers can conflict).

import type { KObject } from '../../k8s/types';
import type { ApiServer, UpdateOptions } from './apiserver';
import { ownedAlone, resolveOwnership, type FieldSet, type ManagedFieldsEntry } from './apply-conflicts';
import { errors } from './errors';
import { groupResource, type KindDefinition } from './kinds/kind-definition';
import { patchSchemaFor, type PatchSchemaLookup } from './patch';

export type { FieldSet } from './apply-conflicts';

export interface ApplyOptions extends UpdateOptions {
  /** `?fieldManager=`: required for apply. */
  fieldManager?: string | null;
  /** `?force=true` (`--force-conflicts`): take fields other managers own instead of a conflict. */
  force?: boolean;
}

export interface ApplyResult {
  object: KObject;
  created: boolean;
}

/** Applies `applied` (its apiVersion and kind already checked against the target) as `fieldManager`. */
export function applyServerSide(
  api: ApiServer,
  def: KindDefinition,
  namespace: string | undefined,
  name: string,
  applied: KObject,
  applyOptions: ApplyOptions,
): ApplyResult {
  const { fieldManager: manager, force = false, subresource, ...options } = applyOptions;
  if (!manager) {
    throw errors.invalid('', 'PatchOptions', '', [
      { type: 'FieldValueRequired', field: 'fieldManager', detail: 'is required for apply patch' },
    ]);
  }
  if (applied.metadata.name !== name) {
    throw errors.badRequest(
      `the name of the object (${String(applied.metadata.name)}) does not match the name on the URL (${name})`,
    );
  }
  const lookup = patchSchemaFor(def.kind);
  const fields = fieldSet(withoutManagedFields(applied), lookup, []);
  const entry: Record<string, unknown> = {
    manager,
    operation: 'Apply',
    apiVersion: applied.apiVersion,
    time: api.timestamp(),
    fieldsType: 'FieldsV1',
    fieldsV1: fields,
  };
  if (subresource) entry.subresource = subresource;
  const existing = api.tryGet(def, namespace, name);
  if (!existing) {
    if (subresource) throw errors.notFound(groupResource(def), name);
    const object = { ...applied, metadata: { ...applied.metadata, managedFields: [entry] } };
    return {
      object: api.create(object, { ...options, namespace: namespace ?? (def.namespaced ? 'default' : undefined) }),
      created: true,
    };
  }
  const entries = ((existing.metadata as { managedFields?: ManagedFieldsEntry[] }).managedFields ?? []) as ManagedFieldsEntry[];
  const mine = (f: ManagedFieldsEntry) =>
    f.manager === manager && f.operation === 'Apply' && (f.subresource ?? '') === (subresource ?? '');
  const previous = entries.find(mine)?.fieldsV1;
  const others = resolveOwnership(
    entries.filter((f) => !mine(f)),
    fields,
    applied,
    existing,
    force,
  );
  const patch: Record<string, unknown> = {
    ...applied,
    metadata: { ...applied.metadata, managedFields: [...others, entry] },
  };
  // A field another manager still owns stays when this one leaves it out.
  if (previous) mergeRemovals(patch, removals(ownedAlone(previous, others), fields));
  return { object: api.patch(def, namespace, name, 'apply', patch, { ...options, subresource }), created: false };
}

function withoutManagedFields(obj: KObject): KObject {
  const metadata = { ...obj.metadata } as Record<string, unknown>;
  delete metadata.managedFields;
  return { ...obj, metadata } as KObject;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The FieldsV1 set of a configuration. */
export function fieldSet(value: Record<string, unknown>, lookup: PatchSchemaLookup, path: string[]): FieldSet {
  const out: FieldSet = {};
  for (const [key, v] of Object.entries(value)) {
    const fieldPath = [...path, key];
    if (Array.isArray(v)) {
      const mergeKey = lookup(fieldPath)?.mergeKey;
      const elements: FieldSet = {};
      if (mergeKey) {
        for (const item of v) {
          if (!isObject(item) || item[mergeKey] === undefined) continue;
          elements[`k:${JSON.stringify({ [mergeKey]: item[mergeKey] })}`] = { '.': {}, ...fieldSet(item, lookup, fieldPath) };
        }
      }
      out[`f:${key}`] = elements;
    } else if (isObject(v)) {
      out[`f:${key}`] = fieldSet(v, lookup, fieldPath);
    } else {
      out[`f:${key}`] = {};
    }
  }
  return out;
}

/** What to remove: a field, or list elements by key (deleted, or with removals inside). */
type Removal = null | { fields: Record<string, Removal> } | { elements: { id: Record<string, unknown>; inner: Removal }[] };

/** The identity fields apply never removes. */
const KEPT = new Set(['f:apiVersion', 'f:kind']);
const KEPT_METADATA = new Set(['f:name', 'f:namespace']);

/** The fields `before` owned that `after` no longer sets. */
function removals(before: FieldSet, after: FieldSet, top = true, inMetadata = false): { fields: Record<string, Removal> } {
  const fields: Record<string, Removal> = {};
  for (const key of Object.keys(before)) {
    if (!key.startsWith('f:') || (top && KEPT.has(key)) || (inMetadata && KEPT_METADATA.has(key))) continue;
    const name = key.slice(2);
    const now = after[key];
    if (!now) {
      fields[name] = null;
      continue;
    }
    const elementKeys = Object.keys(before[key]).filter((k) => k.startsWith('k:'));
    if (elementKeys.length > 0) {
      const elements: { id: Record<string, unknown>; inner: Removal }[] = [];
      for (const k of elementKeys) {
        const id = JSON.parse(k.slice(2)) as Record<string, unknown>;
        if (!now[k]) elements.push({ id, inner: null });
        else {
          const inner = removals(before[key][k], now[k], false);
          if (Object.keys(inner.fields).length > 0) elements.push({ id, inner });
        }
      }
      if (elements.length > 0) fields[name] = { elements };
    } else {
      const inner = removals(before[key], now, false, top && name === 'metadata');
      if (Object.keys(inner.fields).length > 0) fields[name] = inner;
    }
  }
  return { fields };
}

/** Writes the removals into the patch: `null` for a field, `$patch: delete` for a list element. */
function mergeRemovals(patch: Record<string, unknown>, removal: { fields: Record<string, Removal> }): void {
  for (const [name, r] of Object.entries(removal.fields)) {
    if (r === null) {
      patch[name] = null;
    } else if ('elements' in r) {
      const list = Array.isArray(patch[name]) ? [...(patch[name] as unknown[])] : [];
      for (const { id, inner } of r.elements) {
        if (inner === null) {
          list.push({ ...id, $patch: 'delete' });
          continue;
        }
        const index = list.findIndex((e) => isObject(e) && Object.entries(id).every(([k, v]) => e[k] === v));
        const element = index >= 0 ? { ...(list[index] as Record<string, unknown>) } : { ...id };
        if ('fields' in inner) mergeRemovals(element, inner);
        if (index >= 0) list[index] = element;
        else list.push(element);
      }
      patch[name] = list;
    } else {
      const inner = isObject(patch[name]) ? { ...(patch[name] as Record<string, unknown>) } : {};
      mergeRemovals(inner, r);
      patch[name] = inner;
    }
  }
}
