// Pod (v1): graceful deletion (the kubelet finishes it), status owned by the kubelet.

import { humanDuration } from '../../../k8s/duration';
import { podPrintSummary } from '../../../k8s/pod-status';
import type { KObject, Pod } from '../../../k8s/types';
import { defaultPod } from '../defaulting/pod';
import { validatePod, validatePodStatusUpdate, validatePodUpdate } from '../validation/pod';
import { age, orNone } from './columns';
import type { DeletionOutcome, DeleteContext, KindDefinition } from './kind-definition';
import { podQosClass } from './pod-qos';

/**
 * Grace period of a pod DELETE (pkg/registry/core/pod/strategy.go CheckGracefulDelete): the
 * request's value, else spec.terminationGracePeriodSeconds; 0 for unscheduled or terminated pods;
 * a negative value means 1.
 */
export function podDeletionOutcome(pod: KObject, ctx: DeleteContext): DeletionOutcome {
  let grace = ctx.requestedGracePeriodSeconds ?? pod.spec?.terminationGracePeriodSeconds ?? 30;
  const phase = pod.status?.phase;
  if (!pod.spec?.nodeName || phase === 'Succeeded' || phase === 'Failed') grace = 0;
  if (grace < 0) grace = 1;
  if (grace === 0) return { kind: 'remove' };
  return { kind: 'mark', deletionTimestampMs: ctx.nowMs + grace * 1000, gracePeriodSeconds: grace };
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
  prepareForCreate: (pod) => ({ ...pod, status: { phase: 'Pending', qosClass: podQosClass(pod) } }),
  validate: (o) => validatePod(o as Pod),
  validateUpdate: (o, old) => validatePodUpdate(o as Pod, old as Pod),
  validateStatusUpdate: (o, old) => validatePodStatusUpdate(o as Pod, old as Pod),
  deletionOutcome: podDeletionOutcome,
  fieldSelectors: {
    'spec.nodeName': (o) => o.spec?.nodeName ?? '',
    'spec.restartPolicy': (o) => o.spec?.restartPolicy ?? '',
    'spec.schedulerName': (o) => o.spec?.schedulerName ?? '',
    'spec.serviceAccountName': (o) => o.spec?.serviceAccountName ?? '',
    'spec.hostNetwork': (o) => String(!!o.spec?.hostNetwork),
    'status.phase': (o) => o.status?.phase ?? '',
    'status.podIP': (o) => o.status?.podIP ?? '',
    'status.nominatedNodeName': (o) => o.status?.nominatedNodeName ?? '',
  },
  columns: [
    { name: 'Ready', cell: (o) => podPrintSummary(o).ready },
    { name: 'Status', cell: (o) => podPrintSummary(o).status },
    {
      name: 'Restarts',
      cell: (o, ctx) => {
        const s = podPrintSummary(o);
        if (s.restarts > 0 && s.lastRestartMs !== undefined) return `${s.restarts} (${humanDuration(ctx.nowUnixMs - s.lastRestartMs)} ago)`;
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
