import type { Node } from '@xyflow/react';
import { describe, expect, it } from 'vitest';
import {
  anchorNodes,
  flowCache,
  GHOST_MS,
  sameData,
  toFlowEdges,
  toFlowNodes,
  updateGhosts,
  type NodeCardFlowData,
} from './flow';
import { layoutGraph } from './layout';
import { deriveModel } from './model';
import { node, pod } from './fixtures';
import { focusRelations, relationIndex } from './relations';

describe('toFlowNodes', () => {
  const restarted = pod('b', 'n1', {
    status: { phase: 'Running', containerStatuses: [{ name: 'c', ready: true, restartCount: 1, state: { running: {} } }] },
  });
  const objs = [node('n1', 'z'), node('n2', 'z'), pod('a', 'n1'), pod('b', 'n1'), pod('c', 'n2')];
  const byId = (list: Node[], id: string) => list.find((n) => n.id === id);
  const chipsOf = (list: Node[], id: string) => (byId(list, id)!.data as NodeCardFlowData).chips;

  it('draws pod chips inside their node card, not as nodes of their own', () => {
    const nodes = toFlowNodes(layoutGraph(deriveModel(objs)).items, flowCache());
    expect(nodes.filter((n) => n.type === 'pod')).toEqual([]);
    expect(chipsOf(nodes, 'Node//n1').map((c) => c.id)).toEqual(['Pod/default/a', 'Pod/default/b']);
    expect(chipsOf(nodes, 'Node//n1')[1]).toMatchObject({ x: expect.any(Number), y: expect.any(Number) });
    expect(chipsOf(nodes, 'Node//n2').map((c) => c.id)).toEqual(['Pod/default/c']);
  });

  it('keeps the identity of unchanged nodes and chips', () => {
    const cache = flowCache();
    const first = toFlowNodes(layoutGraph(deriveModel(objs)).items, cache);
    // pod b restarts: only its chip (and so its card's chip list) changes
    const second = toFlowNodes(layoutGraph(deriveModel([objs[0], objs[1], objs[2], restarted, objs[4]])).items, cache);
    expect(byId(second, 'Node//n2')).toBe(byId(first, 'Node//n2'));
    expect(byId(second, 'zone:z')).toBe(byId(first, 'zone:z'));
    const [a1, b1] = chipsOf(first, 'Node//n1');
    const [a2, b2] = chipsOf(second, 'Node//n1');
    expect(a2).toBe(a1);
    expect(b2).not.toBe(b1);
    // the card itself is unchanged: same view object for its memoised body
    expect((byId(second, 'Node//n1')!.data as NodeCardFlowData).view).toBe(
      (byId(first, 'Node//n1')!.data as NodeCardFlowData).view,
    );
  });

  it('puts anchor nodes where the chips are, only for the pods asked for', () => {
    const nodes = toFlowNodes(layoutGraph(deriveModel(objs)).items, flowCache());
    const chips = new Map(chipsOf(nodes, 'Node//n1').map((c) => [c.id, c] as const));
    const parents = new Map([...chips.keys()].map((k) => [k, 'Node//n1'] as const));
    const cache = new Map<string, Node>();
    const anchors = anchorNodes(['Pod/default/b', 'Pod/default/b', 'Pod/default/zzz'], chips, parents, cache);
    expect(anchors.map((n) => [n.id, n.type, n.parentId, n.position])).toEqual([
      ['Pod/default/b', 'anchor', 'Node//n1', { x: chips.get('Pod/default/b')!.x, y: chips.get('Pod/default/b')!.y }],
    ]);
    expect(anchorNodes(['Pod/default/b'], chips, parents, cache)[0]).toBe(anchors[0]);
    expect(anchorNodes([], chips, parents, cache)).toEqual([]);
    expect(cache.size).toBe(0);
  });

  it('compares data structurally', () => {
    expect(sameData({ a: [1, { b: 'x' }] }, { a: [1, { b: 'x' }] })).toBe(true);
    expect(sameData({ a: [1] }, { a: [2] })).toBe(false);
  });
});

describe('updateGhosts', () => {
  it('keeps deleted pods for a moment, and drops them when they come back', () => {
    const before = deriveModel([pod('a', 'n'), pod('b', 'n')]).pods;
    const after = deriveModel([pod('a', 'n')]).pods;
    const ghosts = updateGhosts([], before, after, 1000);
    expect(ghosts.map((g) => [g.view.name, g.until])).toEqual([['b', 1000 + GHOST_MS]]);
    expect(updateGhosts(ghosts, after, after, 1000 + GHOST_MS + 1)).toEqual([]);
    expect(updateGhosts(ghosts, after, before, 1100)).toEqual([]);
    expect(updateGhosts(ghosts, after, after, 1100)).toBe(ghosts);
  });
});

describe('relations and edges', () => {
  const deploy = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'default', uid: 'uid-d' },
    spec: {},
  };
  const rs = {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: {
      name: 'web-1',
      namespace: 'default',
      uid: 'uid-rs',
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: 'uid-d', controller: true }],
    },
    spec: {},
  };
  const svc = {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'web', namespace: 'default', uid: 'uid-s' },
    spec: { selector: { app: 'web' } },
  };
  const objs = [
    node('n1', 'z'),
    deploy,
    rs,
    svc,
    pod('w1', 'n1', { owner: rs, labels: { app: 'web' } }),
    pod('other', 'n1', { labels: { app: 'db' } }),
  ];
  const index = relationIndex(objs);

  it('follows ownerReferences from a Deployment down to its pods', () => {
    expect(focusRelations(index, ['Deployment/default/web']).map((r) => `${r.from} ${r.kind} ${r.to}`)).toEqual([
      'Deployment/default/web owns ReplicaSet/default/web-1',
      'ReplicaSet/default/web-1 owns Pod/default/w1',
    ]);
  });

  it('matches a Service selector, and finds a pod’s owners and services', () => {
    expect(focusRelations(index, ['Service/default/web']).map((r) => r.to)).toEqual(['Pod/default/w1']);
    expect(focusRelations(index, ['Pod/default/w1', null]).map((r) => r.from)).toEqual([
      'ReplicaSet/default/web-1',
      'Deployment/default/web',
      'Service/default/web',
    ]);
    expect(focusRelations(index, ['Node//n1'])).toEqual([]);
  });

  it('turns relations into edges between laid-out items only', () => {
    const layout = layoutGraph(deriveModel(objs));
    const types = new Map(layout.items.map((i) => [i.id, i.type] as const));
    const edges = toFlowEdges(focusRelations(index, ['Deployment/default/web', 'Service/default/web']), types);
    expect(edges.map((e) => [e.source, e.target, e.sourceHandle])).toEqual([
      ['Deployment/default/web', 'ReplicaSet/default/web-1', 'bottom'],
      ['ReplicaSet/default/web-1', 'Pod/default/w1', 'top'],
      ['Service/default/web', 'Pod/default/w1', 'top'],
    ]);
  });
});
