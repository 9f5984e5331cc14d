// ConfigMap (v1): configuration data as string keys (`data`) and base64 bytes (`binaryData`),
// optionally `immutable`. No spec/status split.

import { validateConfigMap, validateConfigMapUpdate } from '../validation/config';
import { age } from './columns';
import type { KindDefinition } from './kind-definition';

const count = (m: unknown) => (m && typeof m === 'object' ? Object.keys(m).length : 0);

export const configMapKind: KindDefinition = {
  group: '',
  version: 'v1',
  kind: 'ConfigMap',
  plural: 'configmaps',
  singular: 'configmap',
  shortNames: ['cm'],
  namespaced: true,
  categories: [],
  hasStatus: false,
  tracksGeneration: false,
  defaultPropagationPolicy: 'Background',
  garbageCollected: true,
  validate: validateConfigMap,
  validateUpdate: validateConfigMapUpdate,
  // printers.go printConfigMap: DATA counts data and binaryData keys.
  columns: [
    { name: 'Data', type: 'integer', cell: (o) => String(count(o.data) + count(o.binaryData)) },
    { name: 'Age', cell: age },
  ],
};
