// Informer: a SharedIndexInformer over the API server's synchronous watch. One per kind, shared by
// every controller that reads that kind: it lists, then watches from the list's resourceVersion,
// keeps a cache keyed `namespace/name` with indexes, and tells handlers about adds, updates and
// deletes after the cache has been updated (so a handler that looks at the cache sees the change).
//
// Differences from client-go (tools/cache/shared_informer.go), all because our watch is synchronous
// and in order: there is no DeltaFIFO, no relist, no resync period and no DeletedFinalStateUnknown
// tombstone — onDelete always gets the object's final state. Objects are immutable, so the cache
// holds the store's own references rather than copies.

import type { KObject } from '../../k8s/types';
import type { ApiServer } from '../api/apiserver';
import type { KindDefinition } from '../api/kinds/kind-definition';
import type { WatchEvent } from '../simulation-types';
import { flatString } from './string-interner';

/** Maps an object to the values it is indexed under (cache.IndexFunc). */
export type IndexFunc = (obj: KObject) => readonly string[];

/** Callbacks for cache changes (cache.ResourceEventHandlerFuncs). */
export interface InformerHandler {
  onAdd?(obj: KObject): void;
  onUpdate?(oldObj: KObject, newObj: KObject): void;
  onDelete?(obj: KObject): void;
}

export const NAMESPACE_INDEX = 'namespace';
export const OWNER_UID_INDEX = 'ownerUid';
export const NODE_NAME_INDEX = 'nodeName';
/** Objects no controller owns, by namespace: the only candidates a controller can adopt (added on demand). */
export const ORPHANS_INDEX = 'orphans';

const NONE: readonly string[] = Object.freeze([]);

/**
 * One shared, frozen `[value]` per value for the single-valued index functions below: they run on
 * every event of every informer, and namespaces and node names are few. (Owner uids are not:
 * ownerUidIndex builds its arrays.)
 */
const singletons = new Map<string, readonly string[]>();
const MAX_SINGLETONS = 100_000;

function singleton(value: string): readonly string[] {
  let arr = singletons.get(value);
  if (!arr) {
    // A bound, so a long run with ever new values cannot grow the cache without limit.
    if (singletons.size >= MAX_SINGLETONS) singletons.clear();
    arr = Object.freeze([value]);
    singletons.set(value, arr);
  }
  return arr;
}

/** cache.MetaNamespaceIndexFunc (cluster-scoped objects are not indexed). */
export function namespaceIndex(obj: KObject): readonly string[] {
  const ns = obj.metadata.namespace;
  return ns ? singleton(ns) : NONE;
}

/** Every owner's uid: how the garbage collector and controllers find dependents without a scan. */
export function ownerUidIndex(obj: KObject): readonly string[] {
  const refs = obj.metadata.ownerReferences;
  if (!refs || refs.length === 0) return NONE;
  // The index runs on every event, twice: remember the uids per (immutable) references array,
  // which the writes that leave references alone share.
  let uids = ownerUidsCache.get(refs);
  if (!uids) {
    uids = Object.freeze(refs.map((r) => r.uid));
    ownerUidsCache.set(refs, uids);
  }
  return uids;
}

const ownerUidsCache = new WeakMap<object, readonly string[]>();

/** A pod's spec.nodeName: what the kubelet, node lifecycle and the scheduler's node info read. */
export function nodeNameIndex(obj: KObject): readonly string[] {
  const nodeName = obj.kind === 'Pod' ? obj.spec?.nodeName : undefined;
  return typeof nodeName === 'string' && nodeName ? singleton(nodeName) : NONE;
}

/**
 * An object with no controllerRef, under its namespace ('' for cluster-scoped ones). A claim only
 * ever changes for orphans and the owner's own objects, so owner-uid ∪ orphans is every object a
 * ControllerRefManager can claim, without listing the namespace.
 */
export function orphansIndex(obj: KObject): readonly string[] {
  const refs = obj.metadata.ownerReferences;
  if (refs) for (let i = 0; i < refs.length; i++) if (refs[i].controller === true) return NONE;
  return singleton(obj.metadata.namespace ?? '');
}

/** cache.MetaNamespaceKeyFunc: `namespace/name`, or `name` for cluster-scoped objects. */
export function objectKey(obj: KObject): string {
  return keyFor(obj.metadata.namespace, obj.metadata.name ?? '');
}

export function keyFor(namespace: string | undefined, name: string): string {
  // Flat: a key is kept by many maps (informer caches, work queues, the scheduler's cache), and a
  // `+` or template string of 13 characters or more is a rope V8 keeps beside its flattened copy.
  return namespace ? flatString(namespace, '/', name) : name;
}

