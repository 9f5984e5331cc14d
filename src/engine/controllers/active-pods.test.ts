import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import { isPodAvailable, podsToDelete, rankPodsByRelatedPodsOnSameNode, sortActivePodsWithRanks } from './active-pods';

const NOW = Date.parse('2026-01-01T01:00:00Z');

function pod(
  name: string,
  o: {
    node?: string;
    phase?: string;
    readySince?: string;
    created?: string;
    restarts?: number;
    cost?: string;
    uid?: string;
  } = {},
): KObject {
  const conditions = o.readySince ? [{ type: 'Ready', status: 'True', lastTransitionTime: o.readySince }] : [];
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      uid: o.uid ?? name,
      creationTimestamp: o.created ?? '2026-01-01T00:00:00Z',
      ...(o.cost !== undefined ? { annotations: { 'controller.kubernetes.io/pod-deletion-cost': o.cost } } : {}),
    },
    spec: { nodeName: o.node ?? '', containers: [{ name: 'c' }] },
    status: { phase: o.phase ?? 'Pending', conditions, containerStatuses: [{ name: 'c', restartCount: o.restarts ?? 0 }] },
  };
}

const order = (pods: KObject[], related: KObject[] = pods) =>
  sortActivePodsWithRanks(rankPodsByRelatedPodsOnSameNode(pods, related), NOW).map((r) => r.pod.metadata.name);

describe('ActivePodsWithRanks', () => {
  it('deletes unscheduled, then pending, then not ready pods before ready ones', () => {
    const pods = [
      pod('ready', { node: 'n1', phase: 'Running', readySince: '2026-01-01T00:10:00Z' }),
      pod('running-not-ready', { node: 'n2', phase: 'Running' }),
      pod('unknown', { node: 'n3', phase: 'Unknown' }),
      pod('pending', { node: 'n4', phase: 'Pending' }),
      pod('unscheduled'),
    ];
    expect(order(pods)).toEqual(['unscheduled', 'pending', 'unknown', 'running-not-ready', 'ready']);
  });

  it('uses the deletion cost, then pods doubled up on a node, then the ready time buckets', () => {
    const ready = (name: string, node: string, since: string, extra = {}) =>
      pod(name, { node, phase: 'Running', readySince: since, ...extra });
    expect(
      order([
        ready('cheap', 'n1', '2026-01-01T00:00:00Z', { cost: '-5' }),
        ready('dear', 'n2', '2026-01-01T00:59:00Z', { cost: '10' }),
      ]),
    ).toEqual(['cheap', 'dear']);
    // Two on n1, one on n2: the crowded node's pods go first.
    expect(
      order([
        ready('alone', 'n2', '2026-01-01T00:00:00Z'),
        ready('a', 'n1', '2026-01-01T00:00:00Z'),
        ready('b', 'n1', '2026-01-01T00:00:00Z'),
      ]),
    ).toEqual(['a', 'b', 'alone']);
    // Ready for 1 minute vs 50 minutes: different log2 buckets, the newer goes first.
    expect(order([ready('old', 'n1', '2026-01-01T00:10:00Z'), ready('new', 'n2', '2026-01-01T00:59:00Z')])).toEqual([
      'new',
      'old',
    ]);
    // 40 s vs 50 s ready: the same bucket, the smaller uid goes first.
    expect(
      order([
        ready('x', 'n1', '2026-01-01T00:59:20Z', { uid: 'b-uid' }),
        ready('y', 'n2', '2026-01-01T00:59:10Z', { uid: 'a-uid' }),
      ]),
    ).toEqual(['y', 'x']);
  });

  it('then more restarts first, then newer pods first', () => {
    expect(order([pod('calm', { node: 'n1' }), pod('crashy', { node: 'n2', restarts: 3 })])).toEqual(['crashy', 'calm']);
    expect(
      order([
        pod('older', { node: 'n1', created: '2026-01-01T00:00:00Z' }),
        pod('newer', { node: 'n2', created: '2026-01-01T00:58:00Z' }),
      ]),
    ).toEqual(['newer', 'older']);
  });

  it('podsToDelete skips sorting when every pod goes', () => {
    const pods = [pod('ready', { node: 'n1', phase: 'Running', readySince: '2026-01-01T00:10:00Z' }), pod('unscheduled')];
    expect(podsToDelete(pods, pods, 1, NOW).map((p) => p.metadata.name)).toEqual(['unscheduled']);
    expect(podsToDelete(pods, pods, 2, NOW).map((p) => p.metadata.name)).toEqual(['ready', 'unscheduled']);
  });

  it('isPodAvailable needs minReadySeconds strictly passed', () => {
    const p = pod('p', { phase: 'Running', readySince: '2026-01-01T00:59:50Z' });
    expect(isPodAvailable(p, 0, NOW)).toBe(true);
    expect(isPodAvailable(p, 10, NOW)).toBe(false);
    expect(isPodAvailable(p, 9, NOW)).toBe(true);
  });
});
