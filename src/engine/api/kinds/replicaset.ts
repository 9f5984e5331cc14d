// apps/v1 ReplicaSet (pkg/registry/apps/replicaset) and v1 ReplicationController
// (pkg/registry/core/replicationcontroller): status and scale subresources, generation bumps on
// spec changes; the RC's default propagation policy is Orphan (for clients that send none). Table
// columns as printers.go printReplicaSet / printReplicationController.

import { formatLabels, formatLabelSelector } from '../../../k8s/labels';
import type { KObject } from '../../../k8s/types';
import { defaultReplicaSet, defaultReplicationController } from '../defaulting/replicaset';
import { labelSelectorScale, mapSelectorScale } from '../subresources/scale';
import {
  validateReplicaSet,
  validateReplicaSetUpdate,
  validateReplicasStatusUpdate,
  validateReplicationController,
  validateReplicationControllerUpdate,
} from '../validation/replicaset';
import { age } from './columns';
import type { KindDefinition, TableColumn } from './kind-definition';

/** layoutContainerCells: the template's container names and images, comma-joined. */
function containerCells(obj: KObject): { names: string; images: string } {
  const containers = (obj.spec?.template?.spec?.containers ?? []) as { name?: string; image?: string }[];
  return { names: containers.map((c) => c.name ?? '').join(','), images: containers.map((c) => c.image ?? '').join(',') };
}

/** DESIRED CURRENT READY AGE, wide CONTAINERS IMAGES SELECTOR. */
function replicaColumns(selector: (obj: KObject) => string): TableColumn[] {
  return [
    { name: 'Desired', type: 'integer', cell: (o) => String(o.spec?.replicas ?? 0) },
    { name: 'Current', type: 'integer', cell: (o) => String(o.status?.replicas ?? 0) },
    { name: 'Ready', type: 'integer', cell: (o) => String(o.status?.readyReplicas ?? 0) },
    { name: 'Age', cell: age },
    { name: 'Containers', priority: 1, cell: (o) => containerCells(o).names },
    { name: 'Images', priority: 1, cell: (o) => containerCells(o).images },
    { name: 'Selector', priority: 1, cell: selector },
  ];
}

/** A new object's status: the controller's (ReplicaSetStatus.replicas is not omitempty). */
const initialStatus = (obj: KObject): KObject => ({ ...obj, status: { replicas: 0 } });

export const replicaSetKind: KindDefinition = {
  group: 'apps',
  version: 'v1',
  kind: 'ReplicaSet',
  plural: 'replicasets',
  singular: 'replicaset',
  shortNames: ['rs'],
  namespaced: true,
  categories: ['all'],
  hasStatus: true,
  tracksGeneration: true,
  specFields: ['spec'],
  defaultPropagationPolicy: 'Background',
  garbageCollected: true,
  applyDefaults: defaultReplicaSet,
  prepareForCreate: initialStatus,
  validate: validateReplicaSet,
  validateUpdate: validateReplicaSetUpdate,
  validateStatusUpdate: validateReplicasStatusUpdate,
  scale: labelSelectorScale,
  columns: replicaColumns((o) => formatLabelSelector(o.spec?.selector)),
};

export const replicationControllerKind: KindDefinition = {
  group: '',
  version: 'v1',
  kind: 'ReplicationController',
  plural: 'replicationcontrollers',
  singular: 'replicationcontroller',
  shortNames: ['rc'],
  namespaced: true,
  categories: ['all'],
  hasStatus: true,
  tracksGeneration: true,
  specFields: ['spec'],
  defaultPropagationPolicy: 'Orphan',
  garbageCollected: true,
  applyDefaults: defaultReplicationController,
  prepareForCreate: initialStatus,
  validate: validateReplicationController,
  validateUpdate: validateReplicationControllerUpdate,
  validateStatusUpdate: validateReplicasStatusUpdate,
  // pkg/apis/core/v1/conversion.go: ReplicationControllers accept status.replicas too.
  fieldLabels: ['metadata.name', 'metadata.namespace', 'status.replicas'],
  fieldSelectors: { 'status.replicas': (o) => String(o.status?.replicas ?? 0) },
  scale: mapSelectorScale,
  columns: replicaColumns((o) => formatLabels(o.spec?.selector)),
};
