// `kubectl describe hpa` (kubectl pkg/describe describeHorizontalPodAutoscalerV2): reference,
// metrics as `( current / target )` per metric, min/max replicas, the behavior when set, the
// target's pods (`N current / M desired`), the conditions table and events.

import { quantityText as quantityString } from '../../api/kinds/horizontalpodautoscaler';
import { describeEvents, refFor, searchEvents } from './events';
import { formatRFC1123Z, printAnnotationsMultiline, printLabelsMultiline } from './format';
import type { Describer } from './types';
import { LEVEL_0, LEVEL_1, LEVEL_2, LEVEL_3, tabbedString, type PrefixWriter } from './writer';

type Obj = Record<string, any>;

function printDirectionBehavior(w: PrefixWriter, direction: string, rules: Obj | undefined): void {
  if (!rules) return;
  w.write(LEVEL_1, `${direction}:\n`);
  if (typeof rules.stabilizationWindowSeconds === 'number') {
    w.write(LEVEL_2, `Stabilization Window: ${rules.stabilizationWindowSeconds} seconds\n`);
  }
  const policies = (rules.policies ?? []) as Obj[];
  if (policies.length > 0) {
    w.write(LEVEL_2, `Select Policy: ${rules.selectPolicy ?? 'Max'}\n`);
    w.write(LEVEL_2, 'Policies:\n');
    for (const p of policies)
      w.write(LEVEL_3, `- Type: ${p.type ?? ''}\tValue: ${p.value ?? 0}\tPeriod: ${p.periodSeconds ?? 0} seconds\n`);
  }
}

function writeMetric(w: PrefixWriter, metric: Obj, status: Obj | undefined): void {
  switch (metric.type) {
    case 'External': {
      const ext = metric.external ?? {};
      if (ext.target?.averageValue !== undefined) {
        const cur = status?.external?.current?.averageValue;
        w.write(
          LEVEL_1,
          `"${ext.metric?.name ?? ''}" (target average value):\t${cur !== undefined ? quantityString(cur) : '<unknown>'} / ${quantityString(ext.target.averageValue)}\n`,
        );
      } else {
        const cur = status?.external ? quantityString(status.external.current?.value ?? '0') : '<unknown>';
        w.write(LEVEL_1, `"${ext.metric?.name ?? ''}" (target value):\t${cur} / ${quantityString(ext.target?.value ?? '0')}\n`);
      }
      return;
    }
    case 'Pods': {
      const cur = status?.pods ? quantityString(status.pods.current?.averageValue ?? '0') : '<unknown>';
      w.write(
        LEVEL_1,
        `"${metric.pods?.metric?.name ?? ''}" on pods:\t${cur} / ${quantityString(metric.pods?.target?.averageValue ?? '0')}\n`,
      );
      return;
    }
    case 'Object': {
      const o = metric.object ?? {};
      w.write(LEVEL_1, `"${o.metric?.name ?? ''}" on ${o.describedObject?.kind ?? ''}/${o.describedObject?.name ?? ''} `);
      if (o.target?.type === 'AverageValue') {
        const cur = status?.object ? quantityString(status.object.current?.averageValue ?? '0') : '<unknown>';
        w.write(LEVEL_0, `(target average value):\t${cur} / ${quantityString(o.target?.averageValue ?? '0')}\n`);
      } else {
        const cur = status?.object ? quantityString(status.object.current?.value ?? '0') : '<unknown>';
        w.write(LEVEL_0, `(target value):\t${cur} / ${quantityString(o.target?.value ?? '0')}\n`);
      }
      return;
    }
    case 'Resource':
    case 'ContainerResource': {
      const container = metric.type === 'ContainerResource';
      const src: Obj = (container ? metric.containerResource : metric.resource) ?? {};
      const cur: Obj | undefined = container ? status?.containerResource : status?.resource;
      if (container) w.write(LEVEL_1, `resource ${src.name ?? ''} of container "${src.container ?? ''}" on pods`);
      else w.write(LEVEL_1, `resource ${src.name ?? ''} on pods`);
      if (src.target?.averageValue !== undefined) {
        const current = cur ? quantityString(cur.current?.averageValue ?? '0') : '<unknown>';
        w.write(LEVEL_0, `:\t${current} / ${quantityString(src.target.averageValue)}\n`);
      } else {
        const current =
          cur && typeof cur.current?.averageUtilization === 'number'
            ? `${cur.current.averageUtilization}% (${quantityString(cur.current.averageValue ?? '0')})`
            : '<unknown>';
        const target = typeof src.target?.averageUtilization === 'number' ? `${src.target.averageUtilization}%` : '<auto>';
        w.write(LEVEL_1, `(as a percentage of request):\t${current} / ${target}\n`);
      }
      return;
    }
    default:
      w.write(LEVEL_1, `<unknown metric type ${JSON.stringify(String(metric.type ?? ''))}>\n`);
  }
}

export const describeHorizontalPodAutoscaler: Describer = (hpa, ctx) => {
  const events = ctx.showEvents ? searchEvents(ctx.env, refFor(hpa)) : undefined;
  const spec: Obj = hpa.spec ?? {};
  const status: Obj = hpa.status ?? {};
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${hpa.metadata.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${hpa.metadata.namespace ?? ''}\n`);
    printLabelsMultiline(w, 'Labels', hpa.metadata.labels);
    printAnnotationsMultiline(w, 'Annotations', hpa.metadata.annotations);
    w.write(LEVEL_0, `CreationTimestamp:\t${formatRFC1123Z(hpa.metadata.creationTimestamp)}\n`);
    w.write(LEVEL_0, `Reference:\t${spec.scaleTargetRef?.kind ?? ''}/${spec.scaleTargetRef?.name ?? ''}\n`);
    w.write(LEVEL_0, 'Metrics:\t( current / target )\n');
    const current = (status.currentMetrics ?? []) as Obj[];
    ((spec.metrics ?? []) as Obj[]).forEach((m, i) => writeMetric(w, m, current[i]));
    w.write(LEVEL_0, `Min replicas:\t${typeof spec.minReplicas === 'number' ? spec.minReplicas : '<unset>'}\n`);
    w.write(LEVEL_0, `Max replicas:\t${spec.maxReplicas ?? 0}\n`);
    if (spec.behavior) {
      w.write(LEVEL_0, 'Behavior:\n');
      printDirectionBehavior(w, 'Scale Up', spec.behavior.scaleUp);
      printDirectionBehavior(w, 'Scale Down', spec.behavior.scaleDown);
    }
    w.write(LEVEL_0, `${spec.scaleTargetRef?.kind ?? ''} pods:\t`);
    w.write(LEVEL_0, `${status.currentReplicas ?? 0} current / ${status.desiredReplicas ?? 0} desired\n`);
    const conditions = (status.conditions ?? []) as Obj[];
    if (conditions.length > 0) {
      w.write(LEVEL_0, 'Conditions:\n');
      w.write(LEVEL_1, 'Type\tStatus\tReason\tMessage\n');
      w.write(LEVEL_1, '----\t------\t------\t-------\n');
      for (const c of conditions) w.write(LEVEL_1, `${c.type ?? ''}\t${c.status ?? ''}\t${c.reason ?? ''}\t${c.message ?? ''}\n`);
    }
    if (events) describeEvents(events, w, ctx.nowUnixMs);
  });
};
