import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import { node, pod } from './fixtures';
import { lastHeartbeat, NODE_MONITOR_GRACE_MS } from '../controlplane/heartbeats';
import { nodeOutlook, timelineLines } from './heartbeat';

const T0 = Date.UTC(2026, 0, 1);
const iso = (ms: number) => new Date(ms).toISOString();
const lease = (renewMs: number): KObject => ({
  apiVersion: 'coordination.k8s.io/v1',
  kind: 'Lease',
  metadata: { name: 'n1', namespace: 'kube-node-lease' },
  spec: { renewTime: iso(renewMs).replace('Z', '000Z') },
});
const tolerating = (name: string, seconds: number) => {
  const p = pod(name, 'n1');
  return {
    ...p,
    spec: {
      ...p.spec,
      tolerations: [
        { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: seconds },
        { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: seconds },
      ],
    },
  };
};
const stopped = { name: 'n1', zone: 'z', running: false, reachable: true };
const withReady = (status: string, since: number, taintAt?: number) =>
  node('n1', 'z', {
    spec:
      taintAt === undefined
        ? {}
        : { taints: [{ key: 'node.kubernetes.io/unreachable', effect: 'NoExecute', timeAdded: iso(taintAt) }] },
    status: {
      allocatable: { cpu: '4', memory: '8Gi', pods: '110' },
      conditions: [{ type: 'Ready', status, lastTransitionTime: iso(since), lastHeartbeatTime: iso(T0) }],
    },
  });

describe('lastHeartbeat', () => {
  it('takes the later of the Lease renewal and the Ready condition heartbeat', () => {
    const n = withReady('True', T0);
    expect(lastHeartbeat(n, lease(T0 + 10_000))).toBe(T0 + 10_000);
    expect(lastHeartbeat(n, lease(T0 - 10_000))).toBe(T0);
    expect(lastHeartbeat(n, undefined)).toBe(T0);
    expect(lastHeartbeat(undefined, undefined)).toBeUndefined();
  });
});

describe('nodeOutlook and timelineLines', () => {
  it('says nothing ahead for a healthy node, only its heartbeat', () => {
    expect(nodeOutlook(withReady('True', T0), [pod('a', 'n1')], undefined)).toBeUndefined();
    expect(timelineLines(T0, undefined, T0 + 4_000)).toEqual([
      { text: 'heartbeat 4s ago', rule: 'the kubelet renews its Lease every 10s', tone: 'muted' },
    ]);
  });

  it('counts down to Unknown from the first second after a stop, then predicts the evictions', () => {
    const outlook = nodeOutlook(withReady('True', T0), [tolerating('a', 300), tolerating('b', 60)], stopped)!;
    expect(outlook).toMatchObject({
      silent: true,
      taintKey: 'node.kubernetes.io/unreachable',
      evictAfterMs: 60_000,
      evictable: 2,
    });
    const lines = timelineLines(T0, outlook, T0 + 1_000);
    expect(lines.map((l) => l.text)).toEqual(['heartbeat 1s ago', 'Unknown in 0:49', 'then 2 pods evicted ≈ in 1:49']);
    expect(lines[1].rule).toBe('node-monitor-grace-period 50s');
    expect(lines[2].rule).toBe('tolerationSeconds 60 on unreachable');
    // past the grace period, before the controller's next look
    expect(timelineLines(T0, outlook, T0 + NODE_MONITOR_GRACE_MS + 1)[1].text).toBe('Unknown at the next check (every 5s)');
  });

  it('waits for the taint once Unknown, then counts down to the first eviction', () => {
    const pods = [tolerating('a', 300)];
    const unknown = nodeOutlook(withReady('Unknown', T0 + 50_000), pods, stopped)!;
    expect(
      timelineLines(T0, unknown, T0 + 52_000)
        .slice(1)
        .map((l) => l.text),
    ).toEqual(['unreachable:NoExecute taint next', '1 pod evicted 5m after it']);
    const tainted = nodeOutlook(withReady('Unknown', T0 + 50_000, T0 + 51_000), pods, stopped)!;
    expect(
      timelineLines(T0, tainted, T0 + 61_000)
        .slice(1)
        .map((l) => l.text),
    ).toEqual(['tainted unreachable 10s ago', '1 pod evicted in 4:50']);
  });

  it('knows when no pod is evicted (tolerated forever) and when one is at once (not tolerated)', () => {
    const forever = pod('ds', 'n1');
    forever.spec = { ...forever.spec, tolerations: [{ operator: 'Exists' }] };
    const none = nodeOutlook(withReady('True', T0), [forever], stopped)!;
    expect(none.evictAfterMs).toBeUndefined();
    expect(timelineLines(T0, none, T0 + 1_000)[2].text).toBe('no pod is evicted');
    const bare = nodeOutlook(withReady('True', T0), [pod('a', 'n1')], stopped)!;
    expect(bare).toMatchObject({ evictAfterMs: 0, evictRule: 'no toleration of node.kubernetes.io/unreachable' });
  });
});

describe('a node without pods', () => {
  it('says there is nothing to evict', () => {
    const outlook = nodeOutlook(withReady('True', T0), [], stopped)!;
    expect(timelineLines(T0, outlook, T0 + 1_000)[2]).toMatchObject({ text: 'no pods to evict' });
  });
});
