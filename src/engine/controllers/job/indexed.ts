// Indexed Jobs (pkg/controller/job/indexed_job_utils.go): a pod's completion index (annotation
// and label batch.kubernetes.io/job-completion-index), the indexes still to run, duplicate pods
// of an index, the per-index failure counts carried from a failed pod to its replacement, and the
// pod template of an index (JOB_COMPLETION_INDEX from the label, hostname `<job>-<index>`).

import type { KObject } from '../../../k8s/types';
import { sortActivePods } from '../active-pods';
import type { PodTemplateSpec } from '../pod-control';
import { matchPodFailurePolicy } from './pod-failure-policy';

export const JOB_COMPLETION_INDEX_ANNOTATION = 'batch.kubernetes.io/job-completion-index';
export const JOB_INDEX_FAILURE_COUNT_ANNOTATION = 'batch.kubernetes.io/job-index-failure-count';
export const JOB_INDEX_IGNORED_FAILURE_COUNT_ANNOTATION = 'batch.kubernetes.io/job-index-ignored-failure-count';
export const COMPLETION_INDEX_ENV_NAME = 'JOB_COMPLETION_INDEX';
export const UNKNOWN_COMPLETION_INDEX = -1;
/** names.MaxGeneratedNameLength: 63 − 5 random characters. */
const MAX_GENERATED_NAME_LENGTH = 58;

/** getCompletionIndex: the annotation as a non-negative integer, or -1. */
export function completionIndexOf(pod: KObject): number {
  const v = pod.metadata.annotations?.[JOB_COMPLETION_INDEX_ANNOTATION];
  if (v === undefined || !/^[+-]?\d+$/.test(v)) return UNKNOWN_COMPLETION_INDEX;
  const i = Number.parseInt(v, 10);
  return i < 0 ? UNKNOWN_COMPLETION_INDEX : i;
}

/** The indexes of `pods` that have one. */
export function indexesOf(pods: readonly KObject[]): Set<number> {
  const out = new Set<number>();
  for (const p of pods) {
    const ix = completionIndexOf(p);
    if (ix !== UNKNOWN_COMPLETION_INDEX) out.add(ix);
  }
  return out;
}

/** firstPendingIndexes: the lowest `count` indexes below `completions` not in `nonPending`. */
export function firstPendingIndexes(nonPending: ReadonlySet<number>, count: number, completions: number): number[] {
  const out: number[] = [];
  for (let candidate = 0; candidate < completions && out.length < count; candidate++) {
    if (!nonPending.has(candidate)) out.push(candidate);
  }
  return out;
}

/**
 * appendDuplicatedIndexPodsForRemoval: pods without an index or with one out of range go; of
 * several pods of one index all but the one ActivePods orders last go. Returns [remove, keep].
 */
export function duplicatedIndexPods(pods: readonly KObject[], completions: number): [KObject[], KObject[]] {
  const rm: KObject[] = [];
  const left: KObject[] = [];
  const byIndex = new Map<number, KObject[]>();
  for (const p of pods) {
    const ix = completionIndexOf(p);
    if (ix === UNKNOWN_COMPLETION_INDEX || ix >= completions) {
      rm.push(p);
      continue;
    }
    const list = byIndex.get(ix);
    if (list) list.push(p);
    else byIndex.set(ix, [p]);
  }
  for (const ix of [...byIndex.keys()].sort((a, b) => a - b)) {
    const same = byIndex.get(ix)!;
    if (same.length === 1) {
      left.push(same[0]);
      continue;
    }
    const sorted = sortActivePods(same);
    rm.push(...sorted.slice(0, -1));
    left.push(sorted[sorted.length - 1]);
  }
  return [rm, left];
}

function annotationInt(pod: KObject, key: string): number {
  const v = pod.metadata.annotations?.[key];
  if (v === undefined || !/^[+-]?\d+$/.test(v)) return 0;
  const n = Number.parseInt(v, 10);
  return n < 0 || n > 2147483647 ? 0 : n;
}

