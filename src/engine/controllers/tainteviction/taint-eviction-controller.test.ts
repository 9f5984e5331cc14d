// The taint eviction controller on a real cluster (kubelets run the pods). The tests add the
// NoExecute taints themselves; a watch records when each pod first gets its deletionTimestamp.

import { describe, expect, it } from 'vitest';
import type { Taint, Toleration } from '../../../k8s/types';
import { eventKind, nodeKind, podKind } from '../../api/kinds';
import { Cluster } from '../../cluster/cluster';
import { matchingTolerations, minTolerationMs } from './taint-eviction-controller';

const UNREACHABLE = 'node.kubernetes.io/unreachable';
const OUTAGE = 'example.com/outage';
const SECOND = 'example.com/second';

function setup() {
  const c = new Cluster(1, { zones: 1, nodesPerZone: 2 });
  c.clock.runDue();
  /** pod name → virtual ms of its first deletionTimestamp */
  const marked = new Map<string, number>();
  c.api.watch(podKind, (e) => {
    const name = e.object.metadata.name!;
    if (e.object.metadata.deletionTimestamp && !marked.has(name)) marked.set(name, c.clock.now());
  });
  const pod = (name: string, tolerations?: Toleration[], nodeName = 'node-a1', image = 'nginx') =>
    c.api.create({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name, namespace: 'default' },
      spec: {
        nodeName,
        containers: [{ name: 'c', image, ...(image.startsWith('busybox') ? { command: ['sleep', '3600'] } : {}) }],
        ...(tolerations ? { tolerations } : {}),
      },
    });
  const taint = (taints: Taint[], node = 'node-a1') => {
    c.api.patch(nodeKind, undefined, node, 'merge', { spec: { taints } });
    c.clock.runDue();
  };
  const events = (reason = 'TaintManagerEviction') =>
    c.api
      .list(eventKind)
      .items.filter((e: any) => e.reason === reason)
      .map((e: any) => `${e.source.component} ${e.type} ${e.involvedObject.kind} ${e.message}`);
  const get = (name: string) => c.api.tryGet(podKind, 'default', name);
  return { c, marked, pod, taint, events, get };
}

