// Deployment helpers (pkg/controller/deployment/util/deployment_util.go and the ReplicaSet sorts
// of pkg/controller/controller_utils.go): fenceposts, revisions, annotations, replica counts,
// conditions and the completeness / progress / timeout predicates. Pure functions over plain
// objects; nothing here talks to the API.

import type { KObject } from '../../../k8s/types';
import { semanticEqual } from '../../api/validation/util';

export const REVISION_ANNOTATION = 'deployment.kubernetes.io/revision';
export const REVISION_HISTORY_ANNOTATION = 'deployment.kubernetes.io/revision-history';
export const DESIRED_REPLICAS_ANNOTATION = 'deployment.kubernetes.io/desired-replicas';
export const MAX_REPLICAS_ANNOTATION = 'deployment.kubernetes.io/max-replicas';
export const DEPRECATED_ROLLBACK_TO = 'deprecated.deployment.rollback.to';
export const LAST_APPLIED_CONFIG_ANNOTATION = 'kubectl.kubernetes.io/last-applied-configuration';
export const CHANGE_CAUSE_ANNOTATION = 'kubernetes.io/change-cause';
/** apps.DefaultDeploymentUniqueLabelKey. */
export const POD_TEMPLATE_HASH_LABEL = 'pod-template-hash';
/** maxRevHistoryLengthInChars. */
export const MAX_REV_HISTORY_LENGTH_IN_CHARS = 2000;
export const MAX_INT32 = 2147483647;

// Condition reasons (deployment_util.go).
export const FOUND_NEW_RS_REASON = 'FoundNewReplicaSet';
export const NEW_RS_REASON = 'NewReplicaSetCreated';
export const NEW_RS_AVAILABLE_REASON = 'NewReplicaSetAvailable';
export const TIMED_OUT_REASON = 'ProgressDeadlineExceeded';
export const PAUSED_DEPLOY_REASON = 'DeploymentPaused';
export const RESUMED_DEPLOY_REASON = 'DeploymentResumed';
export const RS_UPDATED_REASON = 'ReplicaSetUpdated';
export const FAILED_RS_CREATE_REASON = 'ReplicaSetCreateError';
export const MINIMUM_REPLICAS_AVAILABLE = 'MinimumReplicasAvailable';
export const MINIMUM_REPLICAS_UNAVAILABLE = 'MinimumReplicasUnavailable';

const SKIPPED_ANNOTATIONS = new Set([
  LAST_APPLIED_CONFIG_ANNOTATION,
  REVISION_ANNOTATION,
  REVISION_HISTORY_ANNOTATION,
  DESIRED_REPLICAS_ANNOTATION,
  MAX_REPLICAS_ANNOTATION,
  DEPRECATED_ROLLBACK_TO,
]);

/** skipCopyAnnotation: annotations the Deployment never copies to its ReplicaSets. */
export function skipCopyAnnotation(key: string): boolean {
  return SKIPPED_ANNOTATIONS.has(key);
}

export interface DeploymentCondition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  lastUpdateTime?: string;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

export interface DeploymentStatus {
  observedGeneration?: number;
  replicas?: number;
  updatedReplicas?: number;
  readyReplicas?: number;
  availableReplicas?: number;
  unavailableReplicas?: number;
  terminatingReplicas?: number;
  conditions?: DeploymentCondition[];
  collisionCount?: number;
}

// ---- int-or-percent, fenceposts --------------------------------------------------------------

/** intstr.GetScaledValueFromIntOrPercent. */
export function scaledValue(v: unknown, total: number, roundUp: boolean): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string') {
    const m = /^(-?[0-9]+)%$/.exec(v);
    if (!m) throw new Error(`invalid value for IntOrString: invalid value "${v}": string is not a percentage`);
    const raw = (Number(m[1]) * total) / 100;
    return roundUp ? Math.ceil(raw) : Math.floor(raw);
  }
  return 0;
}

export function replicasOf(obj: KObject | undefined): number {
  const r = obj?.spec?.replicas;
  return typeof r === 'number' ? r : 0;
}

export function isRollingUpdate(d: KObject): boolean {
  return d.spec?.strategy?.type === 'RollingUpdate';
}

