// The scheduler on small clusters: the cycle's arithmetic (numFeasibleNodesToFind, selectHost),
// what it writes (binding, events, conditions), which pods it ignores, preemption's choices, and
// that the equivalence cache changes nothing but speed.

import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import { nodeKind, podKind } from '../api/kinds';
import { SeededRandom } from '../clock/random';
import { Cluster } from '../cluster/cluster';
import { moreImportantPod, numCandidates, pickOneNodeForPreemption, type Candidate } from './preemption';
import { numFeasibleNodesToFind, selectHost } from './schedule-one';

const pod = (name: string, spec: Record<string, unknown> = {}, meta: Record<string, unknown> = {}): KObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'default', ...meta },
  spec: { containers: [{ name: 'c', image: 'nginx', resources: { requests: { cpu: '100m', memory: '64Mi' } } }], ...spec },
});

/** The control plane's events about a pod (the kubelet's own, from its node, are left out). */
function events(c: Cluster, name: string): string[] {
  return c.api
    .list(c.api.registry.forObject('v1', 'Event')!)
    .items.filter(
      (e) =>
        (e.involvedObject as { name?: string }).name === name && (e.source as { component?: string })?.component !== 'kubelet',
    )
    .map((e) => `${e.type} ${e.reason} ${e.message}`);
}

describe('numFeasibleNodesToFind', () => {
  it.each([
    [0, 50, 50],
    [0, 99, 99],
    [0, 100, 100],
    [0, 1000, 420],
    [0, 5000, 500],
    [0, 6000, 300],
    [0, 20000, 1000],
    [30, 1000, 300],
    [5, 1000, 100],
  ])('percentage %i of %i nodes → %i', (pct, n, want) => {
    expect(numFeasibleNodesToFind(pct, n)).toBe(want);
  });
});

describe('selectHost', () => {
  it('takes the highest total, and picks uniformly among ties', () => {
    const r = new SeededRandom(7);
    expect(selectHost([1, 5, 3], r)).toBe(1);
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 4000; i++) counts[selectHost([9, 2, 9, 9], r)]++;
    expect(counts[1]).toBe(0);
    for (const i of [0, 2, 3]) expect(counts[i]).toBeGreaterThan(1200);
  });
});

