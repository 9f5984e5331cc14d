// The CronJob controller's time decisions (pkg/controller/cronjob/utils.go): which scheduled time
// is due now, how many were missed, when to look again. Times are ms since the Unix epoch.
//
// The docs (seed 004 §2.9) describe the v1 controller, which gave up on a CronJob with more than
// 100 missed start times. The current (v2) controller only warns (TooManyMissedTimes) and still
// starts the most recent one; this follows the source.

import { nextFireTime } from '../../../k8s/cron/next';
import type { CronSchedule } from '../../../k8s/cron/schedule';

/** nextScheduleDelta: requeue 100 ms after the next fire time (NTP skew). */
export const NEXT_SCHEDULE_DELTA_MS = 100;
/** More missed start times than this raise the TooManyMissedTimes warning. */
export const TOO_MANY_MISSED = 100;

export type MissedSchedules = 'none' | 'few' | 'many';

export interface ScheduleInputs {
  creationTimestampMs: number;
  lastScheduleTimeMs: number | undefined;
  startingDeadlineSeconds: number | undefined;
}

export interface MostRecent {
  /** lastScheduleTime, or the creation time, possibly moved up to now − startingDeadlineSeconds. */
  earliestMs: number;
  /** The most recent fire time ≤ now after earliest, if any. */
  mostRecentMs: number | undefined;
  missed: MissedSchedules;
  /** Set for a schedule whose fire times are not a second apart (`0 0 31 2 *` never fires). */
  error?: string;
}

/**
 * mostRecentScheduleTime: the number of missed times is estimated from the gap between the first
 * two fire times after `earliest` (so irregular schedules are counted roughly), and the most
 * recent time is then searched from one interval before the estimate.
 */
export function mostRecentScheduleTime(
  cj: ScheduleInputs,
  nowMs: number,
  schedule: CronSchedule,
  includeStartingDeadlineSeconds: boolean,
): MostRecent {
  let earliestMs = cj.lastScheduleTimeMs ?? cj.creationTimestampMs;
  if (includeStartingDeadlineSeconds && cj.startingDeadlineSeconds !== undefined) {
    const deadline = nowMs - cj.startingDeadlineSeconds * 1000;
    if (deadline > earliestMs) earliestMs = deadline;
  }
  const t1 = nextFireTime(schedule, earliestMs);
  const t2 = t1 === undefined ? undefined : nextFireTime(schedule, t1);
  // robfig's zero time (no fire time within five years) lies before any now.
  if (t1 !== undefined && nowMs < t1) return { earliestMs, mostRecentMs: undefined, missed: 'none' };
  if (t1 !== undefined && t2 !== undefined && nowMs < t2) return { earliestMs, mostRecentMs: t1, missed: 'none' };
  const between = t1 === undefined || t2 === undefined ? 0 : Math.round((t2 - t1) / 1000);
  if (between < 1) {
    return {
      earliestMs,
      mostRecentMs: undefined,
      missed: 'none',
      error: 'time difference between two schedules is less than 1 second',
    };
  }
  const first = t1 as number;
  const elapsed = Math.trunc((nowMs - first) / 1000);
  const missedCount = Math.trunc(elapsed / between) + 1;
  let mostRecentMs: number | undefined;
  const potentialEarliest = first + (missedCount - 2) * between * 1000;
  for (let t = nextFireTime(schedule, potentialEarliest); t !== undefined && t <= nowMs; t = nextFireTime(schedule, t)) {
    mostRecentMs = t;
  }
  const missed: MissedSchedules = missedCount > TOO_MANY_MISSED ? 'many' : missedCount > 0 ? 'few' : 'none';
  return { earliestMs, mostRecentMs, missed };
}

/**
 * nextScheduleTimeDuration: how long until the sync after the next fire time (+100 ms), measured
 * from the most recent fire time (or earliest when none was missed, or now). Undefined when the
 * schedule never fires again (upstream computes a huge negative duration there).
 */
export function nextScheduleTimeDuration(cj: ScheduleInputs, nowMs: number, schedule: CronSchedule): number | undefined {
  const { earliestMs, mostRecentMs, missed, error } = mostRecentScheduleTime(cj, nowMs, schedule, false);
  let from: number;
  if (error !== undefined) from = nowMs;
  else if (mostRecentMs === undefined) from = missed === 'none' ? earliestMs : nowMs;
  else from = mostRecentMs;
  const next = nextFireTime(schedule, from);
  return next === undefined ? undefined : next + NEXT_SCHEDULE_DELTA_MS - nowMs;
}

/** nextScheduleTime's answer: the time to start now, if any, and whether to warn about misses. */
export interface DueTime {
  scheduledMs: number | undefined;
  tooManyMissed: boolean;
  error?: string;
}

/** nextScheduleTime: the most recent unmet time (startingDeadlineSeconds bounding the search). */
export function nextScheduleTime(cj: ScheduleInputs, nowMs: number, schedule: CronSchedule): DueTime {
  const { mostRecentMs, missed, error } = mostRecentScheduleTime(cj, nowMs, schedule, true);
  if (mostRecentMs === undefined || mostRecentMs > nowMs) return { scheduledMs: undefined, tooManyMissed: false, error };
  return { scheduledMs: mostRecentMs, tooManyMissed: missed === 'many', error };
}

/** getTimeHashInMinutes: the Job name suffix, minutes since the epoch of the scheduled time. */
export function scheduledTimeHashMinutes(scheduledMs: number): number {
  return Math.floor(Math.floor(scheduledMs / 1000) / 60);
}
