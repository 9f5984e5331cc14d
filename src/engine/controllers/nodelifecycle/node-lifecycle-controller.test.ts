// The node lifecycle controller on a real cluster: kubelets heartbeat, a test cuts machines off
// the control plane (topology `reachable = false`: the kubelet stops renewing its Lease and
// posting status) and checks the timeline of the reference's worked example (A9) and the zone
// rate limiting rules (A5) with the default settings.

import { describe, expect, it } from 'vitest';
import type { Condition, KObject, Taint } from '../../../k8s/types';
import { eventKind, leaseKind, nodeKind, podKind } from '../../api/kinds';
import { Cluster, type ClusterShape } from '../../cluster/cluster';

const REGION = 'region-1';
const zone = (z: string) => `${REGION}:\x00:${z}`;

function setup(shape: ClusterShape, seed = 1) {
  const cluster = new Cluster(seed, shape);
  const { api, clock } = cluster;
  const ctl = cluster.controllers.nodeLifecycle;
  /** When each taint (`node key:effect`) was added and removed, in virtual ms. */
  const added = new Map<string, number>();
  const removed = new Map<string, number>();
  /** When each node's Ready condition first left True. */
  const notReadyAt = new Map<string, number>();
  const previous = new Map<string, Taint[]>();
  api.watch(nodeKind, (e) => {
    const name = e.object.metadata.name!;
    const before = previous.get(name) ?? [];
    const after: Taint[] = e.type === 'DELETED' ? [] : (e.object.spec?.taints ?? []);
    for (const t of after)
      if (!before.some((b) => b.key === t.key && b.effect === t.effect)) added.set(`${name} ${t.key}:${t.effect}`, clock.now());
    for (const t of before)
      if (!after.some((a) => a.key === t.key && a.effect === t.effect)) removed.set(`${name} ${t.key}:${t.effect}`, clock.now());
    previous.set(name, after);
    const ready = (e.object.status?.conditions as Condition[] | undefined)?.find((c) => c.type === 'Ready');
    if (ready && ready.status !== 'True' && !notReadyAt.has(name)) notReadyAt.set(name, clock.now());
  });
  const node = (name: string) => api.get(nodeKind, undefined, name);
  const taintKeys = (name: string) => ((node(name).spec?.taints ?? []) as Taint[]).map((t) => `${t.key}:${t.effect}`);
  const cut = (...names: string[]) => {
    for (const n of names) cluster.topology.machine(n)!.reachable = false;
  };
  const reconnect = (...names: string[]) => {
    for (const n of names) cluster.topology.machine(n)!.reachable = true;
  };
  /** Runs the clock to just after the next monitor pass. */
  const toNextPass = () => {
    const n = ctl.passes;
    while (ctl.passes === n) clock.advance(1);
  };
  const lastRenew = (name: string) => Date.parse(api.get(leaseKind, 'kube-node-lease', name).spec!.renewTime) - clock.epochMs;
  const events = (reason: string) =>
    api
      .list(eventKind)
      .items.filter((e: any) => e.reason === reason)
      .map((e: any) => ({
        name: e.involvedObject.name,
        kind: e.involvedObject.kind,
        type: e.type,
        message: e.message,
        component: e.source?.component,
        at: e.firstTimestamp,
      }));
  return { cluster, api, clock, ctl, added, removed, notReadyAt, node, taintKeys, cut, reconnect, toNextPass, lastRenew, events };
}

function runningPod(api: Cluster['api'], name: string, nodeName: string): KObject {
  return api.create({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default' },
    spec: { nodeName, containers: [{ name: 'web', image: 'nginx' }] },
  });
}

const readyCondition = (obj: KObject, type = 'Ready') =>
  (obj.status?.conditions as Condition[] | undefined)?.find((c) => c.type === type);

