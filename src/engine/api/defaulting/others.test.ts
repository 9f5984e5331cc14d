import { describe, expect, it } from 'vitest';
import type { KEvent, KObject, Node } from '../../../k8s/types';
import { deepFreeze } from '../deep';
import { defaultDeployment } from './deployment';
import { defaultEvent } from './event';
import { defaultLease } from './lease';
import { defaultNamespace, prepareNamespaceForCreate } from './namespace';
import { defaultNode } from './node';

type Json = Record<string, any>;

describe('defaultNamespace', () => {
  it.each<[string, Json, Json]>([
    [
      'adds the metadata.name label and the Active phase',
      { metadata: { name: 'team-a' } },
      { metadata: { name: 'team-a', labels: { 'kubernetes.io/metadata.name': 'team-a' } }, status: { phase: 'Active' } },
    ],
    [
      'overwrites a wrong metadata.name label, keeps other labels',
      { metadata: { name: 'a', labels: { 'kubernetes.io/metadata.name': 'b', env: 'prod' } }, status: { phase: 'Terminating' } },
      { metadata: { name: 'a', labels: { 'kubernetes.io/metadata.name': 'a', env: 'prod' } }, status: { phase: 'Terminating' } },
    ],
    [
      'no label without a name',
      { metadata: { generateName: 'ns-' } },
      { metadata: { generateName: 'ns-' }, status: { phase: 'Active' } },
    ],
  ])('%s', (_, input, want) => {
    const obj = deepFreeze({ apiVersion: 'v1', kind: 'Namespace', ...input }) as KObject;
    expect(defaultNamespace(obj)).toEqual({ apiVersion: 'v1', kind: 'Namespace', ...want });
  });

  it('returns the same object when defaulted', () => {
    const out = defaultNamespace(deepFreeze({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'x' } }) as KObject);
    expect(defaultNamespace(out)).toBe(out);
  });

  it.each<[string, Json, Json]>([
    [
      'adds the kubernetes finalizer and resets status',
      { spec: {}, status: { phase: 'Terminating' } },
      { spec: { finalizers: ['kubernetes'] }, status: { phase: 'Active' } },
    ],
    [
      'appends after user finalizers',
      { spec: { finalizers: ['example.com/x'] } },
      { spec: { finalizers: ['example.com/x', 'kubernetes'] }, status: { phase: 'Active' } },
    ],
    [
      'keeps an existing one',
      { spec: { finalizers: ['kubernetes'] } },
      { spec: { finalizers: ['kubernetes'] }, status: { phase: 'Active' } },
    ],
  ])('prepareNamespaceForCreate: %s', (_, input, want) => {
    const obj = deepFreeze({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'a' }, ...input }) as KObject;
    expect(prepareNamespaceForCreate(obj)).toEqual({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'a' }, ...want });
  });
});

describe('defaultNode', () => {
  const node = (spec: Json | undefined, status?: Json) =>
    deepFreeze({
      apiVersion: 'v1',
      kind: 'Node',
      metadata: { name: 'n1' },
      ...(spec ? { spec } : {}),
      ...(status ? { status } : {}),
    }) as Node;

  it('copies capacity into allocatable, canonical quantities', () => {
    const out = defaultNode(node({}, { capacity: { cpu: 4, memory: '8388608Ki', pods: '110' } }));
    expect(out.status).toEqual({
      capacity: { cpu: '4', memory: '8Gi', pods: '110' },
      allocatable: { cpu: '4', memory: '8Gi', pods: '110' },
    });
    expect(out.status?.allocatable).toBe(out.status?.capacity);
  });

  it('keeps a given allocatable', () => {
    const out = defaultNode(node({}, { capacity: { cpu: '4' }, allocatable: { cpu: '3800m' } }));
    expect(out.status?.allocatable).toEqual({ cpu: '3800m' });
  });

  it.each<[string, Json | undefined, Json]>([
    ['spec is always present', undefined, {}],
    ['podCIDR fills podCIDRs', { podCIDR: '10.244.0.0/24' }, { podCIDR: '10.244.0.0/24', podCIDRs: ['10.244.0.0/24'] }],
    [
      'podCIDRs fills podCIDR',
      { podCIDRs: ['10.244.0.0/24', 'fd00::/64'] },
      { podCIDRs: ['10.244.0.0/24', 'fd00::/64'], podCIDR: '10.244.0.0/24' },
    ],
  ])('%s', (_, spec, want) => {
    expect(defaultNode(node(spec)).spec).toEqual(want);
  });

  it('returns the same object when defaulted', () => {
    const out = defaultNode(node({ podCIDR: '10.0.0.0/24' }, { capacity: { cpu: '2' } }));
    expect(defaultNode(out)).toBe(out);
  });
});

describe('defaultLease / defaultEvent', () => {
  it('are the identity (no registered defaults)', () => {
    const lease = {
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      metadata: { name: 'n1', namespace: 'kube-node-lease' },
      spec: {},
    } as KObject;
    expect(defaultLease(lease)).toBe(lease);
    const event = { apiVersion: 'v1', kind: 'Event', metadata: { name: 'e' }, involvedObject: {} } as KEvent;
    expect(defaultEvent(event)).toBe(event);
  });

  it('gives an event with the keys of the recorder back equal, keys in the same order, metadata the same object', () => {
    const event = {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: 'web.1', namespace: 'default' },
      involvedObject: { kind: 'Pod', namespace: 'default', name: 'web' },
      reason: 'Started',
      message: 'Started container nginx',
      source: { component: 'kubelet', host: 'n1' },
      firstTimestamp: '2026-01-01T00:00:00Z',
      lastTimestamp: '2026-01-01T00:00:00Z',
      count: 1,
      type: 'Normal',
      eventTime: null,
      reportingComponent: 'kubelet',
      reportingInstance: 'n1',
    } as unknown as KEvent;
    const out = defaultEvent(event);
    expect(out).toEqual(event);
    expect(Object.keys(out)).toEqual(Object.keys(event));
    expect(out.metadata).toBe(event.metadata);
    expect(JSON.stringify(out)).toBe(JSON.stringify(event));
  });
});

describe('defaultDeployment', () => {
  const input = (): KObject => ({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web' },
    spec: {
      selector: { matchLabels: { app: 'web' } },
      strategy: { rollingUpdate: { maxSurge: 1 } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } },
    },
  });

  it('defaults a frozen spec as a mutable one, once: the stored result is a fixed point', () => {
    const mutable = defaultDeployment(input());
    const frozen = defaultDeployment(deepFreeze(input()));
    expect(frozen).toEqual(mutable);
    expect(mutable.spec).toMatchObject({
      replicas: 1,
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: '25%' } },
      revisionHistoryLimit: 10,
      progressDeadlineSeconds: 600,
    });
    expect(Object.isFrozen(frozen.spec)).toBe(true);
    const stored = deepFreeze({ ...frozen, status: { replicas: 1 } });
    expect(defaultDeployment(stored)).toBe(stored);
    // Another object with the stored spec (a status write) gets the same spec back.
    expect(defaultDeployment({ ...stored, status: { replicas: 2 } }).spec).toBe(stored.spec);
  });
});
