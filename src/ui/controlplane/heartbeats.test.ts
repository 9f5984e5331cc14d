import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import type { MachineInfo } from '../../protocol/messages';
import { lastHeartbeat, NODE_MONITOR_GRACE_MS, nodeLeases, silentNodes } from './heartbeats';

const T0 = Date.UTC(2026, 0, 1, 0, 10, 0);
const iso = (ms: number) => new Date(ms).toISOString();

function node(name: string, ready: string, heartbeatMs: number): KObject {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name },
    status: { conditions: [{ type: 'Ready', status: ready, lastHeartbeatTime: iso(heartbeatMs) }] },
  } as KObject;
}
const lease = (name: string, renewMs: number, namespace = 'kube-node-lease'): KObject =>
  ({
    apiVersion: 'coordination.k8s.io/v1',
    kind: 'Lease',
    metadata: { name, namespace },
    spec: { holderIdentity: name, leaseDurationSeconds: 40, renewTime: iso(renewMs).replace('Z', '000Z') },
  }) as KObject;
const machine = (name: string, running = true, reachable = true): MachineInfo => ({ name, zone: 'zone-a', running, reachable });

describe('heartbeats', () => {
  it('takes the newer of the Lease renewal and the Ready heartbeat', () => {
    expect(lastHeartbeat(node('a', 'True', T0 - 60_000), lease('a', T0 - 5_000))).toBe(T0 - 5_000);
    expect(lastHeartbeat(node('a', 'True', T0 - 1_000), lease('a', T0 - 5_000))).toBe(T0 - 1_000);
    expect(lastHeartbeat(node('a', 'True', T0), undefined)).toBe(T0);
  });

  it('keeps only kube-node-lease Leases', () => {
    const byNode = nodeLeases([lease('node-a1', T0), lease('kube-scheduler', T0, 'kube-system')]);
    expect([...byNode.keys()]).toEqual(['node-a1']);
  });

  it('a stopped machine is silent from its first second, with the countdown to Unknown', () => {
    const nodes = [node('node-a1', 'True', T0 - 60_000), node('node-a2', 'True', T0 - 60_000)];
    const leases = nodeLeases([lease('node-a1', T0 - 3_000), lease('node-a2', T0 - 4_000)]);
    const silent = silentNodes(nodes, leases, [machine('node-a1', false), machine('node-a2')], T0);
    expect(silent).toEqual([
      expect.objectContaining({
        name: 'node-a1',
        cause: 'powered off',
        lastHeartbeatMs: T0 - 3_000,
        unknownAtMs: T0 - 3_000 + NODE_MONITOR_GRACE_MS,
      }),
    ]);
    expect(silent[0].rule).toContain('node-monitor-grace-period 50s');
  });

  it('counts down the grace period the controller manager reports', () => {
    const leases = nodeLeases([lease('node-a1', T0 - 3_000)]);
    const [silent] = silentNodes([node('node-a1', 'True', T0 - 60_000)], leases, [machine('node-a1', false)], T0, 20_000);
    expect(silent.unknownAtMs).toBe(T0 - 3_000 + 20_000);
    expect(silent.rule).toContain('node-monitor-grace-period 20s');
  });

  it('a cut-off machine, or an overdue Lease without machine news, is silent too', () => {
    const nodes = [node('b', 'True', T0 - 60_000), node('c', 'True', T0 - 60_000), node('d', 'True', T0 - 60_000)];
    const leases = nodeLeases([lease('b', T0 - 1_000), lease('c', T0 - 20_000), lease('d', T0 - 9_000)]);
    const silent = silentNodes(nodes, leases, [machine('b', true, false)], T0);
    expect(silent.map((s) => [s.name, s.cause])).toEqual([
      ['b', 'cut off'],
      ['c', 'no heartbeat'],
    ]);
  });

  it('leaves nodes that are no longer Ready to the not-Ready timers', () => {
    const silent = silentNodes([node('a', 'Unknown', T0 - 60_000)], new Map(), [machine('a', false)], T0);
    expect(silent).toEqual([]);
  });
});
