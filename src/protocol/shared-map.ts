// shared-map: an immutable hash map with structural sharing, for the page's big collections (the
// mirror's objects per kind, the graph's pod views). Entries live in small hash buckets; a new
// version copies only the buckets it touches and the bucket array, so its cost follows the change,
// not the size, and untouched buckets keep their identity — which also makes the difference of
// two versions of the same map cheap (changesSince: a version made by `with` remembers its own
// changes; between others, only the buckets that are not the same object are compared).

/**
 * Mean entries per bucket beyond which a map doubles its buckets (and below a quarter of which it
 * halves them). Small buckets: a change copies one (a Map of a few entries) and the bucket array
 * (a pointer per BUCKET_LOAD entries).
 */
const BUCKET_LOAD = 8;

let versions = 0;

/** FNV-1a over the key's UTF-16 units: cheap, and spreads `Pod/default/web-…` names evenly. */
function hashKey(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The bucket count for `size` entries: a power of two with about BUCKET_LOAD entries each. */
function bucketCountFor(size: number): number {
  let count = 1;
  while (count * BUCKET_LOAD < size) count *= 2;
  return count;
}

type Bucket<V> = ReadonlyMap<string, V>;

/** One entry that differs between two versions: absent on one side when added or removed. */
export interface MapChange<V> {
  key: string;
  before: V | undefined;
  after: V | undefined;
}

/** An immutable map from string keys to values; `with` returns the next version. */
export class SharedMap<V> {
  private static readonly NO_BUCKET: Bucket<never> = new Map<string, never>();
  private static readonly EMPTY_MAP = new SharedMap<never>([SharedMap.NO_BUCKET], 0);

  /** The empty map (one object for every value type). */
  static empty<V>(): SharedMap<V> {
    return SharedMap.EMPTY_MAP;
  }

  /** Tells versions apart without holding on to them (see `origin`). */
  private readonly version = ++versions;
  /** For a version made by `with`: the version it was made from, and what it changed. */
  private origin: { version: number; changes: readonly MapChange<V>[] } | null = null;

  private constructor(
    private readonly buckets: readonly Bucket<V>[],
    /** How many entries the map holds. */
    readonly size: number,
  ) {}

  private static rebuilt<V>(entries: Iterable<readonly [string, V]>, size: number): SharedMap<V> {
    if (size === 0) return SharedMap.empty();
    const count = bucketCountFor(size);
    const buckets: Map<string, V>[] = Array.from({ length: count }, () => new Map());
    for (const [key, value] of entries) buckets[hashKey(key) & (count - 1)].set(key, value);
    return new SharedMap(buckets, size);
  }

  get(key: string): V | undefined {
    return this.bucketOf(key).get(key);
  }

  has(key: string): boolean {
    return this.bucketOf(key).has(key);
  }

  /** Every value, in the map's (hash) order. */
  values(): V[] {
    const out: V[] = [];
    for (const bucket of this.buckets) for (const value of bucket.values()) out.push(value);
    return out;
  }

  keys(): string[] {
    const out: string[] = [];
    for (const bucket of this.buckets) for (const key of bucket.keys()) out.push(key);
    return out;
  }

  *entries(): IterableIterator<[string, V]> {
    for (const bucket of this.buckets) yield* bucket.entries();
  }

  [Symbol.iterator](): IterableIterator<[string, V]> {
    return this.entries();
  }

  /**
   * The map with `upserts` set and `deletes` removed (deletes first): copies the buckets they fall
   * in (each once) and the bucket array. Returns `this` when nothing changes.
   */
  with(upserts: Iterable<readonly [string, V]>, deletes: Iterable<string> = []): SharedMap<V> {
    let buckets: Bucket<V>[] | null = null;
    const copied = new Set<number>();
    // what changed, by key: a key deleted and set again is one change
    const changes = new Map<string, MapChange<V>>();
    const note = (key: string, before: V | undefined, after: V | undefined) => {
      const had = changes.get(key);
      if (!had) changes.set(key, { key, before, after });
      else if (had.before === after && after !== undefined) changes.delete(key);
      else had.after = after;
    };
    let size = this.size;
    const writable = (index: number): Map<string, V> => {
      buckets ??= [...this.buckets];
      if (!copied.has(index)) {
        copied.add(index);
        buckets[index] = new Map(buckets[index]);
      }
      return buckets[index] as Map<string, V>;
    };
    const mask = this.buckets.length - 1;
    for (const key of deletes) {
      const index = hashKey(key) & mask;
      const current = (buckets ?? this.buckets)[index];
      if (!current.has(key)) continue;
      note(key, current.get(key), undefined);
      writable(index).delete(key);
      size--;
    }
    for (const [key, value] of upserts) {
      const index = hashKey(key) & mask;
      const current = (buckets ?? this.buckets)[index];
      const had = current.has(key);
      if (had && current.get(key) === value) continue;
      note(key, current.get(key), value);
      writable(index).set(key, value);
      if (!had) size++;
    }
    if (!buckets) return this;
    const count = this.buckets.length;
    // grow past BUCKET_LOAD per bucket; shrink below a quarter of it (not at once: no flapping)
    const next =
      size > count * BUCKET_LOAD || (count > 1 && size * 4 < count * BUCKET_LOAD)
        ? SharedMap.rebuilt<V>(new SharedMap<V>(buckets, size).entries(), size)
        : new SharedMap<V>(buckets, size);
    if (next !== SharedMap.EMPTY_MAP) next.origin = { version: this.version, changes: [...changes.values()] };
    return next;
  }

  /**
   * The entries that differ from `before` (values compared by identity), in no particular order.
   * From the version `with` made this one from, what it changed; between other versions of one map
   * with the same bucket count only the buckets that are not the same object are compared: the
   * cost follows the change (plus one identity check per bucket).
   */
  changesSince(before: SharedMap<V>): MapChange<V>[] {
    const out: MapChange<V>[] = [];
    if (before === this) return out;
    if (this.origin?.version === before.version) return [...this.origin.changes];
    const compare = (prev: ReadonlyMap<string, V> | SharedMap<V>, next: ReadonlyMap<string, V> | SharedMap<V>) => {
      for (const [key, after] of next.entries()) {
        const was = prev.get(key);
        if (was !== after || (was === undefined && !prev.has(key))) out.push({ key, before: was, after });
      }
      for (const [key, was] of prev.entries()) if (!next.has(key)) out.push({ key, before: was, after: undefined });
    };
    if (before.buckets.length !== this.buckets.length) {
      compare(before, this);
      return out;
    }
    for (let i = 0; i < this.buckets.length; i++) {
      if (before.buckets[i] !== this.buckets[i]) compare(before.buckets[i], this.buckets[i]);
    }
    return out;
  }

  private bucketOf(key: string): Bucket<V> {
    return this.buckets[hashKey(key) & (this.buckets.length - 1)];
  }
}
