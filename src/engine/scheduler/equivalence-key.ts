// Which pods may share an equivalence class (schedule-one.ts): those whose specs agree on every
// part the node-local filters and scores read — nodeName, nodeSelector, affinity, tolerations,
// overhead, pod-level resources, and each container's resources, ports and restartPolicy. Pods of
// one template share these sub-objects even though each has a spec of its own (the
// ServiceAccount admission names each pod's token volume), so the key is built from the
// sub-objects' identities: equal identities mean equal content; two equal copies only miss a
// sharing, never share wrongly.

import type { PodSpec } from '../../k8s/types';

const objectIds = new WeakMap<object, number>();
let nextObjectId = 1;
const keyOfSpec = new WeakMap<object, object>();
/** Interned keys; cleared when large (pods with one-off sub-objects would only fill it). */
const interned = new Map<string, object>();
const MAX_INTERNED = 4096;

function idOf(value: unknown): string {
  if (value === undefined) return '-';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  let id = objectIds.get(value);
  if (id === undefined) objectIds.set(value, (id = nextObjectId++));
  return `#${id}`;
}

/** The class key of `spec`: the same object for specs the node-local plugins cannot tell apart. */
export function equivalenceKey(spec: PodSpec): object {
  let key = keyOfSpec.get(spec);
  if (key) return key;
  const parts = [
    idOf(spec.nodeName),
    idOf(spec.nodeSelector),
    idOf(spec.affinity),
    idOf(spec.tolerations),
    idOf(spec.overhead),
    idOf((spec as { resources?: unknown }).resources),
  ];
  for (const list of [spec.initContainers, spec.containers]) {
    parts.push('|');
    for (const c of list ?? []) parts.push(idOf(c.resources), idOf(c.ports), idOf(c.restartPolicy));
  }
  const text = parts.join(',');
  key = interned.get(text);
  if (!key) {
    if (interned.size >= MAX_INTERNED) interned.clear();
    key = {};
    interned.set(text, key);
  }
  keyOfSpec.set(spec, key);
  return key;
}