/** ResolveFenceposts: surge rounds up, unavailable down; both 0 → unavailable 1. */
export function resolveFenceposts(
  maxSurge: unknown,
  maxUnavailable: unknown,
  desired: number,
): { surge: number; unavailable: number } {
  const surge = scaledValue(maxSurge ?? 0, desired, true);
  let unavailable = scaledValue(maxUnavailable ?? 0, desired, false);
  if (surge === 0 && unavailable === 0) unavailable = 1;
  return { surge, unavailable };
}

/** MaxUnavailable: 0 for Recreate or 0 replicas, clamped to replicas. */
export function maxUnavailable(d: KObject): number {
  const replicas = replicasOf(d);
  if (!isRollingUpdate(d) || replicas === 0) return 0;
  const ru = d.spec.strategy.rollingUpdate ?? {};
  const { unavailable } = resolveFenceposts(ru.maxSurge, ru.maxUnavailable, replicas);
  return Math.min(unavailable, replicas);
}

/** MinAvailable. */
export function minAvailable(d: KObject): number {
  return isRollingUpdate(d) ? replicasOf(d) - maxUnavailable(d) : 0;
}

/** MaxSurge: 0 for Recreate. */
export function maxSurge(d: KObject): number {
  if (!isRollingUpdate(d)) return 0;
  const ru = d.spec.strategy.rollingUpdate ?? {};
  return resolveFenceposts(ru.maxSurge, ru.maxUnavailable, replicasOf(d)).surge;
}

// ---- ReplicaSet lists --------------------------------------------------------------------------

function creationMs(o: KObject): number {
  const t = o.metadata.creationTimestamp;
  return t ? Date.parse(t) : 0;
}

/** ReplicaSetsByCreationTimestamp: oldest first, ties by name. */
export function byCreation(a: KObject, b: KObject): number {
  const d = creationMs(a) - creationMs(b);
  if (d !== 0) return d;
  const an = a.metadata.name ?? '';
  const bn = b.metadata.name ?? '';
  return an < bn ? -1 : an > bn ? 1 : 0;
}

/** ReplicaSetsBySizeOlder: larger first, ties older first. */
export function bySizeOlder(a: KObject, b: KObject): number {
  const d = replicasOf(b) - replicasOf(a);
  return d !== 0 ? d : byCreation(a, b);
}

/** ReplicaSetsBySizeNewer: larger first, ties newer first. */
export function bySizeNewer(a: KObject, b: KObject): number {
  const d = replicasOf(b) - replicasOf(a);
  return d !== 0 ? d : byCreation(b, a);
}

/** ReplicaSetsByRevision: lower revision first, ties (and unparsable) by creation. */
export function byRevision(a: KObject, b: KObject): number {
  const ra = revisionOrZero(a);
  const rb = revisionOrZero(b);
  return ra === rb ? byCreation(a, b) : ra - rb;
}

/** FilterActiveReplicaSets: spec.replicas > 0. */
export function filterActive(rss: readonly (KObject | undefined)[]): KObject[] {
  return rss.filter((rs): rs is KObject => !!rs && replicasOf(rs) > 0);
}

const num = (v: unknown): number => (typeof v === 'number' ? v : 0);

/** GetReplicaCountForReplicaSets: Σ spec.replicas. */
export function specReplicaCount(rss: readonly (KObject | undefined)[]): number {
  return rss.reduce((n, rs) => n + (rs ? replicasOf(rs) : 0), 0);
}

/** GetActualReplicaCountForReplicaSets: Σ status.replicas. */
export function actualReplicaCount(rss: readonly (KObject | undefined)[]): number {
  return rss.reduce((n, rs) => n + (rs ? num(rs.status?.replicas) : 0), 0);
}

export function readyReplicaCount(rss: readonly (KObject | undefined)[]): number {
  return rss.reduce((n, rs) => n + (rs ? num(rs.status?.readyReplicas) : 0), 0);
}

export function availableReplicaCount(rss: readonly (KObject | undefined)[]): number {
  return rss.reduce((n, rs) => n + (rs ? num(rs.status?.availableReplicas) : 0), 0);
}

// ---- templates -----------------------------------------------------------------------------------

function withoutHashLabel(template: any): any {
  const t = template ?? {};
  const labels = { ...(t.metadata?.labels ?? {}) };
  delete labels[POD_TEMPLATE_HASH_LABEL];
  return { ...t, metadata: { ...(t.metadata ?? {}), labels } };
}

