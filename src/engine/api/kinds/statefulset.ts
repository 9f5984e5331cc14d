// apps/v1 StatefulSet (pkg/registry/apps/statefulset/strategy.go): status and scale subresources,
// generation bumps on spec changes, default propagation Background. Table columns as printers.go
// printStatefulSet: READY = readyReplicas/spec.replicas; -o wide adds CONTAINERS and IMAGES.
// dropStatefulSetDisabledFields: with the MaxUnavailableStatefulSet gate off, a create or an
// update drops rollingUpdate.maxUnavailable, unless the stored object already uses it.

import type { KObject } from '../../../k8s/types';
import { defaultStatefulSet, MAX_UNAVAILABLE_STATEFULSET_GATE } from '../defaulting/statefulset';
import { labelSelectorScale } from '../subresources/scale';
import { validateStatefulSet, validateStatefulSetStatusUpdate, validateStatefulSetUpdate } from '../validation/statefulset';
import { age } from './columns';
import { templateContainerCells } from './deployment';
import type { FeatureGates, KindDefinition } from './kind-definition';

/** StatefulSetStatus with its non-omitempty counters. */
const EMPTY_STATUS = Object.freeze({ replicas: 0, availableReplicas: 0 });

function maxUnavailableInUse(sts: KObject | undefined): boolean {
  const ru = sts?.spec?.updateStrategy?.rollingUpdate;
  return ru !== undefined && ru !== null && ru.maxUnavailable !== undefined && ru.maxUnavailable !== null;
}

function dropDisabledFields(sts: KObject, old: KObject | undefined, gates: FeatureGates): KObject {
  if (gates.featureGate(MAX_UNAVAILABLE_STATEFULSET_GATE) || maxUnavailableInUse(old) || !maxUnavailableInUse(sts)) return sts;
  const strategy = sts.spec.updateStrategy;
  const { maxUnavailable: _dropped, ...rollingUpdate } = strategy.rollingUpdate;
  return { ...sts, spec: { ...sts.spec, updateStrategy: { ...strategy, rollingUpdate } } };
}

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
  prepareForCreate: (sts: KObject, ctx) => ({
    ...dropDisabledFields(sts, undefined, ctx.featureGates),
    status: { ...EMPTY_STATUS },
  }),
  prepareForUpdate: (sts: KObject, old: KObject, gates: FeatureGates) => dropDisabledFields(sts, old, gates),
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
