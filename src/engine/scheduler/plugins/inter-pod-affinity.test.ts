// InterPodAffinity: the three Filter checks with their texts and codes, namespaces and
// namespaceSelector, the first-replica rule, scores (incoming and existing pods' terms), AddPod /
// RemovePod and the incremental caches against a fresh plugin.

import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { podInfoFor } from '../framework/pod-info';
import { cloneCycleState } from '../framework/types';
import { interPodAffinity } from './inter-pod-affinity';
import { FakeSnapshot, failures, makeNode, makePod, runFilter, runScore } from './testing';

const ZONE = 'topology.kubernetes.io/zone';
const HOST = 'kubernetes.io/hostname';
const AFF = "UnschedulableAndUnresolvable: node(s) didn't match pod affinity rules";
const ANTI = "Unschedulable: node(s) didn't match pod anti-affinity rules";
const EXISTING = "Unschedulable: node(s) didn't satisfy existing pods anti-affinity rules";

const term = (topologyKey: string, matchLabels: Record<string, string>, extra: Record<string, unknown> = {}) => ({
  topologyKey,
  labelSelector: { matchLabels },
  ...extra,
});
const required = (kind: 'podAffinity' | 'podAntiAffinity', ...terms: unknown[]) => ({
  [kind]: { requiredDuringSchedulingIgnoredDuringExecution: terms },
});
const preferred = (kind: 'podAffinity' | 'podAntiAffinity', ...terms: [number, unknown][]) => ({
  [kind]: {
    preferredDuringSchedulingIgnoredDuringExecution: terms.map(([weight, podAffinityTerm]) => ({ weight, podAffinityTerm })),
  },
});

function zoneNode(name: string, zone?: string): KObject {
  return makeNode(name, { labels: zone ? { [ZONE]: zone } : {} });
}

/** a: n1 (web, web), n2; b: n3 (web, db), n4; n5 without zone. */
function cluster(extra: KObject[] = []): FakeSnapshot {
  return new FakeSnapshot(
    [zoneNode('n1', 'a'), zoneNode('n2', 'a'), zoneNode('n3', 'b'), zoneNode('n4', 'b'), zoneNode('n5')],
    [
      makePod('w1', { nodeName: 'n1', labels: { app: 'web' } }),
      makePod('w2', { nodeName: 'n1', labels: { app: 'web' } }),
      makePod('w3', { nodeName: 'n3', labels: { app: 'web' } }),
      makePod('db', { nodeName: 'n3', labels: { app: 'db' } }),
      makePod('other', { nodeName: 'n2', labels: { app: 'web' }, namespace: 'other' }),
      ...extra,
    ],
  );
}

