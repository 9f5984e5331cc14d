// Resource arithmetic for the scheduler (framework.Resource) and the pod / node amounts the
// plugins compare: PodRequests (component-helpers/resource PodRequests with the sidecar formula,
// pod-level requests and overhead), the "non-zero" requests used for scoring, and a node's
// allocatable. Amounts are plain numbers in base units (milli-CPU, bytes, counts).
//
// Pods created from one template share the parts of their spec (the store shares unchanged
// sub-objects; binding only replaces spec.nodeName), so the computed requests are cached per
// (containers, initContainers, overhead, resources) objects and returned frozen: callers must copy
// before changing them.
//
// Deliberate simplification: requests are taken from the spec only. Upstream (InPlacePodVertical-
// Scaling, on by default since 1.33) also takes max(spec, allocated, actuated) from container
// statuses during an in-place resize; the simulation does not resize pods in place.

import { parseQuantity, type Quantity } from '../../../k8s/quantity';
import type { KObject } from '../../../k8s/types';
import type { Resource } from './types';

/** schedutil.DefaultMilliCPURequest: CPU counted for a container without a CPU request (scoring only). */
export const DEFAULT_MILLI_CPU_REQUEST = 100;
/** schedutil.DefaultMemoryRequest: 200 MiB counted for a container without a memory request (scoring only). */
export const DEFAULT_MEMORY_REQUEST = 200 * 1024 * 1024;

export function emptyResource(): Resource {
  return { milliCPU: 0, memory: 0, ephemeralStorage: 0, allowedPodNumber: 0, scalar: {} };
}

export function cloneResource(r: Resource): Resource {
  return {
    milliCPU: r.milliCPU,
    memory: r.memory,
    ephemeralStorage: r.ephemeralStorage,
    allowedPodNumber: r.allowedPodNumber,
    scalar: { ...r.scalar },
  };
}

/** a += b (in place). */
export function addResource(a: Resource, b: Resource): void {
  a.milliCPU += b.milliCPU;
  a.memory += b.memory;
  a.ephemeralStorage += b.ephemeralStorage;
  a.allowedPodNumber += b.allowedPodNumber;
  for (const name in b.scalar) a.scalar[name] = (a.scalar[name] ?? 0) + b.scalar[name];
}

/** a -= b (in place). Scalar entries stay (at 0) like upstream's NodeInfo accounting. */
export function subtractResource(a: Resource, b: Resource): void {
  a.milliCPU -= b.milliCPU;
  a.memory -= b.memory;
  a.ephemeralStorage -= b.ephemeralStorage;
  a.allowedPodNumber -= b.allowedPodNumber;
  for (const name in b.scalar) a.scalar[name] = (a.scalar[name] ?? 0) - b.scalar[name];
}

export function isZeroRequest(r: Resource): boolean {
  if (r.milliCPU !== 0 || r.memory !== 0 || r.ephemeralStorage !== 0) return false;
  for (const _ in r.scalar) return false;
  return true;
}

/**
 * schedutil.IsScalarResourceName: extended resources (`example.com/gpu`), prefixed native ones
 * (`kubernetes.io/...`), hugepages-* and attachable-volumes-*. Both domain-prefixed kinds contain a
 * slash; plain names other than cpu/memory/pods/ephemeral-storage are ignored.
 */
export function isScalarResourceName(name: string): boolean {
  return name.includes('/') || name.startsWith('hugepages-') || name.startsWith('attachable-volumes-');
}

type ResourceList = Record<string, string | number> | undefined | null;

function quantityOf(v: string | number): Quantity | undefined {
  try {
    return parseQuantity(v);
  } catch {
    return undefined; // validation rejects these; never let one bad value break a cycle
  }
}

/** framework.Resource.Add(ResourceList): cpu in milli, the rest in whole units (rounded up). */
export function addResourceList(into: Resource, list: ResourceList): Resource {
  if (!list) return into;
  for (const name in list) {
    const q = quantityOf(list[name]);
    if (!q) continue;
    switch (name) {
      case 'cpu':
        into.milliCPU += q.milliValue();
        break;
      case 'memory':
        into.memory += q.value();
        break;
      case 'pods':
        into.allowedPodNumber += q.value();
        break;
      case 'ephemeral-storage':
        into.ephemeralStorage += q.value();
        break;
      default:
        if (isScalarResourceName(name)) into.scalar[name] = (into.scalar[name] ?? 0) + q.value();
    }
  }
  return into;
}

// ---------------------------------------------------------------------------
// PodRequests, computed exactly on quantities and converted once (like upstream, which sums
// resource.Quantity values and only then takes MilliValue()/Value()).
// ---------------------------------------------------------------------------

