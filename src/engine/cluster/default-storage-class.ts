// The default StorageClass every playground cluster starts with, as kind creates it: `standard`,
// marked default, provisioned by the local-path provisioner (rancher.io/local-path: a directory
// on the node the first consumer is scheduled to), WaitForFirstConsumer, reclaim Delete.

import type { KObject } from '../../k8s/types';
import { IS_DEFAULT_CLASS_ANNOTATION } from '../api/kinds/storageclass';

export const DEFAULT_STORAGE_CLASS = 'standard';
export const LOCAL_PATH_PROVISIONER = 'rancher.io/local-path';

export function defaultStorageClassObject(): KObject {
  return {
    apiVersion: 'storage.k8s.io/v1',
    kind: 'StorageClass',
    metadata: { name: DEFAULT_STORAGE_CLASS, annotations: { [IS_DEFAULT_CLASS_ANNOTATION]: 'true' } },
    provisioner: LOCAL_PATH_PROVISIONER,
    reclaimPolicy: 'Delete',
    volumeBindingMode: 'WaitForFirstConsumer',
  };
}
