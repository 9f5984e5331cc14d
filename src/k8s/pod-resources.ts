// A pod's effective requests and limits (kubectl pkg/util/resource PodRequestsAndLimits): the sum
// of its containers, raised to what any init container needs (sidecars count towards both), plus
// the pod overhead. Pure: the node describer's allocation tables and the UI's usage bars share it.

import { parseQuantity, type Quantity } from './quantity';
import type { KObject } from './types';

export type ResourceList = Map<string, Quantity>;

function toList(raw: Record<string, unknown> | undefined | null): ResourceList {
  const list: ResourceList = new Map();
  for (const [name, value] of Object.entries(raw ?? {})) {
    try {
      list.set(name, parseQuantity(value as string | number));
    } catch {
      // Validation keeps unparsable quantities out of stored pods.
    }
  }
  return list;
}

function addInto(list: ResourceList, more: ResourceList): void {
  for (const [name, q] of more) {
    const have = list.get(name);
    list.set(name, have ? have.add(q) : q);
  }
}

function maxInto(list: ResourceList, more: ResourceList): void {
  for (const [name, q] of more) {
    const have = list.get(name);
    if (!have || q.cmp(have) > 0) list.set(name, q);
  }
}

/** max(a, b) per resource, for a container whose status reports its allocated resources. */
function maxOf(a: ResourceList, b: ResourceList): ResourceList {
  const out: ResourceList = new Map();
  for (const [name, q] of a) {
    const other = b.get(name);
    out.set(name, other && q.cmp(other) <= 0 ? other : q);
  }
  for (const [name, q] of b) if (!out.has(name)) out.set(name, q);
  return out;
}

const isSidecar = (c: any) => c.restartPolicy === 'Always';

export function podRequests(pod: KObject): ResourceList {
  const spec = pod.spec ?? {};
  const statuses = new Map<string, any>();
  for (const s of (pod.status?.containerStatuses ?? []) as any[]) statuses.set(s.name, s);
  const reqs: ResourceList = new Map();
  for (const c of (spec.containers ?? []) as any[]) {
    let containerReqs = toList(c.resources?.requests);
    const cs = statuses.get(c.name);
    if (cs?.resources) {
      const allocated = toList(cs.resources.requests);
      containerReqs = pod.status?.resize === 'Infeasible' ? allocated : maxOf(containerReqs, allocated);
    }
    addInto(reqs, containerReqs);
  }
  const sidecarReqs: ResourceList = new Map();
  const initReqs: ResourceList = new Map();
  for (const c of (spec.initContainers ?? []) as any[]) {
    let containerReqs = toList(c.resources?.requests);
    if (isSidecar(c)) {
      addInto(reqs, containerReqs);
      addInto(sidecarReqs, containerReqs);
      containerReqs = sidecarReqs;
    } else {
      const tmp: ResourceList = new Map();
      addInto(tmp, containerReqs);
      addInto(tmp, sidecarReqs);
      containerReqs = tmp;
    }
    maxInto(initReqs, containerReqs);
  }
  maxInto(reqs, initReqs);
  if (spec.overhead) addInto(reqs, toList(spec.overhead));
  return reqs;
}

export function podLimits(pod: KObject): ResourceList {
  const spec = pod.spec ?? {};
  const limits: ResourceList = new Map();
  for (const c of (spec.containers ?? []) as any[]) addInto(limits, toList(c.resources?.limits));
  const sidecarLimits: ResourceList = new Map();
  const initLimits: ResourceList = new Map();
  for (const c of (spec.initContainers ?? []) as any[]) {
    let containerLimits = toList(c.resources?.limits);
    if (isSidecar(c)) {
      addInto(limits, containerLimits);
      addInto(sidecarLimits, containerLimits);
      containerLimits = sidecarLimits;
    } else {
      const tmp: ResourceList = new Map();
      addInto(tmp, containerLimits);
      addInto(tmp, sidecarLimits);
      containerLimits = tmp;
    }
    maxInto(initLimits, containerLimits);
  }
  maxInto(limits, initLimits);
  if (spec.overhead) {
    for (const [name, q] of toList(spec.overhead)) {
      const have = limits.get(name);
      if (have && !have.isZero()) limits.set(name, have.add(q));
    }
  }
  return limits;
}

/** The zero Quantity kubectl reads for a missing resource (prints `0`). */
export const ZERO = parseQuantity('0');

export function get(list: ResourceList, name: string): Quantity {
  return list.get(name) ?? ZERO;
}
