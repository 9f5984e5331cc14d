import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import {
  Informer,
  InformerFactory,
  keyFor,
  NAMESPACE_INDEX,
  NODE_NAME_INDEX,
  objectKey,
  OWNER_UID_INDEX,
  splitKey,
} from './informer';
import { controllerRef, newTestCluster, node, pod, replicaSet, testKinds } from './testing-fixtures';

function names(objs: KObject[]): string[] {
  return objs.map((o) => o.metadata.name!).sort();
}

/** Records handler calls as readable strings. */
function recordCalls(informer: Informer): string[] {
  const calls: string[] = [];
  informer.addHandler({
    onAdd: (o) => calls.push(`add ${objectKey(o)}`),
    onUpdate: (a, b) => calls.push(`update ${objectKey(b)} ${a.metadata.resourceVersion}->${b.metadata.resourceVersion}`),
    onDelete: (o) => calls.push(`delete ${objectKey(o)}`),
  });
  return calls;
}

describe('keys', () => {
  it.each([
    ['default', 'web', 'default/web'],
    [undefined, 'node-1', 'node-1'],
    ['', 'node-1', 'node-1'],
  ])('keyFor(%s, %s) = %s and splits back', (ns, name, key) => {
    expect(keyFor(ns, name)).toBe(key);
    expect(splitKey(key)).toEqual({ namespace: ns ?? '', name });
  });
});

describe('Informer', () => {
  it('lists existing objects on start, then follows the watch without duplicates', () => {
    const { api } = newTestCluster();
    api.create(pod('b'));
    api.create(pod('a', { namespace: 'kube-system' }));
    const informer = new Informer(api, testKinds.pod);
    const calls = recordCalls(informer);
    expect(informer.hasSynced).toBe(false);
    informer.start();
    informer.start(); // idempotent
    expect(informer.hasSynced).toBe(true);
    // The list arrives in etcd key order: namespace, then name.
    expect(calls).toEqual(['add default/b', 'add kube-system/a']);

    const c = api.create(pod('c'));
    api.update({ ...c, metadata: { ...c.metadata, labels: { x: 'y' } } });
    api.delete(testKinds.pod, 'default', 'b');
    expect(calls.slice(2)).toEqual([
      'add default/c',
      `update default/c ${c.metadata.resourceVersion}->${Number(c.metadata.resourceVersion) + 1}`,
      'delete default/b',
    ]);
    expect(informer.size).toBe(2);
  });

  it('caches the store’s own immutable objects, not copies', () => {
    const { api } = newTestCluster();
    const informer = new Informer(api, testKinds.pod);
    informer.start();
    const created = api.create(pod('a'));
    expect(informer.get('default', 'a')).toBe(created);
    expect(informer.getByKey('default/a')).toBe(api.get(testKinds.pod, 'default', 'a'));
  });

  it('updates the cache before calling handlers, and hands onDelete the final state', () => {
    const { api } = newTestCluster();
    const informer = new Informer(api, testKinds.pod);
    informer.start();
    const seen: string[] = [];
    informer.addHandler({
      onUpdate: (_old, obj) =>
        seen.push(
          `update: cache has rv ${informer.get('default', 'a')?.metadata.resourceVersion} = ${obj.metadata.resourceVersion}`,
        ),
      onDelete: (obj) =>
        seen.push(`delete: cached ${informer.get('default', 'a') !== undefined}, final rv ${obj.metadata.resourceVersion}`),
    });
    const a = api.create(pod('a'));
    const a2 = api.update({ ...a, metadata: { ...a.metadata, labels: { v: '2' } } });
    const { object: final } = api.delete(testKinds.pod, 'default', 'a');
    expect(seen).toEqual([
      `update: cache has rv ${a2.metadata.resourceVersion} = ${a2.metadata.resourceVersion}`,
      `delete: cached false, final rv ${final.metadata.resourceVersion}`,
    ]);
  });

  it('serves cluster-scoped objects by name', () => {
    const { api } = newTestCluster();
    const informer = new Informer(api, testKinds.node);
    informer.start();
    api.create(node('n1'));
    expect(informer.get(undefined, 'n1')?.metadata.name).toBe('n1');
    expect(informer.get('ignored', 'n1')?.metadata.name).toBe('n1');
    expect(informer.getByKey('n1')?.kind).toBe('Node');
    expect(informer.indexValues(NAMESPACE_INDEX)).toEqual([]);
  });

  it('only sees its own kind', () => {
    const { api } = newTestCluster();
    const informer = new Informer(api, testKinds.pod);
    informer.start();
    api.create(node('n1'));
    api.create(replicaSet('rs'));
    expect(informer.size).toBe(0);
  });

  it('gives a late handler the cached objects first, and removed handlers hear nothing', () => {
    const { api } = newTestCluster();
    const informer = new Informer(api, testKinds.pod);
    informer.start();
    api.create(pod('a'));
    api.create(pod('b'));
    const calls: string[] = [];
    const remove = informer.addHandler({ onAdd: (o) => calls.push(o.metadata.name!) });
    expect(calls).toEqual(['a', 'b']);
    remove();
    api.create(pod('c'));
    expect(calls).toEqual(['a', 'b']);
  });

  it('stop() ends the watch but keeps the cache', () => {
    const { api } = newTestCluster();
    const informer = new Informer(api, testKinds.pod);
    informer.start();
    api.create(pod('a'));
    informer.stop();
    api.create(pod('b'));
    expect(names(informer.list())).toEqual(['a']);
  });
});

