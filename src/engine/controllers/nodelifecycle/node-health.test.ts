import { describe, expect, it } from 'vitest';
import type { Condition, KObject } from '../../../k8s/types';
import { Clock } from '../../clock/clock';
import { afterStatusWritten, renewedBefore, tryUpdateNodeHealth, type HealthCheckContext, type NodeHealth } from './node-health';

const clock = new Clock();
const ts = (ms: number) => clock.timestamp(ms);

function ctx(nowMs: number, grace = 50_000): HealthCheckContext {
  return {
    nowMs,
    nowTimestamp: ts(nowMs),
    monitorGracePeriodMs: grace,
    startupGracePeriodMs: 60_000,
    parseTime: (t) => clock.parseTimestamp(t),
  };
}

const cond = (type: string, status: Condition['status'], heartbeatMs = 0): Condition => ({
  type,
  status,
  reason: `R${type}`,
  message: `m ${type}`,
  lastHeartbeatTime: ts(heartbeatMs),
  lastTransitionTime: ts(0),
});

function node(conditions?: Condition[]): KObject {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name: 'n1', creationTimestamp: ts(0) },
    status: conditions ? { conditions } : {},
  };
}

const healthy = (heartbeatMs = 0) =>
  node([
    cond('MemoryPressure', 'False', heartbeatMs),
    cond('DiskPressure', 'False', heartbeatMs),
    cond('PIDPressure', 'False', heartbeatMs),
    cond('Ready', 'True', heartbeatMs),
    cond('NetworkUnavailable', 'False', heartbeatMs),
  ]);

const lease = (renewTime: string): KObject => ({
  apiVersion: 'coordination.k8s.io/v1',
  kind: 'Lease',
  metadata: { name: 'n1', namespace: 'kube-node-lease' },
  spec: { renewTime },
});

