import { describe, expect, it } from 'vitest';
import { BUSY_MS, BUSY_PODS, CALM_MS, HUGE_MS, HUGE_PODS, MAX_PUBLISH_MS, publishDelay, publishPeriodMs } from './graph-objects';

describe('graph objects pacing', () => {
  it('publishes about once a frame, and every BUSY_MS with many pods', () => {
    expect(publishDelay(1000, 1000, 10)).toBe(CALM_MS);
    expect(publishDelay(1000, 1000 + CALM_MS + 5, 10)).toBe(0);
    expect(publishDelay(1000, 1040, BUSY_PODS + 1)).toBe(BUSY_MS - 40);
    expect(publishDelay(0, 5000, 300)).toBe(0);
    expect(publishDelay(1000, 1040, HUGE_PODS + 1)).toBe(HUGE_MS - 40);
    // beyond, in proportion to the pods (a publication re-derives each), up to MAX_PUBLISH_MS
    expect(publishPeriodMs(60_000)).toBeGreaterThan(publishPeriodMs(30_000));
    expect(publishPeriodMs(60_000)).toBeCloseTo(2 * publishPeriodMs(30_000));
    expect(publishPeriodMs(10_000_000)).toBe(MAX_PUBLISH_MS);
  });
});
