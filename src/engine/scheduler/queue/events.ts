// Cluster events the scheduling queue reacts to (framework.ClusterEvent), and the queueing hints
// that decide whether an event may make a pod schedulable again (each plugin's EventsToRegister /
// QueueingHintFn, SchedulerQueueingHints being on by default since v1.32).
//
// A pod rejected by plugins P1..Pn is requeued by an event when any Pi's hint says Queue; a pod
// whose rejection recorded no plugin (an error, "no nodes available") is requeued by any event.
// Hints for node-local filters are precise: they ask the plugin itself (through `NodeCheck`)
// whether the pod now passes on the added/updated node, as upstream's hint functions do. Hints for
// the cluster-wide plugins (PodTopologySpread, InterPodAffinity) are coarser than upstream's
// (they do not look at the selectors): a spurious requeue costs one more scheduling attempt,
// never a missed one.

import type { KObject } from '../../../k8s/types';

export type ClusterEvent =
  | { type: 'NodeAdd'; node: KObject }
  | {
      type: 'NodeUpdate';
      oldNode: KObject;
      node: KObject;
      labels: boolean;
      taints: boolean;
      unschedulable: boolean;
      allocatable: boolean;
    }
  | { type: 'NodeDelete'; node: KObject }
  | { type: 'AssignedPodAdd'; pod: KObject }
  | { type: 'AssignedPodUpdate'; oldPod: KObject; pod: KObject }
  | { type: 'AssignedPodDelete'; pod: KObject }
  | { type: 'UnschedulableTimeout' }
  /** A PersistentVolumeClaim, PersistentVolume or StorageClass was added or changed. */
  | { type: 'StorageChange' }
  | { type: 'ForceActivate' };

/** Whether `pod` would pass `plugin`'s PreFilter+Filter on `node` as the cache holds it now. */
export type NodeCheck = (pod: KObject, plugin: string, node: KObject) => boolean;

/** Filters whose verdict depends only on the pod and the one node: checked precisely. */
const NODE_LOCAL = new Set(['NodeUnschedulable', 'NodeName', 'TaintToleration', 'NodeAffinity', 'NodePorts', 'NodeResourcesFit']);

const sameNamespace = (a: KObject, b: KObject) => (a.metadata.namespace ?? '') === (b.metadata.namespace ?? '');

function labelsChanged(a: KObject, b: KObject): boolean {
  const x = a.metadata.labels ?? {};
  const y = b.metadata.labels ?? {};
  const kx = Object.keys(x);
  if (kx.length !== Object.keys(y).length) return true;
  for (const k of kx) if (x[k] !== y[k]) return true;
  return false;
}

/** Whether `event` may make `pod` (rejected by `plugin`) schedulable: QueueingHint Queue. */
export function pluginHint(plugin: string, event: ClusterEvent, pod: KObject, check: NodeCheck): boolean {
  switch (event.type) {
    case 'UnschedulableTimeout':
    case 'ForceActivate':
      return true;
    case 'StorageChange':
      return plugin === 'VolumeBinding';
    case 'NodeAdd':
      return NODE_LOCAL.has(plugin) ? check(pod, plugin, event.node) : true;
    case 'NodeUpdate':
      switch (plugin) {
        case 'NodeUnschedulable':
        case 'TaintToleration':
          return (event.unschedulable || event.taints) && check(pod, plugin, event.node);
        case 'NodeAffinity':
          return event.labels && check(pod, plugin, event.node);
        case 'NodeResourcesFit':
          return event.allocatable && check(pod, plugin, event.node);
        case 'NodeName':
        case 'NodePorts':
          return false;
        case 'PodTopologySpread':
          return event.labels || event.taints;
        case 'InterPodAffinity':
          return event.labels;
        default:
          return true;
      }
    case 'NodeDelete':
      return plugin === 'PodTopologySpread';
    case 'AssignedPodAdd':
      if (plugin === 'PodTopologySpread') return sameNamespace(pod, event.pod);
      return plugin === 'InterPodAffinity';
    case 'AssignedPodUpdate':
      if (plugin === 'PodTopologySpread') return sameNamespace(pod, event.pod) && labelsChanged(event.oldPod, event.pod);
      if (plugin === 'InterPodAffinity') return labelsChanged(event.oldPod, event.pod);
      return false;
    case 'AssignedPodDelete':
      switch (plugin) {
        case 'NodeResourcesFit':
        case 'NodePorts':
        case 'InterPodAffinity':
          return true;
        case 'PodTopologySpread':
          return sameNamespace(pod, event.pod);
        default:
          return !NODE_LOCAL.has(plugin);
      }
  }
}

/** isPodWorthRequeuing: whether any rejecting plugin's hint says Queue (no plugin: always). */
export function worthRequeuing(plugins: ReadonlySet<string>, event: ClusterEvent, pod: KObject, check: NodeCheck): boolean {
  if (plugins.size === 0) return true;
  for (const plugin of plugins) if (pluginHint(plugin, event, pod, check)) return true;
  return false;
}
