import { describe, expect, it } from 'vitest';
import { clone, deepEqual, deepFreeze } from './deep';

describe('deepEqual', () => {
  const shared = { a: [1, 2] };
  it.each<[string, unknown, unknown, boolean]>([
    ['same reference', shared, shared, true],
    ['equal primitives', 'x', 'x', true],
    ['different primitives', 1, '1', false],
    ['null vs object', null, {}, false],
    ['nested equal', { a: { b: [1, { c: 'd' }] } }, { a: { b: [1, { c: 'd' }] } }, true],
    ['nested different', { a: { b: [1, { c: 'd' }] } }, { a: { b: [1, { c: 'e' }] } }, false],
    ['undefined property = absent', { a: 1, b: undefined }, { a: 1 }, true],
    ['absent = undefined property', { a: 1 }, { a: 1, b: undefined }, true],
    ['extra key', { a: 1 }, { a: 1, b: 2 }, false],
    ['array vs object', [1], { 0: 1 }, false],
    ['object vs array', { 0: 1 }, [1], false],
    ['arrays of different length', [1, 2], [1], false],
    ['key order does not matter', { a: 1, b: 2 }, { b: 2, a: 1 }, true],
    ['null vs undefined', null, undefined, false],
    ['empty object vs empty array', {}, [], false],
  ])('%s', (_what, a, b, expected) => {
    expect(deepEqual(a, b)).toBe(expected);
    expect(deepEqual(b, a)).toBe(expected);
  });
});

describe('deepFreeze', () => {
  it('freezes every level and returns the same value', () => {
    const value = { a: { b: [{ c: 1 }] } };
    expect(deepFreeze(value)).toBe(value);
    expect(Object.isFrozen(value.a.b[0])).toBe(true);
    expect(() => {
      (value.a.b as unknown[]).push(2);
    }).toThrow(TypeError);
  });

  it('leaves primitives alone and stops at frozen sub-trees', () => {
    expect(deepFreeze(3)).toBe(3);
    expect(deepFreeze(null)).toBe(null);
    const inner = Object.freeze({ x: { y: 1 } });
    const outer = deepFreeze({ inner });
    expect(Object.isFrozen(outer)).toBe(true);
    // A shallow-frozen sub-tree is taken as already frozen (structural sharing keeps this cheap).
    expect(Object.isFrozen(inner.x)).toBe(false);
  });
});

describe('clone', () => {
  it('copies deeply', () => {
    const value = deepFreeze({ a: { b: [1] } });
    const copy = clone(value);
    expect(copy).toEqual(value);
    copy.a.b.push(2);
    expect(value.a.b).toEqual([1]);
  });
});
