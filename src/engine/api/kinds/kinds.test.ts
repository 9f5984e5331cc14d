import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { DEFAULT_EPOCH_MS } from '../../clock/clock';
import { createKindRegistry, eventKind, leaseKind, namespaceKind, nodeKind, podKind } from './index';
import type { KindDefinition, PrintContext } from './kind-definition';
import { apiVersionOf, GATES_OFF, groupKindResource, groupResource } from './kind-definition';
import { podGracePeriodSeconds, preparePodStatusUpdate } from './pod';
import { podQosClass } from './pod-qos';
import { KindRegistry } from './registry';

const ts = (seconds: number) => new Date(DEFAULT_EPOCH_MS + seconds * 1000).toISOString().replace('.000Z', 'Z');
const ctxAt = (seconds: number): PrintContext => ({ nowUnixMs: DEFAULT_EPOCH_MS + seconds * 1000 });

/** The cells of a row: normal columns, or normal + wide ones. */
function cells(def: KindDefinition, obj: KObject, ctx: PrintContext, wide = false): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of def.columns) if (wide || !c.priority) out[c.name] = c.cell(obj, ctx);
  return out;
}

describe('KindRegistry', () => {
  const registry = createKindRegistry();

  it.each([
    ['po', podKind],
    ['pod', podKind],
    ['pods', podKind],
    ['Pod', podKind],
    ['PODS', podKind],
    ['pods.', podKind],
    ['ns', namespaceKind],
    ['namespace', namespaceKind],
    ['namespaces', namespaceKind],
    ['no', nodeKind],
    ['nodes', nodeKind],
    ['ev', eventKind],
    ['events', eventKind],
    ['lease', leaseKind],
    ['leases', leaseKind],
    ['leases.coordination.k8s.io', leaseKind],
    ['lease.coordination.k8s.io', leaseKind],
    ['lease.v1.coordination.k8s.io', leaseKind],
    ['Lease.v1.coordination.k8s.io', leaseKind],
    ['lease.v2.coordination.k8s.io', undefined],
    ['pods.apps', undefined],
    ['pod.v1', undefined],
    ['widgets', undefined],
    ['', undefined],
  ])('resolves %j', (arg, expected) => {
    expect(registry.resolveResource(arg)).toBe(expected);
  });

  it('finds kinds by apiVersion + kind, and only there', () => {
    expect(registry.forObject('v1', 'Pod')).toBe(podKind);
    expect(registry.forObject('coordination.k8s.io/v1', 'Lease')).toBe(leaseKind);
    expect(registry.forObject('v1', 'Lease')).toBeUndefined();
    expect(registry.forObject('apps/v1', 'Pod')).toBeUndefined();
    expect(registry.forObject('v1', 'pod')).toBeUndefined();
    expect(registry.byKindName('Lease')).toEqual([leaseKind]);
    expect(registry.byKindName('Gadget')).toEqual([]);
  });

  it('lists the served kinds and refuses a second registration', () => {
    expect(registry.kinds().map((k) => k.kind)).toEqual([
      'Namespace',
      'Node',
      'Pod',
      'ReplicationController',
      'Event',
      'Lease',
      'PriorityClass',
      'Service',
      'EndpointSlice',
      'ControllerRevision',
      'DaemonSet',
      'Deployment',
      'ReplicaSet',
      'StatefulSet',
      'HorizontalPodAutoscaler',
      'CronJob',
      'Job',
      'PodDisruptionBudget',
      'PersistentVolume',
      'PersistentVolumeClaim',
      'StorageClass',
      'ResourceQuota',
      'LimitRange',
      'ConfigMap',
      'Secret',
      'ServiceAccount',
    ]);
    const r = new KindRegistry();
    r.register(podKind);
    expect(() => r.register(podKind)).toThrow('kind v1/Pod registered twice');
  });

  it.each([
    [podKind, 'v1', 'pods', 'Pod'],
    [leaseKind, 'coordination.k8s.io/v1', 'leases', 'Lease'],
  ])('names %#', (def, apiVersion, resource, kind) => {
    expect(apiVersionOf(def)).toBe(apiVersion);
    expect(groupResource(def)).toEqual({ group: def.group, resource });
    expect(groupKindResource(def)).toEqual({ group: def.group, resource: kind });
  });
});

