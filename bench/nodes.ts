// Nodes part: 5,000 machines added to an empty cluster with cluster.addNode(), so each gets its
// kubelet agent, which registers a realistic Node (labels, capacity/allocatable, conditions,
// addresses, nodeInfo) and a Lease, renews the Lease every 10 s and syncs node status every 10 s.
// Then the clock advances 5 virtual minutes, 10 s at a time, and we count heartbeat writes.

import { leaseKind, nodeKind } from '../src/engine/api/kinds';
import { Cluster } from '../src/engine/cluster/cluster';
import { cpuMs, nowMs, settledHeapUsed } from './gc';
import { metric, type Section } from './report';

export interface NodesBenchOptions {
  nodes: number;
  virtualMinutes: number;
  zones: number;
  seed: number;
}

export const NODES_DEFAULTS: NodesBenchOptions = { nodes: 5_000, virtualMinutes: 5, zones: 3, seed: 1 };

const STEP_MS = 10_000;
const INSTANCE_TYPES = ['m5.2xlarge', 'c5.4xlarge', 'r5.2xlarge'];

export function runNodesBench(options: Partial<NodesBenchOptions> = {}): Section {
  const o = { ...NODES_DEFAULTS, ...options };
  const cluster = new Cluster(o.seed, { empty: true });
  const { api, clock } = cluster;
  let leaseCreates = 0;
  let leaseRenewals = 0;
  let nodeCreates = 0;
  let nodeStatusWrites = 0;
  api.watch(leaseKind, (e) => (e.type === 'ADDED' ? leaseCreates++ : leaseRenewals++));
  api.watch(nodeKind, (e) => (e.type === 'ADDED' ? nodeCreates++ : nodeStatusWrites++));

  const heapBefore = settledHeapUsed();
  const t0 = nowMs();
  for (let i = 0; i < o.nodes; i++) {
    const zone = `zone-${String.fromCharCode(97 + (i % o.zones))}`;
    const type = INSTANCE_TYPES[i % INSTANCE_TYPES.length];
    cluster.addNode(`node-${i}`, {
      zone,
      cpu: '8',
      memory: '32Gi',
      pods: 110,
      labels: {
        'node.kubernetes.io/instance-type': type,
        'node-role.kubernetes.io/worker': '',
        'kubeplay.dev/pool': `pool-${i % 10}`,
      },
    });
  }
  clock.runDue();
  const registerMs = nowMs() - t0;
  const heapAfter = settledHeapUsed();
  if (nodeCreates !== o.nodes || leaseCreates !== o.nodes)
    throw new Error(`registered ${nodeCreates} nodes, ${leaseCreates} leases`);

  const renewalsBefore = leaseRenewals;
  const statusBefore = nodeStatusWrites;
  const eventsBefore = clock.eventsExecuted;
  const virtualMs = o.virtualMinutes * 60_000;
  const t1 = nowMs();
  const c1 = cpuMs();
  for (let t = 0; t < virtualMs; t += STEP_MS) clock.advance(STEP_MS);
  const wallSec = (nowMs() - t1) / 1000;
  const cpuSec = (cpuMs() - c1) / 1000;
  const renewals = leaseRenewals - renewalsBefore;
  const statusWrites = nodeStatusWrites - statusBefore;
  const events = clock.eventsExecuted - eventsBefore;
  if (renewals === 0) throw new Error('no lease was renewed');

  return {
    name: 'nodes',
    setup: `${o.nodes.toLocaleString('en-US')} nodes via cluster.addNode() (kubelet agents), then ${o.virtualMinutes} virtual minutes in 10 s steps`,
    metrics: [
      metric('registerSec', `register ${o.nodes.toLocaleString('en-US')} nodes (Node + Lease)`, registerMs / 1000, 's', 2),
      metric('nodesPerSec', 'node registrations per second', o.nodes / (registerMs / 1000), 'nodes/s'),
      metric('heapPerNodeBytes', 'heap per node (Node, Lease, agent, timers)', (heapAfter - heapBefore) / o.nodes, 'B/node'),
      metric('leaseRenewals', 'lease renewals', renewals, 'writes'),
      metric('nodeStatusWrites', 'node status writes', statusWrites, 'writes'),
      metric('heartbeatsPerSec', 'lease renewals per wall second', renewals / wallSec, 'writes/s'),
      metric(
        'heartbeatWritesPerSec',
        'heartbeat writes (lease + status) per second',
        (renewals + statusWrites) / wallSec,
        'writes/s',
      ),
      metric('clockEventsPerSec', 'clock events per second', events / wallSec, 'events/s'),
      metric('virtualPerWall', 'virtual seconds per wall second', virtualMs / 1000 / wallSec, 'x', 1),
      metric('advanceWallSec', `wall time for ${o.virtualMinutes} virtual minutes`, wallSec, 's', 2),
      metric('advanceCpuSec', '  CPU time (process, incl. GC threads)', cpuSec, 's', 2),
    ],
  };
}
