// PodGC on a real cluster. Passes run at t = 0, 20 s, 40 s, … A watch records, per pod, the
// status writes and the removal, so a test can see "phase Failed first, then gone".

import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { nodeKind, podKind } from '../../api/kinds';
import { Cluster } from '../../cluster/cluster';
import { byEvictionAndCreation, GC_CHECK_PERIOD_MS, QUARANTINE_MS } from './pod-gc-controller';

function setup(nodesPerZone = 2) {
  const c = new Cluster(1, { zones: 1, nodesPerZone });
  c.clock.runDue();
  const removed: string[] = [];
  const removedAt = new Map<string, number>();
  /** The last state each pod had before it was removed. */
  const lastSeen = new Map<string, KObject>();
  c.api.watch(podKind, (e) => {
    const name = e.object.metadata.name!;
    if (e.type === 'DELETED') {
      removed.push(name);
      removedAt.set(name, c.clock.now());
    } else lastSeen.set(name, e.object);
  });
  const pod = (name: string, spec: Record<string, unknown>, metadata: Record<string, unknown> = {}) =>
    c.api.create({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name, namespace: 'default', ...metadata },
      spec: { containers: [{ name: 'c', image: 'busybox:1.36', command: ['sleep', '3600'] }], ...spec },
    });
  /** A pod no scheduler picks up, whose status the test writes itself. */
  const parked = (name: string, status: Record<string, unknown>) => {
    const created = pod(name, { schedulerName: 'nobody' });
    return c.api.updateStatus({ ...created, status: { ...created.status, ...status } });
  };
  const get = (name: string) => c.api.tryGet(podKind, 'default', name);
  /** The node loses its kubelet's connection and reports Ready=status. */
  const notReady = (name: string, status: 'False' | 'Unknown') => {
    c.topology.machine(name)!.reachable = false;
    const node = c.api.get(nodeKind, undefined, name);
    const conditions = node.status.conditions.map((x: any) => (x.type === 'Ready' ? { ...x, status } : x));
    c.api.updateStatus({ ...node, status: { ...node.status, conditions } });
  };
  /** Runs the clock to just after the next PodGC pass. */
  const nextPass = () => c.clock.advance(GC_CHECK_PERIOD_MS - (c.clock.now() % GC_CHECK_PERIOD_MS));
  return { c, removed, removedAt, lastSeen, pod, parked, get, notReady, nextPass };
}

