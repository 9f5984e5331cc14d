// PodTopologySpread: Filter reasons/codes (maxSkew, minDomains, inclusion policies, missing label),
// scores with hand-computed numbers, AddPod/RemovePod, and the incremental caches against a
// fresh plugin.

import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { cloneCycleState, type LabelPredicate } from '../framework/types';
import { podInfoFor } from '../framework/pod-info';
import { podTopologySpread } from './pod-topology-spread';
import { FakeSnapshot, failures, makeNode, makePod, runFilter, runScore } from './testing';

const ZONE = 'topology.kubernetes.io/zone';
const web = { app: 'web' };
const NOT_MATCH = "Unschedulable: node(s) didn't match pod topology spread constraints";
const MISSING = "UnschedulableAndUnresolvable: node(s) didn't match pod topology spread constraints (missing required label)";

function zoneNode(name: string, zone?: string, extra: Parameters<typeof makeNode>[1] = {}): KObject {
  return makeNode(name, { ...extra, labels: { ...(zone ? { [ZONE]: zone } : {}), ...extra.labels } });
}

/** a: n1 (2 web), n2 (0); b: n3 (1 web); n4 without zone; plus pods that must not count. */
function cluster(extraNodes: KObject[] = []): FakeSnapshot {
  return new FakeSnapshot(
    [zoneNode('n1', 'a'), zoneNode('n2', 'a'), zoneNode('n3', 'b'), zoneNode('n4'), ...extraNodes],
    [
      makePod('w1', { nodeName: 'n1', labels: web }),
      makePod('w2', { nodeName: 'n1', labels: web }),
      makePod('w3', { nodeName: 'n3', labels: web }),
      makePod('gone', { nodeName: 'n2', labels: web, deletionTimestamp: '2025-01-01T00:00:00Z' }),
      makePod('other-ns', { nodeName: 'n2', labels: web, namespace: 'other' }),
      makePod('db', { nodeName: 'n2', labels: { app: 'db' } }),
    ],
  );
}

function spreadPod(constraint: Record<string, unknown>, o: Parameters<typeof makePod>[1] = {}): KObject {
  return makePod('p', {
    labels: web,
    topologySpreadConstraints: [
      { maxSkew: 1, topologyKey: ZONE, whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: web }, ...constraint },
    ],
    ...o,
  });
}

