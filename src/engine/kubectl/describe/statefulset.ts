// `kubectl describe statefulset` (kubectl pkg/describe describeStatefulSet): name, namespace,
// creation time, selector, labels, annotations, `Replicas: <spec> desired | <status> total`, the
// update strategy (with its partition and maxUnavailable), `Pods Status:` over the pods the
// selector matches that the set controls, the pod template, the volume claim templates
// (describeVolumeClaimTemplates) and the events.

import { formatLabelSelector } from '../../../k8s/labels';
import type { KEvent, KObject } from '../../../k8s/types';
import { describeEvents, refFor, searchEvents } from './events';
import { formatRFC1123Z, printAnnotationsMultiline, printLabelsMultiline } from './format';
import { describePodTemplate } from './pod-template';
import { podStatusForController } from './replicaset';
import type { Describer } from './types';
import { LEVEL_0, LEVEL_1, tabbedString, type PrefixWriter } from './writer';

/** storageutil.GetPersistentVolumeClaimClass: the beta annotation, else spec.storageClassName. */
function claimClass(pvc: KObject): string {
  return pvc.metadata?.annotations?.['volume.beta.kubernetes.io/storage-class'] ?? pvc.spec?.storageClassName ?? '';
}

function describeVolumeClaimTemplates(templates: KObject[], w: PrefixWriter): void {
  if (templates.length === 0) {
    w.write(LEVEL_0, 'Volume Claims:\t<none>\n');
    return;
  }
  w.write(LEVEL_0, 'Volume Claims:\n');
  for (const pvc of templates) {
    w.write(LEVEL_1, `Name:\t${pvc.metadata?.name ?? ''}\n`);
    w.write(LEVEL_1, `StorageClass:\t${claimClass(pvc)}\n`);
    printLabelsMultiline(w, 'Labels', pvc.metadata?.labels, '  ');
    printLabelsMultiline(w, 'Annotations', pvc.metadata?.annotations, '  ');
    const storage = pvc.spec?.resources?.requests?.storage;
    w.write(LEVEL_1, `Capacity:\t${storage === undefined ? '<default>' : String(storage)}\n`);
    // Go's %s of a []PersistentVolumeAccessMode.
    w.write(LEVEL_1, `Access Modes:\t[${((pvc.spec?.accessModes ?? []) as string[]).join(' ')}]\n`);
  }
}

export const describeStatefulSet: Describer = (sts, ctx) => {
  const spec: Record<string, any> = sts.spec ?? {};
  const status: Record<string, any> = sts.status ?? {};
  const counts = podStatusForController(ctx, sts);
  const events: KEvent[] | undefined = ctx.showEvents ? searchEvents(ctx.env, refFor(sts)) : undefined;
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${sts.metadata.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${sts.metadata.namespace ?? ''}\n`);
    w.write(LEVEL_0, `CreationTimestamp:\t${formatRFC1123Z(sts.metadata.creationTimestamp)}\n`);
    w.write(LEVEL_0, `Selector:\t${formatLabelSelector(spec.selector)}\n`);
    printLabelsMultiline(w, 'Labels', sts.metadata.labels);
    printAnnotationsMultiline(w, 'Annotations', sts.metadata.annotations);
    w.write(LEVEL_0, `Replicas:\t${spec.replicas ?? 0} desired | ${status.replicas ?? 0} total\n`);
    w.write(LEVEL_0, `Update Strategy:\t${spec.updateStrategy?.type ?? ''}\n`);
    const ru = spec.updateStrategy?.rollingUpdate;
    if (ru && typeof ru.partition === 'number') {
      w.write(LEVEL_1, `Partition:\t${ru.partition}\n`);
      if (ru.maxUnavailable !== undefined && ru.maxUnavailable !== null)
        w.write(LEVEL_1, `MaxUnavailable:\t${String(ru.maxUnavailable)}\n`);
    }
    w.write(
      LEVEL_0,
      `Pods Status:\t${counts.running} Running / ${counts.waiting} Waiting / ${counts.succeeded} Succeeded / ${counts.failed} Failed\n`,
    );
    describePodTemplate(spec.template, w);
    describeVolumeClaimTemplates(Array.isArray(spec.volumeClaimTemplates) ? spec.volumeClaimTemplates : [], w);
    if (events) describeEvents(events, w, ctx.nowUnixMs);
  });
};
