// Job controller (pkg/controller/job/job_controller.go, current upstream with the GA gates
// JobPodReplacementPolicy, JobBackoffLimitPerIndex, JobSuccessPolicy, JobManagedBy and
// PodIndexLabel on). Event source `job-controller`.
//
// syncJob(key), as upstream:
//  1. gone → forget its expectations and back-off record; managed by another controller, or
//     finished (Complete / Failed) → nothing; an unknown completionMode → a Warning event;
//  2. claim pods (adopting matching orphans adds the batch.kubernetes.io/job-tracking finalizer)
//     from the owner-uid and orphan indexes, never the namespace;
//  3. count: active, ready, terminating; succeeded / failed = the status counters + pods still
//     carrying the finalizer that finished + status.uncountedTerminatedPods (podFailurePolicy
//     Ignore matches are not failures); startTime on the first unsuspended sync;
//  4. the terminal decision, first match: an existing SuccessCriteriaMet / FailureTarget; a FailJob
//     pod-failure-policy match; failed > backoffLimit (or restarts ≥ backoffLimit for
//     restartPolicy OnFailure) → BackoffLimitExceeded; activeDeadlineSeconds passed →
//     DeadlineExceeded (else requeue at the deadline); for Indexed Jobs the per-index limits and
//     the successPolicy;
//  5. finishing → delete the active pods; otherwise manageJob (suspend deletes everything; too
//     many → delete, too few → create in slow-start batches, after the failure back-off) and
//     the completion check, and the Suspended condition with its events (resume resets
//     startTime);
//  6. trackJobStatusAndRemoveFinalizers: finished pods go to uncountedTerminatedPods, their
//     finalizers are removed, then the counters count them; the interim FailureTarget /
//     SuccessCriteriaMet conditions are written first, and the final Failed / Complete only when
//     no pod is uncounted or terminating — then the Completed / <reason> events.
// Pod events requeue the Job after syncJobBatchPeriod (1 s); Job adds and spec changes at once.
// Orphaned pods still carrying the finalizer (their Job gone or finished) have it removed by a
// second queue, as upstream's orphan worker.
//
// Differences from upstream: creates and deletes of a batch run one after the other; a
// successful completion uses reason CompletionsReached / "Reached expected number of succeeded
// pods" as current releases print (the 1.31 code read left them empty).

import { specSelectorOf } from '../../runtime/owner-selector';
import { parseIndexes, formatIndexes } from '../../../k8s/job-indexes';
import type { Selector } from '../../../k8s/labels';
import type { KObject } from '../../../k8s/types';
import type { ApiServer } from '../../api/apiserver';
import { deepEqual } from '../../api/deep';
import { isApiError } from '../../api/errors';
import { jobKind, podKind } from '../../api/kinds';
import type { Clock } from '../../clock/clock';
import { Controller } from '../../runtime/controller';
import type { Recorder } from '../../runtime/events';
import { ControllerExpectations } from '../../runtime/expectations';
import { objectKey, OWNER_UID_INDEX, splitKey, type Informer, type InformerFactory } from '../../runtime/informer';
import { claimCandidates } from '../../runtime/lookups';
import { indexSelectorsOf } from '../../runtime/selector-index';
import { filterActivePods, isPodReady, isPodTerminating, sortActivePods } from '../active-pods';
import { ControllerRefManager, freshOwnerCanAdopt, getControllerOf, newControllerRef } from '../controller-ref-manager';
import { hasStatusCause, NAMESPACE_TERMINATING_CAUSE, PodControl, type PodTemplateSpec } from '../pod-control';
import { slowStartBatch } from '../replicaset/replicaset-controller';
import { nextBackoffRecord, podFinishedTimeMs, remainingBackoffMs, type BackoffRecord } from './backoff';
import {
  completionIndexOf,
  duplicatedIndexPods,
  firstPendingIndexes,
  indexAbsoluteFailureCount,
  indexedTemplate,
  indexesOf,
  indexFailureCount,
  newIndexFailureCounts,
  podGenerateNameWithIndex,
  templateForIndex,
  UNKNOWN_COMPLETION_INDEX,
} from './indexed';
import { matchPodFailurePolicy } from './pod-failure-policy';
import {
  conditionOf,
  conditionTrue,
  FinalizerExpectations,
  hasBackoffLimitPerIndex,
  hasTrackingFinalizer,
  isIndexed,
  isJobFinished,
  isPodFailed,
  isSuspended,
  JOB_TRACKING_FINALIZER,
  num,
  onlyReplaceFailedPods,
  orderStatus,
  pastBackoffLimitOnFailure,
  type JobCondition,
  type Status,
} from './job-state';
import { matchSuccessPolicy } from './success-policy';

export { isJobFinished, isPodFailed, JOB_TRACKING_FINALIZER };

export const JOB_CONTROLLER = 'job-controller';
/** The managedBy value of Jobs this controller syncs (unset means the same). */
const JOB_CONTROLLER_NAME = 'kubernetes.io/job-controller';
/** syncJobBatchPeriod: pod events and status updates requeue the Job this much later. */
export const SYNC_JOB_BATCH_PERIOD_MS = 1000;
/** MaxUncountedPods / MaxPodCreateDeletePerSync. */
const MAX_UNCOUNTED_PODS = 500;
const MAX_POD_CREATE_DELETE_PER_SYNC = 500;

