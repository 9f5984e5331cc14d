// getExpectedPodCount: the budget's numbers from the selected pods and the scale of their
// controllers, found through controllerRefs (RC, pod → RS → Deployment, RS, StatefulSet, any kind
// with a scale subresource), read here straight from a bare API server (no controllers run).

import { describe, expect, it } from 'vitest';
import type { KObject, OwnerReference } from '../../../k8s/types';
import { ApiServer } from '../../api/apiserver';
import { createKindRegistry } from '../../api/kinds';
import { Clock } from '../../clock/clock';
import { SeededRandom } from '../../clock/random';
import { ExpectedPodCounter } from './expected-pods';

const template = {
  metadata: { labels: { app: 'web' } },
  spec: { containers: [{ name: 'c', image: 'nginx' }] },
};

function setup() {
  const api = new ApiServer(new Clock(), new SeededRandom(1), createKindRegistry());
  api.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } });
  const counter = new ExpectedPodCounter(api, (def, ns, name) => api.tryGet(def, ns, name));
  const ref = (obj: KObject): OwnerReference => ({
    apiVersion: obj.apiVersion,
    kind: obj.kind,
    name: obj.metadata.name!,
    uid: obj.metadata.uid!,
    controller: true,
  });
  const workload = (apiVersion: string, kind: string, name: string, replicas: number, owner?: KObject) =>
    api.create({
      apiVersion,
      kind,
      metadata: { name, namespace: 'default', ...(owner ? { ownerReferences: [ref(owner)] } : {}) },
      spec: { replicas, selector: kind === 'ReplicationController' ? { app: 'web' } : { matchLabels: { app: 'web' } }, template },
    });
  let n = 0;
  const pod = (owner?: KObject | OwnerReference): KObject => ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: `web-${n++}`,
      namespace: 'default',
      labels: { app: 'web' },
      ...(owner ? { ownerReferences: ['metadata' in owner ? ref(owner as KObject) : (owner as OwnerReference)] } : {}),
    },
    spec: {},
  });
  const budget = (spec: Record<string, unknown>): KObject => ({
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: { name: 'b', namespace: 'default' },
    spec: { selector: { matchLabels: { app: 'web' } }, ...spec },
  });
  return { api, counter, workload, pod, budget };
}

describe('expected pod count', () => {
  it('minAvailable as an int: the selected pods, no controller needed', () => {
    const { counter, pod, budget } = setup();
    expect(counter.expectedPodCount(budget({ minAvailable: 2 }), [pod(), pod(), pod()])).toEqual({
      expectedCount: 3,
      desiredHealthy: 2,
      unmanagedPods: [],
    });
  });

  it('percentages and maxUnavailable use the controllers’ replicas, rounding up', () => {
    const { counter, workload, pod, budget } = setup();
    const rs = workload('apps/v1', 'ReplicaSet', 'web-rs', 7);
    const pods = [pod(rs), pod(rs), pod(rs)];
    expect(counter.expectedPodCount(budget({ minAvailable: '50%' }), pods)).toMatchObject({
      expectedCount: 7,
      desiredHealthy: 4,
    });
    expect(counter.expectedPodCount(budget({ maxUnavailable: '10%' }), pods)).toMatchObject({
      expectedCount: 7,
      desiredHealthy: 6,
    });
    expect(counter.expectedPodCount(budget({ maxUnavailable: 9 }), pods)).toMatchObject({ expectedCount: 7, desiredHealthy: 0 });
    expect(counter.expectedPodCount(budget({}), pods)).toMatchObject({ expectedCount: 0, desiredHealthy: 0 });
  });

  it('a Deployment’s ReplicaSets count as the Deployment, once', () => {
    const { counter, workload, pod, budget } = setup();
    const deploy = workload('apps/v1', 'Deployment', 'web', 5);
    const old = workload('apps/v1', 'ReplicaSet', 'web-old', 2, deploy);
    const cur = workload('apps/v1', 'ReplicaSet', 'web-new', 3, deploy);
    const rc = workload('v1', 'ReplicationController', 'legacy', 2);
    const pods = [pod(old), pod(cur), pod(cur), pod(rc)];
    expect(counter.expectedPodCount(budget({ maxUnavailable: 1 }), pods)).toMatchObject({ expectedCount: 7, desiredHealthy: 6 });
  });

  it('reports pods without a controller as unmanaged', () => {
    const { counter, workload, pod, budget } = setup();
    const rs = workload('apps/v1', 'ReplicaSet', 'web-rs', 2);
    const pods = [pod(rs), pod()];
    expect(counter.expectedPodCount(budget({ minAvailable: '100%' }), pods)).toEqual({
      expectedCount: 2,
      desiredHealthy: 2,
      unmanagedPods: ['web-1'],
    });
  });

  it('fails for a controller it cannot find, a kind it does not serve, or one without scale', () => {
    const { counter, workload, pod, budget } = setup();
    const rs = workload('apps/v1', 'ReplicaSet', 'web-rs', 2);
    const stale = pod({ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-rs', uid: 'another-uid', controller: true });
    expect(() => counter.expectedPodCount(budget({ maxUnavailable: 1 }), [pod(rs), stale])).toThrow(
      'found no controllers for pod "web-0"',
    );
    const custom = pod({ apiVersion: 'example.com/v1', kind: 'Widget', name: 'w', uid: 'u', controller: true });
    expect(() => counter.expectedPodCount(budget({ maxUnavailable: 1 }), [custom])).toThrow(
      'no matches for kind "Widget" in version "example.com/v1"',
    );
    const svc = pod({ apiVersion: 'v1', kind: 'Service', name: 's', uid: 'u', controller: true });
    expect(() => counter.expectedPodCount(budget({ minAvailable: '50%' }), [svc])).toThrow(
      'services does not implement the scale subresource',
    );
  });
});
