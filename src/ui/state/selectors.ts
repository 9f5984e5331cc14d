// selectors: derived views of the mirrored objects for components. Each returns arrays of the
// store's own objects (or plain numbers) so useShallow can tell when nothing really changed.

import type { KObject } from '../../k8s/types';
import type { KubeplayState } from './store';

export const ZONE_LABEL = 'topology.kubernetes.io/zone';

/**
 * Memoises a selector on the identity of `state.objects` (copy-on-write: a new record only when an
 * object changed). Components re-run their selectors on every store change — the clock moves
 * every frame — and each run scanned every object (thousands of Events after a big rollout).
 */
function perObjects<T>(select: (objects: KubeplayState['objects']) => T): (state: KubeplayState) => T {
  const cache = new WeakMap<object, T>();
  return (state) => {
    let hit = cache.get(state.objects);
    if (hit === undefined) {
      hit = select(state.objects);
      cache.set(state.objects, hit);
    }
    return hit;
  };
}

/** Nodes, sorted by name. */
export const selectNodes: (state: KubeplayState) => KObject[] = perObjects((objects) => {
  const nodes: KObject[] = [];
  for (const obj of Object.values(objects)) if (obj.kind === 'Node') nodes.push(obj);
  return nodes.sort((a, b) => (a.metadata.name ?? '').localeCompare(b.metadata.name ?? ''));
});

/** How many pods are bound to each node (terminated pods included, as the node still lists them). */
export function selectPodsPerNode(state: KubeplayState): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const obj of Object.values(state.objects)) {
    const nodeName = obj.kind === 'Pod' ? (obj.spec?.nodeName as string | undefined) : undefined;
    if (nodeName) counts[nodeName] = (counts[nodeName] ?? 0) + 1;
  }
  return counts;
}

export interface ZoneGroup {
  zone: string;
  nodes: KObject[];
}

/** Groups nodes by their zone label; nodes without one come last under ''. */
export function groupByZone(nodes: readonly KObject[]): ZoneGroup[] {
  const groups = new Map<string, KObject[]>();
  for (const node of nodes) {
    const zone = node.metadata.labels?.[ZONE_LABEL] ?? '';
    let members = groups.get(zone);
    if (!members) groups.set(zone, (members = []));
    members.push(node);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b)))
    .map(([zone, members]) => ({ zone, nodes: members }));
}

/** Kinds the cluster graph draws (EndpointSlices give a Service's ready count). */
export const GRAPH_KINDS: ReadonlySet<string> = new Set([
  'Node',
  'Pod',
  'Deployment',
  'ReplicaSet',
  'ReplicationController',
  'Service',
  'EndpointSlice',
  'PodDisruptionBudget',
  'HorizontalPodAutoscaler',
]);

/**
 * The objects the cluster graph draws, in the store's (stable) key order: with useShallow a
 * change to anything else (Leases, Events, …) does not re-render the graph.
 */
export const selectGraphObjects: (state: KubeplayState) => KObject[] = perObjects((objects) => {
  const out: KObject[] = [];
  for (const obj of Object.values(objects)) if (GRAPH_KINDS.has(obj.kind)) out.push(obj);
  return out;
});

/** The mirrored Events, in the store's key order, memoised per `state.events`. */
export const selectEvents: (state: KubeplayState) => KObject[] = (() => {
  const cache = new WeakMap<object, KObject[]>();
  return (state: KubeplayState) => {
    let hit = cache.get(state.events);
    if (!hit) cache.set(state.events, (hit = Object.values(state.events)));
    return hit;
  };
})();

const kindSelectors = new Map<string, (state: KubeplayState) => KObject[]>();

/**
 * The objects of one kind, in the store's key order, memoised per `state.objects`: safe to call
 * on every store change (the clock's included) with useShallow.
 */
export function selectKind(kind: string): (state: KubeplayState) => KObject[] {
  if (kind === 'Event') return selectEvents;
  let select = kindSelectors.get(kind);
  if (!select) {
    select = perObjects((objects) => {
      const out: KObject[] = [];
      for (const obj of Object.values(objects)) if (obj.kind === kind) out.push(obj);
      return out;
    });
    kindSelectors.set(kind, select);
  }
  return select;
}