/** getIndexFailureCount. */
export function indexFailureCount(pod: KObject): number {
  return annotationInt(pod, JOB_INDEX_FAILURE_COUNT_ANNOTATION);
}

/** getIndexAbsoluteFailureCount: counted and ignored failures of the index. */
export function indexAbsoluteFailureCount(pod: KObject): number {
  return indexFailureCount(pod) + annotationInt(pod, JOB_INDEX_IGNORED_FAILURE_COUNT_ANNOTATION);
}

/** getNewIndexFailureCounts: the counts the replacement of `replaced` starts with. */
export function newIndexFailureCounts(podFailurePolicy: unknown, replaced: KObject | undefined): [number, number] {
  if (!replaced) return [0, 0];
  let failures = indexFailureCount(replaced);
  let ignored = annotationInt(replaced, JOB_INDEX_IGNORED_FAILURE_COUNT_ANNOTATION);
  if (podFailurePolicy && !matchPodFailurePolicy(podFailurePolicy, replaced).countFailed) ignored++;
  else failures++;
  return [failures, ignored];
}

/** podGenerateNameWithIndex: `<job>-<index>-`, the job name cut so the prefix fits 58 characters. */
export function podGenerateNameWithIndex(jobName: string, index: number): string {
  const suffix = `-${index}-`;
  const prefix = jobName + suffix;
  return prefix.length > MAX_GENERATED_NAME_LENGTH ? prefix.slice(0, MAX_GENERATED_NAME_LENGTH - suffix.length) + suffix : prefix;
}

type Container = { env?: { name?: string }[] } & Record<string, unknown>;

/** addCompletionIndexEnvVariable on every (init) container that does not define it already. */
function withIndexEnv(containers: unknown): unknown {
  if (!Array.isArray(containers)) return containers;
  return (containers as Container[]).map((c) =>
    (c.env ?? []).some((e) => e.name === COMPLETION_INDEX_ENV_NAME)
      ? c
      : {
          ...c,
          env: [
            ...(c.env ?? []),
            {
              name: COMPLETION_INDEX_ENV_NAME,
              valueFrom: { fieldRef: { fieldPath: `metadata.labels['${JOB_COMPLETION_INDEX_ANNOTATION}']` } },
            },
          ],
        },
  );
}

/** The template with JOB_COMPLETION_INDEX in every container (once per Job template). */
export function indexedTemplate(template: PodTemplateSpec): PodTemplateSpec {
  const spec: Record<string, unknown> = { ...((template.spec ?? {}) as Record<string, unknown>) };
  if (spec.initContainers !== undefined) spec.initContainers = withIndexEnv(spec.initContainers);
  spec.containers = withIndexEnv(spec.containers);
  return { ...template, spec: spec as KObject['spec'] };
}

/** The template of one index: annotation and label, hostname `<job>-<index>`, failure counts. */
export function templateForIndex(
  template: PodTemplateSpec,
  jobName: string,
  index: number,
  failureCounts: [number, number] | undefined,
): PodTemplateSpec {
  const meta = template.metadata ?? {};
  const annotations: Record<string, string> = { ...(meta.annotations ?? {}), [JOB_COMPLETION_INDEX_ANNOTATION]: String(index) };
  if (failureCounts) {
    annotations[JOB_INDEX_FAILURE_COUNT_ANNOTATION] = String(failureCounts[0]);
    if (failureCounts[1] > 0) annotations[JOB_INDEX_IGNORED_FAILURE_COUNT_ANNOTATION] = String(failureCounts[1]);
  }
  return {
    metadata: { ...meta, annotations, labels: { ...(meta.labels ?? {}), [JOB_COMPLETION_INDEX_ANNOTATION]: String(index) } },
    spec: { ...(template.spec ?? {}), hostname: `${jobName}-${index}` } as KObject['spec'],
  };
}
