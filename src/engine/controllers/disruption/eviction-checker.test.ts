// The eviction API's budget check (eviction.go) on a bare API server: budgets and pod readiness
// are written by hand, so each rule is seen alone — matching budgets, the unhealthy-pod policies,
// checkAndDecrement's refusals and the status it writes.

import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { ApiServer } from '../../api/apiserver';
import { ApiError } from '../../api/errors';
import { createKindRegistry, podDisruptionBudgetKind, podKind } from '../../api/kinds';
import { Clock } from '../../clock/clock';
import { SeededRandom } from '../../clock/random';
import { checkDisruptionBudgets } from './eviction-checker';

function setup() {
  const api = new ApiServer(new Clock(), new SeededRandom(1), createKindRegistry());
  api.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } });
  api.disruptionBudgets = checkDisruptionBudgets;
  api.clock.advance(61_000);
  const pod = (name: string, ready: boolean, labels: Record<string, string> = { app: 'zk' }): KObject => {
    const created = api.create({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name, namespace: 'default', labels },
      spec: { nodeName: 'node-a1', containers: [{ name: 'c', image: 'nginx' }] },
    });
    return api.updateStatus({
      ...created,
      status: { phase: 'Running', conditions: [{ type: 'Ready', status: ready ? 'True' : 'False' }] },
    });
  };
  const budget = (name: string, spec: Record<string, unknown>, status: Record<string, unknown>): KObject => {
    const created = api.create({
      apiVersion: 'policy/v1',
      kind: 'PodDisruptionBudget',
      metadata: { name, namespace: 'default' },
      spec: { selector: { matchLabels: { app: 'zk' } }, ...spec },
    });
    return api.updateStatus({ ...created, status: { ...created.status, observedGeneration: 1, ...status } });
  };
  const evict = (name: string, dryRun = false) => {
    try {
      api.evict(
        'default',
        name,
        { apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name, namespace: 'default' } },
        { dryRun },
      );
      return 'evicted';
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const causes = (e.status.details?.causes ?? []).map((c) => c.message).join('; ');
      return `${e.status.code} ${e.message}${causes ? ` [${causes}]` : ''}`;
    }
  };
  const status = (name: string) => api.get(podDisruptionBudgetKind, 'default', name).status;
  const deleting = (name: string) => !!api.get(podKind, 'default', name).metadata.deletionTimestamp;
  return { api, pod, budget, evict, status, deleting };
}

const healthy = { disruptionsAllowed: 1, currentHealthy: 3, desiredHealthy: 2, expectedPods: 3 };

describe('eviction budget check', () => {
  it('allows pods no budget selects', () => {
    const { pod, budget, evict, deleting } = setup();
    budget('zk', { minAvailable: 2 }, { ...healthy, disruptionsAllowed: 0 });
    pod('other', true, { app: 'web' });
    expect(evict('other')).toBe('evicted');
    expect(deleting('other')).toBe(true);
  });

  it('decrements disruptionsAllowed and records the pod, flipping the condition at 0', () => {
    const { pod, budget, evict, status, deleting } = setup();
    budget('zk', { minAvailable: 2 }, healthy);
    pod('zk-0', true);
    pod('zk-1', true);
    expect(evict('zk-0')).toBe('evicted');
    expect(deleting('zk-0')).toBe(true);
    expect(status('zk')).toEqual({
      observedGeneration: 1,
      disruptedPods: { 'zk-0': '2026-01-01T00:01:01Z' },
      disruptionsAllowed: 0,
      currentHealthy: 3,
      desiredHealthy: 2,
      expectedPods: 3,
      conditions: [
        {
          type: 'DisruptionAllowed',
          status: 'False',
          observedGeneration: 1,
          lastTransitionTime: '2026-01-01T00:01:01Z',
          reason: 'InsufficientPods',
          message: '',
        },
      ],
    });
    expect(evict('zk-1')).toBe(
      "429 Cannot evict pod as it would violate the pod's disruption budget. [The disruption budget zk needs 2 healthy pods and has 3 currently]",
    );
    expect(deleting('zk-1')).toBe(false);
  });

  it('a dry run is checked but writes nothing', () => {
    const { pod, budget, evict, status, deleting } = setup();
    const before = budget('zk', { minAvailable: 2 }, healthy).status;
    pod('zk-0', true);
    expect(evict('zk-0', true)).toBe('evicted');
    expect(status('zk')).toEqual(before);
    expect(deleting('zk-0')).toBe(false);
  });

  it('refuses while the status lags the spec, and for a broken status', () => {
    const { api, pod, budget, evict } = setup();
    const pdb = budget('zk', { minAvailable: 2 }, healthy);
    pod('zk-0', true);
    api.update({ ...pdb, spec: { ...pdb.spec, minAvailable: 1 } });
    expect(evict('zk-0')).toBe(
      "429 Cannot evict pod as it would violate the pod's disruption budget. [The disruption budget zk is still being processed by the server.]",
    );
    const disrupted = Object.fromEntries(Array.from({ length: 2001 }, (_, i) => [`p${i}`, '2026-01-01T00:01:00Z']));
    budget('many', { minAvailable: 1, selector: { matchLabels: { app: 'many' } } }, { ...healthy, disruptedPods: disrupted });
    pod('m', true, { app: 'many' });
    expect(evict('m')).toBe(
      '403 poddisruptionbudget.policy "many" is forbidden: DisruptedPods map too big - too many evictions not confirmed by PDB controller',
    );
  });

  it('refuses a pod that several budgets select with a 500', () => {
    const { pod, budget, evict } = setup();
    budget('a', { minAvailable: 1 }, healthy);
    budget('b', { maxUnavailable: 1, selector: {} }, healthy);
    pod('zk-0', true);
    expect(evict('zk-0')).toBe(
      '500 This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.',
    );
  });

  it('lets an unready pod go when the budget is met (IfHealthyBudget) or always (AlwaysAllow)', () => {
    const { pod, budget, evict, status } = setup();
    budget('zk', { minAvailable: 2 }, { ...healthy, disruptionsAllowed: 0, currentHealthy: 2 });
    pod('zk-0', false);
    expect(evict('zk-0')).toBe('evicted');
    expect(status('zk').disruptionsAllowed).toBe(0);

    budget(
      'short',
      { minAvailable: 3, selector: { matchLabels: { app: 'short' } } },
      { ...healthy, disruptionsAllowed: 0, currentHealthy: 2, desiredHealthy: 3 },
    );
    pod('s-0', false, { app: 'short' });
    expect(evict('s-0')).toBe(
      "429 Cannot evict pod as it would violate the pod's disruption budget. [The disruption budget short needs 3 healthy pods and has 2 currently]",
    );

    budget(
      'always',
      { minAvailable: 3, unhealthyPodEvictionPolicy: 'AlwaysAllow', selector: { matchLabels: { app: 'always' } } },
      { ...healthy, disruptionsAllowed: 0, currentHealthy: 2, desiredHealthy: 3 },
    );
    pod('a-0', false, { app: 'always' });
    expect(evict('a-0')).toBe('evicted');
  });
});
