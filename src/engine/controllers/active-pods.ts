// Active pods and the order in which controllers give pods up (pkg/controller/controller_utils.go
// ActivePods / ActivePodsWithRanks, pkg/api/v1/pod/util.go IsPodReady / IsPodAvailable,
// pkg/controller/replicaset getPodsRankedByRelatedPodsOnSameNode). Shared by the ReplicaSet,
// Deployment (through its ReplicaSets) and Job controllers.
//
// Go sorts these with sort.Sort (not stable); we use a stable sort, so pods that compare equal keep
// their input order — deterministic, and a valid outcome of the real one.

import type { KObject } from '../../k8s/types';
import { POD_DELETION_COST_ANNOTATION_KEY } from '../api/validation/pod';

interface Condition {
  type: string;
  status: string;
  lastTransitionTime?: string | null;
}

/** controller.IsPodActive: not Succeeded, not Failed and not being deleted. */
export function isPodActive(pod: KObject): boolean {
  const phase = pod.status?.phase;
  return phase !== 'Succeeded' && phase !== 'Failed' && !pod.metadata.deletionTimestamp;
}

/** controller.FilterActivePods. */
export function filterActivePods(pods: readonly KObject[]): KObject[] {
  return pods.filter(isPodActive);
}

/** controller.IsPodTerminating: being deleted and not yet Succeeded/Failed (counts as terminating). */
export function isPodTerminating(pod: KObject): boolean {
  const phase = pod.status?.phase;
  return !!pod.metadata.deletionTimestamp && phase !== 'Succeeded' && phase !== 'Failed';
}

/** podutil.GetPodReadyCondition. */
export function podReadyCondition(pod: KObject): Condition | undefined {
  const conditions = pod.status?.conditions as Condition[] | undefined;
  if (!Array.isArray(conditions)) return undefined;
  for (let i = 0; i < conditions.length; i++) if (conditions[i]?.type === 'Ready') return conditions[i];
  return undefined;
}

/**
 * Whether a pod update can change what a replica-counting controller (ReplicaSet,
 * ReplicationController) decides or reports: its labels, owners, deletion, phase (active or not)
 * or Ready condition (ready, and since when: availability). Upstream wakes the owner on every
 * pod update; the kubelet's other status writes (container states, IPs, the scheduler's
 * PodScheduled) change nothing there, so waking on them is work for nothing.
 */
export function replicaStateChanged(oldPod: KObject, cur: KObject): boolean {
  const a = oldPod.metadata;
  const b = cur.metadata;
  if (a.labels !== b.labels || a.ownerReferences !== b.ownerReferences || a.deletionTimestamp !== b.deletionTimestamp) {
    return true;
  }
  if (oldPod.status?.phase !== cur.status?.phase) return true;
  const ra = podReadyCondition(oldPod);
  const rb = podReadyCondition(cur);
  return ra?.status !== rb?.status || ra?.lastTransitionTime !== rb?.lastTransitionTime;
}

/** podutil.IsPodReady: the Ready condition is True. */
export function isPodReady(pod: KObject): boolean {
  return podReadyCondition(pod)?.status === 'True';
}

/** A timestamp as ms since the Unix epoch; undefined for a zero (unset) time. */
function timeMs(ts: string | null | undefined): number | undefined {
  if (!ts) return undefined;
  const ms = Date.parse(ts);
  return Number.isNaN(ms) ? undefined : ms;
}

/**
 * podutil.IsPodAvailable: ready, and either minReadySeconds is 0 or the Ready condition turned True
 * strictly more than minReadySeconds before `nowUnixMs`.
 */
export function isPodAvailable(pod: KObject, minReadySeconds: number, nowUnixMs: number): boolean {
  if (!isPodReady(pod)) return false;
  if (!minReadySeconds) return true;
  const since = timeMs(podReadyCondition(pod)?.lastTransitionTime);
  return since !== undefined && since + minReadySeconds * 1000 < nowUnixMs;
}

/** podReadyTime: when a ready pod became ready (undefined = zero time). */
function podReadyTime(pod: KObject): number | undefined {
  if (!isPodReady(pod)) return undefined;
  return timeMs(podReadyCondition(pod)?.lastTransitionTime);
}

