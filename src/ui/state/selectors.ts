// selectors: derived views of the mirrored objects for components. Each returns arrays of the
// store's own objects (or plain numbers) so useShallow can tell when nothing really changed.

import type { KObject } from '../../k8s/types';
import type { KubeplayState } from './store';

export const ZONE_LABEL = 'topology.kubernetes.io/zone';

/**
 * Memoises a selector on the identity of one mirrored record, `state.objects` or `state.events`
 * (copy-on-write: a new record only when one of its objects changed). Components re-run their
 * selectors on every store change — the clock moves every frame — and a scan per run was most of
 * the page's work in a big rollout.
 */
function memoOn<T>(record: 'objects' | 'events', select: (objects: KubeplayState['objects']) => T): (state: KubeplayState) => T {
  const cache = new WeakMap<object, T>();
  return (state) => {
    let hit = cache.get(state[record]);
    if (hit === undefined) {
      hit = select(state[record]);
      cache.set(state[record], hit);
    }
    return hit;
  };
}

/** Nodes, sorted by name. */
export const selectNodes: (state: KubeplayState) => KObject[] = memoOn('objects', (objects) => {
  const nodes: KObject[] = [];
  for (const obj of Object.values(objects)) if (obj.kind === 'Node') nodes.push(obj);
  return nodes.sort((a, b) => (a.metadata.name ?? '').localeCompare(b.metadata.name ?? ''));
});

/** Kinds the cluster graph draws (EndpointSlices give a Service's ready count, PVCs the claim markers). */
export const GRAPH_KINDS: ReadonlySet<string> = new Set([
  'Node',
  'Pod',
  'Deployment',
  'ReplicaSet',
  'DaemonSet',
  'ReplicationController',
  'StatefulSet',
  'CronJob',
  'Job',
  'Service',
  'EndpointSlice',
  'PodDisruptionBudget',
  'HorizontalPodAutoscaler',
  // a pod chip's claim marker and a StatefulSet card's claims
  'PersistentVolumeClaim',
]);

/**
 * The objects the cluster graph draws, in the store's (stable) key order: with useShallow a
 * change to anything else (Leases, Events, …) does not re-render the graph.
 */
export const selectGraphObjects: (state: KubeplayState) => KObject[] = memoOn('objects', (objects) => {
  const out: KObject[] = [];
  for (const obj of Object.values(objects)) if (GRAPH_KINDS.has(obj.kind)) out.push(obj);
  return out;
});

/** The mirrored Events, in the store's key order, memoised per `state.events`. */
export const selectEvents: (state: KubeplayState) => KObject[] = memoOn('events', (events) => Object.values(events));

const kindSelectors = new Map<string, (state: KubeplayState) => KObject[]>();

/**
 * The objects of one kind, in the store's key order, memoised per `state.objects`: safe to call
 * on every store change (the clock's included) with useShallow.
 */
export function selectKind(kind: string): (state: KubeplayState) => KObject[] {
  if (kind === 'Event') return selectEvents;
  let select = kindSelectors.get(kind);
  if (!select) {
    select = memoOn('objects', (objects) => {
      const out: KObject[] = [];
      for (const obj of Object.values(objects)) if (obj.kind === kind) out.push(obj);
      return out;
    });
    kindSelectors.set(kind, select);
  }
  return select;
}
