// `kubectl describe pod` (kubectl pkg/describe describePod): identity, node and start time,
// status, IPs, controller, containers with their states, conditions, volumes, QoS class, node
// selectors, tolerations, topology spread constraints and the pod's events.

import type { KEvent, KObject } from '../../../k8s/types';
import { podQosClass } from '../../api/kinds/pod-qos';
import { formatLabelSelector } from '../../../k8s/labels';
import { describeContainers, describeResources } from './containers';
import { describeEvents, searchEvents } from './events';
import {
  controllerOf,
  formatRFC1123Z,
  printAnnotationsMultiline,
  printLabelsMultiline,
  printTolerationsMultiline,
  timestampSince,
} from './format';
import type { DescribeContext, Describer } from './types';
import { describeVolumes } from './volumes';
import { LEVEL_0, LEVEL_1, tabbedString, type PrefixWriter } from './writer';

const MIRROR_POD_ANNOTATION = 'kubernetes.io/config.mirror';

export const describePod: Describer = (pod: KObject, ctx: DescribeContext) => {
  let events: KEvent[] | undefined;
  if (ctx.showEvents) {
    // The pod's reference without its kind; a mirror pod's events are about its static pod.
    const mirror = pod.metadata.annotations?.[MIRROR_POD_ANNOTATION];
    events = searchEvents(ctx.env, {
      name: pod.metadata.name ?? '',
      namespace: pod.metadata.namespace ?? '',
      uid: mirror !== undefined ? mirror : pod.metadata.uid,
    });
  }
  const spec: Record<string, any> = pod.spec ?? {};
  const status: Record<string, any> = pod.status ?? {};
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${pod.metadata.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${pod.metadata.namespace ?? ''}\n`);
    if (spec.priority !== undefined && spec.priority !== null) w.write(LEVEL_0, `Priority:\t${spec.priority}\n`);
    if (spec.priorityClassName) w.write(LEVEL_0, `Priority Class Name:\t${spec.priorityClassName}\n`);
    if (spec.runtimeClassName) w.write(LEVEL_0, `Runtime Class Name:\t${spec.runtimeClassName}\n`);
    if (spec.serviceAccountName) w.write(LEVEL_0, `Service Account:\t${spec.serviceAccountName}\n`);
    if (!spec.nodeName) w.write(LEVEL_0, 'Node:\t<none>\n');
    else w.write(LEVEL_0, `Node:\t${spec.nodeName}/${status.hostIP ?? ''}\n`);
    if (status.startTime) w.write(LEVEL_0, `Start Time:\t${formatRFC1123Z(status.startTime)}\n`);
    printLabelsMultiline(w, 'Labels', pod.metadata.labels);
    printAnnotationsMultiline(w, 'Annotations', pod.metadata.annotations);
    if (pod.metadata.deletionTimestamp && status.phase !== 'Failed' && status.phase !== 'Succeeded') {
      w.write(LEVEL_0, `Status:\tTerminating (lasts ${timestampSince(pod.metadata.deletionTimestamp, ctx.nowUnixMs)})\n`);
      w.write(LEVEL_0, `Termination Grace Period:\t${pod.metadata.deletionGracePeriodSeconds ?? 0}s\n`);
    } else {
      w.write(LEVEL_0, `Status:\t${status.phase ?? ''}\n`);
    }
    if (status.reason) w.write(LEVEL_0, `Reason:\t${status.reason}\n`);
    if (status.message) w.write(LEVEL_0, `Message:\t${status.message}\n`);
    const seccomp = spec.securityContext?.seccompProfile;
    if (seccomp) {
      w.write(LEVEL_0, `SeccompProfile:\t${seccomp.type ?? ''}\n`);
      if (seccomp.type === 'Localhost') w.write(LEVEL_0, `LocalhostProfile:\t${seccomp.localhostProfile ?? ''}\n`);
    }
    w.write(LEVEL_0, `IP:\t${status.podIP ?? ''}\n`);
    describePodIPs(status.podIPs, w);
    const controlledBy = controllerOf(pod);
    if (controlledBy) w.write(LEVEL_0, `Controlled By:\t${controlledBy}\n`);
    if (status.nominatedNodeName) w.write(LEVEL_0, `NominatedNodeName:\t${status.nominatedNodeName}\n`);
    if (spec.resources) {
      w.write(LEVEL_0, 'Resources:\n');
      describeResources(spec.resources, w, LEVEL_1);
    }
    if ((spec.initContainers ?? []).length > 0) {
      describeContainers('Init Containers', spec.initContainers, status.initContainerStatuses ?? [], pod, w, '');
    }
    describeContainers('Containers', spec.containers ?? [], status.containerStatuses ?? [], pod, w, '');
    if ((spec.ephemeralContainers ?? []).length > 0) {
      describeContainers('Ephemeral Containers', spec.ephemeralContainers, status.ephemeralContainerStatuses ?? [], pod, w, '');
    }
    const conditions: { type: string; status: string }[] = status.conditions ?? [];
    const gates: { conditionType: string }[] = spec.readinessGates ?? [];
    if (gates.length > 0) {
      w.write(LEVEL_0, 'Readiness Gates:\n  Type\tStatus\n');
      for (const g of gates) {
        const c = conditions.find((x) => x.type === g.conditionType);
        w.write(LEVEL_1, `${g.conditionType} \t${c ? c.status : '<none>'} \n`);
      }
    }
    if (conditions.length > 0) {
      w.write(LEVEL_0, 'Conditions:\n  Type\tStatus\n');
      for (const c of conditions) w.write(LEVEL_1, `${c.type} \t${c.status} \n`);
    }
    describeVolumes(spec.volumes, w, '');
    w.write(LEVEL_0, `QoS Class:\t${status.qosClass || podQosClass(pod)}\n`);
    printLabelsMultiline(w, 'Node-Selectors', spec.nodeSelector);
    printTolerationsMultiline(w, 'Tolerations', spec.tolerations);
    describeTopologySpreadConstraints(spec.topologySpreadConstraints, w, '');
    if (events) describeEvents(events, w, ctx.nowUnixMs);
  });
};

function describePodIPs(podIPs: { ip: string }[] | undefined, w: PrefixWriter): void {
  if (!podIPs || podIPs.length === 0) {
    w.write(LEVEL_0, 'IPs:\t<none>\n');
    return;
  }
  w.write(LEVEL_0, 'IPs:\n');
  for (const ip of podIPs) w.write(LEVEL_1, `IP:\t${ip.ip}\n`);
}

/** describeTopologySpreadConstraints: sorted by topology key, one per line. */
export function describeTopologySpreadConstraints(tscs: any[] | undefined, w: PrefixWriter, space: string): void {
  if (!tscs || tscs.length === 0) return;
  const sorted = [...tscs].sort((a, b) => (a.topologyKey < b.topologyKey ? -1 : a.topologyKey > b.topologyKey ? 1 : 0));
  w.write(LEVEL_0, `${space}Topology Spread Constraints:\t`);
  sorted.forEach((tsc, i) => {
    if (i !== 0) w.write(LEVEL_0, `${space}\t`);
    let line = `${tsc.topologyKey}:${tsc.whenUnsatisfiable} when max skew ${tsc.maxSkew} is exceeded`;
    if (tsc.labelSelector) line += ` for selector ${formatLabelSelector(tsc.labelSelector)}`;
    w.write(LEVEL_0, `${line}\n`);
  });
}