type QList = Map<string, Quantity>;

function addList(into: QList, list: ResourceList): void {
  if (!list) return;
  for (const name in list) {
    const q = quantityOf(list[name]);
    if (!q) continue;
    const prev = into.get(name);
    into.set(name, prev ? prev.add(q) : q);
  }
}

function addQList(into: QList, other: QList): void {
  for (const [name, q] of other) {
    const prev = into.get(name);
    into.set(name, prev ? prev.add(q) : q);
  }
}

function maxQList(into: QList, other: QList): void {
  for (const [name, q] of other) {
    const prev = into.get(name);
    if (!prev || q.cmp(prev) > 0) into.set(name, q);
  }
}

/** applyNonMissing: container requests with the defaults for resources the container omits. */
function withNonMissing(list: ResourceList, nonMissing: QList | undefined): QList {
  const out: QList = new Map();
  addList(out, list);
  if (nonMissing) {
    for (const [name, q] of nonMissing) {
      if (!list || !Object.prototype.hasOwnProperty.call(list, name)) {
        const prev = out.get(name);
        out.set(name, prev ? prev.add(q) : q);
      }
    }
  }
  return out;
}

interface ContainerLike {
  resources?: { requests?: ResourceList };
  restartPolicy?: string;
}

/** AggregateContainerRequests with the sidecar (restartable init container) formula of KEP-753. */
function aggregateContainerRequests(spec: any, nonMissing: QList | undefined): QList {
  const result: QList = new Map();
  for (const c of (spec?.containers ?? []) as ContainerLike[]) {
    addQList(result, withNonMissing(c.resources?.requests, nonMissing));
  }
  const sidecars: QList = new Map();
  const initMax: QList = new Map();
  for (const c of (spec?.initContainers ?? []) as ContainerLike[]) {
    const reqs = withNonMissing(c.resources?.requests, nonMissing);
    let step: QList;
    if (c.restartPolicy === 'Always') {
      addQList(result, reqs);
      addQList(sidecars, reqs);
      step = sidecars;
    } else {
      step = new Map(reqs);
      addQList(step, sidecars);
    }
    maxQList(initMax, step);
  }
  maxQList(result, initMax);
  return result;
}

/** Pod-level resources (PodLevelResources, beta and on in 1.34) cover cpu and memory only. */
const POD_LEVEL_RESOURCES = new Set(['cpu', 'memory']);

function podLevelRequests(spec: any): ResourceList {
  const reqs = spec?.resources?.requests as ResourceList;
  if (!reqs) return undefined;
  for (const name in reqs) if (POD_LEVEL_RESOURCES.has(name)) return reqs;
  return undefined;
}

/** resourcehelper.PodRequests(pod, opts) for the options the scheduler uses. */
function podRequestsList(spec: any, nonMissing: QList | undefined): QList {
  const reqs = aggregateContainerRequests(spec, nonMissing);
  const podLevel = podLevelRequests(spec);
  if (podLevel) {
    for (const name in podLevel) {
      if (!POD_LEVEL_RESOURCES.has(name)) continue;
      const q = quantityOf(podLevel[name]);
      if (q) reqs.set(name, q);
    }
  }
  addList(reqs, spec?.overhead as ResourceList);
  return reqs;
}

function toResource(list: QList): Resource {
  const r = emptyResource();
  for (const [name, q] of list) {
    switch (name) {
      case 'cpu':
        r.milliCPU += q.milliValue();
        break;
      case 'memory':
        r.memory += q.value();
        break;
      case 'pods':
        r.allowedPodNumber += q.value();
        break;
      case 'ephemeral-storage':
        r.ephemeralStorage += q.value();
        break;
      default:
        if (isScalarResourceName(name)) r.scalar[name] = (r.scalar[name] ?? 0) + q.value();
    }
  }
  return r;
}

function freezeResource(r: Resource): Resource {
  Object.freeze(r.scalar);
  return Object.freeze(r);
}

const NO_KEY = {};

/**
 * Memoises `compute` under a path of objects (nested WeakMaps; a non-object key stands for
 * "absent"). Used to cache what is derived from shared spec sub-objects.
 */
export function memoByObjects<T>(root: WeakMap<object, unknown>, keys: readonly unknown[], compute: () => T): T {
  let map = root;
  const last = keys.length - 1;
  for (let i = 0; i < last; i++) {
    const k = keys[i] !== null && typeof keys[i] === 'object' ? (keys[i] as object) : NO_KEY;
    let next = map.get(k) as WeakMap<object, unknown> | undefined;
    if (next === undefined) {
      next = new WeakMap();
      map.set(k, next);
    }
    map = next;
  }
  const k = keys[last] !== null && typeof keys[last] === 'object' ? (keys[last] as object) : NO_KEY;
  if (map.has(k)) return map.get(k) as T;
  const v = compute();
  map.set(k, v);
  return v;
}

