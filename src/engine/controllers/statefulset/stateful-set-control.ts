// The StatefulSet sync decisions (pkg/controller/statefulset/stateful_set_control.go
// updateStatefulSet, processReplica, processCondemned, runForAll and the rolling update), over the
// set's claimed pods and its current / update revisions. Pure apart from the actions it calls
// (StatefulPodControl in the controller, a recording fake in the table tests).
//
//  1. pods split into `replicas` (ordinals in [start, start+replicas)) and `condemned` (valid
//     ordinals outside, highest first); missing slots get a planned pod — below the partition
//     from the current revision, else from the update revision;
//  2. a set being deleted only gets its status;
//  3. replicas in ordinal order: a Failed or Succeeded pod is deleted (its replacement comes on a
//     later sync, once it is gone); a missing pod is created (claims first; a stale claim waits);
//     a Pending pod gets its missing claims; with OrderedReady (monotonic) the walk stops at a
//     pod just created, terminating, not Running and Ready, or not yet available
//     (minReadySeconds); a pod whose identity, storage or claim references drifted is updated;
//  4. the condemned pods' claim references follow the retention policy;
//  5. condemned pods, highest ordinal first: monotonic waits for a terminating one, and for an
//     unhealthy one unless it is the first unhealthy pod of the set; then deletes one per sync.
//     Parallel does steps 3–5 for every pod at once (slow-start batches);
//  6. OnDelete stops here; RollingUpdate deletes the highest-ordinal pod ≥ partition that is not
//     at the update revision and waits while a pod on the way is unavailable (one at a time), or —
//     with the MaxUnavailableStatefulSet gate — up to maxUnavailable − unavailable pods.
// "Unavailable" is current upstream's: not Running and available for minReadySeconds, or
// terminating (1.28 looked at Running and Ready only); a Failed or Succeeded pod is deleted
// without the old RecreatingFailedPod event and replaced once it is gone, as since ≈1.30.

import type { KObject } from '../../../k8s/types';
import { scaledValueFromIntOrPercent, type IntOrString } from '../../../k8s/int-or-string';
import {
  countReplicas,
  identityMatches,
  isCreated,
  isFailed,
  isPending,
  isRunningAndAvailable,
  isRunningAndReady,
  isSucceeded,
  isTerminating,
  isUnavailable,
  newVersionedPod,
  ordinalOf,
  podInOrdinalRange,
  podRevision,
  replicasOf,
  startOrdinal,
  storageMatches,
  type StatusCounts,
} from './stateful-set-utils';

/** The writes a sync may make (StatefulPodControl). Each throws on failure. */
export interface StatefulPodActions {
  createStatefulPod(set: KObject, pod: KObject): void;
  deleteStatefulPod(set: KObject, pod: KObject): void;
  updateStatefulPod(set: KObject, pod: KObject): void;
  createMissingPersistentVolumeClaims(set: KObject, pod: KObject): void;
  claimsMatchRetentionPolicy(set: KObject, pod: KObject): boolean;
  updatePodClaimForRetentionPolicy(set: KObject, pod: KObject): void;
  podClaimIsStale(set: KObject, pod: KObject): boolean;
}

export interface StatefulSetStatusFields extends StatusCounts {
  observedGeneration: number;
  currentRevision: string;
  updateRevision: string;
  collisionCount: number;
}

export interface UpdateInput {
  set: KObject;
  /** The set with the current / update revision's template (ApplyRevision). */
  currentSet: KObject;
  updateSet: KObject;
  currentRevision: string;
  updateRevision: string;
  collisionCount: number;
  pods: readonly KObject[];
  nowUnixMs: number;
  /** The MaxUnavailableStatefulSet feature gate. */
  maxUnavailableGate: boolean;
}

export interface UpdateResult {
  status: StatefulSetStatusFields;
  error?: unknown;
}

type StepFn = (i: number) => boolean;

/**
 * runForAll: monotonic — in order, stop at the first step that says so (or throws); otherwise
 * every step in slow-start batches (1, 2, 4, …), stopping after a batch with an error.
 */
