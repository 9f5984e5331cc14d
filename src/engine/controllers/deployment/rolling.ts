// RollingUpdate (pkg/controller/deployment/rolling.go): one step per sync — scale the new
// ReplicaSet up within maxSurge, else scale old ones down within maxUnavailable (unhealthy
// replicas first), else clean up history once complete — then the rollout status.

import type { KObject } from '../../../k8s/types';
import { isApiError } from '../../api/errors';
import type { DeploymentSync } from './sync';
import {
  availableReplicaCount,
  byCreation,
  deploymentComplete,
  filterActive,
  maxUnavailable,
  newRSNewReplicas,
  replicasOf,
  specReplicaCount,
} from './util';

/** rolloutRolling. */
export function rolloutRolling(s: DeploymentSync): void {
  const { newRS, oldRSs } = s.getAllReplicaSetsAndSyncRevision(true);
  let allRSs: (KObject | undefined)[] = [...oldRSs, newRS];
  if (newRS && reconcileNewReplicaSet(s, allRSs, newRS)) {
    const cur = s.current(newRS, oldRSs);
    s.syncRolloutStatus([...cur.oldRSs, cur.newRS], cur.newRS);
    return;
  }
  const latestNew = newRS && s.current(newRS, []).newRS;
  if (latestNew && reconcileOldReplicaSets(s, [...oldRSs, latestNew], filterActive(oldRSs), latestNew)) {
    const cur = s.current(newRS, oldRSs);
    s.syncRolloutStatus([...cur.oldRSs, cur.newRS], cur.newRS);
    return;
  }
  if (deploymentComplete(s.d, s.d.status ?? {})) s.cleanupDeployment(oldRSs);
  const cur = s.current(newRS, oldRSs);
  allRSs = [...cur.oldRSs, cur.newRS];
  s.syncRolloutStatus(allRSs, cur.newRS);
}

/** reconcileNewReplicaSet: scale the new RS toward spec.replicas within maxSurge. */
export function reconcileNewReplicaSet(s: DeploymentSync, allRSs: (KObject | undefined)[], newRS: KObject): boolean {
  const replicas = replicasOf(s.d);
  if (replicasOf(newRS) === replicas) return false;
  if (replicasOf(newRS) > replicas) return s.scaleReplicaSetAndRecordEvent(newRS, replicas).scaled;
  const count = newRSNewReplicas(s.d, allRSs, newRS);
  return s.scaleReplicaSetAndRecordEvent(newRS, count).scaled;
}

/** reconcileOldReplicaSets: scale old RSes down as far as maxUnavailable allows. */
export function reconcileOldReplicaSets(s: DeploymentSync, allRSs: KObject[], oldRSs: KObject[], newRS: KObject): boolean {
  const oldPods = specReplicaCount(oldRSs);
  if (oldPods === 0) return false;
  const allPods = specReplicaCount(allRSs);
  const minAvailable = replicasOf(s.d) - maxUnavailable(s.d);
  const newRSUnavailable = replicasOf(newRS) - (newRS.status?.availableReplicas ?? 0);
  const maxScaledDown = allPods - minAvailable - newRSUnavailable;
  if (maxScaledDown <= 0) return false;
  // Like the real controller, a failed step here is not a failed sync: this pass scales nothing
  // down and the rollout status is still written; the next ReplicaSet event brings a new pass.
  try {
    const cleaned = cleanupUnhealthyReplicas(s, oldRSs, maxScaledDown);
    if (!cleaned) return false;
    const scaledDown = scaleDownOldReplicaSetsForRollingUpdate(s, [...cleaned.oldRSs, newRS], cleaned.oldRSs);
    return cleaned.count + scaledDown > 0;
  } catch (e) {
    if (isApiError(e)) return false;
    throw e;
  }
}

/**
 * cleanupUnhealthyReplicas: first take away old replicas that are not available anyway. Returns
 * undefined — an invalid request, nothing more scaled — when an old ReplicaSet reports more
 * available replicas than it now wants: its status still counts pods from before a scale-down
 * (the ReplicaSet controller has not caught up yet), so "unavailable" would be negative.
 */
export function cleanupUnhealthyReplicas(
  s: DeploymentSync,
  oldRSsIn: KObject[],
  maxCleanupCount: number,
): { oldRSs: KObject[]; count: number } | undefined {
  const oldRSs = [...oldRSsIn].sort(byCreation);
  let total = 0;
  for (let i = 0; i < oldRSs.length; i++) {
    const rs = oldRSs[i];
    if (total >= maxCleanupCount) break;
    const replicas = replicasOf(rs);
    const available = rs.status?.availableReplicas ?? 0;
    if (replicas === 0 || replicas === available) continue;
    const count = Math.min(maxCleanupCount - total, replicas - available);
    const newReplicas = replicas - count;
    if (newReplicas > replicas) return undefined;
    oldRSs[i] = s.scaleReplicaSetAndRecordEvent(rs, newReplicas).rs;
    total += count;
  }
  return { oldRSs, count: total };
}

/** scaleDownOldReplicaSetsForRollingUpdate: scale old RSes down by what availability allows. */
export function scaleDownOldReplicaSetsForRollingUpdate(s: DeploymentSync, allRSs: KObject[], oldRSsIn: KObject[]): number {
  const minAvailable = replicasOf(s.d) - maxUnavailable(s.d);
  const available = availableReplicaCount(allRSs);
  if (available <= minAvailable) return 0;
  const oldRSs = [...oldRSsIn].sort(byCreation);
  let total = 0;
  const budget = available - minAvailable;
  for (const rs of oldRSs) {
    if (total >= budget) break;
    if (replicasOf(rs) === 0) continue;
    const count = Math.min(replicasOf(rs), budget - total);
    s.scaleReplicaSetAndRecordEvent(rs, replicasOf(rs) - count);
    total += count;
  }
  return total;
}