describe('PodTopologySpread Filter', () => {
  it.each([
    {
      name: 'maxSkew 1: zone a (2+1-1=2) rejected, b (1+1-1=1) fits',
      pod: spreadPod({}),
      want: { n1: NOT_MATCH, n2: NOT_MATCH, n4: MISSING },
    },
    { name: 'maxSkew 2', pod: spreadPod({ maxSkew: 2 }), want: { n4: MISSING } },
    {
      name: 'pod not matching its own selector: no self count',
      pod: spreadPod({}, { labels: { app: 'other' } }),
      want: { n4: MISSING },
    },
    {
      name: 'minDomains 3 > 2 domains: global minimum is 0',
      pod: spreadPod({ minDomains: 3 }),
      want: { n1: NOT_MATCH, n2: NOT_MATCH, n3: NOT_MATCH, n4: MISSING },
    },
    {
      name: 'hostname key: per node (min 0 on n2)',
      pod: spreadPod({ topologyKey: 'kubernetes.io/hostname' }),
      want: { n1: NOT_MATCH, n3: NOT_MATCH },
    },
    {
      name: 'matchLabelKeys narrows the selector to the pod value',
      pod: spreadPod({ labelSelector: { matchExpressions: [{ key: 'app', operator: 'Exists' }] }, matchLabelKeys: ['app'] }),
      want: { n1: NOT_MATCH, n2: NOT_MATCH, n4: MISSING },
    },
    {
      name: 'ScheduleAnyway constraints do not filter',
      pod: spreadPod({ whenUnsatisfiable: 'ScheduleAnyway' }),
      want: {},
    },
  ])('$name', ({ pod, want }) => {
    expect(failures(runFilter(podTopologySpread(), pod, cluster()))).toEqual(want);
  });

  it('skips pods without DoNotSchedule constraints', () => {
    expect(runFilter(podTopologySpread(), makePod('p', { labels: web }), cluster()).preFilter?.code).toBe('Skip');
  });

  it('nodeAffinityPolicy: Honor counts only nodes the pod could land on', () => {
    // zone c holds 0 web pods; the pod only accepts zones a and b.
    const s = cluster([zoneNode('n5', 'c')]);
    const affinity = {
      nodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: {
          nodeSelectorTerms: [{ matchExpressions: [{ key: ZONE, operator: 'In', values: ['a', 'b'] }] }],
        },
      },
    };
    // Honor (default): domains a=2, b=1 → min 1 → n3 fits; n5 (c: 0+1-1=0) fits too.
    expect(failures(runFilter(podTopologySpread(), spreadPod({}, { affinity }), s))).toEqual({
      n1: NOT_MATCH,
      n2: NOT_MATCH,
      n4: MISSING,
    });
    // Ignore: zone c counts → min 0 → n3 (1+1-0=2) rejected.
    expect(failures(runFilter(podTopologySpread(), spreadPod({ nodeAffinityPolicy: 'Ignore' }, { affinity }), s))).toEqual({
      n1: NOT_MATCH,
      n2: NOT_MATCH,
      n3: NOT_MATCH,
      n4: MISSING,
    });
  });

  it('nodeTaintsPolicy: Honor leaves out nodes with untolerated taints', () => {
    const s = cluster([zoneNode('n5', 'c', { taints: [{ key: 'x', effect: 'NoSchedule' }] })]);
    expect(failures(runFilter(podTopologySpread(), spreadPod({ nodeTaintsPolicy: 'Honor' }), s))).toEqual({
      n1: NOT_MATCH,
      n2: NOT_MATCH,
      n4: MISSING,
    });
    expect(failures(runFilter(podTopologySpread(), spreadPod({}), s))).toEqual({
      n1: NOT_MATCH,
      n2: NOT_MATCH,
      n3: NOT_MATCH,
      n4: MISSING,
    });
  });

  it('the first constraint whose key is missing decides (UnschedulableAndUnresolvable)', () => {
    const pod = makePod('p', {
      labels: web,
      topologySpreadConstraints: [
        {
          maxSkew: 1,
          topologyKey: 'kubernetes.io/hostname',
          whenUnsatisfiable: 'DoNotSchedule',
          labelSelector: { matchLabels: web },
        },
        { maxSkew: 1, topologyKey: ZONE, whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: web } },
      ],
    });
    // Nodes need every key to be counted; hostname domains n1=2, n2=0, n3=1 → min 0.
    expect(failures(runFilter(podTopologySpread(), pod, cluster()))).toEqual({
      n1: NOT_MATCH,
      n2: NOT_MATCH,
      n3: NOT_MATCH,
      n4: MISSING,
    });
  });

  it('AddPod / RemovePod adjust a cloned state (preemption), not the original', () => {
    const s = cluster();
    const plugin = podTopologySpread();
    const pod = spreadPod({});
    const run = runFilter(plugin, pod, s);
    const pi = podInfoFor(pod);
    const n1 = s.get('n1')!;
    const n3 = s.get('n3')!;
    const state = cloneCycleState(run.state);
    // Remove both web pods of zone a → a=0, b=1: n1 now fits (0+1-0), n3 does not (1+1-0).
    for (const p of [...n1.pods]) plugin.removePod!(state, pi, p, n1, s);
    expect(plugin.filter(state, pi, n1, s).code).toBe('Success');
    expect(plugin.filter(state, pi, n3, s).code).toBe('Unschedulable');
    // The original state is unchanged.
    expect(plugin.filter(run.state, pi, n1, s).code).toBe('Unschedulable');
    expect(plugin.filter(run.state, pi, n3, s).code).toBe('Success');
    // Adding one back: a=1, b=1 → min 1 → both fit.
    plugin.addPod!(state, pi, n1.pods[0], n1, s);
    expect(plugin.filter(state, pi, n1, s).code).toBe('Success');
    expect(plugin.filter(state, pi, n3, s).code).toBe('Success');
  });
});

