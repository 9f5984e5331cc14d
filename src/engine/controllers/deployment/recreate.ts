// Recreate (pkg/controller/deployment/recreate.go): scale every old ReplicaSet to 0, wait until
// none of their pods runs, then create / scale the new ReplicaSet to spec.replicas.

import type { KObject } from '../../../k8s/types';
import type { DeploymentSync } from './sync';
import { actualReplicaCount, deploymentComplete, filterActive, replicasOf } from './util';

/** rolloutRecreate. */
export function rolloutRecreate(s: DeploymentSync): void {
  let { newRS, oldRSs } = s.getAllReplicaSetsAndSyncRevision(false);
  const activeOld = filterActive(oldRSs);
  let scaledDown = false;
  for (const rs of activeOld) if (s.scaleReplicaSetAndRecordEvent(rs, 0).scaled) scaledDown = true;
  if (scaledDown) {
    const cur = s.current(newRS, oldRSs);
    s.syncRolloutStatus([...cur.oldRSs, cur.newRS], cur.newRS);
    return;
  }
  if (oldPodsRunning(newRS, oldRSs, s.podMap)) {
    s.syncRolloutStatus([...oldRSs, newRS], newRS);
    return;
  }
  if (!newRS) ({ newRS, oldRSs } = s.getAllReplicaSetsAndSyncRevision(true));
  if (newRS) s.scaleReplicaSetAndRecordEvent(newRS, replicasOf(s.d));
  if (deploymentComplete(s.d, s.d.status ?? {})) s.cleanupDeployment(oldRSs);
  const cur = s.current(newRS, oldRSs);
  s.syncRolloutStatus([...cur.oldRSs, cur.newRS], cur.newRS);
}

/** oldPodsRunning: an old RS still reports pods, or a pod of a non-new RS is not terminal. */
export function oldPodsRunning(newRS: KObject | undefined, oldRSs: KObject[], podMap: Map<string, KObject[]>): boolean {
  if (actualReplicaCount(oldRSs) > 0) return true;
  for (const [uid, pods] of podMap) {
    if (newRS && newRS.metadata.uid === uid) continue;
    for (const pod of pods) {
      const phase = pod.status?.phase;
      if (phase === 'Failed' || phase === 'Succeeded') continue;
      return true;
    }
  }
  return false;
}
