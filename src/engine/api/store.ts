// ObjectStore: the etcd of the simulation. Holds immutable objects per kind and namespace, owns
// the global resourceVersion counter and delivers every committed write to watchers in order.
//
// Delivery is synchronous but never re-entrant: a write made by a watcher while events are being
// delivered is queued and delivered after the current one, so every watcher sees the same
// resourceVersion order (as with a real watch stream). A watch only ever gets events newer than
// the point it started from, even when it is opened by a handler in the middle of a delivery.

import type { KObject } from '../../k8s/types';
import type { WatchEvent, WatchEventType } from '../simulation-types';
import type { KindDefinition } from './kinds/kind-definition';

export type WatchHandler = (event: WatchEvent) => void;

interface Watcher {
  kind: KindDefinition | undefined;
  namespace: string | undefined;
  handler: WatchHandler;
  active: boolean;
  /** Events at or below this resourceVersion were already seen (list or replay). */
  after: number;
}

interface HistoryEntry {
  kind: KindDefinition;
  event: WatchEvent;
}

/** How many past events a watch can resume from (etcd compaction window, in events). */
const HISTORY_LIMIT = 4096;

export class KindStore {
  /** namespace ('' for cluster-scoped) → name → object */
  readonly byNamespace = new Map<string, Map<string, KObject>>();
  size = 0;
  /**
   * The kind's indexedField value → the objects with it, built on the first query that uses it
   * (most sessions never ask, and the index costs memory per object) and kept from then on.
   */
  private byIndexedValue: Map<string, KObject[]> | undefined;
  private readonly indexedValue: ((obj: KObject) => string) | undefined;

  constructor(def?: KindDefinition) {
    const field = def?.indexedField;
    const value = field ? def.fieldSelectors?.[field] : undefined;
    if (value) this.indexedValue = (obj) => value(obj) ?? '';
  }

  get(namespace: string, name: string): KObject | undefined {
    return this.byNamespace.get(namespace)?.get(name);
  }

  /**
   * The objects whose indexedField is `value` (one namespace, or all), in no particular order;
   * undefined when the kind has no index.
   */
  withIndexedValue(value: string, namespace?: string): readonly KObject[] | undefined {
    const valueOf = this.indexedValue;
    if (!valueOf) return undefined;
    if (!this.byIndexedValue) {
      this.byIndexedValue = new Map();
      for (const objects of this.byNamespace.values()) for (const obj of objects.values()) this.addIndexed(valueOf(obj), obj);
    }
    const all = this.byIndexedValue.get(value) ?? [];
    return namespace === undefined ? all : all.filter((obj) => (obj.metadata.namespace ?? '') === namespace);
  }

  /** Keeps the index (once built) in step with a write: `before` replaced by `after` (either may be absent). */
  reindex(before: KObject | undefined, after: KObject | undefined): void {
    const valueOf = this.indexedValue;
    if (!valueOf || !this.byIndexedValue) return;
    if (before) this.removeIndexed(valueOf(before), before);
    if (after) this.addIndexed(valueOf(after), after);
  }

  private addIndexed(value: string, obj: KObject): void {
    const list = this.byIndexedValue!.get(value);
    if (list) list.push(obj);
    else this.byIndexedValue!.set(value, [obj]);
  }

  /** Removes the object of `obj`'s namespace and name from `value`'s list (an older version may be there). */
  private removeIndexed(value: string, obj: KObject): void {
    const list = this.byIndexedValue!.get(value);
    if (!list) return;
    const { name, namespace = '' } = obj.metadata;
    const at = list.findIndex((o) => o === obj || (o.metadata.name === name && (o.metadata.namespace ?? '') === namespace));
    if (at < 0) return;
    list.splice(at, 1);
    if (list.length === 0) this.byIndexedValue!.delete(value);
  }

