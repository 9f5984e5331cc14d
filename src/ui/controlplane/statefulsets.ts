// The StatefulSets the control plane is waiting on, for the control-plane panel: an OrderedReady
// set whose next ordinal waits for its predecessor ("web-1 waits for web-0 to be Running and
// Ready"), and a rolling update's position (the ordinal being replaced, the partition). The rules
// are the workloads lane's (graph/statefulset-view.ts); this reads them from the mirrored pods.

import type { KObject } from '../../k8s/types';
import { orderedReadyWait, statefulSetRollout } from '../graph/statefulset-view';
import { objectKey } from '../../protocol/delta';
import type { ObjectKey } from '../../protocol/messages';

export interface StatefulSetWait {
  key: ObjectKey;
  name: string;
  /** What the controller waits for, or the rollout's position. */
  message: string;
}

function isReady(pod: KObject): boolean {
  return (pod.status?.conditions ?? []).some((c: { type: string; status: string }) => c.type === 'Ready' && c.status === 'True');
}

/** One row per StatefulSet that waits on an ordinal or is rolling, in the sets' order. */
export function statefulSetWaits(sets: readonly KObject[], pods: readonly KObject[]): StatefulSetWait[] {
  if (sets.length === 0) return [];
  const byOwner = new Map<string, { name: string; status: string; readyFraction: number; deleting: boolean }[]>();
  for (const pod of pods) {
    const owner = pod.metadata.ownerReferences?.find((r) => r.controller === true && r.kind === 'StatefulSet');
    if (!owner) continue;
    let list = byOwner.get(owner.uid);
    if (!list) byOwner.set(owner.uid, (list = []));
    list.push({
      name: pod.metadata.name ?? '',
      status: pod.status?.phase ?? 'Pending',
      readyFraction: isReady(pod) ? 1 : 0,
      deleting: !!pod.metadata.deletionTimestamp,
    });
  }
  const rows: StatefulSetWait[] = [];
  for (const set of sets) {
    const wait = orderedReadyWait(set, byOwner.get(set.metadata.uid ?? '') ?? []);
    const rollout = statefulSetRollout(set)?.message;
    const message = wait ?? rollout;
    if (message) rows.push({ key: objectKey(set), name: set.metadata.name ?? '', message });
  }
  return rows;
}
