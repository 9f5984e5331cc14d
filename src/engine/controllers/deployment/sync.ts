// One sync of one Deployment (pkg/controller/deployment/sync.go and progress.go): finding or
// creating the new ReplicaSet and syncing revisions, scaling a ReplicaSet (with its event),
// proportional scaling, revisionHistoryLimit cleanup, status and conditions.
//
// A DeploymentSync holds the Deployment and the ReplicaSets it owns as the sync goes; every write
// replaces the object it wrote in that state, so later steps of the same sync see it (upstream
// re-reads a stale list instead and retries on the resulting conflicts).

import type { KObject } from '../../../k8s/types';
import { deepEqual } from '../../api/deep';
import { isApiError } from '../../api/errors';
import { computeHash } from './pod-template-hash';
import {
  actualReplicaCount,
  availableReplicaCount,
  byCreation,
  bySizeNewer,
  bySizeOlder,
  byRevision,
  deploymentComplete,
  deploymentProgressing,
  deploymentTimedOut,
  equalIgnoreHash,
  FAILED_RS_CREATE_REASON,
  filterActive,
  findActiveOrLatest,
  findNewReplicaSet,
  findOldReplicaSets,
  FOUND_NEW_RS_REASON,
  getCondition,
  hasProgressDeadline,
  hasRevisionHistoryLimit,
  isRollingUpdate,
  isSaturated,
  maxRevision,
  maxSurge,
  maxUnavailable,
  MINIMUM_REPLICAS_AVAILABLE,
  MINIMUM_REPLICAS_UNAVAILABLE,
  newCondition,
  NEW_RS_AVAILABLE_REASON,
  NEW_RS_REASON,
  newRSNewReplicas,
  PAUSED_DEPLOY_REASON,
  POD_TEMPLATE_HASH_LABEL,
  readyReplicaCount,
  removeCondition,
  replicaSetProportion,
  replicasAnnotationsNeedUpdate,
  replicasOf,
  RESUMED_DEPLOY_REASON,
  REVISION_ANNOTATION,
  RS_UPDATED_REASON,
  setCondition,
  setNewReplicaSetAnnotations,
  specReplicaCount,
  TIMED_OUT_REASON,
  withReplicasAnnotations,
  desiredReplicasAnnotation,
  type DeploymentStatus,
} from './util';

/** What a sync may do to the cluster. */
export interface SyncEnv {
  nowMs(): number;
  /** RFC 3339 (second precision) of now, as metav1.Now() serializes. */
  timestamp(): string;
  createReplicaSet(rs: KObject): KObject;
  updateReplicaSet(rs: KObject): KObject;
  deleteReplicaSet(rs: KObject): void;
  /** The cached ReplicaSet (lister), for AlreadyExists handling. */
  getReplicaSet(namespace: string, name: string): KObject | undefined;
  updateDeploymentStatus(d: KObject): KObject;
  event(d: KObject, type: 'Normal' | 'Warning', reason: string, message: string): void;
  enqueueAfter(delayMs: number): void;
  enqueueRateLimited(): void;
}

export const SCALING_REPLICA_SET = 'ScalingReplicaSet';

/** A status for comparisons: Go's nil and empty condition lists are the same here. */
function normalized(s: DeploymentStatus | undefined): DeploymentStatus {
  const out: DeploymentStatus = { ...(s ?? {}) };
  if (!out.conditions || out.conditions.length === 0) delete out.conditions;
  for (const k of Object.keys(out) as (keyof DeploymentStatus)[]) {
    if (out[k] === undefined || out[k] === 0) delete out[k];
  }
  return out;
}

export function sameStatus(a: DeploymentStatus | undefined, b: DeploymentStatus | undefined): boolean {
  return deepEqual(normalized(a), normalized(b));
}

export class DeploymentSync {
  constructor(
    readonly env: SyncEnv,
    public d: KObject,
    public rsList: KObject[],
    /** Pods of the Deployment's ReplicaSets by RS uid (Recreate only). */
    readonly podMap: Map<string, KObject[]> = new Map(),
  ) {}

  private replace(rs: KObject): KObject {
    const i = this.rsList.findIndex((x) => x.metadata.uid === rs.metadata.uid);
    if (i >= 0) this.rsList[i] = rs;
    else this.rsList.push(rs);
    return rs;
  }

