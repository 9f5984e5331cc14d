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

type Bucket = ReadonlyMap<ObjectKey, KObject>;

/** Mean entries per bucket beyond which a table doubles its buckets (and below a quarter of which it halves them). */
const BUCKET_LOAD = 32;

/** FNV-1a over the key's UTF-16 units: cheap, and spreads `Pod/default/web-…` names evenly. */
function hashKey(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const NO_BUCKET: Bucket = new Map();

/** The bucket count for `size` entries: a power of two with about BUCKET_LOAD entries each. */
function bucketCountFor(size: number): number {
  let count = 1;
  while (count * BUCKET_LOAD < size) count *= 2;
  return count;
}

/** One kind's objects by key: an immutable hash table of small buckets. */
export class KindTable {
  static readonly EMPTY = new KindTable([NO_BUCKET], 0);

  private constructor(
    private readonly buckets: readonly Bucket[],
    /** How many objects the table holds. */
    readonly size: number,
  ) {}

  private static rebuilt(entries: Iterable<readonly [ObjectKey, KObject]>, size: number): KindTable {
    if (size === 0) return KindTable.EMPTY;
    const count = bucketCountFor(size);
    const buckets: Map<ObjectKey, KObject>[] = Array.from({ length: count }, () => new Map());
    for (const [key, obj] of entries) buckets[hashKey(key) & (count - 1)].set(key, obj);
    return new KindTable(buckets, size);
  }

  get(key: ObjectKey): KObject | undefined {
    return this.bucketOf(key).get(key);
  }

  has(key: ObjectKey): boolean {
    return this.bucketOf(key).has(key);
  }

  /** Every object, in the table's (hash) order. */
  values(): KObject[] {
    const out: KObject[] = [];
    for (const bucket of this.buckets) for (const obj of bucket.values()) out.push(obj);
    return out;
  }

  keys(): ObjectKey[] {
    const out: ObjectKey[] = [];
    for (const bucket of this.buckets) for (const key of bucket.keys()) out.push(key);
    return out;
  }

  *entries(): IterableIterator<[ObjectKey, KObject]> {
    for (const bucket of this.buckets) yield* bucket.entries();
  }

  /**
   * The table with `upserts` set and `deletes` removed: copies the buckets they fall in (each
   * once) and the bucket array. Returns `this` when nothing changes.
   */
  with(upserts: readonly (readonly [ObjectKey, KObject])[], deletes: readonly ObjectKey[]): KindTable {
    let buckets: Bucket[] | null = null;
    const copied = new Set<number>();
    let size = this.size;
    const writable = (index: number): Map<ObjectKey, KObject> => {
      buckets ??= [...this.buckets];
      if (!copied.has(index)) {
        copied.add(index);
        buckets[index] = new Map(buckets[index]);
      }
      return buckets[index] as Map<ObjectKey, KObject>;
    };
    const mask = this.buckets.length - 1;
    for (const key of deletes) {
      const index = hashKey(key) & mask;
      if (!(buckets ?? this.buckets)[index].has(key)) continue;
      writable(index).delete(key);
      size--;
    }
    for (const [key, obj] of upserts) {
      const index = hashKey(key) & mask;
      const current = (buckets ?? this.buckets)[index];
      const had = current.has(key);
      if (had && current.get(key) === obj) continue;
      writable(index).set(key, obj);
      if (!had) size++;
    }
    if (!buckets) return this;
    const count = this.buckets.length;
    // grow past BUCKET_LOAD per bucket; shrink below a quarter of it (not at once: no flapping)
    if (size > count * BUCKET_LOAD || (count > 1 && size * 4 < count * BUCKET_LOAD)) {
      return KindTable.rebuilt(new KindTable(buckets, size).entries(), size);
    }
    return new KindTable(buckets, size);
  }

  private bucketOf(key: ObjectKey): Bucket {
    return this.buckets[hashKey(key) & (this.buckets.length - 1)];
  }
}

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
    return this.tables.get(kind) ?? KindTable.EMPTY;
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
