// Garbage collector: a table of owner/dependent graphs on a real (node-less) cluster. Each case
// creates its objects in order (owner references name earlier objects, or owners that never
// existed), optionally deletes one with a propagation policy, lets the virtual clock run, and
// checks which objects remain, whom they still reference and whether they are terminating.

import { describe, expect, it } from 'vitest';
import type { KObject, OwnerReference } from '../../../k8s/types';
import type { PropagationPolicy } from '../../api/apiserver';
import { Cluster } from '../../cluster/cluster';
import { FINALIZER_FOREGROUND, withoutFinalizer, withoutOwnerRefs } from './garbage-collector';

const HOLD = 'example.com/hold';
const GHOST_UID = '00000000-0000-4000-8000-000000000000';

type Kind = 'Pod' | 'Node' | 'Namespace';

interface Ref {
  /** An earlier object of the case, or an owner that does not exist. */
  owner: string;
  /** The kind of an owner that does not exist (default Pod). */
  kind?: Kind;
  block?: boolean;
  /** Name an existing owner with a uid that is not its own. */
  wrongUid?: boolean;
}

interface Obj {
  name: string;
  kind?: Kind;
  refs?: Ref[];
  /** A finalizer of our own, so the object stays (terminating) once deleted. */
  hold?: boolean;
}

type Outcome = 'gone' | { owners: string[]; terminating?: boolean; finalizers?: string[] };

interface Case {
  name: string;
  objects: Obj[];
  deleted?: { name: string; policy: PropagationPolicy };
  expected: Record<string, Outcome>;
  /** After the HOLD finalizers are removed. */
  released?: Record<string, Outcome>;
}

