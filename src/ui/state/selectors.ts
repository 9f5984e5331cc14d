// selectors: derived views of the mirrored objects for components. Each returns arrays of the
// store's own objects (or plain numbers) so useShallow can tell when nothing really changed.

import type { KObject } from '../../k8s/types';
import { objectsOfKind, type KindRecord } from '../../protocol/delta';
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

/**
 * Memoises a selector on the identity of one kind's record in `state.objects` (objectsOfKind:
 * a new record only when an object of that kind changed), so a change to Leases or Pods does not
 * re-run a selector of Nodes.
 */
function memoOnKind<T>(kind: string, select: (objects: KindRecord) => T): (state: KubeplayState) => T {
  const cache = new WeakMap<object, T>();
  return (state) => {
    const record = objectsOfKind(state.objects, kind);
    let hit = cache.get(record);
    if (hit === undefined) {
      hit = select(record);
      cache.set(record, hit);
    }
    return hit;
  };
}

/** Nodes, sorted by name. */
export const selectNodes: (state: KubeplayState) => KObject[] = memoOnKind('Node', (nodes) =>
  Object.values(nodes).sort((a, b) => (a.metadata.name ?? '').localeCompare(b.metadata.name ?? '')),
);

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

const kindSelectors = new Map<string, (state: KubeplayState) => KObject[]>();

/**
 * The objects of one kind, in the store's key order, memoised per kind: safe to call on every
 * store change (the clock's included) with useShallow, and free when other kinds change.
 */
export function selectKind(kind: string): (state: KubeplayState) => KObject[] {
  if (kind === 'Event') return selectEvents;
  let select = kindSelectors.get(kind);
  if (!select) {
    select = memoOnKind(kind, (objects) => Object.values(objects));
    kindSelectors.set(kind, select);
  }
  return select;
}

/** The mirrored Events, in the store's key order, memoised per `state.events`. */
export const selectEvents: (state: KubeplayState) => KObject[] = memoOn('events', (events) => Object.values(events));

let graphLists: KObject[][] = [];
let graphObjects: KObject[] = [];

/**
 * The objects the cluster graph draws, kind by kind (GRAPH_KINDS' order), each kind in the
 * store's key order. The same array until one of those kinds changes: a change to anything else
 * (Leases, Events, …) costs a few identity checks, not a scan of the cluster.
 */
export function selectGraphObjects(state: KubeplayState): KObject[] {
  const lists = [...GRAPH_KINDS].map((kind) => selectKind(kind)(state));
  if (lists.length !== graphLists.length || lists.some((list, i) => list !== graphLists[i])) {
    graphLists = lists;
    graphObjects = lists.flat();
  }
  return graphObjects;
}
