// `kubectl describe job` (kubectl pkg/describe describeJob, current layout): name, namespace,
// selector, labels, annotations, controller, Parallelism, Completions (`<unset>` for the
// work-queue pattern), Completion Mode, Suspend, Backoff Limit, TTL, Start Time, Completed At,
// Duration, Active Deadline Seconds, `Pods Statuses: A Active (R Ready) / S Succeeded / F Failed`,
// Completed Indexes for Indexed Jobs (cut after 50 characters at a comma), the pod template and
// the events.

import { humanDuration } from '../../../k8s/duration';
import { selectorFromLabelSelector } from '../../../k8s/labels';
import type { KObject } from '../../../k8s/types';
import { describeEvents, refFor, searchEvents } from './events';
import { controllerOf, formatRFC1123Z, printAnnotationsMultiline, printLabelsMultiline } from './format';
import { describePodTemplate } from './pod-template';
import type { Describer } from './types';
import { LEVEL_0, tabbedString } from './writer';

/** capIndexesListOrNone: `<none>`, or the list cut at the first comma from `softLimit` on + `...`. */
export function capIndexesListOrNone(indexes: string | undefined, softLimit: number): string {
  if (!indexes) return '<none>';
  let ix = softLimit;
  while (ix < indexes.length && indexes[ix] !== ',') ix++;
  return ix >= indexes.length ? indexes : `${indexes.slice(0, ix + 1)}...`;
}

function selectorText(job: KObject): string {
  try {
    return selectorFromLabelSelector(job.spec?.selector).toString();
  } catch (e) {
    return `Failed to get selector: ${e instanceof Error ? e.message : String(e)}`;
  }
}

export const describeJob: Describer = (job, ctx) => {
  const spec: Record<string, any> = job.spec ?? {};
  const status: Record<string, any> = job.status ?? {};
  const events = ctx.showEvents ? searchEvents(ctx.env, refFor(job)) : undefined;
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${job.metadata.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${job.metadata.namespace ?? ''}\n`);
    w.write(LEVEL_0, `Selector:\t${selectorText(job)}\n`);
    printLabelsMultiline(w, 'Labels', job.metadata.labels);
    printAnnotationsMultiline(w, 'Annotations', job.metadata.annotations);
    const controlledBy = controllerOf(job);
    if (controlledBy) w.write(LEVEL_0, `Controlled By:\t${controlledBy}\n`);
    if (typeof spec.parallelism === 'number') w.write(LEVEL_0, `Parallelism:\t${spec.parallelism}\n`);
    w.write(LEVEL_0, `Completions:\t${typeof spec.completions === 'number' ? spec.completions : '<unset>'}\n`);
    if (spec.completionMode !== undefined) w.write(LEVEL_0, `Completion Mode:\t${spec.completionMode}\n`);
    if (spec.suspend !== undefined) w.write(LEVEL_0, `Suspend:\t${spec.suspend}\n`);
    if (spec.backoffLimit !== undefined) w.write(LEVEL_0, `Backoff Limit:\t${spec.backoffLimit}\n`);
    if (spec.ttlSecondsAfterFinished !== undefined) {
      w.write(LEVEL_0, `TTL Seconds After Finished:\t${spec.ttlSecondsAfterFinished}\n`);
    }
    if (status.startTime) w.write(LEVEL_0, `Start Time:\t${formatRFC1123Z(status.startTime)}\n`);
    if (status.completionTime) w.write(LEVEL_0, `Completed At:\t${formatRFC1123Z(status.completionTime)}\n`);
    if (status.startTime && status.completionTime) {
      w.write(LEVEL_0, `Duration:\t${humanDuration(Date.parse(status.completionTime) - Date.parse(status.startTime))}\n`);
    }
    if (spec.activeDeadlineSeconds !== undefined) w.write(LEVEL_0, `Active Deadline Seconds:\t${spec.activeDeadlineSeconds}s\n`);
    const counts = `${status.succeeded ?? 0} Succeeded / ${status.failed ?? 0} Failed`;
    if (status.ready === undefined) w.write(LEVEL_0, `Pods Statuses:\t${status.active ?? 0} Active / ${counts}\n`);
    else w.write(LEVEL_0, `Pods Statuses:\t${status.active ?? 0} Active (${status.ready} Ready) / ${counts}\n`);
    if (spec.completionMode === 'Indexed') {
      w.write(LEVEL_0, `Completed Indexes:\t${capIndexesListOrNone(status.completedIndexes, 50)}\n`);
    }
    describePodTemplate(spec.template, w);
    if (events) describeEvents(events, w, ctx.nowUnixMs);
  });
};
