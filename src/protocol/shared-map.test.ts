import { describe, expect, it } from 'vitest';
import { SharedMap, type MapChange } from './shared-map';

/** A small deterministic generator (tests only: the engine has its own seeded RNG). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** The differences of two plain maps, sorted by key: what changesSince must find. */
function expectedChanges<V>(before: ReadonlyMap<string, V>, after: ReadonlyMap<string, V>): MapChange<V>[] {
  const out: MapChange<V>[] = [];
  for (const [key, value] of after)
    if (before.get(key) !== value || !before.has(key)) out.push({ key, before: before.get(key), after: value });
  for (const [key, value] of before) if (!after.has(key)) out.push({ key, before: value, after: undefined });
  return out.sort((a, b) => (a.key < b.key ? -1 : 1));
}

const byKey = <V>(changes: MapChange<V>[]) => [...changes].sort((a, b) => (a.key < b.key ? -1 : 1));

describe('SharedMap', () => {
  it('keeps every version as it was and shares what did not change', () => {
    const a = SharedMap.empty<number>().with([
      ['x', 1],
      ['y', 2],
    ]);
    const b = a.with([['x', 3]], ['y']);
    expect([...a]).toEqual(
      expect.arrayContaining([
        ['x', 1],
        ['y', 2],
      ]),
    );
    expect([...b]).toEqual([['x', 3]]);
    expect(b.size).toBe(1);
    expect(a.with([['x', 1]])).toBe(a);
    expect(a.with([], ['nothing'])).toBe(a);
  });

  it('finds the changes between two versions, under random operations, as a plain map does', () => {
    const random = lcg(7);
    let shared = SharedMap.empty<object>();
    let plain = new Map<string, object>();
    let previous = shared;
    let previousPlain = plain;
    for (let step = 0; step < 400; step++) {
      const upserts: [string, object][] = [];
      const deletes: string[] = [];
      // bursts of growth and shrinkage, so the bucket count changes both ways
      const growing = Math.floor(step / 100) % 2 === 0;
      const n = 1 + Math.floor(random() * 40);
      for (let i = 0; i < n; i++) {
        const key = `k${Math.floor(random() * 3000)}`;
        if (growing ? random() < 0.85 : random() < 0.1)
          upserts.push([key, random() < 0.1 && plain.has(key) ? plain.get(key)! : { step, i }]);
        else deletes.push(key);
      }
      const next = shared.with(upserts, deletes);
      const nextPlain = new Map(plain);
      for (const key of deletes) nextPlain.delete(key);
      for (const [key, value] of upserts) nextPlain.set(key, value);
      // from the version it was made from (the changes it remembers), and from two versions back (bucket by bucket)
      expect(byKey(next.changesSince(shared))).toEqual(expectedChanges(plain, nextPlain));
      expect(byKey(next.changesSince(previous))).toEqual(expectedChanges(previousPlain, nextPlain));
      expect(next.size).toBe(nextPlain.size);
      previous = shared;
      previousPlain = plain;
      shared = next;
      plain = nextPlain;
    }
    // a distance of many steps too
    const far = SharedMap.empty<object>().with(plain);
    expect(far.changesSince(shared)).toEqual([]);
    expect(byKey(shared.changesSince(SharedMap.empty()))).toEqual(expectedChanges(new Map(), plain));
  });

  it('compares only the buckets that changed', () => {
    const entries: [string, number][] = Array.from({ length: 10_000 }, (_, i) => [`Pod/default/p${i}`, i]);
    const big = SharedMap.empty<number>().with(entries);
    const next = big.with([['Pod/default/p5', -5]], ['Pod/default/p6']);
    expect(byKey(next.changesSince(big))).toEqual([
      { key: 'Pod/default/p5', before: 5, after: -5 },
      { key: 'Pod/default/p6', before: 6, after: undefined },
    ]);
  });
});
