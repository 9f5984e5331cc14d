// The kubelet's own admission of a pod bound to its node (pkg/kubelet/lifecycle/predicate.go):
// the pod must fit the node's allocatable resources next to the pods already admitted, and match
// its node selector. A rejected pod becomes Failed with reason OutOf<resource> / NodeAffinity.

import type { KObject } from '../../../k8s/types';
import { nodeAllocatable, podRequests } from '../../scheduler/framework/resources';
import type { Resource } from '../../scheduler/framework/types';

export type Admission = { admitted: true } | { admitted: false; reason: string; message: string };

/** What the pods admitted on a node request together, and how many they are. */
export interface AdmittedRequests {
  readonly cpu: number;
  readonly memory: number;
  readonly storage: number;
  readonly count: number;
}

/**
 * The node's admitted pods' requests kept as a running total: each pod adds its requests when it
 * starts counting and takes them back when it stops, so admission does not sum every pod on the
 * node each time. Requests are whole numbers (milli-CPU, bytes), so the total is exact — unless one
 * is beyond a double's integers, and then the caller sums the pods as before (`exact` false).
 */
export class AdmittedUsage implements AdmittedRequests {
  cpu = 0;
  memory = 0;
  storage = 0;
  count = 0;
  private inexact = 0;

  get exact(): boolean {
    return this.inexact === 0;
  }

  /** A pod stops counting with `before` and counts with `after` (undefined: not counted). */
  replace(before: Resource | undefined, after: Resource | undefined): void {
    if (before) this.add(before, -1);
    if (after) this.add(after, 1);
  }

  private add(r: Resource, sign: 1 | -1): void {
    this.cpu += sign * r.milliCPU;
    this.memory += sign * r.memory;
    this.storage += sign * r.ephemeralStorage;
    this.count += sign;
    if (![r.milliCPU, r.memory, r.ephemeralStorage].every(Number.isSafeInteger)) this.inexact += sign;
  }
}

/** The requests of `pods` summed one by one. */
export function sumRequests(pods: Iterable<KObject>): AdmittedRequests {
  let cpu = 0;
  let memory = 0;
  let storage = 0;
  let count = 0;
  for (const other of pods) {
    const r = podRequests(other);
    cpu += r.milliCPU;
    memory += r.memory;
    storage += r.ephemeralStorage;
    count++;
  }
  return { cpu, memory, storage, count };
}

export function admitPod(pod: KObject, node: KObject | undefined, used: AdmittedRequests): Admission {
  if (!node) return { admitted: true };
  const selector: Record<string, string> = pod.spec?.nodeSelector ?? {};
  const labels: Record<string, string> = node.metadata.labels ?? {};
  if (Object.entries(selector).some(([k, v]) => labels[k] !== v)) {
    return { admitted: false, reason: 'NodeAffinity', message: 'Predicate NodeAffinity failed' };
  }
  const allocatable = nodeAllocatable(node);
  const want = podRequests(pod);
  const { cpu, memory, storage, count } = used;
  const checks: [string, number, number, number][] = [
    ['pods', 1, count, allocatable.allowedPodNumber],
    ['cpu', want.milliCPU, cpu, allocatable.milliCPU],
    ['memory', want.memory, memory, allocatable.memory],
    ['ephemeral-storage', want.ephemeralStorage, storage, allocatable.ephemeralStorage],
  ];
  for (const [resource, requested, used, capacity] of checks) {
    if (requested === 0) continue;
    if (requested + used > capacity) {
      return {
        admitted: false,
        reason: `OutOf${resource}`,
        message: `Node didn't have enough resource: ${resource}, requested: ${requested}, used: ${used}, capacity: ${capacity}`,
      };
    }
  }
  return { admitted: true };
}
