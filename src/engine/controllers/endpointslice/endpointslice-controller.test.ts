// The EndpointSlice controller against a real API server (no kubelets: tests write pod status
// themselves): readiness and termination show in the endpoint conditions, relabelled pods and
// selector changes move endpoints, and slices follow their Service through the garbage collector.

import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { ApiServer } from '../../api/apiserver';
import { createKindRegistry, endpointSliceKind, podKind, serviceKind } from '../../api/kinds';
import { Clock } from '../../clock/clock';
import { SeededRandom } from '../../clock/random';
import { InformerFactory } from '../../runtime/informer';
import { startGarbageCollector } from '../garbagecollector/garbage-collector';
import { startEndpointSliceController } from './endpointslice-controller';

function harness() {
  const clock = new Clock();
  const api = new ApiServer(clock, new SeededRandom(3), createKindRegistry());
  const informers = new InformerFactory(api);
  startGarbageCollector(api, clock, informers);
  startEndpointSliceController(api, clock, informers);
  informers.start();
  for (const [name, zone] of [
    ['node-a1', 'zone-a'],
    ['node-b1', 'zone-b'],
  ]) {
    api.create({ apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'topology.kubernetes.io/zone': zone } } });
  }
  const settle = () => clock.advance(1);
  const slices = (service = 'web') =>
    api.list(endpointSliceKind, { namespace: 'default', labelSelector: `kubernetes.io/service-name=${service}` }).items;
  const endpoints = (service = 'web') => slices(service).flatMap((s) => (s.endpoints as any[] | null) ?? []);
  const pod = (name: string, labels: Record<string, string>, nodeName = 'node-a1') =>
    api.create({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name, labels },
      spec: { nodeName, containers: [{ name: 'c', image: 'nginx', ports: [{ name: 'http', containerPort: 8080 }] }] },
    });
  /** What a kubelet would report: an IP, Running, and the Ready condition. */
  const run = (name: string, ip: string, ready: boolean) => {
    const current = api.get(podKind, 'default', name);
    return api.updateStatus({
      ...current,
      status: {
        ...current.status,
        phase: 'Running',
        podIP: ip,
        podIPs: [{ ip }],
        conditions: [{ type: 'Ready', status: ready ? 'True' : 'False' }],
      },
    });
  };
  return { api, clock, settle, slices, endpoints, pod, run };
}

const service = (selector: Record<string, string>, targetPort: number | string = 'http'): KObject => ({
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name: 'web', labels: { team: 'a' } },
  spec: { selector, ports: [{ name: 'web', port: 80, targetPort }] },
});

