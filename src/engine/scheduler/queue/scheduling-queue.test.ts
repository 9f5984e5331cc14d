// The scheduling queue by table: back-off arithmetic, PrioritySort order, gates, moves on cluster
// events (with queueing hints), the two flushes, in-flight events, errors and the nominator.

import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { pluginHint, type ClusterEvent } from './events';
import { SchedulingQueue, type QueuedPodInfo } from './scheduling-queue';

function pod(
  name: string,
  extra: { priority?: number; gates?: string[]; nominated?: string; labels?: Record<string, string> } = {},
): KObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default', uid: `uid-${name}`, labels: extra.labels },
    spec: {
      containers: [{ name: 'c', image: 'nginx' }],
      ...(extra.priority !== undefined ? { priority: extra.priority } : {}),
      ...(extra.gates ? { schedulingGates: extra.gates.map((name) => ({ name })) } : {}),
    },
    status: { phase: 'Pending', ...(extra.nominated ? { nominatedNodeName: extra.nominated } : {}) },
  };
}

const node = (name: string, labels: Record<string, string> = {}): KObject => ({
  apiVersion: 'v1',
  kind: 'Node',
  metadata: { name, labels },
  spec: {},
  status: {},
});

function setup(nodeCheck: (pod: KObject, plugin: string, node: KObject) => boolean = () => true) {
  let now = 0;
  let wakes = 0;
  const q = new SchedulingQueue({ now: () => now, onPoppable: () => wakes++, nodeCheck });
  return {
    q,
    advance: (ms: number) => (now += ms),
    wakes: () => wakes,
    /** Pops one pod and fails it with `plugins`. */
    fail: (plugins: string[], isError = false): QueuedPodInfo => {
      const qpi = q.pop()!;
      q.addUnschedulableIfNotPresent(qpi, new Set(plugins), isError);
      return qpi;
    },
  };
}

describe('back-off', () => {
  it.each([
    [0, 0],
    [1, 1000],
    [2, 2000],
    [3, 4000],
    [4, 8000],
    [5, 10000],
    [9, 10000],
  ])('after %i attempts: %i ms', (attempts, ms) => {
    expect(setup().q.backoffDuration(attempts)).toBe(ms);
  });
});

describe('PrioritySort', () => {
  it('pops higher priority first, then the earlier queued, then FIFO', () => {
    const { q, advance } = setup();
    q.add(pod('low-early', { priority: 0 }));
    advance(10);
    q.add(pod('high-late', { priority: 1000 }));
    q.add(pod('low-late-1', { priority: 0 }));
    q.add(pod('low-late-2', { priority: 0 }));
    q.add(pod('negative', { priority: -5 }));
    const order: string[] = [];
    for (let qpi = q.pop(); qpi; qpi = q.pop()) {
      order.push(qpi.pod.metadata.name!);
      q.done(qpi, true);
    }
    expect(order).toEqual(['high-late', 'low-early', 'low-late-1', 'low-late-2', 'negative']);
  });
});

describe('scheduling gates', () => {
  it('keeps a gated pod out of activeQ until its gates are removed, then without back-off', () => {
    const { q } = setup();
    const gated = pod('g', { gates: ['example.com/wait'] });
    q.add(gated);
    expect(q.get('default/g')!.location).toBe('unschedulable');
    expect(q.get('default/g')!.gatedBy).toBe('SchedulingGates');
    expect(q.pop()).toBeUndefined();
    // A cluster event does not release it.
    q.onClusterEvent({ type: 'NodeAdd', node: node('n1') });
    expect(q.get('default/g')!.location).toBe('unschedulable');
    // An update that keeps a gate does not either.
    q.update(gated, pod('g', { gates: ['example.com/other'] }));
    expect(q.get('default/g')!.location).toBe('unschedulable');
    q.update(gated, pod('g'));
    expect(q.get('default/g')!.location).toBe('active');
    expect(q.pop()!.key).toBe('default/g');
  });
});

