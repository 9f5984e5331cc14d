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

export type QosClass = 'Guaranteed' | 'Burstable' | 'BestEffort';

// Pods from one template share their (frozen) spec: classify each such spec once. The class
// depends on nothing but the spec, and a frozen spec cannot change behind the cache's back.
const qosBySpec = new WeakMap<object, QosClass>();

export function podQosClass(pod: KObject): QosClass {
  const spec = pod.spec;
  if (typeof spec !== 'object' || spec === null || !Object.isFrozen(spec)) return computeQosClass(pod);
  let qos = qosBySpec.get(spec);
  if (qos === undefined) {
    qos = computeQosClass(pod);
    qosBySpec.set(spec, qos);
  }
  return qos;
}

function computeQosClass(pod: KObject): QosClass {
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
