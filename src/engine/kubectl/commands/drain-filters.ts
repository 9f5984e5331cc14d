// The pod filters of `kubectl drain` (kubectl pkg/drain/filters.go): which pods on the node are
// evicted, which are left alone and which stop the drain. Filters run in a fixed order —
// skipDeleted, daemonSet, mirrorPod, localStorage, unreplicated — and the first one that says
// "don't delete" ends the chain; otherwise the last filter's verdict is the pod's (so the
// "deleting Pods with local storage" warning is always overwritten by the unreplicated filter's
// verdict). Errors and warnings are grouped by message, pods as `namespace/name` in list order.
// (Upstream groups through a Go map, so the order of several groups varies between runs; here it
// is the order in which each message first appears.)

import type { KObject } from '../../../k8s/types';

export const DAEMONSET_FATAL = 'DaemonSet-managed Pods (use --ignore-daemonsets to ignore)';
export const DAEMONSET_WARNING = 'ignoring DaemonSet-managed Pods';
export const LOCAL_STORAGE_FATAL = 'Pods with local storage (use --delete-emptydir-data to override)';
export const LOCAL_STORAGE_WARNING = 'deleting Pods with local storage';
export const UNMANAGED_FATAL = 'cannot delete Pods that declare no controller (use --force to override)';
export const UNMANAGED_WARNING = 'deleting Pods that declare no controller';

/** corev1.MirrorPodAnnotationKey. */
const MIRROR_POD_ANNOTATION = 'kubernetes.io/config.mirror';

export type PodDeleteReason = 'Okay' | 'Skip' | 'Warning' | 'Error';

export interface PodDeleteStatus {
  delete: boolean;
  reason: PodDeleteReason;
  message?: string;
}

export interface DrainFilterOptions {
  force: boolean;
  ignoreAllDaemonSets: boolean;
  deleteEmptyDirData: boolean;
  skipWaitForDeleteTimeoutSeconds: number;
  /** "Now" in the virtual clock's milliseconds, for skip-wait-for-delete-timeout. */
  nowMs: number;
  /** metav1.Time to the same milliseconds. */
  parseTimestamp(ts: string): number;
  /**
   * GET of the DaemonSet a pod names as its controller: undefined when it exists, else the error
   * (its message and whether it is a NotFound).
   */
  getDaemonSet(namespace: string, name: string): { message: string; notFound: boolean } | undefined;
}

const okay = (): PodDeleteStatus => ({ delete: true, reason: 'Okay' });
const skip = (): PodDeleteStatus => ({ delete: false, reason: 'Skip' });
const warning = (del: boolean, message: string): PodDeleteStatus => ({ delete: del, reason: 'Warning', message });
const error = (message: string): PodDeleteStatus => ({ delete: false, reason: 'Error', message });

function finished(pod: KObject): boolean {
  const phase = pod.status?.phase;
  return phase === 'Succeeded' || phase === 'Failed';
}

/** metav1.GetControllerOf. */
function controllerOf(pod: KObject): { kind?: string; name?: string } | undefined {
  return (pod.metadata.ownerReferences ?? []).find((r) => r.controller === true);
}

/** shouldSkipPod: the pod's deletionTimestamp is more than N whole seconds in the past. */
export function shouldSkipPod(pod: KObject, seconds: number, nowMs: number, parseTimestamp: (ts: string) => number): boolean {
  const ts = pod.metadata.deletionTimestamp;
  if (seconds <= 0 || !ts) return false;
  return Math.trunc((nowMs - parseTimestamp(ts)) / 1000) > seconds;
}

type PodFilter = (pod: KObject) => PodDeleteStatus;

function makeFilters(o: DrainFilterOptions): PodFilter[] {
  const skipDeleted: PodFilter = (pod) =>
    shouldSkipPod(pod, o.skipWaitForDeleteTimeoutSeconds, o.nowMs, o.parseTimestamp) ? skip() : okay();

  const daemonSet: PodFilter = (pod) => {
    const ref = controllerOf(pod);
    if (!ref || ref.kind !== 'DaemonSet') return okay();
    if (finished(pod)) return okay();
    const missing = o.getDaemonSet(pod.metadata.namespace ?? '', ref.name ?? '');
    if (missing) {
      // An orphaned DaemonSet pod goes with --force (and a warning).
      if (missing.notFound && o.force) return warning(true, missing.message);
      return error(missing.message);
    }
    if (!o.ignoreAllDaemonSets) return error(DAEMONSET_FATAL);
    return warning(false, DAEMONSET_WARNING);
  };

  const mirrorPod: PodFilter = (pod) => (pod.metadata.annotations?.[MIRROR_POD_ANNOTATION] !== undefined ? skip() : okay());

  const localStorage: PodFilter = (pod) => {
    const volumes = (pod.spec?.volumes ?? []) as { emptyDir?: unknown }[];
    if (!volumes.some((v) => v.emptyDir !== undefined && v.emptyDir !== null)) return okay();
    if (finished(pod)) return okay();
    if (!o.deleteEmptyDirData) return error(LOCAL_STORAGE_FATAL);
    return warning(true, LOCAL_STORAGE_WARNING);
  };

  const unreplicated: PodFilter = (pod) => {
    if (finished(pod)) return okay();
    if (controllerOf(pod)) return okay();
    if (o.force) return warning(true, UNMANAGED_WARNING);
    return error(UNMANAGED_FATAL);
  };

  return [skipDeleted, daemonSet, mirrorPod, localStorage, unreplicated];
}

export interface PodDelete {
  pod: KObject;
  status: PodDeleteStatus;
}

/** PodDeleteList: every listed pod with its verdict. */
export class PodDeleteList {
  constructor(readonly items: PodDelete[]) {}

  /** The pods to evict or delete. */
  pods(): KObject[] {
    return this.items.filter((i) => i.status.delete).map((i) => i.pod);
  }

  /** `message: ns/a, ns/b` per warning message, `; `-joined ("" when none). */
  warnings(): string {
    return grouped(this.items, 'Warning')
      .map(([message, pods]) => `${message}: ${pods.join(', ')}`)
      .join('; ');
  }

  /** One error per message: `cannot delete <message>: ns/a, ns/b`. */
  errors(): string[] {
    return grouped(this.items, 'Error').map(([message, pods]) =>
      message.toLowerCase().startsWith('cannot delete')
        ? `${message}: ${pods.join(', ')}`
        : `cannot delete ${message}: ${pods.join(', ')}`,
    );
  }
}

function grouped(items: PodDelete[], reason: PodDeleteReason): [string, string[]][] {
  const groups = new Map<string, string[]>();
  for (const { pod, status } of items) {
    if (status.reason !== reason) continue;
    const message = status.message || (reason === 'Error' ? 'unexpected error' : '');
    const list = groups.get(message) ?? [];
    list.push(`${pod.metadata.namespace ?? ''}/${pod.metadata.name ?? ''}`);
    groups.set(message, list);
  }
  return [...groups];
}

/** filterPods: each pod through the filters until one says "don't delete". */
export function filterPods(pods: KObject[], options: DrainFilterOptions): PodDeleteList {
  const filters = makeFilters(options);
  const items: PodDelete[] = [];
  for (const pod of pods) {
    let status: PodDeleteStatus = okay();
    for (const filter of filters) {
      status = filter(pod);
      if (!status.delete) break;
    }
    items.push({ pod, status });
  }
  return new PodDeleteList(items);
}
