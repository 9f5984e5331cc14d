// CronJob controller (pkg/controller/cronjob/cronjob_controllerv2.go, utils.go), events from
// `cronjob-controller`.
//
// sync(key):
//  1. the CronJob from the cache; its Jobs are those whose controllerRef carries its uid (the
//     owner-uid index, where upstream lists the namespace and matches the controllerRef's name);
//  2. history cleanup: finished Jobs beyond successfulJobsHistoryLimit / failedJobsHistoryLimit go,
//     oldest start time first, with background propagation (SuccessfulDelete "Deleted job …");
//  3. status.active reconciled with the Jobs: a finished one leaves it (SawCompletedJob), an
//     unfinished one missing from it is reported (UnexpectedJob), an entry whose Job is gone is
//     dropped (MissingJob); lastSuccessfulTime follows the latest completed Job;
//  4. nothing more while being deleted, for an unknown timeZone (UnknownTimeZone), when
//     suspended, or for a schedule that does not parse (UnparseableSchedule) — no requeue;
//  5. the most recent unmet scheduled time (schedule-times.ts), evaluated in spec.timeZone: none →
//     requeue at the next one; past startingDeadlineSeconds → MissSchedule; already started →
//     requeue; Forbid with an active Job → JobAlreadyActive; Replace → delete the active Jobs;
//  6. create `<name>-<minutes since the epoch>` from the job template, annotated with
//     batch.kubernetes.io/cronjob-scheduled-timestamp, controlled by the CronJob
//     (SuccessfulCreate), add it to status.active, set lastScheduleTime to the scheduled time;
//  7. one status write for everything above; requeue 100 ms after the next scheduled time.
// Event handlers: CronJobs enqueue themselves (a changed schedule or time zone waits for its next
// time); a Job with a CronJob controllerRef wakes that CronJob.

import { parseStandard, type CronSchedule } from '../../../k8s/cron/schedule';
import { formatRFC1123ZUtc, formatRFC3339In, loadLocation, UTC_ZONE } from '../../../k8s/cron/time-zone';
import type { KObject, ObjectReference } from '../../../k8s/types';
import type { ApiServer } from '../../api/apiserver';
import { deepEqual } from '../../api/deep';
import { isApiError } from '../../api/errors';
import { cronJobKind, jobKind } from '../../api/kinds';
import type { Clock } from '../../clock/clock';
import { Controller } from '../../runtime/controller';
import { referenceTo, type Recorder } from '../../runtime/events';
import { objectKey, OWNER_UID_INDEX, type Informer, type InformerFactory } from '../../runtime/informer';
import { getControllerOf, newControllerRef } from '../controller-ref-manager';
import { conditionTrue } from '../job/job-state';
import { hasStatusCause, NAMESPACE_TERMINATING_CAUSE } from '../pod-control';
import { nextScheduleTime, nextScheduleTimeDuration, scheduledTimeHashMinutes, type ScheduleInputs } from './schedule-times';

export const CRONJOB_CONTROLLER = 'cronjob-controller';
/** batchv1.CronJobScheduledTimestampAnnotation (CronJobsScheduledAnnotation, on by default). */
export const CRONJOB_SCHEDULED_TIMESTAMP_ANNOTATION = 'batch.kubernetes.io/cronjob-scheduled-timestamp';

const CRONJOB_OWNER_KIND = { apiVersion: 'batch/v1', kind: 'CronJob' };

export interface CronJobControllerDeps {
  api: ApiServer;
  clock: Clock;
  informers: InformerFactory;
  recorder: Recorder;
}

interface CronJobStatus {
  active?: ObjectReference[];
  lastScheduleTime?: string;
  lastSuccessfulTime?: string;
}

/** FinishedCondition: `Complete` or `Failed` when that condition is True (validation allows only one). */
export function finishedCondition(job: KObject): 'Complete' | 'Failed' | undefined {
  if (conditionTrue(job, 'Complete')) return 'Complete';
  if (conditionTrue(job, 'Failed')) return 'Failed';
  return undefined;
}

