// batch/v1 CronJob (pkg/registry/batch/cronjob): status subresource, generation bumps on spec
// changes, Background as the default propagation policy. Table columns as printers.go
// printCronJob (SCHEDULE, TIMEZONE, SUSPEND, ACTIVE, LAST SCHEDULE; -o wide adds the job
// template's containers, images and selector).

import { formatLabelSelector } from '../../../k8s/labels';
import { defaultCronJob } from '../defaulting/cronjob';
import { validateCronJob, validateCronJobStatusUpdate, validateCronJobUpdate } from '../validation/cronjob';
import { age, since } from './columns';
import { templateContainerCells } from './deployment';
import type { KindDefinition } from './kind-definition';

/** printBoolPtr: `<unset>` for nil. */
function boolPtrCell(v: unknown): string {
  if (typeof v !== 'boolean') return '<unset>';
  return v ? 'True' : 'False';
}

export const cronJobKind: KindDefinition = {
  group: 'batch',
  version: 'v1',
  kind: 'CronJob',
  plural: 'cronjobs',
  singular: 'cronjob',
  shortNames: ['cj'],
  namespaced: true,
  categories: ['all'],
  hasStatus: true,
  tracksGeneration: true,
  specFields: ['spec'],
  defaultPropagationPolicy: 'Background',
  garbageCollected: true,
  applyDefaults: defaultCronJob,
  // cronJobStrategy.PrepareForCreate: status is the controller's.
  prepareForCreate: (cj) => ({ ...cj, status: {} }),
  validate: validateCronJob,
  validateUpdate: validateCronJobUpdate,
  validateStatusUpdate: validateCronJobStatusUpdate,
  columns: [
    { name: 'Schedule', cell: (o) => String(o.spec?.schedule ?? '') },
    { name: 'Timezone', cell: (o) => (typeof o.spec?.timeZone === 'string' ? o.spec.timeZone : '<none>') },
    { name: 'Suspend', type: 'boolean', cell: (o) => boolPtrCell(o.spec?.suspend) },
    { name: 'Active', type: 'integer', cell: (o) => String(((o.status?.active as unknown[] | undefined) ?? []).length) },
    {
      name: 'Last Schedule',
      cell: (o, ctx) => (o.status?.lastScheduleTime ? since(o.status.lastScheduleTime as string, ctx) : '<none>'),
    },
    { name: 'Age', cell: age },
    { name: 'Containers', priority: 1, cell: (o) => templateContainerCells(o.spec?.jobTemplate?.spec?.template).names },
    { name: 'Images', priority: 1, cell: (o) => templateContainerCells(o.spec?.jobTemplate?.spec?.template).images },
    { name: 'Selector', priority: 1, cell: (o) => formatLabelSelector(o.spec?.jobTemplate?.spec?.selector) },
  ],
};