describe('InterPodAffinity Filter', () => {
  it.each([
    {
      name: 'anti-affinity per hostname',
      pod: makePod('p', { affinity: required('podAntiAffinity', term(HOST, { app: 'web' })) }),
      want: { n1: ANTI, n3: ANTI },
    },
    {
      name: 'anti-affinity per zone',
      pod: makePod('p', { affinity: required('podAntiAffinity', term(ZONE, { app: 'db' })) }),
      want: { n3: ANTI, n4: ANTI },
    },
    {
      name: 'anti-affinity in another namespace (listed)',
      pod: makePod('p', { affinity: required('podAntiAffinity', term(HOST, { app: 'web' }, { namespaces: ['other'] })) }),
      want: { n2: ANTI },
    },
    {
      name: 'affinity per zone to db: a node without the key fails too',
      pod: makePod('p', { affinity: required('podAffinity', term(ZONE, { app: 'db' })) }),
      want: { n1: AFF, n2: AFF, n5: AFF },
    },
    {
      name: 'affinity: all terms must match the same pod',
      pod: makePod('p', { affinity: required('podAffinity', term(ZONE, { app: 'db' }), term(HOST, { app: 'web' })) }),
      want: { n1: AFF, n2: AFF, n3: AFF, n4: AFF, n5: AFF },
    },
    {
      name: 'first replica: nothing matches anywhere and the pod matches its own term',
      pod: makePod('p', { labels: { app: 'cache' }, affinity: required('podAffinity', term(ZONE, { app: 'cache' })) }),
      want: { n5: AFF },
    },
    {
      name: 'no match anywhere and the pod does not match its own term',
      pod: makePod('p', { labels: { app: 'x' }, affinity: required('podAffinity', term(ZONE, { app: 'cache' })) }),
      want: { n1: AFF, n2: AFF, n3: AFF, n4: AFF, n5: AFF },
    },
    {
      name: 'affinity is checked before anti-affinity',
      pod: makePod('p', {
        affinity: {
          ...required('podAffinity', term(ZONE, { app: 'db' })),
          ...required('podAntiAffinity', term(HOST, { app: 'web' })),
        },
      }),
      want: { n1: AFF, n2: AFF, n3: ANTI, n5: AFF },
    },
  ])('$name', ({ pod, want }) => {
    expect(failures(runFilter(interPodAffinity(), pod, cluster()))).toEqual(want);
  });

  it("existing pods' required anti-affinity terms that match the pod", () => {
    const loner = makePod('loner', {
      nodeName: 'n4',
      labels: { app: 'loner' },
      affinity: required('podAntiAffinity', term(ZONE, { app: 'web' })),
    });
    const s = cluster([loner]);
    expect(failures(runFilter(interPodAffinity(), makePod('p', { labels: { app: 'web' } }), s))).toEqual({
      n3: EXISTING,
      n4: EXISTING,
    });
    // Another namespace: the loner's term defaults to its own namespace.
    expect(runFilter(interPodAffinity(), makePod('p', { labels: { app: 'web' }, namespace: 'other' }), s).preFilter?.code).toBe(
      'Skip',
    );
  });

  it('namespaceSelector matches namespaces by label', () => {
    const s = cluster();
    s.namespaces = { other: { team: 'blue' }, default: { team: 'red' } };
    const pod = makePod('p', {
      affinity: required('podAntiAffinity', term(HOST, { app: 'web' }, { namespaceSelector: { matchLabels: { team: 'blue' } } })),
    });
    expect(failures(runFilter(interPodAffinity(), pod, s))).toEqual({ n2: ANTI });
    const all = makePod('p', { affinity: required('podAntiAffinity', term(HOST, { app: 'web' }, { namespaceSelector: {} })) });
    expect(failures(runFilter(interPodAffinity(), all, s))).toEqual({ n1: ANTI, n2: ANTI, n3: ANTI });
  });

  it('skips pods without required terms when no placed pod rejects them', () => {
    expect(runFilter(interPodAffinity(), makePod('p', { labels: { app: 'web' } }), cluster()).preFilter?.code).toBe('Skip');
  });

  it('AddPod / RemovePod on a cloned state', () => {
    const s = cluster();
    const plugin = interPodAffinity();
    const pod = makePod('p', { affinity: required('podAntiAffinity', term(HOST, { app: 'web' })) });
    const pi = podInfoFor(pod);
    const run = runFilter(plugin, pod, s);
    const state = cloneCycleState(run.state);
    const n1 = s.get('n1')!;
    for (const p of [...n1.pods]) plugin.removePod!(state, pi, p, n1, s);
    expect(plugin.filter(state, pi, n1, s).code).toBe('Success');
    expect(plugin.filter(run.state, pi, n1, s).code).toBe('Unschedulable');
    // A pod with anti-affinity against the incoming pod, added on n2.
    const guard = podInfoFor(makePod('g', { affinity: required('podAntiAffinity', term(ZONE, {})) }));
    plugin.addPod!(state, pi, guard, s.get('n2')!, s);
    expect(plugin.filter(state, pi, n1, s)).toEqual({
      code: 'Unschedulable',
      reasons: ["node(s) didn't satisfy existing pods anti-affinity rules"],
      plugin: 'InterPodAffinity',
    });
  });
});