/** podPhaseToOrdinal: Pending < Unknown < Running (any other phase counts as Pending). */
function phaseOrdinal(pod: KObject): number {
  const phase = pod.status?.phase;
  return phase === 'Running' ? 2 : phase === 'Unknown' ? 1 : 0;
}

/** helper.GetDeletionCostFromPodAnnotations (an invalid value counts as 0, as the sort ignores the error). */
export function podDeletionCost(pod: KObject): number {
  const raw = pod.metadata.annotations?.[POD_DELETION_COST_ANNOTATION_KEY];
  if (raw === undefined) return 0;
  if (!/^[+-]?\d+$/.test(raw.trim()) || raw.trim() !== raw) return 0;
  const n = Number(raw);
  return n >= -2147483648 && n <= 2147483647 ? n : 0;
}

/** maxContainerRestarts: the highest restartCount of the app containers, then of the sidecars. */
function maxContainerRestarts(pod: KObject): [number, number] {
  let regular = 0;
  for (const c of (pod.status?.containerStatuses ?? []) as { restartCount?: number }[])
    regular = Math.max(regular, c.restartCount ?? 0);
  const sidecars = new Set<string>();
  for (const c of (pod.spec?.initContainers ?? []) as { name: string; restartPolicy?: string }[])
    if (c.restartPolicy === 'Always') sidecars.add(c.name);
  let sidecar = 0;
  for (const c of (pod.status?.initContainerStatuses ?? []) as { name: string; restartCount?: number }[])
    if (sidecars.has(c.name)) sidecar = Math.max(sidecar, c.restartCount ?? 0);
  return [regular, sidecar];
}

/** compareMaxContainerRestarts: true when `a` restarted more, false when `b` did, undefined if equal. */
function moreRestarts(a: KObject, b: KObject): boolean | undefined {
  const [ra, sa] = maxContainerRestarts(a);
  const [rb, sb] = maxContainerRestarts(b);
  if (ra !== rb) return ra > rb;
  if (sa !== sb) return sa > sb;
  return undefined;
}

/** afterOrZero: t1 is the zero time, or after t2 (zero counts as the newest). */
function afterOrZero(t1: number | undefined, t2: number | undefined): boolean {
  if (t1 === undefined || t2 === undefined) return t1 === undefined;
  return t1 > t2;
}

/** logarithmicRankDiff: floor(log2(age in ns)) of t1 minus that of t2 (−1 for a non-positive age). */
function logarithmicRankDiff(t1: number, t2: number, nowUnixMs: number): number {
  const bucket = (t: number) => {
    const ns = (nowUnixMs - t) * 1e6;
    return ns > 0 ? Math.floor(Math.log2(ns)) : -1;
  };
  return bucket(t1) - bucket(t2);
}

/** Rules 6 and 8 with LogarithmicScaleDown: newer first, by log2 buckets, ties broken by uid. */
function newerFirst(a: KObject, b: KObject, ta: number | undefined, tb: number | undefined, nowUnixMs: number): boolean {
  if (ta === undefined || tb === undefined) return afterOrZero(ta, tb);
  const diff = logarithmicRankDiff(ta, tb, nowUnixMs);
  if (diff === 0) return (a.metadata.uid ?? '') < (b.metadata.uid ?? '');
  return diff < 0;
}

/** A pod with its rank (how many active sibling pods share its node). */
export interface RankedPod {
  pod: KObject;
  rank: number;
}

/**
 * ActivePodsWithRanks.Less (PodDeletionCost and LogarithmicScaleDown on, as by default): whether
 * `a` should be deleted before `b`.
 */