describe('pod deletion grace', () => {
  const pod = (spec: Record<string, unknown>, phase = 'Running'): KObject => ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'p' },
    spec,
    status: { phase },
  });

  it.each([
    ['scheduled, default grace', pod({ nodeName: 'n1', terminationGracePeriodSeconds: 30 }), undefined, 30],
    ['scheduled, requested grace', pod({ nodeName: 'n1', terminationGracePeriodSeconds: 30 }), 5, 5],
    ['scheduled, requested 0', pod({ nodeName: 'n1', terminationGracePeriodSeconds: 30 }), 0, 0],
    ['scheduled, no grace in the spec', pod({ nodeName: 'n1' }), undefined, 0],
    ['scheduled, negative spec grace', pod({ nodeName: 'n1', terminationGracePeriodSeconds: -3 }), undefined, 1],
    ['scheduled, negative request', pod({ nodeName: 'n1' }), -3, 1],
    ['unscheduled', pod({ terminationGracePeriodSeconds: 30 }, 'Pending'), 10, 0],
    ['unscheduled, negative request', pod({}, 'Pending'), -3, 0],
    ['succeeded', pod({ nodeName: 'n1', terminationGracePeriodSeconds: 30 }, 'Succeeded'), 10, 0],
    ['failed', pod({ nodeName: 'n1', terminationGracePeriodSeconds: 30 }, 'Failed'), undefined, 0],
  ])('%s', (_what, p, requested, expected) => {
    expect(podGracePeriodSeconds(p, requested)).toBe(expected);
  });
});

describe('pod status preparation', () => {
  const base: KObject = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'p' },
    status: {
      phase: 'Running',
      qosClass: 'Burstable',
      observedGeneration: 3,
      conditions: [{ type: 'Ready', status: 'True', observedGeneration: 3 }],
    },
  };

  it('backfills the QoS class and observed generations a client dropped', () => {
    const next = preparePodStatusUpdate(
      { ...base, status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'False' }] } },
      base,
    );
    expect(next.status).toEqual({
      phase: 'Running',
      qosClass: 'Burstable',
      observedGeneration: 3,
      conditions: [{ type: 'Ready', status: 'False', observedGeneration: 3 }],
    });
  });

  it('keeps what the client set, and returns the same object when nothing is missing', () => {
    const sent = { ...base, status: { ...base.status, observedGeneration: 4 } };
    expect(preparePodStatusUpdate(sent, base)).toBe(sent);
  });
});

describe('pod QoS class', () => {
  const withResources = (...resources: Record<string, Record<string, string>>[]): KObject => ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'p' },
    spec: { containers: resources.map((r, i) => ({ name: `c${i}`, image: 'x', resources: r })) },
  });

  it.each([
    ['no resources', withResources({}), 'BestEffort'],
    ['requests only', withResources({ requests: { cpu: '100m' } }), 'Burstable'],
    [
      'limits = requests for cpu and memory',
      withResources({ requests: { cpu: '1', memory: '1Gi' }, limits: { cpu: '1', memory: '1Gi' } }),
      'Guaranteed',
    ],
    [
      'equal quantities written differently',
      withResources({ requests: { cpu: '1000m', memory: '1024Mi' }, limits: { cpu: '1', memory: '1Gi' } }),
      'Guaranteed',
    ],
    ['limits only (requests default to them)', withResources({ limits: { cpu: '1', memory: '1Gi' } }), 'Guaranteed'],
    ['cpu limit only', withResources({ limits: { cpu: '1' } }), 'Burstable'],
    ['one guaranteed, one best effort', withResources({ limits: { cpu: '1', memory: '1Gi' } }, {}), 'Burstable'],
  ])('%s → %s', (_what, pod, qos) => {
    expect(podQosClass(pod)).toBe(qos);
  });
});

