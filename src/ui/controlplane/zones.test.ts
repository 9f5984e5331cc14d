import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import { zoneRate, zoneState, zoneSummaries } from './zones';

function node(
  name: string,
  zone: string | undefined,
  ready: 'True' | 'False' | 'Unknown' | undefined,
  extra: Record<string, string> = {},
): KObject {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name, labels: { ...(zone ? { 'topology.kubernetes.io/zone': zone } : {}), ...extra } },
    status: { conditions: ready ? [{ type: 'Ready', status: ready }] : [] },
  };
}

describe('zoneState (ComputeZoneState)', () => {
  it.each([
    [3, 0, 'Normal'],
    [0, 1, 'FullDisruption'],
    [0, 0, 'Normal'],
    [1, 2, 'Normal'], // two not-Ready nodes are never a partial disruption
    [2, 3, 'PartialDisruption'], // 3/5 = 0.6 ≥ 0.55
    [3, 3, 'Normal'], // 0.5 < 0.55
    [1, 3, 'PartialDisruption'],
  ] as const)('%i ready, %i not ready → %s', (ready, notReady, state) => {
    expect(zoneState(ready, notReady)).toBe(state);
  });
});

describe('zoneRate (setLimiterInZone)', () => {
  it('is the eviction rate for Normal and FullDisruption zones', () => {
    expect(zoneRate('Normal', 2, false).rate).toBe(0.1);
    expect(zoneRate('FullDisruption', 2, false).rate).toBe(0.1);
  });
  it('is reduced in partially disrupted zones: 0.01/s above 50 nodes, 0 otherwise', () => {
    expect(zoneRate('PartialDisruption', 51, false).rate).toBe(0.01);
    expect(zoneRate('PartialDisruption', 50, false).rate).toBe(0);
  });
  it('is 0 everywhere when every zone is down', () => {
    expect(zoneRate('FullDisruption', 2, true)).toMatchObject({ rate: 0, rule: expect.stringMatching(/every zone/) });
  });
});

describe('zoneSummaries', () => {
  it('counts Ready per zone; False, Unknown and missing are not Ready; excluded nodes are left out', () => {
    const zones = zoneSummaries([
      node('a1', 'zone-a', 'True'),
      node('a2', 'zone-a', 'Unknown'),
      node('b1', 'zone-b', 'False'),
      node('b2', 'zone-b', undefined),
      node('b3', 'zone-b', 'True', { 'node.kubernetes.io/exclude-disruption': '' }),
      node('x', undefined, 'True'),
    ]);
    expect(zones).toEqual([
      expect.objectContaining({ zone: 'zone-a', ready: 1, notReady: 1, state: 'Normal', rate: 0.1 }),
      expect.objectContaining({ zone: 'zone-b', ready: 0, notReady: 2, state: 'FullDisruption', rate: 0.1 }),
      expect.objectContaining({ zone: '', ready: 1, notReady: 0, state: 'Normal' }),
    ]);
  });

  it('stops tainting when all zones are fully disrupted', () => {
    const zones = zoneSummaries([node('a1', 'zone-a', 'Unknown'), node('b1', 'zone-b', 'Unknown')]);
    expect(zones.map((z) => [z.state, z.rate])).toEqual([
      ['FullDisruption', 0],
      ['FullDisruption', 0],
    ]);
  });
});