/** EqualIgnoreHash: the templates are semantically equal once pod-template-hash is dropped. */
export function equalIgnoreHash(a: unknown, b: unknown): boolean {
  // Every Deployment sync compares its template with each ReplicaSet's: stored (frozen) templates
  // are compared once per pair.
  if (!isFrozenObject(a) || !isFrozenObject(b)) return semanticEqual(withoutHashLabel(a), withoutHashLabel(b));
  let verdicts = equalIgnoreHashVerdicts.get(a);
  if (!verdicts) equalIgnoreHashVerdicts.set(a, (verdicts = new WeakMap()));
  let verdict = verdicts.get(b);
  if (verdict === undefined) verdicts.set(b, (verdict = semanticEqual(withoutHashLabel(a), withoutHashLabel(b))));
  return verdict;
}

const equalIgnoreHashVerdicts = new WeakMap<object, WeakMap<object, boolean>>();

function isFrozenObject(v: unknown): v is object {
  return typeof v === 'object' && v !== null && Object.isFrozen(v);
}

/** FindNewReplicaSet: the oldest RS whose template equals the Deployment's. */
export function findNewReplicaSet(d: KObject, rss: readonly KObject[]): KObject | undefined {
  return [...rss].sort(byCreation).find((rs) => equalIgnoreHash(rs.spec?.template, d.spec?.template));
}

/** FindOldReplicaSets: every RS but the new one (and those of them with spec.replicas ≠ 0). */
export function findOldReplicaSets(d: KObject, rss: readonly KObject[]): { required: KObject[]; all: KObject[] } {
  const newRS = findNewReplicaSet(d, rss);
  const all = rss.filter((rs) => !newRS || rs.metadata.uid !== newRS.metadata.uid);
  return { required: all.filter((rs) => replicasOf(rs) !== 0), all };
}

// ---- revisions and annotations ---------------------------------------------------------------------

/** Revision: the revision annotation as an integer (0 when absent, NaN when unparsable). */
export function revision(obj: KObject | undefined): number {
  const v = obj?.metadata.annotations?.[REVISION_ANNOTATION];
  if (v === undefined) return 0;
  return /^[+-]?\d+$/.test(v) ? Number(v) : NaN;
}

function revisionOrZero(obj: KObject): number {
  const r = revision(obj);
  return Number.isNaN(r) ? 0 : r;
}

/** MaxRevision: the highest revision (unparsable ones ignored). */
export function maxRevision(rss: readonly KObject[]): number {
  let max = 0;
  for (const rs of rss) {
    const r = revision(rs);
    if (!Number.isNaN(r) && r > max) max = r;
  }
  return max;
}

/** LastRevision: the second highest revision. */
export function lastRevision(rss: readonly KObject[]): number {
  let max = 0;
  let second = 0;
  for (const rs of rss) {
    const r = revision(rs);
    if (Number.isNaN(r)) continue;
    if (r >= max) {
      second = max;
      max = r;
    } else if (r > second) {
      second = r;
    }
  }
  return second;
}

/** ReplicasAnnotationsNeedUpdate. */
export function replicasAnnotationsNeedUpdate(rs: KObject, desired: number, max: number): boolean {
  const a = rs.metadata.annotations ?? {};
  return a[DESIRED_REPLICAS_ANNOTATION] !== String(desired) || a[MAX_REPLICAS_ANNOTATION] !== String(max);
}

/** SetReplicasAnnotations on a copy: the RS with both replica annotations set. */
export function withReplicasAnnotations(rs: KObject, desired: number, max: number): KObject {
  return {
    ...rs,
    metadata: {
      ...rs.metadata,
      annotations: {
        ...(rs.metadata.annotations ?? {}),
        [DESIRED_REPLICAS_ANNOTATION]: String(desired),
        [MAX_REPLICAS_ANNOTATION]: String(max),
      },
    },
  };
}

/** getIntFromAnnotation. */
function intAnnotation(rs: KObject, key: string): number | undefined {
  const v = rs.metadata.annotations?.[key];
  if (v === undefined || !/^[+-]?\d+$/.test(v)) return undefined;
  return Number(v);
}

export function desiredReplicasAnnotation(rs: KObject): number | undefined {
  return intAnnotation(rs, DESIRED_REPLICAS_ANNOTATION);
}

export function maxReplicasAnnotation(rs: KObject): number | undefined {
  return intAnnotation(rs, MAX_REPLICAS_ANNOTATION);
}

