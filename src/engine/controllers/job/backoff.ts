// The delay before a Job re-creates pods after failures (pkg/controller/job/backoff_utils.go):
// 10 s, doubled for every further consecutive failure since the last success, capped at
// MaxJobPodFailureBackOff, counted from when the last failed pod finished.
//
// The documentation says the back-off is capped at six minutes; the current source caps it at
// ten (MaxJobPodFailureBackOff = 10 * time.Minute), which is what this follows.

import type { KObject } from '../../../k8s/types';
import { maxOf } from '../../../k8s/arrays';

/** DefaultJobPodFailureBackOff. */
export const DEFAULT_JOB_POD_FAILURE_BACKOFF_MS = 10_000;
/** MaxJobPodFailureBackOff (the docs' "6 minutes" is out of date). */
export const MAX_JOB_POD_FAILURE_BACKOFF_MS = 10 * 60_000;

/** A Job's failures since its last success and when the last of them finished (unix ms). */
export interface BackoffRecord {
  failuresAfterLastSuccess: number;
  lastFailureTimeMs?: number;
}

const timeMs = (ts: unknown): number | undefined => (typeof ts === 'string' && ts ? Date.parse(ts) : undefined);

/**
 * getFinishedTime: the latest container finish when every container terminated, else when Ready
 * turned False, else deletionTimestamp − grace period, else the creation time.
 */
export function podFinishedTimeMs(pod: KObject): number {
  const statuses = (pod.status?.containerStatuses ?? []) as { state?: { terminated?: { finishedAt?: string } } }[];
  let fromContainers: number | undefined;
  let allTerminated = statuses.length > 0;
  for (const cs of statuses) {
    const finished = timeMs(cs.state?.terminated?.finishedAt);
    if (finished === undefined) {
      allTerminated = false;
      break;
    }
    if (fromContainers === undefined || finished > fromContainers) fromContainers = finished;
  }
  if (allTerminated && fromContainers !== undefined) return fromContainers;
  const conditions = (pod.status?.conditions ?? []) as { type?: string; status?: string; lastTransitionTime?: string }[];
  const ready = conditions.find((c) => c.type === 'Ready');
  const readyFalse = ready?.status === 'False' ? timeMs(ready.lastTransitionTime) : undefined;
  if (readyFalse !== undefined) return readyFalse;
  const deletion = timeMs(pod.metadata.deletionTimestamp);
  if (deletion !== undefined) return deletion - (pod.metadata.deletionGracePeriodSeconds ?? 0) * 1000;
  return timeMs(pod.metadata.creationTimestamp) ?? 0;
}

/** newBackoffRecord: the record after this sync's newly finished pods. */
export function nextBackoffRecord(
  old: BackoffRecord | undefined,
  newSucceeded: readonly KObject[],
  newFailed: readonly KObject[],
): BackoffRecord {
  const record: BackoffRecord = old ? { ...old } : { failuresAfterLastSuccess: 0 };
  const failedTimes = newFailed.map(podFinishedTimeMs).sort((a, b) => a - b);
  if (newSucceeded.length === 0) {
    if (failedTimes.length === 0) return record;
    return {
      failuresAfterLastSuccess: record.failuresAfterLastSuccess + failedTimes.length,
      lastFailureTimeMs: failedTimes[failedTimes.length - 1],
    };
  }
  const lastSuccess = maxOf(newSucceeded.map(podFinishedTimeMs));
  const out: BackoffRecord = { failuresAfterLastSuccess: 0 };
  for (let i = failedTimes.length - 1; i >= 0; i--) {
    if (failedTimes[i] <= lastSuccess) break;
    out.lastFailureTimeMs ??= failedTimes[i];
    out.failuresAfterLastSuccess++;
  }
  return out;
}

/** The back-off after `failures` consecutive failures: 10 s doubled per further failure, capped. */
export function backoffDelayMs(failures: number): number {
  if (failures <= 0) return 0;
  let delay = DEFAULT_JOB_POD_FAILURE_BACKOFF_MS;
  for (let i = 1; i < failures; i++) {
    delay *= 2;
    if (delay >= MAX_JOB_POD_FAILURE_BACKOFF_MS) return MAX_JOB_POD_FAILURE_BACKOFF_MS;
  }
  return delay;
}

/** getRemainingTimeForFailuresCount: how long pod creation must still wait (0 when it need not). */
export function remainingBackoffMs(failures: number, lastFailureTimeMs: number | undefined, nowUnixMs: number): number {
  if (failures === 0 || lastFailureTimeMs === undefined) return 0;
  const delay = backoffDelayMs(failures);
  const elapsed = nowUnixMs - lastFailureTimeMs;
  return delay < elapsed ? 0 : delay - elapsed;
}
