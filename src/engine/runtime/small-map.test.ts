import { describe, expect, it } from 'vitest';
import { ObjectKeyMemo, SmallMap } from './small-map';

describe('SmallMap', () => {
  it('answers like a Map through its first, second and later keys', () => {
    const small = new SmallMap<number>();
    const map = new Map<string, number>();
    const steps: [string, number][] = [
      ['a', 1],
      ['a', 2],
      ['b', 3],
      ['a', 4],
      ['c', 5],
      ['', 6],
    ];
    for (const [key, value] of steps) {
      small.set(key, value);
      map.set(key, value);
      for (const probe of ['a', 'b', 'c', '', 'missing']) expect(small.get(probe)).toBe(map.get(probe));
    }
  });

  it('knows nothing before the first set', () => {
    expect(new SmallMap<string>().get('')).toBeUndefined();
  });
});

describe('ObjectKeyMemo', () => {
  it('keeps values per object and key, apart for different objects', () => {
    const memo = new ObjectKeyMemo<string>();
    const x = {};
    const y = {};
    memo.set(x, 'n1', 'x1');
    memo.set(y, 'n1', 'y1');
    memo.set(x, 'n2', 'x2');
    expect([memo.get(x, 'n1'), memo.get(x, 'n2'), memo.get(y, 'n1'), memo.get(y, 'n2')]).toEqual(['x1', 'x2', 'y1', undefined]);
  });
});
