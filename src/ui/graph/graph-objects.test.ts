import { describe, expect, it } from 'vitest';
import { node, pod } from './fixtures';
import { BUSY_MS, BUSY_PODS, CALM_MS, HUGE_MS, HUGE_PODS, publishDelay, sameList } from './graph-objects';

describe('graph objects pacing', () => {
  it('publishes about once a frame, and every BUSY_MS with many pods', () => {
    expect(publishDelay(1000, 1000, 10)).toBe(CALM_MS);
    expect(publishDelay(1000, 1000 + CALM_MS + 5, 10)).toBe(0);
    expect(publishDelay(1000, 1040, BUSY_PODS + 1)).toBe(BUSY_MS - 40);
    expect(publishDelay(0, 5000, 300)).toBe(0);
    expect(publishDelay(1000, 1040, HUGE_PODS + 1)).toBe(HUGE_MS - 40);
  });

  it('compares lists by identity of their objects', () => {
    const a = node('n', 'z');
    const b = pod('p', 'n');
    expect(sameList([a, b], [a, b])).toBe(true);
    expect(sameList([a, b], [a, pod('p', 'n')])).toBe(false);
    expect(sameList([a], [a, b])).toBe(false);
  });
});
