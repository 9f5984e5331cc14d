// NodeResourcesBalancedAllocation (pkg/scheduler/framework/plugins/noderesources/
// balanced_allocation.go): favours nodes whose cpu and memory would be used in similar
// fractions. fraction_r = (requested on node + pod's request) / allocatable, capped at 1, using
// the real requests (not the non-zero defaults); resources with allocatable 0 are left out.
// Two fractions: std = |f1 − f2| / 2; more: population standard deviation; score =
// trunc((1 − std) × 100). PreScore skips best-effort pods (no cpu and no memory requested).
//
// Not modelled: a newer upstream variant that scores the improvement over the node without the
// pod is not in 1.34 (checked against the 1.34-era source).

import { HOT_ALLOC_CPU, HOT_ALLOC_MEM, HOT_REQ_CPU, HOT_REQ_MEM, nodeHot } from '../framework/node-info';
import { MAX_NODE_SCORE, type NodeInfo, type PodInfo, type ScorePlugin } from '../framework/types';
import { SKIP, cycleStateSlot } from './helpers';
import { DEFAULT_RESOURCES, allocatableAndRequested, podResourceRequest, type ResourceSpec } from './node-resources-fit';

export const NAME = 'NodeResourcesBalancedAllocation';

/** balancedResourceScorer over parallel requested / allocatable lists. */
export function balancedResourceScore(requested: readonly number[], allocatable: readonly number[]): number {
  const fractions: number[] = [];
  let total = 0;
  for (let i = 0; i < requested.length; i++) {
    if (allocatable[i] === 0) continue;
    let f = requested[i] / allocatable[i];
    if (f > 1) f = 1;
    total += f;
    fractions.push(f);
  }
  let std = 0;
  if (fractions.length === 2) {
    std = Math.abs((fractions[0] - fractions[1]) / 2);
  } else if (fractions.length > 2) {
    const mean = total / fractions.length;
    let sum = 0;
    for (const f of fractions) sum += (f - mean) * (f - mean);
    std = Math.sqrt(sum / fractions.length);
  }
  return Math.trunc((1 - std) * MAX_NODE_SCORE);
}

export function balancedAllocation(resources: readonly ResourceSpec[] = DEFAULT_RESOURCES): ScorePlugin {
  const onlyCpuMemory = resources.length === 2 && resources[0].name === 'cpu' && resources[1].name === 'memory';
  const requestsOf = (pod: PodInfo) => resources.map((r) => podResourceRequest(pod, r.name, true));
  const isBestEffort = (reqs: number[]) => reqs.every((r) => r === 0);
  const slot = cycleStateSlot<number[]>(`PreScore${NAME}`);

  return {
    name: NAME,
    weight: 1,

    preScore(state, pod) {
      const reqs = requestsOf(pod);
      if (isBestEffort(reqs)) {
        slot.clear(state);
        return SKIP;
      }
      slot.set(state, reqs);
      return undefined;
    },

    score(state, pod, node: NodeInfo): number {
      if (onlyCpuMemory) {
        const pc = pod.requests.milliCPU;
        const pm = pod.requests.memory;
        if (pc === 0 && pm === 0) return 0;
        const h = nodeHot(node);
        const ac = h[HOT_ALLOC_CPU];
        const am = h[HOT_ALLOC_MEM];
        if (ac === 0 || am === 0) {
          return balancedResourceScore([h[HOT_REQ_CPU] + pc, h[HOT_REQ_MEM] + pm], [ac, am]);
        }
        let fc = (h[HOT_REQ_CPU] + pc) / ac;
        if (fc > 1) fc = 1;
        let fm = (h[HOT_REQ_MEM] + pm) / am;
        if (fm > 1) fm = 1;
        return Math.trunc((1 - Math.abs((fc - fm) / 2)) * MAX_NODE_SCORE);
      }
      const reqs = slot.get(state) ?? requestsOf(pod);
      if (isBestEffort(reqs)) return 0;
      const requested: number[] = [];
      const allocatable: number[] = [];
      for (let i = 0; i < resources.length; i++) {
        const [alloc, req] = allocatableAndRequested(node, resources[i].name, reqs[i], true);
        allocatable.push(alloc);
        requested.push(alloc === 0 ? 0 : req);
      }
      return balancedResourceScore(requested, allocatable);
    },
  };
}
