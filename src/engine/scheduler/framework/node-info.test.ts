import { describe, expect, it } from 'vitest';
import {
  HOT_ALLOC_CPU,
  HOT_FREE_PODS,
  HOT_REQ_CPU,
  addPod,
  changedNodesSince,
  clearJournal,
  nodeHot,
  nodeLabel,
  cloneNodeInfo,
  hostPortConflicts,
  journalPosition,
  newNodeInfo,
  nodeMayHavePodLabel,
  podHostPorts,
  removePod,
  setNode,
  sizeJournalFor,
} from './node-info';
import { namespacedLabel } from '../../../k8s/labels';
import { podInfoFor } from './pod-info';
import { makeNode, makePod } from '../plugins/testing';

const Mi = 1024 * 1024;

describe('NodeInfo', () => {
  it('accounts pods: requests, non-zero requests, affinity lists, ports; removal by uid', () => {
    const info = newNodeInfo(makeNode('n1'));
    const a = makePod('a', { containers: [{ requests: { cpu: '500m', memory: '1Gi' }, hostPorts: [{ hostPort: 80 }] }] });
    const b = makePod('b', {
      containers: [{}],
      affinity: {
        podAntiAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'kubernetes.io/hostname', labelSelector: {} }],
        },
      },
    });
    const g0 = info.generation;
    addPod(info, podInfoFor(a));
    expect(info.generation).toBeGreaterThan(g0);
    addPod(info, podInfoFor(b));
    expect(info.requested.milliCPU).toBe(500);
    expect(info.requested.memory).toBe(1024 * Mi);
    expect(info.nonZeroRequested.milliCPU).toBe(600);
    expect(info.nonZeroRequested.memory).toBe(1024 * Mi + 200 * Mi);
    expect(info.podsWithAffinity.map((p) => p.pod.metadata.name)).toEqual(['b']);
    expect(info.podsWithRequiredAntiAffinity.map((p) => p.pod.metadata.name)).toEqual(['b']);
    expect([...info.usedPorts]).toEqual(['TCP/0.0.0.0/80']);

    // A different object with the same uid removes the pod (informer delete events).
    const g1 = info.generation;
    expect(removePod(info, { ...a, metadata: { ...a.metadata } })).toBe(true);
    expect(info.generation).toBeGreaterThan(g1);
    expect(info.requested.milliCPU).toBe(0);
    expect(info.nonZeroRequested.milliCPU).toBe(100);
    expect(info.usedPorts.size).toBe(0);
    expect(info.pods.map((p) => p.pod.metadata.name)).toEqual(['b']);
    expect(removePod(info, a)).toBe(false);
    removePod(info, b);
    expect(info.podsWithAffinity).toEqual([]);
    expect(info.nonZeroRequested.memory).toBe(0);
  });

  it('setNode refreshes allocatable; clone copies with the same generation', () => {
    const info = newNodeInfo(makeNode('n1'));
    setNode(info, makeNode('n1', { allocatable: { cpu: '8', memory: '1Gi', pods: '10' } }));
    expect(info.allocatable.milliCPU).toBe(8000);
    const c = cloneNodeInfo(info);
    expect(c.generation).toBe(info.generation);
    addPod(c, podInfoFor(makePod('x', { containers: [{ requests: { cpu: '1' } }] })));
    expect(info.pods.length).toBe(0);
    expect(info.requested.milliCPU).toBe(0);
    expect(c.requested.milliCPU).toBe(1000);
    expect(c.generation).not.toBe(info.generation);
  });

  it('records changed nodes in the journal', () => {
    const start = journalPosition();
    const n1 = newNodeInfo(makeNode('j1'));
    const n2 = newNodeInfo(makeNode('j2'));
    addPod(n1, podInfoFor(makePod('p', {})));
    const seen: string[] = [];
    const end = changedNodesSince(start, (c) => seen.push(c.name));
    expect(seen).toEqual(['j1', 'j2', 'j1']);
    expect(end).toBe(journalPosition());
    expect(n2.generation).toBeGreaterThan(0);
  });
});

describe('the journal’s size', () => {
  function journalLength(): number {
    let n = 0;
    const end = journalPosition();
    for (let from = end - 70_000; from < end; from++) {
      if (changedNodesSince(from, () => {}) >= 0) {
        n = end - from;
        break;
      }
    }
    return n;
  }

  it('keeps 64 entries per node, at least 4,096 and at most 65,536; an older cursor must rebuild', () => {
    const info = newNodeInfo(makeNode('size1'));
    const pod = podInfoFor(makePod('p', {}));
    const churn = (times: number) => {
      for (let i = 0; i < times; i++) {
        addPod(info, pod);
        removePod(info, pod.pod);
      }
    };
    sizeJournalFor(6);
    const old = journalPosition();
    churn(5_000);
    expect(journalLength()).toBeLessThanOrEqual(4_096);
    expect(changedNodesSince(old, () => {})).toBe(-1);
    sizeJournalFor(300);
    churn(20_000);
    expect(journalLength()).toBeGreaterThan(4_096);
    expect(journalLength()).toBeLessThanOrEqual(19_200);
    sizeJournalFor(5_000);
    churn(40_000);
    expect(journalLength()).toBeGreaterThan(19_200);
    expect(journalLength()).toBeLessThanOrEqual(65_536);
  });

  it('clearJournal drops every entry (a new scheduler does, so an old cluster’s pods are not kept)', () => {
    const info = newNodeInfo(makeNode('clear1'));
    const before = journalPosition();
    addPod(info, podInfoFor(makePod('p', {})));
    clearJournal();
    expect(journalPosition()).toBe(before + 1);
    expect(changedNodesSince(before, () => {})).toBe(-1);
    expect(changedNodesSince(journalPosition(), () => {})).toBe(journalPosition());
  });
});

