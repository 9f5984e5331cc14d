// What kubectl's rollout commands read about a Deployment (kubectl pkg/polymorphichelpers,
// deploymentutil.GetAllReplicaSets): the ReplicaSets its selector matches that it controls, which
// of them is new, and their revisions.

import { selectorFromLabelSelector } from '../../../k8s/labels';
import type { KObject } from '../../../k8s/types';
import { byCreation, equalIgnoreHash, replicasOf, revision } from '../../controllers/deployment/util';
import type { KubectlEnv } from '../context';

export interface DeploymentReplicaSets {
  /** Old ReplicaSets with spec.replicas ≠ 0 (what describe lists). */
  oldRSs: KObject[];
  allOldRSs: KObject[];
  newRS: KObject | undefined;
}

/** GetAllReplicaSets. */
export function deploymentReplicaSets(env: KubectlEnv, d: KObject): DeploymentReplicaSets {
  const def = env.registry.forObject('apps/v1', 'ReplicaSet');
  if (!def) return { oldRSs: [], allOldRSs: [], newRS: undefined };
  let selector;
  try {
    selector = selectorFromLabelSelector(d.spec?.selector);
  } catch {
    return { oldRSs: [], allOldRSs: [], newRS: undefined };
  }
  const owned = env.api
    .list(def, { namespace: d.metadata.namespace, labelSelector: selector })
    .items.filter((rs) => rs.metadata.ownerReferences?.some((r) => r.controller === true && r.uid === d.metadata.uid));
  const newRS = [...owned].sort(byCreation).find((rs) => equalIgnoreHash(rs.spec?.template, d.spec?.template));
  const allOldRSs = owned.filter((rs) => rs !== newRS);
  return { oldRSs: allOldRSs.filter((rs) => replicasOf(rs) !== 0), allOldRSs, newRS };
}

/** Every owned ReplicaSet with a parsable revision, by revision. */
export function replicaSetsByRevision(env: KubectlEnv, d: KObject): Map<number, KObject> {
  const { allOldRSs, newRS } = deploymentReplicaSets(env, d);
  const out = new Map<number, KObject>();
  for (const rs of newRS ? [...allOldRSs, newRS] : allOldRSs) {
    const r = revision(rs);
    if (!Number.isNaN(r)) out.set(r, rs);
  }
  return out;
}