describe('node lifecycle controller', () => {
  it('registers every node at start', () => {
    const { events } = setup({ zones: 1, nodesPerZone: 2 });
    expect(events('RegisteredNode')).toEqual([
      {
        name: 'node-a1',
        kind: 'Node',
        type: 'Normal',
        message: 'Node node-a1 event: Registered Node node-a1 in Controller',
        component: 'node-controller',
        at: '2026-01-01T00:00:00Z',
      },
      {
        name: 'node-a2',
        kind: 'Node',
        type: 'Normal',
        message: 'Node node-a2 event: Registered Node node-a2 in Controller',
        component: 'node-controller',
        at: '2026-01-01T00:00:00Z',
      },
    ]);
  });

  it('writes nothing for healthy nodes', () => {
    const { api, clock, ctl } = setup({ zones: 2, nodesPerZone: 2 });
    let taintWrites = 0;
    api.watch(nodeKind, (e) => {
      if (e.object.spec?.taints) taintWrites++;
    });
    clock.advance(10 * 60_000);
    expect(taintWrites).toBe(0);
    expect(ctl.passes).toBeGreaterThan(100);
    expect([...ctl.zoneStates()]).toEqual([
      [zone('zone-a'), 'Normal'],
      [zone('zone-b'), 'Normal'],
    ]);
  });

  it('a Lease written with an earlier renewTime is no heartbeat, one with a later renewTime is', () => {
    const { api, clock, node, cut } = setup({ zones: 1, nodesPerZone: 2 });
    clock.advance(60_000);
    cut('node-a1', 'node-a2');
    const lease = (name: string) => api.get(leaseKind, 'kube-node-lease', name);
    const earlier = new Date(Date.parse(lease('node-a1').spec!.renewTime) - 60_000).toISOString().replace('Z', '000Z');
    const renew = (name: string, renewTime: string) => api.update({ ...lease(name), spec: { ...lease(name).spec, renewTime } });
    // Someone else writes both Leases every 5 s: node-a1's back in time, node-a2's at the time.
    for (let i = 0; i < 14; i++) {
      renew('node-a1', earlier);
      renew('node-a2', clock.microTimestamp());
      clock.advance(5_000);
    }
    expect(readyCondition(node('node-a1'))?.status).toBe('Unknown');
    expect(readyCondition(node('node-a2'))?.status).toBe('True');
  });

  it('A9: a silent node goes Unknown ~50 s after its last heartbeat, is tainted, and its pods turn not ready', () => {
    const t = setup({ zones: 1, nodesPerZone: 3 });
    const { api, clock, ctl } = t;
    runningPod(api, 'web', 'node-a1');
    clock.advance(30_000);
    expect(readyCondition(api.get(podKind, 'default', 'web'))?.status).toBe('True');

    t.cut('node-a1');
    const cutAt = clock.now();
    const renewedAt = t.lastRenew('node-a1');
    clock.advance(120_000);

    const unknownAt = t.notReadyAt.get('node-a1')!;
    const probe = ctl.nodeHealth('node-a1')!.probeTimestamp;
    expect(renewedAt).toBeLessThanOrEqual(cutAt);
    // probeTimestamp is the pass that saw the last renewal; Unknown at the first pass more than 50 s later
    expect(probe - renewedAt).toBeGreaterThanOrEqual(0);
    expect(probe - renewedAt).toBeLessThanOrEqual(5_001);
    expect(unknownAt - probe).toBeGreaterThan(50_000);
    expect(unknownAt - probe).toBeLessThanOrEqual(50_000 + 5_001);
    expect(unknownAt - renewedAt).toBeGreaterThan(50_000);

    const n = t.node('node-a1');
    const stamp = clock.timestamp(unknownAt);
    for (const type of ['Ready', 'MemoryPressure', 'DiskPressure', 'PIDPressure']) {
      expect(readyCondition(n, type)).toMatchObject({
        status: 'Unknown',
        reason: 'NodeStatusUnknown',
        message: 'Kubelet stopped posting node status.',
        lastTransitionTime: stamp,
      });
    }
    expect(t.events('NodeNotReady').filter((e) => e.kind === 'Node')).toEqual([
      {
        name: 'node-a1',
        kind: 'Node',
        type: 'Normal',
        message: 'Node node-a1 status is now: NodeNotReady',
        component: 'node-controller',
        at: stamp,
      },
    ]);

    // NoSchedule at once (node update), NoExecute one monitor period later (+ the 100 ms tainter tick)
    expect(t.added.get('node-a1 node.kubernetes.io/unreachable:NoSchedule')).toBe(unknownAt);
    const noExecuteAt = t.added.get('node-a1 node.kubernetes.io/unreachable:NoExecute')!;
    expect(noExecuteAt - unknownAt).toBeGreaterThan(5_000);
    expect(noExecuteAt - unknownAt).toBeLessThanOrEqual(5_001 + 100);
    expect(n.spec!.taints).toEqual([
      { key: 'node.kubernetes.io/unreachable', effect: 'NoSchedule', timeAdded: stamp },
      { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute', timeAdded: clock.timestamp(noExecuteAt) },
    ]);

    // the pod: Ready False, ContainersReady untouched, a Warning event
    const pod = api.get(podKind, 'default', 'web');
    expect(readyCondition(pod)).toMatchObject({ status: 'False', lastTransitionTime: stamp });
    expect(readyCondition(pod, 'ContainersReady')?.status).toBe('True');
    expect(t.events('NodeNotReady').filter((e) => e.kind === 'Pod')).toEqual([
      { name: 'web', kind: 'Pod', type: 'Warning', message: 'Node is not ready', component: 'node-controller', at: stamp },
    ]);
    expect(ctl.zoneStates().get(zone('zone-a'))).toBe('Normal');

    // Back: Ready again, both taints removed.
    t.reconnect('node-a1');
    clock.advance(30_000);
    expect(readyCondition(t.node('node-a1'))?.status).toBe('True');
    expect(t.taintKeys('node-a1')).toEqual([]);
    expect(t.removed.has('node-a1 node.kubernetes.io/unreachable:NoExecute')).toBe(true);
  });

  it('a second node of the zone failing within 10 s waits for a token (0.1 nodes/s)', () => {
    const t = setup({ zones: 1, nodesPerZone: 5 });
    t.clock.advance(20_000);
    t.toNextPass();
    t.cut('node-a1', 'node-a2');
    t.clock.advance(150_000);
    const times = ['node-a1', 'node-a2']
      .map((n) => t.added.get(`${n} node.kubernetes.io/unreachable:NoExecute`)!)
      .sort((a, b) => a - b);
    expect(times.every((x) => x !== undefined)).toBe(true);
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(10_000);
    expect(times[1] - times[0]).toBeLessThan(10_000 + 5_001 + 100);
    expect(t.ctl.zoneStates().get(zone('zone-a'))).toBe('Normal');
  });

  it('a whole zone down next to healthy zones is tainted at the normal rate', () => {
    const t = setup({ zones: 3, nodesPerZone: 2 });
    t.clock.advance(20_000);
    t.toNextPass();
    t.cut('node-a1', 'node-a2');
    t.clock.advance(150_000);
    expect(t.ctl.zoneStates().get(zone('zone-a'))).toBe('FullDisruption');
    expect(t.ctl.zoneStates().get(zone('zone-b'))).toBe('Normal');
    expect(t.ctl.inMasterDisruptionMode).toBe(false);
    expect(t.ctl.tainter(zone('zone-a'))!.qps).toBe(0.1);
    const times = ['node-a1', 'node-a2']
      .map((n) => t.added.get(`${n} node.kubernetes.io/unreachable:NoExecute`)!)
      .sort((a, b) => a - b);
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(10_000);
    expect(t.taintKeys('node-b1')).toEqual([]);
  });

  it('PartialDisruption in a small zone (≤ 50 nodes) stops NoExecute tainting', () => {
    const t = setup({ zones: 1, nodesPerZone: 5 });
    t.clock.advance(20_000);
    t.toNextPass();
    t.cut('node-a1', 'node-a2', 'node-a3');
    t.clock.advance(5 * 60_000);
    expect(t.ctl.zoneStates().get(zone('zone-a'))).toBe('PartialDisruption');
    expect(t.ctl.tainter(zone('zone-a'))!.qps).toBe(0);
    for (const n of ['node-a1', 'node-a2', 'node-a3']) {
      expect(readyCondition(t.node(n))?.status).toBe('Unknown');
      expect(t.taintKeys(n)).toEqual(['node.kubernetes.io/unreachable:NoSchedule']);
    }
  });

  it('PartialDisruption in a zone of more than 50 nodes taints at the secondary rate (0.01 nodes/s)', () => {
    const t = setup({ zones: 1, nodesPerZone: 60 });
    t.clock.advance(20_000);
    t.toNextPass();
    const down = Array.from({ length: 40 }, (_, i) => `node-a${i + 1}`);
    t.cut(...down);
    t.clock.advance(60_000 + 250_000);
    expect(t.ctl.zoneStates().get(zone('zone-a'))).toBe('PartialDisruption');
    expect(t.ctl.tainter(zone('zone-a'))!.qps).toBe(0.01);
    const times = down
      .map((n) => t.added.get(`${n} node.kubernetes.io/unreachable:NoExecute`))
      .filter((x): x is number => x !== undefined)
      .sort((a, b) => a - b);
    expect(times.length).toBeGreaterThanOrEqual(2);
    expect(times.length).toBeLessThanOrEqual(4);
    for (let i = 1; i < times.length; i++) {
      expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(100_000);
      expect(times[i] - times[i - 1]).toBeLessThan(100_000 + 200);
    }
  });

  it('all zones down: master disruption mode, no NoExecute taints; one node back gives everyone a fresh grace period', () => {
    const t = setup({ zones: 2, nodesPerZone: 2 });
    const all = ['node-a1', 'node-a2', 'node-b1', 'node-b2'];
    t.clock.advance(20_000);
    t.toNextPass();
    t.cut(...all);
    t.clock.advance(3 * 60_000);
    expect(t.ctl.inMasterDisruptionMode).toBe(true);
    for (const n of all) {
      expect(readyCondition(t.node(n))?.status).toBe('Unknown');
      expect(t.taintKeys(n)).toEqual(['node.kubernetes.io/unreachable:NoSchedule']);
    }
    for (const z of ['zone-a', 'zone-b']) expect(t.ctl.tainter(zone(z))!.qps).toBe(0);

    t.reconnect('node-a1');
    let exitAt: number | undefined;
    for (let i = 0; i < 60 && exitAt === undefined; i++) {
      t.clock.advance(500);
      if (!t.ctl.inMasterDisruptionMode) exitAt = t.ctl.nodeHealth('node-b1')!.probeTimestamp;
    }
    expect(exitAt).toBeDefined();
    for (const n of all) {
      expect(t.ctl.nodeHealth(n)!.probeTimestamp).toBe(exitAt);
      expect(t.ctl.nodeHealth(n)!.readyTransitionTimestamp).toBe(exitAt);
    }
    expect(t.ctl.zoneStates().get(zone('zone-a'))).toBe('Normal');
    expect(t.ctl.zoneStates().get(zone('zone-b'))).toBe('FullDisruption');
    // tainting resumes, with the new buckets starting empty (they were swapped in while waiting)
    t.clock.advance(60_000);
    const times = ['node-a2', 'node-b1', 'node-b2']
      .map((n) => t.added.get(`${n} node.kubernetes.io/unreachable:NoExecute`))
      .filter((x): x is number => x !== undefined);
    expect(times.length).toBe(3);
    expect(Math.min(...times)).toBeGreaterThanOrEqual(exitAt! + 10_000);
    expect(t.taintKeys('node-a1')).toEqual([]);
  });

  it('kubernetes-version v1.31 uses the 40 s node-monitor-grace-period', () => {
    const t = setup({ zones: 1, nodesPerZone: 3 });
    t.cluster.config.set('kubernetes-version', 'v1.31');
    t.clock.advance(20_000);
    t.cut('node-a1');
    t.clock.advance(90_000);
    const gap = t.notReadyAt.get('node-a1')! - t.ctl.nodeHealth('node-a1')!.probeTimestamp;
    expect(gap).toBeGreaterThan(40_000);
    expect(gap).toBeLessThanOrEqual(40_000 + 5_001);
  });

  it('a changed grace period applies from the next check', () => {
    const t = setup({ zones: 1, nodesPerZone: 3 });
    t.clock.advance(20_000);
    t.cut('node-a1');
    t.cluster.config.set('node-monitor-grace-period', '20s');
    t.clock.advance(60_000);
    const gap = t.notReadyAt.get('node-a1')! - t.ctl.nodeHealth('node-a1')!.probeTimestamp;
    expect(gap).toBeGreaterThan(20_000);
    expect(gap).toBeLessThanOrEqual(20_000 + 5_001);
  });

  it('cordon adds node.kubernetes.io/unschedulable:NoSchedule, uncordon removes it', () => {
    const t = setup({ zones: 1, nodesPerZone: 2 });
    t.clock.advance(12_000);
    t.api.patch(nodeKind, undefined, 'node-a1', 'merge', { spec: { unschedulable: true } });
    t.clock.runDue();
    expect(t.node('node-a1').spec!.taints).toEqual([
      { key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule', timeAdded: '2026-01-01T00:00:12Z' },
    ]);
    t.api.patch(nodeKind, undefined, 'node-a1', 'merge', { spec: { unschedulable: false } });
    t.clock.runDue();
    expect(t.node('node-a1').spec!.taints).toBeUndefined();
  });

  it('a deleted node is removed from the controller', () => {
    const t = setup({ zones: 1, nodesPerZone: 2 });
    t.cut('node-a2'); // so its kubelet does not register it again
    t.clock.advance(1_000);
    t.api.delete(nodeKind, undefined, 'node-a2');
    t.clock.advance(6_000);
    expect(t.events('RemovingNode').map((e) => e.message)).toEqual(['Node node-a2 event: Removing Node node-a2 from Controller']);
    expect(t.ctl.nodeHealth('node-a2')).toBeUndefined();
  });

  it('nodes labelled exclude-disruption do not count in their zone', () => {
    const t = setup({ zones: 1, nodesPerZone: 3 });
    for (const n of ['node-a1', 'node-a2'])
      t.api.patch(nodeKind, undefined, n, 'merge', { metadata: { labels: { 'node.kubernetes.io/exclude-disruption': '' } } });
    t.clock.advance(20_000);
    t.toNextPass();
    t.cut('node-a1', 'node-a2');
    t.clock.advance(120_000);
    // only node-a3 counts, and it is Ready: the zone is Normal and both silent nodes get tainted
    expect(t.ctl.zoneStates().get(zone('zone-a'))).toBe('Normal');
    expect(t.taintKeys('node-a1')).toContain('node.kubernetes.io/unreachable:NoExecute');
    expect(t.taintKeys('node-a2')).toContain('node.kubernetes.io/unreachable:NoExecute');
  });
});
