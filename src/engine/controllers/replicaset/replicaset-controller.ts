// ReplicaSet controller (pkg/controller/replicaset/replica_set.go, replica_set_utils.go) — one
// implementation serving apps/v1 ReplicaSets and, through a kind adapter, v1
// ReplicationControllers (pkg/controller/replication: upstream converts RCs to ReplicaSets and
// runs the same code; events carry the component `replication-controller`).
//
// syncReplicaSet(key):
//  1. the owner from the cache; gone → forget its expectations;
//  2. needsSync = expectations satisfied (runtime/expectations.ts);
//  3. active pods of the namespace (not Succeeded/Failed, not being deleted), claimed through the
//     ControllerRefManager (adopt matching orphans, release non-matching own pods) — read from the
//     owner-uid and orphan indexes, the only pods a claim can take (runtime/lookups.ts), where
//     upstream lists the namespace; the claim and its counts are remembered between syncs and
//     stepped by the one pod that changed (ClaimMemo): a sync usually does not walk the set;
//  4. needsSync and not being deleted → manageReplicas: create the missing pods in slow-start
//     batches 1, 2, 4, … (burstReplicas 500 per sync; a failed batch skips the rest and lowers
//     the expectations), or delete the extra ones chosen by the ActivePodsWithRanks order;
//  5. status (replicas, fullyLabeledReplicas, readyReplicas, availableReplicas, observedGeneration,
//     the ReplicaFailure condition while manageReplicas fails), written when it differs (one GET
//     + retry on conflict);
//  6. with minReadySeconds > 0 and every replica ready but not all available: requeue after
//     minReadySeconds (and a pod turning Ready requeues after minReadySeconds + 1 s).
// Event handlers: owners enqueue themselves (a deleted one also forgets its expectations); a pod
// update wakes anyone only when it can change a decision (replicaStateChanged: labels, owners,
// deletion, phase, readiness — not the kubelet's other status writes); a pod
// with a controllerRef wakes only that owner (an added pod is CreationObserved, a pod marked for
// deletion or deleted is DeletionObserved once); an orphan pod that was added or whose labels
// changed wakes every owner in its namespace whose selector matches.
//
// Differences from upstream: creates / deletes of a batch run one after the other (not in
// goroutines), each create's watch event arriving before the next; errors are reported through the
// work queue only (no logs).

import { errorText } from '../../runtime/owner-selector';
import { selectorFromLabelSelector, selectorFromSet, type Selector } from '../../../k8s/labels';
import type { KObject } from '../../../k8s/types';
import type { ApiServer } from '../../api/apiserver';
import { deepEqual } from '../../api/deep';
import { isApiError } from '../../api/errors';
import { podKind, replicaSetKind, replicationControllerKind } from '../../api/kinds';
import type { KindDefinition } from '../../api/kinds/kind-definition';
import type { Clock } from '../../clock/clock';
import { Controller } from '../../runtime/controller';
import type { Recorder } from '../../runtime/events';
import { UIDTrackingControllerExpectations, podKey } from '../../runtime/expectations';
import { objectKey, OWNER_UID_INDEX, splitKey, type Informer, type InformerFactory } from '../../runtime/informer';
import { claimCandidates, claimCandidateStamps, ensureLabelIndex, listMatching } from '../../runtime/lookups';
import { indexSelectorsOf } from '../../runtime/selector-index';
import { ownerKeysForPodUpdate } from '../pod-update-owners';
import { claimAfterOneChange, type ClaimedPods, type ClaimStep } from './claim-step';
import { filterActivePods, isPodAvailable, isPodReady, podsToDelete, replicaStateChanged } from '../active-pods';
import { ControllerRefManager, freshOwnerCanAdopt, getControllerOf, newControllerRef } from '../controller-ref-manager';
import { hasStatusCause, NAMESPACE_TERMINATING_CAUSE, PodControl } from '../pod-control';

