// batch/v1 CronJob validation through the API server: the timeZone naming rules, TZ in the
// schedule (refused on create, kept on updates of CronJobs that already had it, not together with
// timeZone), and the 52-character name limit on create only.

import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { ApiServer } from '../apiserver';
import { Clock } from '../../clock/clock';
import { SeededRandom } from '../../clock/random';
import { ApiError } from '../errors';
import { createKindRegistry, cronJobKind } from '../kinds';
import { validateCronJobUpdate, validateTimeZone } from './cronjob';
import { fieldErrorMessage } from '../errors';
import { defaultCronJob } from '../defaulting/cronjob';

function api(): ApiServer {
  const a = new ApiServer(new Clock(), new SeededRandom(1), createKindRegistry());
  a.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } });
  return a;
}

const cronJob = (spec: Record<string, unknown>, name = 'hello'): KObject => ({
  apiVersion: 'batch/v1',
  kind: 'CronJob',
  metadata: { name, namespace: 'default' },
  spec: {
    jobTemplate: {
      spec: { template: { spec: { containers: [{ name: 'c', image: 'busybox' }], restartPolicy: 'OnFailure' } } },
    },
    ...spec,
  },
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

describe('CronJob timeZone', () => {
  it.each([
    ['Europe/Paris', []],
    ['America/Argentina/Buenos_Aires', []],
    ['Etc/GMT+5', []],
    ['', ['spec.timeZone: Invalid value: "": timeZone must be nil or non-empty string']],
    ['Europe/../Paris', ['spec.timeZone: Invalid value: "Europe/../Paris": unknown time zone Europe/../Paris']],
    ['-Europe/Paris', ['spec.timeZone: Invalid value: "-Europe/Paris": unknown time zone -Europe/Paris']],
    ['Europe//Paris', ['spec.timeZone: Invalid value: "Europe//Paris": unknown time zone Europe//Paris']],
    ['America/Fifteen_Chars', ['spec.timeZone: Invalid value: "America/Fifteen_Chars": unknown time zone America/Fifteen_Chars']],
    ['Mars/Olympus', ['spec.timeZone: Invalid value: "Mars/Olympus": unknown time zone Mars/Olympus']],
    [
      'local',
      [
        'spec.timeZone: Invalid value: "local": timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones',
        'spec.timeZone: Invalid value: "local": unknown time zone local',
      ],
    ],
  ])('%j', (tz, expected) => {
    expect(validateTimeZone(tz, 'spec.timeZone').map(fieldErrorMessage)).toEqual(expected);
  });
});

describe('CronJob create and update', () => {
  it('defaults the policy, suspend and history limits, and starts with an empty status', () => {
    const created = api().create(cronJob({ schedule: '@hourly' }));
    expect(created.spec.concurrencyPolicy).toBe('Allow');
    expect(created.spec.suspend).toBe(false);
    expect(created.spec.successfulJobsHistoryLimit).toBe(3);
    expect(created.spec.failedJobsHistoryLimit).toBe(1);
    expect(created.status).toEqual({});
    expect(created.metadata.generation).toBe(1);
  });

  it('refuses a schedule with TZ= or a missing one', () => {
    const a = api();
    expect(message(() => a.create(cronJob({ schedule: 'TZ=UTC 0 * * * *' })))).toBe(
      'CronJob.batch "hello" is invalid: spec.schedule: Invalid value: "TZ=UTC 0 * * * *": cannot use TZ or CRON_TZ in schedule, use timeZone field instead',
    );
    expect(message(() => a.create(cronJob({})))).toBe('CronJob.batch "hello" is invalid: spec.schedule: Required value');
  });

  it('keeps TZ on updates of a CronJob that had it, but not together with timeZone', () => {
    // Validation reads defaulted objects.
    const old = defaultCronJob(cronJob({ schedule: 'TZ=UTC 0 * * * *' }));
    const msgs = (spec: Record<string, unknown>) =>
      validateCronJobUpdate(
        { ...old, metadata: { ...old.metadata, resourceVersion: '1' }, spec: { ...old.spec, ...spec } },
        { ...old, metadata: { ...old.metadata, resourceVersion: '1' } },
      ).map(fieldErrorMessage);
    expect(msgs({ schedule: 'TZ=UTC 30 * * * *' })).toEqual([]);
    expect(msgs({ timeZone: 'UTC' })).toEqual([
      'spec.schedule: Invalid value: "TZ=UTC 0 * * * *": cannot use both timeZone field and TZ or CRON_TZ in schedule',
    ]);
  });

  it('limits names to 52 characters on create only', () => {
    const a = api();
    const long = 'a'.repeat(53);
    expect(message(() => a.create(cronJob({ schedule: '@daily' }, long)))).toBe(
      `CronJob.batch "${long}" is invalid: metadata.name: Invalid value: "${long}": must be no more than 52 characters`,
    );
    expect(a.create(cronJob({ schedule: '@daily' }, 'a'.repeat(52))).metadata.name).toHaveLength(52);
    expect(a.registry.forObject('batch/v1', 'CronJob')).toBe(cronJobKind);
  });
});
