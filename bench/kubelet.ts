// Kubelet part: 5,000 nodes, then 50,000 pods created already bound (spec.nodeName set, as a
// scheduler's binding leaves them), 10 per node, one nginx container each. The clock then runs
// until every pod is Running and Ready: each kubelet admits its pods, creates sandboxes with IPs
// from its pod CIDR, pulls nginx once (serialized pulls, the rest find it present), starts the
// containers, and its status manager writes the statuses PLEG's relist reveals.

import type { KObject, PodSpec } from '../src/k8s/types';
import { deepFreeze } from '../src/engine/api/deep';
import { podKind } from '../src/engine/api/kinds';
import { Cluster } from '../src/engine/cluster/cluster';
import { cpuMs, nowMs, settledHeapUsed } from './gc';
import { metric, type Section } from './report';

export interface KubeletBenchOptions {
  nodes: number;
  pods: number;
  zones: number;
  seed: number;
}

export const KUBELET_DEFAULTS: KubeletBenchOptions = { nodes: 5_000, pods: 50_000, zones: 3, seed: 1 };

const SPEC = deepFreeze({
  containers: [
    {
      name: 'web',
      image: 'nginx:1.14.2',
      ports: [{ containerPort: 80 }],
      resources: { requests: { cpu: '100m', memory: '128Mi' } },
    },
  ],
} as PodSpec);

export function runKubeletBench(options: Partial<KubeletBenchOptions> = {}): Section {
  const o = { ...KUBELET_DEFAULTS, ...options };
  const cluster = new Cluster(o.seed, { empty: true });
  const { api, clock } = cluster;
  for (let i = 0; i < o.nodes; i++) {
    cluster.addNode(`node-${i}`, { zone: `zone-${String.fromCharCode(97 + (i % o.zones))}`, cpu: '8', memory: '32Gi' });
  }
  clock.runDue();

  let running = 0;
  let statusWrites = 0;
  const ready = new Set<string>();
  api.watch(podKind, (e) => {
    if (e.type !== 'MODIFIED') return;
    statusWrites++;
    const pod = e.object;
    const isReady = pod.status?.conditions?.some((c: any) => c.type === 'Ready' && c.status === 'True');
    if (isReady && !ready.has(pod.metadata.uid!)) {
      ready.add(pod.metadata.uid!);
      running++;
    }
  });

  const t0 = nowMs();
  for (let i = 0; i < o.pods; i++) {
    const pod: KObject = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: `web-${i}`, namespace: 'default', labels: { app: 'web' } },
      spec: { ...SPEC, nodeName: `node-${i % o.nodes}` },
    };
    api.create(pod);
  }
  const createMs = nowMs() - t0;

  const heapBefore = settledHeapUsed();
  const virtualStart = clock.now();
  const eventsBefore = clock.eventsExecuted;
  const t1 = nowMs();
  const c1 = cpuMs();
  while (running < o.pods && clock.now() - virtualStart < 10 * 60_000) clock.advance(1_000);
  const wallMs = nowMs() - t1;
  const cpuUsed = cpuMs() - c1;
  const virtualMs = clock.now() - virtualStart;
  const heapAfter = settledHeapUsed();
  if (running !== o.pods) throw new Error(`${running} of ${o.pods} pods became Ready`);

  return {
    name: 'kubelet',
    setup:
      `${o.nodes.toLocaleString('en-US')} nodes, ${o.pods.toLocaleString('en-US')} pods created bound (nginx, ${o.pods / o.nodes} per node), ` +
      'clock advanced until every pod is Running and Ready',
    metrics: [
      metric('podsPerSec', 'pods taken from bound to Running+Ready per second', o.pods / (wallMs / 1000), 'pods/s', 0, {
        op: '>',
        value: 2000,
      }),
      metric('wallSec', `wall time for ${o.pods.toLocaleString('en-US')} pods`, wallMs / 1000, 's', 2),
      metric('cpuSec', '  CPU time (process, incl. GC threads)', cpuUsed / 1000, 's', 2),
      metric('virtualSec', 'virtual time until the last pod was Ready', virtualMs / 1000, 's', 0),
      metric('statusWrites', 'pod status writes', statusWrites, 'writes'),
      metric('clockEvents', 'clock events run', clock.eventsExecuted - eventsBefore, 'events'),
      metric('createSec', `(setup) ${o.pods.toLocaleString('en-US')} pod creates`, createMs / 1000, 's', 2),
      metric('heapGrowthMiB', 'heap growth (runtime state, statuses, events)', (heapAfter - heapBefore) / 2 ** 20, 'MiB', 1),
    ],
  };
}
