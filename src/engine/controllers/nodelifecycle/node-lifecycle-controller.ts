// Node lifecycle controller (pkg/controller/nodelifecycle, taint-based mode with the separate taint
// eviction controller): watches heartbeats and turns silent nodes Unknown, keeps the condition
// taints on nodes, and taints not-ready / unreachable nodes NoExecute at a per-zone rate that
// slows down or stops when a zone — or the whole cluster — looks disrupted.
//
// Three loops, as upstream:
//  - monitorNodeHealth every node-monitor-period (first pass at start): registers new nodes, checks
//    each node's health (node-health.ts), feeds the NoExecute queues, marks the pods of a node that
//    just stopped being Ready not ready (mark-pods-not-ready.ts), then handleDisruption
//    (disruption.ts). wait.Until measures the period from the end of a pass; a pass is charged
//    PASS_COST_MS of virtual time, so passes drift off the period grid the way they do on a real
//    controller-manager and "more than 50 s after the probe" is met about 50 s after it, not 55.
//  - doNoExecuteTaintingPass every 100 ms (NodeEvictionPeriod) on the same grid from start, run
//    only while some zone queue holds a node it could take (an idle tick changes nothing);
//  - doNoScheduleTaintingPass for every Node add/update (work queue, no rate limit), and processPod
//    for every pod newly bound to a node (marks it not ready when its node is not Ready).
//
// Settings are read from the SimulationConfig when they are used, so `kubeplay config set` applies
// from the next decision: the period when the next pass is scheduled, grace periods per check,
// eviction rates when a zone changes state (and for every zone at the next pass after a rate
// changed). Events come from component node-controller.
//
// Cost: a pass over healthy nodes reads caches only (node, lease by key, the node's cached zone)
// and writes nothing; pods are looked up through the informer's nodeName index only for a node
// that just stopped being Ready.

import type { Condition, KObject } from '../../../k8s/types';
import type { ApiServer } from '../../api/apiserver';
import { isApiError } from '../../api/errors';
import { leaseKind, nodeKind, podKind } from '../../api/kinds';
import { Priority, type Clock, type TimerHandle } from '../../clock/clock';
import type { SimulationConfig } from '../../config';
import { Controller } from '../../runtime/controller';
import type { EventRecorder, Recorder } from '../../runtime/events';
import { keyFor, NODE_NAME_INDEX, objectKey, type Informer, type InformerFactory } from '../../runtime/informer';
import { StringInterner } from '../../runtime/string-interner';
import { ZoneDisruption, type DisruptionChange, type EvictionRates, type ZoneCount } from './disruption';
import { markPodsNotReady } from './mark-pods-not-ready';
import {
  afterStatusWritten,
  nodeCondition,
  renewTimeBefore,
  tryUpdateNodeHealth,
  type HealthCheckContext,
  type NodeHealth,
} from './node-health';
import { NODE_EVICTION_PERIOD_MS, type ActionResult, type RateLimitedTimedQueue } from './rate-limited-queue';
import {
  NOT_READY_NO_EXECUTE,
  noScheduleTaintDiff,
  removeTaintsOffNode,
  swapNodeControllerTaint,
  taintExists,
  UNREACHABLE_NO_EXECUTE,
} from './taints';
import { isExcludedFromDisruption, zoneKey, type ZoneState } from './zone-state';

export const COMPONENT = 'node-controller';
export const NODE_LEASE_NAMESPACE = 'kube-node-lease';
/** Virtual time one monitor pass takes (see the header). */
export const PASS_COST_MS = 1;
/** NodeHealthUpdateRetry: tries of the Unknown status write, re-reading the node in between. */
const NODE_HEALTH_UPDATE_RETRY = 5;

export interface NodeLifecycleDeps {
  api: ApiServer;
  clock: Clock;
  config: SimulationConfig;
  events: EventRecorder;
}

/**
 * One Node of the informer, kept up to date by its handlers (so a pass needs no lookups), and what
 * the controller remembers about it (knownNodeSet + nodeHealthMap).
 */
