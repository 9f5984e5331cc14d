// The default kube-scheduler profile's plugins (pkg/scheduler/apis/config/v1/default_plugins.go,
// v1.34 multiPoint order and weights), limited to the plugins the simulation models (no volume
// plugins, no DynamicResources; SchedulingGates, PrioritySort, DefaultPreemption and the binder
// belong to the queue / cycle / preemption code).
//
// Filter order: NodeUnschedulable, NodeName, TaintToleration, NodeAffinity, NodePorts,
// NodeResourcesFit, PodTopologySpread, InterPodAffinity — upstream lists PodTopologySpread
// before InterPodAffinity, and the order decides which reason a node reports when several fail.
// Score weights: TaintToleration 3, NodeAffinity 2, NodeResourcesFit 1 (LeastAllocated, cpu 1,
// memory 1), PodTopologySpread 2 (system default constraints), InterPodAffinity 2,
// NodeResourcesBalancedAllocation 1, ImageLocality 1.

import type { FilterPlugin, ScorePlugin } from '../framework/types';
import { balancedAllocation } from './balanced-allocation';
import { imageLocality } from './image-locality';
import { interPodAffinity } from './inter-pod-affinity';
import { nodeAffinity } from './node-affinity';
import { nodeName } from './node-name';
import { nodePorts } from './node-ports';
import { nodeResourcesFit } from './node-resources-fit';
import { nodeUnschedulable } from './node-unschedulable';
import { podTopologySpread } from './pod-topology-spread';
import { taintToleration } from './taint-toleration';
import { volumeBinding, type VolumeListers } from './volume-binding';

export interface DefaultPlugins {
  filter: FilterPlugin[];
  score: ScorePlugin[];
}

/**
 * One profile's plugins, with the multi-point plugins shared between both lists (as upstream
 * instantiates each plugin once): PodTopologySpread and InterPodAffinity keep their count caches
 * on the instance, so a scheduler should call this once and keep the result.
 */
export function defaultPlugins(volumes?: VolumeListers): DefaultPlugins {
  const taints = taintToleration();
  const affinity = nodeAffinity();
  const fit = nodeResourcesFit();
  const spread = podTopologySpread();
  const interPod = interPodAffinity();
  return {
    // VolumeBinding sits after NodeResourcesFit, as upstream's multiPoint order has it; it needs
    // the storage listers, so plugin sets built without them (tests) go without it.
    filter: [
      nodeUnschedulable(),
      nodeName(),
      taints,
      affinity,
      nodePorts(),
      fit,
      ...(volumes ? [volumeBinding(volumes)] : []),
      spread,
      interPod,
    ],
    score: [taints, affinity, fit, spread, interPod, balancedAllocation(), imageLocality()],
  };
}

/** The Filter plugins in the default order (fresh instances). */
export function defaultFilterPlugins(): FilterPlugin[] {
  return defaultPlugins().filter;
}

/** The Score plugins with their default weights (fresh instances). */
export function defaultScorePlugins(): ScorePlugin[] {
  return defaultPlugins().score;
}