/** A started pod informer and two ReplicaSets to own pods. */
function podsOfTwoReplicaSets() {
  const { api } = newTestCluster();
  const informer = new Informer(api, testKinds.pod);
  informer.start();
  return { api, informer, rs1: api.create(replicaSet('rs1')), rs2: api.create(replicaSet('rs2')) };
}

describe('Informer indexes', () => {
  it('indexes namespaces; list(ns) uses the index', () => {
    const { api } = newTestCluster();
    const informer = new Informer(api, testKinds.pod);
    informer.start();
    api.create(pod('a'));
    api.create(pod('b', { namespace: 'kube-system' }));
    api.create(pod('c', { namespace: 'kube-system' }));
    expect(names(informer.list('kube-system'))).toEqual(['b', 'c']);
    expect(names(informer.list())).toEqual(['a', 'b', 'c']);
    api.delete(testKinds.pod, 'kube-system', 'b');
    expect(names(informer.byIndex(NAMESPACE_INDEX, 'kube-system'))).toEqual(['c']);
    expect(informer.list('nowhere')).toEqual([]);
  });

  it.each<[string, (p: KObject) => KObject, string[], string[]]>([
    ['binding adds the pod to its node', (p) => ({ ...p, spec: { ...p.spec, nodeName: 'n1' } }), ['n1'], ['a']],
    ['a move changes the bucket', (p) => ({ ...p, spec: { ...p.spec, nodeName: 'n2' } }), ['n2'], []],
    ['an unrelated change keeps it', (p) => ({ ...p, metadata: { ...p.metadata, labels: { x: '1' } } }), ['n0'], []],
    ['clearing nodeName removes it', (p) => ({ ...p, spec: { ...p.spec, nodeName: undefined } }), [], []],
  ])('nodeName index: %s', (_name, change, values, onN1) => {
    const { api } = newTestCluster();
    const informer = new Informer(api, testKinds.pod);
    informer.start();
    const p = api.create(pod('a', { nodeName: 'n0' }));
    api.update(change(p));
    expect(informer.indexValues(NODE_NAME_INDEX)).toEqual(values);
    expect(names(informer.byIndex(NODE_NAME_INDEX, 'n1'))).toEqual(onN1);
    expect(informer.countByIndex(NODE_NAME_INDEX, 'n0')).toBe(values.includes('n0') ? 1 : 0);
  });

  it('indexes every owner uid and follows owner changes and deletes', () => {
    const { api, informer, rs1, rs2 } = podsOfTwoReplicaSets();
    const p = api.create(pod('a', { owners: [controllerRef(rs1), { ...controllerRef(rs2), controller: false }] }));
    api.create(pod('b', { owners: [controllerRef(rs1)] }));
    expect(names(informer.byIndex(OWNER_UID_INDEX, rs1.metadata.uid!))).toEqual(['a', 'b']);
    expect(names(informer.byIndex(OWNER_UID_INDEX, rs2.metadata.uid!))).toEqual(['a']);

    // Orphaning `a` from rs1 keeps it under rs2.
    api.update({ ...p, metadata: { ...p.metadata, ownerReferences: [{ ...controllerRef(rs2), controller: false }] } });
    expect(informer.keysByIndex(OWNER_UID_INDEX, rs1.metadata.uid!)).toEqual(['default/b']);
    expect(informer.keysByIndex(OWNER_UID_INDEX, rs2.metadata.uid!)).toEqual(['default/a']);

    api.delete(testKinds.pod, 'default', 'a');
    api.delete(testKinds.pod, 'default', 'b');
    expect(informer.indexValues(OWNER_UID_INDEX)).toEqual([]);
  });

  it('custom indexes are built from the cache when added and then kept up to date', () => {
    const { api } = newTestCluster();
    const informer = new Informer(api, testKinds.pod);
    informer.start();
    const a = api.create(pod('a', { labels: { app: 'web' } }));
    api.create(pod('b', { labels: { app: 'db' } }));
    informer.addIndex('app', (o) => (o.metadata.labels?.app ? [o.metadata.labels.app] : []));
    expect(names(informer.byIndex('app', 'web'))).toEqual(['a']);
    api.update({ ...a, metadata: { ...a.metadata, labels: { app: 'db' } } });
    expect(names(informer.byIndex('app', 'db'))).toEqual(['a', 'b']);
    expect(informer.byIndex('app', 'web')).toEqual([]);
    expect(() => informer.addIndex('app', () => [])).toThrow(/already exists/);
    expect(() => informer.byIndex('nope', 'x')).toThrow(/no index named nope/);
  });

  it('touches only the changed object per event (no full scans), even with many pods', () => {
    const { api } = newTestCluster();
    const informer = new Informer(api, testKinds.pod);
    let calls = 0;
    informer.addIndex('counting', (o) => {
      calls++;
      return [o.metadata.namespace!];
    });
    informer.start();
    const n = 5000;
    for (let i = 0; i < n; i++) api.create(pod(`p${i}`, { nodeName: `n${i % 50}` }));
    expect(calls).toBe(n);
    calls = 0;
    const p = informer.get('default', 'p7')!;
    api.update({ ...p, spec: { ...p.spec, nodeName: 'n49' } });
    expect(calls).toBe(2); // old and new, nothing else
    api.delete(testKinds.pod, 'default', 'p8');
    expect(calls).toBe(3);
    expect(informer.countByIndex(NODE_NAME_INDEX, 'n49')).toBe(n / 50 + 1);
    expect(informer.countByIndex(NODE_NAME_INDEX, 'n8')).toBe(n / 50 - 1);
  });

  it('changeStamp moves exactly when the objects under a value change', () => {
    const { api, informer, rs1, rs2 } = podsOfTwoReplicaSets();
    const a = api.create(pod('a', { owners: [controllerRef(rs1)] }));
    const uid1 = rs1.metadata.uid!;
    const uid2 = rs2.metadata.uid!;
    expect(informer.changeStamp(OWNER_UID_INDEX, uid2)).toBe(-1);
    const s0 = informer.changeStamp(OWNER_UID_INDEX, uid1);
    expect(s0).toBeGreaterThanOrEqual(0);
    expect(informer.changeStamp(OWNER_UID_INDEX, uid1)).toBe(s0); // asking changes nothing

    // Another owner's pod: rs1's objects are the same.
    const b = api.create(pod('b', { owners: [controllerRef(rs2)] }));
    expect(informer.changeStamp(OWNER_UID_INDEX, uid1)).toBe(s0);
    const s2 = informer.changeStamp(OWNER_UID_INDEX, uid2);
    expect(s2).toBeGreaterThan(s0);

    // An update that keeps the index values still changes what byIndex returns.
    const a2 = api.update({ ...a, spec: { ...a.spec, nodeName: 'n1' } });
    const s1 = informer.changeStamp(OWNER_UID_INDEX, uid1);
    expect(s1).toBeGreaterThan(s2);
    expect(informer.changeStamp(OWNER_UID_INDEX, uid2)).toBe(s2);

    // Moving a pod between owners stamps both; emptying a bucket leaves -1.
    api.update({ ...a2, metadata: { ...a2.metadata, ownerReferences: [controllerRef(rs2)] } });
    expect(informer.changeStamp(OWNER_UID_INDEX, uid1)).toBe(-1);
    const s3 = informer.changeStamp(OWNER_UID_INDEX, uid2);
    expect(s3).toBeGreaterThan(s1);
    api.delete(testKinds.pod, 'default', b.metadata.name!);
    expect(informer.changeStamp(OWNER_UID_INDEX, uid2)).toBeGreaterThan(s3);
  });

  it('lastChange names the one key changed since a stamp; listedAfter compares list order', () => {
    const { api, informer, rs1: rs } = podsOfTwoReplicaSets();
    const uid = rs.metadata.uid!;
    expect(informer.changeStamp(OWNER_UID_INDEX, uid)).toBe(-1);
    const a = api.create(pod('a', { owners: [controllerRef(rs)] }));
    // From no bucket (-1) to one key.
    expect(informer.lastChange(OWNER_UID_INDEX, uid)).toEqual({ key: 'default/a', before: -1 });
    const s1 = informer.changeStamp(OWNER_UID_INDEX, uid);
    api.create(pod('b', { owners: [controllerRef(rs)] }));
    expect(informer.lastChange(OWNER_UID_INDEX, uid)).toEqual({ key: 'default/b', before: s1 });
    const s2 = informer.changeStamp(OWNER_UID_INDEX, uid);
    api.update({ ...a, spec: { ...a.spec, nodeName: 'n1' } });
    expect(informer.lastChange(OWNER_UID_INDEX, uid)).toEqual({ key: 'default/a', before: s2 });
    // Two changes: the stamp before the latest is no longer s2.
    api.delete(testKinds.pod, 'default', 'b');
    expect(informer.lastChange(OWNER_UID_INDEX, uid)?.before).not.toBe(s2);
    expect(informer.listedAfter('default/a', 'default/b')).toBeUndefined();
    api.create(pod('b'));
    expect(informer.listedAfter('default/b', 'default/a')).toBe(true);
    expect(informer.listedAfter('default/a', 'default/b')).toBe(false);
  });
});

describe('InformerFactory', () => {
  it('shares one informer per kind and starts late ones at once', () => {
    const { api } = newTestCluster();
    api.create(node('n1'));
    const factory = new InformerFactory(api);
    const pods = factory.informerFor(testKinds.pod);
    expect(factory.informerFor(testKinds.pod)).toBe(pods);
    expect(pods.hasSynced).toBe(false);
    factory.start();
    expect(pods.hasSynced).toBe(true);
    const nodes = factory.informerFor(testKinds.node);
    expect(nodes.hasSynced).toBe(true);
    expect(nodes.get(undefined, 'n1')).toBeDefined();
    factory.stop();
    api.create(node('n2'));
    expect(nodes.size).toBe(1);
  });
});
