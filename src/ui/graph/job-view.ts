// A Job's card in the workloads lane: its completions as `kubectl get jobs` counts them
// (succeeded/completions, or `n/1 of p` for the work-queue pattern), what it came to, and — once
// it finished with ttlSecondsAfterFinished — a ring counting down to the TTL controller's delete.

import type { KObject } from '../../k8s/types';
import type { DeadlineView, WorkloadView } from './model';

interface Condition {
  type?: string;
  status?: string;
  lastTransitionTime?: string;
}

const conditions = (job: KObject) => (job.status?.conditions ?? []) as Condition[];
const isTrue = (job: KObject, type: string) => conditions(job).some((c) => c.type === type && c.status === 'True');

/** printJob's STATUS. */
export function jobStatus(job: KObject): string {
  if (isTrue(job, 'Complete')) return 'Complete';
  if (isTrue(job, 'Failed')) return 'Failed';
  if (job.metadata.deletionTimestamp) return 'Terminating';
  if (isTrue(job, 'Suspended')) return 'Suspended';
  if (isTrue(job, 'FailureTarget')) return 'FailureTarget';
  return 'Running';
}

/** The card's count, its title and tone. */
export function jobCounts(job: KObject): Pick<WorkloadView, 'count' | 'countTitle' | 'tone'> {
  const status = job.status ?? {};
  const succeeded: number = status.succeeded ?? 0;
  const completions = job.spec?.completions;
  const parallelism: number = job.spec?.parallelism ?? 0;
  const count =
    typeof completions === 'number'
      ? `${succeeded}/${completions}`
      : parallelism > 1
        ? `${succeeded}/1 of ${parallelism}`
        : `${succeeded}/1`;
  const state = jobStatus(job);
  const countTitle = `${state}, COMPLETIONS ${count}\n${status.active ?? 0} active (${status.ready ?? 0} ready), ${succeeded} succeeded, ${status.failed ?? 0} failed`;
  const tone =
    state === 'Complete'
      ? 'ok'
      : state === 'Failed' || state === 'FailureTarget'
        ? 'warn'
        : state === 'Suspended'
          ? 'idle'
          : 'ok';
  return { count, countTitle, tone };
}

/** When the TTL-after-finished controller deletes the finished Job (its terminal condition + TTL). */
export function jobTtlDeadline(job: KObject): DeadlineView | undefined {
  const ttl = job.spec?.ttlSecondsAfterFinished;
  if (typeof ttl !== 'number' || job.metadata.deletionTimestamp) return undefined;
  const finished = conditions(job).find((c) => (c.type === 'Complete' || c.type === 'Failed') && c.status === 'True');
  const at = finished?.lastTransitionTime ? Date.parse(finished.lastTransitionTime) : NaN;
  if (Number.isNaN(at)) return undefined;
  return {
    atMs: at + ttl * 1000,
    durationMs: ttl * 1000,
    rule: `ttlSecondsAfterFinished ${ttl} from the ${finished!.type} condition`,
    pending: 'deleted by the TTL-after-finished controller in',
    past: 'TTL expired: being deleted',
  };
}