const cases: Case[] = [
  {
    name: 'background: a dependent of a deleted owner is deleted',
    objects: [{ name: 'owner' }, { name: 'dep', refs: [{ owner: 'owner' }] }],
    deleted: { name: 'owner', policy: 'Background' },
    expected: { owner: 'gone', dep: 'gone' },
  },
  {
    name: 'background: it cascades through a chain',
    objects: [{ name: 'a' }, { name: 'b', refs: [{ owner: 'a' }] }, { name: 'c', refs: [{ owner: 'b' }] }],
    deleted: { name: 'a', policy: 'Background' },
    expected: { a: 'gone', b: 'gone', c: 'gone' },
  },
  {
    name: 'background: a dependent with another live owner only loses the dangling reference',
    objects: [{ name: 'o1' }, { name: 'o2' }, { name: 'dep', refs: [{ owner: 'o1' }, { owner: 'o2' }] }],
    deleted: { name: 'o1', policy: 'Background' },
    expected: { o1: 'gone', o2: { owners: [] }, dep: { owners: ['o2'] } },
  },
  {
    name: 'background: an owner that is terminating (no GC finalizer) still owns',
    objects: [
      { name: 'owner', hold: true },
      { name: 'dep', refs: [{ owner: 'owner' }] },
    ],
    deleted: { name: 'owner', policy: 'Background' },
    expected: { owner: { owners: [], terminating: true }, dep: { owners: ['owner'] } },
    released: { owner: 'gone', dep: 'gone' },
  },
  {
    name: 'foreground: the owner waits for a blocking dependent',
    objects: [{ name: 'owner' }, { name: 'dep', hold: true, refs: [{ owner: 'owner', block: true }] }],
    deleted: { name: 'owner', policy: 'Foreground' },
    expected: {
      owner: { owners: [], terminating: true, finalizers: [FINALIZER_FOREGROUND] },
      dep: { owners: ['owner'], terminating: true },
    },
    released: { owner: 'gone', dep: 'gone' },
  },
  {
    name: 'foreground: a dependent without blockOwnerDeletion is deleted but does not block',
    objects: [{ name: 'owner' }, { name: 'dep', hold: true, refs: [{ owner: 'owner' }] }],
    deleted: { name: 'owner', policy: 'Foreground' },
    expected: { owner: 'gone', dep: { owners: ['owner'], terminating: true } },
    released: { owner: 'gone', dep: 'gone' },
  },
  {
    name: 'foreground: it cascades, the owner goes last',
    objects: [
      { name: 'a' },
      { name: 'b', refs: [{ owner: 'a', block: true }] },
      { name: 'c', hold: true, refs: [{ owner: 'b', block: true }] },
    ],
    deleted: { name: 'a', policy: 'Foreground' },
    expected: {
      a: { owners: [], terminating: true, finalizers: [FINALIZER_FOREGROUND] },
      b: { owners: ['a'], terminating: true, finalizers: [FINALIZER_FOREGROUND] },
      c: { owners: ['b'], terminating: true },
    },
    released: { a: 'gone', b: 'gone', c: 'gone' },
  },
  {
    name: 'foreground: a dependent with another live owner is kept, without the reference',
    objects: [{ name: 'o1' }, { name: 'o2' }, { name: 'dep', refs: [{ owner: 'o1', block: true }, { owner: 'o2' }] }],
    deleted: { name: 'o1', policy: 'Foreground' },
    expected: { o1: 'gone', o2: { owners: [] }, dep: { owners: ['o2'] } },
  },
  {
    name: 'foreground: an owner without dependents goes at once',
    objects: [{ name: 'owner' }],
    deleted: { name: 'owner', policy: 'Foreground' },
    expected: { owner: 'gone' },
  },
  {
    name: 'orphan: dependents lose the reference and stay',
    objects: [
      { name: 'owner' },
      { name: 'd1', refs: [{ owner: 'owner', block: true }] },
      { name: 'd2', refs: [{ owner: 'owner' }] },
    ],
    deleted: { name: 'owner', policy: 'Orphan' },
    expected: { owner: 'gone', d1: { owners: [] }, d2: { owners: [] } },
  },
  {
    name: 'orphan: other owners are kept',
    objects: [{ name: 'o1' }, { name: 'o2' }, { name: 'dep', refs: [{ owner: 'o1' }, { owner: 'o2' }] }],
    deleted: { name: 'o1', policy: 'Orphan' },
    expected: { o1: 'gone', dep: { owners: ['o2'] } },
  },
  {
    name: 'orphan: the owner waits for its other finalizers',
    objects: [
      { name: 'owner', hold: true },
      { name: 'dep', refs: [{ owner: 'owner' }] },
    ],
    deleted: { name: 'owner', policy: 'Orphan' },
    expected: { owner: { owners: [], terminating: true, finalizers: [HOLD] }, dep: { owners: [] } },
    released: { owner: 'gone', dep: { owners: [] } },
  },
  {
    name: 'dangling: an owner that never existed',
    objects: [{ name: 'dep', refs: [{ owner: 'ghost' }] }],
    expected: { dep: 'gone' },
  },
  {
    name: 'dangling: an owner of that name with another uid',
    objects: [{ name: 'owner' }, { name: 'dep', refs: [{ owner: 'owner', wrongUid: true }] }],
    expected: { owner: { owners: [] }, dep: 'gone' },
  },
  {
    name: 'dangling: with a live owner too, only the dangling reference goes',
    objects: [{ name: 'owner' }, { name: 'dep', refs: [{ owner: 'ghost' }, { owner: 'owner' }] }],
    expected: { dep: { owners: ['owner'] } },
  },
  {
    name: 'dangling: a missing cluster-scoped owner',
    objects: [{ name: 'dep', refs: [{ owner: 'no-such-node', kind: 'Node' }] }],
    expected: { dep: 'gone' },
  },
  {
    name: 'cluster-scoped owner: a live Node owns a pod (looked up without namespace)',
    objects: [
      { name: 'n1', kind: 'Node' },
      { name: 'dep', refs: [{ owner: 'n1' }] },
    ],
    expected: { n1: { owners: [] }, dep: { owners: ['n1'] } },
  },
  {
    name: 'cluster-scoped owner: deleting the Node deletes its pods',
    objects: [
      { name: 'n1', kind: 'Node' },
      { name: 'dep', refs: [{ owner: 'n1' }] },
    ],
    deleted: { name: 'n1', policy: 'Background' },
    expected: { n1: 'gone', dep: 'gone' },
  },
  {
    name: 'cluster-scoped owner: a Node deleted in foreground waits for its pods',
    objects: [
      { name: 'n1', kind: 'Node' },
      { name: 'dep', hold: true, refs: [{ owner: 'n1', block: true }] },
    ],
    deleted: { name: 'n1', policy: 'Foreground' },
    expected: {
      n1: { owners: [], terminating: true, finalizers: [FINALIZER_FOREGROUND] },
      dep: { owners: ['n1'], terminating: true },
    },
    released: { n1: 'gone', dep: 'gone' },
  },
  {
    name: 'cluster-scoped owner: a Namespace owns a pod of another namespace',
    objects: [
      { name: 'team', kind: 'Namespace' },
      { name: 'dep', refs: [{ owner: 'team' }] },
    ],
    expected: { team: { owners: [] }, dep: { owners: ['team'] } },
  },
  {
    name: 'cluster-scoped owner: orphaning a Node',
    objects: [
      { name: 'n1', kind: 'Node' },
      { name: 'dep', refs: [{ owner: 'n1' }] },
    ],
    deleted: { name: 'n1', policy: 'Orphan' },
    expected: { n1: 'gone', dep: { owners: [] } },
  },
];

