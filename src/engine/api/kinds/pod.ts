// Pod (v1): graceful deletion (the kubelet finishes it), status owned by the kubelet.

import { humanDuration } from '../../../k8s/duration';
import { podPrintSummary } from '../../../k8s/pod-status';
import type { KObject, Pod } from '../../../k8s/types';
import { withKey } from '../deep';
import { defaultPod } from '../defaulting/pod';
import { validatePod, validatePodStatusUpdate, validatePodUpdate } from '../validation/pod';
import { age, orNone } from './columns';
import type { KindDefinition } from './kind-definition';
import { podQosClass, type QosClass } from './pod-qos';

/**
 * Grace period of a first pod DELETE (pkg/registry/core/pod/strategy.go CheckGracefulDelete): the
 * request's value, else spec.terminationGracePeriodSeconds (0 when unset); 0 for unscheduled or
 * terminated pods; a negative value means 1.
 */
export function podGracePeriodSeconds(pod: KObject, requestedSeconds: number | undefined): number {
  let period = requestedSeconds ?? pod.spec?.terminationGracePeriodSeconds ?? 0;
  if (!pod.spec?.nodeName) period = 0;
  const phase = pod.status?.phase;
  if (phase === 'Succeeded' || phase === 'Failed') period = 0;
  if (period < 0) period = 1;
  return period;
}

interface PodCondition {
  type: string;
  observedGeneration?: number;
  [field: string]: unknown;
}

/**
 * podStatusStrategy.PrepareForUpdate beyond the spec/metadata reset: the QoS class is backfilled
 * when a client dropped it, and observedGeneration (of the status and of each condition, matched
 * by type in order) is kept when a client clears it.
 */
export function preparePodStatusUpdate(pod: KObject, old: KObject): KObject {
  const status = pod.status ?? {};
  const oldStatus = old.status ?? {};
  let next = status;
  if (!status.qosClass && oldStatus.qosClass) next = { ...next, qosClass: oldStatus.qosClass };
  if (!status.observedGeneration && oldStatus.observedGeneration)
    next = { ...next, observedGeneration: oldStatus.observedGeneration };
  const conditions: PodCondition[] | undefined = status.conditions;
  const oldConditions: PodCondition[] | undefined = oldStatus.conditions;
  // Only an old condition with an observedGeneration has one to carry over (else none changes).
  if (Array.isArray(conditions) && Array.isArray(oldConditions) && oldConditions.some((c) => c.observedGeneration)) {
    const previous = new Map<string, number[]>();
    for (const c of oldConditions) previous.set(c.type, [...(previous.get(c.type) ?? []), c.observedGeneration ?? 0]);
    let changed = false;
    const merged = conditions.map((c) => {
      const gens = previous.get(c.type);
      const gen = gens && gens.length > 0 ? gens.shift()! : 0;
      if (c.observedGeneration || !gen) return c;
      changed = true;
      return { ...c, observedGeneration: gen };
    });
    if (changed) next = { ...next, conditions: merged };
  }
  return next === status ? pod : { ...pod, status: next };
}

/** A new pod's status per QoS class: shared (and frozen, like every stored object's parts). */
const PENDING_STATUS: Readonly<Record<QosClass, Readonly<{ phase: 'Pending'; qosClass: QosClass }>>> = {
  Guaranteed: Object.freeze({ phase: 'Pending', qosClass: 'Guaranteed' }),
  Burstable: Object.freeze({ phase: 'Pending', qosClass: 'Burstable' }),
  BestEffort: Object.freeze({ phase: 'Pending', qosClass: 'BestEffort' }),
};

/** The message of the SchedulingGated condition (pkg/registry/core/pod/strategy.go). */
export const SCHEDULING_GATED_MESSAGE = 'Scheduling is blocked due to non-empty scheduling gates';

/** applySchedulingGatedCondition: a new pod with gates starts PodScheduled=False, SchedulingGated. */
function schedulingGatedStatus(pod: KObject): KObject['status'] | undefined {
  const gates = pod.spec?.schedulingGates;
  if (!Array.isArray(gates) || gates.length === 0) return undefined;
  return {
    ...PENDING_STATUS[podQosClass(pod)],
    conditions: [
      {
        type: 'PodScheduled',
        status: 'False',
        lastProbeTime: null,
        lastTransitionTime: pod.metadata.creationTimestamp ?? null,
        reason: 'SchedulingGated',
        message: SCHEDULING_GATED_MESSAGE,
      },
    ],
  };
}