describe('pod columns', () => {
  const created = ts(0);

  it('a pending pod', () => {
    const pod: KObject = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'web', creationTimestamp: created },
      spec: { containers: [{ name: 'c', image: 'x' }] },
      status: { phase: 'Pending' },
    };
    expect(cells(podKind, pod, ctxAt(90), true)).toEqual({
      Ready: '0/1',
      Status: 'Pending',
      Restarts: '0',
      Age: '90s',
      IP: '<none>',
      Node: '<none>',
      'Nominated Node': '<none>',
      'Readiness Gates': '<none>',
    });
    expect(Object.keys(cells(podKind, pod, ctxAt(90)))).toEqual(['Ready', 'Status', 'Restarts', 'Age']);
  });

  it('a running pod with restarts and readiness gates', () => {
    const pod: KObject = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'web', creationTimestamp: created },
      spec: {
        nodeName: 'node-a1',
        containers: [{ name: 'c', image: 'x' }],
        readinessGates: [{ conditionType: 'a' }, { conditionType: 'b' }],
      },
      status: {
        phase: 'Running',
        podIP: '10.244.1.5',
        conditions: [
          { type: 'a', status: 'True' },
          { type: 'b', status: 'False' },
        ],
        containerStatuses: [
          {
            name: 'c',
            ready: true,
            restartCount: 2,
            state: { running: { startedAt: ts(300) } },
            lastState: { terminated: { finishedAt: ts(295) } },
          },
        ],
      },
    };
    expect(cells(podKind, pod, ctxAt(340), true)).toEqual({
      Ready: '1/1',
      Status: 'Running',
      Restarts: '2 (45s ago)',
      Age: '5m40s',
      IP: '10.244.1.5',
      Node: 'node-a1',
      'Nominated Node': '<none>',
      'Readiness Gates': '1/2',
    });
  });

  it('a terminating pod', () => {
    const pod: KObject = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'web', creationTimestamp: created, deletionTimestamp: ts(30) },
      spec: { containers: [{ name: 'c', image: 'x' }] },
      status: { phase: 'Running' },
    };
    expect(cells(podKind, pod, ctxAt(10)).Status).toBe('Terminating');
  });
});

describe('node columns', () => {
  const node = (extra: Partial<KObject> = {}): KObject => ({
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name: 'node-a1', creationTimestamp: ts(0), labels: { 'node-role.kubernetes.io/control-plane': '' } },
    spec: {},
    status: {
      conditions: [{ type: 'Ready', status: 'True' }],
      addresses: [
        { type: 'InternalIP', address: '172.18.0.2' },
        { type: 'Hostname', address: 'node-a1' },
      ],
      nodeInfo: {
        kubeletVersion: 'v1.34.2',
        osImage: 'Debian GNU/Linux 12',
        kernelVersion: '6.8.0',
        containerRuntimeVersion: 'containerd://2.1.0',
      },
    },
    ...extra,
  });

  it('a ready control-plane node', () => {
    expect(cells(nodeKind, node(), ctxAt(3 * 3600), true)).toEqual({
      Status: 'Ready',
      Roles: 'control-plane',
      Age: '3h',
      Version: 'v1.34.2',
      'Internal-IP': '172.18.0.2',
      'External-IP': '<none>',
      'OS-Image': 'Debian GNU/Linux 12',
      'Kernel-Version': '6.8.0',
      'Container-Runtime': 'containerd://2.1.0',
    });
  });

  it('a cordoned, not ready node', () => {
    const n = node({ spec: { unschedulable: true } });
    n.status = { ...n.status, conditions: [{ type: 'Ready', status: 'Unknown' }] };
    expect(cells(nodeKind, n, ctxAt(60)).Status).toBe('NotReady,SchedulingDisabled');
  });

  it('a node that never reported', () => {
    const n: KObject = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n', creationTimestamp: ts(0) }, spec: {} };
    expect(cells(nodeKind, n, ctxAt(5), true)).toEqual({
      Status: 'Unknown',
      Roles: '<none>',
      Age: '5s',
      Version: '',
      'Internal-IP': '<none>',
      'External-IP': '<none>',
      'OS-Image': '<unknown>',
      'Kernel-Version': '<unknown>',
      'Container-Runtime': '<unknown>',
    });
  });
});