interface NodeEntry {
  name: string;
  /** The informer's current object. */
  node: KObject;
  /** Seen by a pass (RegisteredNode recorded). */
  registered: boolean;
  /** The node object `labels` and `tainted` were read from (the same object has the same ones). */
  refreshed: KObject | undefined;
  /** Whether that object has a taint list (spec.taints). */
  tainted: boolean;
  /** Zone key and exclusion, computed from `labels`. */
  labels: unknown;
  zone: string;
  excluded: boolean;
  /** This pass's counters of the node's zone. */
  count: ZoneCount | undefined;
  leaseKey: string;
  health: NodeHealth | undefined;
  /** The object the last health check read, and its Ready condition (fast path). */
  checked: KObject | undefined;
  checkedReady: Condition | undefined;
  /** checkedReady's status is True. */
  checkedReadyTrue: boolean;
  /** A Lease the health record held and its renewTime (so a pass compares without reading it). */
  savedLease: KObject | undefined;
  savedRenewTime: string | undefined;
}

const OK: ActionResult = { ok: true };

export class NodeLifecycleController {
  /** doNoScheduleTaintingPass per node name. */
  readonly nodeUpdates: Controller;
  /** processPod per pod key. */
  readonly podUpdates: Controller;
  /** Monitor passes run so far. */
  passes = 0;

  private readonly api: ApiServer;
  private readonly clock: Clock;
  private readonly config: SimulationConfig;
  private readonly recorder: Recorder;
  private readonly nodes: Informer;
  private readonly leases: Informer;
  private readonly pods: Informer;
  /** Every node in the informer, in the order they appeared. */
  private readonly entries = new Map<string, NodeEntry>();
  /** Nodes that appeared since the last pass. */
  private added: NodeEntry[] = [];
  /** Registered nodes deleted since the last pass. */
  private vanished = new Map<string, NodeEntry>();
  /**
   * One string per zone key: every node of a zone holds the same one, so the per-zone maps a pass
   * looks each node up in compare it by identity instead of reading each node's own copy.
   */
  private readonly zoneKeys = new StringInterner();
  /** Per-zone counters, reused across passes. */
  private readonly zoneCounts = new Map<string, ZoneCount>();
  private readonly zones = new ZoneDisruption();
  /** nodesToRetry: nodes whose pods could not all be marked not ready. */
  private readonly retry = new Set<string>();
  private readonly startedAt: number;
  private monitorTimer: TimerHandle | undefined;
  private taintTimer: TimerHandle | undefined;
  private lastRates: EvictionRates | undefined;
  private stopped = false;

  constructor(deps: NodeLifecycleDeps, informers: InformerFactory) {
    this.api = deps.api;
    this.clock = deps.clock;
    this.config = deps.config;
    this.recorder = deps.events.recorder(COMPONENT);
    this.nodes = informers.informerFor(nodeKind);
    this.leases = informers.informerFor(leaseKind);
    this.pods = informers.informerFor(podKind);
    this.startedAt = this.clock.now();

    this.nodeUpdates = new Controller({
      name: 'node-lifecycle-controller: nodes',
      clock: this.clock,
      sync: (name) => this.doNoScheduleTaintingPass(name),
    });
    this.nodeUpdates.handle(this.nodes, {
      onAdd: (node) => node.metadata.name,
      // The pass reads conditions, spec.unschedulable and taints only.
      onUpdate: (old, node) =>
        old.status?.conditions !== node.status?.conditions || old.spec !== node.spec ? node.metadata.name : undefined,
    });
    this.nodes.addHandler({
      onAdd: (node) => this.nodeAdded(node),
      onUpdate: (_old, node) => {
        const entry = this.entries.get(node.metadata.name!);
        if (entry) entry.node = node;
      },
      onDelete: (node) => {
        const name = node.metadata.name!;
        this.retry.delete(name);
        const entry = this.entries.get(name);
        if (!entry) return;
        this.entries.delete(name);
        if (entry.registered) this.vanished.set(name, entry);
        else this.added = this.added.filter((e) => e !== entry);
      },
    });

    this.podUpdates = new Controller({
      name: 'node-lifecycle-controller: pods',
      clock: this.clock,
      sync: (key) => this.processPod(key),
    });
    this.podUpdates.handle(this.pods, {
      onAdd: (pod) => (pod.spec?.nodeName ? objectKey(pod) : undefined),
      onUpdate: (old, pod) => (pod.spec?.nodeName && pod.spec.nodeName !== old.spec?.nodeName ? objectKey(pod) : undefined),
    });

    this.monitorTimer = this.clock.at(
      this.clock.now(),
      () => this.runPass(),
      Priority.periodic,
      'node-lifecycle-controller: monitor',
    );
  }

