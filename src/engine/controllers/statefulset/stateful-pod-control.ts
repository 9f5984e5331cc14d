// StatefulPodControl (pkg/controller/statefulset/stateful_pod_control.go): a StatefulSet's pod and
// claim writes, each with the event kubectl describe shows on the set:
//   Normal  SuccessfulCreate  create Pod web-0 in StatefulSet web successful
//   Warning FailedCreate      create Pod web-0 in StatefulSet web failed error: <err>
//   Normal  SuccessfulDelete  delete Pod web-2 in StatefulSet web successful
//   Normal  SuccessfulUpdate  update Pod web-0 in StatefulSet web successful
//   Normal  SuccessfulCreate  create Claim www-web-0 Pod web-0 in StatefulSet web success
//   Warning FailedCreate      create Claim www-web-0 for Pod web-0 in StatefulSet web failed error: <err>
// Claims are created (if absent) before their pod; a claim being deleted blocks the pod
// (`pvc <name> is being deleted`). Claims are read from the PVC informer's cache (by name).

import { errorText } from '../../runtime/owner-selector';
import type { KObject } from '../../../k8s/types';
import type { ApiServer } from '../../api/apiserver';
import { isApiError } from '../../api/errors';
import { podKind } from '../../api/kinds/pod';
import type { Informer } from '../../runtime/informer';
import type { Recorder } from '../../runtime/events';
import {
  claimOwnerMatchesSetAndPod,
  claimOwnerRefsForPolicy,
  hasStaleOwnerRef,
  identityMatches,
  podClaims,
  retentionPolicy,
  storageMatches,
  withIdentity,
  withStorage,
} from './stateful-set-utils';

function title(verb: string): string {
  return verb.charAt(0).toUpperCase() + verb.slice(1);
}

/** utilerrors.NewAggregate: nothing, the one error, or `[a, b]`. */
function aggregate(errs: string[]): Error | undefined {
  if (errs.length === 0) return undefined;
  return new Error(errs.length === 1 ? errs[0] : `[${errs.join(', ')}]`);
}

export class StatefulPodControl {
  constructor(
    private readonly api: ApiServer,
    private readonly claims: Informer,
    private readonly recorder: Recorder,
  ) {}

  private recordPodEvent(verb: string, set: KObject, pod: KObject, err?: unknown): void {
    const what = `${verb} Pod ${pod.metadata.name ?? ''} in StatefulSet ${set.metadata.name ?? ''}`;
    if (err === undefined) this.recorder.event(set, 'Normal', `Successful${title(verb)}`, `${what} successful`);
    else this.recorder.event(set, 'Warning', `Failed${title(verb)}`, `${what} failed error: ${errorText(err)}`);
  }

  private recordClaimEvent(verb: string, set: KObject, pod: KObject, claim: KObject, err?: unknown): void {
    const setName = set.metadata.name ?? '';
    const podName = pod.metadata.name ?? '';
    const claimName = claim.metadata.name ?? '';
    if (err === undefined) {
      this.recorder.event(
        set,
        'Normal',
        `Successful${title(verb)}`,
        `${verb} Claim ${claimName} Pod ${podName} in StatefulSet ${setName} success`,
      );
    } else {
      this.recorder.event(
        set,
        'Warning',
        `Failed${title(verb)}`,
        `${verb} Claim ${claimName} for Pod ${podName} in StatefulSet ${setName} failed error: ${errorText(err)}`,
      );
    }
  }

  private getClaim(namespace: string | undefined, name: string): KObject | undefined {
    return this.claims.get(namespace, name);
  }

  /** createPersistentVolumeClaims: every missing claim of the pod; errors aggregated. */
  createPersistentVolumeClaims(set: KObject, pod: KObject): void {
    const errs: string[] = [];
    for (const { claim } of podClaims(set, pod)) {
      const existing = this.getClaim(claim.metadata.namespace, claim.metadata.name ?? '');
      if (!existing) {
        try {
          this.api.create(claim, { namespace: claim.metadata.namespace });
          this.recordClaimEvent('create', set, pod, claim);
        } catch (e) {
          errs.push(`failed to create PVC ${claim.metadata.name ?? ''}: ${errorText(e)}`);
          if (!isApiError(e, 'AlreadyExists')) this.recordClaimEvent('create', set, pod, claim, e);
        }
      } else if (existing.metadata.deletionTimestamp) {
        errs.push(`pvc ${claim.metadata.name ?? ''} is being deleted`);
      }
    }
    const err = aggregate(errs);
    if (err) throw err;
  }