/**
 * SetNewReplicaSetAnnotations: copies the Deployment's annotations (but the skipped ones), raises
 * the revision when it is lower than `newRevision` (remembering the old one in revision-history),
 * and — for an RS about to be created — sets the replica annotations. Returns the RS (a copy when
 * anything changed) and whether it changed.
 */
export function setNewReplicaSetAnnotations(
  d: KObject,
  rs: KObject,
  newRevision: number,
  exists: boolean,
  revHistoryLimitInChars = MAX_REV_HISTORY_LENGTH_IN_CHARS,
): { rs: KObject; changed: boolean } {
  const annotations: Record<string, string> = { ...(rs.metadata.annotations ?? {}) };
  let changed = false;
  for (const [k, v] of Object.entries(d.metadata.annotations ?? {})) {
    if (skipCopyAnnotation(k) || annotations[k] === v) continue;
    annotations[k] = v;
    changed = true;
  }
  const hadRevision = REVISION_ANNOTATION in annotations;
  const oldRevision = annotations[REVISION_ANNOTATION] ?? '';
  let oldRevisionInt = 0;
  if (oldRevision !== '') {
    if (!/^[+-]?\d+$/.test(oldRevision)) return { rs, changed: false };
    oldRevisionInt = Number(oldRevision);
  }
  if (oldRevisionInt < newRevision) {
    annotations[REVISION_ANNOTATION] = String(newRevision);
    changed = true;
  }
  if (hadRevision && oldRevisionInt < newRevision) {
    const history = annotations[REVISION_HISTORY_ANNOTATION] ?? '';
    let old = history.split(',');
    if (old[0].length === 0) {
      annotations[REVISION_HISTORY_ANNOTATION] = oldRevision;
    } else {
      let totalLen = history.length + oldRevision.length + 1;
      let start = 0;
      while (totalLen > revHistoryLimitInChars && start < old.length) {
        totalLen = totalLen - old[start].length - 1;
        start++;
      }
      if (totalLen <= revHistoryLimitInChars) {
        old = [...old.slice(start), oldRevision];
        annotations[REVISION_HISTORY_ANNOTATION] = old.join(',');
      }
    }
  }
  let out: KObject = changed ? { ...rs, metadata: { ...rs.metadata, annotations } } : rs;
  if (!exists) {
    const replicas = replicasOf(d);
    const max = replicas + maxSurge(d);
    if (replicasAnnotationsNeedUpdate(out, replicas, max)) {
      out = withReplicasAnnotations(out, replicas, max);
      changed = true;
    }
  }
  return { rs: out, changed };
}

// ---- proportions -------------------------------------------------------------------------------

/** integer.RoundToInt32: math.Round, half away from zero. */
export function roundHalfAwayFromZero(x: number): number {
  return x < 0 ? -Math.round(-x) : Math.round(x);
}

/** getReplicaSetFraction. */
export function replicaSetFraction(rs: KObject, d: KObject): number {
  if (replicasOf(d) === 0) return -replicasOf(rs);
  const deploymentMaxReplicas = replicasOf(d) + maxSurge(d);
  let before = maxReplicasAnnotation(rs);
  if (before === undefined || before === 0) before = num(d.status?.replicas);
  const newSize = (replicasOf(rs) * deploymentMaxReplicas) / before;
  return roundHalfAwayFromZero(newSize) - replicasOf(rs);
}

/** GetReplicaSetProportion. */
export function replicaSetProportion(rs: KObject | undefined, d: KObject, toAdd: number, added: number): number {
  if (!rs || replicasOf(rs) === 0 || toAdd === 0 || toAdd === added) return 0;
  const fraction = replicaSetFraction(rs, d);
  const allowed = toAdd - added;
  return toAdd > 0 ? Math.min(fraction, allowed) : Math.max(fraction, allowed);
}

/** FindActiveOrLatest: the one active RS, or the newest when none is active; else undefined. */
export function findActiveOrLatest(newRS: KObject | undefined, oldRSs: readonly KObject[]): KObject | undefined {
  if (!newRS && oldRSs.length === 0) return undefined;
  const sortedOld = [...oldRSs].sort((a, b) => byCreation(b, a));
  const active = filterActive([...sortedOld, newRS]);
  if (active.length === 0) return newRS ?? sortedOld[0];
  if (active.length === 1) return active[0];
  return undefined;
}

