import { describe, expect, it } from 'vitest';
import { parseStandard, type CronSchedule } from '../../../k8s/cron/schedule';
import {
  mostRecentScheduleTime,
  nextScheduleTime,
  nextScheduleTimeDuration,
  scheduledTimeHashMinutes,
  type ScheduleInputs,
} from './schedule-times';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString().replace('.000Z', 'Z'));

function schedule(spec: string): CronSchedule {
  const parsed = parseStandard(spec);
  if (!parsed.schedule) throw new Error(parsed.error);
  return parsed.schedule;
}

const cronJob = (created: string, last?: string, deadline?: number): ScheduleInputs => ({
  creationTimestampMs: at(created),
  lastScheduleTimeMs: last === undefined ? undefined : at(last),
  startingDeadlineSeconds: deadline,
});

describe('mostRecentScheduleTime / nextScheduleTime', () => {
  it.each([
    // [what, cronjob, now, schedule, most recent, missed, too many]
    ['nothing due yet', cronJob('2026-11-26T08:29:10Z'), '2026-11-26T08:29:50Z', '* * * * *', undefined, 'none', false],
    [
      'the first time',
      cronJob('2026-11-26T08:29:10Z'),
      '2026-11-26T08:30:00.100Z',
      '* * * * *',
      '2026-11-26T08:30:00Z',
      'none',
      false,
    ],
    [
      'one after the last schedule',
      cronJob('2026-11-26T08:00:00Z', '2026-11-26T08:30:00Z'),
      '2026-11-26T08:31:00.100Z',
      '* * * * *',
      '2026-11-26T08:31:00Z',
      'none',
      false,
    ],
    [
      'a few missed: only the most recent is started',
      cronJob('2026-11-26T08:00:00Z', '2026-11-26T08:30:00Z'),
      '2026-11-26T08:35:30Z',
      '* * * * *',
      '2026-11-26T08:35:00Z',
      'few',
      false,
    ],
    // The docs' example: every minute, the controller down from 08:29 to 10:21.
    [
      'more than 100 missed: warned, and (v2) still the most recent',
      cronJob('2026-11-26T08:00:00Z', '2026-11-26T08:29:00Z'),
      '2026-11-26T10:21:00.100Z',
      '* * * * *',
      '2026-11-26T10:21:00Z',
      'many',
      true,
    ],
    [
      'startingDeadlineSeconds 200 bounds the count to the last 200 s',
      cronJob('2026-11-26T08:00:00Z', '2026-11-26T08:29:00Z', 200),
      '2026-11-26T10:21:00.100Z',
      '* * * * *',
      '2026-11-26T10:21:00Z',
      'few',
      false,
    ],
    [
      'an irregular schedule: the true most recent time',
      cronJob('2026-11-23T00:00:00Z', '2026-11-23T06:30:00Z'),
      '2026-11-26T15:00:00Z',
      '30 6-16/4 * * 1-5',
      '2026-11-26T14:30:00Z',
      'few',
      false,
    ],
    [
      '@every counts from the creation time',
      cronJob('2026-11-26T08:00:20Z'),
      '2026-11-26T08:07:00Z',
      '@every 2m',
      '2026-11-26T08:06:20Z',
      'few',
      false,
    ],
    [
      'a time zone: 09:00 in Paris is 08:00 UTC in winter',
      cronJob('2026-11-26T07:00:00Z'),
      '2026-11-26T08:00:00.100Z',
      'TZ=Europe/Paris 0 9 * * *',
      '2026-11-26T08:00:00Z',
      'none',
      false,
    ],
  ] as const)('%s', (_what, cj, now, spec, mostRecent, missed, tooMany) => {
    const s = schedule(spec);
    const recent = mostRecentScheduleTime(cj, at(now), s, true);
    expect(iso(recent.mostRecentMs)).toBe(mostRecent);
    expect(recent.missed).toBe(missed);
    const due = nextScheduleTime(cj, at(now), s);
    expect(iso(due.scheduledMs)).toBe(mostRecent);
    expect(due.tooManyMissed).toBe(tooMany);
  });

  it('refuses a schedule that never fires', () => {
    const due = nextScheduleTime(cronJob('2026-11-26T08:00:00Z'), at('2026-11-26T08:10:00Z'), schedule('0 0 31 2 *'));
    expect(due).toEqual({
      scheduledMs: undefined,
      tooManyMissed: false,
      error: 'time difference between two schedules is less than 1 second',
    });
  });
});

describe('nextScheduleTimeDuration', () => {
  it.each([
    ['before the first time: next time + 100 ms', cronJob('2026-11-26T08:29:10Z'), '2026-11-26T08:29:50Z', '* * * * *', 10_100],
    [
      'right after a run',
      cronJob('2026-11-26T08:00:00Z', '2026-11-26T08:30:00Z'),
      '2026-11-26T08:30:00.100Z',
      '* * * * *',
      60_000,
    ],
    [
      'after missed times: from the most recent one',
      cronJob('2026-11-26T08:00:00Z', '2026-11-26T08:00:00Z'),
      '2026-11-26T08:35:30Z',
      '*/5 * * * *',
      270_100,
    ],
    ['an hourly job', cronJob('2026-11-26T08:10:00Z'), '2026-11-26T08:10:00Z', '@hourly', 3_000_100],
  ] as const)('%s', (_what, cj, now, spec, delay) => {
    expect(nextScheduleTimeDuration(cj, at(now), schedule(spec))).toBe(delay);
  });
});

it('names Jobs by the scheduled time in minutes since the epoch', () => {
  expect(scheduledTimeHashMinutes(at('2026-11-26T08:30:00Z'))).toBe(29928030);
  expect(scheduledTimeHashMinutes(at('2026-11-26T08:30:00Z')) * 60 * 1000).toBe(at('2026-11-26T08:30:00Z'));
});