  /** CreateStatefulPod: the claims, then the pod, then the claims' retention references. */
  createStatefulPod(set: KObject, pod: KObject): void {
    try {
      this.createPersistentVolumeClaims(set, pod);
    } catch (e) {
      this.recordPodEvent('create', set, pod, e);
      throw e;
    }
    let created: KObject;
    try {
      created = this.api.create(pod, { namespace: pod.metadata.namespace });
    } catch (e) {
      // An AlreadyExists is sunk without an event: the cache is behind.
      if (!isApiError(e, 'AlreadyExists')) this.recordPodEvent('create', set, pod, e);
      throw e;
    }
    try {
      this.updatePodClaimForRetentionPolicy(set, created);
    } catch (e) {
      this.recordPodEvent('update', set, pod, e);
      throw e;
    }
    this.recordPodEvent('create', set, pod);
  }

  /** createMissingPersistentVolumeClaims, for a Pending pod. */
  createMissingPersistentVolumeClaims(set: KObject, pod: KObject): void {
    this.createPersistentVolumeClaims(set, pod);
    try {
      this.updatePodClaimForRetentionPolicy(set, pod);
    } catch (e) {
      this.recordPodEvent('update', set, pod, e);
      throw e;
    }
  }

  deleteStatefulPod(set: KObject, pod: KObject): void {
    try {
      this.api.delete(podKind, pod.metadata.namespace, pod.metadata.name ?? '');
    } catch (e) {
      this.recordPodEvent('delete', set, pod, e);
      throw e;
    }
    this.recordPodEvent('delete', set, pod);
  }

  /** ClaimsMatchRetentionPolicy: a missing claim matches (it is picked up later). */
  claimsMatchRetentionPolicy(set: KObject, pod: KObject): boolean {
    for (const { claim } of podClaims(set, pod)) {
      const existing = this.getClaim(claim.metadata.namespace, claim.metadata.name ?? '');
      if (existing && !claimOwnerMatchesSetAndPod(existing, set, pod)) return false;
    }
    return true;
  }

  /** UpdatePodClaimForRetentionPolicy: fix the owner references of the pod's existing claims. */
  updatePodClaimForRetentionPolicy(set: KObject, pod: KObject): void {
    for (const { claim } of podClaims(set, pod)) {
      const existing = this.getClaim(claim.metadata.namespace, claim.metadata.name ?? '');
      if (!existing || claimOwnerMatchesSetAndPod(existing, set, pod)) continue;
      const refs = claimOwnerRefsForPolicy(existing, set, pod);
      if (!refs) continue;
      const metadata = { ...existing.metadata };
      if (refs.length > 0) metadata.ownerReferences = refs;
      else delete metadata.ownerReferences;
      try {
        this.api.update({ ...existing, metadata });
      } catch (e) {
        throw new Error(`could not update claim ${existing.metadata.name ?? ''} for delete policy ownerRefs: ${errorText(e)}`, {
          cause: e,
        });
      }
    }
  }

  /** PodClaimIsStale: with whenScaled Delete, a claim still owned by an earlier pod of that name. */
  podClaimIsStale(set: KObject, pod: KObject): boolean {
    if (retentionPolicy(set).whenScaled === 'Retain') return false;
    for (const { claim } of podClaims(set, pod)) {
      const existing = this.getClaim(claim.metadata.namespace, claim.metadata.name ?? '');
      if (existing && hasStaleOwnerRef(existing, pod, 'Pod')) return true;
    }
    return false;
  }

  /**
   * UpdateStatefulPod: restore the pod's identity labels, its claims (a changed volume list is
   * refused by the API server, as upstream's update is) and its claims' retention references.
   */
  updateStatefulPod(set: KObject, pod: KObject): void {
    let next = pod;
    let consistent = true;
    if (!identityMatches(set, next)) {
      next = withIdentity(set, next);
      consistent = false;
    }
    if (!storageMatches(set, next)) {
      next = withStorage(set, next);
      consistent = false;
      try {
        this.createPersistentVolumeClaims(set, next);
      } catch (e) {
        this.recordPodEvent('update', set, next, e);
        throw e;
      }
    }
    if (!this.claimsMatchRetentionPolicy(set, next)) {
      try {
        this.updatePodClaimForRetentionPolicy(set, next);
      } catch (e) {
        this.recordPodEvent('update', set, next, e);
        throw e;
      }
      consistent = false;
    }
    if (consistent) return;
    try {
      this.api.update(next);
    } catch (e) {
      this.recordPodEvent('update', set, next, e);
      throw e;
    }
    this.recordPodEvent('update', set, next);
  }
}
