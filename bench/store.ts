// Store part: 150,000 pod creates through the API server (defaulting, admission, validation,
// store, watch fan-out) with a pod Informer and a plain all-kinds watch attached, and the heap the
// resulting objects keep.
//
// Every pod comes from ONE frozen template: metadata.labels and spec.containers are the same
// objects for all pods. spec.nodeName differs per node, so the template's spec is specialised once
// per node (5,000 frozen specs sharing the template's containers) and pods on one node share one
// spec object, as pods bound by a scheduler from one ReplicaSet template would. `sharedSpec` instead
// gives every pod literally the same spec object (unbound pods, no nodeName).

import type { KObject, PodSpec } from '../src/k8s/types';
import { deepFreeze } from '../src/engine/api/deep';
import { podKind } from '../src/engine/api/kinds';
import { Cluster } from '../src/engine/cluster/cluster';
import { Informer } from '../src/engine/runtime/informer';
import { cpuMs, nowMs, settledHeapUsed } from './gc';
import { metric, type Section } from './report';

export interface StoreBenchOptions {
  pods: number;
  nodes: number;
  namespaces: number;
  seed: number;
  sharedSpec: boolean;
}

export const STORE_DEFAULTS: StoreBenchOptions = { pods: 150_000, nodes: 5_000, namespaces: 4, seed: 1, sharedSpec: false };

const TEMPLATE = deepFreeze({
  metadata: { labels: { app: 'bench', 'app.kubernetes.io/part-of': 'kubeplay-bench', tier: 'backend' } },
  spec: {
    containers: [
      {
        name: 'app',
        image: 'registry.k8s.io/pause:3.10',
        ports: [{ name: 'http', containerPort: 8080 }],
        env: [{ name: 'MODE', value: 'bench' }],
        resources: { requests: { cpu: '100m', memory: '128Mi' }, limits: { cpu: '200m', memory: '256Mi' } },
      },
    ],
  } as PodSpec,
});

export function runStoreBench(options: Partial<StoreBenchOptions> = {}): Section {
  const o = { ...STORE_DEFAULTS, ...options };
  const cluster = new Cluster(o.seed, { empty: true });
  const api = cluster.api;
  const namespaces: string[] = [];
  for (let i = 0; i < o.namespaces; i++) {
    const name = `bench-${i}`;
    api.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
    namespaces.push(name);
  }
  const specs: PodSpec[] = [];
  if (o.sharedSpec) specs.push(TEMPLATE.spec);
  else for (let n = 0; n < o.nodes; n++) specs.push(deepFreeze({ ...TEMPLATE.spec, nodeName: `node-${n}` }));

  // Watchers: a pod informer (cache + namespace/owner/nodeName indexes) and a plain watch of everything.
  const informer = new Informer(api, podKind);
  let informerAdds = 0;
  informer.addHandler({ onAdd: () => informerAdds++ });
  informer.start();
  let plainDeliveries = 0;
  api.watch(undefined, () => plainDeliveries++);
  cluster.clock.runDue();

  const heapBefore = settledHeapUsed();
  const t0 = nowMs();
  const c0 = cpuMs();
  for (let i = 0; i < o.pods; i++) {
    const pod: KObject = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: `bench-${i}`, namespace: namespaces[i % namespaces.length], labels: TEMPLATE.metadata.labels },
      spec: specs[i % specs.length],
    };
    api.create(pod);
  }
  const wallMs = nowMs() - t0;
  const cpuUsedMs = cpuMs() - c0;
  const heapAfter = settledHeapUsed();

  if (informer.size !== o.pods || informerAdds !== o.pods)
    throw new Error(`informer saw ${informer.size}/${informerAdds} of ${o.pods} pods`);
  const deliveries = informerAdds + plainDeliveries;

  // What the informer's cache costs: a second pod informer, filled by its initial list.
  const second = new Informer(api, podKind);
  const t1 = nowMs();
  second.start();
  const listMs = nowMs() - t1;
  const heapWithSecond = settledHeapUsed();
  if (second.size !== o.pods) throw new Error(`second informer listed ${second.size} of ${o.pods} pods`);
  second.stop();

  const perPod = (heapAfter - heapBefore) / o.pods;
  const informerPerPod = (heapWithSecond - heapAfter) / o.pods;
  return {
    name: 'store',
    setup:
      `${o.pods.toLocaleString('en-US')} pod creates, ${o.namespaces} namespaces, ` +
      (o.sharedSpec ? 'one shared spec (unbound)' : `nodeName round-robin over ${o.nodes.toLocaleString('en-US')} nodes`) +
      ', watchers: pod Informer + api.watch(all kinds)',
    metrics: [
      metric('createsPerSec', 'pod creates per second', o.pods / (wallMs / 1000), 'creates/s'),
      metric('createWallSec', `wall time for ${o.pods.toLocaleString('en-US')} creates`, wallMs / 1000, 's', 2, {
        op: '<',
        value: 5,
      }),
      metric('createCpuSec', '  CPU time (process, incl. GC threads)', cpuUsedMs / 1000, 's', 2),
      metric('createMicros', 'mean create latency', (wallMs * 1000) / o.pods, 'µs', 1),
      metric('watchDeliveries', 'watch deliveries (informer + plain)', deliveries, 'events'),
      metric('watchDeliveriesPerSec', 'watch deliveries per second', deliveries / (wallMs / 1000), 'events/s'),
      metric('heapPerPodBytes', 'heap per pod (store + informer)', perPod, 'B/pod', 0, { op: '<', value: 2048 }),
      metric('informerHeapPerPodBytes', '  of which informer cache', informerPerPod, 'B/pod'),
      metric('heapDeltaMiB', 'heap growth after GC', (heapAfter - heapBefore) / 2 ** 20, 'MiB', 1),
      metric('informerListMs', `informer start (list + index ${o.pods.toLocaleString('en-US')} pods)`, listMs, 'ms'),
    ],
  };
}
