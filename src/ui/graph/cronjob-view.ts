// A CronJob's card in the workloads lane: what `kubectl get cronjobs` prints (SCHEDULE, SUSPEND,
// ACTIVE, LAST SCHEDULE) and the next run, counted down on the card from the same computation
// the control-plane panel uses (controlplane/cronjobs.ts nextRunAtMs). Its Jobs nest under it.

import type { KObject } from '../../k8s/types';
import { cronTiming, type CronTiming } from '../controlplane/cronjobs';
import type { WorkloadView } from './model';

export interface CronCardView extends CronTiming {
  /** status.active: the Jobs running now. */
  active: number;
  /** Unix ms of status.lastScheduleTime; undefined before the first run. */
  lastScheduleMs: number | undefined;
}

/** The card's count (`1 active`), its title, tone and the schedule it counts down from. */
export function cronJobCard(cj: KObject): Pick<WorkloadView, 'count' | 'countTitle' | 'tone'> & { cron: CronCardView } {
  const timing = cronTiming(cj);
  const active = Array.isArray(cj.status?.active) ? cj.status.active.length : 0;
  const last = typeof cj.status?.lastScheduleTime === 'string' ? Date.parse(cj.status.lastScheduleTime) : NaN;
  const lastScheduleMs = Number.isNaN(last) ? undefined : last;
  const countTitle = [
    `SCHEDULE ${timing.schedule}, TIMEZONE ${timing.timeZone ?? '<none>'}, SUSPEND ${timing.suspended ? 'True' : 'False'}, ACTIVE ${active}`,
    `LAST SCHEDULE ${cj.status?.lastScheduleTime ?? '<none>'}`,
  ].join('\n');
  return {
    count: `${active} active`,
    countTitle,
    tone: timing.suspended ? 'idle' : 'ok',
    cron: { ...timing, active, lastScheduleMs },
  };
}

/** Jobs newest first: a CronJob's Job names end in the scheduled minute, so the name orders them. */
export function newestJobsFirst(a: KObject, b: KObject): number {
  const an = a.metadata.name ?? '';
  const bn = b.metadata.name ?? '';
  return an.length !== bn.length ? bn.length - an.length : bn < an ? -1 : bn > an ? 1 : 0;
}
