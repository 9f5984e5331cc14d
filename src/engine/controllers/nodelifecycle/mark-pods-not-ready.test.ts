import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { eventKind, podKind } from '../../api/kinds';
import { Cluster } from '../../cluster/cluster';
import { markPodsNotReady, podMarkedNotReady } from './mark-pods-not-ready';

const pod = (name: string, nodeName: string, ready = 'True'): KObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'default' },
  spec: { nodeName, containers: [{ name: 'c', image: 'nginx' }] },
  status: {
    phase: 'Running',
    conditions: [
      { type: 'Initialized', status: 'True' },
      { type: 'ContainersReady', status: 'True', lastTransitionTime: '2026-01-01T00:00:00Z' },
      { type: 'Ready', status: ready, lastTransitionTime: '2026-01-01T00:00:00Z' },
    ],
  },
});

describe('podMarkedNotReady', () => {
  it('sets only Ready to False with a new transition time', () => {
    const out = podMarkedNotReady(pod('p', 'n'), '2026-01-01T00:01:00Z')!;
    expect(out.status!.conditions).toEqual([
      { type: 'Initialized', status: 'True' },
      { type: 'ContainersReady', status: 'True', lastTransitionTime: '2026-01-01T00:00:00Z' },
      { type: 'Ready', status: 'False', lastTransitionTime: '2026-01-01T00:01:00Z' },
    ]);
    expect(out.status!.phase).toBe('Running');
  });
  it('leaves pods already not ready, or without a Ready condition', () => {
    expect(podMarkedNotReady(pod('p', 'n', 'False'), 'x')).toBeUndefined();
    expect(podMarkedNotReady({ ...pod('p', 'n'), status: {} }, 'x')).toBeUndefined();
  });
});

describe('markPodsNotReady', () => {
  it('updates the status of the pods on the node and records a Warning NodeNotReady on each', () => {
    const cluster = new Cluster(1, { empty: true });
    const { api } = cluster;
    for (const p of [pod('a', 'n1'), pod('b', 'n1'), pod('other', 'n2')]) {
      const created = api.create({ ...p, status: undefined });
      api.updateStatus({ ...created, status: p.status });
    }
    const pods = api.list(podKind).items;
    const errors = markPodsNotReady(api, cluster.events.recorder('node-controller'), pods, 'n1');
    expect(errors).toEqual([]);
    const readyOf = (name: string) =>
      api.get(podKind, 'default', name).status!.conditions.find((c: { type: string }) => c.type === 'Ready').status;
    expect(readyOf('a')).toBe('False');
    expect(readyOf('b')).toBe('False');
    expect(readyOf('other')).toBe('True');
    const events = api
      .list(eventKind)
      .items.filter((e: any) => e.reason === 'NodeNotReady')
      .map((e: any) => [e.involvedObject.name, e.type, e.message, e.source?.component]);
    expect(events).toEqual([
      ['a', 'Warning', 'Node is not ready', 'node-controller'],
      ['b', 'Warning', 'Node is not ready', 'node-controller'],
    ]);
  });
});