export const REPLICASET_CONTROLLER = 'replicaset-controller';
export const REPLICATION_CONTROLLER = 'replication-controller';
/** BurstReplicas: creates or deletes per sync. */
export const BURST_REPLICAS = 500;
/** controller.SlowStartInitialBatchSize. */
export const SLOW_START_INITIAL_BATCH_SIZE = 1;
/** statusUpdateRetries. */
const STATUS_UPDATE_RETRIES = 1;
export const REPLICA_FAILURE = 'ReplicaFailure';

/** What differs between the ReplicaSet and the ReplicationController flavours. */
export interface ReplicaKind {
  def: KindDefinition;
  /** Event source component. */
  component: string;
  /** The owner's selector (throws for an invalid one). */
  selector(owner: KObject): Selector;
}

const selectorCache = new WeakMap<object, Selector | null>();

/** The apps/v1 ReplicaSet flavour: a metav1.LabelSelector. */
export const replicaSetFlavour: ReplicaKind = {
  def: replicaSetKind,
  component: REPLICASET_CONTROLLER,
  selector: (rs) => selectorFromLabelSelector(rs.spec?.selector),
};

/** The v1 ReplicationController flavour: a plain label map. */
export const replicationControllerFlavour: ReplicaKind = {
  def: replicationControllerKind,
  component: REPLICATION_CONTROLLER,
  selector: (rc) => selectorFromSet(rc.spec?.selector),
};

export interface ReplicaSetControllerDeps {
  api: ApiServer;
  clock: Clock;
  informers: InformerFactory;
  recorder: Recorder;
  /** Default: the ReplicaSet flavour. */
  flavour?: ReplicaKind;
  /** Default BURST_REPLICAS. */
  burstReplicas?: number;
}

export interface ReplicaSetController extends Controller {
  readonly expectations: UIDTrackingControllerExpectations;
}

/** slowStartBatch: calls `fn` count times in batches 1, 2, 4, …; stops after a failing batch. */
export function slowStartBatch(count: number, initialBatchSize: number, fn: () => void): { successes: number; error?: unknown } {
  let remaining = count;
  let successes = 0;
  for (let batch = Math.min(remaining, initialBatchSize); batch > 0; batch = Math.min(2 * batch, remaining)) {
    let firstError: unknown;
    let failed = false;
    for (let i = 0; i < batch; i++) {
      try {
        fn();
        successes++;
      } catch (e) {
        if (!failed) firstError = e;
        failed = true;
      }
    }
    if (failed) return { successes, error: firstError };
    remaining -= batch;
  }
  return { successes };
}

