// cronjobs: each CronJob's next run as the control-plane panel counts it down, from the mirrored
// CronJob and the simulated clock. The schedule is read as the CronJob controller reads it
// (k8s/cron: robfig/cron's grammar, spec.timeZone prefixed as TZ=); the controller starts the
// Job at the next fire time (and syncs 100 ms later), so that is what the row counts down to.

import { nextFireTime } from '../../k8s/cron/next';
import { parseStandard } from '../../k8s/cron/schedule';
import type { KObject } from '../../k8s/types';
import { objectKey } from '../../protocol/delta';
import type { ObjectKey } from '../../protocol/messages';
import { jobStatus } from '../graph/job-view';

export interface CronJobNextRun {
  key: ObjectKey;
  name: string;
  schedule: string;
  timeZone: string | undefined;
  suspended: boolean;
  /** Names of the CronJob's active Jobs (status.active). */
  active: string[];
  /** Its most recent Jobs, newest first (the names end in the scheduled minute). */
  recent: RecentJob[];
  /** Unix ms of the next scheduled time; undefined when suspended or when it never comes. */
  atMs: number | undefined;
  remainingMs: number | undefined;
}

export interface RecentJob {
  key: ObjectKey;
  name: string;
  /** Its STATUS as `kubectl get jobs` prints it (Complete, Failed, Running, …). */
  outcome: string;
}

/** How many of a CronJob's Jobs the panel lists. */
export const RECENT_JOBS = 3;

/** The Jobs each CronJob controls, by the CronJob's uid, newest first. */
function jobsByCronJob(jobs: readonly KObject[]): Map<string, KObject[]> {
  const out = new Map<string, KObject[]>();
  for (const job of jobs) {
    const ref = job.metadata.ownerReferences?.find((r) => r.controller === true && r.kind === 'CronJob');
    if (!ref) continue;
    const list = out.get(ref.uid) ?? [];
    list.push(job);
    out.set(ref.uid, list);
  }
  for (const list of out.values()) list.sort((a, b) => (b.metadata.name ?? '').localeCompare(a.metadata.name ?? ''));
  return out;
}

/** What a CronJob's next run is computed from (the graph's CronJob card keeps these). */
export interface CronTiming {
  schedule: string;
  timeZone: string | undefined;
  suspended: boolean;
}

export function cronTiming(cj: KObject): CronTiming {
  return {
    schedule: String(cj.spec?.schedule ?? ''),
    timeZone: typeof cj.spec?.timeZone === 'string' ? cj.spec.timeZone : undefined,
    suspended: cj.spec?.suspend === true,
  };
}

/** The schedule the controller parses: TZ=<timeZone> prefixed unless the schedule names one. */
function controllerSchedule({ schedule, timeZone }: CronTiming): string {
  return timeZone !== undefined && !schedule.includes('TZ') ? `TZ=${timeZone} ${schedule}` : schedule;
}

/** Unix ms of the next scheduled time after `nowMs`; undefined when suspended or when it never comes. */
export function nextRunAtMs(cron: CronTiming, nowMs: number): number | undefined {
  if (cron.suspended) return undefined;
  const parsed = parseStandard(controllerSchedule(cron));
  return parsed.schedule ? nextFireTime(parsed.schedule, nowMs) : undefined;
}

export function cronJobNextRuns(cronJobs: readonly KObject[], jobs: readonly KObject[], nowMs: number): CronJobNextRun[] {
  const out: CronJobNextRun[] = [];
  const owned = jobsByCronJob(jobs);
  for (const cj of cronJobs) {
    if (cj.metadata.deletionTimestamp) continue;
    const cron = cronTiming(cj);
    const atMs = nextRunAtMs(cron, nowMs);
    const active = ((cj.status?.active ?? []) as { name?: string }[]).map((r) => r.name ?? '');
    out.push({
      key: objectKey(cj),
      name: cj.metadata.name ?? '',
      ...cron,
      active,
      recent: (owned.get(cj.metadata.uid ?? '') ?? [])
        .slice(0, RECENT_JOBS)
        .map((j) => ({ key: objectKey(j), name: j.metadata.name ?? '', outcome: jobStatus(j) })),
      atMs,
      remainingMs: atMs === undefined ? undefined : atMs - nowMs,
    });
  }
  return out.sort((a, b) => (a.atMs ?? Infinity) - (b.atMs ?? Infinity) || a.name.localeCompare(b.name));
}
