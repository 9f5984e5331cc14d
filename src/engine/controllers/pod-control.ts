// PodControl (pkg/controller/controller_utils.go RealPodControl): how workload controllers create
// pods from their template and delete them, with the events kubectl describe shows on the owner:
//   Normal  SuccessfulCreate  Created pod: <name>
//   Warning FailedCreate      Error creating: <error>      (not when the namespace is terminating)
//   Normal  SuccessfulDelete  Deleted pod: <name>
//   Warning FailedDelete      Error deleting: <error>      (not for NotFound)
//
// GetPodFromTemplate: the pod copies the template's labels, annotations and finalizers, gets
// generateName `<owner>-` (no dash when that would not be a valid name prefix) and the owner's
// controllerRef; its spec IS the template's spec object (objects are immutable here, and pods
// stamped from one template sharing one spec lets defaulting and admission memoise per spec).
//
// Shared by the ReplicaSet, StatefulSet, DaemonSet and Job controllers.

import { errorText } from '../runtime/owner-selector';
import { nameIsDNSSubdomain } from '../../k8s/names';
import type { KObject, OwnerReference } from '../../k8s/types';
import type { ApiServer } from '../api/apiserver';
import { ApiError, isApiError } from '../api/errors';
import { podKind } from '../api/kinds/pod';
import type { Recorder } from '../runtime/events';

export const SUCCESSFUL_CREATE_POD_REASON = 'SuccessfulCreate';
export const FAILED_CREATE_POD_REASON = 'FailedCreate';
export const SUCCESSFUL_DELETE_POD_REASON = 'SuccessfulDelete';
export const FAILED_DELETE_POD_REASON = 'FailedDelete';

/** The status cause the NamespaceLifecycle admission adds when the namespace is terminating. */
export const NAMESPACE_TERMINATING_CAUSE = 'NamespaceTerminating';

/** A PodTemplateSpec (`spec.template` of a workload). */
export interface PodTemplateSpec {
  metadata?: { labels?: Record<string, string>; annotations?: Record<string, string>; finalizers?: string[] };
  spec?: KObject['spec'];
}

/** apierrors.HasStatusCause. */
export function hasStatusCause(e: unknown, cause: string): boolean {
  return e instanceof ApiError && !!e.status.details?.causes?.some((c) => c.reason === cause);
}

/** getPodsPrefix: `<name>-`, or `<name>` when the dashed form is not a valid generateName. */
export function podsPrefix(controllerName: string): string {
  const prefix = `${controllerName}-`;
  return nameIsDNSSubdomain(prefix, true).length > 0 ? controllerName : prefix;
}

/** GetPodFromTemplate: the pod a controller would create (not yet sent). */
export function podFromTemplate(
  template: PodTemplateSpec,
  owner: KObject,
  controllerRef: OwnerReference | undefined,
  generateName: string = podsPrefix(owner.metadata.name ?? ''),
): KObject {
  const tm = template.metadata ?? {};
  const metadata: KObject['metadata'] = {};
  // A stored template's maps are frozen: its pods share them rather than each holding a copy.
  if (tm.labels) metadata.labels = Object.isFrozen(tm.labels) ? tm.labels : { ...tm.labels };
  if (tm.annotations) metadata.annotations = Object.isFrozen(tm.annotations) ? tm.annotations : { ...tm.annotations };
  metadata.generateName = generateName;
  if (tm.finalizers) metadata.finalizers = [...tm.finalizers];
  if (controllerRef) metadata.ownerReferences = ownerReferencesOf(controllerRef);
  return { apiVersion: 'v1', kind: 'Pod', metadata, spec: template.spec };
}

/**
 * `[controllerRef]`, one array per controllerRef object: the pods a sync creates with one
 * controllerRef share it (and what is memoised per ownerReferences array, like the owner-uid index
 * values), instead of an array each.
 */
function ownerReferencesOf(controllerRef: OwnerReference): OwnerReference[] {
  let refs = ownerReferencesByRef.get(controllerRef);
  if (!refs) ownerReferencesByRef.set(controllerRef, (refs = [controllerRef]));
  return refs;
}

const ownerReferencesByRef = new WeakMap<OwnerReference, OwnerReference[]>();

/** An error of RealPodControl in Go's %v form. */

/** RealPodControl: pod creates and deletes on behalf of `owner`, with their events. */
export class PodControl {
  constructor(
    private readonly api: ApiServer,
    private readonly recorder: Recorder,
  ) {}

  /**
   * CreatePods / CreatePodsWithGenerateName: create one pod from `template` in `namespace`, owned by
   * `controllerRef`. Returns the created pod; throws the API error (after the FailedCreate event,
   * which is skipped when the namespace is terminating).
   */
  createPod(
    namespace: string,
    template: PodTemplateSpec,
    owner: KObject,
    controllerRef: OwnerReference | undefined,
    generateName?: string,
  ): KObject {
    const pod = podFromTemplate(template, owner, controllerRef, generateName);
    pod.metadata.namespace = namespace;
    if (!pod.metadata.labels || Object.keys(pod.metadata.labels).length === 0) {
      throw new Error('unable to create pods, no labels');
    }
    let created: KObject;
    try {
      created = this.api.create(pod, { namespace });
    } catch (e) {
      if (!hasStatusCause(e, NAMESPACE_TERMINATING_CAUSE)) {
        this.recorder.event(owner, 'Warning', FAILED_CREATE_POD_REASON, `Error creating: ${errorText(e)}`);
      }
      throw e;
    }
    this.recorder.event(owner, 'Normal', SUCCESSFUL_CREATE_POD_REASON, `Created pod: ${created.metadata.name ?? ''}`);
    return created;
  }

  /**
   * DeletePod: delete pod `name` (default grace period and propagation). A NotFound error is thrown
   * as is (no event); another error gets a FailedDelete event and is rethrown wrapped as
   * `unable to delete pods: <error>`.
   */
  deletePod(namespace: string, name: string, owner: KObject): void {
    try {
      this.api.delete(podKind, namespace, name);
    } catch (e) {
      if (isApiError(e, 'NotFound')) throw e;
      this.recorder.event(owner, 'Warning', FAILED_DELETE_POD_REASON, `Error deleting: ${errorText(e)}`);
      throw new Error(`unable to delete pods: ${errorText(e)}`, { cause: e });
    }
    this.recorder.event(owner, 'Normal', SUCCESSFUL_DELETE_POD_REASON, `Deleted pod: ${name}`);
  }

  /** PatchPod: a strategic-merge patch of a pod (e.g. to adopt or release it). */
  patchPod(namespace: string, name: string, patch: unknown): KObject {
    return this.api.patch(podKind, namespace, name, 'strategic', patch);
  }
}
