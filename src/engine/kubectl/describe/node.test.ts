// kubectl describe node for a cordoned, tainted node whose kubelet stopped reporting: taints one
// per line (sorted by effect, then key), Unschedulable, the lease's acquire time, an Unknown
// condition, and the pods table — which keeps terminating pods and drops finished ones.

import { describe, expect, it } from 'vitest';
import { harness } from '../commands/pod-commands-testing';

const lines = (l: string[]) => l.join('\n');
const ts = (s: number) => new Date(Date.UTC(2026, 0, 1) + s * 1000).toISOString().replace('.000Z', 'Z');

function fixture() {
  // A bare API server: no controllers to taint the node or assign it a pod CIDR meanwhile.
  const h = harness();
  const { env } = h;
  const api = env.api;
  api.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } });
  api.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'kube-node-lease' } });
  const node = api.create({
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name: 'node-b2', labels: { 'kubernetes.io/hostname': 'node-b2', 'kubernetes.io/role': 'gpu' } },
    spec: {
      unschedulable: true,
      taints: [
        { key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule', timeAdded: ts(0) },
        { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute', timeAdded: ts(0) },
        { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' },
      ],
    },
    status: {
      capacity: { cpu: '2', memory: '4Gi', pods: '110' },
      allocatable: { cpu: '2', memory: '4Gi', pods: '110' },
      conditions: [
        {
          type: 'Ready',
          status: 'Unknown',
          lastHeartbeatTime: ts(10),
          lastTransitionTime: ts(60),
          reason: 'NodeStatusUnknown',
          message: 'Kubelet stopped posting node status.',
        },
      ],
      addresses: [{ type: 'InternalIP', address: '172.18.0.5' }],
      nodeInfo: { kubeletVersion: 'v1.34.2', operatingSystem: 'linux', architecture: 'amd64' },
    },
  });
  api.create({
    apiVersion: 'coordination.k8s.io/v1',
    kind: 'Lease',
    metadata: {
      name: 'node-b2',
      namespace: 'kube-node-lease',
      ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: 'node-b2', uid: node.metadata.uid! }],
    },
    spec: {
      holderIdentity: 'node-b2',
      leaseDurationSeconds: 40,
      acquireTime: '2026-01-01T00:00:01.000000Z',
      renewTime: '2026-01-01T00:00:10.000000Z',
    },
  });
  const podDef = env.registry.resolveResource('pods')!;
  const pod = (name: string, resources: Record<string, unknown> = {}) =>
    api.create({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name, namespace: 'default' },
      spec: { nodeName: 'node-b2', containers: [{ name: 'c', image: 'nginx', resources }] },
    });
  pod('api', { requests: { cpu: '500m', memory: '1Gi' }, limits: { cpu: '1', memory: '2Gi' } });
  const done = pod('job-x');
  api.updateStatus({ ...done, status: { ...done.status, phase: 'Succeeded' } });
  pod('leaving', { requests: { cpu: '100m' } });
  h.clock.advance(120_000);
  api.delete(podDef, 'default', 'leaving', { gracePeriodSeconds: 300 });
  return h;
}

describe('kubectl describe node (cordoned, tainted, unreachable)', () => {
  it('prints taints one per line, the lease times, Unknown conditions and the non-terminated pods', () => {
    const r = fixture().run('kubectl describe node node-b2');
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toBe(
      lines([
        'Name:               node-b2',
        'Roles:              gpu',
        'Labels:             kubernetes.io/hostname=node-b2',
        '                    kubernetes.io/role=gpu',
        'Annotations:        <none>',
        'CreationTimestamp:  Thu, 01 Jan 2026 00:00:00 +0000',
        'Taints:             node.kubernetes.io/unreachable:NoExecute',
        '                    dedicated=gpu:NoSchedule',
        '                    node.kubernetes.io/unschedulable:NoSchedule',
        'Unschedulable:      true',
        'Lease:',
        '  HolderIdentity:  node-b2',
        '  AcquireTime:     Thu, 01 Jan 2026 00:00:01 +0000',
        '  RenewTime:       Thu, 01 Jan 2026 00:00:10 +0000',
        'Conditions:',
        '  Type    Status    LastHeartbeatTime                 LastTransitionTime                Reason              Message',
        '  ----    ------    -----------------                 ------------------                ------              -------',
        '  Ready   Unknown   Thu, 01 Jan 2026 00:00:10 +0000   Thu, 01 Jan 2026 00:01:00 +0000   NodeStatusUnknown   Kubelet stopped posting node status.',
        'Addresses:',
        '  InternalIP:  172.18.0.5',
        'Capacity:',
        '  cpu:     2',
        '  memory:  4Gi',
        '  pods:    110',
        'Allocatable:',
        '  cpu:     2',
        '  memory:  4Gi',
        '  pods:    110',
        'System Info:',
        '  Machine ID:                 ',
        '  System UUID:                ',
        '  Boot ID:                    ',
        '  Kernel Version:             ',
        '  OS Image:                   ',
        '  Operating System:           linux',
        '  Architecture:               amd64',
        '  Container Runtime Version:  ',
        '  Kubelet Version:            v1.34.2',
        '  Kube-Proxy Version:         ',
        'Non-terminated Pods:          (2 in total)',
        '  Namespace                   Name       CPU Requests  CPU Limits  Memory Requests  Memory Limits  Age',
        '  ---------                   ----       ------------  ----------  ---------------  -------------  ---',
        '  default                     api        500m (25%)    1 (50%)     1Gi (25%)        2Gi (50%)      2m',
        '  default                     leaving    100m (5%)     0 (0%)      0 (0%)           0 (0%)         2m',
        'Allocated resources:',
        '  (Total limits may be over 100 percent, i.e., overcommitted.)',
        '  Resource           Requests    Limits',
        '  --------           --------    ------',
        '  cpu                600m (30%)  1 (50%)',
        '  memory             1Gi (25%)   2Gi (50%)',
        '  ephemeral-storage  0 (0%)      0 (0%)',
        'Events:              <none>',
        '',
      ]),
    );
  });
});