function readinessGates(pod: KObject): string {
  const gates: { conditionType: string }[] = pod.spec?.readinessGates ?? [];
  if (gates.length === 0) return '<none>';
  const conditions: { type: string; status: string }[] = pod.status?.conditions ?? [];
  const trueCount = gates.filter((g) => conditions.some((c) => c.type === g.conditionType && c.status === 'True')).length;
  return `${trueCount}/${gates.length}`;
}

export const podKind: KindDefinition = {
  group: '',
  version: 'v1',
  kind: 'Pod',
  plural: 'pods',
  singular: 'pod',
  shortNames: ['po'],
  namespaced: true,
  categories: ['all'],
  hasStatus: true,
  // Pods carry metadata.generation since PodObservedGenerationTracking (v1.33+).
  tracksGeneration: true,
  specFields: ['spec'],
  defaultPropagationPolicy: 'Background',
  garbageCollected: true,
  applyDefaults: (o) => defaultPod(o as Pod),
  // PrepareForCreate: a new pod starts Pending with its QoS class; clients cannot set status.
  // A pod with scheduling gates also gets PodScheduled=False/SchedulingGated
  // (applySchedulingGatedCondition).
  prepareForCreate: (pod) => withKey(pod, 'status', schedulingGatedStatus(pod) ?? PENDING_STATUS[podQosClass(pod)]),
  validate: (o) => validatePod(o as Pod),
  validateUpdate: (o, old) => validatePodUpdate(o as Pod, old as Pod),
  validateStatusUpdate: (o, old) => validatePodStatusUpdate(o as Pod, old as Pod),
  prepareForStatusUpdate: preparePodStatusUpdate,
  gracefulDeletePeriod: podGracePeriodSeconds,
  // pkg/apis/core/v1/conversion.go: the labels the Pod conversion accepts (spec.host is the old
  // name of spec.nodeName; status.podIPs is accepted but not selectable, so it matches "").
  fieldLabels: [
    'metadata.name',
    'metadata.namespace',
    'spec.nodeName',
    'spec.restartPolicy',
    'spec.schedulerName',
    'spec.serviceAccountName',
    'spec.hostNetwork',
    'status.phase',
    'status.podIP',
    'status.podIPs',
    'status.nominatedNodeName',
    'spec.host',
  ],
  fieldSelectors: {
    'spec.nodeName': (o) => o.spec?.nodeName ?? '',
    'spec.host': (o) => o.spec?.nodeName ?? '',
    'spec.restartPolicy': (o) => o.spec?.restartPolicy ?? '',
    'spec.schedulerName': (o) => o.spec?.schedulerName ?? '',
    'spec.serviceAccountName': (o) => o.spec?.serviceAccountName ?? '',
    'spec.hostNetwork': (o) => String(!!o.spec?.hostNetwork),
    'status.phase': (o) => o.status?.phase ?? '',
    'status.podIP': (o) => o.status?.podIPs?.[0]?.ip ?? o.status?.podIP ?? '',
    'status.nominatedNodeName': (o) => o.status?.nominatedNodeName ?? '',
  },
  columns: [
    { name: 'Ready', cell: (o) => podPrintSummary(o).ready },
    { name: 'Status', cell: (o) => podPrintSummary(o).status },
    {
      name: 'Restarts',
      cell: (o, ctx) => {
        const s = podPrintSummary(o);
        if (s.restarts > 0 && s.lastRestartMs !== undefined)
          return `${s.restarts} (${humanDuration(ctx.nowUnixMs - s.lastRestartMs)} ago)`;
        return String(s.restarts);
      },
    },
    { name: 'Age', cell: age },
    { name: 'IP', priority: 1, cell: (o) => orNone(o.status?.podIP) },
    { name: 'Node', priority: 1, cell: (o) => orNone(o.spec?.nodeName) },
    { name: 'Nominated Node', priority: 1, cell: (o) => orNone(o.status?.nominatedNodeName) },
    { name: 'Readiness Gates', priority: 1, cell: readinessGates },
  ],
};
