import { describe, expect, it } from 'vitest';
import type { KObject } from '../k8s/types';
import { objectKey } from './delta';
import { ObjectMirror } from './mirror';

function pod(name: string, rv: number, namespace = 'default'): KObject {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace, uid: `uid-${name}`, resourceVersion: String(rv) } };
}
function node(name: string, rv: number): KObject {
  return { apiVersion: 'v1', kind: 'Node', metadata: { name, uid: `uid-${name}`, resourceVersion: String(rv) } };
}
function lease(name: string, rv: number): KObject {
  return {
    apiVersion: 'coordination.k8s.io/v1',
    kind: 'Lease',
    metadata: { name, namespace: 'kube-node-lease', resourceVersion: String(rv) },
  };
}
const sorted = (keys: string[]) => [...keys].sort();

describe('ObjectMirror', () => {
  it('upserts and deletes, sharing untouched objects; an older version reads as it was', () => {
    const a = pod('a', 1);
    const b = pod('b', 1);
    const before = ObjectMirror.of([a, b]);
    const a2 = pod('a', 2);
    const after = before.apply({ upserts: [a2, pod('c', 1)], deletes: ['Pod/default/b'] });
    expect(after).not.toBe(before);
    expect(sorted(after.keys())).toEqual(['Pod/default/a', 'Pod/default/c']);
    expect(after.get('Pod/default/a')).toBe(a2);
    expect(after.size).toBe(2);
    expect(before.get('Pod/default/a')).toBe(a);
    expect(before.get('Pod/default/b')).toBe(b);
    expect(before.size).toBe(2);
  });

  it('returns itself when nothing changes', () => {
    const a = pod('a', 1);
    const before = ObjectMirror.of([a]);
    expect(before.apply({ upserts: [], deletes: [] })).toBe(before);
    expect(before.apply({ upserts: [], deletes: ['Pod/default/unknown', 'Node//x'] })).toBe(before);
    expect(before.apply({ upserts: [a], deletes: [] })).toBe(before);
  });

  it('reset replaces everything', () => {
    const before = ObjectMirror.of([pod('a', 1)]);
    const after = before.apply({ reset: true, upserts: [node('n', 1)], deletes: [] });
    expect(after.keys()).toEqual(['Node//n']);
    expect(after.has('Pod/default/a')).toBe(false);
    expect(before.apply({ reset: true, upserts: [], deletes: [] })).toBe(ObjectMirror.EMPTY);
  });

  it('keeps an untouched kind’s table across deltas', () => {
    const before = ObjectMirror.of([pod('a', 1), pod('b', 1), lease('n1', 1)]);
    const pods = before.ofKind('Pod');
    expect(sorted(pods.keys())).toEqual(['Pod/default/a', 'Pod/default/b']);
    const renewed = before.apply({ upserts: [lease('n1', 2)], deletes: [] });
    expect(renewed.ofKind('Pod')).toBe(pods);
    expect(renewed.get('Lease/kube-node-lease/n1')?.metadata.resourceVersion).toBe('2');
    const changed = renewed.apply({ upserts: [pod('c', 1)], deletes: ['Pod/default/a'] });
    expect(sorted(changed.ofKind('Pod').keys())).toEqual(['Pod/default/b', 'Pod/default/c']);
    expect(changed.ofKind('Lease')).toBe(renewed.ofKind('Lease'));
    expect(changed.ofKind('Node').size).toBe(0);
    expect(changed.ofKind('Node').values()).toEqual([]);
  });

  it('matches a plain record under random operations, keeping untouched objects and kinds', () => {
    // a seeded LCG: the same operations every run
    let seed = 12345;
    const random = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    const make = (i: number, rv: number): KObject =>
      i % 7 === 0 ? node(`n${i}`, rv) : i % 5 === 0 ? lease(`l${i}`, rv) : pod(`p${i}`, rv);
    let model: Record<string, KObject> = {};
    let mirror = ObjectMirror.EMPTY;
    let rv = 0;
    let peak = 0;
    // grows past several bucket doublings, then shrinks through the halvings
    for (const [rounds, universe, deleteShare] of [
      [300, 5000, 0.2],
      [300, 5000, 0.8],
    ] as const) {
      for (let round = 0; round < rounds; round++) {
        const upserts = new Map<string, KObject>();
        const deletes = new Set<string>();
        const count = 1 + random(60);
        for (let j = 0; j < count; j++) {
          const obj = make(random(universe), ++rv);
          const key = objectKey(obj);
          if (upserts.has(key) || deletes.has(key)) continue; // one change per key, as the coalescer sends
          if (random(100) < deleteShare * 100) deletes.add(key);
          else upserts.set(key, obj);
        }
        const before = mirror;
        const beforeModel = model;
        mirror = mirror.apply({ upserts: [...upserts.values()], deletes: [...deletes] });
        model = { ...model };
        for (const key of deletes) delete model[key];
        for (const [key, obj] of upserts) model[key] = obj;

        // compared in bulk (an expect per key is slow): same keys, and every object the model's own
        const keys = sorted(Object.keys(model));
        expect(mirror.size).toBe(keys.length);
        expect(sorted(mirror.keys())).toEqual(keys);
        expect(keys.filter((key) => mirror.get(key) !== model[key])).toEqual([]);
        for (const kind of ['Pod', 'Node', 'Lease']) {
          expect(sorted(mirror.ofKind(kind).keys())).toEqual(keys.filter((k) => k.startsWith(`${kind}/`)));
          const touched = [...upserts.keys(), ...deletes].some(
            (k) => k.startsWith(`${kind}/`) && (k in model || k in beforeModel),
          );
          if (!touched) expect(mirror.ofKind(kind)).toBe(before.ofKind(kind));
        }
        // the previous version still reads as it was
        expect(before.size).toBe(Object.keys(beforeModel).length);
        expect([...deletes, ...upserts.keys()].filter((key) => before.get(key) !== beforeModel[key])).toEqual([]);
        peak = Math.max(peak, mirror.size);
      }
    }
    expect(peak).toBeGreaterThan(1000); // well past one bucket's load
    expect(mirror.size).toBeLessThan(peak / 2); // and back through the halvings
  });
});
