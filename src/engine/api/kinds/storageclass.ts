// storage.k8s.io/v1 StorageClass (pkg/registry/storage/storageclass): cluster-scoped, no status,
// short name `sc`. Defaults (SetDefaults_StorageClass): reclaimPolicy Delete, volumeBindingMode
// Immediate. Table as printers.go printStorageClass: the default class's name reads
// `standard (default)` (IsDefaultAnnotation: the GA or the beta annotation set to "true").

import type { KObject } from '../../../k8s/types';
import { validateStorageClass, validateStorageClassUpdate } from '../validation/storage';
import { age } from './columns';
import type { KindDefinition } from './kind-definition';

export const IS_DEFAULT_CLASS_ANNOTATION = 'storageclass.kubernetes.io/is-default-class';
export const BETA_IS_DEFAULT_CLASS_ANNOTATION = 'storageclass.beta.kubernetes.io/is-default-class';

/** storageutil.IsDefaultAnnotation. */
export function isDefaultStorageClass(sc: KObject): boolean {
  const a = sc.metadata.annotations ?? {};
  return a[IS_DEFAULT_CLASS_ANNOTATION] === 'true' || a[BETA_IS_DEFAULT_CLASS_ANNOTATION] === 'true';
}

function defaultStorageClass(sc: KObject): KObject {
  if (sc.reclaimPolicy !== undefined && sc.volumeBindingMode !== undefined) return sc;
  return { ...sc, reclaimPolicy: sc.reclaimPolicy ?? 'Delete', volumeBindingMode: sc.volumeBindingMode ?? 'Immediate' };
}

export const storageClassKind: KindDefinition = {
  group: 'storage.k8s.io',
  version: 'v1',
  kind: 'StorageClass',
  plural: 'storageclasses',
  singular: 'storageclass',
  shortNames: ['sc'],
  namespaced: false,
  categories: [],
  hasStatus: false,
  tracksGeneration: false,
  defaultPropagationPolicy: 'Background',
  garbageCollected: true,
  applyDefaults: defaultStorageClass,
  validate: validateStorageClass,
  validateUpdate: validateStorageClassUpdate,
  nameCell: (o) => (isDefaultStorageClass(o) ? `${o.metadata.name} (default)` : (o.metadata.name ?? '')),
  columns: [
    { name: 'Provisioner', cell: (o) => String(o.provisioner ?? '') },
    { name: 'ReclaimPolicy', cell: (o) => String(o.reclaimPolicy ?? 'Delete') },
    { name: 'VolumeBindingMode', cell: (o) => String(o.volumeBindingMode ?? 'Immediate') },
    { name: 'AllowVolumeExpansion', cell: (o) => String(o.allowVolumeExpansion === true) },
    { name: 'Age', cell: age },
  ],
};