  private writeStatus(statusIn: DeploymentStatus, annotations?: Record<string, string>): void {
    // Every DeploymentStatus field but collisionCount (a pointer) is omitempty.
    const status: DeploymentStatus = { ...statusIn };
    for (const k of Object.keys(status) as (keyof DeploymentStatus)[]) {
      if (k !== 'collisionCount' && (status[k] === 0 || status[k] === undefined)) delete status[k];
    }
    if (status.conditions && status.conditions.length === 0) delete status.conditions;
    const metadata = annotations ? { ...this.d.metadata, annotations } : this.d.metadata;
    this.d = this.env.updateDeploymentStatus({ ...this.d, metadata, status });
  }

  // ---- new ReplicaSet and revisions ------------------------------------------------------------

  /** getAllReplicaSetsAndSyncRevision. */
  getAllReplicaSetsAndSyncRevision(createIfNotExisted: boolean): { newRS: KObject | undefined; oldRSs: KObject[] } {
    const { all } = findOldReplicaSets(this.d, this.rsList);
    const newRS = this.getNewReplicaSet(all, createIfNotExisted);
    const oldRSs = findOldReplicaSets(this.d, this.rsList).all;
    return { newRS, oldRSs: newRS ? oldRSs.filter((rs) => rs.metadata.uid !== newRS.metadata.uid) : oldRSs };
  }

  /** getNewReplicaSet. */
  getNewReplicaSet(oldRSs: KObject[], createIfNotExisted: boolean): KObject | undefined {
    const d = this.d;
    const existing = findNewReplicaSet(d, this.rsList);
    const newRevision = maxRevision(oldRSs) + 1;
    if (existing) {
      const { rs: annotated, changed } = setNewReplicaSetAnnotations(d, existing, newRevision, true);
      const minReadyChanged = (annotated.spec?.minReadySeconds ?? 0) !== (d.spec?.minReadySeconds ?? 0);
      if (changed || minReadyChanged) {
        const next = { ...annotated, spec: { ...annotated.spec, minReadySeconds: d.spec?.minReadySeconds ?? 0 } };
        return this.replace(this.env.updateReplicaSet(next));
      }
      let annotations: Record<string, string> | undefined;
      const rev = annotated.metadata.annotations?.[REVISION_ANNOTATION];
      if (rev !== undefined && d.metadata.annotations?.[REVISION_ANNOTATION] !== rev) {
        annotations = { ...(d.metadata.annotations ?? {}), [REVISION_ANNOTATION]: rev };
      }
      let status: DeploymentStatus = d.status ?? {};
      let needsUpdate = annotations !== undefined;
      if (hasProgressDeadline(d) && !getCondition(status, 'Progressing')) {
        status = setCondition(
          status,
          newCondition(
            'Progressing',
            'True',
            FOUND_NEW_RS_REASON,
            `Found new replica set "${annotated.metadata.name}"`,
            this.env.timestamp(),
          ),
        );
        needsUpdate = true;
      }
      if (needsUpdate) this.writeStatus(status, annotations);
      return annotated;
    }
    if (!createIfNotExisted) return undefined;

    const template = d.spec.template ?? {};
    const hash = computeHash(template, d.status?.collisionCount);
    const labels = { ...(template.metadata?.labels ?? {}), [POD_TEMPLATE_HASH_LABEL]: hash };
    const selector = {
      ...(d.spec.selector ?? {}),
      matchLabels: { ...(d.spec.selector?.matchLabels ?? {}), [POD_TEMPLATE_HASH_LABEL]: hash },
    };
    let newRS: KObject = {
      apiVersion: 'apps/v1',
      kind: 'ReplicaSet',
      metadata: {
        name: `${d.metadata.name}-${hash}`,
        namespace: d.metadata.namespace,
        labels,
        ownerReferences: [
          {
            apiVersion: 'apps/v1',
            kind: 'Deployment',
            name: d.metadata.name!,
            uid: d.metadata.uid!,
            controller: true,
            blockOwnerDeletion: true,
          },
        ],
      },
      spec: {
        replicas: 0,
        minReadySeconds: d.spec.minReadySeconds ?? 0,
        selector,
        template: { ...template, metadata: { ...(template.metadata ?? {}), labels } },
      },
    };
    const count = newRSNewReplicas(d, [...oldRSs, newRS], newRS);
    newRS = { ...newRS, spec: { ...newRS.spec, replicas: count } };
    newRS = setNewReplicaSetAnnotations(d, newRS, newRevision, false).rs;

    let created: KObject;
    let alreadyExists = false;
    try {
      created = this.env.createReplicaSet(newRS);
    } catch (e) {
      if (isApiError(e, 'AlreadyExists')) {
        alreadyExists = true;
        const rs = this.env.getReplicaSet(d.metadata.namespace ?? '', newRS.metadata.name!);
        if (!rs) throw e;
        const ref = rs.metadata.ownerReferences?.find((r) => r.controller === true);
        if (ref && ref.uid === d.metadata.uid && equalIgnoreHash(d.spec.template, rs.spec?.template)) {
          created = rs;
        } else {
          // A hash collision: bump collisionCount and retry with a new hash.
          this.writeStatus({ ...(d.status ?? {}), collisionCount: (d.status?.collisionCount ?? 0) + 1 });
          throw e;
        }
      } else if (isApiError(e)) {
        const msg = `Failed to create new replica set "${newRS.metadata.name}": ${e.message}`;
        if (hasProgressDeadline(d)) {
          const status = setCondition(
            d.status ?? {},
            newCondition('Progressing', 'False', FAILED_RS_CREATE_REASON, msg, this.env.timestamp()),
          );
          try {
            this.writeStatus(status);
          } catch (err) {
            if (!isApiError(err)) throw err;
          }
        }
        this.env.event(d, 'Warning', FAILED_RS_CREATE_REASON, msg);
        throw e;
      } else {
        throw e;
      }
    }
    this.replace(created);
    if (!alreadyExists && count > 0) {
      this.env.event(d, 'Normal', SCALING_REPLICA_SET, `Scaled up replica set ${created.metadata.name} from 0 to ${count}`);
    }
    let annotations: Record<string, string> | undefined;
    if (this.d.metadata.annotations?.[REVISION_ANNOTATION] !== String(newRevision)) {
      annotations = { ...(this.d.metadata.annotations ?? {}), [REVISION_ANNOTATION]: String(newRevision) };
    }
    let status: DeploymentStatus = this.d.status ?? {};
    let needsUpdate = annotations !== undefined;
    if (!alreadyExists && hasProgressDeadline(this.d)) {
      status = setCondition(
        status,
        newCondition(
          'Progressing',
          'True',
          NEW_RS_REASON,
          `Created new replica set "${created.metadata.name}"`,
          this.env.timestamp(),
        ),
      );
      needsUpdate = true;
    }
    if (needsUpdate) this.writeStatus(status, annotations);
    return created;
  }