function runForAll(count: number, fn: StepFn, monotonic: boolean): boolean {
  if (monotonic) {
    for (let i = 0; i < count; i++) if (fn(i)) return true;
    return false;
  }
  let done = 0;
  for (let batch = 1; done < count; batch *= 2) {
    const size = Math.min(batch, count - done);
    let error: unknown;
    for (let i = done; i < done + size; i++) {
      try {
        fn(i);
      } catch (e) {
        error ??= e;
      }
    }
    done += size;
    if (error !== undefined) throw error;
  }
  return false;
}

export function updateStatefulSet(input: UpdateInput, actions: StatefulPodActions): UpdateResult {
  const { set, currentSet, updateSet, currentRevision, updateRevision, nowUnixMs } = input;
  const minReadySeconds: number = set.spec?.minReadySeconds ?? 0;
  const status: StatefulSetStatusFields = {
    observedGeneration: set.metadata.generation ?? 0,
    currentRevision,
    updateRevision,
    collisionCount: input.collisionCount,
    ...countReplicas(minReadySeconds, nowUnixMs, currentRevision, updateRevision, [...input.pods]),
  };

  const start = startOrdinal(set);
  const replicaCount = replicasOf(set);
  const replicas: (KObject | undefined)[] = new Array<KObject | undefined>(replicaCount).fill(undefined);
  const condemned: KObject[] = [];
  for (const pod of input.pods) {
    if (podInOrdinalRange(pod, set)) replicas[ordinalOf(pod) - start] = pod;
    else if (ordinalOf(pod) >= 0) condemned.push(pod);
  }
  for (let i = 0; i < replicaCount; i++) {
    replicas[i] ??= newVersionedPod(currentSet, updateSet, currentRevision, updateRevision, start + i);
  }
  const slots = replicas as KObject[];
  condemned.sort((a, b) => ordinalOf(b) - ordinalOf(a));

  let firstUnavailable: KObject | undefined;
  for (const pod of slots) {
    if (!firstUnavailable && isUnavailable(pod, minReadySeconds, nowUnixMs)) firstUnavailable = pod;
  }
  for (let i = condemned.length - 1; i >= 0 && !firstUnavailable; i--) {
    if (isUnavailable(condemned[i], minReadySeconds, nowUnixMs)) firstUnavailable = condemned[i];
  }

  const recount = () =>
    Object.assign(status, countReplicas(minReadySeconds, nowUnixMs, currentRevision, updateRevision, slots, condemned));

  if (set.metadata.deletionTimestamp) return { status };

  const monotonic = set.spec?.podManagementPolicy !== 'Parallel';

  const processReplica = (i: number): boolean => {
    const pod = slots[i];
    if (isFailed(pod) || isSucceeded(pod)) {
      if (!pod.metadata.deletionTimestamp) actions.deleteStatefulPod(set, pod);
      // The replacement is created on a later sync, once this pod is gone from the API.
      return true;
    }
    if (!isCreated(pod)) {
      if (actions.podClaimIsStale(set, pod)) return true;
      actions.createStatefulPod(set, pod);
      if (monotonic) return true;
    }
    if (isPending(pod)) actions.createMissingPersistentVolumeClaims(set, pod);
    if (monotonic && isTerminating(pod)) return true;
    if (monotonic && !isRunningAndReady(pod)) return true;
    if (monotonic && !isRunningAndAvailable(pod, minReadySeconds, nowUnixMs)) return true;
    if (!isCreated(pod)) return false;
    // Enforce the invariants; a claim lookup that fails counts as matching.
    let retentionMatch: boolean;
    try {
      retentionMatch = actions.claimsMatchRetentionPolicy(updateSet, pod);
    } catch {
      retentionMatch = true;
    }
    if (retentionMatch && identityAndStorageMatch(set, pod)) return false;
    actions.updateStatefulPod(updateSet, pod);
    return false;
  };

  const fixPodClaim = (i: number): boolean => {
    if (!actions.claimsMatchRetentionPolicy(updateSet, condemned[i]))
      actions.updatePodClaimForRetentionPolicy(updateSet, condemned[i]);
    return false;
  };

  const processCondemned = (i: number): boolean => {
    const pod = condemned[i];
    if (isTerminating(pod)) return monotonic;
    if (monotonic && pod !== firstUnavailable) {
      if (!isRunningAndReady(pod) || !isRunningAndAvailable(pod, minReadySeconds, nowUnixMs)) return true;
    }
    actions.deleteStatefulPod(set, pod);
    return true;
  };

  try {
    if (runForAll(slots.length, processReplica, monotonic)) {
      recount();
      return { status };
    }
    if (runForAll(condemned.length, fixPodClaim, monotonic)) {
      recount();
      return { status };
    }
    if (runForAll(condemned.length, processCondemned, monotonic)) {
      recount();
      return { status };
    }
  } catch (error) {
    recount();
    return { status, error };
  }
  recount();

  const strategy = set.spec?.updateStrategy ?? {};
  if (strategy.type === 'OnDelete') return { status };
  const partition: number = strategy.rollingUpdate?.partition ?? 0;

  try {
    if (input.maxUnavailableGate) {
      const maxUnavailable = statefulSetMaxUnavailable(strategy.rollingUpdate?.maxUnavailable, replicaCount);
      let unavailable = 0;
      for (const pod of slots) if (isUnavailable(pod, minReadySeconds, nowUnixMs)) unavailable++;
      if (unavailable > maxUnavailable) return { status };
      const toDelete = maxUnavailable - unavailable;
      let deleted = 0;
      for (let target = slots.length - 1; target >= partition && deleted < toDelete; target--) {
        const pod = slots[target];
        if (podRevision(pod) !== updateRevision && !isTerminating(pod)) {
          deletePodIgnoringNotFound(actions, set, pod);
          deleted++;
          status.currentReplicas--;
        }
      }
      return { status };
    }
    for (let target = slots.length - 1; target >= partition; target--) {
      const pod = slots[target];
      if (podRevision(pod) !== updateRevision && !isTerminating(pod)) {
        deletePodIgnoringNotFound(actions, set, pod);
        status.currentReplicas--;
        return { status };
      }
      if (isUnavailable(pod, minReadySeconds, nowUnixMs)) return { status };
    }
  } catch (error) {
    return { status, error };
  }
  return { status };
}