describe('moves on cluster events', () => {
  const nodeAdd: ClusterEvent = { type: 'NodeAdd', node: node('n9') };
  const labelled: ClusterEvent = {
    type: 'NodeUpdate',
    oldNode: node('n1'),
    node: node('n1', { disk: 'ssd' }),
    labels: true,
    taints: false,
    unschedulable: false,
    allocatable: false,
  };
  const uncordoned: ClusterEvent = {
    type: 'NodeUpdate',
    oldNode: node('n1'),
    node: node('n1'),
    labels: false,
    taints: false,
    unschedulable: true,
    allocatable: false,
  };
  const assignedDelete: ClusterEvent = { type: 'AssignedPodDelete', pod: pod('other') };

  it.each<[string, string[], ClusterEvent, boolean]>([
    ['NodeAffinity rejection, node labelled', ['NodeAffinity'], labelled, true],
    ['NodeAffinity rejection, node uncordoned', ['NodeAffinity'], uncordoned, false],
    ['NodeUnschedulable rejection, node uncordoned', ['NodeUnschedulable'], uncordoned, true],
    ['NodeUnschedulable rejection, node labelled', ['NodeUnschedulable'], labelled, false],
    ['NodeResourcesFit rejection, a bound pod deleted', ['NodeResourcesFit'], assignedDelete, true],
    ['TaintToleration rejection, a bound pod deleted', ['TaintToleration'], assignedDelete, false],
    ['any node-local rejection, a node added', ['NodeResourcesFit', 'TaintToleration'], nodeAdd, true],
    ['no rejecting plugin: every event', [], labelled, true],
  ])('%s → moved: %s', (_name, plugins, event, moved) => {
    expect(plugins.length === 0 || plugins.some((p) => pluginHint(p, event, pod('x'), () => true))).toBe(moved);
  });

  it('asks the plugin itself whether the changed node now fits (precise hints)', () => {
    const checks: string[] = [];
    const { q, fail } = setup((p, plugin, n) => {
      checks.push(`${p.metadata.name}/${plugin}/${n.metadata.name}`);
      return n.metadata.labels?.disk === 'ssd';
    });
    q.add(pod('sel'));
    fail(['NodeAffinity']);
    q.onClusterEvent({ ...labelled, node: node('n1', { disk: 'hdd' }) } as ClusterEvent);
    expect(q.get('default/sel')!.location).toBe('unschedulable');
    q.onClusterEvent(labelled);
    expect(checks).toEqual(['sel/NodeAffinity/n1', 'sel/NodeAffinity/n1']);
    // Still backing off (1 s after 1 attempt): backoffQ, which an idle scheduler pops at once.
    expect(q.get('default/sel')!.location).toBe('backoff');
    expect(q.hasPoppable).toBe(true);
    expect(q.pop()!.key).toBe('default/sel');
  });

  it('moves a pod whose back-off is over straight to activeQ; flushes expired back-offs', () => {
    const { q, advance, fail } = setup();
    q.add(pod('a'));
    fail(['NodeResourcesFit']);
    advance(1000);
    q.onClusterEvent(assignedDelete);
    expect(q.get('default/a')!.location).toBe('active');
    const qpi = q.pop()!;
    q.addUnschedulableIfNotPresent(qpi, new Set(['NodeResourcesFit']), false);
    // Second attempt: 2 s back-off.
    q.onClusterEvent(assignedDelete);
    expect(q.get('default/a')!.location).toBe('backoff');
    expect(q.get('default/a')!.backoffExpiration).toBe(3000);
    advance(1500);
    q.flushBackoffCompleted();
    expect(q.get('default/a')!.location).toBe('backoff');
    advance(500);
    q.flushBackoffCompleted();
    expect(q.get('default/a')!.location).toBe('active');
  });

  it('retries pods unschedulable for more than 5 minutes', () => {
    const { q, advance, fail } = setup();
    q.add(pod('stuck'));
    fail(['TaintToleration']);
    advance(5 * 60_000);
    q.flushUnschedulableLeftover();
    expect(q.get('default/stuck')!.location).toBe('unschedulable');
    advance(1);
    q.flushUnschedulableLeftover();
    expect(q.get('default/stuck')!.location).toBe('active');
  });

  it('sends a pod straight back when an event that may help arrived during its cycle', () => {
    const { q } = setup();
    q.add(pod('busy'));
    const qpi = q.pop()!;
    q.onClusterEvent(assignedDelete);
    q.addUnschedulableIfNotPresent(qpi, new Set(['NodeResourcesFit']), false);
    expect(qpi.location).toBe('backoff');
  });

  it('puts errors (and rejections without a plugin) in the error back-off, never popped early', () => {
    const { q, advance, fail } = setup();
    q.add(pod('err'));
    fail([], true);
    expect(q.get('default/err')!.location).toBe('errorBackoff');
    expect(q.hasPoppable).toBe(false);
    q.add(pod('nonodes'));
    fail([]);
    expect(q.get('default/nonodes')!.location).toBe('errorBackoff');
    advance(1000);
    q.flushBackoffCompleted();
    expect(q.get('default/err')!.location).toBe('active');
    expect(q.get('default/nonodes')!.location).toBe('active');
  });

  it('requeues a pod whose spec changed while it waited', () => {
    const { q, fail } = setup();
    const before = pod('p');
    q.add(before);
    fail(['TaintToleration']);
    q.update(before, { ...before, status: { phase: 'Pending', conditions: [] } });
    expect(q.get('default/p')!.location).toBe('unschedulable');
    q.update(before, { ...before, spec: { ...before.spec, tolerations: [{ operator: 'Exists' }] } });
    expect(q.get('default/p')!.location).toBe('backoff');
  });

  it('forgets deleted pods wherever they wait', () => {
    const { q, fail } = setup();
    q.add(pod('a'));
    q.add(pod('b'));
    fail(['NodeAffinity']);
    q.delete(pod('a'));
    q.delete(pod('b'));
    expect(q.size).toBe(0);
    expect(q.pop()).toBeUndefined();
  });
});

describe('nominator', () => {
  it('tracks nominations from preemption and from pod status', () => {
    const { q } = setup();
    const p = pod('hi', { priority: 10 });
    q.addNominatedPod(p, 'n1');
    expect(q.nominatedPodsForNode('n1').map((n) => n.key)).toEqual(['default/hi']);
    q.addNominatedPod(p, '');
    expect(q.nominatedPodsForNode('n1')).toEqual([]);
    q.add(pod('st', { nominated: 'n2' }));
    expect(q.nominatedNodeName('default/st')).toBe('n2');
    q.update(pod('st', { nominated: 'n2' }), pod('st'));
    expect(q.nominatedNodeName('default/st')).toBeUndefined();
    q.addNominatedPod(pod('gone'), 'n3');
    q.delete(pod('gone'));
    expect(q.hasNominatedPods).toBe(false);
  });
});