describe('taint eviction controller', () => {
  it('evicts after the smallest tolerationSeconds, and never without a limit', () => {
    const { c, marked, pod, taint } = setup();
    pod('p90', [
      { key: OUTAGE, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 90 },
      { key: OUTAGE, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 60 },
      { key: SECOND, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 200 },
    ]);
    pod('p60-min', [
      { key: OUTAGE, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 60 },
      { key: SECOND, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 90 },
    ]);
    pod('forever', [{ key: OUTAGE, operator: 'Exists', effect: 'NoExecute' }]);
    pod('elsewhere', undefined, 'node-a2');
    c.clock.advance(10_000);
    const t0 = c.clock.now();
    taint([{ key: OUTAGE, effect: 'NoExecute', timeAdded: c.api.timestamp() }]);
    // The first toleration that matches counts: 90 s, not the 60 s after it.
    expect(c.controllers.taintEviction.scheduledDeletion('default', 'p90')).toEqual({
      createdAtMs: t0,
      fireAtMs: t0 + 90_000,
    });
    expect(c.controllers.taintEviction.scheduledDeletion('default', 'forever')).toBeUndefined();
    c.clock.advance(20_000);
    expect(marked.has('forever')).toBe(false);
    const t1 = c.clock.now();
    taint([
      { key: OUTAGE, effect: 'NoExecute' },
      { key: SECOND, effect: 'NoExecute' },
    ]);
    // Two taints: the minimum of the tolerations used (60 s from the first processing).
    expect(c.controllers.taintEviction.scheduledDeletion('default', 'p60-min')?.fireAtMs).toBe(t0 + 60_000);
    // 'forever' does not tolerate the second taint: out at once.
    expect(marked.get('forever')).toBe(t1);
    c.clock.advance(t0 + 60_000 - 1 - c.clock.now());
    expect(marked.has('p60-min')).toBe(false);
    c.clock.advance(1);
    expect(marked.get('p60-min')).toBe(t0 + 60_000);
    expect(marked.get('p90')).toBeUndefined();
    c.clock.advance(t0 + 90_000 - c.clock.now());
    expect(marked.get('p90')).toBe(t0 + 90_000);
    c.clock.advance(600_000);
    expect(marked.has('elsewhere')).toBe(false);
  });

  it('gives pods the admission default of 300 s on an unreachable node; unlimited ones stay', () => {
    const { c, marked, pod, taint } = setup();
    pod('default-300', undefined, 'node-a1', 'busybox:1.36');
    pod('p60', [{ key: UNREACHABLE, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 60 }]);
    pod('forever', [{ key: UNREACHABLE, operator: 'Exists', effect: 'NoExecute' }]);
    c.clock.advance(10_000);
    expect(c.api.get(podKind, 'default', 'default-300').spec.tolerations).toContainEqual({
      key: UNREACHABLE,
      operator: 'Exists',
      effect: 'NoExecute',
      tolerationSeconds: 300,
    });
    // The machine drops off the network; the test plays the node lifecycle controller.
    c.topology.machine('node-a1')!.reachable = false;
    const node = c.api.get(nodeKind, undefined, 'node-a1');
    const conditions = node.status.conditions.map((x: any) => (x.type === 'Ready' ? { ...x, status: 'Unknown' } : x));
    c.api.updateStatus({ ...node, status: { ...node.status, conditions } });
    const t0 = c.clock.now();
    taint([{ key: UNREACHABLE, effect: 'NoExecute', timeAdded: c.api.timestamp() }]);
    c.clock.advance(59_999);
    expect(marked.has('p60')).toBe(false);
    c.clock.advance(1);
    expect(marked.get('p60')).toBe(t0 + 60_000);
    c.clock.advance(239_999);
    expect(marked.has('default-300')).toBe(false);
    c.clock.advance(1);
    expect(marked.get('default-300')).toBe(t0 + 300_000);
    c.clock.advance(1_000_000);
    expect(marked.has('forever')).toBe(false);
    // Its kubelet is unreachable: the evicted pod stays Terminating.
    expect(c.api.get(podKind, 'default', 'default-300').metadata.deletionTimestamp).toBeDefined();
  });

  it('deletes at once for a NoExecute taint the pod does not tolerate, with event and condition', () => {
    const { c, marked, pod, taint, events, get } = setup();
    // busybox sleep as PID 1 ignores SIGTERM: the pod stays Terminating for its 30 s grace.
    pod('victim', undefined, 'node-a1', 'busybox:1.36');
    pod('tolerant', [{ key: 'example.com/maintenance', operator: 'Exists' }]);
    c.clock.advance(10_000);
    expect(get('victim')!.status.phase).toBe('Running');
    const t0 = c.clock.now();
    taint([{ key: 'example.com/maintenance', value: 'now', effect: 'NoExecute' }]);
    expect(marked.get('victim')).toBe(t0);
    expect(marked.has('tolerant')).toBe(false);
    const victim = get('victim')!;
    expect(victim.metadata.deletionGracePeriodSeconds).toBe(30);
    const condition = victim.status.conditions.find((x: any) => x.type === 'DisruptionTarget');
    expect(condition).toEqual({
      type: 'DisruptionTarget',
      observedGeneration: 1,
      status: 'True',
      lastProbeTime: null,
      lastTransitionTime: c.api.timestamp(t0),
      reason: 'DeletionByTaintManager',
      message: 'Taint manager: deleting due to NoExecute taint',
    });
    expect(events()).toEqual(['taint-eviction-controller Normal Pod Marking for deletion Pod default/victim']);
    c.clock.advance(31_000);
    expect(get('victim')).toBeUndefined();
    // The pod going away after its own eviction cancels nothing.
    expect(events()).toEqual(['taint-eviction-controller Normal Pod Marking for deletion Pod default/victim']);
  });

  it('cancels a scheduled deletion when the taint goes before it fires', () => {
    const { c, marked, pod, taint, events } = setup();
    pod('web', [{ key: OUTAGE, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 }]);
    c.clock.advance(5_000);
    taint([{ key: OUTAGE, effect: 'NoExecute' }]);
    expect(c.controllers.taintEviction.scheduledDeletion('default', 'web')).toBeDefined();
    c.clock.advance(100_000);
    // A NoSchedule taint is not the controller's business: the deletion stays scheduled.
    taint([
      { key: OUTAGE, effect: 'NoExecute' },
      { key: SECOND, effect: 'NoSchedule' },
    ]);
    expect(events()).toEqual([]);
    taint([{ key: SECOND, effect: 'NoSchedule' }]);
    expect(c.controllers.taintEviction.scheduledDeletion('default', 'web')).toBeUndefined();
    expect(events()).toEqual(['taint-eviction-controller Normal Pod Cancelling deletion of Pod default/web']);
    c.clock.advance(600_000);
    expect(marked.has('web')).toBe(false);
  });

  it('cancels when the pod is deleted, and schedules a pod bound to a tainted node when it arrives', () => {
    const { c, marked, pod, taint, events } = setup();
    taint([{ key: OUTAGE, effect: 'NoExecute' }]);
    c.clock.advance(50_000);
    const t1 = c.clock.now();
    pod('late', [{ key: OUTAGE, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 20 }]);
    pod('gone', [{ key: OUTAGE, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 }]);
    c.clock.runDue();
    expect(c.controllers.taintEviction.scheduledDeletion('default', 'late')?.fireAtMs).toBe(t1 + 20_000);
    c.api.delete(podKind, 'default', 'gone', { gracePeriodSeconds: 0 });
    c.clock.runDue();
    expect(events()).toEqual(['taint-eviction-controller Normal Pod Cancelling deletion of Pod default/gone']);
    c.clock.advance(20_000);
    expect(marked.get('late')).toBe(t1 + 20_000);
  });

  it('keeps the earlier schedule when the pod is processed again', () => {
    const { c, marked, pod, taint, events } = setup();
    pod('web', [
      { key: OUTAGE, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
      { key: SECOND, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
    ]);
    c.clock.advance(5_000);
    const t0 = c.clock.now();
    taint([{ key: OUTAGE, effect: 'NoExecute' }]);
    c.clock.advance(100_000);
    // A second NoExecute taint (tolerated for 300 s as well) re-processes every pod of the node.
    taint([
      { key: OUTAGE, effect: 'NoExecute' },
      { key: SECOND, effect: 'NoExecute' },
    ]);
    expect(c.controllers.taintEviction.scheduledDeletion('default', 'web')).toEqual({
      createdAtMs: t0,
      fireAtMs: t0 + 300_000,
    });
    // So does a pod update that adds a toleration.
    const current = c.api.get(podKind, 'default', 'web');
    c.api.update({
      ...current,
      spec: { ...current.spec, tolerations: [...current.spec.tolerations, { key: 'example.com/x', operator: 'Exists' }] },
    });
    c.clock.advance(50_000);
    expect(c.controllers.taintEviction.scheduledDeletion('default', 'web')?.fireAtMs).toBe(t0 + 300_000);
    c.clock.advance(t0 + 300_000 - c.clock.now());
    expect(marked.get('web')).toBe(t0 + 300_000);
    expect(events()).toEqual(['taint-eviction-controller Normal Pod Marking for deletion Pod default/web']);
  });

  it('matches tolerations as upstream: the first toleration per taint, the minimum of their seconds', () => {
    const taints: Taint[] = [
      { key: 'a', effect: 'NoExecute' },
      { key: 'b', value: 'x', effect: 'NoExecute' },
    ];
    const tolerations: Toleration[] = [
      { key: 'a', operator: 'Exists', tolerationSeconds: 100 },
      { operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 10 },
      { key: 'b', operator: 'Equal', value: 'x', tolerationSeconds: 5 },
    ];
    const used = matchingTolerations(taints, tolerations)!;
    // 'b' is tolerated first by the wildcard (10 s), not by its own toleration (5 s).
    expect(used).toEqual([tolerations[0], tolerations[1]]);
    expect(minTolerationMs(used)).toBe(10_000);
    expect(matchingTolerations(taints, [{ key: 'a', operator: 'Exists' }])).toBeUndefined();
    expect(minTolerationMs([{ key: 'a' }])).toBe(-1);
    expect(
      minTolerationMs([
        { key: 'a', tolerationSeconds: 0 },
        { key: 'b', tolerationSeconds: 30 },
      ]),
    ).toBe(0);
    expect(minTolerationMs([])).toBe(0);
  });
});