  /** Stops every loop and detaches from the informers. */
  stop(): void {
    this.stopped = true;
    this.monitorTimer?.cancel();
    this.taintTimer?.cancel();
    this.nodeUpdates.stop();
    this.podUpdates.stop();
  }

  /** The health record of a node (undefined before its first pass). */
  nodeHealth(name: string): Readonly<NodeHealth> | undefined {
    const entry = this.entries.get(name);
    return entry?.registered ? entry.health : undefined;
  }

  /** Every zone's state, by zone key (`region:\0:zone`). */
  zoneStates(): Map<string, ZoneState> {
    const out = new Map<string, ZoneState>();
    for (const zone of this.zones.zones()) out.set(zone, this.zones.state(zone)!);
    return out;
  }

  /** The NoExecute tainter queue of a zone (tests and introspection). */
  tainter(zone: string): RateLimitedTimedQueue | undefined {
    return this.zones.tainter(zone);
  }

  /** Whether every zone is fully disrupted, so no node is tainted NoExecute. */
  get inMasterDisruptionMode(): boolean {
    return this.zones.allFullyDisrupted;
  }

  private runPass(): void {
    this.monitorTimer = undefined;
    if (this.stopped) return;
    try {
      this.monitorNodeHealth();
    } finally {
      if (!this.stopped) {
        const next = this.clock.now() + PASS_COST_MS + this.config.durationMs('node-monitor-period');
        this.monitorTimer = this.clock.at(next, () => this.runPass(), Priority.periodic, 'node-lifecycle-controller: monitor');
      }
    }
  }

  private rates(): EvictionRates {
    const c = this.config;
    return {
      evictionRate: c.number('node-eviction-rate'),
      secondaryEvictionRate: c.number('secondary-node-eviction-rate'),
      largeClusterSizeThreshold: c.number('large-cluster-size-threshold'),
      unhealthyZoneThreshold: c.number('unhealthy-zone-threshold'),
    };
  }

  private nodeAdded(node: KObject): void {
    const name = node.metadata.name!;
    // Deleted and re-created between two passes: to a pass it never went away.
    const back = this.vanished.get(name);
    if (back) {
      this.vanished.delete(name);
      back.node = node;
      this.entries.set(name, back);
      return;
    }
    const entry: NodeEntry = {
      name,
      node,
      registered: false,
      refreshed: undefined,
      tainted: false,
      labels: undefined,
      zone: '',
      excluded: false,
      count: undefined,
      leaseKey: keyFor(NODE_LEASE_NAMESPACE, name),
      health: undefined,
      checked: undefined,
      checkedReady: undefined,
      checkedReadyTrue: false,
      savedLease: undefined,
      savedRenewTime: undefined,
    };
    this.entries.set(name, entry);
    this.added.push(entry);
  }

  /** One monitorNodeHealth pass. Public so a bench can time it; the clock runs it on its own. */
  monitorNodeHealth(): void {
    this.passes++;
    const now = this.clock.now();
    const rates = this.rates();
    this.classifyNodes(rates);

    const ctx: HealthCheckContext = {
      nowMs: now,
      nowTimestamp: this.api.timestamp(),
      monitorGracePeriodMs: this.config.durationMs('node-monitor-grace-period'),
      startupGracePeriodMs: this.config.durationMs('node-startup-grace-period'),
      parseTime: (ts) => this.clock.parseTimestamp(ts),
    };
    for (const c of this.zoneCounts.values()) c.ready = c.notReady = 0;
    for (const entry of this.entries.values()) this.checkNode(entry, ctx, rates);
    const counts = new Map<string, ZoneCount>();
    for (const [zone, c] of this.zoneCounts) {
      if (c.ready + c.notReady > 0) counts.set(zone, c);
      else this.zoneCounts.delete(zone);
    }

    if (this.lastRates && !sameRates(this.lastRates, rates)) this.zones.reapplyRates(counts, rates, now);
    this.lastRates = rates;
    const change: DisruptionChange = this.zones.handle(counts, rates, now, {
      markAllNodesReachable: () => {
        for (const entry of this.entries.values()) this.markNodeAsReachable(entry.node, this.refresh(entry).zone);
      },
      resetAllProbeTimestamps: () => {
        for (const entry of this.entries.values()) {
          if (entry.health) {
            entry.health.probeTimestamp = now;
            entry.health.readyTransitionTimestamp = now;
          }
        }
      },
    });
    if (change) this.armTaintTimer();
  }

