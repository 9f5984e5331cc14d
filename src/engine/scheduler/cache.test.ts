// The scheduler cache: NodeTree order, assumed pods, orphans, images and default spread selectors.

import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import { InformerFactory } from '../runtime/informer';
import { controllerRef, newTestCluster, pod as testPod } from '../runtime/testing-fixtures';
import { podInfoFor } from './framework/pod-info';
import { SchedulerCache, zoneKey } from './cache';

const node = (name: string, zone?: string, images?: { names: string[]; sizeBytes: number }[]): KObject => ({
  apiVersion: 'v1',
  kind: 'Node',
  metadata: { name, labels: zone ? { 'topology.kubernetes.io/zone': zone, 'topology.kubernetes.io/region': 'r' } : {} },
  spec: {},
  status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' }, ...(images ? { images } : {}) },
});

const pod = (name: string, nodeName?: string): KObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'default', uid: `uid-${name}` },
  spec: { ...(nodeName ? { nodeName } : {}), containers: [{ name: 'c', image: 'x', resources: { requests: { cpu: '1' } } }] },
});

describe('SchedulerCache', () => {
  it('lists nodes one zone at a time (NodeTree)', () => {
    const c = new SchedulerCache();
    for (const [n, z] of [
      ['a1', 'a'],
      ['a2', 'a'],
      ['a3', 'a'],
      ['b1', 'b'],
      ['c1', 'c'],
      ['c2', 'c'],
      ['x', undefined],
    ] as const)
      c.addNode(node(n, z));
    expect(c.nodes.map((i) => i.name)).toEqual(['a1', 'b1', 'c1', 'x', 'a2', 'c2', 'a3']);
    c.removeNode(node('b1', 'b'));
    expect(c.nodes.map((i) => i.name)).toEqual(['a1', 'c1', 'x', 'a2', 'c2', 'a3']);
    expect(zoneKey(node('q', 'z'))).toBe('r:\u0000:z');
    expect(zoneKey(node('q'))).toBe('');
  });

  it('counts assumed pods, confirms them on binding, forgets them on failure', () => {
    const c = new SchedulerCache();
    c.addNode(node('n1', 'a'));
    const p = pod('web');
    c.assumePod(podInfoFor(p), 'n1');
    expect(c.isAssumed('default/web')).toBe(true);
    expect(c.get('n1')!.requested.milliCPU).toBe(1000);
    c.forgetPod('default/web');
    expect(c.get('n1')!.requested.milliCPU).toBe(0);
    c.assumePod(podInfoFor(p), 'n1');
    c.addOrUpdateBoundPod(pod('web', 'n1'), (_p, previous) => previous!);
    expect(c.isAssumed('default/web')).toBe(false);
    expect(c.get('n1')!.pods.length).toBe(1);
    c.removePod(pod('web', 'n1'));
    expect(c.get('n1')!.pods.length).toBe(0);
  });

  it('keeps pods of unknown nodes aside until the node appears', () => {
    const c = new SchedulerCache();
    c.addOrUpdateBoundPod(pod('early', 'late'), (p) => podInfoFor(p));
    expect(c.get('late')).toBeUndefined();
    c.addNode(node('late', 'a'));
    expect(c.get('late')!.pods.map((pi) => pi.pod.metadata.name)).toEqual(['early']);
  });

  it('summarises images across nodes and has no default spread selectors without the kinds', () => {
    const c = new SchedulerCache();
    c.addNode(node('n1', 'a', [{ names: ['docker.io/library/nginx:1.27', 'nginx:1.27'], sizeBytes: 70_000_000 }]));
    c.addNode(
      node('n2', 'a', [
        { names: ['nginx:1.27'], sizeBytes: 70_000_000 },
        { names: ['redis'], sizeBytes: 40_000_000 },
      ]),
    );
    expect(c.imageState('nginx:1.27')).toEqual({ nodes: 2, size: 70_000_000 });
    expect(c.imageState('redis:latest')).toEqual({ nodes: 1, size: 40_000_000 });
    expect(c.imageState('busybox:latest')).toBeUndefined();
    expect(c.defaultSpreadSelectors(pod('x'))).toEqual([]);
  });

  it('spreads a ReplicaSet’s pods by its selector: one matcher per selector, an invalid one still throws', () => {
    const { api } = newTestCluster();
    const informers = new InformerFactory(api);
    const c = new SchedulerCache(informers, api.registry);
    informers.start();
    const rs = api.create({
      apiVersion: 'apps/v1',
      kind: 'ReplicaSet',
      metadata: { name: 'web', namespace: 'default' },
      spec: { selector: { matchLabels: { app: 'web' } } },
    });
    const a = testPod('a', { owners: [controllerRef(rs)], labels: { app: 'web' } });
    const b = testPod('b', { owners: [controllerRef(rs)], labels: { app: 'web' } });
    const [ma] = c.defaultSpreadSelectors(a);
    const [mb] = c.defaultSpreadSelectors(b);
    expect(ma).toBe(mb);
    expect(ma.key).toBe('app=web');
    expect(ma({ app: 'web' })).toBe(true);
    expect(ma({ app: 'db' })).toBe(false);
    api.update({ ...rs, spec: { selector: { matchExpressions: [{ key: 'app', operator: 'Near' }] } } });
    expect(() => c.defaultSpreadSelectors(a)).toThrow(/not a valid label selector operator/);
    expect(() => c.defaultSpreadSelectors(a)).toThrow(/not a valid label selector operator/);
  });
});
