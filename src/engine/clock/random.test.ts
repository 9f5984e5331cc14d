import { describe, expect, it } from 'vitest';
import { SeededRandom } from './random';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';

function draws(seed: number, n = 20): number[] {
  const r = new SeededRandom(seed);
  return Array.from({ length: n }, () => r.nextUint32());
}

describe('SeededRandom', () => {
  it.each([0, 1, 7, 123456789, 0xffffffff, -1])('is deterministic per seed (%i)', (seed) => {
    expect(draws(seed)).toEqual(draws(seed));
  });

  it('gives different streams for different seeds', () => {
    const seen = new Set([0, 1, 2, 3, 4, 5].map((s) => draws(s, 4).join(',')));
    expect(seen.size).toBe(6);
  });

  it('next() is in [0, 1) and int(n) in [0, n)', () => {
    const r = new SeededRandom(5);
    for (let i = 0; i < 5000; i++) {
      const x = r.next();
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
      const k = r.int(7);
      expect(Number.isInteger(k) && k >= 0 && k < 7).toBe(true);
    }
  });

  it('int(n) covers every value', () => {
    const r = new SeededRandom(11);
    const seen = new Set<number>();
    for (let i = 0; i < 1000; i++) seen.add(r.int(10));
    expect([...seen].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it.each([1, 2, 3, 99])('uuid() is a canonical lowercase v4 UUID (seed %i)', (seed) => {
    const r = new SeededRandom(seed);
    const ids = Array.from({ length: 200 }, () => r.uuid());
    for (const id of ids) expect(id).toMatch(UUID_V4);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('string() draws only from the alphabet, with the requested length', () => {
    const r = new SeededRandom(3);
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const s = r.string(ALPHABET, 5);
      expect(s).toMatch(/^[bcdfghjklmnpqrstvwxz2456789]{5}$/);
      for (const c of s) seen.add(c);
    }
    expect(seen.size).toBe(ALPHABET.length);
    expect(r.string(ALPHABET, 0)).toBe('');
  });

  it('string() refuses an empty alphabet', () => {
    expect(() => new SeededRandom(1).string('', 3)).toThrow(/empty alphabet/);
  });
});

describe('SeededRandom.derive', () => {
  it('gives a stream of its own per label without drawing from the parent', () => {
    const parent = new SeededRandom(42);
    const twin = new SeededRandom(42);
    const a = parent.derive('kube-api-access');
    const b = new SeededRandom(42).derive('kube-api-access');
    expect(a.string('abc', 16)).toBe(b.string('abc', 16));
    expect(parent.nextUint32()).toBe(twin.nextUint32());
    expect(new SeededRandom(42).derive('x').nextUint32()).not.toBe(new SeededRandom(42).derive('y').nextUint32());
  });
});