describe('tryUpdateNodeHealth', () => {
  it('first sight: probe is now; healthy within the grace period; nothing to write', () => {
    const check = tryUpdateNodeHealth(healthy(), undefined, undefined, ctx(1_000));
    expect(check.health.probeTimestamp).toBe(1_000);
    expect(check.gracePeriodMs).toBe(50_000);
    expect(check.current?.status).toBe('True');
    expect(check.update).toBeUndefined();
  });

  it('refreshes the probe on a new Ready heartbeat, and the transition time only when the condition transitioned', () => {
    let health = tryUpdateNodeHealth(healthy(0), undefined, undefined, ctx(0)).health;
    health = tryUpdateNodeHealth(healthy(10_000), undefined, health, ctx(12_000)).health;
    expect(health.probeTimestamp).toBe(12_000);
    expect(health.readyTransitionTimestamp).toBe(0);
    const flipped = healthy(20_000);
    flipped.status!.conditions[3] = { ...cond('Ready', 'False', 20_000), lastTransitionTime: ts(20_000) };
    health = tryUpdateNodeHealth(flipped, undefined, health, ctx(21_000)).health;
    expect(health.probeTimestamp).toBe(21_000);
    expect(health.readyTransitionTimestamp).toBe(21_000);
  });

  it('a later lease renewTime refreshes the probe; the same lease does not', () => {
    const n = healthy();
    const l1 = lease('2026-01-01T00:00:10.100000Z');
    let health = tryUpdateNodeHealth(n, l1, undefined, ctx(11_000)).health;
    health = tryUpdateNodeHealth(n, l1, health, ctx(16_000)).health;
    expect(health.probeTimestamp).toBe(11_000);
    health = tryUpdateNodeHealth(n, lease('2026-01-01T00:00:20.400000Z'), health, ctx(21_000)).health;
    expect(health.probeTimestamp).toBe(21_000);
    // An older renewTime in a new object does not count.
    health = tryUpdateNodeHealth(n, lease('2026-01-01T00:00:15.000000Z'), health, ctx(26_000)).health;
    expect(health.probeTimestamp).toBe(21_000);
  });

  it('stays Ready at exactly probe + grace, turns Unknown just after it', () => {
    const n = healthy();
    const health: NodeHealth = tryUpdateNodeHealth(n, undefined, undefined, ctx(5_000)).health;
    expect(tryUpdateNodeHealth(n, undefined, health, ctx(55_000)).update).toBeUndefined();
    const check = tryUpdateNodeHealth(n, undefined, health, ctx(55_001));
    expect(check.observed.status).toBe('True');
    expect(check.current?.status).toBe('Unknown');
    const conditions: Condition[] = check.update!.status!.conditions;
    const byType = Object.fromEntries(conditions.map((c) => [c.type, c]));
    for (const type of ['Ready', 'MemoryPressure', 'DiskPressure', 'PIDPressure']) {
      expect(byType[type]).toEqual({
        type,
        status: 'Unknown',
        reason: 'NodeStatusUnknown',
        message: 'Kubelet stopped posting node status.',
        lastHeartbeatTime: ts(0),
        lastTransitionTime: ts(55_001),
      });
    }
    expect(byType.NetworkUnavailable.status).toBe('False');
    // the input node is untouched
    expect(n.status!.conditions[3].status).toBe('True');
  });

  it('once written, an Unknown node needs no further write', () => {
    const n = healthy();
    let health = tryUpdateNodeHealth(n, undefined, undefined, ctx(0)).health;
    const check = tryUpdateNodeHealth(n, undefined, health, ctx(60_000));
    health = afterStatusWritten(check.health, check.update!, undefined, 60_000);
    expect(health.readyTransitionTimestamp).toBe(60_000);
    const again = tryUpdateNodeHealth(check.update!, undefined, health, ctx(65_000));
    expect(again.update).toBeUndefined();
    expect(again.observed.status).toBe('Unknown');
    expect(again.current?.status).toBe('Unknown');
  });

  it('a node that never posted status gets the startup grace from its creation, then NodeStatusNeverUpdated', () => {
    const n = node();
    const first = tryUpdateNodeHealth(n, undefined, undefined, ctx(30_000));
    expect(first.gracePeriodMs).toBe(60_000);
    expect(first.health.probeTimestamp).toBe(0);
    expect(first.current).toBeUndefined();
    expect(tryUpdateNodeHealth(n, undefined, first.health, ctx(60_000)).update).toBeUndefined();
    const late = tryUpdateNodeHealth(n, undefined, first.health, ctx(60_001));
    const conditions: Condition[] = late.update!.status!.conditions;
    expect(conditions.map((c) => c.type)).toEqual(['Ready', 'MemoryPressure', 'DiskPressure', 'PIDPressure']);
    expect(conditions[0]).toEqual({
      type: 'Ready',
      status: 'Unknown',
      reason: 'NodeStatusNeverUpdated',
      message: 'Kubelet never posted node status.',
      lastHeartbeatTime: ts(0),
      lastTransitionTime: ts(60_001),
    });
  });

  it('a kubelet that renews its lease but never posts status looks healthy', () => {
    const n = node();
    let health = tryUpdateNodeHealth(n, lease('2026-01-01T00:00:00.000000Z'), undefined, ctx(0)).health;
    health = tryUpdateNodeHealth(n, lease('2026-01-01T00:01:00.000000Z'), health, ctx(60_000)).health;
    const check = tryUpdateNodeHealth(n, lease('2026-01-01T00:01:50.000000Z'), health, ctx(110_000));
    expect(check.update).toBeUndefined();
  });

  it('compares renew times', () => {
    expect(renewedBefore(lease('2026-01-01T00:00:01.000000Z'), lease('2026-01-01T00:00:02.000000Z'))).toBe(true);
    expect(renewedBefore(lease('2026-01-01T00:00:02.000000Z'), lease('2026-01-01T00:00:01.000000Z'))).toBe(false);
    expect(renewedBefore(lease('2026-01-01T00:00:01Z'), lease('2026-01-01T00:00:01.500000Z'))).toBe(true);
  });
});
