// Node lifecycle part: 5,000 kubelet-driven nodes in 3 zones with the node lifecycle controller
// watching them. First a few virtual minutes with every node healthy (each monitor pass reads its
// caches and writes nothing), then every kubelet of one zone is cut off from the control plane:
// those nodes go Unknown together (one status write, the NodeNotReady event and the NoSchedule
// taint each), their zone is fully disrupted next to two healthy ones, and the tainter adds
// unreachable:NoExecute at 0.1 nodes/s. We time every monitor pass by wrapping the controller's
// monitorNodeHealth (the clock calls it through the instance), in wall ms.

import { nodeKind } from '../src/engine/api/kinds';
import { Cluster } from '../src/engine/cluster/cluster';
import { nowMs } from './gc';
import { metric, type Section } from './report';

export interface NodeLifecycleBenchOptions {
  nodes: number;
  zones: number;
  healthyMinutes: number;
  unhealthyMinutes: number;
  seed: number;
}

export const NODE_LIFECYCLE_DEFAULTS: NodeLifecycleBenchOptions = {
  nodes: 5_000,
  zones: 3,
  healthyMinutes: 3,
  unhealthyMinutes: 3,
  seed: 1,
};

const STEP_MS = 10_000;

interface PassTimes {
  count: number;
  totalMs: number;
  maxMs: number;
}

export function runNodeLifecycleBench(options: Partial<NodeLifecycleBenchOptions> = {}): Section {
  const o = { ...NODE_LIFECYCLE_DEFAULTS, ...options };
  const cluster = new Cluster(o.seed, { empty: true });
  const { api, clock } = cluster;
  const ctl = cluster.controllers.nodeLifecycle;
  const zoneOf = (i: number) => `zone-${String.fromCharCode(97 + (i % o.zones))}`;
  for (let i = 0; i < o.nodes; i++) cluster.addNode(`node-${i}`, { zone: zoneOf(i) });
  clock.runDue();

  let times: PassTimes = { count: 0, totalMs: 0, maxMs: 0 };
  const pass = ctl.monitorNodeHealth.bind(ctl);
  ctl.monitorNodeHealth = () => {
    const t0 = nowMs();
    pass();
    const ms = nowMs() - t0;
    times.count++;
    times.totalMs += ms;
    times.maxMs = Math.max(times.maxMs, ms);
  };
  let nodeWrites = 0;
  api.watch(nodeKind, () => nodeWrites++);

  // Warm up (first passes register the nodes), then measure the healthy steady state.
  for (let t = 0; t < 60_000; t += STEP_MS) clock.advance(STEP_MS);
  times = { count: 0, totalMs: 0, maxMs: 0 };
  const writesBefore = nodeWrites;
  for (let t = 0; t < o.healthyMinutes * 60_000; t += STEP_MS) clock.advance(STEP_MS);
  const healthy = times;
  const healthyWrites = nodeWrites - writesBefore;

  // Cut one zone off.
  const down: string[] = [];
  for (let i = 0; i < o.nodes; i++) if (zoneOf(i) === 'zone-a') down.push(`node-${i}`);
  for (const name of down) cluster.topology.machine(name)!.reachable = false;
  times = { count: 0, totalMs: 0, maxMs: 0 };
  for (let t = 0; t < o.unhealthyMinutes * 60_000; t += STEP_MS) clock.advance(STEP_MS);
  const unhealthy = times;
  let unknown = 0;
  let noExecute = 0;
  for (const name of down) {
    const node = api.get(nodeKind, undefined, name);
    if (node.status?.conditions?.some((c: { type: string; status: string }) => c.type === 'Ready' && c.status === 'Unknown'))
      unknown++;
    if (node.spec?.taints?.some((t: { effect: string }) => t.effect === 'NoExecute')) noExecute++;
  }
  if (unknown !== down.length) throw new Error(`only ${unknown} of ${down.length} cut-off nodes went Unknown`);

  const n = o.nodes.toLocaleString('en-US');
  return {
    name: 'nodelifecycle',
    setup: `${n} nodes in ${o.zones} zones; ${o.healthyMinutes} virtual min healthy, then zone-a (${down.length.toLocaleString('en-US')} nodes) cut off for ${o.unhealthyMinutes} min`,
    metrics: [
      metric('healthyPassMs', `monitor pass, ${n} healthy nodes (mean)`, healthy.totalMs / healthy.count, 'ms', 2, {
        op: '<',
        value: 5,
      }),
      metric('healthyPassMaxMs', '  slowest healthy pass', healthy.maxMs, 'ms', 2),
      metric('healthyPasses', '  passes measured', healthy.count, 'passes'),
      metric('healthyNodeWrites', '  node writes meanwhile (kubelet status reports)', healthyWrites, 'writes'),
      metric('unhealthyPassMs', 'monitor pass with one zone cut off (mean)', unhealthy.totalMs / unhealthy.count, 'ms', 2),
      metric(
        'unhealthyPassMaxMs',
        `  slowest pass (${down.length.toLocaleString('en-US')} nodes turn Unknown)`,
        unhealthy.maxMs,
        'ms',
        2,
      ),
      metric('unhealthyPasses', '  passes measured', unhealthy.count, 'passes'),
      metric('noExecuteTainted', '  nodes tainted unreachable:NoExecute (0.1/s)', noExecute, 'nodes'),
    ],
  };
}
