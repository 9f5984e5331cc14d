// DescribePodTemplate (kubectl pkg/describe): the `Pod Template:` block of workload descriptions
// (ReplicaSet, ReplicationController, Deployment, DaemonSet, StatefulSet, Job): labels, annotations
// when any, service account, init containers, containers, volumes, topology spread constraints,
// priority class, node selectors and tolerations — all indented two spaces.

import type { Toleration } from '../../../k8s/types';
import { describeContainers } from './containers';
import { printAnnotationsMultiline, printLabelsMultiline, printTolerationsMultiline } from './format';
import { describeTopologySpreadConstraints } from './pod';
import { describeVolumes } from './volumes';
import { LEVEL_0, LEVEL_1, type PrefixWriter } from './writer';

/** A PodTemplateSpec as it appears in a workload's spec (undefined: an RC without one). */
export interface PodTemplateLike {
  metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: Record<string, any>;
}

export function describePodTemplate(template: PodTemplateLike | undefined | null, w: PrefixWriter): void {
  w.write(LEVEL_0, 'Pod Template:\n');
  if (!template) {
    w.write(LEVEL_1, '<unset>');
    return;
  }
  const meta = template.metadata ?? {};
  const spec: Record<string, any> = template.spec ?? {};
  printLabelsMultiline(w, '  Labels', meta.labels);
  if (meta.annotations && Object.keys(meta.annotations).length > 0)
    printAnnotationsMultiline(w, '  Annotations', meta.annotations);
  if (spec.serviceAccountName) w.write(LEVEL_1, `Service Account:\t${spec.serviceAccountName}\n`);
  if ((spec.initContainers ?? []).length > 0)
    describeContainers('Init Containers', spec.initContainers, undefined, undefined, w, '  ');
  describeContainers('Containers', spec.containers ?? [], undefined, undefined, w, '  ');
  describeVolumes(spec.volumes, w, '  ');
  describeTopologySpreadConstraints(spec.topologySpreadConstraints, w, '  ');
  if (spec.priorityClassName) w.write(LEVEL_1, `Priority Class Name:\t${spec.priorityClassName}\n`);
  printLabelsMultiline(w, '  Node-Selectors', spec.nodeSelector);
  printTolerationsMultiline(w, '  Tolerations', spec.tolerations as Toleration[] | undefined);
}