describe('namespace, lease and event columns', () => {
  it('namespace', () => {
    const ns: KObject = {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: 'team', creationTimestamp: ts(0) },
      status: { phase: 'Terminating' },
    };
    expect(cells(namespaceKind, ns, ctxAt(2 * 86400))).toEqual({ Status: 'Terminating', Age: '2d' });
  });

  it('lease', () => {
    const lease: KObject = {
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      metadata: { name: 'n', creationTimestamp: ts(0) },
      spec: { holderIdentity: 'node-a1' },
    };
    expect(cells(leaseKind, lease, ctxAt(600))).toEqual({ Holder: 'node-a1', Age: '10m' });
    expect(cells(leaseKind, { ...lease, spec: {} }, ctxAt(0)).Holder).toBe('');
  });

  it('an event, normal and wide', () => {
    const event: KObject = {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: 'web.1', namespace: 'default', creationTimestamp: ts(0) },
      involvedObject: { kind: 'Pod', name: 'web', namespace: 'default', fieldPath: 'spec.containers{c}' },
      reason: 'Pulled',
      message: '  Successfully pulled image "nginx"  ',
      type: 'Normal',
      source: { component: 'kubelet', host: 'node-a1' },
      firstTimestamp: ts(10),
      lastTimestamp: ts(50),
      count: 3,
    };
    expect(cells(eventKind, event, ctxAt(70), true)).toEqual({
      'Last Seen': '20s',
      Type: 'Normal',
      Reason: 'Pulled',
      Object: 'pod/web',
      Subobject: 'spec.containers{c}',
      Source: 'kubelet, node-a1',
      Message: 'Successfully pulled image "nginx"',
      'First Seen': '60s',
      Count: '3',
    });
    expect(Object.keys(cells(eventKind, event, ctxAt(70)))).toEqual(['Last Seen', 'Type', 'Reason', 'Object', 'Message']);
  });

  it('a new-style event: eventTime, series, reporting controller, an object without a name', () => {
    const event: KObject = {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: 'x', namespace: 'default' },
      involvedObject: { kind: 'Node' },
      reason: 'Starting',
      type: 'Normal',
      eventTime: ts(5),
      series: { count: 7, lastObservedTime: ts(40) },
      reportingController: 'kube-proxy',
      reportingInstance: 'kube-proxy-node-a1',
    };
    const row = cells(eventKind, event, ctxAt(100), true);
    expect(row['Last Seen']).toBe('60s');
    expect(row['First Seen']).toBe('95s');
    expect(row.Count).toBe('7');
    expect(row.Object).toBe('node');
    expect(row.Source).toBe('kube-proxy, kube-proxy-node-a1');
  });

  it('a singleton event without timestamps or count', () => {
    const event: KObject = {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: 'x' },
      involvedObject: { kind: 'Pod', name: 'p' },
    };
    const row = cells(eventKind, event, ctxAt(0), true);
    expect(row['Last Seen']).toBe('<unknown>');
    expect(row['First Seen']).toBe('<unknown>');
    expect(row.Count).toBe('1');
    expect(row.Source).toBe('');
  });
});

describe('namespace lifecycle hooks', () => {
  const ns: KObject = {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: { name: 'x' },
    spec: { finalizers: ['kubernetes'] },
    status: { phase: 'Active' },
  };

  it('marks Terminating and waits for spec.finalizers', () => {
    const lifecycle = namespaceKind.lifecycleDeletion!;
    const marked = lifecycle.markTerminating(ns);
    expect(marked.status).toEqual({ phase: 'Terminating' });
    expect(lifecycle.markTerminating(marked)).toBe(marked);
    expect(lifecycle.awaitingFinalization(ns)).toBe(true);
    expect(lifecycle.awaitingFinalization({ ...ns, spec: { finalizers: [] } })).toBe(false);
    expect(lifecycle.awaitingFinalization({ ...ns, spec: {} })).toBe(false);
  });

  it('prepares a new namespace: Active, with the kubernetes finalizer', () => {
    const prepared = namespaceKind.prepareForCreate!(
      {
        apiVersion: 'v1',
        kind: 'Namespace',
        metadata: { name: 'x' },
        status: { phase: 'Terminating' },
      },
      { uid: () => 'unused', featureGates: GATES_OFF },
    );
    expect(prepared.spec).toEqual({ finalizers: ['kubernetes'] });
    expect(prepared.status).toEqual({ phase: 'Active' });
  });
});
