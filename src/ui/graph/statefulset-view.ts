// A StatefulSet's card in the workloads lane: READY like `kubectl get sts`, and while a rollout
// runs, the rule `kubectl rollout status` applies (StatefulSetStatusViewer) with the partition:
// the pods at or above it are replaced from the highest ordinal down, one at a time.

import type { KObject } from '../../k8s/types';
import type { RolloutView } from './model';

/** The ordinal in a StatefulSet pod's (or claim's) name: `web-12` of `web` → 12. */
export function statefulSetOrdinal(name: string, setName: string): number | undefined {
  const tail = name.startsWith(`${setName}-`) ? name.slice(setName.length + 1) : '';
  return /^(0|[1-9]\d*)$/.test(tail) ? Number(tail) : undefined;
}

/** READY and its tone, as printStatefulSet's READY column. */
export function statefulSetCount(sts: KObject): { count: string; title: string; tone: 'ok' | 'warn' | 'idle' } {
  const desired = typeof sts.spec?.replicas === 'number' ? sts.spec.replicas : 1;
  const ready: number = sts.status?.readyReplicas ?? 0;
  const policy: string = sts.spec?.podManagementPolicy ?? 'OrderedReady';
  const strategy: string = sts.spec?.updateStrategy?.type ?? 'RollingUpdate';
  return {
    count: `${ready}/${desired}`,
    title: `READY ${ready}/${desired}, ${policy}, ${strategy}`,
    tone: desired === 0 ? 'idle' : ready === desired ? 'ok' : 'warn',
  };
}

/** The rollout while it is not done (RollingUpdate only: OnDelete never rolls by itself). */
export function statefulSetRollout(sts: KObject): RolloutView | undefined {
  if ((sts.spec?.updateStrategy?.type ?? 'RollingUpdate') !== 'RollingUpdate') return undefined;
  const status = sts.status ?? {};
  const desired = typeof sts.spec?.replicas === 'number' ? sts.spec.replicas : 1;
  const updated: number = status.updatedReplicas ?? 0;
  const base = { desired, updated, available: status.availableReplicas ?? 0, total: status.replicas ?? 0 };
  if ((sts.metadata.generation ?? 0) > (status.observedGeneration ?? 0)) {
    return { ...base, message: 'waiting for the spec update to be observed' };
  }
  if (!status.updateRevision || status.updateRevision === status.currentRevision) return undefined;
  const partition: number = sts.spec?.updateStrategy?.rollingUpdate?.partition ?? 0;
  const target = Math.max(0, desired - partition);
  if (updated >= target) return undefined;
  const start: number = sts.spec?.ordinals?.start ?? 0;
  const name = sts.metadata.name ?? '';
  // Pods are replaced from the highest ordinal down: the next one is the highest not yet updated.
  const next = `${name}-${start + desired - 1 - updated}`;
  const staged = partition > 0 ? `, partition ${partition}: ordinals below ${start + partition} keep the current revision` : '';
  return { ...base, desired: target, message: `${updated} out of ${target} new pods have been updated, next ${next}${staged}` };
}

/** The fields of a pod chip an OrderedReady wait is read from. */
interface OrdinalPod {
  name: string;
  status: string;
  readyFraction: number;
  deleting: boolean;
}

/**
 * OrderedReady: the ordinal the controller waits on, as the page puts it ("web-1 waits for web-0
 * to be Running and Ready"); undefined when nothing waits or the set is Parallel.
 */
export function orderedReadyWait(sts: KObject, pods: readonly OrdinalPod[]): string | undefined {
  if (sts.spec?.podManagementPolicy === 'Parallel') return undefined;
  const name = sts.metadata.name ?? '';
  const start: number = sts.spec?.ordinals?.start ?? 0;
  const desired = typeof sts.spec?.replicas === 'number' ? sts.spec.replicas : 1;
  const byName = new Map(pods.map((p) => [p.name, p]));
  for (let ord = start; ord < start + desired; ord++) {
    const pod = byName.get(`${name}-${ord}`);
    if (!pod) return undefined;
    if (pod.status === 'Running' && pod.readyFraction >= 1 && !pod.deleting) continue;
    const next = ord + 1 < start + desired ? `${name}-${ord + 1}` : undefined;
    if (next && !byName.has(next)) return `${next} waits for ${name}-${ord} to be Running and Ready`;
    return `waiting for ${name}-${ord} to be Running and Ready`;
  }
  return undefined;
}