function manifest(obj: Obj, refs: OwnerReference[]): KObject {
  const kind = obj.kind ?? 'Pod';
  const metadata = {
    name: obj.name,
    ...(kind === 'Pod' ? { namespace: 'default' } : {}),
    ...(refs.length > 0 ? { ownerReferences: refs } : {}),
    ...(obj.hold ? { finalizers: [HOLD] } : {}),
  };
  if (kind === 'Pod') {
    return { apiVersion: 'v1', kind, metadata, spec: { containers: [{ name: 'app', image: 'busybox:1.36' }] } };
  }
  return { apiVersion: 'v1', kind, metadata };
}

function defOf(cluster: Cluster, kind: Kind) {
  return cluster.api.registry.forObject('v1', kind)!;
}

function find(cluster: Cluster, created: Map<string, KObject>, name: string): KObject | undefined {
  const obj = created.get(name)!;
  const def = defOf(cluster, obj.kind as Kind);
  return cluster.api.tryGet(def, obj.metadata.namespace, name);
}

function check(cluster: Cluster, created: Map<string, KObject>, expected: Record<string, Outcome>): void {
  const uidToName = new Map(Array.from(created.values(), (o) => [o.metadata.uid!, o.metadata.name!]));
  for (const [name, outcome] of Object.entries(expected)) {
    const obj = find(cluster, created, name);
    if (outcome === 'gone') {
      expect(obj, `${name} should be gone`).toBeUndefined();
      continue;
    }
    expect(obj, `${name} should remain`).toBeDefined();
    const owners = (obj!.metadata.ownerReferences ?? []).map((r) => uidToName.get(r.uid) ?? r.uid);
    expect(owners, `${name}'s owners`).toEqual(outcome.owners);
    expect(!!obj!.metadata.deletionTimestamp, `${name} terminating`).toBe(outcome.terminating ?? false);
    if (outcome.finalizers) expect(obj!.metadata.finalizers ?? [], `${name}'s finalizers`).toEqual(outcome.finalizers);
  }
}

describe('garbage collector', () => {
  it.each(cases)('$name', (c) => {
    const cluster = new Cluster(1, { empty: true });
    const created = new Map<string, KObject>();
    for (const obj of c.objects) {
      const refs = (obj.refs ?? []).map((r): OwnerReference => {
        const owner = created.get(r.owner);
        const uid = !owner || r.wrongUid ? GHOST_UID : owner.metadata.uid!;
        return {
          apiVersion: 'v1',
          kind: owner?.kind ?? r.kind ?? 'Pod',
          name: r.owner,
          uid,
          ...(r.block ? { blockOwnerDeletion: true } : {}),
        };
      });
      created.set(obj.name, cluster.api.create(manifest(obj, refs)));
    }
    cluster.clock.advance(1_000);
    if (c.deleted) {
      const target = created.get(c.deleted.name)!;
      cluster.api.delete(defOf(cluster, target.kind as Kind), target.metadata.namespace, c.deleted.name, {
        propagationPolicy: c.deleted.policy,
      });
      cluster.clock.advance(60_000);
    }
    check(cluster, created, c.expected);
    if (!c.released) return;
    for (const obj of c.objects) {
      if (!obj.hold) continue;
      const current = find(cluster, created, obj.name);
      if (current) cluster.api.update(withoutFinalizer(current, HOLD));
    }
    cluster.clock.advance(60_000);
    check(cluster, created, c.released);
  });
});

describe('garbage collector helpers', () => {
  const pod: KObject = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: 'p',
      finalizers: ['a', 'orphan'],
      ownerReferences: [
        { apiVersion: 'v1', kind: 'Pod', name: 'x', uid: 'u1' },
        { apiVersion: 'v1', kind: 'Pod', name: 'y', uid: 'u2' },
      ],
    },
  };

  it.each([
    { uids: ['u1'], left: ['u2'] },
    { uids: ['u1', 'u2'], left: undefined },
    { uids: ['u3'], left: ['u1', 'u2'] },
  ])('withoutOwnerRefs($uids)', ({ uids, left }) => {
    expect(withoutOwnerRefs(pod, new Set(uids)).metadata.ownerReferences?.map((r) => r.uid)).toEqual(left);
  });

  it.each([
    { finalizer: 'orphan', left: ['a'] },
    { finalizer: 'missing', left: ['a', 'orphan'] },
  ])('withoutFinalizer($finalizer)', ({ finalizer, left }) => {
    expect(withoutFinalizer(pod, finalizer).metadata.finalizers).toEqual(left);
    expect(withoutFinalizer(withoutFinalizer(pod, 'a'), 'orphan').metadata.finalizers).toBeUndefined();
  });
});
