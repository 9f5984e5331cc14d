// One step of a remembered ReplicaSet claim: when a single pod of the set's candidates changed
// since the last claim (Informer.lastChange), the new claim is the old one with that pod put in,
// replaced or taken out — what a full ClaimPods over the candidates would return — or undefined
// when that is not certain (the pod is an orphan or would be released: a claim would write), and
// the caller claims afresh.

import type { Selector } from '../../../k8s/labels';
import type { KObject } from '../../../k8s/types';
import { keyFor, splitKey, type Informer } from '../../runtime/informer';
import { isPodActive } from '../active-pods';
import { getControllerOf } from '../controller-ref-manager';

/** A claim after one change: the claimed pods (a new array), and the pod that left and the one that came. */
export interface ClaimStep {
  claimed: KObject[];
  left?: KObject;
  came?: KObject;
}

/** The pods a claim over the changed candidates takes, from `claimed`, or undefined. */
export function claimAfterOneChange(
  pods: Informer,
  claimed: readonly KObject[],
  changedKey: string,
  namespace: string,
  ownerUid: string,
  selector: Selector,
): ClaimStep | undefined {
  const { namespace: changedNamespace, name } = splitKey(changedKey);
  // A candidate of another namespace is never claimed (claimCandidates filters it out).
  if (changedNamespace !== namespace) return { claimed: claimed.slice() };
  const pod = pods.getByKey(changedKey);
  let take = false;
  if (pod && isPodActive(pod)) {
    const ref = getControllerOf(pod);
    // An orphan could be adopted.
    if (!ref) return undefined;
    if (ref.uid === ownerUid) {
      // Our own pod that no longer matches would be released.
      if (!selector.matches(pod.metadata.labels)) return undefined;
      take = true;
    }
  }
  const at = claimed.findIndex((p) => p.metadata.name === name);
  const next = claimed.slice();
  if (at >= 0) {
    if (take) next[at] = pod!;
    else next.splice(at, 1);
    return { claimed: next, left: claimed[at], came: take ? pod : undefined };
  }
  if (!take) return { claimed: next };
  // A pod new to the claim goes where list order puts it: last, when added after every other.
  const last = claimed[claimed.length - 1];
  if (last && pods.listedAfter(changedKey, keyFor(namespace, last.metadata.name ?? '')) !== true) return undefined;
  next.push(pod!);
  return { claimed: next, came: pod };
}
