import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import { ObjectMirror } from '../../protocol/mirror';
import { selectNodes } from './selectors';
import { initialState } from './store';

const node = (name: string, zone?: string): KObject => ({
  apiVersion: 'v1',
  kind: 'Node',
  metadata: { name, ...(zone ? { labels: { 'topology.kubernetes.io/zone': zone } } : {}) },
});
const pod = (name: string, nodeName?: string): KObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'default' },
  spec: { containers: [], ...(nodeName ? { nodeName } : {}) },
});

describe('selectors', () => {
  const objects = ObjectMirror.of([
    node('node-b1', 'zone-b'),
    node('node-a2', 'zone-a'),
    node('edge'),
    node('node-a1', 'zone-a'),
    pod('p1', 'node-a1'),
    pod('p2', 'node-a1'),
    pod('p3'),
  ]);
  const state = { ...initialState(), objects };

  it('lists nodes by name', () => {
    const nodes = selectNodes(state);
    expect(nodes.map((n) => n.metadata.name)).toEqual(['edge', 'node-a1', 'node-a2', 'node-b1']);
  });
});

describe('memoised selectors', () => {
  it('return the same array while the objects record is the same, a fresh one after a change', async () => {
    const { selectGraphSource, selectKind } = await import('./selectors');
    const n = node('node-a1', 'zone-a');
    const objects = ObjectMirror.of([n, pod('p1', 'node-a1')]);
    const state = { ...initialState(), objects };
    expect(selectKind('Pod')(state)).toBe(selectKind('Pod')({ ...state, deltaSeq: 7 }));
    expect(selectKind('Pod')(state).map((p) => p.metadata.name)).toEqual(['p1']);
    expect(selectNodes(state)).toEqual([n]);
    expect(selectGraphSource(state).objects()).toHaveLength(2);
    const next = { ...state, objects: objects.apply({ upserts: [pod('p2')], deletes: [] }) };
    expect(
      selectKind('Pod')(next)
        .map((p) => p.metadata.name)
        .sort(),
    ).toEqual(['p1', 'p2']);
    expect(selectGraphSource(next).objects()).toHaveLength(3);
  });
});

describe('selectors memoised per kind', () => {
  it('keep their result when only another kind changes', async () => {
    const { selectGraphSource, selectKind } = await import('./selectors');
    const lease = (rv: string): KObject => ({
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      metadata: { name: 'node-a1', namespace: 'kube-node-lease', resourceVersion: rv },
    });
    const before = ObjectMirror.of([node('node-a1'), pod('p1', 'node-a1'), lease('1')]);
    const state = { ...initialState(), objects: before };
    const graph = selectGraphSource(state);
    const nodes = selectNodes(state);
    const renewed = { ...state, objects: before.apply({ upserts: [lease('2')], deletes: [] }) };
    expect(selectGraphSource(renewed)).toBe(graph);
    expect(selectNodes(renewed)).toBe(nodes);
    expect(selectKind('Lease')(renewed)[0].metadata.resourceVersion).toBe('2');
    const scheduled = { ...renewed, objects: renewed.objects.apply({ upserts: [pod('p2', 'node-a1')], deletes: [] }) };
    expect(selectNodes(scheduled)).toBe(nodes);
    const drawn = selectGraphSource(scheduled)
      .objects()
      .map((o) => o.metadata.name);
    expect(drawn[0]).toBe('node-a1'); // kind by kind, in GRAPH_KINDS' order
    expect(drawn.slice(1).sort()).toEqual(['p1', 'p2']);
  });
});