export function activePodWithRankLess(a: RankedPod, b: RankedPod, nowUnixMs: number): boolean {
  const pa = a.pod;
  const pb = b.pod;
  // 1. Unassigned < assigned.
  const na = pa.spec?.nodeName ?? '';
  const nb = pb.spec?.nodeName ?? '';
  if (na !== nb && (na === '' || nb === '')) return na === '';
  // 2. Pending < Unknown < Running.
  const oa = phaseOrdinal(pa);
  const ob = phaseOrdinal(pb);
  if (oa !== ob) return oa < ob;
  // 3. Not ready < ready.
  const ra = isPodReady(pa);
  const rb = isPodReady(pb);
  if (ra !== rb) return !ra;
  // 4. Lower pod-deletion-cost first.
  const ca = podDeletionCost(pa);
  const cb = podDeletionCost(pb);
  if (ca !== cb) return ca < cb;
  // 5. Doubled up (higher rank) first.
  if (a.rank !== b.rank) return a.rank > b.rank;
  // 6. Ready for less time first.
  if (ra && rb) {
    const ta = podReadyTime(pa);
    const tb = podReadyTime(pb);
    if (ta !== tb) return newerFirst(pa, pb, ta, tb, nowUnixMs);
  }
  // 7. More container restarts first.
  const restarts = moreRestarts(pa, pb);
  if (restarts !== undefined) return restarts;
  // 8. Newer first.
  const ca8 = timeMs(pa.metadata.creationTimestamp);
  const cb8 = timeMs(pb.metadata.creationTimestamp);
  if (ca8 !== cb8) return newerFirst(pa, pb, ca8, cb8, nowUnixMs);
  return false;
}

/** Sorts pods with ranks so the first ones are the ones to delete first (a new array). */
export function sortActivePodsWithRanks(ranked: readonly RankedPod[], nowUnixMs: number): RankedPod[] {
  return [...ranked].sort((a, b) =>
    activePodWithRankLess(a, b, nowUnixMs) ? -1 : activePodWithRankLess(b, a, nowUnixMs) ? 1 : 0,
  );
}

/**
 * getPodsRankedByRelatedPodsOnSameNode: each pod's rank is the number of active pods among
 * `relatedPods` (the pods of every ReplicaSet under the same controller, or just this one's) on the
 * pod's node.
 */
export function rankPodsByRelatedPodsOnSameNode(podsToRank: readonly KObject[], relatedPods: readonly KObject[]): RankedPod[] {
  const onNode = new Map<string, number>();
  for (const pod of relatedPods) {
    if (!isPodActive(pod)) continue;
    const node = pod.spec?.nodeName ?? '';
    onNode.set(node, (onNode.get(node) ?? 0) + 1);
  }
  return podsToRank.map((pod) => ({ pod, rank: onNode.get(pod.spec?.nodeName ?? '') ?? 0 }));
}

/**
 * getPodsToDelete (replica_set.go): the `diff` pods to delete first. Sorting is skipped when every
 * pod goes.
 */
export function podsToDelete(
  filteredPods: readonly KObject[],
  relatedPods: readonly KObject[],
  diff: number,
  nowUnixMs: number,
): KObject[] {
  if (diff < filteredPods.length) {
    const ranked = sortActivePodsWithRanks(rankPodsByRelatedPodsOnSameNode(filteredPods, relatedPods), nowUnixMs);
    return ranked.slice(0, diff).map((r) => r.pod);
  }
  return filteredPods.slice(0, diff);
}

/**
 * ActivePods.Less (no ranks, raw times): unassigned, Pending < Unknown < Running, not ready, ready
 * for less time, more restarts, newer — the order the Job controller deletes in.
 */
export function activePodLess(a: KObject, b: KObject): boolean {
  const na = a.spec?.nodeName ?? '';
  const nb = b.spec?.nodeName ?? '';
  if (na !== nb && (na === '' || nb === '')) return na === '';
  const oa = phaseOrdinal(a);
  const ob = phaseOrdinal(b);
  if (oa !== ob) return oa < ob;
  const ra = isPodReady(a);
  const rb = isPodReady(b);
  if (ra !== rb) return !ra;
  if (ra && rb) {
    const ta = podReadyTime(a);
    const tb = podReadyTime(b);
    if (ta !== tb) return afterOrZero(ta, tb);
  }
  const restarts = moreRestarts(a, b);
  if (restarts !== undefined) return restarts;
  const ca = timeMs(a.metadata.creationTimestamp);
  const cb = timeMs(b.metadata.creationTimestamp);
  if (ca !== cb) return afterOrZero(ca, cb);
  return false;
}

/** Sorts by ActivePods.Less (a new array). */
export function sortActivePods(pods: readonly KObject[]): KObject[] {
  return [...pods].sort((a, b) => (activePodLess(a, b) ? -1 : activePodLess(b, a) ? 1 : 0));
}
