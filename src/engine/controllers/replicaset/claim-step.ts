// One step of a remembered ReplicaSet claim: when a single pod of the set's candidates changed
// since the last claim (Informer.lastChange), the new claim is the old one with that pod put in,
// replaced or taken out — what a full ClaimPods over the candidates would return — or nothing is
// certain (the pod is an orphan or would be released: a claim would write), and the caller claims
// afresh.

import type { Selector } from '../../../k8s/labels';
import type { KObject } from '../../../k8s/types';
import { keyFor, splitKey, type Informer } from '../../runtime/informer';
import { isPodActive } from '../active-pods';
import { getControllerOf } from '../controller-ref-manager';

/** Claimed pods in list order, and each one's position by name (built when first needed). */
export interface ClaimedPods {
  readonly pods: KObject[];
  positions?: Map<string, number>;
}

/** What a step changed: the pod that left the claim and the one that came (an update is both). */
export interface ClaimStep {
  left?: KObject;
  came?: KObject;
}

function positionOf(claimed: ClaimedPods, name: string): number {
  if (!claimed.positions) {
    const positions = new Map<string, number>();
    claimed.pods.forEach((pod, i) => positions.set(pod.metadata.name ?? '', i));
    claimed.positions = positions;
  }
  return claimed.positions.get(name) ?? -1;
}

/**
 * Steps `claimed` (in place) past a change of the candidate `changedKey`; undefined, with
 * `claimed` untouched, when a full claim is needed.
 */
export function claimAfterOneChange(
  pods: Informer,
  claimed: ClaimedPods,
  changedKey: string,
  namespace: string,
  ownerUid: string,
  selector: Selector,
): ClaimStep | undefined {
  const { namespace: changedNamespace, name } = splitKey(changedKey);
  // A candidate of another namespace is never claimed (claimCandidates filters it out).
  if (changedNamespace !== namespace) return {};
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
  const list = claimed.pods;
  const at = positionOf(claimed, name);
  if (at >= 0) {
    const left = list[at];
    if (take) {
      list[at] = pod!;
      return { left, came: pod };
    }
    list.splice(at, 1);
    // Positions after it moved.
    claimed.positions = undefined;
    return { left };
  }
  if (!take) return {};
  // A pod new to the claim goes where list order puts it: last, when added after every other.
  const last = list[list.length - 1];
  if (last && pods.listedAfter(changedKey, keyFor(namespace, last.metadata.name ?? '')) !== true) return undefined;
  claimed.positions?.set(name, list.length);
  list.push(pod!);
  return { came: pod };
}