  /** classifyNodes: new nodes are registered, vanished ones forgotten. */
  private classifyNodes(rates: EvictionRates): void {
    const added = this.added;
    this.added = [];
    for (const entry of added) {
      entry.registered = true;
      this.recordNodeEvent(entry.node, 'RegisteredNode', `Registered Node ${entry.name} in Controller`);
      this.zones.ensureZone(this.refresh(entry).zone, rates);
      this.markNodeAsReachable(entry.node, entry.zone);
    }
    for (const entry of this.vanished.values()) {
      this.recordNodeEvent(entry.node, 'RemovingNode', `Removing Node ${entry.name} from Controller`);
    }
    this.vanished.clear();
  }

  /** The entry with its zone fields recomputed if the node's labels changed. */
  private refresh(entry: NodeEntry): NodeEntry {
    const node = entry.node;
    // Every pass visits every node, and most are the objects of the pass before: nothing to read.
    if (node === entry.refreshed && entry.count !== undefined) return entry;
    entry.refreshed = node;
    entry.tainted = !!node.spec?.taints;
    const labels = node.metadata.labels;
    if (entry.labels !== labels || entry.count === undefined) {
      entry.labels = labels;
      entry.zone = this.zoneKeys.intern(zoneKey(entry.node));
      entry.excluded = isExcludedFromDisruption(entry.node);
      let count = this.zoneCounts.get(entry.zone);
      if (!count) this.zoneCounts.set(entry.zone, (count = { ready: 0, notReady: 0 }));
      entry.count = count;
    }
    return entry;
  }

  private checkNode(entry: NodeEntry, ctx: HealthCheckContext, rates: EvictionRates): void {
    this.refresh(entry);
    // A zone no pass has a state for (new, or forgotten while it had no counted node).
    if (!this.zones.hasZone(entry.zone)) this.zones.ensureZone(entry.zone, rates);
    let node = entry.node;
    const lease = this.leases.getByKey(entry.leaseKey);
    const health = entry.health;
    let observed: Condition;
    let current: Condition | undefined;
    if (health && node === entry.checked && entry.checkedReady !== undefined && this.quickCheck(entry, health, lease, ctx)) {
      // The node object is the one checked last time and it is within its grace period: what
      // tryUpdateNodeHealth would return, without the work.
      if (entry.checkedReadyTrue) {
        // Ready before and after (the tail below for that case, without reading the condition
        // or the node again: `node` is the object refresh() read).
        if (!entry.excluded) entry.count!.ready++;
        this.stillReady(entry, node, entry.tainted);
        return;
      }
      observed = current = entry.checkedReady;
    } else {
      let check = tryUpdateNodeHealth(node, lease, health, ctx);
      entry.health = check.health;
      for (let attempt = 1; check.update; attempt++) {
        try {
          const written = this.api.updateStatus(check.update);
          entry.health = afterStatusWritten(check.health, written, lease, ctx.nowMs);
          break;
        } catch (e) {
          if (!isApiError(e)) throw e;
          const fresh = this.api.tryGet(nodeKind, undefined, entry.name);
          // Gone, or still failing: skip the node this pass (no taints, not counted in its zone).
          if (!fresh || attempt >= NODE_HEALTH_UPDATE_RETRY) return;
          node = fresh;
          check = tryUpdateNodeHealth(node, lease, entry.health, ctx);
          entry.health = check.health;
        }
      }
      observed = check.observed;
      current = check.current;
      entry.checked = node;
      entry.checkedReady = nodeCondition(node, 'Ready');
      entry.checkedReadyTrue = entry.checkedReady?.status === 'True';
    }

    if (!entry.excluded) {
      if (current?.status === 'True') entry.count!.ready++;
      else entry.count!.notReady++;
    }

    if (current) {
      if (observed.status === 'True' && current.status === 'True') {
        this.stillReady(entry, node, node === entry.refreshed ? entry.tainted : !!node.spec?.taints);
        return;
      }
      this.processTaintBaseEviction(node, entry.zone, observed);
      const transition = current.status !== 'True' && observed.status === 'True';
      if (transition) this.recordNodeStatusChange(node, 'NodeNotReady');
      if (transition || (this.retry.has(entry.name) && observed.status !== 'True')) {
        const errors = markPodsNotReady(this.api, this.recorder, this.pods.byIndex(NODE_NAME_INDEX, entry.name), entry.name);
        if (errors.length > 0) {
          this.retry.add(entry.name);
          return;
        }
      }
    }
    this.retry.delete(entry.name);
  }

