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
    const anti = { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'zone', labelSelector: { matchLabels: { app: 'web' } } }] } };
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
