// selectors: derived views of the mirrored objects for components. Each returns arrays of the
// store's own objects (or plain numbers) so useShallow can tell when nothing really changed.

import type { KObject } from '../../k8s/types';
import type { KindTable } from '../../protocol/mirror';
import type { KubeplayState } from './store';

export const ZONE_LABEL = 'topology.kubernetes.io/zone';

/**
 * Memoises a selector on the identity of one kind's table in `state.objects` (ObjectMirror:
 * a new table only when an object of that kind changed), so a change to Leases or Pods does not
 * re-run a selector of Nodes. Components re-run their selectors on every store change — the clock
 * moves every frame — and a scan per run was most of the page's work in a big rollout.
 */
export function memoOnKind<T>(kind: string, select: (objects: KindTable) => T): (state: KubeplayState) => T {
  const cache = new WeakMap<object, T>();
  return (state) => {
    const table = state.objects.ofKind(kind);
    let hit = cache.get(table);
    if (hit === undefined) {
      hit = select(table);
      cache.set(table, hit);
    }
    return hit;
  };
}

/** Nodes, sorted by name. */
export const selectNodes: (state: KubeplayState) => KObject[] = memoOnKind('Node', (nodes) =>
  nodes.values().sort((a, b) => (a.metadata.name ?? '').localeCompare(b.metadata.name ?? '')),
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
 * The objects of one kind, in the mirror's order, memoised per kind: safe to call on every
 * store change (the clock's included) with useShallow, and free when other kinds change.
 */
export function selectKind(kind: string): (state: KubeplayState) => KObject[] {
  if (kind === 'Event') return selectEvents;
  let select = kindSelectors.get(kind);
  if (!select) {
    select = memoOnKind(kind, (objects) => objects.values());
    kindSelectors.set(kind, select);
  }
  return select;
}

const eventLists = new WeakMap<object, KObject[]>();

/** The mirrored Events (the newest the cluster holds), memoised per `state.events`. */
export function selectEvents(state: KubeplayState): KObject[] {
  let list = eventLists.get(state.events);
  if (!list) eventLists.set(state.events, (list = state.events.values()));
  return list;
}

let graphLists: KObject[][] = [];
let graphObjects: KObject[] = [];

/**
 * The objects the cluster graph draws, kind by kind (GRAPH_KINDS' order), each kind in the
 * mirror's order. The same array until one of those kinds changes: a change to anything else
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