describe('hidden hot data', () => {
  it('is kept with NodeInfos from newNodeInfo and derived for NodeInfos built elsewhere', () => {
    const info = newNodeInfo(makeNode('h1', { labels: { 'topology.kubernetes.io/zone': 'z1', rack: 'r1' } }));
    addPod(info, podInfoFor(makePod('a', { containers: [{ requests: { cpu: '1' } }] })));
    expect([nodeHot(info)[HOT_ALLOC_CPU], nodeHot(info)[HOT_REQ_CPU], nodeHot(info)[HOT_FREE_PODS]]).toEqual([4000, 1000, 109]);
    expect([nodeLabel(info, 'topology.kubernetes.io/zone'), nodeLabel(info, 'rack'), nodeLabel(info, 'constructor')]).toEqual([
      'z1',
      'r1',
      undefined,
    ]);
    // A plain object with the NodeInfo fields (e.g. a test double).
    const foreign = { ...info, requested: { ...info.requested, milliCPU: 2500 } } as typeof info;
    delete (foreign as unknown as Partial<Record<string, unknown>>).hot;
    expect(nodeHot(foreign)[HOT_REQ_CPU]).toBe(2500);
    expect(nodeLabel(foreign, 'rack')).toBe('r1');
  });
});

describe('host ports', () => {
  it('collects containers and sidecars only, sanitised', () => {
    const pod = makePod('p', {
      initContainers: [
        { hostPorts: [{ hostPort: 1 }] },
        { hostPorts: [{ hostPort: 2, protocol: 'UDP' }], restartPolicy: 'Always' },
      ],
      containers: [{ hostPorts: [{ hostPort: 3, hostIP: '10.0.0.1' }] }],
    });
    expect(podHostPorts(pod)).toEqual([
      { protocol: 'UDP', hostIP: '0.0.0.0', hostPort: 2 },
      { protocol: 'TCP', hostIP: '10.0.0.1', hostPort: 3 },
    ]);
  });

  it.each([
    { used: ['TCP/0.0.0.0/80'], want: { protocol: 'TCP', hostIP: '10.0.0.1', hostPort: 80 }, conflict: true },
    { used: ['TCP/10.0.0.1/80'], want: { protocol: 'TCP', hostIP: '0.0.0.0', hostPort: 80 }, conflict: true },
    { used: ['TCP/10.0.0.1/80'], want: { protocol: 'TCP', hostIP: '10.0.0.2', hostPort: 80 }, conflict: false },
    { used: ['UDP/0.0.0.0/80'], want: { protocol: 'TCP', hostIP: '0.0.0.0', hostPort: 80 }, conflict: false },
    { used: ['TCP/0.0.0.0/8080'], want: { protocol: 'TCP', hostIP: '0.0.0.0', hostPort: 80 }, conflict: false },
  ])('CheckConflict $used vs $want.hostIP:$want.hostPort → $conflict', ({ used, want, conflict }) => {
    expect(hostPortConflicts(new Set(used), want)).toBe(conflict);
  });
});

describe('nodeMayHavePodLabel', () => {
  it('is false only when no pod of the node carries the label, also for copies', () => {
    const label = namespacedLabel('default', 'app', 'may-have-test');
    const a = newNodeInfo(makeNode('may-a'));
    const b = newNodeInfo(makeNode('may-b'));
    expect(nodeMayHavePodLabel(a, label)).toBe(false);
    const p1 = makePod('p1', { labels: { app: 'may-have-test' } });
    const p2 = makePod('p2', { labels: { app: 'may-have-test' } });
    addPod(a, podInfoFor(p1));
    addPod(a, podInfoFor(p2));
    expect(nodeMayHavePodLabel(a, label)).toBe(true);
    expect(nodeMayHavePodLabel(b, label)).toBe(false);
    expect(nodeMayHavePodLabel(a, namespacedLabel('other', 'app', 'may-have-test'))).toBe(false);

    // A copy with a pod added sees it; the originals do not change.
    const copy = cloneNodeInfo(b);
    addPod(copy, podInfoFor(makePod('p3', { labels: { app: 'may-have-test' } })));
    expect(nodeMayHavePodLabel(copy, label)).toBe(true);
    expect(nodeMayHavePodLabel(b, label)).toBe(false);

    removePod(a, p1);
    expect(nodeMayHavePodLabel(a, label)).toBe(true);
    removePod(a, p2);
    expect(nodeMayHavePodLabel(a, label)).toBe(false);
    // The copy still has its own pod once no original node has one.
    expect(nodeMayHavePodLabel(copy, label)).toBe(true);
    const copyOfA = cloneNodeInfo(a);
    expect(nodeMayHavePodLabel(copyOfA, label)).toBe(false);
  });
});
