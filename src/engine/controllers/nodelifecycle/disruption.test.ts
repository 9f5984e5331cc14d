import { describe, expect, it } from 'vitest';
import { qpsForState, reducedQps, ZoneDisruption, type EvictionRates, type ZoneCount } from './disruption';

const rates: EvictionRates = {
  evictionRate: 0.1,
  secondaryEvictionRate: 0.01,
  largeClusterSizeThreshold: 50,
  unhealthyZoneThreshold: 0.55,
};

function hooks() {
  const calls: string[] = [];
  return {
    calls,
    hooks: {
      markAllNodesReachable: () => void calls.push('reachable'),
      resetAllProbeTimestamps: () => void calls.push('reset'),
    },
  };
}

const counts = (entries: Record<string, [number, number]>) =>
  new Map<string, ZoneCount>(Object.entries(entries).map(([z, [ready, notReady]]) => [z, { ready, notReady }]));

describe('zone limiter rates', () => {
  it('Normal and FullDisruption use node-eviction-rate; PartialDisruption depends on the zone size', () => {
    expect(qpsForState('Normal', 3, rates)).toBe(0.1);
    expect(qpsForState('FullDisruption', 3, rates)).toBe(0.1);
    expect(qpsForState('PartialDisruption', 50, rates)).toBe(0);
    expect(qpsForState('PartialDisruption', 51, rates)).toBe(0.01);
    expect(qpsForState('Initial', 3, rates)).toBeUndefined();
    expect(reducedQps(51, { ...rates, largeClusterSizeThreshold: 100 })).toBe(0);
  });
});

describe('handleDisruption', () => {
  it('new zones start Initial at the normal rate and take their state on the first pass', () => {
    const d = new ZoneDisruption();
    d.ensureZone('a', rates);
    expect(d.state('a')).toBe('Initial');
    expect(d.tainter('a')!.qps).toBe(0.1);
    const { hooks: h } = hooks();
    expect(d.handle(counts({ a: [3, 0] }), rates, 0, h)).toBeUndefined();
    expect(d.state('a')).toBe('Normal');
  });

  it('a small zone in PartialDisruption stops tainting; a large one slows to the secondary rate', () => {
    const d = new ZoneDisruption();
    const { hooks: h } = hooks();
    d.handle(counts({ small: [5, 0], large: [60, 0] }), rates, 0, h);
    d.handle(counts({ small: [2, 3], large: [20, 40] }), rates, 5_000, h);
    expect(d.state('small')).toBe('PartialDisruption');
    expect(d.tainter('small')!.qps).toBe(0);
    expect(d.state('large')).toBe('PartialDisruption');
    expect(d.tainter('large')!.qps).toBe(0.01);
  });

  it('one zone fully disrupted next to a healthy one keeps the normal rate', () => {
    const d = new ZoneDisruption();
    const { hooks: h, calls } = hooks();
    d.handle(counts({ a: [2, 0], b: [2, 0] }), rates, 0, h);
    expect(d.handle(counts({ a: [0, 2], b: [2, 0] }), rates, 5_000, h)).toBeUndefined();
    expect(d.state('a')).toBe('FullDisruption');
    expect(d.tainter('a')!.qps).toBe(0.1);
    expect(calls).toEqual([]);
  });

  it('all zones down: master disruption mode stops everything; leaving it resets probes and rates', () => {
    const d = new ZoneDisruption();
    const { hooks: h, calls } = hooks();
    d.handle(counts({ a: [2, 0], b: [2, 0] }), rates, 0, h);
    expect(d.handle(counts({ a: [0, 2], b: [0, 2] }), rates, 5_000, h)).toBe('enteredMasterDisruption');
    expect(calls).toEqual(['reachable']);
    expect(d.allFullyDisrupted).toBe(true);
    expect(d.tainter('a')!.qps).toBe(0);
    expect(d.tainter('b')!.qps).toBe(0);
    // staying in it changes nothing
    expect(d.handle(counts({ a: [0, 2], b: [0, 2] }), rates, 10_000, h)).toBeUndefined();
    expect(d.handle(counts({ a: [1, 1], b: [0, 2] }), rates, 15_000, h)).toBe('exitedMasterDisruption');
    expect(calls).toEqual(['reachable', 'reset']);
    expect(d.state('a')).toBe('Normal');
    expect(d.state('b')).toBe('FullDisruption');
    expect(d.tainter('a')!.qps).toBe(0.1);
    expect(d.tainter('b')!.qps).toBe(0.1);
  });

  it('forgets zones without counted nodes', () => {
    const d = new ZoneDisruption();
    const { hooks: h } = hooks();
    d.handle(counts({ a: [1, 0], b: [1, 0] }), rates, 0, h);
    d.handle(counts({ a: [1, 0] }), rates, 5_000, h);
    expect(d.zones()).toEqual(['a']);
  });

  it('re-applies changed rates to every zone', () => {
    const d = new ZoneDisruption();
    const { hooks: h } = hooks();
    const c = counts({ a: [5, 0] });
    d.handle(c, rates, 0, h);
    d.reapplyRates(c, { ...rates, evictionRate: 1 }, 5_000);
    expect(d.tainter('a')!.qps).toBe(1);
  });
});
