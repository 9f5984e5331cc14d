// Scheduler part: 5,000 nodes (kubelet agents, 3 zones, 8 CPU / 32 Gi / 110 pods each), then
// 150,000 pods created unscheduled from one frozen template (100m / 128Mi requests, so every pod
// fits) and scheduled by running the clock: each pod goes through the full cycle — PreFilter,
// Filter over numFeasibleNodesToFind (10 % of 5,000 = 500) nodes from the round-robin start,
// PreScore/Score/NormalizeScore of the default plugins, selectHost, assume, the pods/binding
// write with its watch fan-out, and the `Scheduled` event write.

import type { KObject, PodSpec } from '../src/k8s/types';
import { deepFreeze } from '../src/engine/api/deep';
import { Cluster } from '../src/engine/cluster/cluster';
import { cpuMs, nowMs, settledHeapUsed } from './gc';
import { metric, type Section } from './report';

export interface SchedulerBenchOptions {
  nodes: number;
  pods: number;
  zones: number;
  namespaces: number;
  seed: number;
}

export const SCHEDULER_DEFAULTS: SchedulerBenchOptions = { nodes: 5_000, pods: 150_000, zones: 3, namespaces: 4, seed: 1 };

const TEMPLATE = deepFreeze({
  metadata: { labels: { app: 'bench', tier: 'backend' } },
  spec: {
    containers: [
      {
        name: 'app',
        image: 'registry.k8s.io/pause:3.10',
        resources: { requests: { cpu: '100m', memory: '128Mi' }, limits: { cpu: '200m', memory: '256Mi' } },
      },
    ],
  } as PodSpec,
});

export function runSchedulerBench(options: Partial<SchedulerBenchOptions> = {}): Section {
  const o = { ...SCHEDULER_DEFAULTS, ...options };
  const cluster = new Cluster(o.seed, { empty: true });
  const { api, clock, scheduler } = cluster;
  for (let i = 0; i < o.nodes; i++) {
    cluster.addNode(`node-${i}`, {
      zone: `zone-${String.fromCharCode(97 + (i % o.zones))}`,
      cpu: '8',
      memory: '32Gi',
      pods: 110,
    });
  }
  clock.runDue();
  // Measure the scheduler alone: cut the kubelets off once their Nodes are registered, so they do
  // not start the bound pods (the kubelet part measures that).
  for (const machine of cluster.topology.allMachines()) machine.reachable = false;
  const namespaces: string[] = [];
  for (let i = 0; i < o.namespaces; i++) {
    const name = `bench-${i}`;
    api.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
    namespaces.push(name);
  }
  clock.runDue();

  // Create every pod first: nothing runs the clock, so they all wait in the scheduling queue.
  const t0 = nowMs();
  for (let i = 0; i < o.pods; i++) {
    const pod: KObject = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: `bench-${i}`, namespace: namespaces[i % namespaces.length], labels: TEMPLATE.metadata.labels },
      spec: TEMPLATE.spec,
    };
    api.create(pod);
  }
  const createMs = nowMs() - t0;
  if (scheduler.queue.activeCount !== o.pods) throw new Error(`${scheduler.queue.activeCount} of ${o.pods} pods queued`);

  const heapBefore = settledHeapUsed();
  const before = { ...scheduler.stats };
  const t1 = nowMs();
  const c1 = cpuMs();
  clock.runDue();
  const wallMs = nowMs() - t1;
  const cpuUsed = cpuMs() - c1;
  const heapAfter = settledHeapUsed();
  const scheduled = scheduler.stats.scheduled - before.scheduled;
  const attempts = scheduler.stats.attempts - before.attempts;
  if (scheduled !== o.pods)
    throw new Error(`scheduled ${scheduled} of ${o.pods} pods (${scheduler.stats.unschedulable} unschedulable)`);

  // Spread check: how evenly LeastAllocated + round-robin spread the pods.
  let min = Infinity;
  let max = 0;
  for (const info of scheduler.cache.nodes) {
    min = Math.min(min, info.pods.length);
    max = Math.max(max, info.pods.length);
  }

  return {
    name: 'scheduler',
    setup:
      `${o.nodes.toLocaleString('en-US')} nodes in ${o.zones} zones, ${o.pods.toLocaleString('en-US')} pods created unscheduled, ` +
      'then clock.runDue() schedules them (default plugins, bind + Scheduled event per pod)',
    metrics: [
      metric('podsPerSec', 'pods scheduled per second', scheduled / (wallMs / 1000), 'pods/s', 0, { op: '>', value: 8000 }),
      metric('scheduleWallSec', `wall time for ${o.pods.toLocaleString('en-US')} pods`, wallMs / 1000, 's', 2),
      metric('scheduleCpuSec', '  CPU time (process, incl. GC threads)', cpuUsed / 1000, 's', 2),
      metric('cycleMicros', 'mean time per pod (cycle + bind + event)', (wallMs * 1000) / scheduled, 'µs', 1),
      metric('attempts', 'scheduling attempts', attempts, 'cycles'),
      metric('podsPerNodeMin', 'pods per node, min', min, 'pods'),
      metric('podsPerNodeMax', 'pods per node, max', max, 'pods'),
      metric('createSec', `(setup) ${o.pods.toLocaleString('en-US')} pod creates into the queue`, createMs / 1000, 's', 2),
      metric('heapGrowthMiB', 'heap growth while scheduling (bindings, events)', (heapAfter - heapBefore) / 2 ** 20, 'MiB', 1),
    ],
  };
}
