// `kubectl describe poddisruptionbudget` (kubectl pkg/describe describePodDisruptionBudgetV1):
// name, namespace, the one budget field that is set (minAvailable first), the selector
// (metav1.FormatLabelSelector, `<unset>` for none), the status counters and the events.

import { intOrStringToString, isIntOrString } from '../../../k8s/int-or-string';
import { formatLabelSelector } from '../../../k8s/labels';
import type { KEvent, KObject } from '../../../k8s/types';
import { describeEvents, refFor, searchEvents } from './events';
import type { DescribeContext, Describer } from './types';
import { LEVEL_0, LEVEL_2, tabbedString } from './writer';

export const describePodDisruptionBudget: Describer = (pdb: KObject, ctx: DescribeContext) => {
  const spec: Record<string, any> = pdb.spec ?? {};
  const status: Record<string, any> = pdb.status ?? {};
  const events: KEvent[] | undefined = ctx.showEvents ? searchEvents(ctx.env, refFor(pdb)) : undefined;
  const count = (v: unknown) => String(typeof v === 'number' ? v : 0);
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${pdb.metadata.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${pdb.metadata.namespace ?? ''}\n`);
    if (isIntOrString(spec.minAvailable)) {
      w.write(LEVEL_0, `Min available:\t${intOrStringToString(spec.minAvailable)}\n`);
    } else if (isIntOrString(spec.maxUnavailable)) {
      w.write(LEVEL_0, `Max unavailable:\t${intOrStringToString(spec.maxUnavailable)}\n`);
    }
    if (spec.selector != null) w.write(LEVEL_0, `Selector:\t${formatLabelSelector(spec.selector)}\n`);
    else w.write(LEVEL_0, 'Selector:\t<unset>\n');
    w.write(LEVEL_0, 'Status:\n');
    w.write(LEVEL_2, `Allowed disruptions:\t${count(status.disruptionsAllowed)}\n`);
    w.write(LEVEL_2, `Current:\t${count(status.currentHealthy)}\n`);
    w.write(LEVEL_2, `Desired:\t${count(status.desiredHealthy)}\n`);
    w.write(LEVEL_2, `Total:\t${count(status.expectedPods)}\n`);
    if (events) describeEvents(events, w, ctx.nowUnixMs);
  });
};
