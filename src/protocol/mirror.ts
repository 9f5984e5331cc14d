// mirror: the receiver's copy of the cluster's objects, folded delta by delta with structural
// sharing. A delta's cost is proportional to the delta, not to the mirror: objects are kept per
// kind (KindTable), and within a kind in small hash buckets, so a changed object copies one
// bucket of a few dozen entries and the kind's bucket array, never the 150,000 pods of a big
// cluster. Unchanged objects, buckets and kinds keep their identity, so selectors memoised on a
// kind's table (ObjectMirror.ofKind) do nothing when another kind changes. Every version is
// immutable: an older mirror still reads as it was.

import type { KObject } from '../k8s/types';
import { objectKey, type ObjectDelta } from './delta';
import type { ObjectKey } from './messages';
import { SharedMap } from './shared-map';

/** One kind's objects by key: an immutable hash map of small buckets (shared-map.ts). */
export type KindTable = SharedMap<KObject>;

const EMPTY_TABLE: KindTable = SharedMap.empty();

function kindOfKey(key: ObjectKey): string {
  const slash = key.indexOf('/');
  return slash < 0 ? key : key.slice(0, slash);
}

/** The changes of one delta to one kind. */
interface KindChanges {
  upserts: [ObjectKey, KObject][];
  deletes: ObjectKey[];
}

/** A mirror of objects by key, kind by kind. Immutable: apply() returns the next version. */
export class ObjectMirror {
  static readonly EMPTY = new ObjectMirror(new Map(), 0);

  private constructor(
    private readonly tables: ReadonlyMap<string, KindTable>,
    /** How many objects the mirror holds. */
    readonly size: number,
  ) {}

  /** A mirror of `objects` (the last one of a key wins). */
  static of(objects: Iterable<KObject>): ObjectMirror {
    return ObjectMirror.EMPTY.apply({ upserts: [...objects], deletes: [] });
  }

  get(key: ObjectKey): KObject | undefined {
    return this.tables.get(kindOfKey(key))?.get(key);
  }

  has(key: ObjectKey): boolean {
    return this.tables.get(kindOfKey(key))?.has(key) ?? false;
  }

  /** The objects of one kind: the same table while none of them changed. */
  ofKind(kind: string): KindTable {
    return this.tables.get(kind) ?? EMPTY_TABLE;
  }

  /** Every object, kind by kind. */
  values(): KObject[] {
    const out: KObject[] = [];
    for (const table of this.tables.values()) for (const obj of table.values()) out.push(obj);
    return out;
  }

  /** Every key, kind by kind. */
  keys(): ObjectKey[] {
    const out: ObjectKey[] = [];
    for (const table of this.tables.values()) for (const key of table.keys()) out.push(key);
    return out;
  }

  /**
   * Folds a delta in: `this` when nothing changed, else a mirror sharing every untouched kind,
   * bucket and object. With `reset`, the upserts are the whole new contents.
   */
  apply(delta: ObjectDelta & { reset?: boolean }): ObjectMirror {
    const base: ObjectMirror = delta.reset ? ObjectMirror.EMPTY : this;
    const changes = new Map<string, KindChanges>();
    const changesOf = (kind: string): KindChanges => {
      let c = changes.get(kind);
      if (!c) changes.set(kind, (c = { upserts: [], deletes: [] }));
      return c;
    };
    for (const key of delta.deletes) changesOf(kindOfKey(key)).deletes.push(key);
    for (const obj of delta.upserts) changesOf(obj.kind).upserts.push([objectKey(obj), obj]);
    if (changes.size === 0) return base;
    let tables: Map<string, KindTable> | null = null;
    let size = base.size;
    for (const [kind, c] of changes) {
      const before = base.ofKind(kind);
      // deletes first: a delta carries at most one change per key, and a reset none
      const after = before.with(c.upserts, c.deletes);
      if (after === before) continue;
      tables ??= new Map(base.tables);
      if (after.size === 0) tables.delete(kind);
      else tables.set(kind, after);
      size += after.size - before.size;
    }
    return tables ? new ObjectMirror(tables, size) : base;
  }
}