interface Condition {
  type: string;
  status: string;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

const templateSelectors = new WeakMap<object, Selector>();

/** The template labels as a selector, built once per (immutable) labels object. */
function templateSelector(labels: Record<string, string> | undefined): Selector {
  if (!labels || typeof labels !== 'object') return selectorFromSet(labels);
  let s = templateSelectors.get(labels);
  if (!s) {
    s = selectorFromSet(labels);
    templateSelectors.set(labels, s);
  }
  return s;
}

/** The replica counts calculateStatus derives from the active pods. */
export interface ReplicaCounts {
  fullyLabeled: number;
  ready: number;
  available: number;
}

/** The counting loop of calculateStatus: pods with the template's labels, ready, available. */
export function countReplicas(owner: KObject, activePods: readonly KObject[], nowUnixMs: number): ReplicaCounts {
  const labels = owner.spec?.template?.metadata?.labels;
  const templateLabels = templateSelector(labels);
  const minReadySeconds: number = owner.spec?.minReadySeconds ?? 0;
  let fullyLabeled = 0;
  let ready = 0;
  let available = 0;
  for (const pod of activePods) {
    // Pods stamped from the template share its labels object.
    if (pod.metadata.labels === labels || templateLabels.matches(pod.metadata.labels ?? {})) fullyLabeled++;
    if (isPodReady(pod)) {
      ready++;
      if (!minReadySeconds || isPodAvailable(pod, minReadySeconds, nowUnixMs)) available++;
    }
  }
  return { fullyLabeled, ready, available };
}

/** calculateStatus (replica_set_utils.go), in ReplicaSetStatus's JSON field order with omitempty. */
export function calculateReplicaSetStatus(
  owner: KObject,
  activePods: readonly KObject[],
  manageError: unknown,
  nowUnixMs: number,
  nowTimestamp: string,
  counts: ReplicaCounts = countReplicas(owner, activePods, nowUnixMs),
): Record<string, unknown> {
  const old = (owner.status ?? {}) as Record<string, unknown>;
  const { fullyLabeled, ready, available } = counts;
  let conditions = (old.conditions as Condition[] | undefined) ?? [];
  const failure = conditions.find((c) => c.type === REPLICA_FAILURE);
  if (manageError !== undefined && !failure) {
    const diff = activePods.length - (owner.spec?.replicas ?? 0);
    const reason = diff < 0 ? 'FailedCreate' : diff > 0 ? 'FailedDelete' : '';
    const cond: Condition = { type: REPLICA_FAILURE, status: 'True', lastTransitionTime: nowTimestamp };
    if (reason) cond.reason = reason;
    cond.message = errorText(manageError);
    conditions = [...conditions, cond];
  } else if (manageError === undefined && failure) {
    conditions = conditions.filter((c) => c.type !== REPLICA_FAILURE);
  }
  const status: Record<string, unknown> = { replicas: activePods.length };
  if (fullyLabeled) status.fullyLabeledReplicas = fullyLabeled;
  if (ready) status.readyReplicas = ready;
  if (available) status.availableReplicas = available;
  if (old.observedGeneration) status.observedGeneration = old.observedGeneration;
  if (conditions.length) status.conditions = conditions;
  return status;
}

/** Whether updateReplicaSetStatus would skip the write. */
function statusUnchanged(owner: KObject, status: Record<string, unknown>): boolean {
  const old = (owner.status ?? {}) as Record<string, unknown>;
  const n = (s: Record<string, unknown>, k: string) => (s[k] as number | undefined) ?? 0;
  return (
    n(old, 'replicas') === n(status, 'replicas') &&
    n(old, 'fullyLabeledReplicas') === n(status, 'fullyLabeledReplicas') &&
    n(old, 'readyReplicas') === n(status, 'readyReplicas') &&
    n(old, 'availableReplicas') === n(status, 'availableReplicas') &&
    (owner.metadata.generation ?? 0) === n(old, 'observedGeneration') &&
    deepEqual(old.conditions ?? [], status.conditions ?? [])
  );
}

/** Counts (without minReadySeconds: no clock in them) after a claim step: the leaving pod out, the coming one in. */
function stepCounts(owner: KObject, counts: ReplicaCounts, step: ClaimStep): ReplicaCounts {
  const out = { ...counts };
  const add = (pod: KObject | undefined, sign: number) => {
    if (!pod) return;
    const c = countReplicas(owner, [pod], 0);
    out.fullyLabeled += sign * c.fullyLabeled;
    out.ready += sign * c.ready;
    out.available += sign * c.available;
  };
  add(step.left, -1);
  add(step.came, 1);
  return out;
}

/**
 * What a sync claimed and from which state. While the owner-uid and orphan buckets keep their
 * change stamps and the owner its uid, (immutable) spec and deletion mark, a claim would take the
 * same pods and write nothing (a memo is only kept from a claim that wrote nothing): a sync woken
 * by something else, such as the owner's own status write, skips the claim and the recount. When
 * one pod of the set changed since, the memo is stepped past it (claim-step.ts).
 */
interface ClaimMemo {
  uid: string;
  spec: unknown;
  deleting: boolean;
  own: number;
  orphans: number;
  /** The claimed pods, stepped in place (nothing else keeps the array once a sync is over). */
  claimed: ClaimedPods;
  /** countReplicas of `claimed` (kept only without minReadySeconds: then no clock is in it). */
  counts?: ReplicaCounts;
}

export function startReplicaSetController(deps: ReplicaSetControllerDeps): ReplicaSetController {
  const { api, clock, informers, recorder } = deps;
  const flavour = deps.flavour ?? replicaSetFlavour;
  const def = flavour.def;
  const burst = deps.burstReplicas ?? BURST_REPLICAS;
  const owners: Informer = informers.informerFor(def);
  const pods: Informer = ensureLabelIndex(informers.informerFor(podKind));
  const expectations = new UIDTrackingControllerExpectations(clock);
  const podControl = new PodControl(api, recorder);
  const ownerKind = { apiVersion: def.group ? `${def.group}/${def.version}` : def.version, kind: def.kind };

  /** The owner's selector, memoised per (immutable) object; null when invalid. */
  const selectorOf = (owner: KObject): Selector | null => {
    const spec = owner.spec ?? owner;
    let s = selectorCache.get(spec);
    if (s === undefined) {
      try {
        s = flavour.selector(owner);
      } catch {
        s = null;
      }
      selectorCache.set(spec, s);
    }
    return s;
  };

  /** resolveControllerRef: the cached owner a controllerRef names, if it is ours and the uid matches. */
  const resolveControllerRef = (namespace: string | undefined, ref: { kind: string; name: string; uid: string }) => {
    if (ref.kind !== def.kind) return undefined;
    const owner = owners.get(namespace, ref.name);
    return owner && owner.metadata.uid === ref.uid ? owner : undefined;
  };

  /**
   * getPodReplicaSets / GetPodControllers: owners in the pod's namespace whose (non-empty) selector
   * matches it, in list order — found from the pod's labels, not by trying every owner.
   */
  const ownerSelectors = indexSelectorsOf(owners, selectorOf);
  const ownersMatching = (pod: KObject): string[] => {
    const labels = pod.metadata.labels;
    if (!labels || Object.keys(labels).length === 0) return [];
    return ownerSelectors.matching(pod.metadata.namespace ?? '', labels);
  };

  /** deletePod handler: a controlled pod going away is DeletionObserved (once) and wakes its owner. */
  const podGone = (pod: KObject): string | undefined => {
    const ref = getControllerOf(pod);
    if (!ref) return undefined;
    const owner = resolveControllerRef(pod.metadata.namespace, ref);
    if (!owner) return undefined;
    const key = objectKey(owner);
    expectations.deletionObservedOf(key, podKey(pod));
    return key;
  };

  const getIndirectlyRelatedPods = (owner: KObject): KObject[] => {
    const ref = getControllerOf(owner);
    const related = ref ? owners.byIndex(OWNER_UID_INDEX, ref.uid).filter((o) => getControllerOf(o)?.uid === ref.uid) : [owner];
    const seen = new Set<string>();
    const out: KObject[] = [];
    for (const rs of related) {
      const s = selectorOf(rs);
      if (!s) continue;
      for (const pod of listMatching(pods, rs.metadata.namespace ?? '', s)) {
        const uid = pod.metadata.uid ?? '';
        if (seen.has(uid)) continue;
        seen.add(uid);
        out.push(pod);
      }
    }
    return out;
  };

  const manageReplicas = (filteredPods: KObject[], owner: KObject, key: string): unknown => {
    let diff = filteredPods.length - (owner.spec?.replicas ?? 0);
    const namespace = owner.metadata.namespace ?? '';
    if (diff < 0) {
      diff = Math.min(-diff, burst);
      expectations.expectCreations(key, diff);
      const controllerRef = newControllerRef(owner, ownerKind);
      const { successes, error } = slowStartBatch(diff, SLOW_START_INITIAL_BATCH_SIZE, () => {
        try {
          podControl.createPod(namespace, owner.spec?.template ?? {}, owner, controllerRef);
        } catch (e) {
          // The namespace is being terminated: every create would fail; nothing to do.
          if (hasStatusCause(e, NAMESPACE_TERMINATING_CAUSE)) return;
          throw e;
        }
      });
      // The informer will never see the pods that were not created.
      for (let i = diff - successes; i > 0; i--) expectations.creationObserved(key);
      return error;
    }
    if (diff > 0) {
      diff = Math.min(diff, burst);
      const victims = podsToDelete(filteredPods, getIndirectlyRelatedPods(owner), diff, clock.nowUnixMs());
      expectations.expectDeletionsOf(key, victims.map(podKey));
      let firstError: unknown;
      for (const pod of victims) {
        try {
          podControl.deletePod(namespace, pod.metadata.name ?? '', owner);
        } catch (e) {
          // The informer will not observe this deletion.
          expectations.deletionObservedOf(key, podKey(pod));
          if (!isApiError(e, 'NotFound') && firstError === undefined) firstError = e;
        }
      }
      return firstError;
    }
    return undefined;
  };

  const claims = new Map<string, ClaimMemo>();

  /** The owner's active pods after claiming them (ClaimPods: adopting and releasing). */
  const claimActivePods = (
    key: string,
    namespace: string,
    owner: KObject,
    selector: Selector,
  ): { claimed: KObject[]; error?: unknown; memo?: ClaimMemo } => {
    const uid = owner.metadata.uid ?? '';
    const spec: unknown = owner.spec;
    const deleting = !!owner.metadata.deletionTimestamp;
    const [own, orphans] = claimCandidateStamps(pods, namespace, uid);
    const memo = claims.get(key);
    if (memo && memo.uid === uid && memo.spec === spec && memo.deleting === deleting && memo.orphans === orphans) {
      if (memo.own === own) return { claimed: memo.claimed.pods, memo };
      // Usually one pod of the set changed since: step the remembered claim past it.
      const change = pods.lastChange(OWNER_UID_INDEX, uid);
      const step =
        change?.before === memo.own ? claimAfterOneChange(pods, memo.claimed, change.key, namespace, uid, selector) : undefined;
      if (step) {
        memo.own = own;
        if (memo.counts) memo.counts = stepCounts(owner, memo.counts, step);
        return { claimed: memo.claimed.pods, memo };
      }
    }
    claims.delete(key);
    const active = filterActivePods(claimCandidates(pods, namespace, uid));
    const manager = new ControllerRefManager({
      api,
      owner,
      ownerKind,
      selector,
      canAdopt: freshOwnerCanAdopt(api, def, owner),
    });
    const { claimed, errors } = manager.claimPods(active);
    if (errors.length > 0) return { claimed, error: errors[0] };
    const [ownAfter, orphansAfter] = claimCandidateStamps(pods, namespace, uid);
    // An adoption or a release changed the pods: the next sync claims afresh.
    if (ownAfter !== own || orphansAfter !== orphans) return { claimed };
    const next: ClaimMemo = { uid, spec, deleting, own, orphans, claimed: { pods: claimed } };
    claims.set(key, next);
    return { claimed, memo: next };
  };

  /** countReplicas, remembered with the claim (same pods, same spec). */
  const countsOf = (owner: KObject, claimed: KObject[], nowUnixMs: number, memo: ClaimMemo | undefined): ReplicaCounts => {
    if (!memo || owner.spec?.minReadySeconds) return countReplicas(owner, claimed, nowUnixMs);
    return (memo.counts ??= countReplicas(owner, claimed, nowUnixMs));
  };

  /** updateReplicaSetStatus: write when different; one GET + retry after a failed write. */
  const updateStatus = (owner: KObject, status: Record<string, unknown>): KObject => {
    if (statusUnchanged(owner, status)) return owner;
    let current = owner;
    const next = { ...status };
    if (owner.metadata.generation) next.observedGeneration = owner.metadata.generation;
    else delete next.observedGeneration;
    const ordered = orderStatus(next);
    for (let i = 0; ; i++) {
      try {
        return api.updateStatus({ ...current, status: ordered });
      } catch (e) {
        if (i >= STATUS_UPDATE_RETRIES) throw e;
        current = api.get(def, current.metadata.namespace, current.metadata.name ?? '');
      }
    }
  };

  const sync = (key: string) => {
    const owner = owners.getByKey(key);
    if (!owner) {
      expectations.deleteExpectations(key);
      claims.delete(key);
      return;
    }
    const needsSync = expectations.satisfiedExpectations(key);
    const selector = selectorOf(owner);
    // An invalid selector is a user error that a retry does not fix.
    if (!selector) return;
    const { namespace } = splitKey(key);
    const { claimed, error, memo } = claimActivePods(key, namespace, owner, selector);
    if (error !== undefined) return { error };
    let manageError: unknown;
    if (needsSync && !owner.metadata.deletionTimestamp) manageError = manageReplicas(claimed, owner, key);
    const now = clock.nowUnixMs();
    const status = calculateReplicaSetStatus(
      owner,
      claimed,
      manageError,
      now,
      clock.timestamp(),
      countsOf(owner, claimed, now, memo),
    );
    const updated = updateStatus(owner, status);
    const minReady: number = updated.spec?.minReadySeconds ?? 0;
    const replicas: number = updated.spec?.replicas ?? 0;
    if (manageError !== undefined) return { error: manageError };
    if (
      minReady > 0 &&
      (updated.status?.readyReplicas ?? 0) === replicas &&
      (updated.status?.availableReplicas ?? 0) !== replicas
    ) {
      return { requeueAfterMs: minReady * 1000 };
    }
    return undefined;
  };

  const controller = new Controller({ name: flavour.component, clock, sync });

  controller.handle(owners, {
    onAdd: objectKey,
    onUpdate: (_old, cur) => objectKey(cur),
    onDelete: (owner) => {
      const key = objectKey(owner);
      expectations.deleteExpectations(key);
      claims.delete(key);
      return key;
    },
  });

  const podRouting = {
    resolve: resolveControllerRef,
    ownersMatching,
    enqueueAfter: (key: string, ms: number) => controller.enqueueAfter(key, ms),
  };
  controller.handle(pods, {
    onAdd: (pod) => {
      // A pod that shows up already being deleted (a restart of the controller manager).
      if (pod.metadata.deletionTimestamp) return podGone(pod);
      const ref = getControllerOf(pod);
      if (ref) {
        const owner = resolveControllerRef(pod.metadata.namespace, ref);
        if (!owner) return undefined;
        const key = objectKey(owner);
        expectations.creationObserved(key);
        return key;
      }
      return ownersMatching(pod);
    },
    onUpdate: (oldPod, cur) => {
      if (oldPod.metadata.resourceVersion === cur.metadata.resourceVersion) return undefined;
      if (!replicaStateChanged(oldPod, cur)) return undefined;
      if (cur.metadata.deletionTimestamp) {
        const keys: string[] = [];
        const k = podGone(cur);
        if (k) keys.push(k);
        if (!deepEqual(oldPod.metadata.labels ?? {}, cur.metadata.labels ?? {})) {
          const k2 = podGone(oldPod);
          if (k2) keys.push(k2);
        }
        return keys;
      }
      return ownerKeysForPodUpdate(oldPod, cur, podRouting);
    },
    onDelete: (pod) => podGone(pod),
  });

  return Object.assign(controller, { expectations });
}

/** ReplicaSetStatus's JSON field order. */
function orderStatus(s: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of ['replicas', 'fullyLabeledReplicas', 'readyReplicas', 'availableReplicas', 'observedGeneration', 'conditions'])
    if (s[k] !== undefined) out[k] = s[k];
  return out;
}

/** The ReplicationManager: the same controller over v1 ReplicationControllers. */
export function startReplicationManager(deps: Omit<ReplicaSetControllerDeps, 'flavour'>): ReplicaSetController {
  return startReplicaSetController({ ...deps, flavour: replicationControllerFlavour });
}
