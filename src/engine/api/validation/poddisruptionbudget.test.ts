// policy/v1 PodDisruptionBudget validation through the API server: the spec checks (exactly one
// budget, int ≥ 0 or a percent ≤ 100%, selector, unhealthyPodEvictionPolicy), path-segment names,
// mutable spec with a generation bump, and the status subresource's counters.

import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { ApiServer } from '../apiserver';
import { Clock } from '../../clock/clock';
import { SeededRandom } from '../../clock/random';
import { ApiError } from '../errors';
import { createKindRegistry, podDisruptionBudgetKind } from '../kinds';

function api(): ApiServer {
  const a = new ApiServer(new Clock(), new SeededRandom(1), createKindRegistry());
  a.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } });
  return a;
}

const pdb = (spec: Record<string, unknown>, name = 'zk-pdb'): KObject => ({
  apiVersion: 'policy/v1',
  kind: 'PodDisruptionBudget',
  metadata: { name, namespace: 'default' },
  spec,
});

function message(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof ApiError) return e.message;
    throw e;
  }
  throw new Error('no error');
}

const selector = { matchLabels: { app: 'zookeeper' } };

describe('PodDisruptionBudget validation', () => {
  it('accepts an int, a percent, or neither; starts with the zero status and generation 1', () => {
    const a = api();
    const created = a.create(pdb({ minAvailable: 2, selector }));
    expect(created.metadata.generation).toBe(1);
    expect(created.status).toEqual({ disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0 });
    expect(a.create(pdb({ maxUnavailable: '25%', selector }, 'b')).spec.maxUnavailable).toBe('25%');
    expect(a.create(pdb({ selector }, 'c')).spec).toEqual({ selector });
    expect(
      a.create(pdb({ minAvailable: 0, selector: {}, unhealthyPodEvictionPolicy: 'AlwaysAllow' }, 'd')).spec.minAvailable,
    ).toBe(0);
  });

  it('refuses both budgets, negative ints, bad or too large percents and unknown policies', () => {
    const a = api();
    expect(message(() => a.create(pdb({ minAvailable: 1, maxUnavailable: 1, selector })))).toBe(
      'PodDisruptionBudget.policy "zk-pdb" is invalid: spec: Invalid value: policy.PodDisruptionBudgetSpec{MinAvailable:(*intstr.IntOrString)(0xc000a1c4e0), Selector:(*v1.LabelSelector)(0xc000a1c500), MaxUnavailable:(*intstr.IntOrString)(0xc000a1c520), UnhealthyPodEvictionPolicy:(*policy.UnhealthyPodEvictionPolicyType)(nil)}: minAvailable and maxUnavailable cannot be both set',
    );
    expect(message(() => a.create(pdb({ minAvailable: -1, selector })))).toBe(
      'PodDisruptionBudget.policy "zk-pdb" is invalid: spec.minAvailable: Invalid value: -1: must be greater than or equal to 0',
    );
    expect(message(() => a.create(pdb({ maxUnavailable: '5', selector })))).toBe(
      `PodDisruptionBudget.policy "zk-pdb" is invalid: spec.maxUnavailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"5"}: a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')`,
    );
    expect(message(() => a.create(pdb({ minAvailable: '101%', selector })))).toBe(
      'PodDisruptionBudget.policy "zk-pdb" is invalid: spec.minAvailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"101%"}: must not be greater than 100%',
    );
    expect(message(() => a.create(pdb({ minAvailable: 1, selector, unhealthyPodEvictionPolicy: 'Never' })))).toBe(
      'PodDisruptionBudget.policy "zk-pdb" is invalid: spec.unhealthyPodEvictionPolicy: Unsupported value: "Never": supported values: "AlwaysAllow", "IfHealthyBudget"',
    );
    expect(
      message(() => a.create(pdb({ minAvailable: 1, selector: { matchExpressions: [{ key: 'app', operator: 'In' }] } }))),
    ).toBe(
      "PodDisruptionBudget.policy \"zk-pdb\" is invalid: spec.selector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'",
    );
  });

  it('only needs path-segment names, checked after the spec', () => {
    const a = api();
    expect(a.create(pdb({ minAvailable: 1, selector }, 'Zoo_Keeper')).metadata.name).toBe('Zoo_Keeper');
    expect(message(() => a.create(pdb({ minAvailable: 1, selector }, 'a/b')))).toBe(
      `PodDisruptionBudget.policy "a/b" is invalid: metadata.name: Invalid value: "a/b": may not contain '/'`,
    );
  });

  it('lets the spec change (generation + 1) and keeps status out of main-resource writes', () => {
    const a = api();
    const created = a.create(pdb({ minAvailable: 2, selector }));
    const updated = a.update({ ...created, spec: { maxUnavailable: 1, selector }, status: { disruptionsAllowed: 9 } });
    expect(updated.metadata.generation).toBe(2);
    expect(updated.status.disruptionsAllowed).toBe(0);
  });

  it('refuses negative status counters and incomplete conditions', () => {
    const a = api();
    const created = a.create(pdb({ minAvailable: 2, selector }));
    expect(message(() => a.updateStatus({ ...created, status: { ...created.status, currentHealthy: -1 } }))).toBe(
      'PodDisruptionBudget.policy "zk-pdb" is invalid: status.currentHealthy: Invalid value: -1: must be greater than or equal to 0',
    );
    expect(
      message(() =>
        a.updateStatus({
          ...created,
          status: { ...created.status, conditions: [{ type: 'DisruptionAllowed', status: 'Maybe', reason: 'X', message: '' }] },
        }),
      ),
    ).toContain('status.conditions[0].status: Unsupported value: "Maybe"');
  });

  it('is served as policy/v1 with the short name pdb', () => {
    const a = api();
    expect(a.registry.resolveResource('pdb')).toBe(podDisruptionBudgetKind);
    expect(a.registry.forObject('policy/v1beta1', 'PodDisruptionBudget')).toBeUndefined();
  });
});
