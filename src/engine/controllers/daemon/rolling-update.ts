// The DaemonSet rolling update (pkg/controller/daemon/update.go rollingUpdate,
// updatedDesiredNodeCounts, findUpdatedPodsOnNode; util.UnavailableCount / SurgeCount): which old
// pods to delete and, when surging, on which nodes to start a new pod beside the old one. Pure:
// the controller's manage loop then creates the missing pods and prunes extras.
//
// maxSurge == 0: per node (non-deleted pods) — several new or several old pods, no pod, or an old
// and a new one count as unavailable; a lone new pod counts when not available; a lone old pod
// that is not available is replaced at once; an available one is a candidate while the unavailable
// count is below maxUnavailable. Then min(candidates, maxUnavailable − unavailable) candidates go.
// maxSurge > 0: a node with only an unavailable old pod gets a new pod at once; one with an
// available old pod is a surge candidate (up to maxSurge − surging); a node with an old and a new
// pod deletes the old one once the new one is available (else it counts as surging); old pods on
// nodes that should no longer run one are deleted only while more pods are available than desired.
//
// Difference from upstream: nodes are visited in node-list order, not Go's random map order.

import type { KObject } from '../../../k8s/types';
import { scaledValueFromIntOrPercent, type IntOrString } from '../../../k8s/int-or-string';
import { isPodAvailable } from '../active-pods';
import { isPodUpdated } from './daemon-pods';

export interface RolloutLimits {
  maxSurge: number;
  maxUnavailable: number;
}

/** updatedDesiredNodeCounts' limits: percents of the desired nodes rounded up; never both 0. */
export function rolloutLimits(ds: KObject, desiredNumberScheduled: number): RolloutLimits {
  const strategy = ds.spec?.updateStrategy;
  let maxUnavailable = 0;
  let maxSurge = 0;
  if (strategy?.type === 'RollingUpdate') {
    const ru = strategy.rollingUpdate ?? {};
    if (ru.maxUnavailable !== undefined && ru.maxUnavailable !== null)
      maxUnavailable = scaledValueFromIntOrPercent(ru.maxUnavailable as IntOrString, desiredNumberScheduled, true);
    if (ru.maxSurge !== undefined && ru.maxSurge !== null)
      maxSurge = scaledValueFromIntOrPercent(ru.maxSurge as IntOrString, desiredNumberScheduled, true);
  }
  if (desiredNumberScheduled > 0 && maxUnavailable === 0 && maxSurge === 0) maxUnavailable = 1;
  return { maxSurge, maxUnavailable };
}

/** findUpdatedPodsOnNode: the node's one new and one old pod; `ok` false when there are more. */
export function updatedPodsOnNode(
  pods: readonly KObject[],
  hash: string,
  generation: number | undefined,
): { newPod?: KObject; oldPod?: KObject; ok: boolean } {
  let newPod: KObject | undefined;
  let oldPod: KObject | undefined;
  for (const pod of pods) {
    if (pod.metadata.deletionTimestamp) continue;
    if (isPodUpdated(pod, hash, generation)) {
      if (newPod) return { ok: false };
      newPod = pod;
    } else {
      if (oldPod) return { ok: false };
      oldPod = pod;
    }
  }
  return { newPod, oldPod, ok: true };
}

export interface RolloutInput {
  /** Every node with daemon pods or that should run one, with its pods ([] for none), in node order. */
  nodes: readonly (readonly [node: string, pods: readonly KObject[]])[];
  hash: string;
  generation: number | undefined;
  limits: RolloutLimits;
  desiredNumberScheduled: number;
  minReadySeconds: number;
  nowUnixMs: number;
  /** NodeShouldRunDaemonPod(node).shouldRun (false for a node that no longer exists). */
  shouldRun(node: string): boolean;
}

export interface RolloutStep {
  podsToDelete: string[];
  nodesToCreate: string[];
}

/** rollingUpdate's decision for one sync. */
export function rollingUpdateStep(input: RolloutInput): RolloutStep {
  const { hash, generation, limits, minReadySeconds, nowUnixMs } = input;
  const available = (pod: KObject) => isPodAvailable(pod, minReadySeconds, nowUnixMs);

  if (limits.maxSurge === 0) {
    let numUnavailable = 0;
    const replacements: string[] = [];
    const candidates: string[] = [];
    for (const [, pods] of input.nodes) {
      const { newPod, oldPod, ok } = updatedPodsOnNode(pods, hash, generation);
      if (!ok || (!oldPod && !newPod) || (oldPod && newPod)) {
        numUnavailable++;
      } else if (newPod) {
        if (!available(newPod)) numUnavailable++;
      } else if (!available(oldPod!)) {
        replacements.push(oldPod!.metadata.name ?? '');
        numUnavailable++;
      } else if (numUnavailable < limits.maxUnavailable) {
        candidates.push(oldPod!.metadata.name ?? '');
      }
    }
    const remaining = Math.min(Math.max(0, limits.maxUnavailable - numUnavailable), candidates.length);
    return { podsToDelete: [...replacements, ...candidates.slice(0, remaining)], nodesToCreate: [] };
  }

  const podsToDelete: string[] = [];
  const shouldNotRunPodsToDelete: string[] = [];
  const candidateNewNodes: string[] = [];
  const allowedNewNodes: string[] = [];
  let numSurge = 0;
  let numAvailable = 0;
  for (const [node, pods] of input.nodes) {
    const { newPod, oldPod, ok } = updatedPodsOnNode(pods, hash, generation);
    if (!ok) {
      numSurge++;
      continue;
    }
    if (oldPod) {
      if (available(oldPod)) numAvailable++;
    } else if (newPod && available(newPod)) {
      numAvailable++;
    }
    if (!oldPod) continue;
    if (!newPod) {
      if (!available(oldPod)) {
        if (!input.shouldRun(node)) podsToDelete.push(oldPod.metadata.name ?? '');
        else allowedNewNodes.push(node);
      } else if (!input.shouldRun(node)) {
        shouldNotRunPodsToDelete.push(oldPod.metadata.name ?? '');
      } else if (numSurge < limits.maxSurge) {
        candidateNewNodes.push(node);
      }
      continue;
    }
    if (!available(newPod)) {
      numSurge++;
      continue;
    }
    podsToDelete.push(oldPod.metadata.name ?? '');
  }
  const deletable = Math.min(numAvailable - input.desiredNumberScheduled, shouldNotRunPodsToDelete.length);
  if (deletable > 0) podsToDelete.push(...shouldNotRunPodsToDelete.slice(0, deletable));
  const remainingSurge = Math.min(Math.max(0, limits.maxSurge - numSurge), candidateNewNodes.length);
  return { podsToDelete, nodesToCreate: [...allowedNewNodes, ...candidateNewNodes.slice(0, remainingSurge)] };
}
