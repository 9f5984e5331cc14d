import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { podKind } from '../../api/kinds';
import { Cluster } from '../../cluster/cluster';
import { CRASH_BACKOFF_MAX_MS } from '../../runtime/flowcontrol-backoff';
import { sumRequests } from './node-admission';

function pod(name: string, spec: Record<string, unknown>, metadata: Record<string, unknown> = {}): KObject {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', ...metadata }, spec: spec as KObject['spec'] };
}

function cluster(): Cluster {
  const c = new Cluster(1, { zones: 1, nodesPerZone: 1 });
  c.clock.runDue();
  return c;
}

function get(c: Cluster, name: string): KObject | undefined {
  return c.api.tryGet(podKind, 'default', name);
}

function kubeletEvents(c: Cluster, name: string): string[] {
  return c.api
    .list(c.api.registry.forObject('v1', 'Event')!)
    .items.filter((e: any) => e.involvedObject.name === name && e.source?.component === 'kubelet')
    .map((e: any) => `${e.reason} ${e.message}`);
}

describe('kubelet pod workers', () => {
  it('restarts a crashing container at once, then after back-offs of 10 s doubling to 5 min', () => {
    const c = cluster();
    const starts: number[] = [];
    c.api.watch(podKind, (e) => {
      const s = e.object.status?.containerStatuses?.[0];
      const startedAt = s?.state?.running?.startedAt ?? s?.state?.terminated?.startedAt;
      if (startedAt) {
        const ms = c.clock.parseTimestamp(startedAt);
        if (!starts.includes(ms)) starts.push(ms);
      }
    });
    c.api.create(pod('crasher', { containers: [{ name: 'c', image: 'busybox:1.36', command: ['sh', '-c', 'exit 1'] }] }));
    c.clock.advance(20 * 60_000);
    const gaps = starts.slice(1).map((t, i) => t - starts[i]);
    const expected = [0, 10_000, 20_000, 40_000, 80_000, 160_000, CRASH_BACKOFF_MAX_MS, CRASH_BACKOFF_MAX_MS];
    expect(gaps.length).toBeGreaterThanOrEqual(expected.length);
    expected.forEach((backoff, i) => {
      // Whole seconds (status times), plus the pod worker's requeue jitter (×1.5 at most).
      expect(gaps[i]).toBeGreaterThanOrEqual(backoff - 1_000);
      expect(gaps[i]).toBeLessThanOrEqual(Math.min(backoff, 60_000) * 0.5 + backoff + 2_000);
    });
    const status = get(c, 'crasher')!.status.containerStatuses[0];
    expect(status.lastState.terminated).toMatchObject({ exitCode: 1, reason: 'Error' });
    expect(kubeletEvents(c, 'crasher')).toContain(
      `BackOff Back-off restarting failed container c in pod crasher_default(${get(c, 'crasher')!.metadata.uid})`,
    );
  });

  it('does not restart a container that succeeded under OnFailure, and restarts one that failed', () => {
    const c = cluster();
    c.api.create(
      pod('ok', { restartPolicy: 'OnFailure', containers: [{ name: 'c', image: 'busybox:1.36', command: ['true'] }] }),
    );
    c.api.create(
      pod('ko', { restartPolicy: 'OnFailure', containers: [{ name: 'c', image: 'busybox:1.36', command: ['false'] }] }),
    );
    c.clock.advance(30_000);
    expect(get(c, 'ok')!.status.phase).toBe('Succeeded');
    expect(get(c, 'ok')!.status.containerStatuses[0].restartCount).toBe(0);
    expect(get(c, 'ko')!.status.phase).toBe('Running');
    expect(get(c, 'ko')!.status.containerStatuses[0].restartCount).toBeGreaterThanOrEqual(2);
  });

  it('fails the pod when an init container fails under restartPolicy Never', () => {
    const c = cluster();
    c.api.create(
      pod('init-fails', {
        restartPolicy: 'Never',
        initContainers: [{ name: 'init', image: 'busybox:1.36', command: ['sh', '-c', 'exit 3'] }],
        containers: [{ name: 'app', image: 'busybox:1.36', command: ['sleep', '60'] }],
      }),
    );
    c.clock.advance(10_000);
    const p = get(c, 'init-fails')!;
    expect(p.status.phase).toBe('Failed');
    expect(p.status.initContainerStatuses[0].state.terminated).toMatchObject({ exitCode: 3, reason: 'Error' });
    expect(p.status.containerStatuses[0].state.waiting.reason).toBe('PodInitializing');
  });

  it('takes the whole grace period to stop a shell that ignores SIGTERM, and little for nginx', () => {
    const c = cluster();
    c.api.create(
      pod('shell', {
        terminationGracePeriodSeconds: 10,
        containers: [{ name: 'c', image: 'busybox:1.36', command: ['sh', '-c', 'sleep 3600'] }],
      }),
    );
    c.api.create(pod('web', { containers: [{ name: 'c', image: 'nginx:1.14.2' }] }));
    c.clock.advance(10_000);
    const deletedAt: Record<string, number> = {};
    c.api.watch(podKind, (e) => {
      if (e.type === 'DELETED') deletedAt[e.object.metadata.name!] = c.clock.now();
    });
    const t0 = c.clock.now();
    c.api.delete(podKind, 'default', 'shell');
    c.api.delete(podKind, 'default', 'web');
    c.clock.advance(20_000);
    expect(deletedAt.web - t0).toBeLessThan(2_000);
    expect(deletedAt.shell - t0).toBeGreaterThanOrEqual(10_000);
    expect(deletedAt.shell - t0).toBeLessThan(12_000);
  });

  it('runs preStop inside the grace period and still allows 2 s for SIGTERM when it used it all', () => {
    const c = cluster();
    c.api.create(
      pod('hook', {
        terminationGracePeriodSeconds: 5,
        containers: [
          {
            name: 'c',
            image: 'busybox:1.36',
            command: ['sh', '-c', 'sleep 3600'],
            lifecycle: { preStop: { exec: { command: ['sleep', '60'] } } },
          },
        ],
      }),
    );
    c.clock.advance(5_000);
    let deletedAt = 0;
    c.api.watch(podKind, (e) => {
      if (e.type === 'DELETED') deletedAt = c.clock.now();
    });
    const t0 = c.clock.now();
    c.api.delete(podKind, 'default', 'hook');
    c.clock.advance(20_000);
    // 5 s of preStop (cut at the grace period), then the minimum 2 s before SIGKILL.
    expect(deletedAt - t0).toBeGreaterThanOrEqual(7_000);
    expect(deletedAt - t0).toBeLessThan(9_000);
  });

  it('stops sidecars after the app container, last-declared first', () => {
    const c = cluster();
    c.api.create(
      pod('sidecars', {
        terminationGracePeriodSeconds: 3,
        initContainers: [
          { name: 'first', image: 'nginx:1.14.2', restartPolicy: 'Always' },
          { name: 'second', image: 'nginx:1.14.2', restartPolicy: 'Always' },
        ],
        containers: [{ name: 'app', image: 'nginx:1.14.2' }],
      }),
    );
    c.clock.advance(15_000);
    expect(get(c, 'sidecars')!.status.phase).toBe('Running');
    c.api.delete(podKind, 'default', 'sidecars');
    c.clock.advance(15_000);
    expect(get(c, 'sidecars')).toBeUndefined();
    const kills = kubeletEvents(c, 'sidecars').filter((e) => e.startsWith('Killing'));
    expect(kills).toEqual([
      'Killing Stopping container app',
      'Killing Stopping container second',
      'Killing Stopping container first',
    ]);
  });

  it('rejects a pod that does not fit the node with OutOfcpu', () => {
    const c = cluster();
    c.api.create(
      pod('big', {
        nodeName: 'node-a1',
        containers: [{ name: 'c', image: 'nginx:1.14.2', resources: { requests: { cpu: '5' } } }],
      }),
    );
    c.clock.advance(2_000);
    const p = get(c, 'big')!;
    expect(p.status).toMatchObject({
      phase: 'Failed',
      reason: 'OutOfcpu',
      message: "Pod was rejected: Node didn't have enough resource: cpu, requested: 5000, used: 0, capacity: 4000",
    });
  });

  it("keeps the node's admitted requests equal to a sum over its active pods through starts, deletions and rejections", () => {
    const c = cluster();
    const kubelet = c.kubelets.node('node-a1')!;
    const recount = () => {
      const active = [...kubelet.workers.values()].filter((w) => w.isAdmittedAndActive()).map((w) => w.pod);
      return sumRequests(active);
    };
    const usage = () => {
      const u = kubelet.admittedUsage;
      return { cpu: u.cpu, memory: u.memory, storage: u.storage, count: u.count };
    };
    const sized = (name: string, cpu: string, memory: string) =>
      pod(name, {
        nodeName: 'node-a1',
        terminationGracePeriodSeconds: 1,
        containers: [{ name: 'c', image: 'nginx:1.14.2', resources: { requests: { cpu, memory } } }],
      });
    c.api.create(sized('a', '500m', '64Mi'));
    c.api.create(sized('b', '1', '128Mi'));
    c.api.create(sized('huge', '50', '1Gi'));
    c.clock.advance(5_000);
    expect(get(c, 'huge')!.status.reason).toBe('OutOfcpu');
    expect(usage()).toEqual(recount());
    expect(usage()).toMatchObject({ cpu: 1500, memory: 192 * 1024 * 1024, count: 2 });
    c.api.delete(podKind, 'default', 'a');
    expect(usage()).toEqual(recount());
    c.clock.advance(10_000);
    expect(usage()).toEqual(recount());
    expect(usage()).toMatchObject({ cpu: 1000, count: 1 });
    c.api.delete(podKind, 'default', 'b', { gracePeriodSeconds: 0 });
    c.clock.advance(10_000);
    expect(usage()).toEqual({ cpu: 0, memory: 0, storage: 0, count: 0 });
  });

  it('fails a pod past its activeDeadlineSeconds', () => {
    const c = cluster();
    c.api.create(
      pod('deadline', {
        activeDeadlineSeconds: 20,
        terminationGracePeriodSeconds: 1,
        containers: [{ name: 'c', image: 'nginx:1.14.2' }],
      }),
    );
    c.clock.advance(30_000);
    expect(get(c, 'deadline')!.status).toMatchObject({
      phase: 'Failed',
      reason: 'DeadlineExceeded',
      message: 'Pod was active on the node longer than the specified deadline',
    });
  });

  it('serializes image pulls on a node', () => {
    const c = cluster();
    c.api.create(pod('a', { containers: [{ name: 'c', image: 'nginx:1.14.2' }] }));
    c.api.create(pod('b', { containers: [{ name: 'c', image: 'redis:7.2' }] }));
    c.clock.advance(30_000);
    const pulled = kubeletEvents(c, 'b').find((e) => e.startsWith('Pulled'))!;
    const m = /in ([\d.]+)s \(([\d.]+)s including waiting\)/.exec(pulled)!;
    expect(Number(m[2])).toBeGreaterThan(Number(m[1]));
  });

  it('serves container logs, current and previous, through the kubelet API', () => {
    const c = cluster();
    c.api.create(
      pod('talker', { containers: [{ name: 'c', image: 'busybox:1.36', command: ['sh', '-c', 'echo hello; exit 1'] }] }),
    );
    c.clock.advance(15_000);
    const current = c.kubelets.containerLogs({ namespace: 'default', pod: 'talker', container: 'c' });
    const previous = c.kubelets.containerLogs({ namespace: 'default', pod: 'talker', container: 'c', previous: true });
    expect(current.ok && current.lines.map((l) => l.text)).toEqual(['hello']);
    expect(previous.ok && previous.lines.map((l) => l.text)).toEqual(['hello']);
    const missing = c.kubelets.containerLogs({ namespace: 'default', pod: 'talker', container: 'nope' });
    expect(!missing.ok && missing.error.message).toBe('container nope is not valid for pod talker');
  });
});
