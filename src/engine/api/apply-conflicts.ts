// Field ownership between managers in server-side apply: an apply that changes the value of a
// field another manager owns conflicts (409 with every conflicting field) unless forced; forced,
// the field moves to the applier. Setting a field to the value it already has co-owns it.

import type { KObject } from '../../k8s/types';
import { deepEqual } from './deep';
import { errors, type ApiError, type StatusCause } from './errors';

/** FieldsV1: `f:<name>` / `k:<json>` / `.` keys, each to the fields below it. */
export interface FieldSet {
  [key: string]: FieldSet;
}

export interface ManagedFieldsEntry {
  manager?: string;
  operation?: string;
  apiVersion?: string;
  subresource?: string;
  fieldsV1?: FieldSet;
}

const ABSENT = Symbol('absent');

/** The paths of the owned leaves of a set (a `.` marks a list element owned as a whole). */
function leaves(set: FieldSet, prefix: string[] = []): string[][] {
  const out: string[][] = [];
  for (const [key, below] of Object.entries(set)) {
    if (key === '.') continue;
    const path = [...prefix, key];
    const children = Object.keys(below).filter((k) => k !== '.');
    if (children.length === 0) out.push(path);
    else out.push(...leaves(below, path));
  }
  return out;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The value at a FieldsV1 path, or ABSENT. */
function valueAt(obj: unknown, path: string[]): unknown {
  let at: unknown = obj;
  for (const key of path) {
    if (key.startsWith('f:')) {
      if (!isObject(at) || !(key.slice(2) in at)) return ABSENT;
      at = at[key.slice(2)];
    } else if (key.startsWith('k:')) {
      const id = JSON.parse(key.slice(2)) as Record<string, unknown>;
      const found = Array.isArray(at)
        ? at.find((e) => isObject(e) && Object.entries(id).every(([k, v]) => e[k] === v))
        : undefined;
      if (found === undefined) return ABSENT;
      at = found;
    }
  }
  return at;
}

function owns(set: FieldSet | undefined, path: string[]): boolean {
  let at = set;
  for (const key of path) {
    at = at?.[key];
    if (!at) return false;
  }
  return true;
}

/** Removes a leaf, and the parents it leaves empty. */
function disown(set: FieldSet, path: string[]): void {
  const [key, ...rest] = path;
  if (!set[key]) return;
  if (rest.length > 0) {
    disown(set[key], rest);
    if (Object.keys(set[key]).some((k) => k !== '.')) return;
  }
  delete set[key];
}

/** fieldpath.Path's text: `.spec.replicas`, `.spec.containers[name="web"].image`. */
export function pathText(path: string[]): string {
  return path
    .map((key) => {
      if (key.startsWith('f:')) return `.${key.slice(2)}`;
      const id = JSON.parse(key.slice(2)) as Record<string, unknown>;
      return `[${Object.entries(id)
        .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
        .join(',')}]`;
    })
    .join('');
}

interface Conflict {
  manager: string;
  path: string[];
}

/** The manager as the conflict message names it (an Update's with its apiVersion). */
function managerText(entry: ManagedFieldsEntry): string {
  let text = JSON.stringify(entry.manager ?? '');
  if (entry.subresource) text += ` with subresource ${JSON.stringify(entry.subresource)}`;
  if (entry.operation === 'Update') text += ` using ${entry.apiVersion ?? ''}`;
  return text;
}

function conflictError(conflicts: Conflict[]): ApiError {
  const causes: StatusCause[] = conflicts.map((c) => ({
    reason: 'FieldManagerConflict',
    message: `conflict with ${c.manager}`,
    field: pathText(c.path),
  }));
  let message: string;
  if (conflicts.length === 1) {
    message = `Apply failed with 1 conflict: conflict with ${conflicts[0].manager}: ${pathText(conflicts[0].path)}`;
  } else {
    const byManager = new Map<string, string[]>();
    for (const c of conflicts) byManager.set(c.manager, [...(byManager.get(c.manager) ?? []), pathText(c.path)]);
    const lines = [...byManager.keys()]
      .sort()
      .flatMap((m) => [`conflicts with ${m}:`, ...byManager.get(m)!.map((p) => `- ${p}`)]);
    message = `Apply failed with ${conflicts.length} conflicts: ${lines.join('\n')}`;
  }
  return errors.applyConflict(message, causes);
}

/**
 * The other managers' entries after `applied` (owning `fields`) is applied over `live`: throws the
 * conflicts unless `force`, which takes the conflicting fields from their owners (an entry left
 * owning nothing is dropped). Fields applied with the value they already have stay co-owned.
 */
export function resolveOwnership(
  others: ManagedFieldsEntry[],
  fields: FieldSet,
  applied: KObject,
  live: KObject,
  force: boolean,
): ManagedFieldsEntry[] {
  const changed = leaves(fields).filter((path) => !deepEqual(valueAt(applied, path), valueAt(live, path)));
  const conflicts: Conflict[] = [];
  const taken = new Map<ManagedFieldsEntry, string[][]>();
  for (const entry of others) {
    const lost = changed.filter((path) => owns(entry.fieldsV1, path));
    if (lost.length === 0) continue;
    taken.set(entry, lost);
    for (const path of lost) conflicts.push({ manager: managerText(entry), path });
  }
  if (conflicts.length > 0 && !force) throw conflictError(conflicts);
  const out: ManagedFieldsEntry[] = [];
  for (const entry of others) {
    const lost = taken.get(entry);
    if (!lost) {
      out.push(entry);
      continue;
    }
    const kept = structuredClone(entry.fieldsV1 ?? {});
    for (const path of lost) disown(kept, path);
    if (Object.keys(kept).length > 0) out.push({ ...entry, fieldsV1: kept });
  }
  return out;
}

/** The fields of `previous` no other entry owns: those a manager may remove by leaving them out. */
export function ownedAlone(previous: FieldSet, others: ManagedFieldsEntry[]): FieldSet {
  const alone = structuredClone(previous);
  for (const path of leaves(previous)) if (others.some((e) => owns(e.fieldsV1, path))) disown(alone, path);
  return alone;
}
