// Storage admission plugins (plugin/pkg/admission/storage), both mutating:
//  - DefaultStorageClass (storageclass/setdefault): a PVC created with no spec.storageClassName
//    (and no beta class annotation) gets the default class's name; with several default classes
//    the newest wins (then the name), as GetDefaultClass picks since 1.26. No default class: the
//    claim keeps no class (it then binds only to class-less PVs).
//  - StorageObjectInUseProtection (storageobjectinuseprotection): every new PVC gets the
//    `kubernetes.io/pvc-protection` finalizer and every new PV `kubernetes.io/pv-protection`, so
//    neither disappears while a pod or a claim still uses it (the protection controllers lift them).

import type { KObject } from '../../../k8s/types';
import type { AdmissionPlugin } from '../admission';
import type { ApiServer } from '../apiserver';
import { PV_PROTECTION_FINALIZER, persistentVolumeKind } from '../kinds/persistentvolume';
import { PVC_PROTECTION_FINALIZER, persistentVolumeClaimKind } from '../kinds/persistentvolumeclaim';
import { isDefaultStorageClass, storageClassKind } from '../kinds/storageclass';

const BETA_CLASS_ANNOTATION = 'volume.beta.kubernetes.io/storage-class';

/** GetDefaultClass: the newest class annotated as default (ties by name), or undefined. */
export function defaultStorageClass(classes: Iterable<KObject>): KObject | undefined {
  let best: KObject | undefined;
  for (const sc of classes) {
    if (!isDefaultStorageClass(sc)) continue;
    if (!best) {
      best = sc;
      continue;
    }
    const a = sc.metadata.creationTimestamp ?? '';
    const b = best.metadata.creationTimestamp ?? '';
    if (a > b || (a === b && (sc.metadata.name ?? '') < (best.metadata.name ?? ''))) best = sc;
  }
  return best;
}

export function defaultStorageClassAdmission(api: ApiServer): AdmissionPlugin {
  return {
    name: 'DefaultStorageClass',
    admit(request) {
      if (request.operation !== 'CREATE' || request.kind !== persistentVolumeClaimKind || request.subresource) return undefined;
      const pvc = request.object!;
      if (pvc.spec?.storageClassName != null || pvc.metadata.annotations?.[BETA_CLASS_ANNOTATION] !== undefined) return undefined;
      const def = defaultStorageClass(api.store.kindStore(storageClassKind).values());
      if (!def) return undefined;
      return { ...pvc, spec: { ...(pvc.spec ?? {}), storageClassName: def.metadata.name } };
    },
  };
}

function withFinalizer(obj: KObject, finalizer: string): KObject {
  const finalizers = obj.metadata.finalizers ?? [];
  if (finalizers.includes(finalizer)) return obj;
  return { ...obj, metadata: { ...obj.metadata, finalizers: [...finalizers, finalizer] } };
}

export const storageObjectInUseProtection: AdmissionPlugin = {
  name: 'StorageObjectInUseProtection',
  admit(request) {
    if (request.operation !== 'CREATE' || request.subresource) return undefined;
    if (request.kind === persistentVolumeClaimKind) return withFinalizer(request.object!, PVC_PROTECTION_FINALIZER);
    if (request.kind === persistentVolumeKind) return withFinalizer(request.object!, PV_PROTECTION_FINALIZER);
    return undefined;
  },
};
