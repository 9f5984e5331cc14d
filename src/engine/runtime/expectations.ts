// Controller expectations (pkg/controller/controller_utils.go): what a controller remembers about
// the creates and deletes it has asked for and not yet seen come back through its informer, so a
// sync that runs before the informer caught up does not create or delete the same pods twice.
//
// ControllerExpectations keeps per controller key a record {add, del, timestamp}. ExpectCreations /
// ExpectDeletions overwrite the record (timestamp = now); informer events lower the counts
// (CreationObserved / DeletionObserved); a record is satisfied when both counts are ≤ 0, or when it
// is older than ExpectationsTimeout (5 min: a watch event that never comes must not wedge the
// controller). No record at all also counts as satisfied (a new controller).
//
// UIDTrackingControllerExpectations additionally remembers WHICH pods (by `namespace/name` key) a
// controller deleted, so a deletion is counted once even though it is seen twice (the update that
// sets deletionTimestamp, then the delete).
//
// Shared by the ReplicaSet, Deployment, StatefulSet, DaemonSet and Job controllers.

import type { Clock } from '../clock/clock';

/** ExpectationsTimeout: an unfulfilled record older than this counts as satisfied. */
export const EXPECTATIONS_TIMEOUT_MS = 5 * 60 * 1000;

/** ControlleeExpectations: the outstanding adds and deletes of one controller. */
export interface ControlleeExpectations {
  add: number;
  del: number;
  /** Virtual time (ms) the record was last set. */
  timestamp: number;
}

/** ControllerExpectations: per controller key, the creates/deletes it still waits to observe. */
export class ControllerExpectations {
  private readonly records = new Map<string, ControlleeExpectations>();

  constructor(private readonly clock: Clock) {}

  /** GetExpectations: the record of `key`, if any (a copy). */
  getExpectations(key: string): ControlleeExpectations | undefined {
    const r = this.records.get(key);
    return r ? { ...r } : undefined;
  }

  /** DeleteExpectations: forget `key` (its controller was deleted). */
  deleteExpectations(key: string): void {
    this.records.delete(key);
  }

  /**
   * SatisfiedExpectations: whether the controller may act (create/delete) again — no record, a
   * fulfilled one (add ≤ 0 and del ≤ 0), or one older than EXPECTATIONS_TIMEOUT_MS.
   */
  satisfiedExpectations(key: string): boolean {
    const r = this.records.get(key);
    if (!r) return true;
    if (r.add <= 0 && r.del <= 0) return true;
    return this.isExpired(r);
  }

  /** Whether the record of `key` exists and is older than the timeout. */
  isExpired(r: ControlleeExpectations): boolean {
    return this.clock.now() - r.timestamp > EXPECTATIONS_TIMEOUT_MS;
  }

  /** SetExpectations: overwrite the record of `key` (timestamp = now). */
  setExpectations(key: string, add: number, del: number): void {
    this.records.set(key, { add, del, timestamp: this.clock.now() });
  }

  /** ExpectCreations: `adds` creates are on their way (overwrites the record). */
  expectCreations(key: string, adds: number): void {
    this.setExpectations(key, adds, 0);
  }

  /** ExpectDeletions: `dels` deletes are on their way (overwrites the record). */
  expectDeletions(key: string, dels: number): void {
    this.setExpectations(key, 0, dels);
  }

  /** LowerExpectations: subtract from the counts of an existing record (nothing without one). */
  lowerExpectations(key: string, add: number, del: number): void {
    const r = this.records.get(key);
    if (!r) return;
    r.add -= add;
    r.del -= del;
  }

  /** RaiseExpectations: add to the counts of an existing record (nothing without one). */
  raiseExpectations(key: string, add: number, del: number): void {
    const r = this.records.get(key);
    if (!r) return;
    r.add += add;
    r.del += del;
  }

  /** CreationObserved: one expected create has been seen (add − 1). */
  creationObserved(key: string): void {
    this.lowerExpectations(key, 1, 0);
  }

  /** DeletionObserved: one expected delete has been seen (del − 1). */
  deletionObserved(key: string): void {
    this.lowerExpectations(key, 0, 1);
  }
}

/**
 * UIDTrackingControllerExpectations: ControllerExpectations whose deletions are tracked by the
 * deleted pods' keys (`namespace/name`, controller.PodKey), so each deletion lowers the count once.
 */
export class UIDTrackingControllerExpectations extends ControllerExpectations {
  private readonly uids = new Map<string, Set<string>>();

  /** GetUIDs: the pod keys `controllerKey` expects to see deleted. */
  getUIDs(controllerKey: string): ReadonlySet<string> | undefined {
    return this.uids.get(controllerKey);
  }

  /**
   * ExpectDeletions with the keys of the pods being deleted: records them and expects
   * `deletedKeys.length` deletions (overwriting any earlier record and keys).
   */
  expectDeletionsOf(controllerKey: string, deletedKeys: readonly string[]): void {
    this.uids.set(controllerKey, new Set(deletedKeys));
    this.expectDeletions(controllerKey, deletedKeys.length);
  }

  /**
   * DeletionObserved for pod `deleteKey`: lowers the deletions of `controllerKey` only if that pod
   * was one it expected and has not been counted yet.
   */
  deletionObservedOf(controllerKey: string, deleteKey: string): void {
    const set = this.uids.get(controllerKey);
    if (set && set.has(deleteKey)) {
      set.delete(deleteKey);
      this.lowerExpectations(controllerKey, 0, 1);
    }
  }

  override deleteExpectations(key: string): void {
    super.deleteExpectations(key);
    this.uids.delete(key);
  }
}

/** controller.PodKey / cache.MetaNamespaceKeyFunc of a pod: `namespace/name`. */
export function podKey(pod: { metadata: { namespace?: string; name?: string } }): string {
  return `${pod.metadata.namespace ?? ''}/${pod.metadata.name ?? ''}`;
}