  // ---- scaling -----------------------------------------------------------------------------------

  /** scaleReplicaSetAndRecordEvent. */
  scaleReplicaSetAndRecordEvent(rs: KObject, newScale: number): { scaled: boolean; rs: KObject } {
    if (replicasOf(rs) === newScale) return { scaled: false, rs };
    return this.scaleReplicaSet(rs, newScale);
  }

  /** scaleReplicaSet: writes size and replica annotations; an event when the size changed. */
  scaleReplicaSet(rs: KObject, newScale: number): { scaled: boolean; rs: KObject } {
    const d = this.d;
    const sizeNeedsUpdate = replicasOf(rs) !== newScale;
    const desired = replicasOf(d);
    const max = desired + maxSurge(d);
    if (!sizeNeedsUpdate && !replicasAnnotationsNeedUpdate(rs, desired, max)) return { scaled: false, rs };
    const oldScale = replicasOf(rs);
    const next = withReplicasAnnotations({ ...rs, spec: { ...rs.spec, replicas: newScale } }, desired, max);
    const updated = this.replace(this.env.updateReplicaSet(next));
    if (sizeNeedsUpdate) {
      const op = oldScale < newScale ? 'up' : 'down';
      this.env.event(
        d,
        'Normal',
        SCALING_REPLICA_SET,
        `Scaled ${op} replica set ${updated.metadata.name} from ${oldScale} to ${newScale}`,
      );
    }
    return { scaled: sizeNeedsUpdate, rs: updated };
  }

  /** isScalingEvent: an active RS was sized for another spec.replicas. */
  isScalingEvent(): boolean {
    const { newRS, oldRSs } = this.getAllReplicaSetsAndSyncRevision(false);
    for (const rs of filterActive([...oldRSs, newRS])) {
      const desired = desiredReplicasAnnotation(rs);
      if (desired === undefined) continue;
      if (desired !== replicasOf(this.d)) return true;
    }
    return false;
  }