/** cache.SplitMetaNamespaceKey: the inverse of keyFor (namespace '' for cluster-scoped keys). */
export function splitKey(key: string): { namespace: string; name: string } {
  const slash = key.indexOf('/');
  return slash < 0 ? { namespace: '', name: key } : { namespace: key.slice(0, slash), name: key.slice(slash + 1) };
}

interface Index {
  fn: IndexFunc;
  /** value → the objects indexed under it */
  buckets: Map<string, Bucket>;
  /** Whether updates stamp their buckets' changedAt (from the first changeStamp() call on). */
  stamped: boolean;
}

interface Bucket {
  keys: Set<string>;
  /**
   * Whether `keys` iterates in list order (addedAt): known true / false, or undefined before the
   * first lookup in list order checked it. Kept up to date on insert while known, so the common
   * lookup (a bucket filled in add order) neither checks nor sorts.
   */
  ordered: boolean | undefined;
  /** addedAt of the bucket's newest key while `ordered`. */
  last: number;
  /** The informer's event count when a key joined or left, or (if stamped) one of its objects changed. */
  changedAt: number;
  /** The key of that latest change, and changedAt before it (what lastChange() reports). */
  changedKey: string | undefined;
  changedBefore: number;
}

export class Informer {
  private readonly items = new Map<string, KObject>();
  /**
   * When each cached key was added (a counter): list() and the namespace index return objects in
   * this order, so a lookup through another index can be put back into the order a full list has.
   * Kept from the first such lookup on (the cache's own order seeds it), so informers nobody asks
   * that of (Events, Leases) carry no entry per object.
   */
  private addedAt: Map<string, number> | undefined;
  private addCount = 0;
  /** Events applied so far: the clock of the buckets' change stamps. */
  private changes = 0;
  private readonly indexes = new Map<string, Index>();
  /** indexes' values, for the per-event loops. */
  private indexList: Index[] = [];
  /**
   * Copy-on-write: add/remove replace the array, so a delivery iterates the array it started with
   * (a handler added or removed by a handler takes effect from the next event) without a copy.
   */
  private handlers: readonly InformerHandler[] = [];
  private stopWatch: (() => void) | undefined;
  private started = false;

  constructor(
    private readonly api: ApiServer,
    readonly kind: KindDefinition,
  ) {
    this.addIndex(NAMESPACE_INDEX, namespaceIndex);
    this.addIndex(OWNER_UID_INDEX, ownerUidIndex);
    this.addIndex(NODE_NAME_INDEX, nodeNameIndex);
  }

  /** Whether the initial list has been loaded (cache.HasSynced). */
  get hasSynced(): boolean {
    return this.started;
  }

  get size(): number {
    return this.items.size;
  }

  /** Lists the kind, then watches from the list's resourceVersion. Idempotent. */
  start(): void {
    if (this.started) return;
    this.started = true;
    const { items, resourceVersion } = this.api.list(this.kind);
    const listedVersion = Number(resourceVersion);
    for (const obj of items) this.apply({ type: 'ADDED', object: obj, resourceVersion: listedVersion });
    this.stopWatch = this.api.watch(this.kind, (e) => this.apply(e), { resourceVersion });
  }

  /** Stops watching; the cache keeps its last contents. */
  stop(): void {
    this.stopWatch?.();
    this.stopWatch = undefined;
  }

  /**
   * Registers a handler; returns a function that removes it. Like AddEventHandler on a running
   * shared informer, a late handler first gets onAdd for every cached object.
   */
  addHandler(handler: InformerHandler): () => void {
    this.handlers = [...this.handlers, handler];
    if (this.started && handler.onAdd) for (const obj of this.items.values()) handler.onAdd(obj);
    return () => {
      const i = this.handlers.indexOf(handler);
      if (i >= 0) this.handlers = this.handlers.filter((_, j) => j !== i);
    };
  }

  /** Whether an index of that name exists (for indexes added on demand by shared helpers). */
  hasIndex(name: string): boolean {
    return this.indexes.has(name);
  }

  /** Adds an index; on a filled cache it is built once from the current contents. */
  addIndex(name: string, fn: IndexFunc): void {
    if (this.indexes.has(name)) throw new Error(`informer ${this.kind.kind}: index ${name} already exists`);
    const index: Index = { fn, buckets: new Map(), stamped: false };
    this.indexes.set(name, index);
    this.indexList = [...this.indexes.values()];
    for (const [key, obj] of this.items) this.insert(index, key, fn(obj));
  }

