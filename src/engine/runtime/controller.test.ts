import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import { Controller, controllerOwnerKey } from './controller';
import { InformerFactory, OWNER_UID_INDEX, splitKey } from './informer';
import { controllerRef, newTestCluster, pod, replicaSet, testKinds } from './testing-fixtures';

/** A toy ReplicaSet controller: syncs an RS whenever it or one of its pods changes. */
function toyController() {
  const cluster = newTestCluster();
  const { api, clock } = cluster;
  const factory = new InformerFactory(api);
  const pods = factory.informerFor(testKinds.pod);
  const replicaSets = factory.informerFor(testKinds.replicaSet);
  const synced: string[] = [];
  const controller = new Controller({
    name: 'replicaset',
    clock,
    sync: (key) => {
      const { namespace, name } = splitKey(key);
      const rs = replicaSets.get(namespace, name);
      synced.push(rs ? `${key}:${pods.countByIndex(OWNER_UID_INDEX, rs.metadata.uid!)}` : `${key}:gone`);
    },
  })
    .watch(replicaSets)
    .watch(pods, controllerOwnerKey('ReplicaSet'));
  factory.start();
  return { ...cluster, controller, synced };
}

describe('controllerOwnerKey', () => {
  it.each<[string, KObject, string | undefined]>([
    [
      'controller owner of the kind',
      pod('p', { owners: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'rs', uid: 'u', controller: true }] }),
      'default/rs',
    ],
    ['no owners', pod('p'), undefined],
    [
      'owner that is not the controller',
      pod('p', { owners: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'rs', uid: 'u' }] }),
      undefined,
    ],
    [
      'controller of another kind',
      pod('p', { owners: [{ apiVersion: 'batch/v1', kind: 'Job', name: 'j', uid: 'u', controller: true }] }),
      undefined,
    ],
  ])('%s', (_name, obj, expected) => {
    expect(controllerOwnerKey('ReplicaSet')(obj)).toBe(expected);
  });
});

describe('Controller', () => {
  it('maps events to keys, dedups them, and syncs once per instant from current caches', () => {
    const { api, clock, synced } = toyController();
    const rs = api.create(replicaSet('web'));
    for (const name of ['a', 'b', 'c']) api.create(pod(name, { owners: [controllerRef(rs)] }));
    api.create(pod('stray'));
    expect(synced).toEqual([]);
    clock.runDue();
    // Four events for default/web, one sync, seeing all three pods.
    expect(synced).toEqual(['default/web:3']);
  });

  it('an owner change enqueues both the old and the new owner', () => {
    const { api, clock, synced } = toyController();
    const rs1 = api.create(replicaSet('one'));
    const rs2 = api.create(replicaSet('two'));
    const p = api.create(pod('a', { owners: [controllerRef(rs1)] }));
    clock.runDue();
    synced.length = 0;
    api.update({ ...p, metadata: { ...p.metadata, ownerReferences: [controllerRef(rs2)] } });
    clock.runDue();
    expect(synced).toEqual(['default/one:0', 'default/two:1']);
  });

  it('deletes enqueue too, and stop() detaches from the informers', () => {
    const { api, clock, synced, controller } = toyController();
    api.create(replicaSet('web'));
    clock.runDue();
    api.delete(testKinds.replicaSet, 'default', 'web');
    clock.runDue();
    expect(synced).toEqual(['default/web:0', 'default/web:gone']);
    controller.stop();
    api.create(replicaSet('other'));
    clock.runDue();
    expect(synced).toHaveLength(2);
  });

  it('enqueueAfter re-checks on virtual time', () => {
    const { clock, synced, controller } = toyController();
    controller.enqueueAfter('default/late', 30_000);
    clock.advance(29_999);
    expect(synced).toEqual([]);
    clock.advance(1);
    expect(synced).toEqual(['default/late:gone']);
  });
});