describe('PodTopologySpread Score', () => {
  const byWebSelector = (pod: KObject): LabelPredicate[] =>
    pod.metadata.labels?.app === 'web'
      ? [Object.assign((l: Record<string, string> | undefined) => l?.app === 'web', { key: 'rs/web' })]
      : [];

  it('system defaults (hostname 3, zone 5) with the owner selector; hand-computed', () => {
    const s = new FakeSnapshot(
      [zoneNode('n1', 'a'), zoneNode('n2', 'a'), zoneNode('n3', 'b')],
      [
        makePod('w1', { nodeName: 'n1', labels: web }),
        makePod('w2', { nodeName: 'n1', labels: web }),
        makePod('w3', { nodeName: 'n3', labels: web }),
      ],
    );
    s.spreadSelectors = byWebSelector;
    // hostname weight ln(3+2), zone weight ln(2+2); zone counts a=2, b=1
    // n1: 2·ln5 + 2 + 2·ln4 + 4 = 11.99 → 12; n2: 0 + 2 + 2·ln4 + 4 = 8.77 → 9; n3: ln5 + 2 + ln4 + 4 = 9.00 → 9
    // normalised: 100·(12+9−s)/12 → 75, 100, 100
    const r = runScore(podTopologySpread(), makePod('p', { labels: web }), s);
    expect(r.raw).toEqual({ n1: 12, n2: 9, n3: 9 });
    expect(r.normalized).toEqual({ n1: 75, n2: 100, n3: 100 });
  });

  it('system defaults: a node without a zone label still gets hostname spreading', () => {
    const s = cluster();
    s.spreadSelectors = byWebSelector;
    // hostname weight ln6; zone values among feasible nodes {a, b, ""} → ln5
    // n1 2ln6+2+2ln5+4 → 13; n2 2+2ln5+4 → 9; n3 ln6+2+ln5+4 → 9; n4 0+2 → 2
    const r = runScore(podTopologySpread(), makePod('p', { labels: web }), s);
    expect(r.raw).toEqual({ n1: 13, n2: 9, n3: 9, n4: 2 });
    expect(r.normalized).toEqual({ n1: 15, n2: 46, n3: 46, n4: 100 });
  });

  it('no selecting object: skipped', () => {
    expect(runScore(podTopologySpread(), makePod('p', { labels: { app: 'lonely' } }), cluster()).skipped).toBe(true);
  });

  it('own ScheduleAnyway constraint: nodes missing the key are ignored (0)', () => {
    // zone weight ln(2+2) over feasible n1..n3 values {a,b}; n1: 2ln4 → 3, n2: 3, n3: ln4 → 1; n4 ignored
    // normalised over n1..n3: 100·(3+1−s)/3 → 33, 33, 100; n4 → 0
    const r = runScore(podTopologySpread(), spreadPod({ whenUnsatisfiable: 'ScheduleAnyway' }), cluster());
    expect(r.raw).toEqual({ n1: 3, n2: 3, n3: 1, n4: 0 });
    expect(r.normalized).toEqual({ n1: 33, n2: 33, n3: 100, n4: 0 });
  });

  it('own constraints of DoNotSchedule only: Score skipped (system defaults do not apply)', () => {
    const s = cluster();
    s.spreadSelectors = byWebSelector;
    expect(runScore(podTopologySpread(), spreadPod({}), s).skipped).toBe(true);
  });

  it('only feasible nodes define the domains (size) but counts come from all nodes', () => {
    const s = cluster();
    const pod = spreadPod({ whenUnsatisfiable: 'ScheduleAnyway' });
    // Feasible: n2 and n3 → values {a, b}; a still counts n1's 2 pods.
    const r = runScore(podTopologySpread(), pod, s, [s.get('n2')!, s.get('n3')!]);
    expect(r.raw).toEqual({ n2: 3, n3: 1 });
  });
});

describe('PodTopologySpread caches', () => {
  it('a long-lived plugin agrees with a fresh one as the cluster changes', () => {
    const s = cluster([zoneNode('n5', 'c')]);
    s.spreadSelectors = (pod) =>
      pod.metadata.labels?.app === 'web' ? [Object.assign((l?: Record<string, string>) => l?.app === 'web', { key: 'web' })] : [];
    const kept = podTopologySpread();
    const hard = spreadPod({});
    const soft = spreadPod({ whenUnsatisfiable: 'ScheduleAnyway', topologyKey: 'kubernetes.io/hostname' });
    const dflt = makePod('d', { labels: web });
    const check = () => {
      for (const pod of [hard, soft, dflt]) {
        expect(failures(runFilter(kept, pod, s))).toEqual(failures(runFilter(podTopologySpread(), pod, s)));
        expect(runScore(kept, pod, s)).toEqual(runScore(podTopologySpread(), pod, s));
      }
    };
    check();
    let seq = 0;
    const steps: (() => void)[] = [
      () => s.addPod(makePod(`x${seq++}`, { nodeName: 'n2', labels: web })),
      () => s.addPod(makePod(`x${seq++}`, { nodeName: 'n5', labels: web })),
      () => s.removePod(s.get('n1')!.pods[0].pod),
      () => s.updateNode(zoneNode('n4', 'c')),
      () => s.updateNode(zoneNode('n2', 'b')),
      () => s.removeNode('n3'),
      () => s.addNode(zoneNode('n6', 'a')),
      () => s.addPod(makePod(`x${seq++}`, { nodeName: 'n6', labels: web })),
    ];
    for (const step of steps) {
      step();
      check();
    }
  });
});
