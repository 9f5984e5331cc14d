// Deployment controller (pkg/controller/deployment/deployment_controller.go): owns ReplicaSets
// and rolls a Deployment's pod template out through them (RollingUpdate or Recreate), scales
// proportionally, keeps revisions and history, and reports status and conditions.
//
// Watches: Deployments (their key); ReplicaSets (their controlling Deployment, or — for orphans —
// every Deployment whose selector matches them); Pods only on delete, for Recreate (a Deployment
// whose last old pod is gone). Event source `deployment-controller`; failed syncs are retried
// rate-limited and dropped after 15 retries (maxRetries).

import { selectorFromLabelSelector, type Selector } from '../../../k8s/labels';
import type { KObject } from '../../../k8s/types';
import type { ApiServer } from '../../api/apiserver';
import { deepEqual } from '../../api/deep';
import { isApiError } from '../../api/errors';
import { deploymentKind, podKind, replicaSetKind } from '../../api/kinds';
import type { Clock } from '../../clock/clock';
import { Controller } from '../../runtime/controller';
import type { Recorder } from '../../runtime/events';
import { objectKey, OWNER_UID_INDEX, splitKey, type InformerFactory } from '../../runtime/informer';
import { claimCandidates } from '../../runtime/lookups';
import { indexSelectorsOf } from '../../runtime/selector-index';
import { ControllerRefManager, freshOwnerCanAdopt, getControllerOf } from '../controller-ref-manager';
import { rolloutRecreate } from './recreate';
import { rolloutRolling } from './rolling';
import { DeploymentSync, type SyncEnv } from './sync';
import { DEPRECATED_ROLLBACK_TO, findOldReplicaSets, findNewReplicaSet } from './util';

export const DEPLOYMENT_CONTROLLER = 'deployment-controller';
/** maxRetries: a key failing this many times in a row is dropped until its next event. */
export const DEPLOYMENT_MAX_RETRIES = 15;

export interface DeploymentControllerDeps {
  api: ApiServer;
  clock: Clock;
  informers: InformerFactory;
  recorder: Recorder;
}

export type DeploymentController = Controller;

const selectorCache = new WeakMap<object, Selector | null>();

function selectorOf(d: KObject): Selector | null {
  const sel = d.spec?.selector;
  if (!sel || typeof sel !== 'object') return null;
  let s = selectorCache.get(sel);
  if (s === undefined) {
    try {
      s = selectorFromLabelSelector(sel);
    } catch {
      s = null;
    }
    selectorCache.set(sel, s);
  }
  return s;
}

function selectsAll(d: KObject): boolean {
  const sel = d.spec?.selector;
  return !!sel && Object.keys(sel.matchLabels ?? {}).length === 0 && (sel.matchExpressions ?? []).length === 0;
}