/** metav1.Time as the API writes it: RFC 3339 in UTC, whole seconds. */
function metaTime(unixMs: number): string {
  return new Date(Math.floor(unixMs / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

const parseTime = (t: unknown): number | undefined => (typeof t === 'string' ? Date.parse(t) : undefined);

/** byJobStartTime: by status.startTime (unset last), then by name. */
function byStartTime(a: KObject, b: KObject): number {
  const sa = parseTime(a.status?.startTime);
  const sb = parseTime(b.status?.startTime);
  if (sa === undefined && sb !== undefined) return 1;
  if (sa !== undefined && sb === undefined) return -1;
  if (sa === sb) {
    const na = a.metadata.name ?? '';
    const nb = b.metadata.name ?? '';
    return na < nb ? -1 : na > nb ? 1 : 0;
  }
  return (sa as number) - (sb as number);
}

/** formatSchedule: TZ in the schedule is used as is (with a warning); else spec.timeZone is prefixed. */
function formatSchedule(cj: KObject, warn: ((message: string) => void) | undefined): string {
  const schedule = String(cj.spec?.schedule ?? '');
  if (schedule.includes('TZ')) {
    warn?.(
      `CRON_TZ or TZ used in schedule ${JSON.stringify(schedule)} is not officially supported, see https://kubernetes.io/docs/concepts/workloads/controllers/cron-jobs/ for more details`,
    );
    return schedule;
  }
  const timeZone = cj.spec?.timeZone;
  if (typeof timeZone === 'string') {
    if (typeof loadLocation(timeZone) === 'string') return schedule;
    return `TZ=${timeZone} ${schedule}`;
  }
  return schedule;
}

function scheduleInputs(cj: KObject, status: CronJobStatus): ScheduleInputs {
  const deadline = cj.spec?.startingDeadlineSeconds;
  return {
    creationTimestampMs: parseTime(cj.metadata.creationTimestamp) ?? 0,
    lastScheduleTimeMs: parseTime(status.lastScheduleTime),
    startingDeadlineSeconds: typeof deadline === 'number' ? deadline : undefined,
  };
}

/** CronJobStatus's JSON field order, empty active omitted. */
function orderStatus(s: CronJobStatus): CronJobStatus {
  const out: CronJobStatus = {};
  if (s.active && s.active.length) out.active = s.active;
  if (s.lastScheduleTime) out.lastScheduleTime = s.lastScheduleTime;
  if (s.lastSuccessfulTime) out.lastSuccessfulTime = s.lastSuccessfulTime;
  return out;
}

export function startCronJobController(deps: CronJobControllerDeps): Controller {
  const { api, clock, informers, recorder } = deps;
  const cronJobs: Informer = informers.informerFor(cronJobKind);
  const jobs: Informer = informers.informerFor(jobKind);

  const resolveControllerRef = (namespace: string | undefined, ref: { kind: string; name: string; uid: string }) => {
    if (ref.kind !== 'CronJob') return undefined;
    const cj = cronJobs.get(namespace, ref.name);
    return cj && cj.metadata.uid === ref.uid ? cj : undefined;
  };

  const ownerKeyOf = (job: KObject): string | undefined => {
    const ref = getControllerOf(job);
    if (!ref) return undefined;
    const cj = resolveControllerRef(job.metadata.namespace, ref);
    return cj ? objectKey(cj) : undefined;
  };

  /** getJobsToBeReconciled: the Jobs this CronJob controls. */
  const jobsOf = (cj: KObject): KObject[] => {
    const uid = cj.metadata.uid ?? '';
    return jobs.byIndex(OWNER_UID_INDEX, uid).filter((j) => getControllerOf(j)?.uid === uid);
  };

  /** deleteJob: background deletion, then out of the active list. */
  const deleteJob = (cj: KObject, status: CronJobStatus, job: KObject): boolean => {
    try {
      api.delete(jobKind, job.metadata.namespace, job.metadata.name ?? '', { propagationPolicy: 'Background' });
    } catch (e) {
      recorder.eventf(cj, 'Warning', 'FailedDelete', 'Deleted job: %v', (e as Error).message);
      return false;
    }
    status.active = (status.active ?? []).filter((r) => r.uid !== job.metadata.uid);
    recorder.eventf(cj, 'Normal', 'SuccessfulDelete', 'Deleted job %v', job.metadata.name);
    return true;
  };

  /** cleanupFinishedJobs / removeOldestJobs. */
  const cleanupFinishedJobs = (cj: KObject, status: CronJobStatus, children: KObject[]): boolean => {
    const successfulLimit = cj.spec?.successfulJobsHistoryLimit;
    const failedLimit = cj.spec?.failedJobsHistoryLimit;
    if (typeof successfulLimit !== 'number' && typeof failedLimit !== 'number') return false;
    const successful = children.filter((j) => finishedCondition(j) === 'Complete');
    const failed = children.filter((j) => finishedCondition(j) === 'Failed');
    let changed = false;
    for (const [finished, limit] of [
      [successful, successfulLimit],
      [failed, failedLimit],
    ] as const) {
      if (typeof limit !== 'number' || finished.length <= limit) continue;
      const oldestFirst = [...finished].sort(byStartTime);
      for (const job of oldestFirst.slice(0, finished.length - limit)) {
        if (deleteJob(cj, status, job)) changed = true;
      }
    }
    return changed;
  };

  /** getJobFromTemplate2: the Job for one scheduled time. */
  const jobFromTemplate = (cj: KObject, scheduledMs: number): KObject => {
    const template = cj.spec?.jobTemplate ?? {};
    const timeZone = typeof cj.spec?.timeZone === 'string' ? loadLocation(cj.spec.timeZone) : UTC_ZONE;
    const zone = typeof timeZone === 'string' ? UTC_ZONE : timeZone;
    const annotations: Record<string, string> = {
      ...(template.metadata?.annotations ?? {}),
      [CRONJOB_SCHEDULED_TIMESTAMP_ANNOTATION]: formatRFC3339In(scheduledMs, zone),
    };
    const metadata: KObject['metadata'] = {
      name: `${cj.metadata.name}-${scheduledTimeHashMinutes(scheduledMs)}`,
      namespace: cj.metadata.namespace,
      annotations,
      ownerReferences: [newControllerRef(cj, CRONJOB_OWNER_KIND)],
    };
    const labels = template.metadata?.labels;
    if (labels && Object.keys(labels).length) metadata.labels = { ...labels };
    return { apiVersion: 'batch/v1', kind: 'Job', metadata, spec: template.spec ?? {} };
  };

  /** syncCronJob: returns the requeue delay (undefined: none) and whether status changed. */
  const syncCronJob = (
    cjIn: KObject,
    status: CronJobStatus,
    children: KObject[],
  ): { requeueAfterMs?: number; changed: boolean; error?: unknown } => {
    let cj = cjIn;
    const now = clock.nowUnixMs();
    let changed = false;
    const childUids = new Set<string>();
    const inActive = (uid: string | undefined) => (status.active ?? []).some((r) => r.uid === uid);
    for (const job of children) {
      const uid = job.metadata.uid;
      childUids.add(uid ?? '');
      const found = inActive(uid);
      const finished = finishedCondition(job);
      if (!found && !finished) {
        // The cache may be behind our own status write: ask the server before complaining.
        let fresh: KObject;
        try {
          fresh = api.get(cronJobKind, cj.metadata.namespace, cj.metadata.name ?? '');
        } catch (e) {
          return { changed, error: e };
        }
        const freshActive = ((fresh.status?.active ?? []) as ObjectReference[]).some((r) => r.uid === uid);
        if (freshActive) {
          // Carry on with the server's copy, as upstream does.
          cj = fresh;
          const freshStatus = (fresh.status ?? {}) as CronJobStatus;
          status.active = [...(freshStatus.active ?? [])];
          status.lastScheduleTime = freshStatus.lastScheduleTime;
          status.lastSuccessfulTime = freshStatus.lastSuccessfulTime;
          continue;
        }
        recorder.eventf(
          cj,
          'Warning',
          'UnexpectedJob',
          'Saw a job that the controller did not create or forgot: %s',
          job.metadata.name,
        );
      } else if (finished) {
        if (found) {
          status.active = (status.active ?? []).filter((r) => r.uid !== uid);
          recorder.eventf(cj, 'Normal', 'SawCompletedJob', 'Saw completed job: %s, condition: %v', job.metadata.name, finished);
          changed = true;
        }
        if (finished === 'Complete') {
          const completion = parseTime(job.status?.completionTime);
          const last = parseTime(status.lastSuccessfulTime);
          if (completion !== undefined && (last === undefined || completion > last)) {
            status.lastSuccessfulTime = job.status?.completionTime as string;
            changed = true;
          }
        }
      }
    }

    // An active entry whose Job is gone (checked with the server, not the cache) is dropped.
    for (const ref of [...(status.active ?? [])]) {
      if (childUids.has(ref.uid ?? '')) continue;
      if (api.tryGet(jobKind, ref.namespace, ref.name ?? '') !== undefined) continue;
      recorder.eventf(cj, 'Normal', 'MissingJob', 'Active job went missing: %v', ref.name);
      status.active = (status.active ?? []).filter((r) => r.uid !== ref.uid);
      changed = true;
    }

    if (cj.metadata.deletionTimestamp) return { changed };

    const timeZone = cj.spec?.timeZone;
    if (typeof timeZone === 'string') {
      const loaded = loadLocation(timeZone);
      if (typeof loaded === 'string') {
        recorder.eventf(cj, 'Warning', 'UnknownTimeZone', 'invalid timeZone: %q: %s', timeZone, loaded);
        return { changed };
      }
    }
    if (cj.spec?.suspend === true) return { changed };

    const spec = formatSchedule(cj, (m) => recorder.event(cj, 'Warning', 'UnsupportedSchedule', m));
    const parsed = parseStandard(spec);
    if (parsed.error !== undefined) {
      recorder.eventf(cj, 'Warning', 'UnparseableSchedule', 'unparseable schedule: %q : %s', cj.spec?.schedule, parsed.error);
      return { changed };
    }
    const schedule: CronSchedule = parsed.schedule;
    const requeue = () => nextScheduleTimeDuration(scheduleInputs(cj, status), now, schedule);

    const due = nextScheduleTime(scheduleInputs(cj, status), now, schedule);
    if (due.tooManyMissed) {
      recorder.event(
        cj,
        'Warning',
        'TooManyMissedTimes',
        'too many missed start times. Set or decrease .spec.startingDeadlineSeconds or check clock skew',
      );
    }
    if (due.error !== undefined) {
      recorder.eventf(cj, 'Warning', 'InvalidSchedule', 'invalid schedule: %s : %s', cj.spec?.schedule, due.error);
      return { changed };
    }
    const scheduledMs = due.scheduledMs;
    if (scheduledMs === undefined) return { changed, requeueAfterMs: requeue() };

    const deadline = cj.spec?.startingDeadlineSeconds;
    if (typeof deadline === 'number' && scheduledMs + deadline * 1000 < now) {
      recorder.eventf(cj, 'Warning', 'MissSchedule', 'Missed scheduled time to start a job: %s', formatRFC1123ZUtc(scheduledMs));
      return { changed, requeueAfterMs: requeue() };
    }
    const jobName = `${cj.metadata.name}-${scheduledTimeHashMinutes(scheduledMs)}`;
    const alreadyStarted =
      (status.active ?? []).some((r) => r.name === jobName && r.namespace === cj.metadata.namespace) ||
      parseTime(status.lastScheduleTime) === Math.floor(scheduledMs / 1000) * 1000;
    if (alreadyStarted) return { changed, requeueAfterMs: requeue() };

    const policy = cj.spec?.concurrencyPolicy;
    if (policy === 'Forbid' && (status.active ?? []).length > 0) {
      recorder.event(
        cj,
        'Normal',
        'JobAlreadyActive',
        'Not starting job because prior execution is running and concurrency policy is Forbid',
      );
      return { changed, requeueAfterMs: requeue() };
    }
    if (policy === 'Replace') {
      for (const ref of [...(status.active ?? [])]) {
        let job: KObject;
        try {
          job = api.get(jobKind, ref.namespace, ref.name ?? '');
        } catch (e) {
          recorder.eventf(cj, 'Warning', 'FailedGet', 'Get job: %v', (e as Error).message);
          return { changed, error: e };
        }
        if (!deleteJob(cj, status, job)) {
          return { changed, error: new Error(`could not replace job ${job.metadata.namespace}/${job.metadata.name}`) };
        }
        changed = true;
      }
    }

    const request = jobFromTemplate(cj, scheduledMs);
    let created: KObject;
    let alreadyExisted = false;
    try {
      created = api.create(request);
    } catch (e) {
      if (hasStatusCause(e, NAMESPACE_TERMINATING_CAUSE)) return { changed, error: e };
      if (!isApiError(e, 'AlreadyExists')) {
        recorder.eventf(cj, 'Warning', 'FailedCreate', 'Error creating job: %v', (e as Error).message);
        return { changed, error: e };
      }
      // Created earlier and the status write was lost: take it into the active list once more.
      alreadyExisted = true;
      let existing: KObject;
      try {
        existing = api.get(jobKind, request.metadata.namespace, request.metadata.name ?? '');
      } catch (getError) {
        return { changed, error: getError };
      }
      if (getControllerOf(existing)?.uid !== cj.metadata.uid) return { changed };
      if (inActive(existing.metadata.uid)) return { changed };
      created = existing;
    }
    if (!alreadyExisted) recorder.eventf(cj, 'Normal', 'SuccessfulCreate', 'Created job %v', created.metadata.name);
    status.active = [...(status.active ?? []), referenceTo(created)];
    status.lastScheduleTime = metaTime(scheduledMs);
    return { changed: true, requeueAfterMs: requeue() };
  };

  const sync = (key: string) => {
    const cj = cronJobs.getByKey(key);
    if (!cj) return undefined;
    const children = jobsOf(cj);
    const old = (cj.status ?? {}) as CronJobStatus;
    const status: CronJobStatus = { ...old, active: [...(old.active ?? [])] };
    const cleaned = cleanupFinishedJobs(cj, status, children);
    const result = syncCronJob(cj, status, children);
    if (cleaned || result.changed) {
      const next = orderStatus(status);
      if (!deepEqual(next, orderStatus(old))) {
        const current = cronJobs.getByKey(key) ?? cj;
        try {
          api.updateStatus({ ...current, status: next });
        } catch (e) {
          return { error: e };
        }
      }
    }
    if (result.requeueAfterMs !== undefined) return { requeueAfterMs: Math.max(0, result.requeueAfterMs) };
    return result.error === undefined ? undefined : { error: result.error };
  };

  const controller = new Controller({ name: CRONJOB_CONTROLLER, clock, sync });

  controller.handle(cronJobs, {
    onAdd: objectKey,
    // updateCronJob: a new schedule or time zone waits for its next time; anything else syncs now.
    onUpdate: (old, cur) => {
      if (old.spec?.schedule === cur.spec?.schedule && old.spec?.timeZone === cur.spec?.timeZone) return objectKey(cur);
      const parsed = parseStandard(formatSchedule(cur, undefined));
      if (parsed.error !== undefined) {
        recorder.eventf(cur, 'Warning', 'UnParseableCronJobSchedule', 'unparseable schedule for cronjob: %s', cur.spec?.schedule);
        return undefined;
      }
      const status = (cur.status ?? {}) as CronJobStatus;
      const delay = nextScheduleTimeDuration(scheduleInputs(cur, status), clock.nowUnixMs(), parsed.schedule);
      if (delay !== undefined) controller.enqueueAfter(objectKey(cur), Math.max(0, delay));
      return undefined;
    },
    onDelete: objectKey,
  });

  controller.handle(jobs, {
    onAdd: ownerKeyOf,
    onUpdate: (old, cur) => {
      if (old.metadata.resourceVersion === cur.metadata.resourceVersion) return undefined;
      const keys: string[] = [];
      const oldRef = getControllerOf(old);
      if (oldRef && !deepEqual(oldRef, getControllerOf(cur) ?? null)) {
        const k = ownerKeyOf(old);
        if (k) keys.push(k);
      }
      const k = ownerKeyOf(cur);
      if (k) keys.push(k);
      return keys;
    },
    onDelete: ownerKeyOf,
  });

  return controller;
}
