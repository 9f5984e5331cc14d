import { describe, expect, it } from 'vitest';
import { formatClockDate, formatClockTime, formatElapsed } from './format';

const epoch = Date.UTC(2026, 0, 1);

describe('format', () => {
  it('prints the simulated wall clock in UTC', () => {
    expect(formatClockTime(epoch + 3_723_000)).toBe('01:02:03');
    expect(formatClockDate(epoch)).toBe('Thu 1 Jan 2026');
  });

  it.each([
    [0, '0s'],
    [59_999, '59s'],
    [252_000, '4m12s'],
    [7_380_000, '2h03m'],
    [273_600_000, '3d4h'],
  ])('elapsed %i ms is %s', (ms, text) => {
    expect(formatElapsed(ms)).toBe(text);
  });
});
