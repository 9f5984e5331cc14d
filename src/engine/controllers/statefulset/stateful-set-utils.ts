// The StatefulSet controller's pure helpers (pkg/controller/statefulset/stateful_set_utils.go):
// ordinals and names, a pod's identity and storage, the claims of a pod, the claim owner
// references each retention policy wants, the versioned pod of an ordinal, and the status counts.

import type { KObject, OwnerReference } from '../../../k8s/types';
import { isPodAvailable, isPodReady } from '../active-pods';
import { newControllerRef, type OwnerKind } from '../controller-ref-manager';
import { CONTROLLER_REVISION_HASH_LABEL } from '../history/controller-history';
import { podFromTemplate, type PodTemplateSpec } from '../pod-control';

/** apps.StatefulSetPodNameLabel. */
export const STATEFULSET_POD_NAME_LABEL = 'statefulset.kubernetes.io/pod-name';
/** apps.PodIndexLabel (PodIndexLabel gate, on since 1.28). */
export const POD_INDEX_LABEL = 'apps.kubernetes.io/pod-index';

export const STATEFULSET_OWNER_KIND: OwnerKind = { apiVersion: 'apps/v1', kind: 'StatefulSet' };

const ORDINAL_RE = /^(.*)-([0-9]+)$/;

/** getParentNameAndOrdinal: `web-2` → ["web", 2]; ordinal −1 when the name has no ordinal. */
export function parentNameAndOrdinal(pod: KObject): { parent: string; ordinal: number } {
  const m = ORDINAL_RE.exec(pod.metadata.name ?? '');
  if (!m) return { parent: '', ordinal: -1 };
  const n = Number(m[2]);
  // strconv.ParseInt(…, 10, 32) fails past int32.
  return n > 2147483647 ? { parent: m[1], ordinal: -1 } : { parent: m[1], ordinal: n };
}

export function ordinalOf(pod: KObject): number {
  return parentNameAndOrdinal(pod).ordinal;
}

export function isMemberOf(set: KObject, pod: KObject): boolean {
  return parentNameAndOrdinal(pod).parent === set.metadata.name;
}

export function startOrdinal(set: KObject): number {
  const start = set.spec?.ordinals?.start;
  return typeof start === 'number' ? start : 0;
}

export function replicasOf(set: KObject): number {
  return typeof set.spec?.replicas === 'number' ? set.spec.replicas : 1;
}

/** getEndOrdinal: the last ordinal in range (start − 1 for zero replicas). */
export function endOrdinal(set: KObject): number {
  return startOrdinal(set) + replicasOf(set) - 1;
}

export function podInOrdinalRange(pod: KObject, set: KObject): boolean {
  const ord = ordinalOf(pod);
  return ord >= startOrdinal(set) && ord <= endOrdinal(set);
}

export function podName(set: KObject, ordinal: number): string {
  return `${set.metadata.name ?? ''}-${ordinal}`;
}

export function claimName(set: KObject, template: KObject, ordinal: number): string {
  return `${template.metadata?.name ?? ''}-${set.metadata.name ?? ''}-${ordinal}`;
}

function claimTemplates(set: KObject): KObject[] {
  return Array.isArray(set.spec?.volumeClaimTemplates) ? (set.spec.volumeClaimTemplates as KObject[]) : [];
}

/**
 * getPersistentVolumeClaims: the claims of the pod's ordinal, in template order (upstream keeps a
 * map), each labelled with the template's labels plus the selector's matchLabels.
 */
export function podClaims(set: KObject, pod: KObject): { templateName: string; claim: KObject }[] {
  const ordinal = ordinalOf(pod);
  const matchLabels: Record<string, string> = set.spec?.selector?.matchLabels ?? {};
  return claimTemplates(set).map((template) => {
    const meta = template.metadata ?? {};
    const labels = { ...(meta.labels ?? {}), ...matchLabels };
    const metadata: KObject['metadata'] = { ...meta, name: claimName(set, template, ordinal), namespace: set.metadata.namespace };
    if (Object.keys(labels).length > 0) metadata.labels = labels;
    else delete metadata.labels;
    const claim: KObject = { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata, spec: template.spec };
    return { templateName: meta.name ?? '', claim };
  });
}

/** identityMatches: name, namespace and the pod-name / pod-index labels fit the ordinal. */
export function identityMatches(set: KObject, pod: KObject): boolean {
  const { parent, ordinal } = parentNameAndOrdinal(pod);
  const labels = pod.metadata.labels ?? {};
  return (
    ordinal >= 0 &&
    set.metadata.name === parent &&
    pod.metadata.name === podName(set, ordinal) &&
    pod.metadata.namespace === set.metadata.namespace &&
    labels[STATEFULSET_POD_NAME_LABEL] === pod.metadata.name &&
    labels[POD_INDEX_LABEL] === String(ordinal)
  );
}

