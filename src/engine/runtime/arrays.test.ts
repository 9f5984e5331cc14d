import { describe, expect, it } from 'vitest';
import { appendAll, maxOf } from './arrays';

describe('appendAll and maxOf', () => {
  it('work past the argument limit of a spread call', () => {
    const many = Array.from({ length: 300_000 }, (_, i) => i);
    expect(() => [].push(...(many as never[]))).toThrow(RangeError);
    const target = [-1];
    expect(appendAll(target, many)).toBe(target);
    expect(target.length).toBe(300_001);
    expect(target[300_000]).toBe(299_999);
    expect(maxOf(many)).toBe(299_999);
  });

  it('match Math.max on small inputs, NaN and none included', () => {
    expect(maxOf([3, 9, 2])).toBe(Math.max(3, 9, 2));
    expect(maxOf([])).toBe(Math.max());
    expect(maxOf([1, Number.NaN, 2])).toBeNaN();
    expect(appendAll([1], new Set([2, 3]))).toEqual([1, 2, 3]);
  });
});
