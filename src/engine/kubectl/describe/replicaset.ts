// `kubectl describe replicaset` / `describe replicationcontroller` (kubectl pkg/describe
// describeReplicaSet / describeReplicationController): name, namespace, selector, labels,
// annotations, the controller (ReplicaSets only), `Replicas: <status> current / <spec> desired`,
// `Pods Status: R Running / W Waiting / S Succeeded / F Failed` over the pods the selector matches
// that this object controls (getPodStatusForController), the pod template, the conditions table
// when there are conditions, and the events.

import {
  formatLabels,
  formatLabelSelector,
  selectorFromLabelSelector,
  selectorFromSet,
  type Selector,
} from '../../../k8s/labels';
import type { KEvent, KObject } from '../../../k8s/types';
import { describeEvents, refFor, searchEvents } from './events';
import { controllerOf, printAnnotationsMultiline, printLabelsMultiline } from './format';
import { describePodTemplate } from './pod-template';
import type { DescribeContext, Describer } from './types';
import { LEVEL_0, LEVEL_1, tabbedString, type PrefixWriter } from './writer';

/**
 * getPodStatusForController: phases of the pods `owner`'s spec.selector (read by `parse`) matches
 * and whose controllerRef is the owner; all zero when the selector does not parse.
 */
export function podStatusForController(
  ctx: DescribeContext,
  owner: KObject,
  parse: (selector: any) => Selector = selectorFromLabelSelector,
): { running: number; waiting: number; succeeded: number; failed: number } {
  const counts = { running: 0, waiting: 0, succeeded: 0, failed: 0 };
  let selector: Selector;
  try {
    selector = parse(owner.spec?.selector);
  } catch {
    return counts;
  }
  const namespace = owner.metadata.namespace ?? '';
  const uid = owner.metadata.uid;
  const podDef = ctx.env.registry.forObject('v1', 'Pod');
  if (!podDef) return counts;
  for (const pod of ctx.env.api.list(podDef, { namespace, labelSelector: selector }).items) {
    const ref = pod.metadata.ownerReferences?.find((r) => r.controller === true);
    if (!ref || ref.uid !== uid) continue;
    switch (pod.status?.phase) {
      case 'Running':
        counts.running++;
        break;
      case 'Pending':
        counts.waiting++;
        break;
      case 'Succeeded':
        counts.succeeded++;
        break;
      case 'Failed':
        counts.failed++;
        break;
    }
  }
  return counts;
}

/** The `Conditions:` table of workload statuses (Type / Status / Reason). */
export function describeReplicaConditions(
  conditions: { type: string; status: string; reason?: string }[] | undefined,
  w: PrefixWriter,
): void {
  if (!conditions || conditions.length === 0) return;
  w.write(LEVEL_0, 'Conditions:\n  Type\tStatus\tReason\n');
  w.write(LEVEL_1, '----\t------\t------\n');
  for (const c of conditions) w.write(LEVEL_1, `${c.type} \t${c.status}\t${c.reason ?? ''}\n`);
}

function describeReplicas(obj: KObject, ctx: DescribeContext, rc: boolean): string {
  const spec: Record<string, any> = obj.spec ?? {};
  const status: Record<string, any> = obj.status ?? {};
  const counts = podStatusForController(ctx, obj, rc ? selectorFromSet : selectorFromLabelSelector);
  const events: KEvent[] | undefined = ctx.showEvents ? searchEvents(ctx.env, refFor(obj)) : undefined;
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${obj.metadata.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${obj.metadata.namespace ?? ''}\n`);
    w.write(LEVEL_0, `Selector:\t${rc ? formatLabels(spec.selector) : formatLabelSelector(spec.selector)}\n`);
    printLabelsMultiline(w, 'Labels', obj.metadata.labels);
    printAnnotationsMultiline(w, 'Annotations', obj.metadata.annotations);
    if (!rc) {
      const controlledBy = controllerOf(obj);
      if (controlledBy) w.write(LEVEL_0, `Controlled By:\t${controlledBy}\n`);
    }
    w.write(LEVEL_0, `Replicas:\t${status.replicas ?? 0} current / ${spec.replicas ?? 0} desired\n`);
    w.write(
      LEVEL_0,
      `Pods Status:\t${counts.running} Running / ${counts.waiting} Waiting / ${counts.succeeded} Succeeded / ${counts.failed} Failed\n`,
    );
    describePodTemplate(spec.template, w);
    describeReplicaConditions(status.conditions, w);
    if (events) describeEvents(events, w, ctx.nowUnixMs);
  });
}

export const describeReplicaSet: Describer = (rs, ctx) => describeReplicas(rs, ctx, false);
export const describeReplicationController: Describer = (rc, ctx) => describeReplicas(rc, ctx, true);
