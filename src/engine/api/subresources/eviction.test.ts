// pods/eviction: which pods skip the disruption-budget hook, what the eviction writes (the
// DisruptionTarget condition, then a graceful delete with the Eviction's options) and how it
// refuses, as pkg/registry/core/pod/storage/eviction.go does.

import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { ApiServer } from '../apiserver';
import { Clock } from '../../clock/clock';
import { SeededRandom } from '../../clock/random';
import { ApiError } from '../errors';
import { createKindRegistry, podKind } from '../kinds';
import { evictionErrors, type DisruptionBudgetChecker, type Eviction } from './eviction';

function api(): ApiServer {
  const a = new ApiServer(new Clock(), new SeededRandom(1), createKindRegistry());
  a.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } });
  return a;
}

/** A pod bound to a node, in `phase` (no kubelet runs: nothing confirms a deletion). */
function pod(a: ApiServer, name: string, phase = 'Running', extra: Record<string, unknown> = {}): KObject {
  const created = a.create({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default', labels: { app: name } },
    spec: { nodeName: 'node-a1', containers: [{ name: 'c', image: 'nginx' }], ...extra },
  });
  return a.updateStatus({ ...created, status: { ...created.status, phase } });
}

const eviction = (name: string, deleteOptions?: Eviction['deleteOptions'], apiVersion = 'policy/v1'): Eviction => ({
  apiVersion,
  kind: 'Eviction',
  metadata: { name, namespace: 'default' },
  ...(deleteOptions ? { deleteOptions } : {}),
});

