// `kubectl describe cronjob` (kubectl pkg/describe describeCronJob, describeJobTemplate,
// printActiveJobs): name, namespace, labels, annotations, schedule, concurrency policy, suspend,
// the history limits, starting deadline, the job template (selector, parallelism, completions,
// active deadline, pod template), the last schedule time, the active Jobs and the events. The
// time zone is not shown (describeCronJob has no line for it; `get cronjobs` has a column).

import { selectorFromLabelSelector } from '../../../k8s/labels';
import type { KObject, ObjectReference } from '../../../k8s/types';
import { describeEvents, refFor, searchEvents } from './events';
import { formatRFC1123Z, printAnnotationsMultiline, printLabelsMultiline } from './format';
import { describePodTemplate } from './pod-template';
import type { Describer } from './types';
import { LEVEL_0, tabbedString, type PrefixWriter } from './writer';

/** printBoolPtr: `<unset>` for nil. */
function boolPtr(v: unknown): string {
  if (typeof v !== 'boolean') return '<unset>';
  return v ? 'True' : 'False';
}

const numberOrUnset = (v: unknown) => (typeof v === 'number' ? String(v) : '<unset>');

function describeJobTemplate(template: Record<string, any> | undefined, w: PrefixWriter): void {
  const spec: Record<string, any> = template?.spec ?? {};
  if (spec.selector) {
    try {
      w.write(LEVEL_0, `Selector:\t${selectorFromLabelSelector(spec.selector).toString()}\n`);
    } catch (e) {
      w.write(LEVEL_0, `Selector:\tFailed to get selector: ${e instanceof Error ? e.message : String(e)}\n`);
    }
  } else {
    w.write(LEVEL_0, 'Selector:\t<unset>\n');
  }
  w.write(LEVEL_0, `Parallelism:\t${numberOrUnset(spec.parallelism)}\n`);
  w.write(LEVEL_0, `Completions:\t${numberOrUnset(spec.completions)}\n`);
  if (typeof spec.activeDeadlineSeconds === 'number') {
    w.write(LEVEL_0, `Active Deadline Seconds:\t${spec.activeDeadlineSeconds}s\n`);
  }
  describePodTemplate(spec.template, w);
}

export const describeCronJob: Describer = (cj: KObject, ctx) => {
  const spec: Record<string, any> = cj.spec ?? {};
  const status: Record<string, any> = cj.status ?? {};
  const events = ctx.showEvents ? searchEvents(ctx.env, refFor(cj)) : undefined;
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${cj.metadata.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${cj.metadata.namespace ?? ''}\n`);
    printLabelsMultiline(w, 'Labels', cj.metadata.labels);
    printAnnotationsMultiline(w, 'Annotations', cj.metadata.annotations);
    w.write(LEVEL_0, `Schedule:\t${spec.schedule ?? ''}\n`);
    w.write(LEVEL_0, `Concurrency Policy:\t${spec.concurrencyPolicy ?? ''}\n`);
    w.write(LEVEL_0, `Suspend:\t${boolPtr(spec.suspend)}\n`);
    w.write(LEVEL_0, `Successful Job History Limit:\t${numberOrUnset(spec.successfulJobsHistoryLimit)}\n`);
    w.write(LEVEL_0, `Failed Job History Limit:\t${numberOrUnset(spec.failedJobsHistoryLimit)}\n`);
    const deadline = spec.startingDeadlineSeconds;
    w.write(LEVEL_0, `Starting Deadline Seconds:\t${typeof deadline === 'number' ? `${deadline}s` : '<unset>'}\n`);
    describeJobTemplate(spec.jobTemplate, w);
    const last = status.lastScheduleTime as string | undefined;
    w.write(LEVEL_0, `Last Schedule Time:\t${last ? formatRFC1123Z(last) : '<unset>'}\n`);
    const active = (status.active ?? []) as ObjectReference[];
    w.write(LEVEL_0, `Active Jobs:\t${active.length ? active.map((r) => r.name ?? '').join(', ') : '<none>'}\n`);
    if (events) describeEvents(events, w, ctx.nowUnixMs);
  });
};
