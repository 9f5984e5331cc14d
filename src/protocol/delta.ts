// delta: the object half of a DeltaMessage. The sender coalesces watch events per object key
// (DeltaCoalescer) so a frame carries at most one upsert or delete per object; the receiver
// folds deltas into its mirror (ObjectMirror in mirror.ts), keeping unchanged objects identical
// so narrow selectors do not re-render.

import type { KObject } from '../k8s/types';
import type { ObjectKey } from './messages';

/** `kind/namespace/name`; the namespace part is empty for cluster-scoped objects. */
export function objectKey(obj: Pick<KObject, 'kind' | 'metadata'>): ObjectKey {
  const { namespace = '', name, uid } = obj.metadata;
  return `${obj.kind}/${namespace}/${name ?? `uid:${uid ?? ''}`}`;
}

/** An object's resourceVersion as a number (0 when it has none): the order the API wrote objects in. */
export function writeOrder(obj: Pick<KObject, 'metadata'>): number {
  return Number(obj.metadata.resourceVersion) || 0;
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
