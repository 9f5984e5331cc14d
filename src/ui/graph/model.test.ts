import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import { node, pod } from './fixtures';
import {
  cardTags,
  deriveModel,
  nodeView,
  podRequests,
  podTone,
  shortPodName,
  statusCounts,
  taintTag,
  workloadView,
} from './model';

describe('podTone', () => {
  it('colours the STATUS kubectl prints', () => {
    expect(podTone('Running', '1/1')).toBe('ok');
    expect(podTone('Running', '0/1')).toBe('warn');
    expect(podTone('Completed', '0/1')).toBe('done');
    for (const s of ['Pending', 'ContainerCreating', 'PodInitializing', 'Init:0/2']) expect(podTone(s, '0/1')).toBe('warn');
    for (const s of [
      'CrashLoopBackOff',
      'Error',
      'ImagePullBackOff',
      'ErrImagePull',
      'OOMKilled',
      'Failed',
      'Init:Error',
      'ExitCode:3',
    ])
      expect(podTone(s, '0/1')).toBe('bad');
    expect(podTone('Terminating', '1/1')).toBe('terminating');
    expect(podTone('Unknown', '1/1')).toBe('unknown');
  });
});

describe('names and tags', () => {
  it('shows the random suffix of generated names', () => {
    expect(shortPodName({ metadata: { name: 'web-7d4b9-x7k2p', generateName: 'web-7d4b9-' } })).toBe('x7k2p');
    expect(shortPodName({ metadata: { name: 'nginx' } })).toBe('nginx');
  });
  it('shortens taint keys', () => {
    expect(taintTag({ key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' })).toBe('unreachable:NoExecute');
    expect(taintTag({ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' })).toBe('dedicated=gpu:NoSchedule');
  });
  it('puts the effects of one taint key on one tag', () => {
    const unreachable = nodeView(
      node('n1', 'z', {
        spec: {
          taints: [
            { key: 'node.kubernetes.io/unreachable', effect: 'NoSchedule' },
            { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' },
          ],
        },
      }),
      [],
    );
    expect(unreachable.tags.map((t) => [t.text, t.tone])).toEqual([['unreachable:NoSchedule,NoExecute', 'bad']]);
  });
  it("names a Deployment's ReplicaSets by their hash and images", () => {
    const rs: KObject = {
      apiVersion: 'apps/v1',
      kind: 'ReplicaSet',
      metadata: { name: 'nginx-deployment-66b6c48dd5', namespace: 'default' },
      spec: { replicas: 3, template: { spec: { containers: [{ name: 'nginx', image: 'nginx:1.16.1' }] } } },
    };
    expect(workloadView(rs, new Map(), 'Deployment/default/nginx-deployment').revision).toEqual({
      hash: '66b6c48dd5',
      images: 'nginx:1.16.1',
    });
    expect(workloadView(rs, new Map(), null).revision).toBeUndefined();
  });
});

describe('podRequests', () => {
  it('sums containers, takes the max with init containers, adds sidecars and overhead', () => {
    const spec = {
      containers: [{ resources: { requests: { cpu: '100m', memory: '64Mi' } } }, { resources: { requests: { cpu: '200m' } } }],
      initContainers: [
        { resources: { requests: { cpu: '1' } } },
        { restartPolicy: 'Always', resources: { requests: { cpu: '50m' } } },
      ],
      overhead: { cpu: '10m' },
    };
    expect(podRequests(spec)).toEqual({ milliCPU: 1010, memory: 64 * 1024 * 1024 });
  });
});

describe('nodeView', () => {
  it('reads status, taints, pressure and requested / allocatable of non-terminal pods', () => {
    const n = node('node-a1', 'zone-a', {
      spec: { unschedulable: true, taints: [{ key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' }] },
      status: {
        allocatable: { cpu: '4', memory: '8Gi', pods: '110' },
        conditions: [
          { type: 'Ready', status: 'Unknown', reason: 'NodeStatusUnknown' },
          { type: 'MemoryPressure', status: 'True' },
        ],
      },
    });
    const done = pod('done', 'node-a1', { cpu: '1', status: { phase: 'Succeeded' } });
    const v = nodeView(n, [pod('a', 'node-a1', { cpu: '500m' }), pod('b', 'node-a1', { cpu: '1500m' }), done]);
    expect(v.status).toBe('NotReady,SchedulingDisabled');
    expect(v.condition).toBe('Unknown');
    expect(v.tone).toBe('unknown');
    expect(v.cordoned).toBe(true);
    expect(v.tags.map((t) => t.text)).toEqual(['MemoryPressure', 'unreachable:NoExecute']);
    expect(v.cpu.requested).toBe(2000);
    expect(v.cpu.fraction).toBe(0.5);
    expect(v.pods.requested).toBe(2);
    expect(v.podCount).toBe(3);
    expect(v.cpu.text).toBe('CPU requests 2 of 4 allocatable (50%)');
    // the numbers printed next to the bars
    expect([v.cpu.short, v.memory.short, v.pods.short]).toEqual(['2/4', '0.25/8Gi', '2/110']);
    // NotReady stays the pill; the cordon is a tag
    expect(v.pill).toBe('Unknown');
    expect(cardTags(v).map((t) => t.text)).toContain('SchedulingDisabled');
    // a node in trouble has its outlook: the unreachable taint is there, the pods tolerate it for no time
    expect(v.outlook).toMatchObject({ ready: 'Unknown', taintKey: 'node.kubernetes.io/unreachable', evictable: 2 });
  });

  it('says SchedulingDisabled in the pill of a cordoned Ready node, and prints bars without requests', () => {
    const v = nodeView(node('n', 'z', { spec: { unschedulable: true } }), [pod('a', 'n')]);
    expect(v.status).toBe('Ready,SchedulingDisabled');
    expect(v.pill).toBe('SchedulingDisabled');
    expect(cardTags(v).map((t) => t.text)).not.toContain('SchedulingDisabled');
    expect([v.cpu.short, v.memory.short, v.pods.short]).toEqual(['0/4', '0/8Gi', '1/110']);
    expect(v.outlook).toBeUndefined();
  });
});

describe('namespace filter', () => {
  it('draws only the namespaces shown, counts every pod on the node bars and per namespace', () => {
    const system = { ...pod('proxy', 'n1'), metadata: { name: 'proxy', namespace: 'kube-system', uid: 'u-proxy' } };
    const model = deriveModel([node('n1', 'z'), pod('a', 'n1'), system], [], (ns) => ns !== 'kube-system');
    expect([...model.pods.keys()]).toEqual(['Pod/default/a']);
    expect(model.hiddenPods).toBe(1);
    expect(model.namespaces).toEqual(
      new Map([
        ['default', 1],
        ['kube-system', 1],
      ]),
    );
    expect(model.nodes[0].pods.short).toBe('2/110');
  });
});

describe('deriveModel', () => {
  it('sorts nodes and pods, splits pending pods and groups ReplicaSets under their Deployment', () => {
    const deploy: KObject = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web', namespace: 'default', uid: 'uid-d' },
      spec: { replicas: 2 },
      status: { readyReplicas: 1 },
    };
    const rs: KObject = {
      apiVersion: 'apps/v1',
      kind: 'ReplicaSet',
      metadata: {
        name: 'web-abc',
        namespace: 'default',
        uid: 'uid-rs',
        ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: 'uid-d', controller: true }],
      },
      spec: { replicas: 2 },
      status: { readyReplicas: 2 },
    };
    const pending = pod('waiting', undefined, {
      status: {
        phase: 'Pending',
        conditions: [
          {
            type: 'PodScheduled',
            status: 'False',
            reason: 'Unschedulable',
            message: '0/6 nodes are available: 6 Insufficient cpu.',
          },
        ],
      },
    });
    const model = deriveModel([
      rs,
      node('node-b1', 'zone-b'),
      pod('z', 'node-a1'),
      deploy,
      node('node-a1', 'zone-a'),
      pod('a', 'node-a1'),
      pending,
    ]);
    expect(model.nodes.map((n) => n.name)).toEqual(['node-a1', 'node-b1']);
    expect(model.podsByNode.get('node-a1')!.map((p) => p.name)).toEqual(['a', 'z']);
    expect(model.pending.map((p) => [p.name, p.pendingReason])).toEqual([
      ['waiting', '0/6 nodes are available: 6 Insufficient cpu.'],
    ]);
    expect(model.workloads.map((w) => [w.kind, w.name, w.count, w.parentKey])).toEqual([
      ['Deployment', 'web', '1/2', null],
      ['ReplicaSet', 'web-abc', '2/2', 'Deployment/default/web'],
    ]);
    const a = model.pods.get('Pod/default/a')!;
    expect(a.label).toBe('Pod a: Running');
    expect(a.title).toContain('READY 1/1');
  });

  it('counts pods per status for the aggregated view', () => {
    const model = deriveModel([pod('a', 'n'), pod('b', 'n'), pod('c', 'n', { status: { phase: 'Pending' } })]);
    expect(statusCounts(model.podsByNode.get('n')!)).toEqual([
      { status: 'Running', tone: 'ok', count: 2 },
      { status: 'Pending', tone: 'warn', count: 1 },
    ]);
  });
});

describe('DaemonSets', () => {
  const ds = (status: Record<string, number>, generation = 2): KObject => ({
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name: 'agent', namespace: 'default', uid: 'uid-agent', generation },
    spec: { updateStrategy: { type: 'RollingUpdate' } },
    status: { observedGeneration: 2, ...status },
  });

  it('lists a DaemonSet in the workloads lane, marks its pods, and shows its rolling update', () => {
    const rolling = ds({
      desiredNumberScheduled: 3,
      currentNumberScheduled: 3,
      numberReady: 2,
      updatedNumberScheduled: 1,
      numberAvailable: 2,
    });
    const notReady = {
      phase: 'Running',
      conditions: [{ type: 'Ready', status: 'False' }],
      containerStatuses: [{ name: 'c', ready: false, restartCount: 0, state: { running: {} } }],
    };
    const model = deriveModel([
      node('n1', 'z'),
      node('n2', 'z'),
      node('n3', 'z'),
      rolling,
      pod('agent-a', 'n1', { owner: rolling }),
      pod('agent-b', 'n2', { owner: rolling, status: notReady }),
      pod('agent-c', 'n3', { owner: rolling }),
      pod('web', 'n1'),
    ]);
    const view = model.workloads.find((w) => w.kind === 'DaemonSet')!;
    expect(view.count).toBe('2/3');
    expect(view.countTitle).toBe('DESIRED 3, CURRENT 3, READY 2, UP-TO-DATE 1, AVAILABLE 2');
    expect(view.rollout).toMatchObject({
      desired: 3,
      updated: 1,
      unit: 'nodes',
      replacing: ['n2'],
      message: '1 out of 3 new pods have been updated (replacing on n2)',
    });
    expect(model.podsByNode.get('n1')!.map((p) => [p.name, p.daemon])).toEqual([
      ['agent-a', true],
      ['web', false],
    ]);
  });

  it('shows no rollout once every node runs an available updated pod, nor for OnDelete', () => {
    const done = ds({ desiredNumberScheduled: 2, updatedNumberScheduled: 2, numberAvailable: 2, numberReady: 2 });
    expect(workloadView(done, new Map(), null).rollout).toBeUndefined();
    const onDelete = { ...ds({ desiredNumberScheduled: 2 }), spec: { updateStrategy: { type: 'OnDelete' } } };
    expect(workloadView(onDelete, new Map(), null).rollout).toBeUndefined();
    expect(workloadView(ds({ desiredNumberScheduled: 2 }, 3), new Map(), null).rollout?.message).toBe(
      'waiting for the spec update to be observed',
    );
  });
});