  /** scale: proportional scaling of the active ReplicaSets (sync.go scale). */
  scale(newRS: KObject | undefined, oldRSs: KObject[]): void {
    const d = this.d;
    const activeOrLatest = findActiveOrLatest(newRS, oldRSs);
    if (activeOrLatest) {
      if (replicasOf(activeOrLatest) === replicasOf(d)) return;
      this.scaleReplicaSetAndRecordEvent(activeOrLatest, replicasOf(d));
      return;
    }
    if (isSaturated(d, newRS)) {
      for (const old of filterActive(oldRSs)) this.scaleReplicaSetAndRecordEvent(old, 0);
      return;
    }
    if (!isRollingUpdate(d)) return;
    const all = filterActive([...oldRSs, newRS]);
    const allReplicas = specReplicaCount(all);
    const allowed = replicasOf(d) > 0 ? replicasOf(d) + maxSurge(d) : 0;
    const toAdd = allowed - allReplicas;
    if (toAdd > 0) all.sort(bySizeNewer);
    else if (toAdd < 0) all.sort(bySizeOlder);
    let added = 0;
    const sizes = new Map<string, number>();
    for (const rs of all) {
      if (toAdd !== 0) {
        const proportion = replicaSetProportion(rs, d, toAdd, added);
        sizes.set(rs.metadata.name!, replicasOf(rs) + proportion);
        added += proportion;
      } else {
        sizes.set(rs.metadata.name!, replicasOf(rs));
      }
    }
    all.forEach((rs, i) => {
      const name = rs.metadata.name!;
      if (i === 0 && toAdd !== 0) sizes.set(name, Math.max(0, sizes.get(name)! + toAdd - added));
      this.scaleReplicaSet(rs, sizes.get(name)!);
    });
  }

  /** sync: scale-only (scaling events, paused Deployments), cleanup when paused, status. */
  sync(): void {
    const { newRS, oldRSs } = this.getAllReplicaSetsAndSyncRevision(false);
    this.scale(newRS, oldRSs);
    const fresh = this.current(newRS, oldRSs);
    if (this.d.spec?.paused) this.cleanupDeployment(fresh.oldRSs);
    this.syncDeploymentStatus([...fresh.oldRSs, fresh.newRS], fresh.newRS);
  }

  /** The latest versions (after this sync's writes) of the given ReplicaSets. */
  current(newRS: KObject | undefined, oldRSs: KObject[]): { newRS: KObject | undefined; oldRSs: KObject[] } {
    const latest = (rs: KObject) => this.rsList.find((x) => x.metadata.uid === rs.metadata.uid) ?? rs;
    return { newRS: newRS && latest(newRS), oldRSs: oldRSs.map(latest) };
  }

  /** cleanupDeployment: delete the oldest fully scaled-down ReplicaSets beyond revisionHistoryLimit. */
  cleanupDeployment(oldRSs: KObject[]): void {
    const d = this.d;
    if (!hasRevisionHistoryLimit(d)) return;
    const cleanable = oldRSs.filter((rs) => !rs.metadata.deletionTimestamp);
    const diff = cleanable.length - d.spec.revisionHistoryLimit;
    if (diff <= 0) return;
    cleanable.sort(byRevision);
    for (let i = 0; i < diff; i++) {
      const rs = cleanable[i];
      if (
        (rs.status?.replicas ?? 0) !== 0 ||
        replicasOf(rs) !== 0 ||
        (rs.metadata.generation ?? 0) > (rs.status?.observedGeneration ?? 0) ||
        rs.metadata.deletionTimestamp
      ) {
        continue;
      }
      try {
        this.env.deleteReplicaSet(rs);
      } catch (e) {
        if (!isApiError(e, 'NotFound')) throw e;
      }
    }
  }

  // ---- status ------------------------------------------------------------------------------------

  /** calculateStatus. */
  calculateStatus(allRSs: (KObject | undefined)[], newRS: KObject | undefined): DeploymentStatus {
    const d = this.d;
    const available = availableReplicaCount(allRSs);
    const total = specReplicaCount(allRSs);
    const status: DeploymentStatus = {
      observedGeneration: d.metadata.generation,
      replicas: actualReplicaCount(allRSs),
      updatedReplicas: actualReplicaCount([newRS]),
      readyReplicas: readyReplicaCount(allRSs),
      availableReplicas: available,
      unavailableReplicas: Math.max(0, total - available),
    };
    if (d.status?.collisionCount !== undefined) status.collisionCount = d.status.collisionCount;
    status.conditions = [...(d.status?.conditions ?? [])];
    const now = this.env.timestamp();
    const c =
      available >= replicasOf(d) - maxUnavailable(d)
        ? newCondition('Available', 'True', MINIMUM_REPLICAS_AVAILABLE, 'Deployment has minimum availability.', now)
        : newCondition('Available', 'False', MINIMUM_REPLICAS_UNAVAILABLE, 'Deployment does not have minimum availability.', now);
    return setCondition(status, c);
  }

  /** syncDeploymentStatus: write the calculated status if it changed. */
  syncDeploymentStatus(allRSs: (KObject | undefined)[], newRS: KObject | undefined): void {
    const status = this.calculateStatus(allRSs, newRS);
    if (sameStatus(this.d.status, status)) return;
    this.writeStatus(status);
  }

