import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import { cronJobNextRuns } from './cronjobs';

const cronJob = (name: string, spec: Record<string, unknown>, status: Record<string, unknown> = {}): KObject => ({
  apiVersion: 'batch/v1',
  kind: 'CronJob',
  metadata: { name, namespace: 'default', uid: name },
  spec,
  status,
});

describe('cronJobNextRuns', () => {
  const now = Date.parse('2026-01-01T08:59:30Z');

  it('counts down to the next scheduled time, in the CronJob’s time zone, soonest first', () => {
    const runs = cronJobNextRuns(
      [
        cronJob('paris', { schedule: '0 10 * * *', timeZone: 'Europe/Paris' }),
        cronJob('hello', { schedule: '* * * * *' }, { active: [{ name: 'hello-29454299' }] }),
      ],
      [],
      now,
    );
    expect(runs.map((r) => [r.name, r.remainingMs, r.active])).toEqual([
      ['hello', 30_000, ['hello-29454299']],
      ['paris', 30_000, []],
    ]);
  });

  it('has no next run while suspended or for a schedule that never fires', () => {
    const runs = cronJobNextRuns(
      [cronJob('paused', { schedule: '@hourly', suspend: true }), cronJob('never', { schedule: '0 0 30 2 *' })],
      [],
      now,
    );
    expect(runs.map((r) => [r.name, r.suspended, r.atMs])).toEqual([
      ['never', false, undefined],
      ['paused', true, undefined],
    ]);
  });

  it('lists its most recent Jobs, newest first, with the Job controller’s outcome', () => {
    const job = (name: string, owner: string, conditions: unknown[] = []): KObject => ({
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: {
        name,
        namespace: 'default',
        ownerReferences: [{ apiVersion: 'batch/v1', kind: 'CronJob', name: owner, uid: owner, controller: true }],
      },
      status: { conditions },
    });
    const done = [{ type: 'Complete', status: 'True' }];
    const [run] = cronJobNextRuns(
      [cronJob('hello', { schedule: '* * * * *' })],
      [
        job('hello-29454296', 'hello', done),
        job('hello-29454298', 'hello', [{ type: 'Failed', status: 'True' }]),
        job('hello-29454297', 'hello', done),
        job('hello-29454299', 'hello'),
        job('other-29454299', 'other'),
      ],
      now,
    );
    expect(run.recent.map((r) => [r.name, r.outcome])).toEqual([
      ['hello-29454299', 'Running'],
      ['hello-29454298', 'Failed'],
      ['hello-29454297', 'Complete'],
    ]);
  });
});
