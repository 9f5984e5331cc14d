import { describe, expect, it } from 'vitest';
import { checkIndexesFormat, formatIndexes, parseIndexes } from './job-indexes';

describe('completedIndexes compression (orderedIntervals.String)', () => {
  it.each([
    [[], ''],
    [[0], '0'],
    [[3, 4], '3,4'],
    [[3, 4, 5], '3-5'],
    [[1, 3, 4, 5, 7], '1,3-5,7'],
    [[7, 1, 5, 3, 4, 4], '1,3-5,7'],
    [[0, 1, 2, 3, 4, 6, 7, 9], '0-4,6,7,9'],
  ])('%j → %s', (indexes, text) => {
    expect(formatIndexes(indexes)).toBe(text);
  });

  it('parses what it formats, dropping indexes at or beyond completions', () => {
    expect([...parseIndexes('1,3-5,7', 10)].sort((a, b) => a - b)).toEqual([1, 3, 4, 5, 7]);
    expect([...parseIndexes('1,3-5,7', 5)].sort((a, b) => a - b)).toEqual([1, 3, 4]);
    expect([...parseIndexes('x,2', 5)]).toEqual([2]);
    expect(parseIndexes('', 5).size).toBe(0);
  });
});

describe('validateIndexesFormat', () => {
  it.each([
    ['', 5, { total: 0 }],
    ['0,2-4', 5, { total: 4 }],
    [
      '1-2-3',
      5,
      {
        error: `the fragment "1-2-3" violates the requirement that an index interval can have at most two parts separated by '-'`,
      },
    ],
    ['a', 5, { error: 'cannot convert string to integer for index: "a"' }],
    ['5', 5, { error: 'too large index: "5"' }],
    ['3,1', 5, { error: 'non-increasing order, previous: 3, current: 1' }],
    ['2-1', 5, { error: 'non-increasing order, previous: 2, current: 1' }],
  ])('%j with %i completions', (text, completions, result) => {
    expect(checkIndexesFormat(text, completions)).toEqual(result);
  });
});
