// delta: the object half of a DeltaMessage. The sender coalesces watch events per object key
// (DeltaCoalescer) so a frame carries at most one upsert or delete per object; the receiver
// folds deltas into its mirror (applyDelta) with copy-on-write, keeping unchanged objects
// identical so narrow selectors do not re-render.

import type { KObject } from '../k8s/types';
import type { ObjectKey } from './messages';

/** `kind/namespace/name`; the namespace part is empty for cluster-scoped objects. */
export function objectKey(obj: Pick<KObject, 'kind' | 'metadata'>): ObjectKey {
  const { namespace = '', name, uid } = obj.metadata;
  return `${obj.kind}/${namespace}/${name ?? `uid:${uid ?? ''}`}`;
}

/** Splits a key back into its parts (names never contain `/`). */
export function parseObjectKey(key: ObjectKey): { kind: string; namespace: string; name: string } {
  const [kind = '', namespace = '', ...rest] = key.split('/');
  return { kind, namespace, name: rest.join('/') };
}

/** The part of a watch event the coalescer needs (structurally the engine's WatchEvent). */
export interface ObjectChange {
  type: 'ADDED' | 'MODIFIED' | 'DELETED';
  object: KObject;
}

export interface ObjectDelta {
  upserts: KObject[];
  deletes: ObjectKey[];
}

interface Pending {
  /** The latest state, or null when the last change was a delete. */
  object: KObject | null;
  /** The first change in this batch was ADDED: the receiver has never seen the key. */
  fresh: boolean;
}

/**
 * DeltaCoalescer keeps the last change per object key between two take() calls. An object
 * created and deleted within one batch vanishes without a trace; one deleted and re-created
 * becomes a single upsert.
 */
export class DeltaCoalescer {
  private pending = new Map<ObjectKey, Pending>();

  get size(): number {
    return this.pending.size;
  }

  add(change: ObjectChange): void {
    const key = objectKey(change.object);
    const entry = this.pending.get(key);
    if (change.type === 'DELETED') {
      if (entry?.fresh) this.pending.delete(key);
      else this.pending.set(key, { object: null, fresh: false });
      return;
    }
    if (entry) entry.object = change.object;
    else this.pending.set(key, { object: change.object, fresh: change.type === 'ADDED' });
  }

  /** Returns the coalesced changes and starts a new batch. */
  take(): ObjectDelta {
    const upserts: KObject[] = [];
    const deletes: ObjectKey[] = [];
    for (const [key, entry] of this.pending) {
      if (entry.object) upserts.push(entry.object);
      else deletes.push(key);
    }
    this.pending = new Map();
    return { upserts, deletes };
  }

  clear(): void {
    this.pending = new Map();
  }
}

/** One kind's objects of a mirror, by key. */
export type KindRecord = Readonly<Record<ObjectKey, KObject>>;

const EMPTY_KIND: KindRecord = Object.freeze({});

/**
 * Each mirror record's objects grouped by kind, kept beside the record (not in it, so the
 * mirror's shape stays the store's contract). applyDelta derives the next mirror's grouping from
 * the previous one: only the kinds the delta touches get a new record, so a selector memoised on
 * one kind's record (selectKind) does nothing when another kind changes — a Lease renewal no
 * longer makes the graph re-scan its pods.
 */
const kindIndex = new WeakMap<object, Map<string, KindRecord>>();

function kindOfKey(key: ObjectKey): string {
  const slash = key.indexOf('/');
  return slash < 0 ? key : key.slice(0, slash);
}

function groupByKind(objects: Readonly<Record<ObjectKey, KObject>>): Map<string, KindRecord> {
  const index = new Map<string, Record<ObjectKey, KObject>>();
  for (const key in objects) {
    const kind = kindOfKey(key);
    let record = index.get(kind);
    if (!record) index.set(kind, (record = {}));
    record[key] = objects[key];
  }
  return index;
}

/**
 * The objects of one kind in a mirror record, by key, in the record's order for a record built
 * here (else grouped on first use). The same record while that kind is unchanged.
 */
export function objectsOfKind(objects: Readonly<Record<ObjectKey, KObject>>, kind: string): KindRecord {
  let index = kindIndex.get(objects);
  if (!index) kindIndex.set(objects, (index = groupByKind(objects)));
  return index.get(kind) ?? EMPTY_KIND;
}

/** The previous grouping with the delta folded in: copies only the records of the kinds it touches. */
function nextKindIndex(previous: Map<string, KindRecord>, delta: ObjectDelta): Map<string, KindRecord> {
  const index = new Map(previous);
  const copied = new Set<string>();
  const writable = (kind: string): Record<ObjectKey, KObject> => {
    if (!copied.has(kind)) {
      copied.add(kind);
      index.set(kind, { ...(index.get(kind) ?? EMPTY_KIND) });
    }
    return index.get(kind) as Record<ObjectKey, KObject>;
  };
  for (const key of delta.deletes) {
    const kind = kindOfKey(key);
    if (key in (index.get(kind) ?? EMPTY_KIND)) delete writable(kind)[key];
  }
  for (const obj of delta.upserts) {
    const key = objectKey(obj);
    writable(obj.kind)[key] = obj;
  }
  return index;
}

/**
 * Folds a delta into a mirror of objects by key. Returns `objects` itself when nothing changed;
 * otherwise a new record sharing every untouched object (and, through objectsOfKind, every
 * untouched kind's record).
 */
export function applyDelta(
  objects: Readonly<Record<ObjectKey, KObject>>,
  delta: ObjectDelta & { reset?: boolean },
): Record<ObjectKey, KObject> {
  if (delta.reset) {
    const next: Record<ObjectKey, KObject> = {};
    for (const obj of delta.upserts) next[objectKey(obj)] = obj;
    return next;
  }
  if (delta.upserts.length === 0 && delta.deletes.every((key) => !(key in objects))) return objects as Record<ObjectKey, KObject>;
  const next: Record<ObjectKey, KObject> = { ...objects };
  for (const key of delta.deletes) delete next[key];
  for (const obj of delta.upserts) next[objectKey(obj)] = obj;
  const previous = kindIndex.get(objects);
  if (previous) kindIndex.set(next, nextKindIndex(previous, delta));
  return next;
}