describe('pod garbage collector', () => {
  it('force-deletes the pods of a deleted node after the 40 s quarantine, failed with DeletionByPodGC', () => {
    const { c, removedAt, lastSeen, pod, get } = setup();
    pod('orphan-1', { nodeName: 'node-a1' });
    pod('orphan-2', { nodeName: 'node-a1' });
    pod('safe', { nodeName: 'node-a2' });
    c.clock.advance(25_000);
    expect(get('orphan-1')!.status.phase).toBe('Running');
    // The machine is gone: its kubelet can no longer re-register the Node.
    c.topology.machine('node-a1')!.reachable = false;
    c.api.delete(nodeKind, undefined, 'node-a1');
    // Seen missing by the pass at 40 s, checked (GET → NotFound) by the pass at 80 s.
    const firstSeen = 40_000;
    c.clock.advance(firstSeen + QUARANTINE_MS - 1 - c.clock.now());
    expect(get('orphan-1')).toBeDefined();
    expect(get('orphan-1')!.status.phase).toBe('Running');
    c.clock.advance(1);
    expect(get('orphan-1')).toBeUndefined();
    expect(get('orphan-2')).toBeUndefined();
    expect(removedAt.get('orphan-1')).toBe(firstSeen + QUARANTINE_MS);
    const last = lastSeen.get('orphan-1')!;
    expect(last.status.phase).toBe('Failed');
    expect(last.status.conditions.find((x: any) => x.type === 'DisruptionTarget')).toMatchObject({
      type: 'DisruptionTarget',
      status: 'True',
      reason: 'DeletionByPodGC',
      message: 'PodGC: node no longer exists',
      lastTransitionTime: c.api.timestamp(firstSeen + QUARANTINE_MS),
    });
    expect(get('safe')!.status.phase).toBe('Running');
  });

  it('spares the pods of a node that comes back within the quarantine', () => {
    const { c, pod, get } = setup();
    pod('p', { nodeName: 'node-a1' });
    c.clock.advance(25_000);
    c.api.delete(nodeKind, undefined, 'node-a1');
    // A running kubelet does not register again by itself; restarted, it does (within seconds).
    c.clock.advance(5_000);
    c.machines.stop('node-a1');
    c.machines.start('node-a1');
    c.clock.advance(120_000);
    expect(c.api.tryGet(nodeKind, undefined, 'node-a1')).toBeDefined();
    expect(get('p')!.status.phase).toBe('Running');
  });

  it('deletes terminated pods beyond the threshold: evicted first, then oldest, ties by name', () => {
    const { c, removed, parked, get, nextPass } = setup();
    c.config.set('terminated-pod-gc-threshold', '2');
    c.clock.advance(1_000);
    parked('old', { phase: 'Succeeded' });
    c.clock.advance(1_000);
    parked('b', { phase: 'Failed' });
    parked('a', { phase: 'Succeeded' });
    c.clock.advance(1_000);
    parked('z-evicted', { phase: 'Failed', reason: 'Evicted', message: 'The node was low on resource: memory.' });
    parked('newest', { phase: 'Succeeded' });
    parked('running', { phase: 'Running' });
    parked('pending', { phase: 'Pending' });
    expect(c.controllers.podGC.terminatedCount).toBe(5);
    nextPass();
    expect(removed).toEqual(['z-evicted', 'old', 'a']);
    expect(c.controllers.podGC.terminatedCount).toBe(2);
    for (const name of ['b', 'newest', 'running', 'pending']) expect(get(name)).toBeDefined();
    // 0 disables the terminated pass.
    c.config.set('terminated-pod-gc-threshold', '0');
    parked('more', { phase: 'Succeeded' });
    nextPass();
    expect(removed).toEqual(['z-evicted', 'old', 'a']);
  });

  it('counts pods that finish on a node and keeps the default threshold of 12500', () => {
    const { c, pod, get, nextPass } = setup();
    pod('done', {
      nodeName: 'node-a1',
      restartPolicy: 'Never',
      containers: [{ name: 'c', image: 'busybox:1.36', command: ['true'] }],
    });
    c.clock.advance(30_000);
    expect(get('done')!.status.phase).toBe('Succeeded');
    expect(c.controllers.podGC.terminatedCount).toBe(1);
    expect(c.config.number('terminated-pod-gc-threshold')).toBe(12_500);
    nextPass();
    expect(get('done')).toBeDefined();
  });

  it('force-deletes terminating pods on a NotReady node with the out-of-service taint', () => {
    const { c, removed, lastSeen, pod, get, notReady, nextPass } = setup();
    pod('stuck', { nodeName: 'node-a1' });
    pod('running', { nodeName: 'node-a1' });
    pod('other', { nodeName: 'node-a2' });
    c.clock.advance(25_000);
    expect(get('stuck')!.status.phase).toBe('Running');
    notReady('node-a1', 'False');
    c.api.delete(podKind, 'default', 'stuck');
    c.api.delete(podKind, 'default', 'other');
    // NotReady alone: the terminating pod waits for its kubelet for ever.
    c.clock.advance(100_000);
    expect(get('stuck')!.metadata.deletionTimestamp).toBeDefined();
    // The out-of-service taint on a Ready node changes nothing.
    c.api.patch(nodeKind, undefined, 'node-a2', 'merge', {
      spec: { taints: [{ key: 'node.kubernetes.io/out-of-service', value: 'nodeshutdown', effect: 'NoSchedule' }] },
    });
    c.api.patch(nodeKind, undefined, 'node-a1', 'merge', {
      spec: { taints: [{ key: 'node.kubernetes.io/out-of-service', value: 'nodeshutdown', effect: 'NoExecute' }] },
    });
    c.clock.runDue();
    expect(get('stuck')).toBeDefined();
    // The taint eviction controller deletes the pod that does not tolerate the NoExecute taint;
    // it then waits, terminating, for the unreachable kubelet too.
    expect(get('running')!.metadata.deletionTimestamp).toBeDefined();
    nextPass();
    expect(get('stuck')).toBeUndefined();
    expect(get('running')).toBeUndefined();
    expect(lastSeen.get('stuck')!.status.phase).toBe('Failed');
    expect(lastSeen.get('running')!.status.phase).toBe('Failed');
    expect(removed).toEqual(expect.arrayContaining(['stuck', 'running', 'other']));
  });

  it('force-deletes terminating pods that were never scheduled', () => {
    const { c, pod, get, nextPass } = setup();
    // A finalizer keeps the unscheduled pod (grace 0) around after DELETE.
    pod('unscheduled', { schedulerName: 'nobody' }, { finalizers: ['example.com/hold'] });
    c.clock.runDue();
    c.api.delete(podKind, 'default', 'unscheduled');
    expect(get('unscheduled')!.status.phase).toBe('Pending');
    nextPass();
    const held = get('unscheduled')!;
    expect(held.status.phase).toBe('Failed');
    expect(held.metadata.deletionGracePeriodSeconds).toBe(0);
    c.api.update({ ...held, metadata: { ...held.metadata, finalizers: [] } });
    expect(get('unscheduled')).toBeUndefined();
  });

  it('orders by eviction, then creation time, then name', () => {
    const p = (name: string, ts: string, evicted = false): KObject => ({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name, creationTimestamp: ts },
      status: evicted ? { phase: 'Failed', reason: 'Evicted' } : { phase: 'Succeeded' },
    });
    const pods = [
      p('c', '2026-01-01T00:00:02Z'),
      p('b', '2026-01-01T00:00:01Z'),
      p('a', '2026-01-01T00:00:01Z'),
      p('e', '2026-01-01T00:00:09Z', true),
    ];
    expect(pods.sort(byEvictionAndCreation).map((x) => x.metadata.name)).toEqual(['e', 'a', 'b', 'c']);
  });
});
