// core/v1 PersistentVolume (pkg/registry/core/persistentvolume): cluster-scoped, short name `pv`,
// a status subresource written by the PV controller. Defaults (SetDefaults_PersistentVolume):
// reclaim policy Retain, volumeMode Filesystem; the strategy starts the status at phase Pending.
// Table as printers.go printPersistentVolume.

import type { KObject } from '../../../k8s/types';
import { validatePersistentVolume, validatePersistentVolumeUpdate } from '../validation/storage';
import { age } from './columns';
import type { KindDefinition } from './kind-definition';

export const PV_PROTECTION_FINALIZER = 'kubernetes.io/pv-protection';

/** helper.GetAccessModesAsString: RWO, ROX, RWX, RWOP in this order, comma-separated. */
export function accessModesString(modes: unknown): string {
  const list = Array.isArray(modes) ? modes : [];
  const out: string[] = [];
  if (list.includes('ReadWriteOnce')) out.push('RWO');
  if (list.includes('ReadOnlyMany')) out.push('ROX');
  if (list.includes('ReadWriteMany')) out.push('RWX');
  if (list.includes('ReadWriteOncePod')) out.push('RWOP');
  return out.join(',');
}

/** The class of a PV or PVC: spec.storageClassName, else the beta annotation (GetPersistentVolume(Claim)Class). */
export function storageClassOf(obj: KObject): string {
  const name = obj.spec?.storageClassName;
  if (typeof name === 'string') return name;
  return obj.metadata.annotations?.['volume.beta.kubernetes.io/storage-class'] ?? '';
}

function defaultPersistentVolume(pv: KObject): KObject {
  const spec = pv.spec ?? {};
  if (spec.persistentVolumeReclaimPolicy && spec.volumeMode) return pv;
  return {
    ...pv,
    spec: {
      ...spec,
      persistentVolumeReclaimPolicy: spec.persistentVolumeReclaimPolicy ?? 'Retain',
      volumeMode: spec.volumeMode ?? 'Filesystem',
    },
  };
}

export const persistentVolumeKind: KindDefinition = {
  group: '',
  version: 'v1',
  kind: 'PersistentVolume',
  plural: 'persistentvolumes',
  singular: 'persistentvolume',
  shortNames: ['pv'],
  namespaced: false,
  categories: [],
  hasStatus: true,
  tracksGeneration: false,
  defaultPropagationPolicy: 'Background',
  garbageCollected: true,
  applyDefaults: defaultPersistentVolume,
  prepareForCreate: (pv) => ({ ...pv, status: { phase: 'Pending' } }),
  validate: validatePersistentVolume,
  validateUpdate: validatePersistentVolumeUpdate,
  columns: [
    { name: 'Capacity', cell: (o) => String(o.spec?.capacity?.storage ?? '0') },
    { name: 'Access Modes', cell: (o) => accessModesString(o.spec?.accessModes) },
    { name: 'Reclaim Policy', cell: (o) => String(o.spec?.persistentVolumeReclaimPolicy ?? '') },
    { name: 'Status', cell: (o) => (o.metadata.deletionTimestamp ? 'Terminating' : String(o.status?.phase ?? '')) },
    {
      name: 'Claim',
      cell: (o) => (o.spec?.claimRef ? `${o.spec.claimRef.namespace ?? ''}/${o.spec.claimRef.name ?? ''}` : ''),
    },
    { name: 'StorageClass', cell: storageClassOf },
    { name: 'VolumeAttributesClass', cell: (o) => String(o.spec?.volumeAttributesClassName ?? '<unset>') },
    { name: 'Reason', cell: (o) => String(o.status?.reason ?? '') },
    { name: 'Age', cell: age },
    { name: 'VolumeMode', priority: 1, cell: (o) => String(o.spec?.volumeMode ?? '<unset>') },
  ],
};
