// `kubectl describe priorityclass` (kubectl pkg/describe describePriorityClass): value, global
// default, preemption policy, description, the annotations as one `k=v,…` line, events.

import { formatLabels } from '../../../k8s/labels';
import type { KEvent, KObject } from '../../../k8s/types';
import { describeEvents, refFor, searchEvents } from './events';
import type { DescribeContext, Describer } from './types';
import { LEVEL_0, tabbedString } from './writer';

export const describePriorityClass: Describer = (pc: KObject, ctx: DescribeContext) => {
  const events: KEvent[] | undefined = ctx.showEvents ? searchEvents(ctx.env, refFor(pc)) : undefined;
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${pc.metadata.name ?? ''}\n`);
    w.write(LEVEL_0, `Value:\t${typeof pc.value === 'number' ? pc.value : 0}\n`);
    w.write(LEVEL_0, `GlobalDefault:\t${pc.globalDefault === true}\n`);
    w.write(LEVEL_0, `PreemptionPolicy:\t${String(pc.preemptionPolicy ?? '')}\n`);
    w.write(LEVEL_0, `Description:\t${String(pc.description ?? '')}\n`);
    w.write(LEVEL_0, `Annotations:\t${formatLabels(pc.metadata.annotations)}\n`);
    if (events) describeEvents(events, w, ctx.nowUnixMs);
  });
};