const pairCache = new WeakMap<object, unknown>();
const EMPTY_RESOURCE = freezeResource(emptyResource());
const EMPTY_PAIR: RequestPair = Object.freeze({ requests: EMPTY_RESOURCE, nonZero: EMPTY_RESOURCE });
/** soleContainerKey's stand-in for a sole container without the field. */
const FIELD_ABSENT = {};

/**
 * What a memo over `spec.containers` may key on when only `field` of each container matters:
 * for a pod with one container and no init containers (the common pod), that container's `field`
 * object, which every pod stamped from one template shares although each pod has its own
 * containers array (its own token volume mount); otherwise the containers array itself.
 */
export function soleContainerKey(spec: any, field: string): unknown {
  const containers = spec.containers;
  if (spec.initContainers !== undefined || !Array.isArray(containers) || containers.length !== 1) return containers;
  const c = containers[0];
  if (c === null || typeof c !== 'object') return containers;
  const value = c[field];
  if (value === undefined) return FIELD_ABSENT;
  return value !== null && typeof value === 'object' ? value : containers;
}

/** Both request flavours of a spec, memoised per (containers' resources, initContainers, overhead, resources). */
function specPair(spec: any): RequestPair {
  if (spec === null || typeof spec !== 'object') return EMPTY_PAIR;
  const containersKey = soleContainerKey(spec, 'resources');
  const compute = (): RequestPair => ({
    requests: freezeResource(toResource(podRequestsList(spec, undefined))),
    nonZero: nonZeroOf(spec),
  });
  // The common pod (containers only): one lookup instead of four nested ones.
  if (spec.initContainers === undefined && spec.overhead === undefined && spec.resources === undefined) {
    if (containersKey !== null && typeof containersKey === 'object') {
      let pair = pairByContainers.get(containersKey);
      if (pair === undefined) pairByContainers.set(containersKey, (pair = compute()));
      return pair;
    }
  }
  return memoByObjects(pairCache, [containersKey, spec.initContainers, spec.overhead, spec.resources], compute);
}

interface RequestPair {
  requests: Resource;
  nonZero: Resource;
}

const pairByContainers = new WeakMap<object, RequestPair>();

/** Requests of a pod spec (C4): what NodeResourcesFit and the node totals use. Frozen, shared. */
export function specRequests(spec: any): Resource {
  return specPair(spec).requests;
}

/** PodRequests(pod): containers, max with init containers (sidecars included), pod-level, overhead. */
export function podRequests(pod: KObject): Resource {
  return specRequests(pod.spec);
}

function nonZeroOf(spec: any): Resource {
  const requests = podRequestsList(spec, undefined);
  const nonMissing: QList = new Map();
  const podLevelSet = podLevelRequests(spec) !== undefined;
  if (!podLevelSet || !requests.has('cpu')) nonMissing.set('cpu', parseQuantity(`${DEFAULT_MILLI_CPU_REQUEST}m`));
  if (!podLevelSet || !requests.has('memory')) nonMissing.set('memory', parseQuantity(DEFAULT_MEMORY_REQUEST));
  const list = nonMissing.size > 0 ? podRequestsList(spec, nonMissing) : requests;
  const full = toResource(list);
  return freezeResource({ milliCPU: full.milliCPU, memory: full.memory, ephemeralStorage: 0, allowedPodNumber: 0, scalar: {} });
}

/**
 * The "non-zero" requests used by LeastAllocated scoring and NodeInfo.nonZeroRequested: cpu and
 * memory only, with 100m / 200Mi for each container (init containers included) that omits the
 * request (an explicit 0 stays 0). With pod-level requests set, only a resource missing from the
 * result gets the defaults (NodeInfo's calculateResource; same numbers as the scorer's variant).
 */
export function specNonZeroRequests(spec: any): Resource {
  return specPair(spec).nonZero;
}

export function podNonZeroRequests(pod: KObject): Resource {
  return specNonZeroRequests(pod.spec);
}

const allocatableCache = new WeakMap<object, Resource>();

/** NodeInfo.Allocatable = NewResource(node.status.allocatable); `pods` → allowedPodNumber. Frozen. */
export function nodeAllocatable(node: KObject): Resource {
  const list = node.status?.allocatable as ResourceList;
  if (!list) return EMPTY_RESOURCE;
  let r = allocatableCache.get(list);
  if (!r) {
    r = freezeResource(addResourceList(emptyResource(), list));
    allocatableCache.set(list, r);
  }
  return r;
}
