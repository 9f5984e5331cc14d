// The disruption controller on a real cluster (the scheduler places the pods, kubelets start
// them and report Ready): the status it computes, how evictions and deletions move it, the
// 2-minute disruptedPods expiry, the fail-safe, and owner scale changes.

import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { ApiError } from '../../api/errors';
import { eventKind, podDisruptionBudgetKind, podKind, replicaSetKind } from '../../api/kinds';
import { Cluster } from '../../cluster/cluster';
import { readBundledExample } from '../../kubectl/examples';
import { parseManifestText } from '../../kubectl/manifests';

function setup() {
  const c = new Cluster(1, { zones: 1, nodesPerZone: 3 });
  c.clock.runDue();
  const pod = (name: string, labels: Record<string, string>, extra: Partial<KObject['metadata']> = {}) =>
    c.api.create({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name, namespace: 'default', labels, ...extra },
      spec: { containers: [{ name: 'c', image: 'nginx' }] },
    });
  const budget = (name: string, spec: Record<string, unknown>) =>
    c.api.create({ apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name, namespace: 'default' }, spec });
  const status = (name: string) => c.api.get(podDisruptionBudgetKind, 'default', name).status;
  const counters = (name: string) => {
    const s = status(name);
    return `expected=${s.expectedPods} healthy=${s.currentHealthy}/${s.desiredHealthy} allowed=${s.disruptionsAllowed}`;
  };
  const condition = (name: string) => {
    const cond = (status(name).conditions ?? [])[0];
    return cond && `${cond.type}=${cond.status} ${cond.reason}${cond.message ? `: ${cond.message}` : ''}`;
  };
  const events = (reason: string) =>
    c.api
      .list(eventKind)
      .items.filter((e: any) => e.reason === reason)
      .map((e: any) => `${e.source.component} ${e.type} ${e.involvedObject.kind}/${e.involvedObject.name} ${e.message}`);
  const evict = (name: string) => {
    try {
      c.api.evict('default', name, { apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name, namespace: 'default' } });
      return 'evicted';
    } catch (e) {
      if (e instanceof ApiError) return `${e.status.code} ${e.status.details?.causes?.[0]?.message ?? e.message}`;
      throw e;
    }
  };
  const advance = (ms: number) => c.clock.advance(ms);
  return { c, pod, budget, status, counters, condition, events, evict, advance };
}

