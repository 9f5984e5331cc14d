// apps/v1 DaemonSet (pkg/registry/apps/daemonset/strategy.go): status subresource, generation
// bumps on spec changes, and the template generation — an internal spec field that apps/v1 carries
// in the `deprecated.daemonset.template.generation` annotation (apps/v1 conversion) — set to 1 on
// create and raised by one whenever the template changes; a client cannot set it. Default
// propagation Background. Table columns as printers.go printDaemonSet.

import { formatLabels, formatLabelSelector } from '../../../k8s/labels';
import type { KObject } from '../../../k8s/types';
import { deepEqual } from '../deep';
import { defaultDaemonSet } from '../defaulting/daemonset';
import { validateDaemonSet, validateDaemonSetStatusUpdate, validateDaemonSetUpdate } from '../validation/daemonset';
import { age } from './columns';
import { templateContainerCells } from './deployment';
import type { KindDefinition } from './kind-definition';

/** appsv1.DeprecatedTemplateGeneration. */
export const TEMPLATE_GENERATION_ANNOTATION = 'deprecated.daemonset.template.generation';

/** spec.templateGeneration as the apps/v1 object carries it (0 when missing or not a number). */
export function templateGeneration(ds: KObject): number {
  const raw = ds.metadata.annotations?.[TEMPLATE_GENERATION_ANNOTATION];
  const n = raw === undefined ? NaN : Number(raw);
  return Number.isInteger(n) ? n : 0;
}

function withTemplateGeneration(ds: KObject, generation: number): KObject {
  const annotations = { ...(ds.metadata.annotations ?? {}), [TEMPLATE_GENERATION_ANNOTATION]: String(generation) };
  return { ...ds, metadata: { ...ds.metadata, annotations } };
}

/** DaemonSetStatus with its non-omitempty counters. */
const EMPTY_STATUS = Object.freeze({
  currentNumberScheduled: 0,
  numberMisscheduled: 0,
  desiredNumberScheduled: 0,
  numberReady: 0,
});

export const daemonSetKind: KindDefinition = {
  group: 'apps',
  version: 'v1',
  kind: 'DaemonSet',
  plural: 'daemonsets',
  singular: 'daemonset',
  shortNames: ['ds'],
  namespaced: true,
  categories: ['all'],
  hasStatus: true,
  tracksGeneration: true,
  specFields: ['spec'],
  defaultPropagationPolicy: 'Background',
  garbageCollected: true,
  applyDefaults: defaultDaemonSet,
  // PrepareForCreate: status is the controller's; templateGeneration at least 1.
  prepareForCreate: (ds) => {
    const next = { ...ds, status: { ...EMPTY_STATUS } };
    return templateGeneration(ds) < 1 ? withTemplateGeneration(next, 1) : next;
  },
  // PrepareForUpdate: the client cannot set templateGeneration; a template change raises it.
  prepareForUpdate: (ds, old) => {
    const oldGeneration = templateGeneration(old);
    const changed = !deepEqual(ds.spec?.template ?? null, old.spec?.template ?? null);
    return withTemplateGeneration(ds, changed ? oldGeneration + 1 : oldGeneration);
  },
  validate: validateDaemonSet,
  validateUpdate: validateDaemonSetUpdate,
  validateStatusUpdate: validateDaemonSetStatusUpdate,
  columns: [
    { name: 'Desired', type: 'integer', cell: (o) => String(o.status?.desiredNumberScheduled ?? 0) },
    { name: 'Current', type: 'integer', cell: (o) => String(o.status?.currentNumberScheduled ?? 0) },
    { name: 'Ready', type: 'integer', cell: (o) => String(o.status?.numberReady ?? 0) },
    { name: 'Up-to-date', type: 'integer', cell: (o) => String(o.status?.updatedNumberScheduled ?? 0) },
    { name: 'Available', type: 'integer', cell: (o) => String(o.status?.numberAvailable ?? 0) },
    { name: 'Node Selector', cell: (o) => formatLabels(o.spec?.template?.spec?.nodeSelector) },
    { name: 'Age', cell: age },
    { name: 'Containers', priority: 1, cell: (o) => templateContainerCells(o.spec?.template).names },
    { name: 'Images', priority: 1, cell: (o) => templateContainerCells(o.spec?.template).images },
    { name: 'Selector', priority: 1, cell: (o) => formatLabelSelector(o.spec?.selector) },
  ],
};
