import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import { eventKind } from './kinds/event';
import { newCluster, recordEvents } from './apiserver-test-fixtures';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

function eventManifest(name: string, message = 'hello'): KObject {
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name, namespace: 'default' },
    involvedObject: { kind: 'Pod', namespace: 'default', name: 'web' },
    reason: 'Testing',
    message,
    type: 'Normal',
    source: { component: 'test' },
  } as KObject;
}

function names(cluster: ReturnType<typeof newCluster>): string[] {
  return cluster.api
    .list(eventKind, { namespace: 'default' })
    .items.map((e) => e.metadata.name!)
    .sort();
}

describe('Events are stored for --event-ttl (1 h), as etcd leases keep them', () => {
  it('keeps an Event for an hour after its write and deletes it within the lease reuse minute after', () => {
    const cluster = newCluster();
    const { api, clock } = cluster;
    api.create(eventManifest('e1'));
    clock.advance(60 * MINUTE - SECOND);
    expect(names(cluster)).toEqual(['e1']);
    clock.advance(61 * SECOND + SECOND);
    expect(names(cluster)).toEqual([]);
  });

  it('writes within a minute share a lease and go together; a later write gets a new lease', () => {
    const cluster = newCluster();
    const { api, clock } = cluster;
    api.create(eventManifest('a'));
    clock.advance(30 * SECOND);
    api.create(eventManifest('b'));
    clock.advance(31 * SECOND);
    api.create(eventManifest('c')); // 61 s after the first lease's grant: a new one
    clock.advance(61 * MINUTE - 61 * SECOND - 1); // just before the first lease expires
    expect(names(cluster)).toEqual(['a', 'b', 'c']);
    clock.advance(1);
    expect(names(cluster)).toEqual(['c']);
    clock.advance(61 * SECOND);
    expect(names(cluster)).toEqual([]);
  });

  it('writes at one instant share one lease (one timer, not one per Event)', () => {
    const cluster = newCluster();
    const { api, clock } = cluster;
    const before = clock.pendingEvents;
    for (let i = 0; i < 50; i++) api.create(eventManifest(`e${i}`));
    expect(clock.pendingEvents - before).toBe(1);
    clock.advance(61 * MINUTE);
    expect(names(cluster)).toEqual([]);
  });

  it('an update starts the hour again (the TTL is given on every write)', () => {
    const cluster = newCluster();
    const { api, clock } = cluster;
    const created = api.create(eventManifest('e1'));
    clock.advance(50 * MINUTE);
    api.update({ ...created, message: 'again', count: 2 } as KObject);
    clock.advance(15 * MINUTE);
    expect(names(cluster)).toEqual(['e1']);
    clock.advance(50 * MINUTE);
    expect(names(cluster)).toEqual([]);
  });

  it('watchers see a DELETED event with the last state; a recreated Event of the same name is not the old lease’s', () => {
    const cluster = newCluster();
    const { api, clock } = cluster;
    api.create(eventManifest('e1', 'first'));
    api.delete(eventKind, 'default', 'e1');
    clock.advance(2 * MINUTE);
    api.create(eventManifest('e1', 'second'));
    const { events } = recordEvents(api);
    clock.advance(61 * MINUTE - 2 * MINUTE + SECOND);
    expect(names(cluster)).toEqual(['e1']);
    expect(events.filter((e) => e.kind === 'Event')).toEqual([]);
    clock.advance(2 * MINUTE);
    expect(names(cluster)).toEqual([]);
    const deleted = events.filter((e) => e.kind === 'Event');
    expect(deleted.map((e) => [e.type, (e.object as { message?: string }).message])).toEqual([['DELETED', 'second']]);
    expect(Number(deleted[0].object.metadata.resourceVersion)).toBe(deleted[0].rv);
  });

  it('other kinds have no time to live', () => {
    const cluster = newCluster();
    const { api, clock } = cluster;
    api.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', namespace: 'default' }, data: {} } as KObject);
    clock.advance(5 * 60 * MINUTE);
    expect(api.tryGet(api.kindOf({ apiVersion: 'v1', kind: 'ConfigMap' }), 'default', 'cm')).toBeDefined();
  });
});