  *values(namespace?: string): IterableIterator<KObject> {
    if (namespace !== undefined) {
      const m = this.byNamespace.get(namespace);
      if (m) yield* m.values();
      return;
    }
    for (const m of this.byNamespace.values()) yield* m.values();
  }
}

export class ObjectStore {
  private readonly kinds = new Map<KindDefinition, KindStore>();
  private revision = 0;
  /**
   * Copy-on-write: watch() and stop() replace the array, so delivering an event iterates the array
   * it started with (a watch opened or stopped by a handler counts from the next event) and no
   * copy is made per event.
   */
  private watchers: readonly Watcher[] = [];
  /**
   * `watchers` narrowed to those of one kind (or all kinds), in the same order, built on the first
   * event of that kind after a watch opened or stopped: an event then only visits its own
   * watchers instead of every informer's.
   */
  private readonly watchersByKind = new Map<KindDefinition, readonly Watcher[]>();
  private readonly pending: HistoryEntry[] = [];
  private delivering = false;
  private readonly history: HistoryEntry[] = [];
  private historyStart = 0;

  get resourceVersion(): number {
    return this.revision;
  }

  kindStore(def: KindDefinition): KindStore {
    let ks = this.kinds.get(def);
    if (!ks) {
      ks = new KindStore(def);
      this.kinds.set(def, ks);
    }
    return ks;
  }

  get(def: KindDefinition, namespace: string, name: string): KObject | undefined {
    return this.kinds.get(def)?.get(namespace, name);
  }

  /** Reserves the next resourceVersion (the caller stamps it on the object it commits). */
  nextResourceVersion(): number {
    return ++this.revision;
  }

  /** Commits an object (create or update) stamped with `rv`. */
  put(def: KindDefinition, obj: KObject, rv: number, old: KObject | undefined): void {
    const ks = this.kindStore(def);
    const ns = obj.metadata.namespace ?? '';
    let m = ks.byNamespace.get(ns);
    if (!m) {
      m = new Map();
      ks.byNamespace.set(ns, m);
    }
    if (!old) ks.size++;
    m.set(obj.metadata.name!, obj);
    ks.reindex(old, obj);
    this.emit(def, old ? 'MODIFIED' : 'ADDED', obj, old, rv);
  }

  /** Removes an object; `final` is its last state stamped with `rv`. */
  remove(def: KindDefinition, final: KObject, rv: number, old: KObject): void {
    const ks = this.kindStore(def);
    const ns = final.metadata.namespace ?? '';
    const m = ks.byNamespace.get(ns);
    if (m?.delete(final.metadata.name!)) {
      ks.size--;
      if (m.size === 0) ks.byNamespace.delete(ns);
      ks.reindex(old, undefined);
    }
    this.emit(def, 'DELETED', final, old, rv);
  }

  /**
   * Subscribes to writes of one kind (or all kinds), optionally one namespace. With
   * `sinceResourceVersion`, first replays retained history after it; returns `tooOld` when that
   * version was compacted. `initialEvents` (a synthetic current state) are delivered first instead.
   */
  watch(
    kind: KindDefinition | undefined,
    handler: WatchHandler,
    options: { namespace?: string; sinceResourceVersion?: number; initialEvents?: WatchEvent[] } = {},
  ): { stop: () => void; tooOld: boolean } {
    // Everything committed so far is either replayed below or was known to the caller already;
    // writes still queued for delivery are part of that, so the watcher must skip them.
    const watcher: Watcher = { kind, namespace: options.namespace, handler, active: true, after: this.revision };
    const since = options.sinceResourceVersion;
    let replay: WatchEvent[] | undefined = options.initialEvents;
    if (!replay && since !== undefined && since < this.revision) {
      if (since < this.oldestResumableVersion()) return { stop: () => {}, tooOld: true };
      replay = this.history
        .slice(this.historyStart)
        .filter((e) => e.event.resourceVersion > since && this.wants(watcher, e))
        .map((e) => e.event);
    }
    if (replay && replay.length > 0) {
      // The replay counts as a delivery: writes its handler makes are queued behind it, so the
      // watcher still sees strictly increasing resourceVersions.
      const outer = this.delivering;
      this.delivering = true;
      let failed = false;
      let replayError: unknown;
      // A snapshot: writes made during the replay are delivered afterwards, exactly once.
      try {
        for (const event of replay) {
          if (!watcher.active) break;
          handler(event);
        }
      } catch (e) {
        failed = true;
        replayError = e;
      }
      if (!failed && watcher.active) this.setWatchers([...this.watchers, watcher]);
      if (!outer) {
        this.delivering = false;
        if (this.pending.length > 0) this.flush();
      }
      if (failed) throw replayError;
    } else {
      this.setWatchers([...this.watchers, watcher]);
    }
    return {
      tooOld: false,
      stop: () => {
        watcher.active = false;
        const i = this.watchers.indexOf(watcher);
        if (i >= 0) this.setWatchers(this.watchers.filter((_, j) => j !== i));
      },
    };
  }

