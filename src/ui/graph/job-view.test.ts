import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import { jobCounts, jobTtlDeadline } from './job-view';
import { deriveModel } from './model';

const job = (spec: Record<string, unknown>, status: Record<string, unknown>): KObject => ({
  apiVersion: 'batch/v1',
  kind: 'Job',
  metadata: { name: 'pi', namespace: 'default', uid: 'u1' },
  spec,
  status,
});

const complete = [{ type: 'Complete', status: 'True', lastTransitionTime: '2026-01-01T00:00:23Z' }];

describe('Job cards', () => {
  it.each([
    [
      { completions: 5, parallelism: 2 },
      { succeeded: 2, active: 2, ready: 1 },
      '2/5',
      'Running, COMPLETIONS 2/5\n2 active (1 ready), 2 succeeded, 0 failed',
      'ok',
    ],
    [
      { parallelism: 3 },
      { succeeded: 1 },
      '1/1 of 3',
      'Running, COMPLETIONS 1/1 of 3\n0 active (0 ready), 1 succeeded, 0 failed',
      'ok',
    ],
    [
      { completions: 1 },
      { failed: 4, conditions: [{ type: 'Failed', status: 'True' }] },
      '0/1',
      'Failed, COMPLETIONS 0/1\n0 active (0 ready), 0 succeeded, 4 failed',
      'warn',
    ],
    [
      { completions: 2, suspend: true },
      { conditions: [{ type: 'Suspended', status: 'True' }] },
      '0/2',
      'Suspended, COMPLETIONS 0/2\n0 active (0 ready), 0 succeeded, 0 failed',
      'idle',
    ],
  ])('%j %j → %s', (spec, status, count, title, tone) => {
    expect(jobCounts(job(spec, status))).toEqual({ count, countTitle: title, tone });
  });

  it('counts down to the TTL controller’s delete once the Job finished', () => {
    expect(jobTtlDeadline(job({ ttlSecondsAfterFinished: 100 }, { conditions: complete }))).toEqual({
      atMs: Date.parse('2026-01-01T00:02:03Z'),
      durationMs: 100_000,
      rule: 'ttlSecondsAfterFinished 100 from the Complete condition',
      pending: 'deleted by the TTL-after-finished controller in',
      past: 'TTL expired: being deleted',
    });
    expect(jobTtlDeadline(job({ ttlSecondsAfterFinished: 100 }, {}))).toBeUndefined();
    expect(jobTtlDeadline(job({}, { conditions: complete }))).toBeUndefined();
  });

  it('puts Jobs in the workloads lane', () => {
    const model = deriveModel([job({ completions: 1, ttlSecondsAfterFinished: 100 }, { succeeded: 1, conditions: complete })]);
    expect(model.workloads).toHaveLength(1);
    expect(model.workloads[0]).toMatchObject({ kind: 'Job', count: '1/1', tone: 'ok', label: 'Job default/pi: 1/1' });
    expect(model.workloads[0].deadline?.atMs).toBe(Date.parse('2026-01-01T00:02:03Z'));
  });
});