describe('InterPodAffinity Score', () => {
  it('preferred anti-affinity: −weight per matching pod in the domain; min–max normalised', () => {
    // n1 −20, n2 0, n3 −10, n4 0, n5 0 → (s+20)/20·100
    const pod = makePod('p', { affinity: preferred('podAntiAffinity', [10, term(HOST, { app: 'web' })]) });
    const r = runScore(interPodAffinity(), pod, cluster());
    expect(r.raw).toEqual({ n1: -20, n2: 0, n3: -10, n4: 0, n5: 0 });
    expect(r.normalized).toEqual({ n1: 0, n2: 100, n3: 50, n4: 100, n5: 100 });
  });

  it('preferred affinity per zone', () => {
    const pod = makePod('p', {
      affinity: preferred('podAffinity', [5, term(ZONE, { app: 'db' })], [1, term(ZONE, { app: 'web' })]),
    });
    // zone a: 2 web → 2; zone b: 1 web + 1 db → 1 + 5 = 6; n5 no zone → 0
    const r = runScore(interPodAffinity(), pod, cluster());
    expect(r.raw).toEqual({ n1: 2, n2: 2, n3: 6, n4: 6, n5: 0 });
    expect(r.normalized).toEqual({ n1: 33, n2: 33, n3: 100, n4: 100, n5: 0 });
  });

  it("placed pods' terms: required affinity (+1), preferred anti-affinity (−weight)", () => {
    const s = cluster([
      makePod('fan', { nodeName: 'n2', labels: { app: 'fan' }, affinity: required('podAffinity', term(ZONE, { app: 'web' })) }),
      makePod('hater', {
        nodeName: 'n4',
        labels: { app: 'hater' },
        affinity: preferred('podAntiAffinity', [7, term(ZONE, { app: 'web' })]),
      }),
    ]);
    const r = runScore(interPodAffinity(), makePod('p', { labels: { app: 'web' } }), s);
    expect(r.raw).toEqual({ n1: 1, n2: 1, n3: -7, n4: -7, n5: 0 });
    // min −7, max 1: (s+7)/8·100
    expect(r.normalized).toEqual({ n1: 100, n2: 100, n3: 0, n4: 0, n5: 87 });
  });

  it('skipped when nothing matches', () => {
    expect(runScore(interPodAffinity(), makePod('p', { labels: { app: 'web' } }), cluster()).skipped).toBe(true);
    const pod = makePod('p', { affinity: preferred('podAffinity', [5, term(ZONE, { app: 'nothing' })]) });
    expect(runScore(interPodAffinity(), pod, cluster()).skipped).toBe(true);
  });
});

describe('InterPodAffinity caches', () => {
  it('a long-lived plugin agrees with a fresh one as the cluster changes', () => {
    const s = cluster();
    const kept = interPodAffinity();
    const pods = [
      makePod('a', { labels: { app: 'web' }, affinity: required('podAntiAffinity', term(HOST, { app: 'web' })) }),
      makePod('b', { labels: { app: 'web' }, affinity: required('podAffinity', term(ZONE, { app: 'db' })) }),
      makePod('c', { labels: { app: 'web' } }),
      makePod('d', {
        affinity: {
          ...preferred('podAffinity', [3, term(ZONE, { app: 'db' })]),
          ...preferred('podAntiAffinity', [2, term(HOST, { app: 'web' })]),
        },
      }),
    ];
    const check = () => {
      for (const pod of pods) {
        expect(failures(runFilter(kept, pod, s))).toEqual(failures(runFilter(interPodAffinity(), pod, s)));
        expect(runScore(kept, pod, s)).toEqual(runScore(interPodAffinity(), pod, s));
      }
    };
    check();
    let seq = 0;
    const steps: (() => void)[] = [
      () => s.addPod(makePod(`x${seq++}`, { nodeName: 'n2', labels: { app: 'db' } })),
      () =>
        s.addPod(
          makePod(`x${seq++}`, {
            nodeName: 'n4',
            labels: { app: 'guard' },
            affinity: required('podAntiAffinity', term(ZONE, { app: 'web' })),
          }),
        ),
      () => s.removePod(s.get('n3')!.pods.find((p) => p.pod.metadata.name === 'db')!.pod),
      () => s.updateNode(zoneNode('n5', 'a')),
      () => s.removeNode('n1'),
      () => s.addNode(zoneNode('n6', 'b')),
      () => s.removePod(s.get('n4')!.pods[0].pod),
    ];
    for (const step of steps) {
      step();
      check();
    }
  });
});
