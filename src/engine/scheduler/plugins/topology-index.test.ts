// DomainCounts against a brute-force recount under random changes (seeded).

import { describe, expect, it } from 'vitest';
import { podInfoFor } from '../framework/pod-info';
import type { NodeInfo } from '../framework/types';
import { FakeSnapshot, makeNode, makePod } from './testing';
import { DomainCounts, ExistingTermIndex, PodCounter, nodeLabel } from './topology-index';

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('DomainCounts', () => {
  it('matches a recount after random pod, label and node changes', () => {
    const rand = rng(42);
    const zones = ['a', 'b', 'c', 'd'];
    const s = new FakeSnapshot(Array.from({ length: 12 }, (_, i) => makeNode(`n${i}`, { labels: { zone: zones[i % 4] } })));
    const match = (p: { pod: { metadata: { labels?: Record<string, string> } } }) => p.pod.metadata.labels?.app === 'x';
    const domainOf = (n: NodeInfo) => (nodeLabel(n, 'skip') === undefined ? nodeLabel(n, 'zone') : undefined);
    const dc = new DomainCounts(new PodCounter(match), domainOf, true);
    let seq = 0;
    let extraNode = 0;
    for (let step = 0; step < 400; step++) {
      const r = rand();
      const nodes = s.nodes;
      const node = nodes[Math.floor(rand() * nodes.length)];
      if (r < 0.5) {
        s.addPod(makePod(`p${seq++}`, { nodeName: node.name, labels: { app: rand() < 0.6 ? 'x' : 'y' } }));
      } else if (r < 0.75) {
        if (node.pods.length > 0) s.removePod(node.pods[Math.floor(rand() * node.pods.length)].pod);
      } else if (r < 0.9) {
        const labels: Record<string, string> = { zone: zones[Math.floor(rand() * zones.length)] };
        if (rand() < 0.2) labels.skip = 'yes';
        s.updateNode(makeNode(node.name, { labels }));
      } else if (r < 0.95) {
        if (nodes.length > 4) s.removeNode(node.name);
      } else {
        s.addNode(makeNode(`extra${extraNode++}`, { labels: { zone: zones[Math.floor(rand() * zones.length)] } }));
      }
      if (rand() < 0.3) continue; // refresh only now and then: several changes per refresh
      dc.refresh(s);
      const want = new Map<string, number>();
      for (const n of s.nodes) {
        const d = domainOf(n);
        if (d === undefined) continue;
        want.set(d, (want.get(d) ?? 0) + n.pods.filter((p) => match(p)).length);
      }
      expect(new Map([...dc.sums].sort())).toEqual(new Map([...want].sort()));
      expect(dc.min).toBe(want.size === 0 ? Infinity : Math.min(...want.values()));
      expect(dc.total).toBe([...want.values()].reduce((a, b) => a + b, 0));
    }
  });
});

describe('ExistingTermIndex', () => {
  it('groups placed pods terms by term object with per-value counts', () => {
    const anti = {
      podAntiAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'zone', labelSelector: { matchLabels: { app: 'web' } } }],
      },
    };
    const spec = makePod('t', { affinity: anti }).spec;
    const pod = (name: string, nodeName: string) => ({ ...makePod(name), spec: { ...spec, nodeName } });
    const s = new FakeSnapshot(
      [makeNode('n1', { labels: { zone: 'a' } }), makeNode('n2', { labels: { zone: 'a' } }), makeNode('n3')],
      [pod('p1', 'n1'), pod('p2', 'n2'), pod('p3', 'n3')],
    );
    const index = new ExistingTermIndex();
    index.refresh(s);
    const t = podInfoFor(s.get('n1')!.pods[0].pod).requiredAntiAffinityTerms[0];
    expect(index.terms.get(t)?.domains).toEqual(new Map([['a', 2]]));
    s.removePod(s.get('n1')!.pods[0].pod);
    s.removePod(s.get('n2')!.pods[0].pod);
    index.refresh(s);
    expect(index.terms.size).toBe(0);
  });
});

describe('journal compaction', () => {
  it('an index that fell behind the journal rebuilds and stays exact', () => {
    const s = new FakeSnapshot([makeNode('a'), makeNode('b')]);
    const counter = new PodCounter((p) => p.pod.metadata.labels?.app === 'x');
    counter.refresh(s);
    const keep = makePod('keep', { nodeName: 'a', labels: { app: 'x' } });
    s.addPod(keep);
    // More changes than the journal keeps (at most 65,536 entries).
    const churn = makePod('churn', { nodeName: 'b', labels: { app: 'y' } });
    for (let i = 0; i < 40_000; i++) {
      s.addPod(churn);
      s.removePod(churn);
    }
    counter.refresh(s);
    expect(counter.count(s.get('a')!)).toBe(1);
    expect(counter.count(s.get('b')!)).toBe(0);
  });
});

describe('ExistingTermIndex under random changes', () => {
  it('matches a recount', () => {
    const rand = rng(7);
    const affinities = [
      {
        podAntiAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'zone', labelSelector: { matchLabels: { app: 'a' } } }],
        },
      },
      {
        podAffinity: {
          preferredDuringSchedulingIgnoredDuringExecution: [
            { weight: 3, podAffinityTerm: { topologyKey: 'host', labelSelector: {} } },
          ],
        },
      },
      undefined,
    ];
    const specs = affinities.map((affinity) => makePod('t', { affinity }).spec);
    const s = new FakeSnapshot(
      Array.from({ length: 6 }, (_, i) => makeNode(`n${i}`, { labels: { zone: `z${i % 2}`, host: `n${i}` } })),
    );
    const index = new ExistingTermIndex();
    let seq = 0;
    for (let step = 0; step < 300; step++) {
      const node = s.nodes[Math.floor(rand() * s.nodes.length)];
      const r = rand();
      if (r < 0.55) {
        const spec = specs[Math.floor(rand() * specs.length)];
        s.addPod({ ...makePod(`p${seq++}`), spec: { ...spec, nodeName: node.name } });
      } else if (r < 0.85) {
        if (node.pods.length > 0) s.removePod(node.pods[Math.floor(rand() * node.pods.length)].pod);
      } else {
        s.updateNode(
          makeNode(node.name, {
            labels: rand() < 0.5 ? { zone: `z${Math.floor(rand() * 3)}`, host: node.name } : { host: node.name },
          }),
        );
      }
      if (rand() < 0.3) continue;
      index.refresh(s);
      const want = new Map<unknown, Map<string, number>>();
      for (const n of s.nodes) {
        for (const p of n.podsWithAffinity) {
          for (const t of [...p.requiredAntiAffinityTerms, ...p.preferredAffinityTerms]) {
            const v = n.node.metadata.labels?.[t.topologyKey];
            if (v === undefined) continue;
            const m = want.get(t) ?? new Map<string, number>();
            m.set(v, (m.get(v) ?? 0) + 1);
            want.set(t, m);
          }
        }
      }
      const got = new Map([...index.terms].map(([t, e]) => [t as unknown, new Map([...e.domains].sort())]));
      for (const [t, m] of want) want.set(t, new Map([...m].sort()));
      expect(got).toEqual(want);
    }
  });
});