/** storageMatches: every claim template has a same-named volume on the pod's own claim. */
export function storageMatches(set: KObject, pod: KObject): boolean {
  const ordinal = ordinalOf(pod);
  if (ordinal < 0) return false;
  const volumes = new Map<string, Record<string, unknown>>();
  for (const v of (pod.spec?.volumes ?? []) as Record<string, unknown>[]) volumes.set(String(v.name), v);
  for (const template of claimTemplates(set)) {
    const v = volumes.get(template.metadata?.name ?? '');
    const pvc = v?.persistentVolumeClaim as { claimName?: string } | undefined;
    if (!pvc || pvc.claimName !== claimName(set, template, ordinal)) return false;
  }
  return true;
}

/** updateIdentity on a pod object (labels only: name and namespace are the pod's own). */
export function withIdentity(set: KObject, pod: KObject): KObject {
  const ordinal = ordinalOf(pod);
  const name = podName(set, ordinal);
  const labels = { ...(pod.metadata.labels ?? {}), [STATEFULSET_POD_NAME_LABEL]: name, [POD_INDEX_LABEL]: String(ordinal) };
  return { ...pod, metadata: { ...pod.metadata, name, namespace: set.metadata.namespace, labels } };
}

/** updateStorage: the claim volumes first, then the pod's other volumes (same-named ones replaced). */
export function withStorage(set: KObject, pod: KObject): KObject {
  const claims = podClaims(set, pod);
  if (claims.length === 0) return pod;
  const names = new Set(claims.map((c) => c.templateName));
  const volumes: unknown[] = claims.map((c) => ({
    name: c.templateName,
    persistentVolumeClaim: { claimName: c.claim.metadata.name },
  }));
  for (const v of (pod.spec?.volumes ?? []) as Record<string, unknown>[]) if (!names.has(String(v.name))) volumes.push(v);
  return { ...pod, spec: { ...pod.spec, volumes } };
}

/** ApplyRevision: the set with the pod template stored in `revision`. */
export function applyRevision(set: KObject, revision: KObject): KObject {
  const template = { ...((revision.data as { spec?: { template?: Record<string, unknown> } })?.spec?.template ?? {}) };
  delete template.$patch;
  return { ...set, spec: { ...set.spec, template } };
}

/** newStatefulSetPod: the pod of `ordinal` (named, with identity, hostname, subdomain and storage). */
export function newStatefulSetPod(set: KObject, ordinal: number): KObject {
  const template = (set.spec?.template ?? {}) as PodTemplateSpec;
  const pod = podFromTemplate(template, set, newControllerRef(set, STATEFULSET_OWNER_KIND));
  delete pod.metadata.generateName;
  pod.metadata.name = podName(set, ordinal);
  pod.metadata.namespace = set.metadata.namespace;
  const spec: Record<string, unknown> = { ...(template.spec ?? {}), hostname: pod.metadata.name };
  if (set.spec?.serviceName) spec.subdomain = set.spec.serviceName;
  return withStorage(set, withIdentity(set, { ...pod, spec }));
}

function withRevision(pod: KObject, revision: string): KObject {
  return {
    ...pod,
    metadata: { ...pod.metadata, labels: { ...pod.metadata.labels, [CONTROLLER_REVISION_HASH_LABEL]: revision } },
  };
}

/**
 * newVersionedStatefulSetPod: below the partition (RollingUpdate) the current revision, else the
 * update revision (OnDelete always creates the update revision).
 */
export function newVersionedPod(
  currentSet: KObject,
  updateSet: KObject,
  currentRevision: string,
  updateRevision: string,
  ordinal: number,
): KObject {
  const strategy = currentSet.spec?.updateStrategy ?? {};
  const ru = strategy.rollingUpdate;
  const currentReplicas: number = currentSet.status?.currentReplicas ?? 0;
  const belowPartition =
    (strategy.type === 'RollingUpdate' && !ru && ordinal < currentReplicas) ||
    (!!ru && ordinal < startOrdinal(currentSet) + (ru.partition ?? 0));
  if (belowPartition) return withRevision(newStatefulSetPod(currentSet, ordinal), currentRevision);
  return withRevision(newStatefulSetPod(updateSet, ordinal), updateRevision);
}

export function podRevision(pod: KObject): string {
  return pod.metadata.labels?.[CONTROLLER_REVISION_HASH_LABEL] ?? '';
}

/** isCreated: the API server gave it a phase (planned pods have none). */
export function isCreated(pod: KObject): boolean {
  return !!pod.status?.phase;
}

export function isFailed(pod: KObject): boolean {
  return pod.status?.phase === 'Failed';
}

export function isSucceeded(pod: KObject): boolean {
  return pod.status?.phase === 'Succeeded';
}

export function isPending(pod: KObject): boolean {
  return pod.status?.phase === 'Pending';
}

export function isTerminating(pod: KObject): boolean {
  return !!pod.metadata.deletionTimestamp;
}

export function isRunningAndReady(pod: KObject): boolean {
  return pod.status?.phase === 'Running' && isPodReady(pod);
}

export function isRunningAndAvailable(pod: KObject, minReadySeconds: number, nowUnixMs: number): boolean {
  return pod.status?.phase === 'Running' && isPodAvailable(pod, minReadySeconds, nowUnixMs);
}

/** isUnavailable: not Running and available, or terminating. */
export function isUnavailable(pod: KObject, minReadySeconds: number, nowUnixMs: number): boolean {
  return !isRunningAndAvailable(pod, minReadySeconds, nowUnixMs) || isTerminating(pod);
}

