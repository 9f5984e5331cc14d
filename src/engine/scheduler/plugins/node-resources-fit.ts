// NodeResourcesFit (pkg/scheduler/framework/plugins/noderesources/fit.go, least_allocated.go,
// resource_allocation.go).
//
// Filter (fitsRequest): `Too many pods` when the node already holds allocatable.pods pods; a pod
// requesting nothing is checked for that only; then each resource the pod requests (> 0) must fit
// in allocatable − requested of the node (assumed pods included). One reason per lacking
// resource, in the order pods, cpu, memory, ephemeral-storage, then extended/scalar resources
// (upstream iterates a Go map there; sorted by name here for determinism). Unschedulable.
//
// Score (default LeastAllocated, cpu weight 1, memory weight 1): per resource
// (allocatable − requested) × 100 / allocatable with the node's non-zero requests plus the pod's
// (0 when over capacity; skipped when allocatable is 0), then the weighted average, all integer
// divisions.

import {
  HOT_ALLOC_CPU,
  HOT_ALLOC_MEM,
  HOT_FREE_EPH,
  HOT_FREE_PODS,
  HOT_NZ_CPU,
  HOT_NZ_MEM,
  HOT_REQ_CPU,
  HOT_REQ_MEM,
  nodeHot,
} from '../framework/node-info';
import { isZeroRequest } from '../framework/resources';
import { cycleStateSlot, rejectionCache } from './helpers';
import {
  MAX_NODE_SCORE,
  SUCCESS,
  type FilterPlugin,
  type NodeInfo,
  type PodInfo,
  type ScorePlugin,
  type Status,
} from '../framework/types';

export const NAME = 'NodeResourcesFit';
export const REASON_TOO_MANY_PODS = 'Too many pods';

export interface ResourceSpec {
  name: string;
  weight: number;
}

/** config.NodeResourcesFitArgs defaults: LeastAllocated over cpu and memory, weight 1 each. */
export const DEFAULT_RESOURCES: readonly ResourceSpec[] = Object.freeze([
  { name: 'cpu', weight: 1 },
  { name: 'memory', weight: 1 },
]);

/** fitsRequest: the reasons the node cannot take the pod (empty when it fits). */
export function insufficientResources(pod: PodInfo, node: NodeInfo): string[] {
  const reasons: string[] = [];
  const alloc = node.allocatable;
  const used = node.requested;
  if (node.pods.length + 1 > alloc.allowedPodNumber) reasons.push(REASON_TOO_MANY_PODS);
  const r = pod.requests;
  if (isZeroRequest(r)) return reasons;
  if (r.milliCPU > 0 && r.milliCPU > alloc.milliCPU - used.milliCPU) reasons.push('Insufficient cpu');
  if (r.memory > 0 && r.memory > alloc.memory - used.memory) reasons.push('Insufficient memory');
  if (r.ephemeralStorage > 0 && r.ephemeralStorage > alloc.ephemeralStorage - used.ephemeralStorage) {
    reasons.push('Insufficient ephemeral-storage');
  }
  const names = Object.keys(r.scalar);
  if (names.length > 0) {
    if (names.length > 1) names.sort();
    for (const name of names) {
      const q = r.scalar[name];
      if (q === 0) continue;
      if (q > (alloc.scalar[name] ?? 0) - (used.scalar[name] ?? 0)) reasons.push(`Insufficient ${name}`);
    }
  }
  return reasons;
}

/** leastRequestedScore: (capacity − requested) × MaxNodeScore / capacity; 0 when over capacity. */
export function leastRequestedScore(requested: number, capacity: number): number {
  if (capacity === 0 || requested > capacity) return 0;
  return Math.floor(((capacity - requested) * MAX_NODE_SCORE) / capacity);
}

