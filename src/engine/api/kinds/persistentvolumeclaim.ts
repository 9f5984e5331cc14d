// core/v1 PersistentVolumeClaim (pkg/registry/core/persistentvolumeclaim): namespaced, short name
// `pvc`, a status subresource written by the PV controller. Defaults: volumeMode Filesystem; the
// strategy starts the status at phase Pending. Table as printers.go printPersistentVolumeClaim:
// CAPACITY and ACCESS MODES only once spec.volumeName is set.

import type { KObject } from '../../../k8s/types';
import { validatePersistentVolumeClaim, validatePersistentVolumeClaimUpdate } from '../validation/storage';
import { age } from './columns';
import type { KindDefinition } from './kind-definition';
import { accessModesString, storageClassOf } from './persistentvolume';

export const PVC_PROTECTION_FINALIZER = 'kubernetes.io/pvc-protection';

function defaultPersistentVolumeClaim(pvc: KObject): KObject {
  const spec = pvc.spec ?? {};
  if (spec.volumeMode) return pvc;
  return { ...pvc, spec: { ...spec, volumeMode: 'Filesystem' } };
}

export const persistentVolumeClaimKind: KindDefinition = {
  group: '',
  version: 'v1',
  kind: 'PersistentVolumeClaim',
  plural: 'persistentvolumeclaims',
  singular: 'persistentvolumeclaim',
  shortNames: ['pvc'],
  namespaced: true,
  categories: [],
  hasStatus: true,
  tracksGeneration: false,
  defaultPropagationPolicy: 'Background',
  garbageCollected: true,
  applyDefaults: defaultPersistentVolumeClaim,
  prepareForCreate: (pvc) => ({ ...pvc, status: { phase: 'Pending' } }),
  validate: validatePersistentVolumeClaim,
  validateUpdate: validatePersistentVolumeClaimUpdate,
  columns: [
    { name: 'Status', cell: (o) => (o.metadata.deletionTimestamp ? 'Terminating' : String(o.status?.phase ?? '')) },
    { name: 'Volume', cell: (o) => String(o.spec?.volumeName ?? '') },
    { name: 'Capacity', cell: (o) => (o.spec?.volumeName ? String(o.status?.capacity?.storage ?? '0') : '') },
    { name: 'Access Modes', cell: (o) => (o.spec?.volumeName ? accessModesString(o.status?.accessModes) : '') },
    { name: 'StorageClass', cell: storageClassOf },
    { name: 'VolumeAttributesClass', cell: (o) => String(o.spec?.volumeAttributesClassName ?? '<unset>') },
    { name: 'Age', cell: age },
    { name: 'VolumeMode', priority: 1, cell: (o) => String(o.spec?.volumeMode ?? '<unset>') },
  ],
};