export interface StatusCounts {
  replicas: number;
  readyReplicas: number;
  availableReplicas: number;
  currentReplicas: number;
  updatedReplicas: number;
}

/** updateStatus / computeReplicaStatus over the given pod lists. */
export function countReplicas(
  minReadySeconds: number,
  nowUnixMs: number,
  currentRevision: string,
  updateRevision: string,
  ...lists: readonly KObject[][]
): StatusCounts {
  const s: StatusCounts = { replicas: 0, readyReplicas: 0, availableReplicas: 0, currentReplicas: 0, updatedReplicas: 0 };
  for (const list of lists) {
    for (const pod of list) {
      if (isCreated(pod)) s.replicas++;
      if (isRunningAndReady(pod)) {
        s.readyReplicas++;
        if (isRunningAndAvailable(pod, minReadySeconds, nowUnixMs)) s.availableReplicas++;
      }
      if (isCreated(pod) && !isTerminating(pod)) {
        const revision = podRevision(pod);
        if (revision === currentRevision) s.currentReplicas++;
        if (revision === updateRevision) s.updatedReplicas++;
      }
    }
  }
  return s;
}

// ---- claim retention (StatefulSetAutoDeletePVC, GA 1.32) ------------------------------------------

export type RetentionPolicy = { whenDeleted: string; whenScaled: string };

export function retentionPolicy(set: KObject): RetentionPolicy {
  const p = set.spec?.persistentVolumeClaimRetentionPolicy ?? {};
  return { whenDeleted: p.whenDeleted ?? 'Retain', whenScaled: p.whenScaled ?? 'Retain' };
}

function hasOwnerRef(target: KObject, owner: KObject): boolean {
  const uid = owner.metadata.uid;
  return !!uid && (target.metadata.ownerReferences ?? []).some((r) => r.uid === uid);
}

/** hasStaleOwnerRef: a reference to an owner of that kind and name but another uid. */
export function hasStaleOwnerRef(target: KObject, owner: KObject, kind: string): boolean {
  return (target.metadata.ownerReferences ?? []).some(
    (r) => r.kind === kind && r.name === owner.metadata.name && r.uid !== owner.metadata.uid,
  );
}

/** claimOwnerMatchesSetAndPod: the claim carries exactly the references its policy wants. */
export function claimOwnerMatchesSetAndPod(claim: KObject, set: KObject, pod: KObject): boolean {
  const { whenDeleted, whenScaled } = retentionPolicy(set);
  const setRef = hasOwnerRef(claim, set);
  const podRef = hasOwnerRef(claim, pod);
  const scaledDown = !podInOrdinalRange(pod, set);
  if (whenScaled === 'Retain' && whenDeleted === 'Retain') return !setRef && !podRef;
  if (whenScaled === 'Retain' && whenDeleted === 'Delete') return setRef && !podRef;
  if (whenScaled === 'Delete' && whenDeleted === 'Retain') return !setRef && scaledDown === podRef;
  return scaledDown !== setRef && scaledDown === podRef;
}

function plainRef(owner: KObject, apiVersion: string, kind: string): OwnerReference {
  return { apiVersion, kind, name: owner.metadata.name ?? '', uid: owner.metadata.uid ?? '' };
}

/**
 * updateClaimOwnerRefForSetAndPod: the claim's owner references as its policy wants them (plain,
 * non-controller references; the garbage collector then deletes the claim with its owner), or
 * undefined when they already are.
 */
export function claimOwnerRefsForPolicy(claim: KObject, set: KObject, pod: KObject): OwnerReference[] | undefined {
  const { whenDeleted, whenScaled } = retentionPolicy(set);
  let refs = [...(claim.metadata.ownerReferences ?? [])];
  let changed = false;
  const remove = (owner: KObject) => {
    const uid = owner.metadata.uid;
    if (!uid || !refs.some((r) => r.uid === uid)) return;
    refs = refs.filter((r) => r.uid !== uid);
    changed = true;
  };
  const add = (owner: KObject, apiVersion: string, kind: string) => {
    if (!owner.metadata.uid || hasOwnerRef({ ...claim, metadata: { ...claim.metadata, ownerReferences: refs } }, owner)) return;
    refs.push(plainRef(owner, apiVersion, kind));
    changed = true;
  };
  const scaledDown = !podInOrdinalRange(pod, set);
  if (whenScaled === 'Retain' && whenDeleted === 'Retain') {
    remove(set);
    remove(pod);
  } else if (whenScaled === 'Retain' && whenDeleted === 'Delete') {
    add(set, 'apps/v1', 'StatefulSet');
    remove(pod);
  } else if (whenScaled === 'Delete' && whenDeleted === 'Retain') {
    remove(set);
    if (scaledDown) add(pod, 'v1', 'Pod');
    else remove(pod);
  } else if (scaledDown) {
    remove(set);
    add(pod, 'v1', 'Pod');
  } else {
    add(set, 'apps/v1', 'StatefulSet');
    remove(pod);
  }
  return changed ? refs : undefined;
}