export function startDeploymentController(deps: DeploymentControllerDeps): DeploymentController {
  const { api, clock, informers, recorder } = deps;
  const deployments = informers.informerFor(deploymentKind);
  const replicaSets = informers.informerFor(replicaSetKind);
  const pods = informers.informerFor(podKind);

  /**
   * getDeploymentsForReplicaSet: Deployments whose (non-empty) selector matches an orphan's labels,
   * in list order — found from the labels, not by trying every Deployment of the namespace.
   */
  const deploymentSelectors = indexSelectorsOf(deployments, selectorOf);
  const deploymentsMatching = (rs: KObject): string[] => {
    const labels = rs.metadata.labels;
    if (!labels || Object.keys(labels).length === 0) return [];
    return deploymentSelectors.matching(rs.metadata.namespace ?? '', labels);
  };

  /** resolveControllerRef to a cached Deployment with the same uid. */
  const ownerKey = (obj: KObject): string | undefined => {
    const ref = getControllerOf(obj);
    if (!ref || ref.kind !== 'Deployment') return undefined;
    const d = deployments.get(obj.metadata.namespace, ref.name);
    return d && d.metadata.uid === ref.uid ? objectKey(d) : undefined;
  };

  const sync = (key: string) => {
    const cached = deployments.getByKey(key);
    if (!cached) return;
    const { namespace } = splitKey(key);
    let d = cached;
    if (selectsAll(d)) {
      recorder.event(d, 'Warning', 'SelectingAll', 'This deployment is selecting all pods. A non-empty selector is required.');
      if ((d.status?.observedGeneration ?? 0) < (d.metadata.generation ?? 0)) {
        api.updateStatus({ ...d, status: { ...(d.status ?? {}), observedGeneration: d.metadata.generation } });
      }
      return;
    }
    const selector = selectorOf(d);
    if (!selector) return;

    // getReplicaSetsForDeployment: claim (adopt / release) by selector.
    const manager = new ControllerRefManager({
      api,
      owner: d,
      ownerKind: { apiVersion: 'apps/v1', kind: 'Deployment' },
      selector,
      canAdopt: freshOwnerCanAdopt(api, deploymentKind, d),
    });
    const claim = manager.claim(replicaSetKind, claimCandidates(replicaSets, namespace, d.metadata.uid ?? ''));
    if (claim.errors.length > 0) return { error: claim.errors[0] };
    // Adoption patched some: use their latest cached versions.
    const rsList = claim.claimed.map((rs) => replicaSets.get(namespace, rs.metadata.name ?? '') ?? rs);

    // getPodMapForDeployment: pods by the uid of the RS controlling them. Only the Recreate
    // strategy reads it (are old pods still running?), so a rolling update does not build it: that
    // is O(replicas) work on every sync, and a Deployment syncs on every status change of its
    // ReplicaSets.
    const podMap = new Map<string, KObject[]>();
    if (d.spec?.strategy?.type === 'Recreate') for (const rs of rsList) podMap.set(rs.metadata.uid ?? '', []);
    for (const rs of podMap.size > 0 ? rsList : []) {
      for (const pod of pods.byIndex(OWNER_UID_INDEX, rs.metadata.uid ?? '')) {
        if (getControllerOf(pod)?.uid !== rs.metadata.uid || !selector.matches(pod.metadata.labels)) continue;
        podMap.get(rs.metadata.uid ?? '')!.push(pod);
      }
    }

    const env: SyncEnv = {
      nowMs: () => clock.nowUnixMs(),
      timestamp: () => clock.timestamp(),
      createReplicaSet: (rs) => api.create(rs),
      updateReplicaSet: (rs) => api.update(rs),
      deleteReplicaSet: (rs) => {
        api.delete(replicaSetKind, rs.metadata.namespace, rs.metadata.name ?? '');
      },
      getReplicaSet: (ns, name) => replicaSets.get(ns, name),
      updateDeploymentStatus: (next) => api.updateStatus(next),
      event: (obj, type, reason, message) => recorder.event(obj, type, reason, message),
      enqueueAfter: (ms) => controller.enqueueAfter(key, ms),
      enqueueRateLimited: () => controller.queue.addRateLimited(key),
    };
    d = { ...d };
    const s = new DeploymentSync(env, d, rsList, podMap);
    try {
      if (d.metadata.deletionTimestamp) {
        const { newRS, oldRSs } = s.getAllReplicaSetsAndSyncRevision(false);
        s.syncDeploymentStatus([...oldRSs, newRS], newRS);
        return;
      }
      s.checkPausedConditions();
      if (s.d.spec?.paused) {
        s.sync();
        return;
      }
      // The server-side rollback annotation of extensions/v1beta1 has no apps/v1 client; it is
      // only cleared here, as rollback() would after finding nothing to roll back to.
      if (s.d.metadata.annotations?.[DEPRECATED_ROLLBACK_TO] !== undefined) {
        const annotations = { ...s.d.metadata.annotations };
        delete annotations[DEPRECATED_ROLLBACK_TO];
        api.update({ ...s.d, metadata: { ...s.d.metadata, annotations } });
        return;
      }
      if (s.isScalingEvent()) {
        s.sync();
        return;
      }
      if (s.d.spec?.strategy?.type === 'Recreate') rolloutRecreate(s);
      else rolloutRolling(s);
    } catch (e) {
      if (isApiError(e)) return { error: e };
      throw e;
    }
    return;
  };

  const controller = new Controller({ name: DEPLOYMENT_CONTROLLER, clock, sync, maxRetries: DEPLOYMENT_MAX_RETRIES });

  controller.handle(deployments, {
    onAdd: (d) => objectKey(d),
    onUpdate: (_old, d) => objectKey(d),
    onDelete: (d) => objectKey(d),
  });

  controller.handle(replicaSets, {
    onAdd: (rs) => {
      const key = ownerKey(rs);
      if (key) return key;
      if (getControllerOf(rs)) return undefined;
      return deploymentsMatching(rs);
    },
    onUpdate: (oldRS, rs) => {
      if (oldRS.metadata.resourceVersion === rs.metadata.resourceVersion) return undefined;
      const keys: string[] = [];
      const oldRef = getControllerOf(oldRS);
      const ref = getControllerOf(rs);
      const refChanged = !deepEqual(oldRef ?? null, ref ?? null);
      if (refChanged && oldRef) {
        const k = ownerKey(oldRS);
        if (k) keys.push(k);
      }
      if (ref) {
        const k = ownerKey(rs);
        if (k) keys.push(k);
        return keys;
      }
      const labelChanged = !deepEqual(oldRS.metadata.labels ?? {}, rs.metadata.labels ?? {});
      if (labelChanged || refChanged) keys.push(...deploymentsMatching(rs));
      return keys;
    },
    onDelete: (rs) => ownerKey(rs),
  });

  // deletePod: a Recreate Deployment syncs once none of its pods is left.
  controller.handle(pods, {
    onDelete: (pod) => {
      const rsRef = getControllerOf(pod);
      if (!rsRef || rsRef.kind !== 'ReplicaSet') return undefined;
      const rs = replicaSets.get(pod.metadata.namespace, rsRef.name);
      if (!rs || rs.metadata.uid !== rsRef.uid) return undefined;
      const key = ownerKey(rs);
      if (!key) return undefined;
      const d = deployments.getByKey(key)!;
      if (d.spec?.strategy?.type !== 'Recreate') return undefined;
      const owned = replicaSets.byIndex(OWNER_UID_INDEX, d.metadata.uid ?? '');
      const remaining = owned.reduce((n, r) => n + pods.countByIndex(OWNER_UID_INDEX, r.metadata.uid ?? ''), 0);
      return remaining === 0 ? key : undefined;
    },
  });

  return controller;
}

export { findNewReplicaSet, findOldReplicaSets };