/** IsSaturated: the new RS runs exactly the Deployment's replicas, all available. */
export function isSaturated(d: KObject, rs: KObject | undefined): boolean {
  if (!rs) return false;
  const desired = desiredReplicasAnnotation(rs);
  if (desired === undefined) return false;
  return replicasOf(rs) === replicasOf(d) && desired === replicasOf(d) && num(rs.status?.availableReplicas) === replicasOf(d);
}

/** NewRSNewReplicas: how many replicas the new RS may have now. */
export function newRSNewReplicas(d: KObject, allRSs: readonly (KObject | undefined)[], newRS: KObject): number {
  if (d.spec?.strategy?.type === 'Recreate') return replicasOf(d);
  const surge = scaledValue(d.spec?.strategy?.rollingUpdate?.maxSurge ?? 0, replicasOf(d), true);
  const current = specReplicaCount(allRSs);
  const maxTotal = replicasOf(d) + surge;
  if (current >= maxTotal) return replicasOf(newRS);
  const scaleUp = Math.min(maxTotal - current, replicasOf(d) - replicasOf(newRS));
  return replicasOf(newRS) + scaleUp;
}

// ---- status predicates ---------------------------------------------------------------------------

export function hasProgressDeadline(d: KObject): boolean {
  const p = d.spec?.progressDeadlineSeconds;
  return typeof p === 'number' && p !== MAX_INT32;
}

export function hasRevisionHistoryLimit(d: KObject): boolean {
  const l = d.spec?.revisionHistoryLimit;
  return typeof l === 'number' && l !== MAX_INT32;
}

/** DeploymentComplete. */
export function deploymentComplete(d: KObject, s: DeploymentStatus): boolean {
  const replicas = replicasOf(d);
  return (
    num(s.updatedReplicas) === replicas &&
    num(s.replicas) === replicas &&
    num(s.availableReplicas) === replicas &&
    num(s.observedGeneration) >= num(d.metadata.generation)
  );
}

/** DeploymentProgressing: new status shows progress over the stored one. */
export function deploymentProgressing(d: KObject, s: DeploymentStatus): boolean {
  const old: DeploymentStatus = d.status ?? {};
  const oldOld = num(old.replicas) - num(old.updatedReplicas);
  const newOld = num(s.replicas) - num(s.updatedReplicas);
  return (
    num(s.updatedReplicas) > num(old.updatedReplicas) ||
    newOld < oldOld ||
    num(s.readyReplicas) > num(old.readyReplicas) ||
    num(s.availableReplicas) > num(old.availableReplicas)
  );
}

/** DeploymentTimedOut: no progress for progressDeadlineSeconds since the condition's lastUpdateTime. */
export function deploymentTimedOut(d: KObject, s: DeploymentStatus, nowMs: number): boolean {
  if (!hasProgressDeadline(d)) return false;
  const c = getCondition(s, 'Progressing');
  if (!c) return false;
  if (c.reason === NEW_RS_AVAILABLE_REASON) return false;
  if (c.reason === TIMED_OUT_REASON) return true;
  const from = c.lastUpdateTime ? Date.parse(c.lastUpdateTime) : 0;
  return from + d.spec.progressDeadlineSeconds * 1000 < nowMs;
}

// ---- conditions ----------------------------------------------------------------------------------

export function getCondition(s: DeploymentStatus | undefined, type: string): DeploymentCondition | undefined {
  return s?.conditions?.find((c) => c.type === type);
}

export function newCondition(
  type: string,
  status: DeploymentCondition['status'],
  reason: string,
  message: string,
  now: string,
): DeploymentCondition {
  return { type, status, lastUpdateTime: now, lastTransitionTime: now, reason, message };
}

/** SetDeploymentCondition: a no-op for the same status and reason; the changed one goes last. */
export function setCondition(s: DeploymentStatus, c: DeploymentCondition): DeploymentStatus {
  const current = getCondition(s, c.type);
  if (current && current.status === c.status && current.reason === c.reason) return s;
  const next = current && current.status === c.status ? { ...c, lastTransitionTime: current.lastTransitionTime } : c;
  return { ...s, conditions: [...(s.conditions ?? []).filter((x) => x.type !== c.type), next] };
}

/** RemoveDeploymentCondition. */
export function removeCondition(s: DeploymentStatus, type: string): DeploymentStatus {
  if (!getCondition(s, type)) return s;
  return { ...s, conditions: (s.conditions ?? []).filter((x) => x.type !== type) };
}