  /** The oldest resourceVersion a watch can still resume after (etcd's compacted revision). */
  oldestResumableVersion(): number {
    return this.history.length > this.historyStart ? this.history[this.historyStart].event.resourceVersion - 1 : this.revision;
  }

  private setWatchers(watchers: readonly Watcher[]): void {
    this.watchers = watchers;
    this.watchersByKind.clear();
  }

  private watchersOf(kind: KindDefinition): readonly Watcher[] {
    let watchers = this.watchersByKind.get(kind);
    if (!watchers) {
      watchers = this.watchers.filter((w) => !w.kind || w.kind === kind);
      this.watchersByKind.set(kind, watchers);
    }
    return watchers;
  }

  private wants(w: Watcher, entry: HistoryEntry): boolean {
    if (w.kind && w.kind !== entry.kind) return false;
    return watchesNamespace(w, entry.event.object.metadata.namespace ?? '');
  }

  private emit(kind: KindDefinition, type: WatchEventType, object: KObject, oldObject: KObject | undefined, rv: number): void {
    const entry: HistoryEntry = { kind, event: { type, object, oldObject, resourceVersion: rv } };
    this.remember(entry);
    this.pending.push(entry);
    if (!this.delivering) this.flush();
  }

  /** Delivers every queued event, in order, to every interested watcher. */
  private flush(): void {
    this.delivering = true;
    // A handler that throws must not cost the other watchers their events: deliver everything,
    // then rethrow the first error to the writer.
    let failed = false;
    let firstError: unknown;
    try {
      for (let i = 0; i < this.pending.length; i++) {
        const e = this.pending[i];
        // A snapshot (see `watchers`): a handler may stop its own or another watch while we iterate.
        const watchers = this.watchersOf(e.kind);
        const namespace = e.event.object.metadata.namespace ?? '';
        for (let j = 0; j < watchers.length; j++) {
          const w = watchers[j];
          if (!w.active || e.event.resourceVersion <= w.after) continue;
          // (the kind is watchersOf's: only the namespace is left to check)
          if (!watchesNamespace(w, namespace)) continue;
          try {
            w.handler(e.event);
          } catch (err) {
            if (!failed) firstError = err;
            failed = true;
          }
        }
      }
    } finally {
      this.pending.length = 0;
      this.delivering = false;
    }
    if (failed) throw firstError;
  }

  private remember(entry: HistoryEntry): void {
    this.history.push(entry);
    if (this.history.length - this.historyStart > HISTORY_LIMIT) {
      this.historyStart++;
      // Compact the array occasionally so it does not grow without bound.
      if (this.historyStart > HISTORY_LIMIT) {
        this.history.splice(0, this.historyStart);
        this.historyStart = 0;
      }
    }
  }
}

/** Whether `w` sees objects of `namespace` (a watch without one sees every namespace). */
function watchesNamespace(w: Watcher, namespace: string): boolean {
  return w.namespace === undefined || w.namespace === namespace;
}