  get(namespace: string | undefined, name: string): KObject | undefined {
    return this.items.get(keyFor(this.kind.namespaced ? namespace : undefined, name));
  }

  getByKey(key: string): KObject | undefined {
    return this.items.get(key);
  }

  /** Every cached object, or those of one namespace (through the namespace index). */
  list(namespace?: string): KObject[] {
    if (namespace !== undefined && this.kind.namespaced) return this.byIndex(NAMESPACE_INDEX, namespace);
    return Array.from(this.items.values());
  }

  /** Objects indexed under `value` (cache.Indexer.ByIndex); empty for an unknown value. */
  byIndex(indexName: string, value: string): KObject[] {
    const bucket = this.index(indexName).buckets.get(value);
    if (!bucket) return [];
    const out: KObject[] = [];
    for (const key of bucket.keys) out.push(this.items.get(key)!);
    return out;
  }

  /**
   * The objects indexed under any of `lookups` (index name, value), once each, in the order list()
   * gives them (when they were added): so a lookup through the owner-uid, orphan or label index
   * decides exactly as a namespace list filtered the same way would.
   */
  byIndexesInListOrder(lookups: readonly (readonly [indexName: string, value: string])[]): KObject[] {
    const buckets: Bucket[] = [];
    for (const [indexName, value] of lookups) {
      const bucket = this.index(indexName).buckets.get(value);
      if (bucket && bucket.keys.size > 0) buckets.push(bucket);
    }
    if (buckets.length === 0) return [];
    const at = this.listOrder();
    if (buckets.length === 1 && buckets[0].ordered === true) {
      const out: KObject[] = [];
      for (const key of buckets[0].keys) out.push(this.items.get(key)!);
      return out;
    }
    let keys: string[];
    if (buckets.length === 1) {
      keys = Array.from(buckets[0].keys);
    } else {
      const union = new Set<string>();
      for (const bucket of buckets) for (const key of bucket.keys) union.add(key);
      keys = Array.from(union);
    }
    // A bucket is usually filled in the order its objects were added: sort only when it is not.
    let ordered = true;
    for (let i = 1; i < keys.length; i++) {
      if (at.get(keys[i - 1])! > at.get(keys[i])!) {
        ordered = false;
        keys.sort((a, b) => at.get(a)! - at.get(b)!);
        break;
      }
    }
    if (buckets.length === 1) {
      buckets[0].ordered = ordered;
      buckets[0].last = at.get(keys[keys.length - 1])!;
    }
    const out: KObject[] = new Array(keys.length);
    for (let i = 0; i < keys.length; i++) out[i] = this.items.get(keys[i])!;
    return out;
  }

  /** addedAt, started from the cache's insertion order (which is the add order) when first needed. */
  private listOrder(): Map<string, number> {
    if (!this.addedAt) {
      this.addedAt = new Map();
      for (const key of this.items.keys()) this.addedAt.set(key, this.addCount++);
    }
    return this.addedAt;
  }

  /** Keys indexed under `value` (cache.Indexer.IndexKeys). */
  keysByIndex(indexName: string, value: string): string[] {
    const bucket = this.index(indexName).buckets.get(value);
    return bucket ? Array.from(bucket.keys) : [];
  }

  /** How many objects are indexed under `value`, without building a list. */
  countByIndex(indexName: string, value: string): number {
    return this.index(indexName).buckets.get(value)?.keys.size ?? 0;
  }

  /**
   * When an object indexed under `value` was last added, changed or removed: while the stamp stays
   * the same, byIndex(indexName, value) returns the same objects (-1: none). Stamping updates costs
   * a lookup per value and event, so an index only does so once someone has asked.
   */
  changeStamp(indexName: string, value: string): number {
    const index = this.index(indexName);
    if (!index.stamped) {
      index.stamped = true;
      const now = ++this.changes;
      for (const bucket of index.buckets.values()) {
        bucket.changedAt = now;
        bucket.changedKey = undefined;
      }
    }
    return index.buckets.get(value)?.changedAt ?? -1;
  }

  /**
   * The latest change under `value` (after changeStamp() turned stamping on): the key that was
   * added, changed or removed, and the stamp the bucket had before. A caller whose remembered stamp
   * is `before` knows that this key is all that changed since.
   */
  lastChange(indexName: string, value: string): { key: string; before: number } | undefined {
    const bucket = this.index(indexName).buckets.get(value);
    return bucket?.changedKey === undefined ? undefined : { key: bucket.changedKey, before: bucket.changedBefore };
  }

