// TTL-after-finished controller (pkg/controller/ttlafterfinished/ttlafterfinished_controller.go):
// a finished Job (Complete or Failed True) with spec.ttlSecondsAfterFinished is deleted that many
// seconds after its terminal condition's lastTransitionTime.
//
// processJob(key): the cached Job; not being deleted, finished, with a TTL → expired? else requeue
// at the expiry. Expired: GET the Job afresh (the TTL may have changed since), check again, then
// DELETE with propagationPolicy Foreground (its pods go first) and the Job's uid as a
// precondition (a Job re-created under the same name is not touched). Every Job add or update
// re-enqueues it, so a TTL changed after the Job finished is what counts at expiry.

import type { KObject } from '../../../k8s/types';
import type { ApiServer } from '../../api/apiserver';
import { isApiError } from '../../api/errors';
import { jobKind } from '../../api/kinds';
import type { Clock } from '../../clock/clock';
import { Controller } from '../../runtime/controller';
import { objectKey, splitKey, type InformerFactory } from '../../runtime/informer';

export const TTL_AFTER_FINISHED_CONTROLLER = 'ttl-after-finished-controller';

export interface TTLAfterFinishedDeps {
  api: ApiServer;
  clock: Clock;
  informers: InformerFactory;
}

interface Condition {
  type?: string;
  status?: string;
  lastTransitionTime?: string;
}

/** needsCleanup: a TTL is set and the Job finished. */
function needsCleanup(job: KObject): boolean {
  return typeof job.spec?.ttlSecondsAfterFinished === 'number' && finishTimeMs(job) !== undefined;
}

/** jobFinishTime: when the Complete / Failed condition became True (unix ms). */
export function finishTimeMs(job: KObject): number | undefined {
  for (const c of (job.status?.conditions ?? []) as Condition[]) {
    if ((c.type === 'Complete' || c.type === 'Failed') && c.status === 'True') {
      return c.lastTransitionTime ? Date.parse(c.lastTransitionTime) : undefined;
    }
  }
  return undefined;
}

/** timeLeft: ms until the Job expires (≤ 0 once expired), or undefined when it does not need cleanup. */
export function ttlTimeLeftMs(job: KObject, nowUnixMs: number): number | undefined {
  if (job.metadata.deletionTimestamp || !needsCleanup(job)) return undefined;
  const expireAt = finishTimeMs(job)! + (job.spec!.ttlSecondsAfterFinished as number) * 1000;
  return expireAt - nowUnixMs;
}

export function startTTLAfterFinishedController(deps: TTLAfterFinishedDeps): Controller {
  const { api, clock, informers } = deps;
  const jobs = informers.informerFor(jobKind);

  /** processTTL: true when expired; otherwise requeues at the expiry. */
  const expired = (job: KObject, key: string): boolean => {
    const left = ttlTimeLeftMs(job, clock.nowUnixMs());
    if (left === undefined) return false;
    if (left <= 0) return true;
    controller.enqueueAfter(key, left);
    return false;
  };

  const sync = (key: string) => {
    const job = jobs.getByKey(key);
    if (!job || !expired(job, key)) return;
    const { namespace, name } = splitKey(key);
    // The cached Job may be stale: check the TTL of the one the API server has.
    const fresh = api.tryGet(jobKind, namespace, name);
    if (!fresh || !expired(fresh, key)) return;
    try {
      api.delete(jobKind, namespace, name, { propagationPolicy: 'Foreground', preconditions: { uid: fresh.metadata.uid } });
    } catch (e) {
      if (isApiError(e, 'NotFound')) return;
      return { error: e };
    }
    return undefined;
  };

  const controller = new Controller({ name: TTL_AFTER_FINISHED_CONTROLLER, clock, sync });
  const enqueueIfNeeded = (job: KObject) => (!job.metadata.deletionTimestamp && needsCleanup(job) ? objectKey(job) : undefined);
  controller.handle(jobs, { onAdd: enqueueIfNeeded, onUpdate: (_old, cur) => enqueueIfNeeded(cur) });
  return controller;
}
