// apps/v1 StatefulSet (pkg/registry/apps/statefulset/strategy.go): status and scale subresources,
// generation bumps on spec changes, default propagation Background. Table columns as printers.go
// printStatefulSet: READY = readyReplicas/spec.replicas; -o wide adds CONTAINERS and IMAGES.

import type { KObject } from '../../../k8s/types';
import { defaultStatefulSet } from '../defaulting/statefulset';
import { labelSelectorScale } from '../subresources/scale';
import { validateStatefulSet, validateStatefulSetStatusUpdate, validateStatefulSetUpdate } from '../validation/statefulset';
import { age } from './columns';
import { templateContainerCells } from './deployment';
import type { KindDefinition } from './kind-definition';

/** StatefulSetStatus with its non-omitempty counters. */
const EMPTY_STATUS = Object.freeze({ replicas: 0, availableReplicas: 0 });

export const statefulSetKind: KindDefinition = {
  group: 'apps',
  version: 'v1',
  kind: 'StatefulSet',
  plural: 'statefulsets',
  singular: 'statefulset',
  shortNames: ['sts'],
  namespaced: true,
  categories: ['all'],
  hasStatus: true,
  tracksGeneration: true,
  specFields: ['spec'],
  defaultPropagationPolicy: 'Background',
  garbageCollected: true,
  applyDefaults: defaultStatefulSet,
  // statefulSetStrategy.PrepareForCreate: status is the controller's.
  prepareForCreate: (sts: KObject) => ({ ...sts, status: { ...EMPTY_STATUS } }),
  validate: validateStatefulSet,
  validateUpdate: validateStatefulSetUpdate,
  validateStatusUpdate: validateStatefulSetStatusUpdate,
  scale: labelSelectorScale,
  columns: [
    { name: 'Ready', cell: (o) => `${o.status?.readyReplicas ?? 0}/${o.spec?.replicas ?? 0}` },
    { name: 'Age', cell: age },
    { name: 'Containers', priority: 1, cell: (o) => templateContainerCells(o.spec?.template).names },
    { name: 'Images', priority: 1, cell: (o) => templateContainerCells(o.spec?.template).images },
  ],
};