describe('disruption controller', () => {
  it('computes the status of the zookeeper example budgets as pods come up', () => {
    const { c, pod, counters, condition, events, advance } = setup();
    for (const file of ['minavailable', 'maxunavailable']) {
      const url = `https://k8s.io/examples/policy/zookeeper-pod-disruption-budget-${file}.yaml`;
      const [manifest] = parseManifestText(readBundledExample(url)!, url);
      c.api.create({ ...manifest, metadata: { ...manifest.metadata, name: `zk-${file}`, namespace: 'default' } });
    }
    c.clock.runDue();
    expect(counters('zk-minavailable')).toBe('expected=0 healthy=0/2 allowed=0');
    expect(condition('zk-minavailable')).toBe('DisruptionAllowed=False InsufficientPods');
    expect(events('NoPods')).toContain('controllermanager Normal PodDisruptionBudget/zk-minavailable No matching pods found');

    for (const n of [0, 1, 2]) pod(`zk-${n}`, { 'app.kubernetes.io/name': 'zookeeper' });
    c.clock.runDue();
    expect(counters('zk-minavailable')).toBe('expected=3 healthy=0/2 allowed=0');
    advance(30_000);
    expect(counters('zk-minavailable')).toBe('expected=3 healthy=3/2 allowed=1');
    expect(condition('zk-minavailable')).toBe('DisruptionAllowed=True SufficientPods');
    expect(c.api.get(podDisruptionBudgetKind, 'default', 'zk-minavailable').status.observedGeneration).toBe(1);
    // maxUnavailable needs the pods' controllers: these pods have none.
    expect(counters('zk-maxunavailable')).toBe('expected=0 healthy=3/0 allowed=0');
    expect(events('UnmanagedPods')[0]).toContain(
      'PodDisruptionBudget/zk-maxunavailable Pods selected by this PodDisruptionBudget (selector: &LabelSelector{MatchLabels:map[string]string{app.kubernetes.io/name: zookeeper,},MatchExpressions:[]LabelSelectorRequirement{},}) were found to be unmanaged.',
    );
  });

  it('evictions use the budget up; the pods leaving and returning restore it', () => {
    const { c, pod, budget, counters, evict, status, advance } = setup();
    budget('zk', { minAvailable: 2, selector: { matchLabels: { app: 'zk' } } });
    for (const n of [0, 1, 2]) pod(`zk-${n}`, { app: 'zk' });
    advance(30_000);
    expect(counters('zk')).toBe('expected=3 healthy=3/2 allowed=1');
    expect(evict('zk-0')).toBe('evicted');
    // Synchronously: the budget was decremented and the pod recorded.
    c.clock.runDue();
    // The pod is terminating now: it no longer counts, and its disruptedPods entry is gone.
    expect(counters('zk')).toBe('expected=3 healthy=2/2 allowed=0');
    expect(status('zk').disruptedPods).toBeUndefined();
    expect(evict('zk-1')).toBe('429 The disruption budget zk needs 2 healthy pods and has 2 currently');
    advance(40_000);
    expect(counters('zk')).toBe('expected=2 healthy=2/2 allowed=0');
    pod('zk-3', { app: 'zk' });
    advance(30_000);
    expect(counters('zk')).toBe('expected=3 healthy=3/2 allowed=1');
    expect(evict('zk-1')).toBe('evicted');
  });

  it('keeps an admitted but undeleted pod out of currentHealthy for 2 minutes, then warns NotDeleted', () => {
    const { c, pod, budget, counters, status, events, advance } = setup();
    const pdb = budget('zk', { minAvailable: 1, selector: { matchLabels: { app: 'zk' } } });
    pod('zk-0', { app: 'zk' });
    pod('zk-1', { app: 'zk' });
    advance(30_000);
    expect(counters('zk')).toBe('expected=2 healthy=2/1 allowed=1');
    // What an eviction records when its delete then fails.
    const current = c.api.get(podDisruptionBudgetKind, 'default', pdb.metadata.name!);
    c.api.updateStatus({ ...current, status: { ...current.status, disruptedPods: { 'zk-0': c.api.timestamp() } } });
    c.clock.runDue();
    expect(counters('zk')).toBe('expected=2 healthy=1/1 allowed=0');
    advance(119_000);
    expect(status('zk').disruptedPods).toEqual({ 'zk-0': '2026-01-01T00:00:30Z' });
    expect(events('NotDeleted')).toEqual([]);
    advance(2_000);
    expect(status('zk').disruptedPods).toBeUndefined();
    expect(counters('zk')).toBe('expected=2 healthy=2/1 allowed=1');
    expect(events('NotDeleted')).toEqual([
      "controllermanager Warning Pod/zk-0 Pod was expected by PDB default/default to be deleted but it wasn't",
    ]);
  });

  it('fails safe when a pod’s controller has no scale', () => {
    const { c, pod, budget, counters, condition, events, advance } = setup();
    // The garbage collector would delete a pod whose owner is missing: its owner here exists.
    const svc = c.api.create({
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'owner', namespace: 'default' },
      spec: { ports: [{ port: 80 }] },
    });
    budget('web', { maxUnavailable: 1, selector: { matchLabels: { app: 'web' } } });
    pod(
      'odd',
      { app: 'web' },
      { ownerReferences: [{ apiVersion: 'v1', kind: 'Service', name: 'owner', uid: svc.metadata.uid!, controller: true }] },
    );
    advance(30_000);
    expect(counters('web')).toBe('expected=0 healthy=0/0 allowed=0');
    expect(condition('web')).toBe('DisruptionAllowed=False SyncFailed: services does not implement the scale subresource');
    expect(events('CalculateExpectedPodCountFailed')[0]).toBe(
      'controllermanager Warning PodDisruptionBudget/web Failed to calculate the number of expected pods: services does not implement the scale subresource',
    );
  });

  it('follows the scale of the pods’ ReplicaSet', () => {
    const { c, pod, budget, counters, advance } = setup();
    const rs = c.api.create({
      apiVersion: 'apps/v1',
      kind: 'ReplicaSet',
      metadata: { name: 'web', namespace: 'default' },
      spec: {
        replicas: 3,
        selector: { matchLabels: { app: 'web' } },
        template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } },
      },
    });
    const ref = {
      apiVersion: 'apps/v1',
      kind: 'ReplicaSet',
      name: 'web',
      uid: rs.metadata.uid!,
      controller: true,
      blockOwnerDeletion: true,
    };
    budget('web', { minAvailable: '50%', selector: { matchLabels: { app: 'web' } } });
    const existing = c.api.list(podKind, { namespace: 'default', labelSelector: 'app=web' }).items.length;
    for (let n = existing; n < 3; n++) pod(`web-${n}`, { app: 'web' }, { ownerReferences: [ref] });
    advance(30_000);
    expect(counters('web')).toBe('expected=3 healthy=3/2 allowed=1');
    c.api.patch(replicaSetKind, 'default', 'web', 'merge', { spec: { replicas: 8 } });
    c.clock.runDue();
    expect(counters('web')).toMatch(/^expected=8 healthy=\d\/4 allowed=\d$/);
  });

  it('resets a stale DisruptionTarget condition of a pod that was not deleted after 2 minutes', () => {
    const { c, pod, advance } = setup();
    pod('kept', { app: 'x' });
    advance(10_000);
    const current = c.api.get(podKind, 'default', 'kept');
    const conditions = [
      ...current.status.conditions,
      {
        type: 'DisruptionTarget',
        status: 'True',
        lastProbeTime: null,
        lastTransitionTime: c.api.timestamp(),
        reason: 'EvictionByEvictionAPI',
        message: 'Eviction API: evicting',
      },
    ];
    c.api.updateStatus({ ...current, status: { ...current.status, conditions } });
    const target = () => c.api.get(podKind, 'default', 'kept').status.conditions.find((x: any) => x.type === 'DisruptionTarget');
    advance(119_000);
    expect(target().status).toBe('True');
    advance(2_000);
    expect(target()).toEqual({
      type: 'DisruptionTarget',
      status: 'False',
      lastProbeTime: null,
      lastTransitionTime: '2026-01-01T00:02:10Z',
    });
  });

  it('warns a pod that several budgets select, and keeps each budget’s status', () => {
    const { pod, budget, counters, events, advance } = setup();
    budget('a', { minAvailable: 1, selector: { matchLabels: { app: 'zk' } } });
    budget('b', { minAvailable: 1, selector: {} });
    pod('zk-0', { app: 'zk' });
    advance(30_000);
    expect(counters('a')).toBe('expected=1 healthy=1/1 allowed=0');
    expect(counters('b')).toBe('expected=1 healthy=1/1 allowed=0');
    expect(events('MultiplePodDisruptionBudgets')[0]).toBe(
      'controllermanager Warning Pod/zk-0 Pod "default"/"zk-0" matches multiple PodDisruptionBudgets.  Chose "a" arbitrarily.',
    );
  });
});