/** The allocatable and requested amounts resource_allocation.go compares for one resource. */
export function allocatableAndRequested(
  node: NodeInfo,
  resource: string,
  podRequest: number,
  useRequested: boolean,
): [allocatable: number, requested: number] {
  switch (resource) {
    case 'cpu':
      return [node.allocatable.milliCPU, (useRequested ? node.requested : node.nonZeroRequested).milliCPU + podRequest];
    case 'memory':
      return [node.allocatable.memory, (useRequested ? node.requested : node.nonZeroRequested).memory + podRequest];
    case 'ephemeral-storage':
      return [node.allocatable.ephemeralStorage, node.requested.ephemeralStorage + podRequest];
    default: {
      // An extended resource the pod does not request is left out of the score.
      if (podRequest === 0) return [0, 0];
      const alloc = node.allocatable.scalar[resource];
      if (alloc === undefined) return [0, 0];
      return [alloc, (node.requested.scalar[resource] ?? 0) + podRequest];
    }
  }
}

/** calculatePodResourceRequest for one resource: non-zero (scoring defaults) or real requests. */
export function podResourceRequest(pod: PodInfo, resource: string, useRequested: boolean): number {
  const r = useRequested ? pod.requests : pod.nonZeroRequests;
  switch (resource) {
    case 'cpu':
      return r.milliCPU;
    case 'memory':
      return r.memory;
    case 'ephemeral-storage':
      return pod.requests.ephemeralStorage;
    default:
      return pod.requests.scalar[resource] ?? 0;
  }
}

export function nodeResourcesFit(resources: readonly ResourceSpec[] = DEFAULT_RESOURCES): FilterPlugin & ScorePlugin {
  const onlyCpuMemory = resources.length === 2 && resources[0].name === 'cpu' && resources[1].name === 'memory';
  const wCpu = onlyCpuMemory ? resources[0].weight : 0;
  const wMem = onlyCpuMemory ? resources[1].weight : 0;
  const slot = cycleStateSlot<number[]>(`PreScore${NAME}`);
  const rejected = rejectionCache(NAME, 'Unschedulable');

  return {
    name: NAME,
    weight: 1,

    filter(_state, pod, node): Status {
      const h = nodeHot(node);
      const r = pod.requests;
      // Fast path: fits on every count (the common case), no allocation.
      if (
        h[HOT_FREE_PODS] >= 1 &&
        r.milliCPU <= h[HOT_ALLOC_CPU] - h[HOT_REQ_CPU] &&
        r.memory <= h[HOT_ALLOC_MEM] - h[HOT_REQ_MEM] &&
        r.ephemeralStorage <= h[HOT_FREE_EPH] &&
        isZeroScalar(r.scalar)
      ) {
        return SUCCESS;
      }
      const reasons = insufficientResources(pod, node);
      return reasons.length === 0 ? SUCCESS : rejected(reasons);
    },

    preScore(state, pod) {
      slot.set(
        state,
        resources.map((r) => podResourceRequest(pod, r.name, false)),
      );
      return undefined;
    },

    score(state, pod, node): number {
      if (onlyCpuMemory) {
        // Inlined LeastAllocated over cpu and memory.
        const h = nodeHot(node);
        let score = 0;
        let weightSum = 0;
        const ac = h[HOT_ALLOC_CPU];
        if (ac !== 0) {
          score += leastRequestedScore(h[HOT_NZ_CPU] + pod.nonZeroRequests.milliCPU, ac) * wCpu;
          weightSum += wCpu;
        }
        const am = h[HOT_ALLOC_MEM];
        if (am !== 0) {
          score += leastRequestedScore(h[HOT_NZ_MEM] + pod.nonZeroRequests.memory, am) * wMem;
          weightSum += wMem;
        }
        return weightSum === 0 ? 0 : Math.floor(score / weightSum);
      }
      const podRequests = slot.get(state) ?? resources.map((r) => podResourceRequest(pod, r.name, false));
      let score = 0;
      let weightSum = 0;
      for (let i = 0; i < resources.length; i++) {
        const [alloc, req] = allocatableAndRequested(node, resources[i].name, podRequests[i], false);
        if (alloc === 0) continue;
        score += leastRequestedScore(req, alloc) * resources[i].weight;
        weightSum += resources[i].weight;
      }
      return weightSum === 0 ? 0 : Math.floor(score / weightSum);
    },
  };
}

function isZeroScalar(scalar: Record<string, number>): boolean {
  for (const name in scalar) if (scalar[name] !== 0) return false;
  return true;
}
