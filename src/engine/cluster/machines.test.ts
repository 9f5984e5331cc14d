import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import { leaseKind, nodeKind, podKind } from '../api/kinds';
import { Cluster } from './cluster';

function pod(name: string, spec: Record<string, unknown>): KObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default' },
    spec: { nodeName: 'node-a1', ...spec } as KObject['spec'],
  };
}

const nginx = { containers: [{ name: 'c', image: 'nginx:1.14.2' }] };
const shell = { containers: [{ name: 'c', image: 'busybox:1.36', command: ['sh', '-c', 'sleep 3600'] }] };

function setup(): Cluster {
  const c = new Cluster(1, { zones: 1, nodesPerZone: 2 });
  c.clock.runDue();
  return c;
}

const get = (c: Cluster, name: string) => c.api.tryGet(podKind, 'default', name);

describe('machines', () => {
  it('a stopped machine sends no heartbeats; after a reboot its containers run again, restarted once', () => {
    const c = setup();
    c.api.create(pod('web', nginx));
    c.clock.advance(10_000);
    c.machines.stop('node-a1');
    const renew = c.api.get(leaseKind, 'kube-node-lease', 'node-a1').spec.renewTime;
    c.clock.advance(30_000);
    expect(c.api.get(leaseKind, 'kube-node-lease', 'node-a1').spec.renewTime).toBe(renew);
    expect(() => c.machines.stop('node-a1')).toThrow('node node-a1 is already stopped');
    c.machines.start('node-a1');
    c.clock.advance(10_000);
    const status = get(c, 'web')!.status;
    expect(status.phase).toBe('Running');
    expect(status.containerStatuses[0]).toMatchObject({ ready: true, restartCount: 1 });
    expect(status.containerStatuses[0].lastState.terminated).toMatchObject({ exitCode: 255, reason: 'Unknown' });
    expect(c.api.get(leaseKind, 'kube-node-lease', 'node-a1').spec.renewTime).not.toBe(renew);
  });

  it('a disconnected kubelet keeps its pods; on reconnect it finishes the ones deleted meanwhile', () => {
    const c = setup();
    c.api.create(pod('kept', nginx));
    c.api.create(pod('gone', shell));
    c.clock.advance(10_000);
    c.machines.disconnect('node-a1');
    c.api.delete(podKind, 'default', 'gone', { gracePeriodSeconds: 5 });
    c.clock.advance(60_000);
    expect(get(c, 'gone')?.metadata.deletionTimestamp).toBeDefined();
    expect(c.kubelets.node('node-a1')!.runtime.pod(get(c, 'gone')!.metadata.uid!)!.containers[0].state).toBe('running');
    c.machines.reconnect('node-a1');
    c.clock.advance(10_000);
    expect(get(c, 'gone')).toBeUndefined();
    expect(get(c, 'kept')!.status.phase).toBe('Running');
  });

  it('graceful shutdown stops regular pods before critical ones and marks them Terminated', () => {
    const c = setup();
    c.api.create(pod('regular', shell));
    c.api.create(pod('critical', { ...nginx, priorityClassName: 'system-node-critical' }));
    c.clock.advance(10_000);
    const t0 = c.clock.now();
    c.machines.shutdown('node-a1', { graceMs: 30_000, criticalGraceMs: 10_000 });
    expect(c.topology.machine('node-a1')!.shuttingDown).toBe(true);
    const node = c.api.get(nodeKind, undefined, 'node-a1');
    expect(node.status.conditions.find((x: any) => x.type === 'Ready')).toMatchObject({
      status: 'False',
      message: 'node is shutting down',
    });
    c.clock.advance(15_000);
    // The shell ignores SIGTERM: it gets the regular group's 20 s; the critical pod is untouched.
    expect(get(c, 'critical')!.status.phase).toBe('Running');
    c.clock.advance(10_000);
    for (const name of ['regular', 'critical']) {
      expect(get(c, name)!.status).toMatchObject({
        phase: 'Failed',
        reason: 'Terminated',
        message: 'Pod was terminated in response to imminent node shutdown.',
      });
    }
    expect(get(c, 'regular')!.status.conditions).toContainEqual(
      expect.objectContaining({ type: 'DisruptionTarget', status: 'True', reason: 'TerminationByKubelet' }),
    );
    expect(c.topology.machine('node-a1')!).toMatchObject({ running: false, shuttingDown: false });
    expect(c.clock.now() - t0).toBeLessThan(31_000);
  });

  it('shutdownGracePeriodByPodPriority stops each priority group in turn, lowest first', () => {
    const c = setup();
    c.api.create({ apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'mid' }, value: 100_000 });
    c.api.create(pod('low', shell));
    c.api.create(pod('mid', { ...shell, priorityClassName: 'mid' }));
    c.api.create(pod('critical', { ...shell, priorityClassName: 'system-node-critical' }));
    c.clock.advance(10_000);
    const stoppedAt: Record<string, number> = {};
    c.api.watch(podKind, (e) => {
      const name = e.object.metadata.name!;
      if (e.object.status?.phase === 'Failed' && stoppedAt[name] === undefined) stoppedAt[name] = c.clock.now();
    });
    const t0 = c.clock.now();
    c.machines.shutdown('node-a1', {
      graceMs: 0,
      criticalGraceMs: 0,
      byPriority: [
        { priority: 0, graceMs: 5_000 },
        { priority: 100_000, graceMs: 10_000 },
        { priority: 2_000_000_000, graceMs: 5_000 },
      ],
    });
    c.clock.advance(30_000);
    // Shells ignore SIGTERM: each group uses its whole period before the next one starts.
    const after = (name: string) => Math.round((stoppedAt[name] - t0) / 1000);
    expect([after('low'), after('mid'), after('critical')]).toEqual([5, 15, 20]);
  });

  it('memory pressure evicts BestEffort pods and refuses new ones', () => {
    const c = setup();
    c.api.create(pod('besteffort', nginx));
    c.api.create(
      pod('burstable', { containers: [{ name: 'c', image: 'nginx:1.14.2', resources: { requests: { memory: '64Mi' } } }] }),
    );
    c.clock.advance(10_000);
    expect(c.machines.pressure('node-a1', 'memory', true)).toBe(true);
    c.clock.advance(5_000);
    expect(get(c, 'besteffort')!.status).toMatchObject({ phase: 'Failed', reason: 'Evicted' });
    expect(get(c, 'burstable')!.status.phase).toBe('Running');
    c.api.create(pod('late', nginx));
    c.clock.advance(2_000);
    expect(get(c, 'late')!.status).toMatchObject({
      phase: 'Failed',
      reason: 'Evicted',
      message: 'Pod was rejected: The node had condition: [MemoryPressure]. ',
    });
    const node = c.api.get(nodeKind, undefined, 'node-a1');
    expect(node.status.conditions.find((x: any) => x.type === 'MemoryPressure')).toMatchObject({
      status: 'True',
      reason: 'KubeletHasInsufficientMemory',
    });
  });

  it('partitions and heals a whole zone', () => {
    const c = new Cluster(1, { zones: 2, nodesPerZone: 2 });
    expect(c.machines.partitionZone('zone-a')).toEqual(['node-a1', 'node-a2']);
    expect(c.topology.canReachControlPlane('node-a1')).toBe(false);
    expect(c.topology.canReachControlPlane('node-b1')).toBe(true);
    expect(c.machines.healZone('zone-a')).toEqual(['node-a1', 'node-a2']);
    expect(() => c.machines.partitionZone('zone-z')).toThrow('no zone named "zone-z" (zones: zone-a, zone-b)');
  });
});
