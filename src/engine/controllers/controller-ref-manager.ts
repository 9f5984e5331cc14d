// ControllerRefManager (pkg/controller/controller_ref_manager.go): how a controller claims the
// objects its selector matches. For each candidate (ClaimObject):
//  - controlled by another owner (a controllerRef with another uid): ignored;
//  - controlled by us and matching: claimed — even while we are being deleted;
//  - controlled by us and no longer matching: released (a strategic-merge patch deleting our
//    ownerReference) unless we are being deleted; NotFound / Invalid answers are ignored;
//  - an orphan that matches, while neither we nor it are being deleted and it is in our namespace:
//    adopted — after canAdopt() (once per manager: a fresh, uncached GET of the owner must show the
//    same uid and no deletionTimestamp) — by a strategic-merge patch adding our controllerRef
//    `{apiVersion, kind, name, uid, controller: true, blockOwnerDeletion: true}` with the object's
//    uid as precondition; a NotFound answer means "not claimed";
//  - any other orphan: ignored.
// Errors are collected; the objects claimed so far are still returned.
//
// Used by the ReplicaSet controller (pods), the Deployment controller (ReplicaSets), the
// StatefulSet / DaemonSet controllers (pods, ControllerRevisions) and the Job controller.

import type { Selector } from '../../k8s/labels';
import type { KObject, OwnerReference } from '../../k8s/types';
import type { ApiServer } from '../api/apiserver';
import { isApiError } from '../api/errors';
import type { KindDefinition } from '../api/kinds/kind-definition';
import { podKind } from '../api/kinds/pod';

/** The owner's group/version/kind as stamped into controllerRefs. */
export interface OwnerKind {
  apiVersion: string;
  kind: string;
}

/** metav1.NewControllerRef: the ownerReference a controller stamps on what it creates or adopts. */
export function newControllerRef(owner: KObject, gvk: OwnerKind = owner): OwnerReference {
  return {
    apiVersion: gvk.apiVersion,
    kind: gvk.kind,
    name: owner.metadata.name ?? '',
    uid: owner.metadata.uid ?? '',
    controller: true,
    blockOwnerDeletion: true,
  };
}

/** metav1.GetControllerOf: the ownerReference with controller: true, if any. */
export function getControllerOf(obj: KObject): OwnerReference | undefined {
  return obj.metadata.ownerReferences?.find((r) => r.controller === true);
}

/**
 * RecheckDeletionTimestamp: a canAdopt check from a fresh (uncached) read of the owner. `getFresh`
 * returns the owner or throws (e.g. "original ReplicaSet default/x is gone: got uid …"); an owner
 * with a deletionTimestamp refuses adoption with `<ns>/<name> has just been deleted at <time>`.
 */
export function recheckDeletionTimestamp(getFresh: () => KObject): () => void {
  return () => {
    const fresh = getFresh();
    if (fresh.metadata.deletionTimestamp) {
      const ns = fresh.metadata.namespace ?? '';
      throw new Error(`${ns}/${fresh.metadata.name ?? ''} has just been deleted at ${fresh.metadata.deletionTimestamp}`);
    }
  };
}

/**
 * The canAdopt function every workload controller builds (e.g. replica_set.go claimPods): GET the
 * owner from the API server (not the cache) and refuse adoption if it is gone, was replaced (another
 * uid) or is being deleted.
 */
export function freshOwnerCanAdopt(api: ApiServer, def: KindDefinition, owner: KObject): () => void {
  return recheckDeletionTimestamp(() => {
    const ns = owner.metadata.namespace ?? '';
    const name = owner.metadata.name ?? '';
    const fresh = api.get(def, ns, name);
    if (fresh.metadata.uid !== owner.metadata.uid) {
      throw new Error(
        `original ${def.kind} ${ns}/${name} is gone: got uid ${fresh.metadata.uid ?? ''}, wanted ${owner.metadata.uid ?? ''}`,
      );
    }
    return fresh;
  });
}

export interface ControllerRefManagerOptions {
  api: ApiServer;
  /** The owner doing the claiming (as cached). */
  owner: KObject;
  /** Its apiVersion/kind for the controllerRef (default: the owner object's own). */
  ownerKind?: OwnerKind;
  /** The owner's selector. */
  selector: Selector;
  /** Throws to refuse adoption; called at most once per manager (canAdoptOnce). */
  canAdopt: () => void;
  /** Finalizers an adoption adds (NewPodControllerRefManager's finalizers: the Job's tracking one). */
  adoptFinalizers?: readonly string[];
}

const verdictsBySelector = new WeakMap<Selector, WeakMap<object, boolean>>();

/**
 * The selector's verdict on a label set, remembered per labels object: objects stamped from one
 * template share their labels object, so a sync that claims a hundred pods matches once.
 */
function labelVerdicts(selector: Selector): (labels: Record<string, string> | undefined) => boolean {
  let verdicts = verdictsBySelector.get(selector);
  if (!verdicts) verdictsBySelector.set(selector, (verdicts = new WeakMap()));
  const memo = verdicts;
  return (labels) => {
    if (!labels || typeof labels !== 'object') return selector.matches(labels);
    let verdict = memo.get(labels);
    if (verdict === undefined) {
      verdict = selector.matches(labels);
      memo.set(labels, verdict);
    }
    return verdict;
  };
}