function refusal(f: () => unknown): ApiError {
  try {
    f();
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('no error');
}

/** A checker that records the pods it saw and answers `answer`. */
function recording(answer: ReturnType<DisruptionBudgetChecker>) {
  const seen: string[] = [];
  const checker: DisruptionBudgetChecker = (p, ctx) => {
    seen.push(`${p.metadata.name}${ctx.dryRun ? ' (dry run)' : ''}`);
    return answer;
  };
  return { seen, checker };
}

describe('pods/eviction', () => {
  it('marks a running pod DisruptionTarget, then deletes it gracefully; answers Success 201', () => {
    const a = api();
    pod(a, 'web');
    const { seen, checker } = recording({ allowed: true });
    a.disruptionBudgets = checker;
    a.clock.advance(5000);
    expect(a.evict('default', 'web', eviction('web'))).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Success',
      code: 201,
    });
    expect(seen).toEqual(['web']);
    const after = a.get(podKind, 'default', 'web');
    expect(after.metadata.deletionTimestamp).toBe('2026-01-01T00:00:35Z');
    expect(after.metadata.deletionGracePeriodSeconds).toBe(30);
    expect(after.status.conditions).toContainEqual({
      type: 'DisruptionTarget',
      status: 'True',
      lastProbeTime: null,
      lastTransitionTime: '2026-01-01T00:00:05Z',
      reason: 'EvictionByEvictionAPI',
      message: 'Eviction API: evicting',
    });
  });

  it('passes the grace period of the Eviction on (0 removes the pod at once); policy/v1beta1 works too', () => {
    const a = api();
    pod(a, 'web');
    a.evict('default', 'web', eviction('web', { gracePeriodSeconds: 0 }, 'policy/v1beta1'));
    expect(a.tryGet(podKind, 'default', 'web')).toBeUndefined();
  });

  it('deletes finished, Pending and terminating pods without asking the budgets', () => {
    const a = api();
    pod(a, 'done', 'Succeeded');
    pod(a, 'failed', 'Failed');
    pod(a, 'pending', 'Pending');
    pod(a, 'leaving');
    a.delete(podKind, 'default', 'leaving', { gracePeriodSeconds: 60 });
    const { seen, checker } = recording({ allowed: false, error: evictionErrors.multipleBudgets() });
    a.disruptionBudgets = checker;
    for (const name of ['done', 'failed', 'pending']) a.evict('default', name, eviction(name));
    // Finished pods have nothing to stop: their deletion is immediate (pod CheckGracefulDelete).
    expect(a.tryGet(podKind, 'default', 'done')).toBeUndefined();
    expect(a.tryGet(podKind, 'default', 'failed')).toBeUndefined();
    expect(a.get(podKind, 'default', 'pending').metadata.deletionGracePeriodSeconds).toBe(30);
    // Already terminating: the condition is added, the pending deletion is only ever shortened.
    a.evict('default', 'leaving', eviction('leaving'));
    const leaving = a.get(podKind, 'default', 'leaving');
    expect(leaving.metadata.deletionGracePeriodSeconds).toBe(60);
    expect(leaving.status.conditions.map((c: { type: string }) => c.type)).toContain('DisruptionTarget');
    a.evict('default', 'leaving', eviction('leaving', { gracePeriodSeconds: 10 }));
    expect(a.get(podKind, 'default', 'leaving').metadata.deletionGracePeriodSeconds).toBe(10);
    expect(seen).toEqual([]);
  });

  it('answers the budget refusal as it is: 429 with its cause, the pod untouched', () => {
    const a = api();
    const before = pod(a, 'web');
    a.disruptionBudgets = () => ({ allowed: false, error: evictionErrors.budgetViolated('web-pdb', 2, 2) });
    const e = refusal(() => a.evict('default', 'web', eviction('web')));
    expect(e.status).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: "Cannot evict pod as it would violate the pod's disruption budget.",
      reason: 'TooManyRequests',
      details: {
        causes: [
          { reason: 'DisruptionBudget', message: 'The disruption budget web-pdb needs 2 healthy pods and has 2 currently' },
        ],
      },
      code: 429,
    });
    expect(a.get(podKind, 'default', 'web')).toBe(before);
  });

  it('has the other refusals of eviction.go ready for the budget checker', () => {
    expect(evictionErrors.budgetProcessing('db').status).toMatchObject({
      code: 429,
      details: {
        retryAfterSeconds: 10,
        causes: [{ reason: 'DisruptionBudget', message: 'The disruption budget db is still being processed by the server.' }],
      },
    });
    expect(evictionErrors.multipleBudgets().status).toMatchObject({
      code: 500,
      message: 'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.',
    });
    expect(evictionErrors.negativeDisruptionsAllowed('db').message).toBe(
      'poddisruptionbudget.policy "db" is forbidden: pdb disruptions allowed is negative',
    );
  });

  it('refuses a missing pod (404) and a malformed request (400)', () => {
    const a = api();
    pod(a, 'web');
    expect(refusal(() => a.evict('default', 'nope', eviction('nope'))).message).toBe('pods "nope" not found');
    expect(refusal(() => a.evict('default', 'web', eviction('other'))).message).toBe(
      'name in URL does not match name in Eviction object',
    );
    expect(refusal(() => a.evict('default', 'web', eviction('web', undefined, 'policy/v2'))).message).toBe(
      'no kind "Eviction" is registered for version "policy/v2"',
    );
    expect(refusal(() => a.evict('kube-system', 'web', eviction('web'))).code).toBe(400);
  });

  it('checks the uid precondition against the latest pod, in its own words', () => {
    const a = api();
    const before = pod(a, 'web');
    const e = refusal(() => a.evict('default', 'web', eviction('web', { preconditions: { uid: 'other' } })));
    expect([e.code, e.message]).toEqual([
      409,
      `Operation cannot be fulfilled on Pod "web": the UID in the precondition (other) does not match the UID in record (${before.metadata.uid}). The object might have been deleted and then recreated`,
    ]);
    expect(a.get(podKind, 'default', 'web')).toBe(before);
  });

  it('moves a resourceVersion precondition past its own condition write', () => {
    const a = api();
    const before = pod(a, 'web');
    a.evict('default', 'web', eviction('web', { preconditions: { resourceVersion: before.metadata.resourceVersion } }));
    expect(a.get(podKind, 'default', 'web').metadata.deletionTimestamp).toBeDefined();
  });

  it('turns a conflict on the unhealthy-pod path into the 429 "still being processed"', () => {
    const a = api();
    pod(a, 'web');
    a.disruptionBudgets = (p, ctx) => {
      // Someone writes the pod between the budget check and the delete.
      ctx.api.updateStatus({ ...p, status: { ...p.status, message: 'changed' } });
      return { allowed: true, guardResourceVersion: true, pdbName: 'web-pdb' };
    };
    const e = refusal(() => a.evict('default', 'web', eviction('web')));
    expect([e.code, e.status.details?.causes?.[0]?.message]).toEqual([
      429,
      'The disruption budget web-pdb is still being processed by the server.',
    ]);
  });

  it('changes nothing on a dry run (the checker is told)', () => {
    const a = api();
    const before = pod(a, 'web');
    const { seen, checker } = recording({ allowed: true });
    a.disruptionBudgets = checker;
    a.evict('default', 'web', eviction('web'), { dryRun: true });
    a.evict('default', 'web', eviction('web', { dryRun: ['All'] }));
    expect(seen).toEqual(['web (dry run)', 'web (dry run)']);
    expect(a.get(podKind, 'default', 'web')).toBe(before);
  });
});
