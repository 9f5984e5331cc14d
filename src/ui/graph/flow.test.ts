import type { Node } from '@xyflow/react';
import { describe, expect, it } from 'vitest';
import { GHOST_MS, sameData, toFlowEdges, toFlowNodes, updateGhosts } from './flow';
import { layoutGraph } from './layout';
import { deriveModel } from './model';
import { node, pod } from './fixtures';
import { focusRelations, relationIndex } from './relations';

describe('toFlowNodes', () => {
  it('keeps the identity of unchanged nodes', () => {
    const cache = new Map<string, Node>();
    const objs = [node('n1', 'z'), pod('a', 'n1'), pod('b', 'n1')];
    const first = toFlowNodes(layoutGraph(deriveModel(objs)).items, cache);
    // pod b restarts: only its chip changes
    const restarted = pod('b', 'n1', {
      status: { phase: 'Running', containerStatuses: [{ name: 'c', ready: true, restartCount: 1, state: { running: {} } }] },
    });
    const second = toFlowNodes(layoutGraph(deriveModel([objs[0], objs[1], restarted])).items, cache);
    const byId = (list: Node[], id: string) => list.find((n) => n.id === id);
    expect(byId(second, 'Pod/default/a')).toBe(byId(first, 'Pod/default/a'));
    expect(byId(second, 'Node//n1')).toBe(byId(first, 'Node//n1'));
    expect(byId(second, 'Pod/default/b')).not.toBe(byId(first, 'Pod/default/b'));
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
