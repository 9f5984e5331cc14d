// apps/v1 Deployment (pkg/registry/apps/deployment): status and scale subresources; generation
// bumps on spec AND annotation changes (the controller copies annotations to its ReplicaSets).
// Table columns as printers.go printDeployment.

import { formatLabelSelector } from '../../../k8s/labels';
import type { KObject } from '../../../k8s/types';
import { deepEqual } from '../deep';
import { defaultDeployment } from '../defaulting/deployment';
import { labelSelectorScale } from '../subresources/scale';
import { validateDeployment, validateDeploymentStatusUpdate, validateDeploymentUpdate } from '../validation/deployment';
import { age } from './columns';
import type { KindDefinition } from './kind-definition';

/** layoutContainerCells: the template's container names and images, comma-joined. */
export function templateContainerCells(template: KObject['spec']): { names: string; images: string } {
  const containers = (template?.spec?.containers ?? []) as { name?: string; image?: string }[];
  return { names: containers.map((c) => c.name ?? '').join(','), images: containers.map((c) => c.image ?? '').join(',') };
}

export const deploymentKind: KindDefinition = {
  group: 'apps',
  version: 'v1',
  kind: 'Deployment',
  plural: 'deployments',
  singular: 'deployment',
  shortNames: ['deploy'],
  namespaced: true,
  categories: ['all'],
  hasStatus: true,
  tracksGeneration: true,
  specFields: ['spec'],
  defaultPropagationPolicy: 'Background',
  garbageCollected: true,
  applyDefaults: defaultDeployment,
  // deploymentStrategy.PrepareForCreate: status is the controller's.
  prepareForCreate: (d) => ({ ...d, status: {} }),
  // PrepareForUpdate: an annotation change bumps the generation too.
  prepareForUpdate: (d, old) => {
    if (deepEqual(d.metadata.annotations ?? {}, old.metadata.annotations ?? {})) return d;
    return { ...d, metadata: { ...d.metadata, generation: (old.metadata.generation ?? 0) + 1 } };
  },
  // deploymentStatusStrategy.PrepareForUpdate resets only spec and labels: the controller sets
  // deployment.kubernetes.io/revision with its status writes.
  prepareForStatusUpdate: (d, _old, incoming) => {
    const annotations = incoming.metadata?.annotations;
    if (deepEqual(annotations ?? {}, d.metadata.annotations ?? {})) return d;
    const metadata = { ...d.metadata };
    if (annotations === undefined) delete metadata.annotations;
    else metadata.annotations = annotations;
    return { ...d, metadata };
  },
  validate: validateDeployment,
  validateUpdate: validateDeploymentUpdate,
  validateStatusUpdate: validateDeploymentStatusUpdate,
  scale: labelSelectorScale,
  columns: [
    { name: 'Ready', cell: (o) => `${o.status?.readyReplicas ?? 0}/${o.spec?.replicas ?? 0}` },
    { name: 'Up-to-date', type: 'integer', cell: (o) => String(o.status?.updatedReplicas ?? 0) },
    { name: 'Available', type: 'integer', cell: (o) => String(o.status?.availableReplicas ?? 0) },
    { name: 'Age', cell: age },
    { name: 'Containers', priority: 1, cell: (o) => templateContainerCells(o.spec?.template).names },
    { name: 'Images', priority: 1, cell: (o) => templateContainerCells(o.spec?.template).images },
    { name: 'Selector', priority: 1, cell: (o) => formatLabelSelector(o.spec?.selector) },
  ],
};