  /** A node Ready before and after its check: no NoExecute taint, no pods to mark. */
  private stillReady(entry: NodeEntry, node: KObject, tainted: boolean): void {
    // markNodeAsReachable, inlined for the common case: no taints to look at, just dequeue.
    if (tainted) this.markNodeAsReachable(node, entry.zone);
    else this.zones.tainter(entry.zone)?.remove(entry.name);
    if (this.retry.size > 0) this.retry.delete(entry.name);
  }

  /**
   * tryUpdateNodeHealth for a node object already checked (so its Ready heartbeat is not news): a
   * later lease renewal refreshes the probe. True when the node is still within its grace period.
   */
  private quickCheck(entry: NodeEntry, health: NodeHealth, lease: KObject | undefined, ctx: HealthCheckContext): boolean {
    const saved = health.lease;
    if (lease && lease !== saved) {
      const renewTime: string | undefined = lease.spec?.renewTime;
      // (renewedBefore(saved, lease), with the saved Lease's time remembered when it was saved)
      if (!saved || renewTimeBefore(saved === entry.savedLease ? entry.savedRenewTime : saved.spec?.renewTime, renewTime)) {
        health.lease = lease;
        health.probeTimestamp = ctx.nowMs;
        entry.savedLease = lease;
        entry.savedRenewTime = renewTime;
      }
    }
    return ctx.nowMs <= health.probeTimestamp + ctx.monitorGracePeriodMs;
  }

  private processTaintBaseEviction(node: KObject, zone: string, observed: Condition): void {
    const taints = node.spec?.taints;
    switch (observed.status) {
      case 'False':
        if (taintExists(taints, UNREACHABLE_NO_EXECUTE)) {
          swapNodeControllerTaint(this.api, node, [NOT_READY_NO_EXECUTE], [UNREACHABLE_NO_EXECUTE]);
        } else {
          this.markNodeForTainting(node, zone, 'False');
        }
        break;
      case 'Unknown':
        if (taintExists(taints, NOT_READY_NO_EXECUTE)) {
          swapNodeControllerTaint(this.api, node, [UNREACHABLE_NO_EXECUTE], [NOT_READY_NO_EXECUTE]);
        } else {
          this.markNodeForTainting(node, zone, 'Unknown');
        }
        break;
      case 'True':
        this.markNodeAsReachable(node, zone);
        break;
    }
  }

  private queueFor(zone: string): RateLimitedTimedQueue {
    if (!this.zones.tainter(zone)) this.zones.ensureZone(zone, this.rates());
    return this.zones.tainter(zone)!;
  }

  private markNodeForTainting(node: KObject, zone: string, status: 'False' | 'Unknown'): void {
    const name = node.metadata.name!;
    const queue = this.queueFor(zone);
    const taints = node.spec?.taints;
    if (status === 'False' && !taintExists(taints, NOT_READY_NO_EXECUTE)) queue.remove(name);
    if (status === 'Unknown' && !taintExists(taints, UNREACHABLE_NO_EXECUTE)) queue.remove(name);
    if (queue.add(name, node.metadata.uid ?? '', this.clock.now())) this.armTaintTimer();
  }

  /** Removes both NoExecute taints (nothing is written when the node has neither) and dequeues it. */
  private markNodeAsReachable(node: KObject, zone: string): void {
    const name = node.metadata.name!;
    try {
      removeTaintsOffNode(this.api, name, node, [UNREACHABLE_NO_EXECUTE]);
      removeTaintsOffNode(this.api, name, node, [NOT_READY_NO_EXECUTE]);
    } catch (e) {
      if (!isApiError(e)) throw e;
      return; // retried next pass
    }
    this.zones.tainter(zone)?.remove(name);
  }

  // ---- NoExecute tainting (every 100 ms) ------------------------------------------------------

