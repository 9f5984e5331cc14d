// QoS class of a pod (pkg/apis/core/helper/qos): BestEffort without any requests or limits,
// Guaranteed when every container limits cpu and memory with requests equal to limits,
// Burstable otherwise. Requests were defaulted from limits before this runs.

import { parseQuantity } from '../../../k8s/quantity';
import type { KObject } from '../../../k8s/types';

const computeResources = ['cpu', 'memory'];

function sameQuantity(a: string | undefined, b: string | undefined): boolean {
  if (a === undefined || b === undefined) return false;
  try {
    return parseQuantity(a).cmp(parseQuantity(b)) === 0;
  } catch {
    return a === b;
  }
}

export function podQosClass(pod: KObject): 'Guaranteed' | 'Burstable' | 'BestEffort' {
  const containers: { resources?: { requests?: Record<string, string>; limits?: Record<string, string> } }[] = [
    ...(pod.spec?.initContainers ?? []),
    ...(pod.spec?.containers ?? []),
  ];
  let any = false;
  let guaranteed = true;
  for (const c of containers) {
    const requests = c.resources?.requests ?? {};
    const limits = c.resources?.limits ?? {};
    for (const r of computeResources) {
      if (requests[r] !== undefined || limits[r] !== undefined) any = true;
      if (!sameQuantity(requests[r] ?? limits[r], limits[r])) guaranteed = false;
    }
  }
  if (!any) return 'BestEffort';
  return guaranteed ? 'Guaranteed' : 'Burstable';
}
