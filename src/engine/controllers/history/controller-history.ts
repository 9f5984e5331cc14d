// Controller history (pkg/controller/history/controller_history.go and the DaemonSet / StatefulSet
// controllers' use of it): ControllerRevisions owned by a workload, found through the informer's
// owner-uid index (claimable ones: owner-uid ∪ orphans), ordered by revision, named
// `<owner>-<hash>`, and truncated to revisionHistoryLimit oldest first, never deleting a revision
// that a live pod still runs.
//
// Shared by the DaemonSet controller (which hashes its pod template with ComputeHash, as upstream's
// daemon/update.go does) and the StatefulSet controller (HashControllerRevision over the data).

import type { Selector } from '../../../k8s/labels';
import type { KObject } from '../../../k8s/types';
import type { ApiServer } from '../../api/apiserver';
import { controllerRevisionKind } from '../../api/kinds/controllerrevision';
import { OWNER_UID_INDEX, type Informer } from '../../runtime/informer';
import { claimCandidates } from '../../runtime/lookups';
import { ControllerRefManager, getControllerOf, type ClaimResult, type OwnerKind } from '../controller-ref-manager';
import { canonicalJson, safeEncodeString, utf8Bytes } from '../deployment/pod-template-hash';

/** apps.ControllerRevisionHashLabelKey (= DefaultDaemonSetUniqueLabelKey). */
export const CONTROLLER_REVISION_HASH_LABEL = 'controller-revision-hash';

/** validation.DNS1123SubdomainMaxLength − 31: room left for `-<hash>`. */
const MAX_REVISION_PREFIX = 223;

/** ControllerRevisionName: `<prefix>-<hash>`, the prefix cut to 223 characters. */
export function controllerRevisionName(prefix: string, hash: string): string {
  return `${prefix.length > MAX_REVISION_PREFIX ? prefix.slice(0, MAX_REVISION_PREFIX) : prefix}-${hash}`;
}

const FNV32_OFFSET = 0x811c9dc5;
const FNV32_PRIME = 0x01000193;

/**
 * HashControllerRevision: FNV-1 (not 1a) 32-bit over the revision's data, then the collision
 * count in decimal when set, printed through SafeEncodeString. The data is hashed as canonical
 * JSON (upstream hashes its raw bytes), so a hash is stable per content.
 */
export function hashControllerRevision(data: unknown, collisionCount?: number | null): string {
  let h = FNV32_OFFSET;
  const write = (bytes: number[]) => {
    for (const b of bytes) h = (Math.imul(h, FNV32_PRIME) ^ b) >>> 0;
  };
  write(utf8Bytes(canonicalJson(data)));
  if (collisionCount !== undefined && collisionCount !== null) write(utf8Bytes(String(collisionCount)));
  return safeEncodeString(String(h >>> 0));
}

/** The revisions whose controllerRef is the owner's (uid), from the owner-uid index. */
export function ownedRevisions(revisions: Informer, ownerUid: string): KObject[] {
  return revisions.byIndex(OWNER_UID_INDEX, ownerUid).filter((r) => getControllerOf(r)?.uid === ownerUid);
}

/**
 * ClaimControllerRevisions over the only revisions a claim can change (the owner's and the
 * namespace's orphans): adopts matching orphans, releases own revisions the selector no longer
 * matches.
 */
export function claimRevisions(
  api: ApiServer,
  revisions: Informer,
  owner: KObject,
  ownerKind: OwnerKind,
  selector: Selector,
  canAdopt: () => void,
): ClaimResult {
  const candidates = claimCandidates(revisions, owner.metadata.namespace ?? '', owner.metadata.uid ?? '');
  const manager = new ControllerRefManager({ api, owner, ownerKind, selector, canAdopt });
  return manager.claim(controllerRevisionKind, candidates);
}

function revisionNumber(r: KObject): number {
  return typeof r.revision === 'number' ? r.revision : 0;
}

/** history.Less: by revision, then creationTimestamp, then name. */
export function compareRevisions(a: KObject, b: KObject): number {
  const d = revisionNumber(a) - revisionNumber(b);
  if (d !== 0) return d;
  const ta = a.metadata.creationTimestamp ?? '';
  const tb = b.metadata.creationTimestamp ?? '';
  if (ta !== tb) return ta < tb ? -1 : 1;
  const na = a.metadata.name ?? '';
  const nb = b.metadata.name ?? '';
  return na < nb ? -1 : na > nb ? 1 : 0;
}

/** SortControllerRevisions (a sorted copy). */
export function sortRevisions(revisions: readonly KObject[]): KObject[] {
  return [...revisions].sort(compareRevisions);
}

/** maxRevision: the highest revision number, 0 for none. */
export function maxRevision(revisions: readonly KObject[]): number {
  let max = 0;
  for (const r of revisions) max = Math.max(max, revisionNumber(r));
  return max;
}

/**
 * The revisions a truncation deletes: from the oldest on, skipping the live ones, at most
 * `count` of them (DaemonSet cleanupHistory: count = old revisions − limit; StatefulSet
 * truncateHistory: non-live revisions − limit).
 */
export function revisionsToTruncate(revisions: readonly KObject[], isLive: (r: KObject) => boolean, count: number): KObject[] {
  const out: KObject[] = [];
  if (count <= 0) return out;
  for (const r of sortRevisions(revisions)) {
    if (out.length >= count) break;
    if (isLive(r)) continue;
    out.push(r);
  }
  return out;
}

/** getPatch of the DaemonSet and StatefulSet controllers: the revision data, a patch that replaces spec.template. */
export function templateRevisionData(owner: KObject): Record<string, unknown> {
  return { spec: { template: { ...(owner.spec?.template ?? {}), $patch: 'replace' } } };
}