describe('EndpointSlice controller', () => {
  it('creates an empty placeholder slice for a Service that selects nothing', () => {
    const h = harness();
    const svc = h.api.create(service({ app: 'web' }));
    h.settle();
    const [slice] = h.slices();
    expect(h.slices()).toHaveLength(1);
    expect(slice.metadata.name).toMatch(/^web-[a-z0-9]{5}$/);
    expect(slice.metadata.labels).toEqual({
      'endpointslice.kubernetes.io/managed-by': 'endpointslice-controller.k8s.io',
      'kubernetes.io/service-name': 'web',
      team: 'a',
    });
    expect(slice.metadata.ownerReferences).toEqual([
      { apiVersion: 'v1', kind: 'Service', name: 'web', uid: svc.metadata.uid, controller: true, blockOwnerDeletion: true },
    ]);
    expect(slice).toMatchObject({ addressType: 'IPv4', endpoints: null, ports: null });
  });

  it('adds a ready pod with its resolved port, node and zone, and reuses the placeholder', () => {
    const h = harness();
    h.api.create(service({ app: 'web' }));
    h.settle();
    const placeholder = h.slices()[0].metadata.name;
    const p = h.pod('web-1', { app: 'web' });
    h.settle();
    expect(h.endpoints()).toEqual([]);
    h.run('web-1', '10.244.1.5', true);
    h.settle();
    const [slice] = h.slices();
    expect(h.slices()).toHaveLength(1);
    expect(slice.metadata.name).toBe(placeholder);
    expect(slice.ports).toEqual([{ name: 'web', protocol: 'TCP', port: 8080 }]);
    expect(slice.endpoints).toEqual([
      {
        addresses: ['10.244.1.5'],
        conditions: { ready: true, serving: true, terminating: false },
        targetRef: { kind: 'Pod', namespace: 'default', name: 'web-1', uid: p.metadata.uid },
        nodeName: 'node-a1',
        zone: 'zone-a',
      },
    ]);
  });

  it('reports an unready pod as ready: false, serving: false', () => {
    const h = harness();
    h.api.create(service({ app: 'web' }, 9376));
    h.pod('web-1', { app: 'web' });
    h.run('web-1', '10.244.1.5', false);
    h.settle();
    expect(h.endpoints().map((e) => e.conditions)).toEqual([{ ready: false, serving: false, terminating: false }]);
    expect(h.slices()[0].ports).toEqual([{ name: 'web', protocol: 'TCP', port: 9376 }]);
    h.run('web-1', '10.244.1.5', true);
    h.settle();
    expect(h.endpoints().map((e) => e.conditions)).toEqual([{ ready: true, serving: true, terminating: false }]);
  });

  it('keeps a terminating pod as terminating, serving while still Ready, never ready', () => {
    const h = harness();
    h.api.create(service({ app: 'web' }));
    h.pod('web-1', { app: 'web' });
    h.run('web-1', '10.244.1.5', true);
    h.settle();
    h.api.delete(podKind, 'default', 'web-1', { gracePeriodSeconds: 30 });
    h.settle();
    expect(h.endpoints().map((e) => e.conditions)).toEqual([{ ready: false, serving: true, terminating: true }]);
    h.api.delete(podKind, 'default', 'web-1', { gracePeriodSeconds: 0 });
    h.settle();
    expect(h.endpoints()).toEqual([]);
    expect(h.slices()).toHaveLength(1);
  });

  it('skips pods without an IP and pods that have finished', () => {
    const h = harness();
    h.api.create(service({ app: 'web' }));
    h.pod('a', { app: 'web' });
    h.pod('b', { app: 'web' });
    h.run('b', '10.244.1.6', true);
    const b = h.api.get(podKind, 'default', 'b');
    h.api.updateStatus({ ...b, status: { ...b.status, phase: 'Succeeded' } });
    h.settle();
    expect(h.endpoints()).toEqual([]);
  });

  it('follows label changes of pods and selector changes of the Service', () => {
    const h = harness();
    h.api.create(service({ app: 'web' }));
    h.pod('a', { app: 'web' });
    h.pod('b', { app: 'other' }, 'node-b1');
    h.run('a', '10.244.1.5', true);
    h.run('b', '10.244.2.5', true);
    h.settle();
    expect(h.endpoints().map((e) => e.targetRef.name)).toEqual(['a']);
    const a = h.api.get(podKind, 'default', 'a');
    h.api.update({ ...a, metadata: { ...a.metadata, labels: { app: 'gone' } } });
    h.settle();
    expect(h.endpoints()).toEqual([]);
    const svc = h.api.get(serviceKind, 'default', 'web');
    h.api.update({ ...svc, spec: { ...svc.spec, selector: { app: 'other' } } });
    h.settle();
    expect(h.endpoints().map((e) => [e.targetRef.name, e.zone])).toEqual([['b', 'zone-b']]);
  });

  it('puts at most 100 endpoints in a slice', () => {
    const h = harness();
    h.api.create(service({ app: 'web' }));
    for (let i = 0; i < 105; i++) {
      h.pod(`p${i}`, { app: 'web' });
      h.run(`p${i}`, `10.244.${Math.floor(i / 200)}.${(i % 200) + 2}`, true);
    }
    h.settle();
    expect(
      h
        .slices()
        .map((s) => (s.endpoints as unknown[]).length)
        .sort((x, y) => x - y),
    ).toEqual([5, 100]);
  });

  it('repairs a slice someone else changed, and gives Services without a selector no slices', () => {
    const h = harness();
    h.api.create(service({ app: 'web' }));
    h.pod('a', { app: 'web' });
    h.run('a', '10.244.1.5', true);
    h.settle();
    const [slice] = h.slices();
    h.api.update({ ...slice, endpoints: [] });
    h.settle();
    expect(h.endpoints().map((e) => e.addresses[0])).toEqual(['10.244.1.5']);
    h.api.create({ ...service({}), metadata: { name: 'manual' }, spec: { ports: [{ port: 80 }] } });
    h.settle();
    expect(h.slices('manual')).toEqual([]);
  });

  it('lets the garbage collector remove the slices of a deleted Service', () => {
    const h = harness();
    h.api.create(service({ app: 'web' }));
    h.settle();
    expect(h.slices()).toHaveLength(1);
    h.api.delete(serviceKind, 'default', 'web');
    h.settle();
    expect(h.slices()).toEqual([]);
  });
});