describe('scheduling on a cluster', () => {
  it('binds, records Scheduled, and sets PodScheduled=True', () => {
    const c = new Cluster(1, { zones: 1, nodesPerZone: 2 });
    c.api.create(pod('web'));
    c.clock.runDue();
    const bound = c.api.get(podKind, 'default', 'web');
    expect(bound.spec.nodeName).toMatch(/^node-a[12]$/);
    // The node's kubelet adds its own conditions as it starts the pod.
    expect(bound.status.conditions.find((c: { type: string }) => c.type === 'PodScheduled')).toEqual({
      type: 'PodScheduled',
      status: 'True',
      lastProbeTime: null,
      lastTransitionTime: '2026-01-01T00:00:00Z',
    });
    expect(events(c, 'web')).toEqual([`Normal Scheduled Successfully assigned default/web to ${bound.spec.nodeName}`]);
  });

  it("keeps the informer's latest pod in its cache once bound, not the pre-binding object", () => {
    const c = new Cluster(1, { zones: 1, nodesPerZone: 1 });
    c.api.create(pod('web'));
    c.clock.advance(60_000);
    const current = c.api.get(podKind, 'default', 'web');
    expect(current.status.phase).toBe('Running');
    const state = c.scheduler.cache.podState('default/web');
    expect(state?.assumed).toBe(false);
    // Status writes after the binding reuse the PodInfo, pointed at each new version.
    expect(state?.podInfo.pod).toBe(current);
    expect(state?.podInfo.requests.milliCPU).toBe(100);
  });

  it('leaves pods of other schedulers alone', () => {
    const c = new Cluster(1, { zones: 1, nodesPerZone: 1 });
    c.api.create(pod('mine', { schedulerName: 'my-scheduler' }));
    c.clock.runDue();
    expect(c.api.get(podKind, 'default', 'mine').spec.nodeName).toBeUndefined();
    expect(events(c, 'mine')).toEqual([]);
  });

  it('says so when there are no nodes, and retries with back-off', () => {
    const c = new Cluster(1, { empty: true });
    c.api.create(pod('alone'));
    c.clock.runDue();
    const p = c.api.get(podKind, 'default', 'alone');
    expect(p.status.conditions[0]).toMatchObject({
      type: 'PodScheduled',
      status: 'False',
      reason: 'Unschedulable',
      message: 'no nodes available to schedule pods',
    });
    expect(c.scheduler.queue.get('default/alone')!.location).toBe('errorBackoff');
    c.clock.advance(1000);
    expect(c.scheduler.stats.attempts).toBe(2);
    c.addNode('late', { zone: 'zone-a' });
    c.clock.advance(2000);
    expect(c.api.get(podKind, 'default', 'alone').spec.nodeName).toBe('late');
  });

  it('starts each search where the previous one stopped (round robin)', () => {
    const c = new Cluster(1, { zones: 1, nodesPerZone: 3 });
    const ctx = (c.scheduler as unknown as { ctx: { nextStartNodeIndex: number } }).ctx;
    c.api.create(pod('a'));
    c.clock.runDue();
    expect(ctx.nextStartNodeIndex).toBe(0);
    c.api.create(pod('b', { nodeSelector: { 'kubernetes.io/hostname': 'node-a2' } }));
    c.clock.runDue();
    // All 3 nodes examined (fewer than 100 nodes: every node is), 3 mod 3 = 0.
    expect(ctx.nextStartNodeIndex).toBe(0);
  });

  /** A cluster whose scheduler runs with or without the equivalence cache. */
  const clusterWith = (equivalenceCache: boolean) => {
    const c = new Cluster(3, { zones: 3, nodesPerZone: 40 });
    c.scheduler.stop();
    const s = new (c.scheduler.constructor as typeof import('./scheduler').Scheduler)({
      api: c.api,
      clock: c.clock,
      informers: c.controllers.informers,
      recorder: c.events.recorder('default-scheduler'),
      random: c.random,
      equivalenceCache,
    }).start();
    return { c, s };
  };

  it('places the same pods on the same nodes with and without the equivalence cache', () => {
    const run = (equivalenceCache: boolean) => {
      const { c, s } = clusterWith(equivalenceCache);
      const spec = Object.freeze({
        containers: Object.freeze([
          Object.freeze({
            name: 'c',
            image: 'x',
            resources: Object.freeze({ requests: Object.freeze({ cpu: '300m', memory: '1Gi' }) }),
          }),
        ]),
      });
      for (let i = 0; i < 150; i++)
        c.api.create({ apiVersion: 'v1', kind: 'Pod', metadata: { name: `p${i}`, namespace: 'default' }, spec: spec as never });
      c.clock.runDue();
      // Nodes change between the two halves: cordoned, tainted, a pod removed.
      for (const n of ['node-a1', 'node-b7', 'node-c20'])
        c.api.patch(nodeKind, undefined, n, 'merge', { spec: { unschedulable: true } });
      c.api.patch(nodeKind, undefined, 'node-a2', 'merge', { spec: { taints: [{ key: 'k', effect: 'NoSchedule' }] } });
      c.api.delete(podKind, 'default', 'p3', { gracePeriodSeconds: 0 });
      for (let i = 150; i < 300; i++)
        c.api.create({ apiVersion: 'v1', kind: 'Pod', metadata: { name: `p${i}`, namespace: 'default' }, spec: spec as never });
      c.clock.runDue();
      expect(s.stats.scheduled).toBe(300);
      return c.api.list(podKind).items.map((p) => `${p.metadata.name}=${p.spec.nodeName ?? '-'}`);
    };
    expect(run(true)).toEqual(run(false));
  });

  it('reports only the feasible nodes of the cycle at hand (the buffers are reused across cycles)', () => {
    const c = new Cluster(3, { zones: 3, nodesPerZone: 40 });
    const zone = c.api.get(nodeKind, undefined, 'node-a1').metadata.labels!['topology.kubernetes.io/zone'];
    const feasibleOf = (name: string) => {
      const r = c.scheduler.explain.latest(`default/${name}`)!;
      return { count: r.feasibleCount ?? r.feasible.length, names: r.feasible.map((n) => n.name) };
    };
    c.api.create(pod('wide'));
    c.clock.runDue();
    c.api.create(pod('narrow', { nodeSelector: { 'topology.kubernetes.io/zone': zone } }));
    c.clock.runDue();
    c.api.create(pod('wide2'));
    c.clock.runDue();
    expect(feasibleOf('wide').count).toBe(100);
    const narrow = feasibleOf('narrow');
    expect(narrow.count).toBe(40);
    expect(narrow.names.every((n) => n.startsWith('node-a'))).toBe(true);
    expect(feasibleOf('wide2').count).toBe(100);
  });

  it('places the same pods with the cache when more pod classes interleave than it keeps', () => {
    const run = (equivalenceCache: boolean) => {
      const { c, s } = clusterWith(equivalenceCache);
      // 12 classes (more than the 8 kept): evicted classes hand their arrays to new ones.
      const specs = Array.from({ length: 12 }, (_, k) =>
        Object.freeze({
          containers: Object.freeze([
            Object.freeze({
              name: 'c',
              image: 'x',
              resources: Object.freeze({ requests: Object.freeze({ cpu: `${100 + 10 * k}m`, memory: `${64 * (k + 1)}Mi` }) }),
            }),
          ]),
        }),
      );
      for (let round = 0; round < 3; round++) {
        for (let i = 0; i < 120; i++) {
          const name = `p${round}-${i}`;
          const spec = specs[(i * 7 + round) % specs.length];
          c.api.create({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' }, spec: spec as never });
        }
        c.clock.runDue();
        c.api.patch(nodeKind, undefined, `node-b${round + 1}`, 'merge', { spec: { unschedulable: true } });
      }
      expect(s.stats.scheduled).toBe(360);
      return c.api.list(podKind).items.map((p) => `${p.metadata.name}=${p.spec.nodeName ?? '-'}`);
    };
    expect(run(true)).toEqual(run(false));
  });
});

describe('preemption choices', () => {
  const victim = (priority: number, startTime?: string): KObject => ({
    ...pod(`v${priority}`),
    spec: { priority, containers: [] },
    status: startTime ? { startTime } : {},
  });
  const cand = (name: string, ...pods: KObject[]): Candidate => ({ name, victims: { pods, numPDBViolations: 0 } });

  it.each<[string, Candidate[], string]>([
    ['the lowest highest-victim priority', [cand('a', victim(50)), cand('b', victim(10), victim(5))], 'b'],
    ['then the smallest priority sum', [cand('a', victim(10), victim(9)), cand('b', victim(10), victim(1))], 'b'],
    ['then the fewest victims', [cand('a', victim(10), victim(0), victim(0)), cand('b', victim(10), victim(0))], 'b'],
    [
      'then the latest start of the highest-priority victims',
      [cand('a', victim(10, '2026-01-01T00:00:00Z')), cand('b', victim(10, '2026-01-01T00:05:00Z'))],
      'b',
    ],
    ['then the first', [cand('a', victim(10)), cand('b', victim(10))], 'a'],
  ])('prefers %s', (_what, candidates, want) => {
    expect(pickOneNodeForPreemption(candidates)!.name).toBe(want);
  });

  it('orders victims by importance and samples candidates like DefaultPreemption', () => {
    expect(moreImportantPod(victim(10), victim(5))).toBe(true);
    expect(moreImportantPod(victim(5, '2026-01-01T00:00:00Z'), victim(5, '2026-01-01T00:01:00Z'))).toBe(true);
    expect(numCandidates(50)).toBe(50);
    expect(numCandidates(500)).toBe(100);
    expect(numCandidates(5000)).toBe(500);
  });

  it('evicts the lower-priority pod and nominates its node', () => {
    const c = new Cluster(1, { empty: true });
    c.addNode('n1', { zone: 'zone-a', cpu: '1' });
    c.clock.runDue();
    c.api.create({ apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'high' }, value: 100 });
    c.api.create(pod('low', { containers: [{ name: 'c', image: 'x', resources: { requests: { cpu: '800m' } } }] }));
    c.clock.runDue();
    c.api.create(
      pod('high', {
        priorityClassName: 'high',
        containers: [{ name: 'c', image: 'x', resources: { requests: { cpu: '500m' } } }],
      }),
    );
    const nominated: string[] = [];
    c.api.watch(podKind, (e) => {
      if (e.object.metadata.name === 'high' && e.object.status?.nominatedNodeName)
        nominated.push(e.object.status.nominatedNodeName);
    });
    c.clock.runDue();
    // The victim terminates gracefully on its node; the preemptor waits, nominated, until it is gone.
    expect(c.api.get(podKind, 'default', 'low').metadata.deletionTimestamp).toBeDefined();
    expect(nominated).toContain('n1');
    c.clock.advance(60_000);
    expect(c.api.tryGet(podKind, 'default', 'low')).toBeUndefined();
    const high = c.api.get(podKind, 'default', 'high');
    expect(high.spec.nodeName).toBe('n1');
    expect(events(c, 'low')).toContain(`Normal Preempted Preempted by pod ${high.metadata.uid} on node n1`);
    expect(events(c, 'high')).toEqual([
      'Warning FailedScheduling 0/1 nodes are available: 1 Insufficient cpu.',
      'Normal Scheduled Successfully assigned default/high to n1',
    ]);
  });
});
