// MarkPodsNotReady (pkg/controller/util/node/controller_utils.go): when a node stops being Ready,
// every pod bound to it gets its Ready condition set to False with a status update, and a Warning
// event NodeNotReady "Node is not ready". Only the Ready condition changes: ContainersReady and the
// container statuses stay, so `kubectl get pods` keeps showing e.g. 1/1 Running while Services
// drop the pod's endpoints.

import type { Condition, KObject } from '../../../k8s/types';
import type { ApiServer } from '../../api/apiserver';
import { isApiError } from '../../api/errors';
import type { Recorder } from '../../runtime/events';

export const REASON_NODE_NOT_READY = 'NodeNotReady';
export const MESSAGE_NODE_NOT_READY = 'Node is not ready';

/**
 * The pod with its Ready condition False (utilpod.UpdatePodCondition: lastTransitionTime now when
 * the status changes), or undefined when there is nothing to change.
 */
export function podMarkedNotReady(pod: KObject, nowTimestamp: string): KObject | undefined {
  const conditions: Condition[] | undefined = pod.status?.conditions;
  if (!conditions) return undefined;
  const i = conditions.findIndex((c) => c.type === 'Ready');
  if (i < 0 || conditions[i].status === 'False') return undefined;
  const next = [...conditions];
  next[i] = { ...conditions[i], status: 'False', lastTransitionTime: nowTimestamp };
  return { ...pod, status: { ...pod.status, conditions: next } };
}

/**
 * Marks each of `pods` bound to `nodeName` not ready. Returns the API errors met (a pod that is
 * gone is not an error); the caller retries the node on the next pass when there are any.
 */
export function markPodsNotReady(api: ApiServer, recorder: Recorder, pods: readonly KObject[], nodeName: string): unknown[] {
  const errors: unknown[] = [];
  const now = api.timestamp();
  for (const pod of pods) {
    if (pod.spec?.nodeName !== nodeName) continue;
    const updated = podMarkedNotReady(pod, now);
    if (!updated) continue;
    try {
      api.updateStatus(updated);
    } catch (e) {
      if (!isApiError(e)) throw e;
      if (!isApiError(e, 'NotFound')) errors.push(e);
      continue;
    }
    recorder.event(pod, 'Warning', REASON_NODE_NOT_READY, MESSAGE_NODE_NOT_READY);
  }
  return errors;
}