  /** Arms the next 100 ms tick when some queue holds a node and can accept. */
  private armTaintTimer(): void {
    if (this.taintTimer || this.stopped || !this.taintWorkPending()) return;
    const elapsed = this.clock.now() - this.startedAt;
    const next = this.startedAt + (Math.floor(elapsed / NODE_EVICTION_PERIOD_MS) + 1) * NODE_EVICTION_PERIOD_MS;
    this.taintTimer = this.clock.at(
      next,
      () => {
        this.taintTimer = undefined;
        this.doNoExecuteTaintingPass();
        this.armTaintTimer();
      },
      Priority.periodic,
      'node-lifecycle-controller: NoExecute taints',
    );
  }

  private taintWorkPending(): boolean {
    for (const [, queue] of this.zones.allTainters()) if (queue.size > 0 && queue.accepting) return true;
    return false;
  }

  private doNoExecuteTaintingPass(): void {
    const now = this.clock.now();
    for (const [, queue] of this.zones.allTainters()) {
      queue.try(now, (value) => {
        const node = this.nodes.get(undefined, value.value);
        // no longer present (upstream retries other read errors after 50 ms; a cache read cannot fail)
        if (!node) return OK;
        const ready = nodeCondition(node, 'Ready');
        let add;
        let opposite;
        if (ready?.status === 'False') {
          add = NOT_READY_NO_EXECUTE;
          opposite = UNREACHABLE_NO_EXECUTE;
        } else if (ready?.status === 'Unknown') {
          add = UNREACHABLE_NO_EXECUTE;
          opposite = NOT_READY_NO_EXECUTE;
        } else {
          return OK; // Ready again: no taint
        }
        return swapNodeControllerTaint(this.api, node, [add], [opposite]) ? OK : { ok: false, waitMs: 0 };
      });
    }
  }

  // ---- NoSchedule taints and pods -------------------------------------------------------------

  private doNoScheduleTaintingPass(name: string): void {
    const node = this.nodes.get(undefined, name);
    if (!node) return;
    const { add, remove } = noScheduleTaintDiff(node);
    if (add.length === 0 && remove.length === 0) return;
    // A failure is not retried (upstream leaves a TODO); the next update of the node tries again.
    swapNodeControllerTaint(this.api, node, add, remove);
  }

  private processPod(key: string): { error: unknown } | undefined {
    const pod = this.pods.getByKey(key);
    if (!pod) return undefined;
    const nodeName: string = pod.spec?.nodeName;
    const entry = this.entries.get(nodeName);
    const health = entry?.registered ? entry.health : undefined;
    if (!health) return undefined; // not seen yet: the next pass handles the node's pods
    if (!this.nodes.get(undefined, nodeName)) return { error: new Error(`node ${nodeName} not found`) };
    const ready = health.savedReady;
    if (!ready || ready.status === 'True') return undefined;
    const errors = markPodsNotReady(this.api, this.recorder, [pod], nodeName);
    return errors.length > 0 ? { error: errors[0] } : undefined;
  }

  // ---- events ---------------------------------------------------------------------------------

  /** RecordNodeEvent: "Node <name> event: <message>". */
  private recordNodeEvent(node: KObject, reason: string, message: string): void {
    const name = node.metadata.name!;
    this.recorder.event(nodeRef(node), 'Normal', reason, `Node ${name} event: ${message}`);
  }

  /** RecordNodeStatusChange: "Node <name> status is now: <status>". */
  private recordNodeStatusChange(node: KObject, status: string): void {
    this.recorder.event(nodeRef(node), 'Normal', status, `Node ${node.metadata.name} status is now: ${status}`);
  }
}

function nodeRef(node: KObject) {
  return { apiVersion: 'v1', kind: 'Node', name: node.metadata.name, uid: node.metadata.uid };
}

function sameRates(a: EvictionRates, b: EvictionRates): boolean {
  return (
    a.evictionRate === b.evictionRate &&
    a.secondaryEvictionRate === b.secondaryEvictionRate &&
    a.largeClusterSizeThreshold === b.largeClusterSizeThreshold &&
    a.unhealthyZoneThreshold === b.unhealthyZoneThreshold
  );
}

export function startNodeLifecycleController(deps: NodeLifecycleDeps, informers: InformerFactory): NodeLifecycleController {
  return new NodeLifecycleController(deps, informers);
}
