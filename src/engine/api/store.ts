// ObjectStore: the etcd of the simulation. Holds immutable objects per kind and namespace, owns
// the global resourceVersion counter and delivers every committed write to watchers in order.
//
// Delivery is synchronous but never re-entrant: a write made by a watcher while events are being
// delivered is queued and delivered after the current one, so every watcher sees the same
// resourceVersion order (as with a real watch stream).

import type { KObject } from '../../k8s/types';
import type { WatchEvent, WatchEventType } from '../simulation-types';
import type { KindDefinition } from './kinds/kind-definition';

export type WatchHandler = (event: WatchEvent) => void;

interface Watcher {
  kind: KindDefinition | undefined;
  namespace: string | undefined;
  handler: WatchHandler;
  active: boolean;
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

  get(namespace: string, name: string): KObject | undefined {
    return this.byNamespace.get(namespace)?.get(name);
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
  private readonly watchers: Watcher[] = [];
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
      ks = new KindStore();
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
    }
    this.emit(def, 'DELETED', final, old, rv);
  }

  /**
   * Subscribes to writes of one kind (or all kinds), optionally one namespace. With
   * `sinceResourceVersion`, first replays retained history after it; returns false via
   * `tooOld` when that version was compacted.
   */
  watch(
    kind: KindDefinition | undefined,
    handler: WatchHandler,
    options: { namespace?: string; sinceResourceVersion?: number } = {},
  ): { stop: () => void; tooOld: boolean } {
    const watcher: Watcher = { kind, namespace: options.namespace, handler, active: true };
    const since = options.sinceResourceVersion;
    if (since !== undefined && since < this.revision) {
      const oldest = this.history.length > this.historyStart ? this.history[this.historyStart].event.resourceVersion : this.revision + 1;
      if (since < oldest - 1) return { stop: () => {}, tooOld: true };
      for (let i = this.historyStart; i < this.history.length; i++) {
        const entry = this.history[i];
        if (entry.event.resourceVersion > since && this.wants(watcher, entry)) handler(entry.event);
      }
    }
    this.watchers.push(watcher);
    return {
      tooOld: false,
      stop: () => {
        watcher.active = false;
        const i = this.watchers.indexOf(watcher);
        if (i >= 0) this.watchers.splice(i, 1);
      },
    };
  }

  /** The oldest resourceVersion a watch can still resume after. */
  oldestResumableVersion(): number {
    return this.history.length > this.historyStart ? this.history[this.historyStart].event.resourceVersion - 1 : this.revision;
  }

  private wants(w: Watcher, entry: HistoryEntry): boolean {
    if (w.kind && w.kind !== entry.kind) return false;
    if (w.namespace !== undefined && (entry.event.object.metadata.namespace ?? '') !== w.namespace) return false;
    return true;
  }

  private emit(kind: KindDefinition, type: WatchEventType, object: KObject, oldObject: KObject | undefined, rv: number): void {
    const entry: HistoryEntry = { kind, event: { type, object, oldObject, resourceVersion: rv } };
    this.remember(entry);
    this.pending.push(entry);
    if (this.delivering) return;
    this.delivering = true;
    try {
      for (let i = 0; i < this.pending.length; i++) {
        const e = this.pending[i];
        // Copy: a handler may stop its own or another watch while we iterate.
        for (const w of this.watchers.slice()) {
          if (w.active && this.wants(w, e)) w.handler(e.event);
        }
      }
    } finally {
      this.pending.length = 0;
      this.delivering = false;
    }
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