/** getStatefulSetMaxUnavailable: default 1, percentages rounded down, at least 1. */
export function statefulSetMaxUnavailable(value: IntOrString | null | undefined, replicas: number): number {
  return Math.max(1, scaledValueFromIntOrPercent(value ?? 1, replicas, false));
}

function deletePodIgnoringNotFound(actions: StatefulPodActions, set: KObject, pod: KObject): void {
  try {
    actions.deleteStatefulPod(set, pod);
  } catch (e) {
    if ((e as { reason?: string })?.reason !== 'NotFound') throw e;
  }
}

function identityAndStorageMatch(set: KObject, pod: KObject): boolean {
  return identityMatches(set, pod) && storageMatches(set, pod);
}

/** completeRollingUpdate: a RollingUpdate whose pods are all updated and ready is complete. */
export function completeRollingUpdate(set: KObject, status: StatefulSetStatusFields): StatefulSetStatusFields {
  if (
    set.spec?.updateStrategy?.type === 'RollingUpdate' &&
    status.updatedReplicas === status.replicas &&
    status.readyReplicas === status.replicas
  ) {
    return { ...status, currentReplicas: status.updatedReplicas, currentRevision: status.updateRevision };
  }
  return status;
}

/** inconsistentStatus: whether the computed status differs from the stored one. */
export function inconsistentStatus(set: KObject, status: StatefulSetStatusFields): boolean {
  const s = set.status ?? {};
  return (
    status.observedGeneration > (s.observedGeneration ?? 0) ||
    status.replicas !== (s.replicas ?? 0) ||
    status.currentReplicas !== (s.currentReplicas ?? 0) ||
    status.readyReplicas !== (s.readyReplicas ?? 0) ||
    status.updatedReplicas !== (s.updatedReplicas ?? 0) ||
    status.currentRevision !== (s.currentRevision ?? '') ||
    status.availableReplicas !== (s.availableReplicas ?? 0) ||
    status.updateRevision !== (s.updateRevision ?? '')
  );
}