  /** Whether key `a` comes after key `b` in list order (undefined when either is not cached). */
  listedAfter(a: string, b: string): boolean | undefined {
    const at = this.listOrder();
    const x = at.get(a);
    const y = at.get(b);
    return x === undefined || y === undefined ? undefined : x > y;
  }

  /** The values an index currently holds (cache.Indexer.ListIndexFuncValues). */
  indexValues(indexName: string): string[] {
    return Array.from(this.index(indexName).buckets.keys());
  }

  private index(name: string): Index {
    const index = this.indexes.get(name);
    if (!index) throw new Error(`informer ${this.kind.kind}: no index named ${name}`);
    return index;
  }

  private apply(event: WatchEvent): void {
    const obj = event.object;
    const key = objectKey(obj);
    const old = this.items.get(key);
    const now = ++this.changes;
    const indexes = this.indexList;
    // The handler array is replaced, never changed, by add/remove: this is a snapshot.
    const handlers = this.handlers;
    if (event.type === 'DELETED') {
      if (!old) return;
      this.items.delete(key);
      this.addedAt?.delete(key);
      for (let i = 0; i < indexes.length; i++) this.remove(indexes[i], key, indexes[i].fn(old));
      for (let i = 0; i < handlers.length; i++) handlers[i].onDelete?.(obj);
      return;
    }
    this.items.set(key, obj);
    if (old) {
      for (let i = 0; i < indexes.length; i++) {
        const index = indexes[i];
        const before = index.fn(old);
        const after = index.fn(obj);
        if (sameValues(before, after)) {
          if (index.stamped) touchBuckets(index, key, after, now);
          continue;
        }
        this.remove(index, key, before);
        this.insert(index, key, after);
      }
      for (let i = 0; i < handlers.length; i++) handlers[i].onUpdate?.(old, obj);
    } else {
      this.addedAt?.set(key, this.addCount++);
      for (let i = 0; i < indexes.length; i++) this.insert(indexes[i], key, indexes[i].fn(obj));
      for (let i = 0; i < handlers.length; i++) handlers[i].onAdd?.(obj);
    }
  }

  private insert(index: Index, key: string, values: readonly string[]): void {
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      let bucket = index.buckets.get(v);
      if (!bucket) {
        bucket = {
          keys: new Set(),
          ordered: this.addedAt ? true : undefined,
          last: -1,
          // A new bucket was empty: its first key is the one change since "no bucket" (-1).
          changedAt: -1,
          changedKey: undefined,
          changedBefore: -1,
        };
        index.buckets.set(v, bucket);
      }
      if (bucket.keys.has(key)) continue;
      bucket.keys.add(key);
      stampChange(bucket, key, this.changes);
      if (bucket.ordered === true) {
        const at = this.addedAt?.get(key);
        if (at !== undefined && at > bucket.last) bucket.last = at;
        else bucket.ordered = false;
      }
    }
  }

  private remove(index: Index, key: string, values: readonly string[]): void {
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      const bucket = index.buckets.get(v);
      if (!bucket) continue;
      bucket.keys.delete(key);
      stampChange(bucket, key, this.changes);
      // Drop empty buckets so indexValues() and memory follow what is really cached.
      if (bucket.keys.size === 0) index.buckets.delete(v);
    }
  }
}

/** Stamps the buckets of an updated object whose index values stayed the same. */
function touchBuckets(index: Index, key: string, values: readonly string[], now: number): void {
  for (let i = 0; i < values.length; i++) {
    const bucket = index.buckets.get(values[i]);
    if (bucket) stampChange(bucket, key, now);
  }
}

function stampChange(bucket: Bucket, key: string, now: number): void {
  bucket.changedBefore = bucket.changedAt;
  bucket.changedAt = now;
  bucket.changedKey = key;
}

function sameValues(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * InformerFactory: one shared Informer per kind (SharedInformerFactory). Informers asked for before
 * `start()` start with it; those asked for afterwards start at once, so a late controller still
 * sees a synced cache.
 */
export class InformerFactory {
  private readonly informers = new Map<KindDefinition, Informer>();
  private started = false;

  constructor(private readonly api: ApiServer) {}

  informerFor(kind: KindDefinition): Informer {
    let informer = this.informers.get(kind);
    if (!informer) {
      informer = new Informer(this.api, kind);
      this.informers.set(kind, informer);
      if (this.started) informer.start();
    }
    return informer;
  }

  start(): void {
    this.started = true;
    for (const informer of this.informers.values()) informer.start();
  }

  stop(): void {
    this.started = false;
    for (const informer of this.informers.values()) informer.stop();
  }
}
