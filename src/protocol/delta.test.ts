import { describe, expect, it } from 'vitest';
import type { KObject } from '../k8s/types';
import { DeltaCoalescer, objectKey, parseObjectKey, type ObjectChange } from './delta';

function pod(name: string, rv: number, namespace = 'default'): KObject {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace, uid: `uid-${name}`, resourceVersion: String(rv) } };
}
function node(name: string, rv: number): KObject {
  return { apiVersion: 'v1', kind: 'Node', metadata: { name, uid: `uid-${name}`, resourceVersion: String(rv) } };
}
const added = (object: KObject): ObjectChange => ({ type: 'ADDED', object });
const modified = (object: KObject): ObjectChange => ({ type: 'MODIFIED', object });
const deleted = (object: KObject): ObjectChange => ({ type: 'DELETED', object });

describe('objectKey', () => {
  it('is kind/namespace/name, with an empty namespace for cluster-scoped objects', () => {
    expect(objectKey(pod('web', 1))).toBe('Pod/default/web');
    expect(objectKey(node('node-a1', 1))).toBe('Node//node-a1');
    expect(parseObjectKey('Node//node-a1')).toEqual({ kind: 'Node', namespace: '', name: 'node-a1' });
    expect(parseObjectKey('Pod/default/web')).toEqual({ kind: 'Pod', namespace: 'default', name: 'web' });
  });
});

describe('DeltaCoalescer', () => {
  it.each<{ name: string; changes: ObjectChange[]; upserts: string[]; deletes: string[] }>([
    { name: 'single add', changes: [added(pod('a', 1))], upserts: ['a@1'], deletes: [] },
    {
      name: 'add then modifications: last state wins',
      changes: [added(pod('a', 1)), modified(pod('a', 2)), modified(pod('a', 3))],
      upserts: ['a@3'],
      deletes: [],
    },
    {
      name: 'add then delete in one batch: nothing',
      changes: [added(pod('a', 1)), modified(pod('a', 2)), deleted(pod('a', 3))],
      upserts: [],
      deletes: [],
    },
    {
      name: 'modify then delete: delete',
      changes: [modified(pod('a', 2)), deleted(pod('a', 3))],
      upserts: [],
      deletes: ['Pod/default/a'],
    },
    {
      name: 'delete then re-create: one upsert',
      changes: [deleted(pod('a', 2)), added(pod('a', 3))],
      upserts: ['a@3'],
      deletes: [],
    },
    {
      name: 'delete, re-create, delete: delete',
      changes: [deleted(pod('a', 2)), added(pod('a', 3)), deleted(pod('a', 4))],
      upserts: [],
      deletes: ['Pod/default/a'],
    },
    {
      name: 'add, delete, add again: upsert',
      changes: [added(pod('a', 1)), deleted(pod('a', 2)), added(pod('a', 3))],
      upserts: ['a@3'],
      deletes: [],
    },
    {
      name: 'objects are independent; same name in other namespace or kind differs',
      changes: [added(pod('a', 1)), added(pod('a', 2, 'kube-system')), modified(node('a', 3)), deleted(pod('b', 4))],
      upserts: ['a@1', 'a@2', 'a@3'],
      deletes: ['Pod/default/b'],
    },
  ])('$name', ({ changes, upserts, deletes }) => {
    const c = new DeltaCoalescer();
    for (const change of changes) c.add(change);
    const delta = c.take();
    expect(delta.upserts.map((o) => `${o.metadata.name}@${o.metadata.resourceVersion}`)).toEqual(upserts);
    expect(delta.deletes).toEqual(deletes);
  });

  it('starts a new batch after take()', () => {
    const c = new DeltaCoalescer();
    c.add(added(pod('a', 1)));
    c.take();
    expect(c.size).toBe(0);
    c.add(deleted(pod('a', 2)));
    expect(c.take()).toEqual({ upserts: [], deletes: ['Pod/default/a'] });
  });
});
