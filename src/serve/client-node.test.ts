// A client built on @kubernetes/client-node (the official JavaScript client) against
// `kubeplay serve`: typed lists, a watch, and an informer's list-then-watch.

import { CoreV1Api, KubeConfig, Watch, makeInformer, type V1Pod } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { kubeconfigText } from './kubeconfig';
import { serveForTest } from './testing';

function kubeConfigFor(url: string): KubeConfig {
  const kc = new KubeConfig();
  kc.loadFromString(kubeconfigText(url));
  return kc;
}

async function eventually(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`never saw ${what}`);
}

describe('kubeplay serve with @kubernetes/client-node', () => {
  it('lists nodes and pods with the typed API', async () => {
    const server = await serveForTest({ script: 'kubectl create deployment web --image=nginx --replicas=2\nsleep 30s\n' });
    const api = kubeConfigFor(server.url).makeApiClient(CoreV1Api);
    const nodes = await api.listNode();
    expect(nodes.items.map((n) => n.metadata?.name)).toEqual(['node-a1', 'node-a2', 'node-b1', 'node-b2', 'node-c1', 'node-c2']);
    expect(nodes.items[0].status?.conditions?.find((c) => c.type === 'Ready')?.status).toBe('True');
    const pods = await api.listNamespacedPod({ namespace: 'default', labelSelector: 'app=web' });
    expect(pods.items).toHaveLength(2);
    expect(pods.items.every((p) => p.status?.phase === 'Running')).toBe(true);
    await expect(api.readNamespacedPod({ namespace: 'default', name: 'nope' })).rejects.toMatchObject({ code: 404 });
  });

  it('watches pods as the clock runs', async () => {
    const server = await serveForTest();
    const kc = kubeConfigFor(server.url);
    const seen: string[] = [];
    const watch = await new Watch(kc).watch(
      '/api/v1/namespaces/default/pods',
      {},
      (phase, pod: V1Pod) => seen.push(`${phase} ${pod.metadata?.name} ${pod.status?.phase ?? ''}`),
      () => {},
    );
    server.simulation.run('kubectl run solo --image=nginx');
    server.simulation.resume();
    server.simulation.setSpeed(50);
    await eventually(() => seen.some((line) => line === 'MODIFIED solo Running'), 'the pod running');
    expect(seen[0]).toBe('ADDED solo Pending');
    watch.abort();
  });

  it('keeps an informer cache in step with the cluster', async () => {
    const server = await serveForTest();
    const kc = kubeConfigFor(server.url);
    const api = kc.makeApiClient(CoreV1Api);
    const informer = makeInformer(kc, '/api/v1/namespaces', () => api.listNamespace());
    const added: string[] = [];
    informer.on('add', (ns) => added.push(ns.metadata?.name ?? ''));
    await informer.start();
    await eventually(() => added.length === 4, 'the namespaces');
    server.simulation.run('kubectl create namespace team-a');
    await eventually(() => added.includes('team-a'), 'the new namespace');
    expect(informer.list().map((ns) => ns.metadata?.name)).toContain('team-a');
    await informer.stop();
  });
});
