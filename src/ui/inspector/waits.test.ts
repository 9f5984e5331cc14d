import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import { rollingBounds, whyWaiting } from './waits';

const T0 = Date.UTC(2026, 0, 1, 1, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString();

const readyNode = (taints: unknown[] = [], heartbeatMs = T0 - 2_000): KObject =>
  ({
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name: 'node-a1' },
    spec: { taints },
    status: { conditions: [{ type: 'Ready', status: 'True', lastHeartbeatTime: iso(heartbeatMs) }] },
  }) as KObject;

function pod(patch: Partial<KObject> & { status?: Record<string, unknown> }): KObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'web-1', namespace: 'default', ...(patch.metadata ?? {}) },
    spec: { containers: [{ name: 'web', image: 'nginx' }], ...(patch.spec ?? {}) },
    status: patch.status ?? { phase: 'Pending' },
  } as KObject;
}

describe('why a pod waits', () => {
  it('an unschedulable pod quotes the scheduler and the retry rule', () => {
    const waits = whyWaiting(
      pod({
        status: {
          phase: 'Pending',
          conditions: [
            {
              type: 'PodScheduled',
              status: 'False',
              reason: 'Unschedulable',
              message: '0/6 nodes are available: 6 Insufficient cpu.',
            },
          ],
        },
      }),
      { nowMs: T0 },
    );
    expect(waits).toEqual([
      expect.objectContaining({ title: 'Waiting for a node', detail: '0/6 nodes are available: 6 Insufficient cpu.' }),
    ]);
    expect(waits[0].rule).toContain('every 5 min');
  });

  it('a crash-looping container counts down to its restart, naming the back-off', () => {
    const waits = whyWaiting(
      pod({
        spec: { nodeName: 'node-a1' },
        status: {
          phase: 'Running',
          containerStatuses: [
            {
              name: 'web',
              ready: false,
              state: {
                waiting: { reason: 'CrashLoopBackOff', message: 'back-off 40s restarting failed container=web pod=web-1' },
              },
              lastState: { terminated: { finishedAt: iso(T0 - 10_000) } },
            },
          ],
        },
      }),
      { nowMs: T0, node: readyNode() },
    );
    expect(waits[0]).toMatchObject({ title: 'web restarts in 0:30', tone: 'bad' });
    expect(waits[0].rule).toContain('crash back-off 40s');
  });

  it('no restart countdown on a stopped machine: its kubelet restarts nothing; the node comes first', () => {
    const crashing = pod({
      spec: { nodeName: 'node-a1' },
      status: {
        phase: 'Running',
        containerStatuses: [
          {
            name: 'web',
            state: { waiting: { reason: 'CrashLoopBackOff', message: 'back-off 40s restarting failed container=web pod=web-1' } },
            lastState: { terminated: { finishedAt: iso(T0 - 10_000) } },
          },
        ],
      },
    });
    const waits = whyWaiting(crashing, {
      nowMs: T0,
      node: readyNode(),
      machine: { name: 'node-a1', zone: 'zone-a', running: false, reachable: true },
    });
    expect(waits.map((w) => w.title)).toEqual(['Node node-a1 turns Unknown in 0:48', 'web is in CrashLoopBackOff']);
  });

  it('a pod on a tainted node counts down to its eviction with tolerationSeconds', () => {
    const taint = { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute', timeAdded: iso(T0 - 60_000) };
    const tolerations = [
      { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
    ];
    const waits = whyWaiting(pod({ spec: { nodeName: 'node-a1', tolerations }, status: { phase: 'Running' } }), {
      nowMs: T0,
      node: readyNode([taint]),
    });
    expect(waits[0]).toMatchObject({ title: 'Evicted in 4:00' });
    expect(waits[0].rule).toContain('tolerationSeconds 300 on node.kubernetes.io/unreachable');
  });

  it('a Running pod on a stopped machine says why it still looks fine, from the first second', () => {
    const lease = {
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      metadata: { name: 'node-a1', namespace: 'kube-node-lease' },
      spec: { renewTime: iso(T0 - 1_000) },
    } as KObject;
    const waits = whyWaiting(pod({ spec: { nodeName: 'node-a1' }, status: { phase: 'Running' } }), {
      nowMs: T0,
      node: readyNode(),
      lease,
      machine: { name: 'node-a1', zone: 'zone-a', running: false, reachable: true },
    });
    expect(waits).toEqual([expect.objectContaining({ title: 'Node node-a1 turns Unknown in 0:49' })]);
    expect(waits[0].detail).toContain('powered off');
    expect(waits[0].rule).toContain('node-monitor-grace-period 50s');
  });

  it('counts down the grace period the controller manager uses', () => {
    const waits = whyWaiting(pod({ spec: { nodeName: 'node-a1' }, status: { phase: 'Running' } }), {
      nowMs: T0,
      node: readyNode(),
      machine: { name: 'node-a1', zone: 'zone-a', running: false, reachable: true },
      graceMs: 90_000,
    });
    expect(waits[0].rule).toContain('node-monitor-grace-period 90s');
  });

  it('a Running pod that is not Ready names its readiness probe', () => {
    const waits = whyWaiting(
      pod({
        spec: { nodeName: 'node-a1', containers: [{ name: 'web', readinessProbe: { periodSeconds: 5, failureThreshold: 2 } }] },
        status: {
          phase: 'Running',
          conditions: [
            { type: 'Ready', status: 'False', reason: 'ContainersNotReady', message: 'containers with unready status: [web]' },
          ],
          containerStatuses: [{ name: 'web', ready: false, state: { running: {} } }],
        },
      }),
      { nowMs: T0, node: readyNode() },
    );
    expect(waits[0].title).toBe('Running, not Ready: no Service traffic');
    expect(waits[0].rule).toContain('failureThreshold 2 × periodSeconds 5');
  });

  it('a healthy Running pod waits for nothing', () => {
    const healthy = pod({
      spec: { nodeName: 'node-a1' },
      status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] },
    });
    expect(whyWaiting(healthy, { nowMs: T0, node: readyNode() })).toEqual([]);
  });
});

