// `kubectl describe deployment` (kubectl pkg/describe describeDeployment): name, namespace,
// creation time, labels, annotations, selector, the Replicas line, strategy, the pod template,
// the conditions table, the old (scaled down ones too, as kubectl 1.32+ prints them) and new
// ReplicaSets, and the events.

import { formatLabelSelector } from '../../../k8s/labels';
import type { KEvent, KObject } from '../../../k8s/types';
import { deploymentReplicaSets } from '../commands/deployment-revisions';
import { describeEvents, refFor, searchEvents } from './events';
import { formatRFC1123Z, printAnnotationsMultiline, printLabelsMultiline } from './format';
import { describePodTemplate } from './pod-template';
import type { DescribeContext, Describer } from './types';
import { LEVEL_0, LEVEL_1, tabbedString } from './writer';

/** printReplicaSetsByLabels: `name (status/spec replicas created)`, comma-joined, or `<none>`. */
function replicaSetsLine(rss: KObject[]): string {
  const list = rss
    .map((rs) => `${rs.metadata.name} (${rs.status?.replicas ?? 0}/${rs.spec?.replicas ?? 0} replicas created)`)
    .join(', ');
  return list || '<none>';
}

/** intstr String(): an int as decimal, a string as is. */
function intOrString(v: unknown): string {
  return typeof v === 'number' ? String(v) : typeof v === 'string' ? v : '0';
}

export const describeDeployment: Describer = (d: KObject, ctx: DescribeContext) => {
  const spec: Record<string, any> = d.spec ?? {};
  const status: Record<string, any> = d.status ?? {};
  const { allOldRSs: oldRSs, newRS } = deploymentReplicaSets(ctx.env, d);
  const events: KEvent[] | undefined = ctx.showEvents ? searchEvents(ctx.env, refFor(d)) : undefined;
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${d.metadata.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${d.metadata.namespace ?? ''}\n`);
    w.write(LEVEL_0, `CreationTimestamp:\t${formatRFC1123Z(d.metadata.creationTimestamp)}\n`);
    printLabelsMultiline(w, 'Labels', d.metadata.labels);
    printAnnotationsMultiline(w, 'Annotations', d.metadata.annotations);
    w.write(LEVEL_0, `Selector:\t${formatLabelSelector(spec.selector)}\n`);
    w.write(
      LEVEL_0,
      `Replicas:\t${spec.replicas ?? 0} desired | ${status.updatedReplicas ?? 0} updated | ${status.replicas ?? 0} total | ${status.availableReplicas ?? 0} available | ${status.unavailableReplicas ?? 0} unavailable\n`,
    );
    w.write(LEVEL_0, `StrategyType:\t${spec.strategy?.type ?? ''}\n`);
    w.write(LEVEL_0, `MinReadySeconds:\t${spec.minReadySeconds ?? 0}\n`);
    const ru = spec.strategy?.rollingUpdate;
    if (ru) {
      w.write(
        LEVEL_0,
        `RollingUpdateStrategy:\t${intOrString(ru.maxUnavailable)} max unavailable, ${intOrString(ru.maxSurge)} max surge\n`,
      );
    }
    describePodTemplate(spec.template, w);
    const conditions: { type: string; status: string; reason?: string }[] = status.conditions ?? [];
    if (conditions.length > 0) {
      w.write(LEVEL_0, 'Conditions:\n  Type\tStatus\tReason\n');
      w.write(LEVEL_1, '----\t------\t------\n');
      for (const c of conditions) w.write(LEVEL_1, `${c.type} \t${c.status}\t${c.reason ?? ''}\n`);
    }
    if (oldRSs.length > 0 || newRS) {
      w.write(LEVEL_0, `OldReplicaSets:\t${replicaSetsLine(oldRSs)}\n`);
      w.write(LEVEL_0, `NewReplicaSet:\t${replicaSetsLine(newRS ? [newRS] : [])}\n`);
    }
    if (events) describeEvents(events, w, ctx.nowUnixMs);
  });
};