export interface JobControllerDeps {
  api: ApiServer;
  clock: Clock;
  informers: InformerFactory;
  recorder: Recorder;
}

export interface JobController extends Controller {
  readonly expectations: ControllerExpectations;
  /** The orphan-pod finalizer queue. */
  readonly orphans: Controller;
}

/** What one sync works with (syncJobCtx). */
interface SyncContext {
  job: KObject;
  status: Status;
  pods: KObject[];
  activePods: KObject[];
  succeeded: number;
  failed: number;
  ready: number;
  terminating: number;
  uncountedSucceeded: Set<string>;
  uncountedFailed: Set<string>;
  expectedRmFinalizers: ReadonlySet<string>;
  finishedCondition?: JobCondition;
  prevSucceededIndexes: Set<number>;
  succeededIndexes: Set<number>;
  failedIndexes?: Set<number>;
  newBackoff: BackoffRecord;
  podsWithDelayedDeletionPerIndex: Map<number, KObject>;
}

export function startJobController(deps: JobControllerDeps): JobController {
  const { api, clock, informers, recorder } = deps;
  const jobs: Informer = informers.informerFor(jobKind);
  const pods: Informer = informers.informerFor(podKind);
  const expectations = new ControllerExpectations(clock);
  const finalizerExpectations = new FinalizerExpectations();
  const backoffStore = new Map<string, BackoffRecord>();
  const podControl = new PodControl(api, recorder);
  const ownerKind = { apiVersion: 'batch/v1', kind: 'Job' };
  const now = () => clock.timestamp();

  const selectorOf = specSelectorOf;
  const jobSelectors = indexSelectorsOf(jobs, selectorOf);

  const newCondition = (type: string, reason: string, message: string): JobCondition => {
    const t = now();
    const c: JobCondition = { type, status: 'True', lastProbeTime: t, lastTransitionTime: t };
    if (reason) c.reason = reason;
    if (message) c.message = message;
    return c;
  };

  /** ensureJobConditionStatus: update a condition of that type, or add it unless it would be False. */
  const ensureCondition = (
    list: JobCondition[],
    type: string,
    status: string,
    reason: string,
    message: string,
  ): [JobCondition[], boolean] => {
    const i = list.findIndex((c) => c.type === type);
    if (i >= 0) {
      const c = list[i];
      if (c.status === status && (c.reason ?? '') === reason && (c.message ?? '') === message) return [list, false];
      const next = [...list];
      next[i] = { ...newCondition(type, reason, message), status };
      return [next, true];
    }
    if (status === 'False') return [list, false];
    return [[...list, { ...newCondition(type, reason, message), status }], true];
  };

  const resolveControllerRef = (namespace: string | undefined, ref: { kind: string; name: string; uid: string }) => {
    if (ref.kind !== 'Job') return undefined;
    const job = jobs.get(namespace, ref.name);
    return job && job.metadata.uid === ref.uid ? job : undefined;
  };

  const managedByOther = (job: KObject) => {
    const by = job.spec?.managedBy;
    return typeof by === 'string' && by !== JOB_CONTROLLER_NAME;
  };

  // ---- the orphan-pod queue: strip the finalizer from pods no running Job will count ----------

  const syncOrphanPod = (key: string) => {
    const { namespace, name } = splitKey(key);
    const pod = pods.get(namespace, name);
    if (!pod) return;
    const ref = getControllerOf(pod);
    if (ref) {
      if (ref.kind !== 'Job' || ref.apiVersion !== 'batch/v1') return;
      const job = resolveControllerRef(pod.metadata.namespace, ref);
      if (job && managedByOther(job)) return;
      if (job && !isJobFinished(job)) return;
    }
    if (!hasTrackingFinalizer(pod)) return;
    try {
      removeTrackingFinalizer(pod);
    } catch (e) {
      if (!isApiError(e, 'NotFound')) return { error: e };
    }
    return undefined;
  };
  const orphans = new Controller({ name: 'job-orphan-pod', clock, sync: syncOrphanPod });
  const enqueueOrphanPod = (pod: KObject) => orphans.enqueue(objectKey(pod));

  /**
   * removeTrackingFinalizerPatch. Decoded as every request body is, so a pod left without
   * finalizers has none (`finalizers` is omitempty), not an empty list.
   */
  const removeTrackingFinalizer = (pod: KObject) => {
    api.patch(
      podKind,
      pod.metadata.namespace,
      pod.metadata.name ?? '',
      'strategic',
      { metadata: { '$deleteFromPrimitiveList/finalizers': [JOB_TRACKING_FINALIZER] } },
      { fieldValidation: 'Ignore' },
    );
  };

  /** cleanupPodFinalizers: the Job's pods still holding the finalizer go to the orphan queue. */
  const cleanupPodFinalizers = (job: KObject) => {
    for (const pod of pods.byIndex(OWNER_UID_INDEX, job.metadata.uid ?? '')) {
      if (hasTrackingFinalizer(pod)) enqueueOrphanPod(pod);
    }
  };

  // ---- pods of a Job ------------------------------------------------------------------------

  /** getPodsForJob: claim (adopting adds the finalizer); adopted pods count as having it. */
  const getPodsForJob = (job: KObject, selector: Selector): { pods: KObject[]; error?: unknown } => {
    const manager = new ControllerRefManager({
      api,
      owner: job,
      ownerKind,
      selector,
      canAdopt: freshOwnerCanAdopt(api, jobKind, job),
      adoptFinalizers: [JOB_TRACKING_FINALIZER],
    });
    const { claimed, errors } = manager.claimPods(claimCandidates(pods, job.metadata.namespace ?? '', job.metadata.uid ?? ''));
    const out = claimed.map((p) => {
      const adopted = !(p.metadata.ownerReferences ?? []).some((r) => r.uid === job.metadata.uid);
      return adopted && !hasTrackingFinalizer(p)
        ? { ...p, metadata: { ...p.metadata, finalizers: [...(p.metadata.finalizers ?? []), JOB_TRACKING_FINALIZER] } }
        : p;
    });
    return { pods: out, error: errors[0] };
  };

  /** getValidPodsWithFilter: pods still carrying the finalizer, not yet uncounted, with a valid index. */
  const validPods = (ctx: SyncContext, uncounted: ReadonlySet<string> | undefined, filter: (p: KObject) => boolean) => {
    const completions = num(ctx.job.spec?.completions);
    return ctx.pods.filter((p) => {
      const uid = p.metadata.uid ?? '';
      if (!hasTrackingFinalizer(p) || uncounted?.has(uid) || ctx.expectedRmFinalizers.has(uid)) return false;
      if (isIndexed(ctx.job)) {
        const ix = completionIndexOf(p);
        if (ix === UNKNOWN_COMPLETION_INDEX || ix >= completions) return false;
      }
      return filter(p);
    });
  };

  /** isIndexFailed: a FailIndex match, or a counted failure with the index's limit reached. */
  const isIndexFailed = (job: KObject, pod: KObject): boolean => {
    if (!isPodFailed(pod, job)) return false;
    let counted = true;
    if (job.spec?.podFailurePolicy) {
      const m = matchPodFailurePolicy(job.spec.podFailurePolicy, pod);
      if (m.action === 'FailIndex') return true;
      counted = m.countFailed;
    }
    return counted && indexFailureCount(pod) >= num(job.spec?.backoffLimitPerIndex);
  };

  /** getPodsWithDelayedDeletionPerIndex: per pending index, the failed pod its replacement counts from. */
  const podsWithDelayedDeletion = (ctx: SyncContext): Map<number, KObject> => {
    const activeIndexes = indexesOf(ctx.activePods);
    const out = new Map<number, KObject>();
    for (const p of validPods(ctx, undefined, (pod) => isPodFailed(pod, ctx.job))) {
      const ix = completionIndexOf(p);
      if (ctx.succeededIndexes.has(ix) || ctx.failedIndexes?.has(ix) || activeIndexes.has(ix)) continue;
      const last = out.get(ix);
      if (
        !last ||
        (indexAbsoluteFailureCount(last) <= indexAbsoluteFailureCount(p) && podFinishedTimeMs(p) >= podFinishedTimeMs(last))
      ) {
        out.set(ix, p);
      }
    }
    return out;
  };

  // ---- manageJob ----------------------------------------------------------------------------

  /** deleteJobPods: strip the finalizer (so the pod is not counted as failed), then delete. */
  const deleteJobPods = (ctx: SyncContext, key: string, victims: readonly KObject[]): [number, number, unknown] => {
    let removed = 0;
    let removedReady = 0;
    let firstError: unknown;
    for (const pod of victims) {
      try {
        if (hasTrackingFinalizer(pod)) removeTrackingFinalizer(pod);
        podControl.deletePod(ctx.job.metadata.namespace ?? '', pod.metadata.name ?? '', ctx.job);
        removed++;
      } catch (e) {
        expectations.deletionObserved(key);
        if (!isApiError(e, 'NotFound')) firstError ??= e;
        else removed++;
      }
      if (isPodReady(pod)) removedReady++;
    }
    return [removedReady, removed, firstError];
  };

  /** activePodsForRemoval: duplicate / out-of-range indexes first, then ActivePods order. */
  const activePodsForRemoval = (job: KObject, active: readonly KObject[], rmAtLeast: number): KObject[] => {
    let rm: KObject[] = [];
    let left: readonly KObject[] = active;
    if (isIndexed(job)) [rm, left] = duplicatedIndexPods(active, num(job.spec?.completions));
    if (rm.length < rmAtLeast) rm = [...rm, ...sortActivePods(left).slice(0, rmAtLeast - rm.length)];
    return rm;
  };

  const manageJob = (ctx: SyncContext, key: string): { active: number; error?: unknown } => {
    const job = ctx.job;
    const active = ctx.activePods.length;
    const parallelism = num(job.spec?.parallelism);
    if (isSuspended(job)) {
      const victims = activePodsForRemoval(job, ctx.activePods, active);
      expectations.expectDeletions(key, victims.length);
      const [removedReady, removed, error] = deleteJobPods(ctx, key, victims);
      ctx.terminating += removed;
      ctx.ready -= removedReady;
      return { active: active - removed, error };
    }
    let wantActive: number;
    if (job.spec?.completions === undefined || job.spec?.completions === null) {
      wantActive = ctx.succeeded > 0 ? active : parallelism;
    } else {
      wantActive = Math.max(0, Math.min(num(job.spec.completions) - ctx.succeeded, parallelism));
    }
    const rmAtLeast = Math.max(0, active - wantActive);
    let victims = activePodsForRemoval(job, ctx.activePods, rmAtLeast);
    if (victims.length > MAX_POD_CREATE_DELETE_PER_SYNC) victims = victims.slice(0, MAX_POD_CREATE_DELETE_PER_SYNC);
    if (victims.length > 0) {
      // Deleting and creating never happen in the same sync; deleting goes first.
      expectations.expectDeletions(key, victims.length);
      const [removedReady, removed, error] = deleteJobPods(ctx, key, victims);
      ctx.terminating += removed;
      ctx.ready -= removedReady;
      return { active: active - removed, error };
    }
    const terminating = onlyReplaceFailedPods(job) ? ctx.terminating : 0;
    let diff = wantActive - terminating - active;
    if (diff <= 0) return { active };
    if (!hasBackoffLimitPerIndex(job)) {
      const remaining = remainingBackoffMs(
        ctx.newBackoff.failuresAfterLastSuccess,
        ctx.newBackoff.lastFailureTimeMs,
        clock.nowUnixMs(),
      );
      if (remaining > 0) {
        controller.enqueueAfter(key, Math.max(remaining, SYNC_JOB_BATCH_PERIOD_MS));
        return { active: 0 };
      }
    }
    diff = Math.min(diff, MAX_POD_CREATE_DELETE_PER_SYNC);
    let indexesToAdd: number[] = [];
    if (isIndexed(job)) {
      const nonPending = new Set([...ctx.succeededIndexes, ...indexesOf(ctx.activePods)]);
      if (onlyReplaceFailedPods(job)) for (const ix of indexesOf(ctx.pods.filter(isPodTerminating))) nonPending.add(ix);
      for (const ix of ctx.failedIndexes ?? []) nonPending.add(ix);
      indexesToAdd = firstPendingIndexes(nonPending, diff, num(job.spec?.completions));
      if (hasBackoffLimitPerIndex(job)) {
        const ready: number[] = [];
        let minRemaining: number | undefined;
        for (const ix of indexesToAdd) {
          const lastFailed = ctx.podsWithDelayedDeletionPerIndex.get(ix);
          const remaining = lastFailed
            ? remainingBackoffMs(indexAbsoluteFailureCount(lastFailed) + 1, podFinishedTimeMs(lastFailed), clock.nowUnixMs())
            : 0;
          if (remaining === 0) ready.push(ix);
          else if (minRemaining === undefined || remaining < minRemaining) minRemaining = remaining;
        }
        if (ready.length === 0 && minRemaining !== undefined) {
          controller.enqueueAfter(key, Math.max(minRemaining, SYNC_JOB_BATCH_PERIOD_MS));
          return { active: 0 };
        }
        indexesToAdd = ready;
      }
      diff = indexesToAdd.length;
    }
    expectations.expectCreations(key, diff);
    const baseTemplate: PodTemplateSpec = job.spec?.template ?? {};
    const indexed = isIndexed(job) ? indexedTemplate(baseTemplate) : baseTemplate;
    const finalizers = indexed.metadata?.finalizers ?? [];
    const podTemplate: PodTemplateSpec = finalizers.includes(JOB_TRACKING_FINALIZER)
      ? indexed
      : { ...indexed, metadata: { ...(indexed.metadata ?? {}), finalizers: [...finalizers, JOB_TRACKING_FINALIZER] } };
    const controllerRef = newControllerRef(job, ownerKind);
    const namespace = job.metadata.namespace ?? '';
    let created = 0;
    const { error } = slowStartBatch(diff, 1, () => {
      const index = indexesToAdd.shift();
      let template = podTemplate;
      let generateName: string | undefined;
      if (index !== undefined) {
        const counts = hasBackoffLimitPerIndex(job)
          ? newIndexFailureCounts(job.spec?.podFailurePolicy, ctx.podsWithDelayedDeletionPerIndex.get(index))
          : undefined;
        template = templateForIndex(podTemplate, job.metadata.name ?? '', index, counts);
        generateName = podGenerateNameWithIndex(job.metadata.name ?? '', index);
      }
      try {
        podControl.createPod(namespace, template, job, controllerRef, generateName);
        created++;
      } catch (e) {
        if (hasStatusCause(e, NAMESPACE_TERMINATING_CAUSE)) return;
        throw e;
      }
    });
    // The informer will never see the pods that were not created (failed or skipped).
    for (let i = diff - created; i > 0; i--) expectations.creationObserved(key);
    return { active: active + created, error };
  };

  // ---- status tracking ----------------------------------------------------------------------

  const writeStatus = (ctx: SyncContext): void => {
    const written = api.updateStatus({ ...ctx.job, status: orderStatus(ctx.status) });
    ctx.job = written;
    ctx.status = { ...(written.status as Status) };
  };

  /** cleanUncountedPodsWithoutFinalizers: uids whose finalizer is gone move into the counters. */
  const cleanUncounted = (status: Status, withFinalizer: ReadonlySet<string>): boolean => {
    const u = status.uncountedTerminatedPods ?? {};
    let updated = false;
    const keepS = (u.succeeded ?? []).filter((uid) => withFinalizer.has(uid));
    if (keepS.length !== (u.succeeded ?? []).length) {
      updated = true;
      status.succeeded = num(status.succeeded) + (u.succeeded ?? []).length - keepS.length;
    }
    const keepF = (u.failed ?? []).filter((uid) => withFinalizer.has(uid));
    if (keepF.length !== (u.failed ?? []).length) {
      updated = true;
      status.failed = num(status.failed) + (u.failed ?? []).length - keepF.length;
    }
    if (updated) status.uncountedTerminatedPods = { succeeded: keepS, failed: keepF };
    return updated;
  };

  /** canRemoveFinalizer. */
  const canRemoveFinalizer = (ctx: SyncContext, pod: KObject, failed: boolean): boolean => {
    if (ctx.job.metadata.deletionTimestamp || ctx.finishedCondition || pod.status?.phase === 'Succeeded') return true;
    if (!failed) return false;
    if (hasBackoffLimitPerIndex(ctx.job)) {
      const ix = completionIndexOf(pod);
      const delayed = ctx.podsWithDelayedDeletionPerIndex.get(ix);
      if (delayed && delayed.metadata.uid === pod.metadata.uid) return false;
    }
    return true;
  };

  const trackJobStatusAndRemoveFinalizers = (ctx: SyncContext, key: string, needsFlushIn: boolean): unknown => {
    let needsFlush = needsFlushIn;
    const job = ctx.job;
    const indexed = isIndexed(job);
    const completions = num(job.spec?.completions);
    const uncounted = {
      succeeded: [...(ctx.status.uncountedTerminatedPods?.succeeded ?? [])],
      failed: [...(ctx.status.uncountedTerminatedPods?.failed ?? [])],
    };
    ctx.status.uncountedTerminatedPods = uncounted;
    const ordered = indexed ? [...ctx.pods].sort((a, b) => completionIndexOf(a) - completionIndexOf(b)) : ctx.pods;
    const withFinalizer = new Set<string>();
    for (const p of ctx.pods) {
      const uid = p.metadata.uid ?? '';
      if (hasTrackingFinalizer(p) && !ctx.expectedRmFinalizers.has(uid)) withFinalizer.add(uid);
    }
    if (cleanUncounted(ctx.status, withFinalizer)) needsFlush = true;
    const current = ctx.status.uncountedTerminatedPods!;
    current.succeeded ??= [];
    current.failed ??= [];
    const toRemove: KObject[] = [];
    const newSucceededIndexes: number[] = [];
    let reachedMax = false;
    for (const pod of ordered) {
      const uid = pod.metadata.uid ?? '';
      if (!hasTrackingFinalizer(pod) || ctx.expectedRmFinalizers.has(uid)) continue;
      const failed = isPodFailed(pod, job);
      if (!canRemoveFinalizer(ctx, pod, failed)) continue;
      toRemove.push(pod);
      if (pod.status?.phase === 'Succeeded' && !ctx.uncountedFailed.has(uid)) {
        if (indexed) {
          const ix = completionIndexOf(pod);
          if (ix !== UNKNOWN_COMPLETION_INDEX && ix < completions && !ctx.prevSucceededIndexes.has(ix)) {
            newSucceededIndexes.push(ix);
            needsFlush = true;
          }
        } else if (!ctx.uncountedSucceeded.has(uid)) {
          needsFlush = true;
          current.succeeded.push(uid);
        }
      } else if (
        failed ||
        (ctx.finishedCondition &&
          ctx.finishedCondition.type !== 'SuccessCriteriaMet' &&
          ctx.finishedCondition.type !== 'Complete')
      ) {
        // Once the Job is finishing, every pod not terminated is a failure.
        const ix = completionIndexOf(pod);
        if (!ctx.uncountedFailed.has(uid) && (!indexed || (ix !== UNKNOWN_COMPLETION_INDEX && ix < completions))) {
          if (!job.spec?.podFailurePolicy || matchPodFailurePolicy(job.spec.podFailurePolicy, pod).countFailed) {
            needsFlush = true;
            current.failed.push(uid);
          }
        }
      }
      if (newSucceededIndexes.length + current.succeeded.length + current.failed.length >= MAX_UNCOUNTED_PODS) {
        reachedMax = true;
        break;
      }
    }
    if (indexed) {
      for (const ix of newSucceededIndexes) ctx.succeededIndexes.add(ix);
      const text = formatIndexes(ctx.succeededIndexes);
      if (text !== (ctx.status.completedIndexes ?? '')) needsFlush = true;
      ctx.status.succeeded = ctx.succeededIndexes.size;
      ctx.status.completedIndexes = text;
      const failedText = ctx.failedIndexes ? formatIndexes(ctx.failedIndexes) : undefined;
      if (failedText !== ctx.status.failedIndexes) {
        ctx.status.failedIndexes = failedText;
        needsFlush = true;
      }
    }
    if (ctx.finishedCondition?.type === 'FailureTarget') {
      // The interim condition goes in before the finalizers come off; Failed follows it.
      ctx.status.conditions = [...(ctx.status.conditions ?? []), ctx.finishedCondition];
      needsFlush = true;
      ctx.finishedCondition = {
        ...newCondition('Failed', ctx.finishedCondition.reason ?? '', ctx.finishedCondition.message ?? ''),
      };
    }
    if (ctx.finishedCondition?.type === 'SuccessCriteriaMet') {
      if (!conditionTrue({ ...job, status: ctx.status }, 'SuccessCriteriaMet')) {
        ctx.status.conditions = [...(ctx.status.conditions ?? []), ctx.finishedCondition];
        needsFlush = true;
      }
      ctx.finishedCondition = newCondition('Complete', ctx.finishedCondition.reason ?? '', ctx.finishedCondition.message ?? '');
    }
    // flushUncountedAndRemoveFinalizers.
    if (needsFlush) {
      writeStatus(ctx);
      backoffStore.set(key, ctx.newBackoff);
      needsFlush = false;
    }
    let rmError: unknown;
    if (toRemove.length > 0) {
      finalizerExpectations.expectRemoved(
        key,
        toRemove.map((p) => p.metadata.uid ?? ''),
      );
      for (const pod of toRemove) {
        try {
          removeTrackingFinalizer(pod);
          withFinalizer.delete(pod.metadata.uid ?? '');
        } catch (e) {
          finalizerExpectations.observed(key, pod.metadata.uid ?? '');
          if (isApiError(e, 'NotFound')) withFinalizer.delete(pod.metadata.uid ?? '');
          else rmError ??= e;
        }
      }
    }
    if (cleanUncounted(ctx.status, withFinalizer)) needsFlush = true;
    if (rmError !== undefined) {
      if (needsFlush) writeStatus(ctx);
      return rmError;
    }
    // enactJobFinished: the final condition once nothing is uncounted or terminating.
    let finished = false;
    if (!reachedMax && ctx.finishedCondition) {
      const u = ctx.status.uncountedTerminatedPods ?? {};
      if ((u.succeeded?.length ?? 0) + (u.failed?.length ?? 0) === 0 && ctx.terminating === 0) {
        const cond = ctx.finishedCondition;
        [ctx.status.conditions] = ensureCondition(
          ctx.status.conditions ?? [],
          cond.type,
          cond.status,
          cond.reason ?? '',
          cond.message ?? '',
        );
        if (cond.type === 'Complete')
          ctx.status.completionTime = conditionOf(ctx.status.conditions, 'Complete')?.lastTransitionTime;
        finished = true;
        needsFlush = true;
      }
    }
    if (needsFlush) {
      writeStatus(ctx);
      if (finished) recordJobFinished(ctx.job, ctx.finishedCondition!);
    }
    return undefined;
  };

  const recordJobFinished = (job: KObject, cond: JobCondition) => {
    if (cond.type === 'Complete') {
      const completions = job.spec?.completions;
      if (typeof completions === 'number' && num(job.status?.succeeded) > completions) {
        recorder.event(job, 'Warning', 'TooManySucceededPods', 'Too many succeeded pods running after completion count reached');
      }
      recorder.event(job, 'Normal', 'Completed', 'Job completed');
    } else {
      recorder.event(job, 'Warning', cond.reason ?? '', cond.message ?? '');
    }
  };

  // ---- syncJob ------------------------------------------------------------------------------

  const sync = (key: string) => {
    const shared = jobs.getByKey(key);
    if (!shared) {
      expectations.deleteExpectations(key);
      finalizerExpectations.delete(key);
      backoffStore.delete(key);
      return;
    }
    if (managedByOther(shared)) return;
    if (isJobFinished(shared)) {
      backoffStore.delete(key);
      return;
    }
    const mode = shared.spec?.completionMode;
    if (mode !== undefined && mode !== 'NonIndexed' && mode !== 'Indexed') {
      recorder.event(shared, 'Warning', 'UnknownCompletionMode', 'Skipped Job sync because completion mode is unknown');
      return;
    }
    const selector = selectorOf(shared);
    if (!selector) return;
    const status: Status = { ...((shared.status ?? {}) as Status) };
    status.uncountedTerminatedPods ??= {};
    const satisfied = expectations.satisfiedExpectations(key);
    const claimed = getPodsForJob(shared, selector);
    if (claimed.error !== undefined) return { error: claimed.error };
    const job = shared;
    const activePods = filterActivePods(claimed.pods);
    const ctx: SyncContext = {
      job,
      status,
      pods: claimed.pods,
      activePods,
      succeeded: 0,
      failed: 0,
      ready: activePods.filter(isPodReady).length,
      terminating: claimed.pods.filter(isPodTerminating).length,
      uncountedSucceeded: new Set(status.uncountedTerminatedPods.succeeded ?? []),
      uncountedFailed: new Set(status.uncountedTerminatedPods.failed ?? []),
      expectedRmFinalizers: finalizerExpectations.expected(key),
      prevSucceededIndexes: new Set(),
      succeededIndexes: new Set(),
      newBackoff: { failuresAfterLastSuccess: 0 },
      podsWithDelayedDeletionPerIndex: new Map(),
    };
    let active = activePods.length;
    const newSucceeded = validPods(ctx, ctx.uncountedSucceeded, (p) => p.status?.phase === 'Succeeded');
    const newFailed = validPods(ctx, ctx.uncountedFailed, (p) => isPodFailed(p, job));
    const policy = job.spec?.podFailurePolicy;
    const countedNewFailed = policy
      ? newFailed.filter((p) => matchPodFailurePolicy(policy, p).countFailed).length
      : newFailed.length;
    ctx.succeeded = num(status.succeeded) + newSucceeded.length + ctx.uncountedSucceeded.size;
    ctx.failed = num(status.failed) + countedNewFailed + ctx.uncountedFailed.size;
    if (!status.startTime && !isSuspended(job)) status.startTime = now();
    ctx.newBackoff = nextBackoffRecord(backoffStore.get(key), newSucceeded, newFailed);

    const conditions = status.conditions ?? [];
    const successCriteria = conditionOf(conditions, 'SuccessCriteriaMet');
    if (successCriteria?.status === 'True') ctx.finishedCondition = successCriteria;
    if (!ctx.finishedCondition) {
      const target = conditionOf(conditions, 'FailureTarget');
      if (target?.status === 'True') {
        ctx.finishedCondition = newCondition('Failed', target.reason ?? '', target.message ?? '');
      } else if (policy) {
        for (const p of claimed.pods) {
          if (!isPodFailed(p, job)) continue;
          const message = matchPodFailurePolicy(policy, p).failJobMessage;
          if (message !== undefined) {
            ctx.finishedCondition = newCondition('FailureTarget', 'PodFailurePolicy', message);
            break;
          }
        }
      }
    }
    const deadline = job.spec?.activeDeadlineSeconds;
    if (!ctx.finishedCondition) {
      const startMs = status.startTime ? Date.parse(status.startTime) : undefined;
      if (ctx.failed > num(job.spec?.backoffLimit) || pastBackoffLimitOnFailure(job, claimed.pods)) {
        ctx.finishedCondition = newCondition(
          'FailureTarget',
          'BackoffLimitExceeded',
          'Job has reached the specified backoff limit',
        );
      } else if (
        typeof deadline === 'number' &&
        startMs !== undefined &&
        !isSuspended(job) &&
        clock.nowUnixMs() - startMs >= deadline * 1000
      ) {
        ctx.finishedCondition = newCondition(
          'FailureTarget',
          'DeadlineExceeded',
          'Job was active longer than specified deadline',
        );
      } else if (typeof deadline === 'number' && startMs !== undefined && !isSuspended(job)) {
        controller.enqueueAfter(key, deadline * 1000 - (clock.nowUnixMs() - startMs));
      }
    }
    if (isIndexed(job)) {
      const completions = num(job.spec?.completions);
      ctx.prevSucceededIndexes = parseIndexes(status.completedIndexes, completions);
      ctx.succeededIndexes = new Set(ctx.prevSucceededIndexes);
      for (const p of claimed.pods) {
        const ix = completionIndexOf(p);
        if (p.status?.phase === 'Succeeded' && ix !== UNKNOWN_COMPLETION_INDEX && ix < completions && hasTrackingFinalizer(p)) {
          ctx.succeededIndexes.add(ix);
        }
      }
      ctx.succeeded = ctx.succeededIndexes.size;
      if (hasBackoffLimitPerIndex(job)) {
        const failedIndexes = parseIndexes(status.failedIndexes, completions);
        for (const p of claimed.pods) {
          const ix = completionIndexOf(p);
          if (ix !== UNKNOWN_COMPLETION_INDEX && ix < completions && hasTrackingFinalizer(p) && isIndexFailed(job, p))
            failedIndexes.add(ix);
        }
        ctx.failedIndexes = failedIndexes;
        if (!ctx.finishedCondition) {
          const maxFailed = job.spec?.maxFailedIndexes;
          if (typeof maxFailed === 'number' && failedIndexes.size > maxFailed) {
            ctx.finishedCondition = newCondition(
              'FailureTarget',
              'MaxFailedIndexesExceeded',
              'Job has exceeded the specified maximal number of failed indexes',
            );
          } else if (failedIndexes.size > 0 && failedIndexes.size + ctx.succeededIndexes.size >= completions) {
            ctx.finishedCondition = newCondition('FailureTarget', 'FailedIndexes', 'Job has failed indexes');
          }
        }
        ctx.podsWithDelayedDeletionPerIndex = podsWithDelayedDeletion(ctx);
      }
      if (!ctx.finishedCondition) {
        const message = matchSuccessPolicy(job.spec?.successPolicy, completions, ctx.succeededIndexes);
        if (message !== undefined) ctx.finishedCondition = newCondition('SuccessCriteriaMet', 'SuccessPolicy', message);
      }
    }

    let manageError: unknown;
    let suspendChanged = false;
    if (ctx.finishedCondition) {
      // deleteActivePods: the finalizers stay until the pods are counted as failed.
      let deleted = 0;
      let deletedReady = 0;
      for (const pod of ctx.activePods) {
        try {
          podControl.deletePod(job.metadata.namespace ?? '', pod.metadata.name ?? '', job);
          deleted++;
        } catch (e) {
          if (isApiError(e, 'NotFound')) deleted++;
          else manageError ??= e;
        }
        if (isPodReady(pod)) deletedReady++;
      }
      if (deleted !== active || !satisfied) ctx.finishedCondition = undefined;
      active -= deleted;
      ctx.terminating += deleted;
      ctx.ready -= deletedReady;
    } else {
      let manageCalled = false;
      if (satisfied && !job.metadata.deletionTimestamp) {
        const r = manageJob(ctx, key);
        active = r.active;
        manageError = r.error;
        manageCalled = true;
      }
      const completions = job.spec?.completions;
      const complete =
        typeof completions === 'number' ? ctx.succeeded >= completions && active === 0 : ctx.succeeded > 0 && active === 0;
      if (complete) {
        ctx.finishedCondition = newCondition(
          'SuccessCriteriaMet',
          'CompletionsReached',
          'Reached expected number of succeeded pods',
        );
      } else if (manageCalled) {
        if (isSuspended(job)) {
          let changed: boolean;
          [status.conditions, changed] = ensureCondition(
            status.conditions ?? [],
            'Suspended',
            'True',
            'JobSuspended',
            'Job suspended',
          );
          if (changed) {
            suspendChanged = true;
            recorder.event(job, 'Normal', 'Suspended', 'Job suspended');
          }
        } else {
          let changed: boolean;
          [status.conditions, changed] = ensureCondition(
            status.conditions ?? [],
            'Suspended',
            'False',
            'JobResumed',
            'Job resumed',
          );
          if (changed) {
            suspendChanged = true;
            recorder.event(job, 'Normal', 'Resumed', 'Job resumed');
            // activeDeadlineSeconds counts the time a Job is continuously active.
            status.startTime = now();
          }
        }
      }
    }
    const oldStatus = (shared.status ?? {}) as Status;
    const needsStatusUpdate =
      suspendChanged ||
      active !== num(oldStatus.active) ||
      ctx.ready !== oldStatus.ready ||
      ctx.terminating !== oldStatus.terminating ||
      status.startTime !== oldStatus.startTime;
    status.active = active;
    status.ready = ctx.ready;
    status.terminating = ctx.terminating;
    const trackError = trackJobStatusAndRemoveFinalizers(ctx, key, needsStatusUpdate);
    if (trackError !== undefined) return { error: trackError };
    if (manageError !== undefined) return { error: manageError };
    return undefined;
  };

  const controller = new Controller({ name: JOB_CONTROLLER, clock, sync });
  const batched = (key: string) => controller.enqueueAfter(key, SYNC_JOB_BATCH_PERIOD_MS);

  controller.handle(jobs, {
    onAdd: objectKey,
    onUpdate: (oldJob, cur) => {
      const key = objectKey(cur);
      if (cur.metadata.generation === oldJob.metadata.generation) batched(key);
      else controller.enqueue(key);
      if (isJobFinished(cur)) cleanupPodFinalizers(cur);
      const startTime = cur.status?.startTime as string | undefined;
      const ads = cur.spec?.activeDeadlineSeconds;
      if (startTime && typeof ads === 'number' && oldJob.spec?.activeDeadlineSeconds !== ads) {
        controller.enqueueAfter(key, ads * 1000 - (clock.nowUnixMs() - Date.parse(startTime)));
      }
      return undefined;
    },
    onDelete: (job) => {
      cleanupPodFinalizers(job);
      return objectKey(job);
    },
  });

  /** deletePod (final or a deletionTimestamp update): observe, and wake the Job or the orphan queue. */
  const podGone = (pod: KObject, final: boolean) => {
    const ref = getControllerOf(pod);
    const finalizer = hasTrackingFinalizer(pod);
    if (!ref) {
      if (finalizer) enqueueOrphanPod(pod);
      return;
    }
    const job = resolveControllerRef(pod.metadata.namespace, ref);
    if (!job || isJobFinished(job)) {
      if (finalizer) enqueueOrphanPod(pod);
      return;
    }
    const key = objectKey(job);
    expectations.deletionObserved(key);
    if (final || !finalizer) finalizerExpectations.observed(key, pod.metadata.uid ?? '');
    batched(key);
  };

  const jobsMatching = (pod: KObject) => {
    const labels = pod.metadata.labels;
    if (!labels || Object.keys(labels).length === 0) return [];
    return jobSelectors.matching(pod.metadata.namespace ?? '', labels);
  };

  controller.handle(pods, {
    onAdd: (pod) => {
      if (pod.metadata.deletionTimestamp) {
        podGone(pod, false);
        return undefined;
      }
      const ref = getControllerOf(pod);
      if (ref) {
        const job = resolveControllerRef(pod.metadata.namespace, ref);
        if (!job) return undefined;
        const key = objectKey(job);
        expectations.creationObserved(key);
        batched(key);
        return undefined;
      }
      if (hasTrackingFinalizer(pod)) enqueueOrphanPod(pod);
      for (const key of jobsMatching(pod)) batched(key);
      return undefined;
    },
    onUpdate: (oldPod, cur) => {
      if (oldPod.metadata.resourceVersion === cur.metadata.resourceVersion) return undefined;
      if (cur.metadata.deletionTimestamp) {
        podGone(cur, false);
        return undefined;
      }
      const finalizerRemoved = !hasTrackingFinalizer(cur);
      const curRef = getControllerOf(cur);
      const oldRef = getControllerOf(oldPod);
      const refChanged = !deepEqual(curRef ?? null, oldRef ?? null);
      if (refChanged && oldRef) {
        const old = resolveControllerRef(oldPod.metadata.namespace, oldRef);
        if (old) {
          if (finalizerRemoved) finalizerExpectations.observed(objectKey(old), cur.metadata.uid ?? '');
          batched(objectKey(old));
        }
      }
      if (curRef) {
        const job = resolveControllerRef(cur.metadata.namespace, curRef);
        if (!job) return undefined;
        const key = objectKey(job);
        if (finalizerRemoved) finalizerExpectations.observed(key, cur.metadata.uid ?? '');
        batched(key);
        return undefined;
      }
      if (hasTrackingFinalizer(cur)) enqueueOrphanPod(cur);
      if (!deepEqual(oldPod.metadata.labels ?? {}, cur.metadata.labels ?? {}) || refChanged) {
        for (const key of jobsMatching(cur)) batched(key);
      }
      return undefined;
    },
    onDelete: (pod) => {
      podGone(pod, true);
      return undefined;
    },
  });

  const stop = controller.stop.bind(controller);
  controller.stop = () => {
    orphans.stop();
    stop();
  };
  return Object.assign(controller, { expectations, orphans });
}