describe('why a node or a Deployment waits', () => {
  it('a cordoned node says so', () => {
    const node = { ...readyNode(), spec: { unschedulable: true } } as KObject;
    expect(whyWaiting(node, { nowMs: T0 }).map((w) => w.title)).toEqual(['Cordoned: no new pods']);
  });

  it('a rolling Deployment states its step bounds and its deadline', () => {
    const d = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web', namespace: 'default' },
      spec: { replicas: 10, progressDeadlineSeconds: 600, strategy: { type: 'RollingUpdate' } },
      status: {
        updatedReplicas: 3,
        availableReplicas: 9,
        conditions: [{ type: 'Progressing', status: 'True', reason: 'ReplicaSetUpdated', lastUpdateTime: iso(T0 - 60_000) }],
      },
    } as KObject;
    const [wait] = whyWaiting(d, { nowMs: T0 });
    expect(wait.title).toBe('Rolling out: 3/10 updated, 9 available');
    expect(wait.detail).toBe('Progress deadline in 9:00.');
    expect(wait.rule).toBe('maxSurge 3 and maxUnavailable 2 of 10: at most 13 pods, at least 8 available at each step');
  });

  it('resolves maxSurge / maxUnavailable as the controller does', () => {
    expect(rollingBounds(undefined, 4)).toEqual({ surge: 1, unavailable: 1 });
    expect(rollingBounds({ rollingUpdate: { maxSurge: 0, maxUnavailable: '10%' } }, 3)).toEqual({ surge: 0, unavailable: 1 });
    expect(rollingBounds({ rollingUpdate: { maxSurge: '50%', maxUnavailable: 0 } }, 3)).toEqual({ surge: 2, unavailable: 0 });
  });
});
