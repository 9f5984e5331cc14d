// incremental-model: the graph's model (model.ts) kept up to date from one version of the mirror
// to the next, with work in proportion to what changed: at 150,000 pods a publication used to
// derive every pod's view, sort every node's pods and sum every node's requests, several hundred
// ms a time. The mirror's tables are immutable maps (shared-map.ts) whose versions differ cheaply
// (changesSince), so each update visits only the changed pods and nodes, keeps per node its pods
// and its sorted views, and re-derives only the nodes whose pods, Node object or machine changed.
// Unchanged node views, pod lists and pod views keep their identity, so the layout's caches and
// React's memoised cards skip them. The result is the model deriveModel derives from scratch
// (incremental-model.test.ts compares them under random changes).

import type { KObject } from '../../k8s/types';
import type { KindTable } from '../../protocol/mirror';
import type { MachineInfo, ObjectKey } from '../../protocol/messages';
import { SharedMap } from '../../protocol/shared-map';
import { hasCrashLoopingContainer } from '../controlplane/timers';
import { hasNoExecuteTaint } from './countdown-pods';
import {
  deriveWorkloads,
  drawnPodView,
  endpointCounts,
  nodeView,
  ownerReadByCard,
  pendingOf,
  podOrder,
  podTotals,
  WORKLOAD_KINDS,
  type GraphModel,
  type NodeView,
  type PodTotals,
  type PodView,
} from './model';
import { claimIndex, podClaimNames, type ClaimIndex } from './storage-view';

/** The mirror's tables the model reads (an ObjectMirror, or the graph's selection of it). */
export interface ModelSource {
  ofKind(kind: string): KindTable;
}

/** What the model keeps per node name ('' holds the pods with no node yet). */
interface NodeEntry {
  node: KObject | undefined;
  machine: MachineInfo | undefined;
  /** Every pod bound to the node, drawn or not (the card's bars and outlook count them). */
  bound: Map<ObjectKey, KObject>;
  /** `bound` as a list and its totals, kept while no bound pod changed (null: to be made again). */
  boundTotals: { pods: KObject[]; totals: PodTotals } | null;
  /** The drawn pods' views by key (the namespace filter's choice). */
  drawn: Map<ObjectKey, PodView>;
  /** The drawn pods' views, sorted (podOrder); rebuilt when `drawn` or a drawn pod changed. */
  views: PodView[];
  view: NodeView | undefined;
}

const EMPTY_TABLE: KindTable = SharedMap.empty();
const NO_VIEWS: PodView[] = [];

/**
 * The machine fields a node card reads (no machine reads as running and reachable): a new
 * snapshot with the same states changes nothing.
 */
function sameMachine(a: MachineInfo | undefined, b: MachineInfo | undefined): boolean {
  if (a === b) return true;
  return (
    (a?.running ?? true) === (b?.running ?? true) &&
    (a?.reachable ?? true) === (b?.reachable ?? true) &&
    !!a?.shuttingDown === !!b?.shuttingDown
  );
}

/**
 * The entry's drawn views in podOrder. The order goes by namespace and name (which a key fixes)
 * and a StatefulSet's ordinal: while the same pods are drawn (their statuses changed), the last
 * order holds.
 */
function sortedViews(e: NodeEntry): PodView[] {
  if (e.views.length === e.drawn.size) {
    const same = e.views.map((v) => e.drawn.get(v.key));
    if (same.every((v, i) => v !== undefined && v.sortName === e.views[i].sortName)) return same as PodView[];
  }
  return [...e.drawn.values()].sort(podOrder);
}

function nodeNameOf(pod: KObject): string {
  return (pod.spec?.nodeName as string | undefined) || '';
}

/** The graph's model, updated from the last version it saw (see the file's comment). */
export class IncrementalModel {
  private namespace: string | null = null;
  private shows: (namespace: string) => boolean = () => true;
  private podTable: KindTable = EMPTY_TABLE;
  private nodeTable: KindTable = EMPTY_TABLE;
  private claimTable: KindTable = EMPTY_TABLE;
  private claims: ClaimIndex = new Map();
  private machines: readonly MachineInfo[] = [];
  private machineByName = new Map<string, MachineInfo>();
  private readonly entries = new Map<string, NodeEntry>();
  /** Node names in name order, while the set of Node objects stays the same. */
  private nodeNames: string[] = [];
  private views = SharedMap.empty<PodView>();
  /** The drawn pods whose volumes name claims: their views change with the claims. */
  private readonly claimPods = new Map<ObjectKey, KObject>();
  /** Drawn pods of DaemonSets and StatefulSets by owner uid (their cards read them). */
  private readonly owned = new Map<string, Map<ObjectKey, PodView>>();
  private readonly crashLooping = new Map<ObjectKey, KObject>();
  private readonly noExecute = new Map<string, KObject>();
  private workloadTables: KindTable[] = [];
  private model: GraphModel | null = null;
  /** Pods per namespace, copied from the last model's when pods come or go (null: unchanged). */
  private namespaces: Map<string, number> | null = null;
  private hiddenPods = 0;
  // changes of the current update
  private readonly dirtyViews = new Set<string>();
  private readonly dirtyNodes = new Set<string>();
  private dirtyOwners = false;
  private nodeSetChanged = false;

