import { describe, expect, it } from 'vitest';
import { tabIndexAfterKey } from './tablist-keys';

describe('tabIndexAfterKey', () => {
  it.each([
    ['ArrowRight', 0, 3, 1],
    ['ArrowRight', 2, 3, 0],
    ['ArrowLeft', 0, 3, 2],
    ['ArrowLeft', 2, 3, 1],
    ['Home', 2, 3, 0],
    ['End', 0, 3, 2],
    ['Enter', 1, 3, -1],
    ['ArrowRight', 0, 0, -1],
  ])('%s from tab %i of %i → %i', (key, index, count, expected) => {
    expect(tabIndexAfterKey(key, index, count)).toBe(expected);
  });
});
