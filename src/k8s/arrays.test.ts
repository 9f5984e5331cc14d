import { describe, expect, it } from 'vitest';
import { appendAll, maxOf, minOf } from './arrays';

describe('appendAll, maxOf and minOf', () => {
  it('work past the argument limit of a spread call', () => {
    const many = Array.from({ length: 300_000 }, (_, i) => i);
    expect(() => [].push(...(many as never[]))).toThrow(RangeError);
    const target = [-1];
    expect(appendAll(target, many)).toBe(target);
    expect(target.length).toBe(300_001);
    expect(target[300_000]).toBe(299_999);
    expect(maxOf(many)).toBe(299_999);
    expect(minOf(many)).toBe(0);
  });

  it('match Math.max and Math.min on small inputs, NaN and none included', () => {
    expect(maxOf([3, 9, 2])).toBe(Math.max(3, 9, 2));
    expect(maxOf([])).toBe(Math.max());
    expect(maxOf([1, Number.NaN, 2])).toBeNaN();
    expect(minOf([3, 9, 2])).toBe(Math.min(3, 9, 2));
    expect(minOf([])).toBe(Math.min());
    expect(minOf([1, Number.NaN, 2])).toBeNaN();
    expect(appendAll([1], new Set([2, 3]))).toEqual([1, 2, 3]);
  });
});
