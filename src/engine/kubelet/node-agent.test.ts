// The kubelet's node status: allocatable from the reservations, the boot ID of every boot (and
// the Rebooted event naming it), the Node of node.json adopted with its status filled in.

import { describe, expect, it } from 'vitest';
import { eventKind, leaseKind, nodeKind } from '../api/kinds';
import { Cluster } from '../cluster/cluster';
import { allocatableOf } from './allocatable';

describe('node agent', () => {
  it('takes reservations and the default hard eviction thresholds off the capacity', () => {
    const capacity = { cpu: '4', memory: '8Gi', pods: '110', 'ephemeral-storage': '100Gi' };
    // 100Mi for memory.available; 10% (as a float32) of the node filesystem for nodefs.available.
    expect(allocatableOf(capacity)).toEqual({ cpu: '4', memory: '8092Mi', pods: '110', 'ephemeral-storage': '96636764k' });
    expect(allocatableOf(capacity, { cpu: '100m', memory: '256Mi' }, { cpu: '200m', memory: '512Mi' })).toMatchObject({
      cpu: '3700m',
      memory: '7324Mi',
    });
    expect(allocatableOf({ memory: '1Gi' }, { memory: '2Gi' })).toEqual({ memory: '0' });
  });

  it('reports a new boot ID after a reboot, the one the Rebooted event names', () => {
    const c = new Cluster(1, { zones: 1, nodesPerZone: 1 });
    const bootID = () => c.api.get(nodeKind, undefined, 'node-a1').status!.nodeInfo.bootID as string;
    const before = bootID();
    c.machines.stop('node-a1');
    c.clock.advance(30_000);
    c.machines.start('node-a1');
    c.clock.advance(10_000);
    const after = bootID();
    expect(after).not.toBe(before);
    const rebooted = c.api.list(eventKind, { namespace: 'default' }).items.filter((e) => e.reason === 'Rebooted');
    expect(rebooted.map((e) => e.message)).toEqual([`Node node-a1 has been rebooted, boot id: ${after}`]);
  });

  it('adopts a Node created before its kubelet and fills in its status', () => {
    const c = new Cluster(1, { empty: true });
    c.api.create({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1', labels: { name: 'mine' } } });
    c.addNode('n1', { zone: 'zone-a', cpu: '2', memory: '4Gi' });
    const node = c.api.get(nodeKind, undefined, 'n1');
    expect(node.metadata.labels).toMatchObject({
      name: 'mine',
      'kubernetes.io/hostname': 'n1',
      'topology.kubernetes.io/zone': 'zone-a',
    });
    expect(node.status?.capacity).toMatchObject({ cpu: '2', memory: '4Gi', pods: '110' });
    expect(node.status?.allocatable).toMatchObject({ cpu: '2', memory: '3996Mi' });
    expect(node.status?.nodeInfo.kubeletVersion).toBe('v1.34.2');
    expect(node.status?.addresses.map((a: { type: string }) => a.type)).toEqual(['InternalIP', 'Hostname']);
  });

  it('writes its status every 5 min while nothing changes, and notices a cordon and a pressure at once or at the next sync', () => {
    const c = new Cluster(1, { zones: 1, nodesPerZone: 1 });
    const node = () => c.api.get(nodeKind, undefined, 'node-a1');
    const heartbeat = () => node().status!.conditions.find((x: { type: string }) => x.type === 'Ready').lastHeartbeatTime;
    const memory = () => node().status!.conditions.find((x: { type: string }) => x.type === 'MemoryPressure');
    const reasons = () => c.api.list(eventKind, { namespace: 'default' }).items.map((e) => e.reason);
    c.clock.advance(1000);
    const first = heartbeat();
    const versions = new Set<string>();
    // Ten quiet syncs later the status is the one written at start.
    for (let i = 0; i < 10; i++) {
      c.clock.advance(10_000);
      versions.add(node().metadata.resourceVersion!);
    }
    expect(heartbeat()).toBe(first);
    expect(versions.size).toBe(1);
    c.clock.advance(5 * 60_000);
    expect(heartbeat()).not.toBe(first);

    // A cordon: the NodeNotSchedulable event comes with the next sync of the node object.
    c.api.update({ ...node(), spec: { ...node().spec, unschedulable: true } });
    expect(reasons()).not.toContain('NodeNotSchedulable');
    c.clock.advance(10_500);
    expect(reasons()).toContain('NodeNotSchedulable');

    // Memory pressure: True at once, False again one transition period after it ended.
    c.machines.pressure('node-a1', 'memory', true);
    expect(memory().status).toBe('True');
    c.clock.advance(30_000);
    c.machines.pressure('node-a1', 'memory', false);
    c.clock.advance(4 * 60_000);
    expect(memory().status).toBe('True');
    c.clock.advance(60_000 + 10_500);
    expect(memory().status).toBe('False');
    const sufficient = c.api
      .list(eventKind, { namespace: 'default' })
      .items.filter((e) => e.reason === 'NodeHasSufficientMemory');
    // At start and when the condition turned False again (one Event, counted twice).
    expect(sufficient.reduce((n, e) => n + Number(e.count ?? 1), 0)).toBe(2);
  });

  it('goes silent when its machine is removed, and the state it held is no longer reachable', () => {
    const c = new Cluster(1, { zones: 1, nodesPerZone: 1 });
    const state = c.topology.machine('node-a1')!;
    const lease = () => c.api.get(leaseKind, 'kube-node-lease', 'node-a1').spec!.renewTime;
    c.clock.advance(20_000);
    const renewed = lease();
    c.machines.remove('node-a1');
    expect(state).toMatchObject({ running: false, reachable: false });
    c.clock.advance(60_000);
    expect(lease()).toBe(renewed);
  });
});
