// selectors: derived views of the mirrored objects for components. Each returns arrays of the
// store's own objects (or plain numbers) so useShallow can tell when nothing really changed.

import type { KObject } from '../../k8s/types';
import type { KindTable } from '../../protocol/mirror';
import { SharedMap } from '../../protocol/shared-map';
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

/**
 * The kinds the cluster graph draws, as the mirror's tables (GRAPH_KINDS): the graph's model
 * (IncrementalModel) reads each table's changes since the last version it saw.
 */
export class GraphSource {
  private flat: KObject[] | null = null;

  constructor(private readonly tables: ReadonlyMap<string, KindTable>) {}

  /** One drawn kind's table (an empty one for a kind the graph does not draw). */
  ofKind(kind: string): KindTable {
    return this.tables.get(kind) ?? EMPTY_TABLE;
  }

  /** Every drawn object, kind by kind in GRAPH_KINDS' order; made on first use (a scan of the cluster). */
  objects(): KObject[] {
    this.flat ??= [...this.tables.values()].flatMap((table) => table.values());
    return this.flat;
  }
}

const EMPTY_TABLE: KindTable = SharedMap.empty();
let graphSource = new GraphSource(new Map());

/**
 * The objects the cluster graph draws: the same GraphSource until one of those kinds' tables
 * changes, so a change to anything else (Leases, Events, …) costs a few identity checks.
 */
export function selectGraphSource(state: KubeplayState): GraphSource {
  const tables = new Map([...GRAPH_KINDS].map((kind) => [kind, state.objects.ofKind(kind)] as const));
  for (const [kind, table] of tables) {
    if (graphSource.ofKind(kind) !== table) {
      graphSource = new GraphSource(tables);
      break;
    }
  }
  return graphSource;
}