/** The outcome of a claim: what the owner now controls, and the errors met on the way. */
export interface ClaimResult {
  claimed: KObject[];
  errors: unknown[];
}

/** Extra conditions an object must meet to be claimed, beyond the selector. */
export type ClaimFilter = (obj: KObject) => boolean;

/** BaseControllerRefManager + the Pod / ReplicaSet / generic Claim* functions. */
export class ControllerRefManager {
  private readonly api: ApiServer;
  readonly owner: KObject;
  readonly ownerKind: OwnerKind;
  readonly selector: Selector;
  private readonly canAdoptFn: () => void;
  private readonly adoptFinalizers: readonly string[];
  private canAdoptChecked = false;
  private canAdoptError: unknown;

  constructor(options: ControllerRefManagerOptions) {
    this.api = options.api;
    this.owner = options.owner;
    this.ownerKind = options.ownerKind ?? { apiVersion: options.owner.apiVersion, kind: options.owner.kind };
    this.selector = options.selector;
    this.canAdoptFn = options.canAdopt;
    this.adoptFinalizers = options.adoptFinalizers ?? [];
  }

  /** CanAdopt: runs the check once and remembers its verdict (throws the refusal). */
  canAdopt(): void {
    if (!this.canAdoptChecked) {
      this.canAdoptChecked = true;
      try {
        this.canAdoptFn();
      } catch (e) {
        this.canAdoptError = e;
      }
    }
    if (this.canAdoptError !== undefined) throw this.canAdoptError;
  }

  /**
   * ClaimObject: whether `obj` is (now) controlled by the owner, adopting or releasing it as the
   * table at the top of this file says. Throws the adopt / release error.
   */
  claimObject(
    obj: KObject,
    match: (obj: KObject) => boolean,
    adopt: (obj: KObject) => void,
    release: (obj: KObject) => void,
  ): boolean {
    const ref = getControllerOf(obj);
    const ownerDeleting = !!this.owner.metadata.deletionTimestamp;
    if (ref) {
      if (ref.uid !== this.owner.metadata.uid) return false;
      if (match(obj)) return true;
      if (ownerDeleting) return false;
      try {
        release(obj);
      } catch (e) {
        if (isApiError(e, 'NotFound')) return false;
        throw e;
      }
      return false;
    }
    if (ownerDeleting || !match(obj)) return false;
    if (obj.metadata.deletionTimestamp) return false;
    const ns = this.owner.metadata.namespace;
    if (ns && ns !== obj.metadata.namespace) return false;
    try {
      adopt(obj);
    } catch (e) {
      if (isApiError(e, 'NotFound')) return false;
      throw e;
    }
    return true;
  }

  /**
   * Claims objects of kind `def` (ClaimPods / ClaimReplicaSets / ClaimControllerRevisions): the
   * selector must match their labels and every filter pass.
   */
  claim(def: KindDefinition, objects: readonly KObject[], ...filters: ClaimFilter[]): ClaimResult {
    const claimed: KObject[] = [];
    const errs: unknown[] = [];
    const selects = labelVerdicts(this.selector);
    const match = (obj: KObject) => selects(obj.metadata.labels) && filters.every((f) => f(obj));
    for (const obj of objects) {
      try {
        if (
          this.claimObject(
            obj,
            match,
            (o) => this.adopt(def, o),
            (o) => this.release(def, o),
          )
        ) {
          claimed.push(obj);
        }
      } catch (e) {
        errs.push(e);
      }
    }
    return { claimed, errors: errs };
  }

  /** ClaimPods. */
  claimPods(pods: readonly KObject[], ...filters: ClaimFilter[]): ClaimResult {
    return this.claim(podKind, pods, ...filters);
  }

  /** Adopt (AdoptPod / AdoptReplicaSet …): canAdopt, then patch our controllerRef in. */
  adopt(def: KindDefinition, obj: KObject): void {
    this.canAdopt();
    const ref = newControllerRef(this.owner, this.ownerKind);
    const metadata: Record<string, unknown> = { ownerReferences: [ref], uid: obj.metadata.uid };
    if (this.adoptFinalizers.length > 0) metadata.finalizers = [...this.adoptFinalizers];
    this.api.patch(def, obj.metadata.namespace, obj.metadata.name ?? '', 'strategic', { metadata });
  }

  /** Release (ReleasePod / ReleaseReplicaSet …): patch our ownerReference out; 404 / 422 ignored. */
  release(def: KindDefinition, obj: KObject): void {
    try {
      this.api.patch(def, obj.metadata.namespace, obj.metadata.name ?? '', 'strategic', {
        metadata: { ownerReferences: [{ $patch: 'delete', uid: this.owner.metadata.uid }], uid: obj.metadata.uid },
      });
    } catch (e) {
      // The object is gone, or its uid changed (422 Invalid): nothing of ours to release.
      if (isApiError(e, 'NotFound') || isApiError(e, 'Invalid')) return;
      throw e;
    }
  }
}