  /** checkPausedConditions: Progressing Unknown DeploymentPaused / DeploymentResumed. */
  checkPausedConditions(): void {
    const d = this.d;
    if (!hasProgressDeadline(d)) return;
    const cond = getCondition(d.status, 'Progressing');
    if (cond && cond.reason === TIMED_OUT_REASON) return;
    const pausedCondExists = cond?.reason === PAUSED_DEPLOY_REASON;
    let status: DeploymentStatus | undefined;
    if (d.spec?.paused && !pausedCondExists) {
      status = setCondition(
        d.status ?? {},
        newCondition('Progressing', 'Unknown', PAUSED_DEPLOY_REASON, 'Deployment is paused', this.env.timestamp()),
      );
    } else if (!d.spec?.paused && pausedCondExists) {
      status = setCondition(
        d.status ?? {},
        newCondition('Progressing', 'Unknown', RESUMED_DEPLOY_REASON, 'Deployment is resumed', this.env.timestamp()),
      );
    }
    if (status) this.writeStatus(status);
  }

  /** syncRolloutStatus (progress.go): status plus the Progressing condition, or a requeue. */
  syncRolloutStatus(allRSs: (KObject | undefined)[], newRS: KObject | undefined): void {
    const d = this.d;
    let status = this.calculateStatus(allRSs, newRS);
    if (!hasProgressDeadline(d)) status = removeCondition(status, 'Progressing');
    const current = getCondition(d.status, 'Progressing');
    const isComplete = status.replicas === status.updatedReplicas && current?.reason === NEW_RS_AVAILABLE_REASON;
    if (hasProgressDeadline(d) && !isComplete) {
      const now = this.env.timestamp();
      const subject = newRS ? `ReplicaSet "${newRS.metadata.name}"` : `Deployment "${d.metadata.name}"`;
      if (deploymentComplete(d, status)) {
        status = setCondition(
          status,
          newCondition('Progressing', 'True', NEW_RS_AVAILABLE_REASON, `${subject} has successfully progressed.`, now),
        );
      } else if (deploymentProgressing(d, status)) {
        let c = newCondition('Progressing', 'True', RS_UPDATED_REASON, `${subject} is progressing.`, now);
        if (current) {
          if (current.status === 'True') c = { ...c, lastTransitionTime: current.lastTransitionTime };
          status = removeCondition(status, 'Progressing');
        }
        status = setCondition(status, c);
      } else if (deploymentTimedOut(d, status, this.env.nowMs())) {
        status = setCondition(
          status,
          newCondition('Progressing', 'False', TIMED_OUT_REASON, `${subject} has timed out progressing.`, now),
        );
      }
    }
    const failure = replicaFailure(allRSs, newRS);
    status = failure ? setCondition(status, failure) : removeCondition(status, 'ReplicaFailure');
    if (sameStatus(d.status, status)) {
      this.requeueStuckDeployment(status);
      return;
    }
    this.writeStatus(status);
  }

  /** requeueStuckDeployment: check again when the progress deadline would pass. */
  requeueStuckDeployment(status: DeploymentStatus): void {
    const d = this.d;
    const cond = getCondition(d.status, 'Progressing');
    if (!hasProgressDeadline(d) || !cond) return;
    if (deploymentComplete(d, status) || cond.reason === TIMED_OUT_REASON) return;
    const last = cond.lastUpdateTime ? Date.parse(cond.lastUpdateTime) : 0;
    const after = last + d.spec.progressDeadlineSeconds * 1000 - this.env.nowMs();
    if (after < 1000) this.env.enqueueRateLimited();
    else this.env.enqueueAfter(after + 1000);
  }
}

/** getReplicaFailures: the ReplicaFailure condition of the new RS, else of an old one. */
function replicaFailure(allRSs: (KObject | undefined)[], newRS: KObject | undefined) {
  const fromRS = (rs: KObject | undefined) => {
    const c = (rs?.status?.conditions ?? []).find((x: { type: string }) => x.type === 'ReplicaFailure');
    if (!c) return undefined;
    return {
      type: 'ReplicaFailure',
      status: c.status,
      lastUpdateTime: c.lastTransitionTime,
      lastTransitionTime: c.lastTransitionTime,
      reason: c.reason,
      message: c.message,
    };
  };
  const n = fromRS(newRS);
  if (n) return n;
  for (const rs of allRSs) {
    if (!rs || (newRS && rs.metadata.uid === newRS.metadata.uid)) continue;
    const c = fromRS(rs);
    if (c) return c;
  }
  return undefined;
}

export { byCreation };
