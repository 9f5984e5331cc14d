// batch/v1 Job (pkg/registry/batch/job): status subresource, generation bumps on spec changes,
// a selector generated from the uid unless manualSelector, and Orphan as the default propagation
// policy of batch/v1 (kubectl itself sends Background). Table columns as printers.go printJob.

import { formatLabelSelector } from '../../../k8s/labels';
import { isDNS1123Label } from '../../../k8s/names';
import type { KObject } from '../../../k8s/types';
import { defaultJob } from '../defaulting/job';
import {
  CONTROLLER_UID_LABEL,
  JOB_NAME_LABEL,
  LEGACY_CONTROLLER_UID_LABEL,
  LEGACY_JOB_NAME_LABEL,
  validateJob,
  validateJobStatusUpdate,
  validateJobUpdate,
} from '../validation/job';
import { semanticEqual } from '../validation/util';
import { age, since } from './columns';
import { humanDuration } from '../../../k8s/duration';
import type { CreateContext, KindDefinition, PrintContext } from './kind-definition';

type Labels = Record<string, string>;

/**
 * generateSelector: the template gets the job-name and controller-uid labels (legacy and
 * prefixed) unless set, and the selector matches the prefixed controller-uid.
 */
function generateSelector(job: KObject, uid: string): KObject {
  const spec = job.spec ?? {};
  const template = spec.template ?? {};
  const templateMeta = template.metadata ?? {};
  const original: Labels = templateMeta.labels ?? {};
  const labels: Labels = { ...original };
  const name = job.metadata.name ?? '';
  for (const k of [LEGACY_JOB_NAME_LABEL, JOB_NAME_LABEL]) if (!(k in labels)) labels[k] = name;
  for (const k of [LEGACY_CONTROLLER_UID_LABEL, CONTROLLER_UID_LABEL]) if (!(k in labels)) labels[k] = uid;
  const selector = { ...(spec.selector ?? {}) };
  const matchLabels: Labels = { ...(selector.matchLabels ?? {}) };
  if (!(CONTROLLER_UID_LABEL in matchLabels)) matchLabels[CONTROLLER_UID_LABEL] = uid;
  selector.matchLabels = matchLabels;
  // Defaulting gave label-less Jobs the template's label map itself, and the registry defaults
  // again when it reads the stored Job: either way such a Job carries the generated labels too.
  const own = job.metadata.labels;
  const shareLabels = !own || Object.keys(own).length === 0 || semanticEqual(own, original);
  return {
    ...job,
    metadata: shareLabels ? { ...job.metadata, labels } : job.metadata,
    spec: { ...spec, selector, template: { ...template, metadata: { ...templateMeta, labels } } },
  };
}

/** PrepareForCreate: generate the selector when not manual; status starts empty. */
function prepareJobForCreate(job: KObject, ctx: CreateContext): KObject {
  const uid = ctx.uid();
  let out: KObject = { ...job, metadata: { ...job.metadata, uid }, status: {} };
  if (out.spec?.manualSelector !== true) out = generateSelector(out, uid);
  return out;
}

function conditionTrue(job: KObject, type: string): boolean {
  const conditions = (job.status?.conditions ?? []) as { type?: string; status?: string }[];
  return conditions.some((c) => c.type === type && c.status === 'True');
}

/**
 * printJob's STATUS: Complete, Failed, Terminating, Suspended, FailureTarget, else Running (a Job
 * whose SuccessCriteriaMet waits for its Complete condition still says Running).
 */
export function jobStatusCell(job: KObject): string {
  if (conditionTrue(job, 'Complete')) return 'Complete';
  if (conditionTrue(job, 'Failed')) return 'Failed';
  if (job.metadata.deletionTimestamp) return 'Terminating';
  if (conditionTrue(job, 'Suspended')) return 'Suspended';
  if (conditionTrue(job, 'FailureTarget')) return 'FailureTarget';
  return 'Running';
}

/** COMPLETIONS: `succeeded/completions`, or for the work-queue pattern `n/1` (`n/1 of p`). */
export function jobCompletionsCell(job: KObject): string {
  const succeeded = (job.status?.succeeded as number | undefined) ?? 0;
  const completions = job.spec?.completions as number | undefined;
  if (typeof completions === 'number') return `${succeeded}/${completions}`;
  const parallelism = (job.spec?.parallelism as number | undefined) ?? 0;
  return parallelism > 1 ? `${succeeded}/1 of ${parallelism}` : `${succeeded}/1`;
}

/** DURATION: empty before the start, running time until completion, then start to completion. */
export function jobDurationCell(job: KObject, ctx: PrintContext): string {
  const start = job.status?.startTime as string | undefined;
  const completion = job.status?.completionTime as string | undefined;
  if (!start) return '';
  if (!completion) return since(start, ctx);
  return humanDuration(Date.parse(completion) - Date.parse(start));
}

function containerCells(job: KObject): { names: string; images: string } {
  const containers = (job.spec?.template?.spec?.containers ?? []) as { name?: string; image?: string }[];
  return { names: containers.map((c) => c.name ?? '').join(','), images: containers.map((c) => c.image ?? '').join(',') };
}

export const jobKind: KindDefinition = {
  group: 'batch',
  version: 'v1',
  kind: 'Job',
  plural: 'jobs',
  singular: 'job',
  shortNames: [],
  namespaced: true,
  categories: ['all'],
  hasStatus: true,
  tracksGeneration: true,
  specFields: ['spec'],
  defaultPropagationPolicy: 'Orphan',
  garbageCollected: true,
  applyDefaults: defaultJob,
  prepareForCreate: prepareJobForCreate,
  validate: validateJob,
  warningsOnCreate: (job) => {
    const msgs = isDNS1123Label(job.metadata.name ?? '');
    return msgs.length === 0
      ? []
      : [
          `metadata.name: this is used in Pod names and hostnames, which can result in surprising behavior; a DNS label is recommended: [${msgs.join(' ')}]`,
        ];
  },
  validateUpdate: validateJobUpdate,
  validateStatusUpdate: validateJobStatusUpdate,
  // pkg/apis/batch/v1/conversion.go: Jobs accept status.successful as a field label.
  fieldLabels: ['metadata.name', 'metadata.namespace', 'status.successful'],
  fieldSelectors: { 'status.successful': (o) => String((o.status?.succeeded as number | undefined) ?? 0) },
  columns: [
    { name: 'Status', cell: jobStatusCell },
    { name: 'Completions', cell: jobCompletionsCell },
    { name: 'Duration', cell: jobDurationCell },
    { name: 'Age', cell: age },
    { name: 'Containers', priority: 1, cell: (o) => containerCells(o).names },
    { name: 'Images', priority: 1, cell: (o) => containerCells(o).images },
    { name: 'Selector', priority: 1, cell: (o) => formatLabelSelector(o.spec?.selector) },
  ],
};
