// updatePod's routing, as the ReplicaSet and StatefulSet controllers share it upstream: which
// owners a pod update concerns once the pod is not being deleted.

import type { KObject, OwnerReference } from '../../k8s/types';
import { deepEqual } from '../api/deep';
import { objectKey } from '../runtime/informer';
import { isPodReady } from './active-pods';
import { getControllerOf } from './controller-ref-manager';

export interface PodUpdateRouting {
  /** The owner a controllerRef names, if it is still the one referred to (uid checked). */
  resolve(namespace: string | undefined, ref: OwnerReference): KObject | undefined;
  /** Keys of the owners whose selector matches an orphan (adoption candidates). */
  ownersMatching(pod: KObject): string[];
  /** Requeues `key` after `ms` (the minReadySeconds re-check). */
  enqueueAfter(key: string, ms: number): void;
}

/**
 * The old controller when the controllerRef changed; the current controller (re-checked once
 * minReadySeconds have passed after the pod turned ready); for an orphan whose labels or
 * controllerRef changed, every owner that may adopt it.
 */
export function ownerKeysForPodUpdate(oldPod: KObject, cur: KObject, routing: PodUpdateRouting): string[] {
  const keys: string[] = [];
  const curRef = getControllerOf(cur);
  const oldRef = getControllerOf(oldPod);
  const refChanged = !deepEqual(curRef ?? null, oldRef ?? null);
  if (refChanged && oldRef) {
    const old = routing.resolve(oldPod.metadata.namespace, oldRef);
    if (old) keys.push(objectKey(old));
  }
  if (curRef) {
    const owner = routing.resolve(cur.metadata.namespace, curRef);
    if (!owner) return keys;
    const key = objectKey(owner);
    keys.push(key);
    const minReady: number = owner.spec?.minReadySeconds ?? 0;
    if (!isPodReady(oldPod) && isPodReady(cur) && minReady > 0) routing.enqueueAfter(key, minReady * 1000 + 1000);
    return keys;
  }
  if (refChanged || !deepEqual(oldPod.metadata.labels ?? {}, cur.metadata.labels ?? {}))
    keys.push(...routing.ownersMatching(cur));
  return keys;
}
