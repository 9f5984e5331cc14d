// The Job's state as the Job controller reads it (pkg/controller/job: util.IsJobFinished,
// isPodFailed, onlyReplaceFailedPods, pastBackoffLimitOnFailure, uidTrackingExpectations) and
// JobStatus in its Go field order.

import type { KObject } from '../../../k8s/types';

export const JOB_TRACKING_FINALIZER = 'batch.kubernetes.io/job-tracking';

export interface JobCondition {
  type: string;
  status: string;
  lastProbeTime?: string;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

export type Status = Record<string, unknown> & {
  conditions?: JobCondition[];
  startTime?: string;
  completionTime?: string;
  active?: number;
  succeeded?: number;
  failed?: number;
  terminating?: number;
  completedIndexes?: string;
  failedIndexes?: string;
  uncountedTerminatedPods?: { succeeded?: string[]; failed?: string[] };
  ready?: number;
};

export const num = (v: unknown): number => (typeof v === 'number' ? v : 0);

export function conditionOf(conditions: readonly JobCondition[] | undefined, type: string): JobCondition | undefined {
  return conditions?.find((c) => c.type === type);
}

export function conditionTrue(job: KObject, type: string): boolean {
  return conditionOf(job.status?.conditions as JobCondition[] | undefined, type)?.status === 'True';
}

/** IsJobFinished: Complete or Failed is True. */
export function isJobFinished(job: KObject): boolean {
  return conditionTrue(job, 'Complete') || conditionTrue(job, 'Failed');
}

export function hasTrackingFinalizer(pod: KObject): boolean {
  return (pod.metadata.finalizers ?? []).includes(JOB_TRACKING_FINALIZER);
}

export const isIndexed = (job: KObject) => job.spec?.completionMode === 'Indexed';
export const hasBackoffLimitPerIndex = (job: KObject) => typeof job.spec?.backoffLimitPerIndex === 'number';
export const isSuspended = (job: KObject) => job.spec?.suspend === true;
/** onlyReplaceFailedPods: podReplacementPolicy Failed, or any podFailurePolicy. */
export const onlyReplaceFailedPods = (job: KObject) =>
  job.spec?.podReplacementPolicy === 'Failed' || !!job.spec?.podFailurePolicy;

/** isPodFailed: Failed, or (unless only failed pods are replaced) being deleted and not Succeeded. */
export function isPodFailed(pod: KObject, job: KObject): boolean {
  if (pod.status?.phase === 'Failed') return true;
  if (onlyReplaceFailedPods(job)) return false;
  return !!pod.metadata.deletionTimestamp && pod.status?.phase !== 'Succeeded';
}

/** pastBackoffLimitOnFailure: restartPolicy OnFailure counts container restarts of live pods. */
export function pastBackoffLimitOnFailure(job: KObject, pods: readonly KObject[]): boolean {
  if (job.spec?.template?.spec?.restartPolicy !== 'OnFailure') return false;
  let restarts = 0;
  for (const p of pods) {
    const phase = p.status?.phase;
    if (phase !== 'Running' && phase !== 'Pending') continue;
    for (const list of [p.status?.initContainerStatuses, p.status?.containerStatuses]) {
      for (const cs of (list ?? []) as { restartCount?: number }[]) restarts += cs.restartCount ?? 0;
    }
  }
  const limit = num(job.spec?.backoffLimit);
  return limit === 0 ? restarts > 0 : restarts >= limit;
}

/** The JobStatus fields in the Go struct's order (omitempty where the API omits them). */
export function orderStatus(s: Status): Status {
  const out: Status = {};
  if (s.conditions && s.conditions.length > 0) out.conditions = s.conditions;
  if (s.startTime) out.startTime = s.startTime;
  if (s.completionTime) out.completionTime = s.completionTime;
  if (s.active) out.active = s.active;
  if (s.succeeded) out.succeeded = s.succeeded;
  if (s.failed) out.failed = s.failed;
  if (s.terminating !== undefined) out.terminating = s.terminating;
  if (s.completedIndexes) out.completedIndexes = s.completedIndexes;
  if (s.failedIndexes !== undefined) out.failedIndexes = s.failedIndexes;
  if (s.uncountedTerminatedPods) {
    const u: { succeeded?: string[]; failed?: string[] } = {};
    if (s.uncountedTerminatedPods.succeeded?.length) u.succeeded = s.uncountedTerminatedPods.succeeded;
    if (s.uncountedTerminatedPods.failed?.length) u.failed = s.uncountedTerminatedPods.failed;
    out.uncountedTerminatedPods = u;
  }
  if (s.ready !== undefined) out.ready = s.ready;
  return out;
}

/** uidTrackingExpectations: the pod uids whose finalizer removal a Job still waits to observe. */
export class FinalizerExpectations {
  private readonly uids = new Map<string, Set<string>>();
  expected(key: string): ReadonlySet<string> {
    return this.uids.get(key) ?? new Set();
  }
  expectRemoved(key: string, uids: readonly string[]): void {
    let set = this.uids.get(key);
    if (!set) this.uids.set(key, (set = new Set()));
    for (const u of uids) set.add(u);
  }
  observed(key: string, uid: string): void {
    const set = this.uids.get(key);
    if (!set) return;
    set.delete(uid);
    if (set.size === 0) this.uids.delete(key);
  }
  delete(key: string): void {
    this.uids.delete(key);
  }
}
