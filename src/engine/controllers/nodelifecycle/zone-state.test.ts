import { describe, expect, it } from 'vitest';
import type { Condition, KObject } from '../../../k8s/types';
import { computeZoneState, displayZone, isExcludedFromDisruption, zoneKey, zoneStateOf } from './zone-state';

const node = (labels?: Record<string, string>): KObject => ({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n', labels } });
const ready = (status: Condition['status']): Condition => ({ type: 'Ready', status });

describe('zoneKey', () => {
  it('joins region and zone with a NUL between colons', () => {
    const key = zoneKey(node({ 'topology.kubernetes.io/region': 'r1', 'topology.kubernetes.io/zone': 'z1' }));
    expect(key).toBe('r1:\x00:z1');
    expect(displayZone(key)).toBe('r1/z1');
  });
  it('is "" without labels, and keeps a missing half empty', () => {
    expect(zoneKey(node())).toBe('');
    expect(zoneKey(node({ other: 'x' }))).toBe('');
    expect(zoneKey(node({ 'topology.kubernetes.io/zone': 'z1' }))).toBe(':\x00:z1');
  });
  it('prefers the beta failure-domain labels', () => {
    const key = zoneKey(
      node({
        'failure-domain.beta.kubernetes.io/zone': 'old',
        'topology.kubernetes.io/zone': 'new',
        'topology.kubernetes.io/region': 'r',
      }),
    );
    expect(key).toBe('r:\x00:old');
  });
  it('knows the exclude-disruption label, whatever its value', () => {
    expect(isExcludedFromDisruption(node({ 'node.kubernetes.io/exclude-disruption': '' }))).toBe(true);
    expect(isExcludedFromDisruption(node({}))).toBe(false);
  });
});

describe('ComputeZoneState', () => {
  const cases: [string, number, number, string][] = [
    ['all ready', 5, 0, 'Normal'],
    ['none ready', 0, 3, 'FullDisruption'],
    ['a single node down is full disruption', 0, 1, 'FullDisruption'],
    ['two of two not ready is full, not partial', 0, 2, 'FullDisruption'],
    ['two of three not ready stays Normal (needs more than 2)', 1, 2, 'Normal'],
    ['three of five (0.6)', 2, 3, 'PartialDisruption'],
    ['three of six (0.5) is below 0.55', 3, 3, 'Normal'],
    ['11 of 20 is exactly 0.55', 9, 11, 'PartialDisruption'],
    ['empty zone', 0, 0, 'Normal'],
  ];
  for (const [name, r, n, state] of cases) {
    it(name, () => expect(zoneStateOf(r, n, 0.55)).toBe(state));
  }
  it('counts False, Unknown and missing conditions as not ready', () => {
    expect(computeZoneState([ready('True'), ready('False'), ready('Unknown'), undefined], 0.55)).toEqual({
      notReady: 3,
      state: 'PartialDisruption',
    });
  });
  it('uses the threshold it is given', () => {
    expect(zoneStateOf(7, 3, 0.3)).toBe('PartialDisruption');
    expect(zoneStateOf(7, 3, 0.55)).toBe('Normal');
  });
});