  /**
   * The model of `source` now: the last model when nothing it reads changed. `shows` is the
   * namespace filter for `namespace` (a new namespace re-derives everything, once).
   */
  update(
    source: ModelSource,
    machines: readonly MachineInfo[],
    namespace: string,
    shows: (namespace: string) => boolean,
  ): GraphModel {
    if (namespace !== this.namespace) this.reset(namespace, shows);
    const claimsChanged = this.updateClaims(source.ofKind('PersistentVolumeClaim'));
    this.updateNodes(source.ofKind('Node'));
    this.updateMachines(machines);
    const pods = source.ofKind('Pod');
    const podChanges = pods.changesSince(this.podTable);
    this.podTable = pods;
    const viewUpserts: [ObjectKey, PodView][] = [];
    const viewDeletes: ObjectKey[] = [];
    for (const { key, before, after } of podChanges) {
      if (before) this.removePod(key, before, viewDeletes);
      if (after) this.addPod(key, after, viewUpserts);
      // a key names one namespace: only pods that come or go change the counts
      if (!before) this.count(after!, 1);
      else if (!after) this.count(before, -1);
    }
    if (claimsChanged) {
      // a claim's phase shows on the chips of the pods that name it
      for (const [key, pod] of this.claimPods) this.addView(key, pod, viewUpserts);
    }
    this.views = this.views.with(viewUpserts, viewDeletes);
    const workloadTables = WORKLOAD_KINDS.map((kind) => source.ofKind(kind));
    workloadTables.push(source.ofKind('EndpointSlice'));
    const workloadsChanged =
      claimsChanged || this.dirtyOwners || workloadTables.some((table, i) => table !== this.workloadTables[i]);
    this.workloadTables = workloadTables;
    if (
      this.model &&
      this.dirtyViews.size === 0 &&
      this.dirtyNodes.size === 0 &&
      !this.nodeSetChanged &&
      !workloadsChanged &&
      !this.namespaces
    ) {
      return this.model;
    }
    this.model = this.derive(workloadsChanged);
    return this.model;
  }

  private reset(namespace: string, shows: (namespace: string) => boolean): void {
    this.namespace = namespace;
    this.shows = shows;
    this.podTable = EMPTY_TABLE;
    this.nodeTable = EMPTY_TABLE;
    this.machines = [];
    this.machineByName = new Map();
    this.entries.clear();
    this.nodeNames = [];
    this.views = SharedMap.empty();
    this.claimPods.clear();
    this.owned.clear();
    this.crashLooping.clear();
    this.noExecute.clear();
    this.workloadTables = [];
    this.model = null;
    this.namespaces = new Map();
    this.hiddenPods = 0;
    this.nodeSetChanged = true;
  }

  private entry(name: string): NodeEntry {
    let e = this.entries.get(name);
    if (!e) {
      e = {
        node: undefined,
        machine: this.machineByName.get(name),
        bound: new Map(),
        boundTotals: null,
        drawn: new Map(),
        views: NO_VIEWS,
        view: undefined,
      };
      this.entries.set(name, e);
    }
    return e;
  }

  /** Drops an entry that holds nothing any more. */
  private prune(name: string): void {
    const e = this.entries.get(name);
    if (e && !e.node && e.bound.size === 0 && e.drawn.size === 0) this.entries.delete(name);
  }

  private updateClaims(table: KindTable): boolean {
    if (table === this.claimTable) return false;
    this.claimTable = table;
    this.claims = claimIndex(table.values());
    return true;
  }

  private updateNodes(table: KindTable): void {
    for (const { key, before, after } of table.changesSince(this.nodeTable)) {
      const name = (after ?? before)!.metadata.name ?? key.slice('Node//'.length);
      if (!before || !after) this.nodeSetChanged = true;
      this.entry(name).node = after;
      this.dirtyNodes.add(name);
      if (after && hasNoExecuteTaint(after)) this.noExecute.set(name, after);
      else this.noExecute.delete(name);
      if (!after) this.prune(name);
    }
    this.nodeTable = table;
  }

  private updateMachines(machines: readonly MachineInfo[]): void {
    if (machines === this.machines) return;
    const next = new Map(machines.map((m) => [m.name, m]));
    for (const name of new Set([...this.machineByName.keys(), ...next.keys()])) {
      const m = next.get(name);
      if (sameMachine(this.machineByName.get(name), m)) continue;
      const e = this.entries.get(name);
      if (e) {
        e.machine = m;
        this.dirtyNodes.add(name);
      }
    }
    this.machines = machines;
    this.machineByName = next;
  }

  private addView(key: ObjectKey, pod: KObject, upserts: [ObjectKey, PodView][]): PodView {
    const view = drawnPodView(pod, this.claims);
    upserts.push([key, view]);
    const name = nodeNameOf(pod);
    this.entry(name).drawn.set(key, view);
    this.dirtyViews.add(name);
    const owner = ownerReadByCard(pod);
    if (owner) {
      let map = this.owned.get(owner);
      if (!map) this.owned.set(owner, (map = new Map()));
      map.set(key, view);
      this.dirtyOwners = true;
    }
    return view;
  }

