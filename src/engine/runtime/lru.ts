// Lru: a bounded map that forgets its least recently used entry (groupcache/lru's order), O(1)
// per operation through a list of its entries from oldest to newest. A Map's own insertion order
// would keep the same order, but evicting through map.keys().next() walks every entry deleted
// since the table was last rebuilt: about 4× slower at 4,096 entries, where the event recorder's
// caches stay once a cluster has more objects than that.

class LruEntry<V> {
  older: LruEntry<V> | undefined = undefined;
  newer: LruEntry<V> | undefined = undefined;
  constructor(
    readonly key: string,
    public value: V,
  ) {}
}

export class Lru<V> {
  private readonly entries = new Map<string, LruEntry<V>>();
  private oldest: LruEntry<V> | undefined;
  private newest: LruEntry<V> | undefined;

  /** `onEvict` is told of each value forgotten to make room. */
  constructor(
    private readonly max: number,
    private readonly onEvict?: (value: V) => void,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The value under `key`, which becomes the most recently used; undefined when absent. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.touch(entry);
    return entry.value;
  }

  /** Sets `key` as the most recently used; forgets the least recently used past the bound. */
  set(key: string, value: V): void {
    const entry = this.entries.get(key);
    if (entry !== undefined) {
      entry.value = value;
      this.touch(entry);
      return;
    }
    const added = new LruEntry(key, value);
    this.entries.set(key, added);
    this.append(added);
    if (this.entries.size > this.max) this.evictOldest();
  }

  /** The value under `key`, made by `create` (and set) when absent. */
  getOrCreate(key: string, create: () => V): V {
    const entry = this.entries.get(key);
    if (entry !== undefined) {
      this.touch(entry);
      return entry.value;
    }
    const value = create();
    this.set(key, value);
    return value;
  }

  private touch(entry: LruEntry<V>): void {
    if (entry === this.newest) return;
    this.unlink(entry);
    this.append(entry);
  }

  private append(entry: LruEntry<V>): void {
    entry.older = this.newest;
    entry.newer = undefined;
    if (this.newest) this.newest.newer = entry;
    else this.oldest = entry;
    this.newest = entry;
  }

  private unlink(entry: LruEntry<V>): void {
    if (entry.older) entry.older.newer = entry.newer;
    else this.oldest = entry.newer;
    if (entry.newer) entry.newer.older = entry.older;
    else this.newest = entry.older;
    entry.older = entry.newer = undefined;
  }

  private evictOldest(): void {
    const oldest = this.oldest!;
    this.unlink(oldest);
    this.entries.delete(oldest.key);
    this.onEvict?.(oldest.value);
  }
}
