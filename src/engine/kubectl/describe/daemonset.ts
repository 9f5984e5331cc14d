// `kubectl describe daemonset` (kubectl pkg/describe DaemonSetDescriber / describeDaemonSet): name,
// namespace, selector, node selector, labels, annotations, the status counters (written without a
// tab, so not aligned with the fields above), `Pods Status:` over the pods the selector matches
// that the DaemonSet controls, the pod template and the events.

import { formatLabels, formatLabelSelector } from '../../../k8s/labels';
import type { KEvent } from '../../../k8s/types';
import { describeEvents, refFor, searchEvents } from './events';
import { printAnnotationsMultiline, printLabelsMultiline } from './format';
import { describePodTemplate } from './pod-template';
import { podStatusForController } from './replicaset';
import type { Describer } from './types';
import { LEVEL_0, tabbedString } from './writer';

export const describeDaemonSet: Describer = (ds, ctx) => {
  const spec: Record<string, any> = ds.spec ?? {};
  const status: Record<string, any> = ds.status ?? {};
  const counts = podStatusForController(ctx, ds);
  const events: KEvent[] | undefined = ctx.showEvents ? searchEvents(ctx.env, refFor(ds)) : undefined;
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${ds.metadata.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${ds.metadata.namespace ?? ''}\n`);
    w.write(LEVEL_0, `Selector:\t${formatLabelSelector(spec.selector)}\n`);
    w.write(LEVEL_0, `Node-Selector:\t${formatLabels(spec.template?.spec?.nodeSelector)}\n`);
    printLabelsMultiline(w, 'Labels', ds.metadata.labels);
    printAnnotationsMultiline(w, 'Annotations', ds.metadata.annotations);
    w.write(LEVEL_0, `Desired Number of Nodes Scheduled: ${status.desiredNumberScheduled ?? 0}\n`);
    w.write(LEVEL_0, `Current Number of Nodes Scheduled: ${status.currentNumberScheduled ?? 0}\n`);
    w.write(LEVEL_0, `Number of Nodes Scheduled with Up-to-date Pods: ${status.updatedNumberScheduled ?? 0}\n`);
    w.write(LEVEL_0, `Number of Nodes Scheduled with Available Pods: ${status.numberAvailable ?? 0}\n`);
    w.write(LEVEL_0, `Number of Nodes Misscheduled: ${status.numberMisscheduled ?? 0}\n`);
    w.write(
      LEVEL_0,
      `Pods Status:\t${counts.running} Running / ${counts.waiting} Waiting / ${counts.succeeded} Succeeded / ${counts.failed} Failed\n`,
    );
    describePodTemplate(spec.template, w);
    if (events) describeEvents(events, w, ctx.nowUnixMs);
  });
};