  private addPod(key: ObjectKey, pod: KObject, upserts: [ObjectKey, PodView][]): void {
    const name = nodeNameOf(pod);
    const e = this.entry(name);
    if (name) {
      e.bound.set(key, pod);
      e.boundTotals = null;
      this.dirtyNodes.add(name);
    }
    if (hasCrashLoopingContainer(pod)) this.crashLooping.set(key, pod);
    if (!this.shows(pod.metadata.namespace ?? '')) return;
    if (podClaimNames(pod).length > 0) this.claimPods.set(key, pod);
    this.addView(key, pod, upserts);
  }

  private removePod(key: ObjectKey, pod: KObject, deletes: ObjectKey[]): void {
    const name = nodeNameOf(pod);
    const e = this.entry(name);
    if (name && e.bound.delete(key)) {
      e.boundTotals = null;
      this.dirtyNodes.add(name);
    }
    this.crashLooping.delete(key);
    if (e.drawn.delete(key)) {
      this.dirtyViews.add(name);
      this.claimPods.delete(key);
      deletes.push(key);
      const owner = ownerReadByCard(pod);
      const map = owner ? this.owned.get(owner) : undefined;
      if (map?.delete(key)) {
        this.dirtyOwners = true;
        if (map.size === 0) this.owned.delete(owner!);
      }
    }
    this.prune(name);
  }

  /** The next model: the last one's parts where nothing of theirs changed. */
  private derive(workloadsChanged: boolean): GraphModel {
    const last = this.model;
    let podsByNode = last?.podsByNode ?? new Map<string, PodView[]>();
    let pending = last?.pending ?? [];
    if (this.dirtyViews.size > 0) {
      podsByNode = new Map(podsByNode);
      for (const name of this.dirtyViews) {
        const e = this.entries.get(name);
        const views = e ? sortedViews(e) : NO_VIEWS;
        if (e) e.views = views;
        if (!name) pending = pendingOf(views);
        else if (views.length > 0) podsByNode.set(name, views);
        else podsByNode.delete(name);
      }
    }
    let nodesChanged = this.nodeSetChanged;
    if (this.nodeSetChanged) {
      this.nodeNames = [...this.namedNodes()].sort();
    }
    for (const name of this.dirtyNodes) {
      const e = this.entries.get(name);
      if (!e?.node) continue;
      if (!e.boundTotals) {
        const pods = [...e.bound.values()];
        e.boundTotals = { pods, totals: podTotals(pods) };
      }
      e.view = nodeView(e.node, e.boundTotals.pods, e.machine, e.boundTotals.totals);
      nodesChanged = true;
    }
    const nodes = nodesChanged || !last ? this.nodeNames.map((name) => this.entries.get(name)!.view!) : last.nodes;
    const workloads = workloadsChanged || !last ? this.deriveWorkloads() : last.workloads;
    const namespaces = this.namespaces ?? last?.namespaces ?? new Map<string, number>();
    this.namespaces = null;
    this.dirtyViews.clear();
    this.dirtyNodes.clear();
    this.dirtyOwners = false;
    this.nodeSetChanged = false;
    const countdownPods = new Map(this.crashLooping);
    for (const name of this.noExecute.keys())
      for (const [key, pod] of this.entries.get(name)?.bound ?? []) countdownPods.set(key, pod);
    return {
      nodes,
      pods: this.views,
      podsByNode,
      pending,
      workloads,
      namespaces,
      hiddenPods: this.hiddenPods,
      countdownPods: [...countdownPods.values()],
      noExecuteNodes: [...this.noExecute.values()],
    };
  }

  /** Names of the nodes that have a Node object. */
  private *namedNodes(): IterableIterator<string> {
    for (const [name, e] of this.entries) if (e.node) yield name;
  }

  private deriveWorkloads() {
    const shown = (o: KObject) => this.shows(o.metadata.namespace ?? '');
    const objs: KObject[] = [];
    const slices = this.workloadTables[this.workloadTables.length - 1];
    for (const table of this.workloadTables.slice(0, -1)) for (const o of table.values()) if (shown(o)) objs.push(o);
    return deriveWorkloads(
      objs,
      endpointCounts(slices.values()),
      (uid) => {
        const map = this.owned.get(uid);
        return map ? [...map.values()] : undefined;
      },
      this.claims,
    );
  }

  /** Counts a pod in (+1) or out (-1) of its namespace, and of the hidden ones. */
  private count(pod: KObject, by: 1 | -1): void {
    const ns = pod.metadata.namespace ?? '';
    this.namespaces ??= new Map(this.model?.namespaces);
    const n = (this.namespaces.get(ns) ?? 0) + by;
    if (n > 0) this.namespaces.set(ns, n);
    else this.namespaces.delete(ns);
    if (!this.shows(ns)) this.hiddenPods += by;
  }
}
