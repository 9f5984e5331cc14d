// The kubelet's own admission of a pod bound to its node (pkg/kubelet/lifecycle/predicate.go):
// the pod must fit the node's allocatable resources next to the pods already admitted, and match
// its node selector. A rejected pod becomes Failed with reason OutOf<resource> / NodeAffinity.

import type { KObject } from '../../../k8s/types';
import { nodeAllocatable, podRequests } from '../../scheduler/framework/resources';

export type Admission = { admitted: true } | { admitted: false; reason: string; message: string };

export function admitPod(pod: KObject, node: KObject | undefined, admittedPods: Iterable<KObject>): Admission {
  if (!node) return { admitted: true };
  const selector: Record<string, string> = pod.spec?.nodeSelector ?? {};
  const labels: Record<string, string> = node.metadata.labels ?? {};
  if (Object.entries(selector).some(([k, v]) => labels[k] !== v)) {
    return { admitted: false, reason: 'NodeAffinity', message: 'Predicate NodeAffinity failed' };
  }
  const allocatable = nodeAllocatable(node);
  const want = podRequests(pod);
  let cpu = 0;
  let memory = 0;
  let storage = 0;
  let count = 0;
  for (const other of admittedPods) {
    const r = podRequests(other);
    cpu += r.milliCPU;
    memory += r.memory;
    storage += r.ephemeralStorage;
    count++;
  }
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
