// The storage object in-use protection controllers (pkg/controller/volume/pvcprotection and
// pvprotection): they lift the finalizers StorageObjectInUseProtection admission put on claims and
// volumes, once the object is being deleted and nothing uses it any more.
//  - PVC protection: a claim is in use while a pod that is scheduled (spec.nodeName set: the
//    kubelet never starts a pod on a claim being deleted, so an unscheduled pod does not hold it;
//    upstream podUsesPVC) and not shut down (phase Succeeded or Failed) names it — pods found
//    through the pod informer's claim index, never a namespace list.
//    Pod deletions and phase changes wake the claims the pod names.
//  - PV protection: a volume is in use while its phase is Bound.

import type { KObject } from '../../../k8s/types';
import type { ApiServer } from '../../api/apiserver';
import { isApiError } from '../../api/errors';
import { persistentVolumeClaimKind, persistentVolumeKind, podKind } from '../../api/kinds';
import { PV_PROTECTION_FINALIZER } from '../../api/kinds/persistentvolume';
import { PVC_PROTECTION_FINALIZER } from '../../api/kinds/persistentvolumeclaim';
import type { Clock } from '../../clock/clock';
import { Controller } from '../../runtime/controller';
import { keyFor, objectKey, splitKey, type Informer, type InformerFactory } from '../../runtime/informer';
import { ensurePodsByClaimIndex, podClaimNames, podsUsingClaim } from './pod-claims';

export interface ProtectionDeps {
  api: ApiServer;
  clock: Clock;
  informers: InformerFactory;
}

const isShutDown = (pod: KObject) => pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed';
const holdsClaims = (pod: KObject) => !!pod.spec?.nodeName && !isShutDown(pod);

function removeFinalizer(api: ApiServer, obj: KObject, finalizer: string): void {
  try {
    api.update({
      ...obj,
      metadata: { ...obj.metadata, finalizers: (obj.metadata.finalizers ?? []).filter((f) => f !== finalizer) },
    });
  } catch (e) {
    if (!isApiError(e, 'Conflict') && !isApiError(e, 'NotFound')) throw e;
  }
}

function deletingWith(obj: KObject, finalizer: string): boolean {
  return !!obj.metadata.deletionTimestamp && (obj.metadata.finalizers ?? []).includes(finalizer);
}

export function startPvcProtectionController(deps: ProtectionDeps): Controller {
  const pvcs: Informer = deps.informers.informerFor(persistentVolumeClaimKind);
  const pods: Informer = ensurePodsByClaimIndex(deps.informers.informerFor(podKind));
  const claimKeys = (pod: KObject) => podClaimNames(pod).map((n) => keyFor(pod.metadata.namespace, n));
  const controller = new Controller({
    name: 'pvc-protection-controller',
    clock: deps.clock,
    sync: (key) => {
      const { namespace, name } = splitKey(key);
      const claim = pvcs.get(namespace, name);
      if (!claim || !deletingWith(claim, PVC_PROTECTION_FINALIZER)) return;
      if (podsUsingClaim(pods, namespace, name).some(holdsClaims)) return;
      removeFinalizer(deps.api, claim, PVC_PROTECTION_FINALIZER);
    },
  });
  controller.watch(pvcs, (c) => (deletingWith(c, PVC_PROTECTION_FINALIZER) ? objectKey(c) : undefined));
  controller.handle(pods, {
    onUpdate: (old, pod) => (isShutDown(pod) && !isShutDown(old) ? claimKeys(pod) : undefined),
    onDelete: claimKeys,
  });
  return controller;
}

export function startPvProtectionController(deps: ProtectionDeps): Controller {
  const pvs: Informer = deps.informers.informerFor(persistentVolumeKind);
  const controller = new Controller({
    name: 'pv-protection-controller',
    clock: deps.clock,
    sync: (key) => {
      const pv = pvs.get(undefined, splitKey(key).name);
      if (!pv || !deletingWith(pv, PV_PROTECTION_FINALIZER) || pv.status?.phase === 'Bound') return;
      removeFinalizer(deps.api, pv, PV_PROTECTION_FINALIZER);
    },
  });
  controller.watch(pvs, (pv) => (deletingWith(pv, PV_PROTECTION_FINALIZER) ? objectKey(pv) : undefined));
  return controller;
}
