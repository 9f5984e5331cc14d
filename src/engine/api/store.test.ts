import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import type { WatchEvent } from '../simulation-types';
import { leaseKind, podKind } from './kinds';
import { ObjectStore } from './store';

function obj(name: string, namespace = 'default', rv = 0): KObject {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace, resourceVersion: String(rv) } };
}

/** Commits a new or changed object the way the API server does. */
function write(store: ObjectStore, name: string, namespace = 'default', kind = podKind): KObject {
  const rv = store.nextResourceVersion();
  const old = store.get(kind, namespace, name);
  const o = obj(name, namespace, rv);
  store.put(kind, o, rv, old);
  return o;
}

function remove(store: ObjectStore, name: string, namespace = 'default'): void {
  const old = store.get(podKind, namespace, name)!;
  const rv = store.nextResourceVersion();
  store.remove(podKind, { ...old, metadata: { ...old.metadata, resourceVersion: String(rv) } }, rv, old);
}

describe('ObjectStore', () => {
  it('stores objects per kind and namespace and counts them', () => {
    const store = new ObjectStore();
    write(store, 'a');
    write(store, 'b');
    write(store, 'a', 'other');
    write(store, 'a'); // an update does not change the count
    const ks = store.kindStore(podKind);
    expect(ks.size).toBe(3);
    expect([...ks.values('default')].map((o) => o.metadata.name)).toEqual(['a', 'b']);
    expect([...ks.values()].length).toBe(3);
    expect(store.get(podKind, 'other', 'a')?.metadata.resourceVersion).toBe('3');
    expect(store.get(leaseKind, 'default', 'a')).toBeUndefined();
    remove(store, 'a', 'other');
    expect(ks.size).toBe(2);
    expect(ks.byNamespace.has('other')).toBe(false);
    expect(store.resourceVersion).toBe(5);
  });

  it('resourceVersions only go up', () => {
    const store = new ObjectStore();
    const seen = Array.from({ length: 10 }, () => store.nextResourceVersion());
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('watch without a kind sees every kind; with one only that kind', () => {
    const store = new ObjectStore();
    const all: string[] = [];
    const pods: string[] = [];
    store.watch(undefined, (e) => all.push(`${e.type}:${e.object.metadata.name}`));
    store.watch(podKind, (e) => pods.push(`${e.type}:${e.object.metadata.name}`));
    write(store, 'p');
    write(store, 'l', 'default', leaseKind);
    write(store, 'p');
    remove(store, 'p');
    expect(all).toEqual(['ADDED:p', 'ADDED:l', 'MODIFIED:p', 'DELETED:p']);
    expect(pods).toEqual(['ADDED:p', 'MODIFIED:p', 'DELETED:p']);
  });

  it('delivers to the kind’s and the all-kinds watchers in the order they were opened, also after watches come and go', () => {
    const store = new ObjectStore();
    const log: string[] = [];
    const watch = (label: string, kind: typeof podKind | undefined, namespace?: string) =>
      store.watch(kind, (e) => log.push(`${label}:${e.object.metadata.name}`), { namespace }).stop;
    watch('pods1', podKind);
    const stopAll = watch('all', undefined);
    watch('leases', leaseKind);
    watch('other-ns', podKind, 'other');
    write(store, 'p');
    write(store, 'l', 'default', leaseKind);
    stopAll();
    watch('pods2', podKind);
    write(store, 'q');
    write(store, 'r', 'other');
    expect(log).toEqual(['pods1:p', 'all:p', 'all:l', 'leases:l', 'pods1:q', 'pods2:q', 'pods1:r', 'other-ns:r', 'pods2:r']);
  });

  it('a handler that stops another watcher mid-delivery spares it the rest', () => {
    const store = new ObjectStore();
    const second: string[] = [];
    let stopSecond = () => {};
    store.watch(podKind, () => stopSecond());
    stopSecond = store.watch(podKind, (e) => second.push(e.object.metadata.name!)).stop;
    write(store, 'a');
    write(store, 'b');
    expect(second).toEqual([]);
  });

  it('writes made during delivery are delivered after, in order, to everyone', () => {
    const store = new ObjectStore();
    const logs: number[][] = [[], []];
    store.watch(podKind, (e) => {
      logs[0].push(e.resourceVersion);
      if (e.object.metadata.name === 'a') write(store, 'b');
    });
    store.watch(podKind, (e) => logs[1].push(e.resourceVersion));
    write(store, 'a');
    expect(logs).toEqual([
      [1, 2],
      [1, 2],
    ]);
  });

  it('replays history after a resourceVersion, then streams', () => {
    const store = new ObjectStore();
    for (const n of ['a', 'b', 'c']) write(store, n);
    const seen: number[] = [];
    const w = store.watch(podKind, (e) => seen.push(e.resourceVersion), { sinceResourceVersion: 1 });
    expect(w.tooOld).toBe(false);
    write(store, 'd');
    expect(seen).toEqual([2, 3, 4]);
  });

  it('initialEvents are delivered first, then live events', () => {
    const store = new ObjectStore();
    write(store, 'a');
    const seen: string[] = [];
    const initial: WatchEvent[] = [{ type: 'ADDED', object: store.get(podKind, 'default', 'a')!, resourceVersion: 1 }];
    store.watch(podKind, (e) => seen.push(`${e.type}:${e.resourceVersion}`), { initialEvents: initial });
    write(store, 'b');
    expect(seen).toEqual(['ADDED:1', 'ADDED:2']);
  });

  it('keeps a bounded history: older versions are too old, the oldest resumable one is not', () => {
    const store = new ObjectStore();
    for (let i = 0; i < 5000; i++) write(store, `p${i % 10}`);
    const oldest = store.oldestResumableVersion();
    expect(oldest).toBe(5000 - 4096);
    expect(store.watch(podKind, () => {}, { sinceResourceVersion: oldest - 1 }).tooOld).toBe(true);
    const seen: number[] = [];
    expect(store.watch(podKind, (e) => seen.push(e.resourceVersion), { sinceResourceVersion: oldest }).tooOld).toBe(false);
    expect(seen).toHaveLength(4096);
    expect(seen[0]).toBe(oldest + 1);
    // Many more writes: the history array is compacted and still right.
    for (let i = 0; i < 9000; i++) write(store, 'x');
    expect(store.oldestResumableVersion()).toBe(14000 - 4096);
  });

  it('a watch from the current version replays nothing', () => {
    const store = new ObjectStore();
    write(store, 'a');
    const seen: number[] = [];
    store.watch(podKind, (e) => seen.push(e.resourceVersion), { sinceResourceVersion: 1 });
    store.watch(podKind, (e) => seen.push(e.resourceVersion), { sinceResourceVersion: 99 });
    expect(seen).toEqual([]);
  });

  it('a handler that throws during a replay: the error surfaces and the watch is not registered', () => {
    const store = new ObjectStore();
    write(store, 'a');
    write(store, 'b');
    let calls = 0;
    expect(() =>
      store.watch(
        podKind,
        () => {
          calls++;
          throw new Error('bad handler');
        },
        { sinceResourceVersion: 0 },
      ),
    ).toThrow('bad handler');
    write(store, 'c');
    expect(calls).toBe(1);
  });
});
