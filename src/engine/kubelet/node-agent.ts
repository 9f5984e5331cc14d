// NodeAgent: the node half of a kubelet. Registers its Node (labels, capacity, addresses, system
// info, conditions), keeps its Lease in kube-node-lease renewed every 10 s (+ up to 4 % jitter) and
// recomputes node status every 10 s, writing it when it changed or every 5 min
// (pkg/kubelet/kubelet_node_status.go, component-helpers lease controller).
//
// Every status write sets the whole status the kubelet owns, as its setters do (nodestatus/
// setters.go): capacity, allocatable (capacity − kube-reserved − system-reserved − hard eviction
// thresholds), addresses, nodeInfo (the boot ID changes on every boot), images and conditions. A
// Node that already exists when the kubelet registers (created from the docs' node.json) gets its
// default labels reconciled and this status at the first sync. Ready is False while the container
// runtime or its network is not ready, with the kubelet's messages; a pressure condition is held
// for the eviction pressure transition period (5 min) after the pressure went away; the kubelet
// records NodeNotSchedulable / NodeSchedulable when it sees the node cordoned or uncordoned.
//
// It only talks to the API server while its machine is running and can reach the control plane
// (see cluster/topology.ts), which is how stopped nodes and partitions go silent.

import type { Condition, KObject, Taint } from '../../k8s/types';
import type { ApiServer } from '../api/apiserver';
import { deepEqual } from '../api/deep';
import { isApiError } from '../api/errors';
import { leaseKind, nodeKind } from '../api/kinds';
import { Priority } from '../clock/clock';
import type { TimerHandle } from '../clock/clock';
import { canReachControlPlane, type MachineState, type Topology } from '../cluster/topology';
import type { EventRecorder } from '../runtime/events';
import type { NodeStatusImage } from './images/node-image-cache';
import { allocatableOf, type ResourceList } from './allocatable';

export const KUBELET_VERSION = 'v1.34.2';
export const NODE_LEASE_NAMESPACE = 'kube-node-lease';
const LEASE_DURATION_SECONDS = 40;
const LEASE_RENEW_INTERVAL_MS = 10_000; // leaseDuration × 0.25
const NODE_STATUS_UPDATE_MS = 10_000;
const NODE_STATUS_REPORT_MS = 5 * 60_000;
const JITTER_FACTOR = 0.04;

type ConditionCore = Pick<Condition, 'type' | 'status' | 'reason' | 'message'>;

export type PressureKind = 'memory' | 'disk' | 'pid';
/** The pressure conditions in the kubelet's order. */
const PRESSURE_KINDS: readonly PressureKind[] = ['memory', 'disk', 'pid'];

/** Each pressure condition when fine and under pressure, with the event the change records. */
const PRESSURE: Record<PressureKind, { off: ConditionCore; on: ConditionCore; offEvent: string; onEvent: string }> = {
  memory: {
    off: {
      type: 'MemoryPressure',
      status: 'False',
      reason: 'KubeletHasSufficientMemory',
      message: 'kubelet has sufficient memory available',
    },
    on: {
      type: 'MemoryPressure',
      status: 'True',
      reason: 'KubeletHasInsufficientMemory',
      message: 'kubelet has insufficient memory available',
    },
    offEvent: 'NodeHasSufficientMemory',
    onEvent: 'NodeHasInsufficientMemory',
  },
  disk: {
    off: { type: 'DiskPressure', status: 'False', reason: 'KubeletHasNoDiskPressure', message: 'kubelet has no disk pressure' },
    on: { type: 'DiskPressure', status: 'True', reason: 'KubeletHasDiskPressure', message: 'kubelet has disk pressure' },
    offEvent: 'NodeHasNoDiskPressure',
    onEvent: 'NodeHasDiskPressure',
  },
  pid: {
    off: {
      type: 'PIDPressure',
      status: 'False',
      reason: 'KubeletHasSufficientPID',
      message: 'kubelet has sufficient PID available',
    },
    on: {
      type: 'PIDPressure',
      status: 'True',
      reason: 'KubeletHasInsufficientPID',
      message: 'kubelet has insufficient PID available',
    },
    offEvent: 'NodeHasSufficientPID',
    onEvent: 'NodeHasInsufficientPID',
  },
};

const READY: ConditionCore = {
  type: 'Ready',
  status: 'True',
  reason: 'KubeletReady',
  message: 'kubelet is posting ready status',
};

/** --eviction-pressure-transition-period: a pressure condition stays this long after it went away. */
export const PRESSURE_TRANSITION_PERIOD_MS = 5 * 60_000;
/** updateRuntimeUp runs every 5 s: a freshly booted runtime is known ready by then. */
const RUNTIME_CHECK_MS = 5_000;

// The Ready condition's errors (pkg/kubelet/runtime.go runtimeState).
const RUNTIME_NOT_CHECKED = 'container runtime status check may not have completed yet';
const RUNTIME_DOWN = 'container runtime is down';
// While graceful node shutdown runs, its shutdown manager reports this to the Ready setter.
const SHUTTING_DOWN_ERROR = 'node is shutting down';
const NETWORK_NOT_READY =
  'container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized';

/** The default labels the kubelet keeps in step with its own view (updateDefaultLabels). */
const DEFAULT_LABELS = [
  'kubernetes.io/hostname',
  'topology.kubernetes.io/zone',
  'topology.kubernetes.io/region',
  'failure-domain.beta.kubernetes.io/zone',
  'failure-domain.beta.kubernetes.io/region',
  'node.kubernetes.io/instance-type',
  'beta.kubernetes.io/instance-type',
  'kubernetes.io/os',
  'kubernetes.io/arch',
  'beta.kubernetes.io/os',
  'beta.kubernetes.io/arch',
];

/** backoffEnsureLease: 200 ms doubling to 7 s while the Lease cannot be reached. */
const LEASE_RETRY_INITIAL_MS = 200;
const LEASE_RETRY_MAX_MS = 7_000;

export interface NodeMachineSpec {
  name: string;
  zone: string;
  region: string;
  cpu: string;
  memory: string;
  pods: number;
  ephemeralStorage: string;
  internalIP: string;
  labels?: Record<string, string>;
  taints?: Taint[];
  /**
   * The kubelet's shutdownGracePeriod / shutdownGracePeriodCriticalPods (ms). 0, the default,
   * leaves graceful node shutdown off: a shutdown just powers the machine off.
   */
  shutdownGracePeriodMs?: number;
  shutdownGracePeriodCriticalPodsMs?: number;
  /** --kube-reserved / --system-reserved (resource → quantity). */
  kubeReserved?: ResourceList;
  systemReserved?: ResourceList;
  /** The machine's swap in bytes (0 or absent: none); reported as status.nodeInfo.swap.capacity. */
  swapBytes?: number;
}

export interface NodeAgentContext {
  api: ApiServer;
  topology: Topology;
  events: EventRecorder;
  /** The node's container images (status.images), from the pod side of the kubelet. */
  images?: NodeImages;
}

export interface NodeImages {
  /** Whether the images changed since last asked (clears the flag). */
  takeImagesDirty(): boolean;
  statusImages(): NodeStatusImage[];
}

export class NodeAgent {
  private leaseTimer?: TimerHandle;
  private statusTimer?: TimerHandle;
  private leaseRetry?: TimerHandle;
  private lastReportMs = -Infinity;
  private bootId: string;
  private readonly pressure: Record<PressureKind, boolean> = { memory: false, disk: false, pid: false };
  /** When each pressure was last seen (its condition stays True for the transition period). */
  private readonly pressureSeenAt: Record<PressureKind, number> = { memory: -Infinity, disk: -Infinity, pid: -Infinity };
  /** Until when some pressure condition may be reported (none from then on; Infinity while one lasts). */
  private pressureHeldUntil = -Infinity;
  private shuttingDown = false;
  /** The container runtime: not yet checked after a boot, up, or down (`kubeplay node runtime`). */
  private runtime: 'unchecked' | 'up' | 'down' = 'up';
  private runtimeCheck?: TimerHandle;
  /** The runtime's network (CNI) is ready (`kubeplay node network`). */
  private networkReady = true;
  /** lastNodeUnschedulable: what the kubelet last saw of spec.unschedulable. */
  private lastUnschedulable = false;
  /** ownStatus() of the current boot. */
  private own?: { bootId: string; status: Record<string, unknown> };
  /** The node status the last check found stored (identity) and whether its own parts matched. */
  private checkedStatus: unknown;
  private checkedOwn: unknown;
  private staticMatches = false;
  /** The stored conditions and conditionState() last found to need no write (syncNodeStatus). */
  private unchangedConditions: Condition[] | undefined;
  private unchangedState = -1;
  /** The Node object the last status sync found nothing to write for (see syncNodeStatus). */
  private quietNode: KObject | undefined;
  private booted = false;
  /** registrationCompleted: set once the Node exists; cleared by a restart. */
  private registered = false;
  private readonly machineId: string;
  /** This kubelet's machine in the topology (see online()). */
  private machine: MachineState | undefined;
  private readonly systemUUID: string;

  constructor(
    private readonly ctx: NodeAgentContext,
    readonly spec: NodeMachineSpec,
  ) {
    const random = ctx.api.random;
    this.machineId = random.uuid().replace(/-/g, '');
    this.systemUUID = random.uuid();
    this.bootId = random.uuid();
  }

  /**
   * Boots the kubelet: register (or re-use) the Node, then heartbeat. A reboot has a new boot ID.
   * `coldRuntime`: the runtime's status is not known until its first check (5 s), so the node
   * registers NotReady (a machine added to a running cluster); the initial cluster's machines
   * were up before the playground's clock started.
   */
  start(coldRuntime = false): void {
    const clock = this.ctx.api.clock;
    const jitter = () => Math.floor(this.ctx.api.random.next() * JITTER_FACTOR * LEASE_RENEW_INTERVAL_MS);
    if (coldRuntime || this.booted) this.checkRuntimeSoon();
    if (this.booted) {
      this.registered = false;
      this.bootId = this.ctx.api.random.uuid();
      this.shuttingDown = false;
      this.lastReportMs = -Infinity;
      this.announceStart(true);
      this.syncNodeStatus();
    }
    this.booted = true;
    this.register();
    this.renewLease();
    this.leaseTimer = clock.every(LEASE_RENEW_INTERVAL_MS, () => this.renewLease(), {
      priority: Priority.controller,
      label: `kubelet ${this.spec.name} lease`,
      jitter,
    });
    this.statusTimer = clock.every(NODE_STATUS_UPDATE_MS, () => this.syncNodeStatus(), {
      priority: Priority.controller,
      label: `kubelet ${this.spec.name} status`,
      jitter,
    });
  }

  /** The machine goes down: no more heartbeats. */
  stop(): void {
    this.runtimeCheck?.cancel();
    this.runtimeCheck = undefined;
    this.leaseTimer?.cancel();
    this.statusTimer?.cancel();
    this.leaseRetry?.cancel();
    this.leaseRetry = undefined;
  }

  /**
   * `kubeplay node pressure`: the pressure starts or ends now; the condition turns True at once
   * and is posted, but stays True for the transition period after the pressure ended.
   */
  setPressure(kind: PressureKind, on: boolean): boolean {
    if (this.pressure[kind] === on) return false;
    this.pressure[kind] = on;
    this.pressureSeenAt[kind] = this.ctx.api.clock.now();
    this.pressureHeldUntil = Math.max(
      ...PRESSURE_KINDS.map((k) => (this.pressure[k] ? Infinity : this.pressureSeenAt[k] + PRESSURE_TRANSITION_PERIOD_MS)),
    );
    this.syncNodeStatus();
    return true;
  }

  hasPressure(kind: PressureKind): boolean {
    return this.pressure[kind];
  }

  /** nodeConditionsObservedSince: pressure now, or seen less than the transition period ago. */
  private pressureReported(kind: PressureKind): boolean {
    return this.pressure[kind] || this.ctx.api.clock.now() < this.pressureSeenAt[kind] + PRESSURE_TRANSITION_PERIOD_MS;
  }

  /** Graceful node shutdown began: Ready turns False (NodeNotReady) and is posted at once. */
  beginShutdown(): void {
    if (this.shuttingDown) return;
    this.shuttingDown = true;
    // ProcessShutdownEvent records this before it posts the NotReady status.
    this.ctx.events
      .recorder('kubelet', this.spec.name)
      .event(this.nodeRef(), 'Normal', 'Shutdown', 'Shutdown manager detected shutdown event');
    this.syncNodeStatus();
  }

  /** `kubeplay node runtime NAME down|up`: the container runtime stops or comes back. */
  setRuntime(up: boolean): boolean {
    if ((this.runtime === 'down') === !up) return false;
    this.runtimeCheck?.cancel();
    this.runtimeCheck = undefined;
    this.runtime = up ? 'up' : 'down';
    this.syncNodeStatus();
    return true;
  }

  runtimeUp(): boolean {
    return this.runtime !== 'down';
  }

  /** `kubeplay node network NAME down|up`: the runtime's network plugin (CNI) is ready or not. */
  setNetworkReady(ready: boolean): boolean {
    if (this.networkReady === ready) return false;
    this.networkReady = ready;
    this.syncNodeStatus();
    return true;
  }

  /** The runtime's first status check after a boot, 5 s later. */
  private checkRuntimeSoon(): void {
    if (this.runtime === 'down') return;
    this.runtime = 'unchecked';
    this.runtimeCheck?.cancel();
    this.runtimeCheck = this.ctx.api.clock.after(
      RUNTIME_CHECK_MS,
      () => {
        this.runtimeCheck = undefined;
        if (this.runtime === 'unchecked') this.runtime = 'up';
      },
      Priority.controller,
      `kubelet ${this.spec.name} runtime check`,
    );
  }

  /**
   * The kubelet can talk to the API server again. Its node status is posted now; its Lease is not:
   * the lease controller is asleep in its back-off (200 ms doubling to 7 s) and renews when that
   * wait ends, so a node cut off for long renews up to 7 s after the network came back.
   */
  reconnected(): void {
    if (!this.leaseRetry) this.renewLease();
    this.syncNodeStatus();
  }

  private nodeRef() {
    const name = this.spec.name;
    return { kind: 'Node', name, uid: name, apiVersion: 'v1' };
  }

  /** Whether this kubelet can talk to the API server (its machine is running and reachable). */
  private online(): boolean {
    // The machine's state is looked up once: it is the same object while this kubelet lives
    // (the machine is added before and removed after it), checked every 10 s twice on every node.
    this.machine ??= this.ctx.topology.machine(this.spec.name);
    return this.machine !== undefined && canReachControlPlane(this.machine);
  }

  private register(): void {
    if (!this.online()) return;
    const api = this.ctx.api;
    const existing = api.tryGet(nodeKind, undefined, this.spec.name);
    if (existing) {
      // tryRegisterWithAPIServer, AlreadyExists: the existing Node is this kubelet's from now on;
      // its default labels follow the kubelet's, the rest of its status comes with the next sync.
      const labels = this.reconciledLabels(existing.metadata.labels ?? {});
      if (labels) {
        try {
          api.update({ ...existing, metadata: { ...existing.metadata, labels } });
        } catch (e) {
          if (!isApiError(e)) throw e;
        }
      }
      this.registered = true;
      const recorder = this.ctx.events.recorder('kubelet', this.spec.name);
      recorder.event(this.nodeRef(), 'Normal', 'Starting', 'Starting kubelet.');
      recorder.event(this.nodeRef(), 'Normal', 'NodeAllocatableEnforced', 'Updated Node Allocatable limit across pods');
      // The first status sync follows at once (the kubelet's fast update after registering).
      this.syncNodeStatus();
      return;
    }
    api.create(this.initialNode());
    this.registered = true;
    this.announceStart();
    this.lastReportMs = api.clock.now();
  }

  /** updateDefaultLabels: the labels with the kubelet's defaults put back; undefined if unchanged. */
  private reconciledLabels(existing: Record<string, string>): Record<string, string> | undefined {
    const mine = this.defaultLabels();
    const out = { ...existing };
    let changed = false;
    for (const key of DEFAULT_LABELS) {
      if (mine[key] !== undefined && out[key] !== mine[key]) {
        out[key] = mine[key];
        changed = true;
      } else if (mine[key] === undefined && out[key] !== undefined) {
        delete out[key];
        changed = true;
      }
    }
    return changed ? out : undefined;
  }

  private defaultLabels(): Record<string, string> {
    const s = this.spec;
    return {
      'beta.kubernetes.io/arch': 'amd64',
      'beta.kubernetes.io/os': 'linux',
      'kubernetes.io/arch': 'amd64',
      'kubernetes.io/hostname': s.name,
      'kubernetes.io/os': 'linux',
      'topology.kubernetes.io/region': s.region,
      'topology.kubernetes.io/zone': s.zone,
    };
  }

  /**
   * The events a starting kubelet records about its node (kubelet.go, kubelet_node_status.go):
   * the involved object is the node, referenced by name with the name as uid, as the kubelet does.
   */
  private announceStart(rebooted = false): void {
    const name = this.spec.name;
    const recorder = this.ctx.events.recorder('kubelet', name);
    const nodeRef = this.nodeRef();
    recorder.event(nodeRef, 'Normal', 'Starting', 'Starting kubelet.');
    if (rebooted) recorder.event(nodeRef, 'Warning', 'Rebooted', `Node ${name} has been rebooted, boot id: ${this.bootId}`);
    for (const reason of ['NodeHasSufficientMemory', 'NodeHasNoDiskPressure', 'NodeHasSufficientPID']) {
      recorder.event(nodeRef, 'Normal', reason, `Node ${name} status is now: ${reason}`);
    }
    recorder.event(nodeRef, 'Normal', 'NodeAllocatableEnforced', 'Updated Node Allocatable limit across pods');
    if (!rebooted && this.readyErrors().length === 0)
      recorder.event(nodeRef, 'Normal', 'NodeReady', `Node ${name} status is now: NodeReady`);
  }

  private recordNodeStatusEvent(reason: string): void {
    const name = this.spec.name;
    this.ctx.events.recorder('kubelet', name).event(this.nodeRef(), 'Normal', reason, `Node ${name} status is now: ${reason}`);
  }

  /** capacity (the machine) and allocatable (less the reservations). */
  private resources(): { capacity: ResourceList; allocatable: ResourceList } {
    const s = this.spec;
    const capacity = { cpu: s.cpu, memory: s.memory, pods: String(s.pods), 'ephemeral-storage': s.ephemeralStorage };
    return { capacity, allocatable: allocatableOf(capacity, s.kubeReserved, s.systemReserved) };
  }

  /**
   * The status fields the kubelet sets besides conditions and images. They depend on the machine
   * (fixed) and the boot ID only, so they are built once per boot: a status sync every 10 s on
   * every node then compares by identity instead of re-parsing quantities and serialising.
   */
  private ownStatus(): Record<string, unknown> {
    if (this.own?.bootId !== this.bootId) this.own = { bootId: this.bootId, status: this.buildOwnStatus() };
    return this.own.status;
  }

  private buildOwnStatus(): Record<string, unknown> {
    const s = this.spec;
    return {
      ...this.resources(),
      addresses: [
        { type: 'InternalIP', address: s.internalIP },
        { type: 'Hostname', address: s.name },
      ],
      daemonEndpoints: { kubeletEndpoint: { Port: 10250 } },
      nodeInfo: {
        architecture: 'amd64',
        bootID: this.bootId,
        containerRuntimeVersion: 'containerd://1.7.24',
        kernelVersion: '6.1.0-28-amd64',
        kubeProxyVersion: '',
        kubeletVersion: KUBELET_VERSION,
        machineID: this.machineId,
        operatingSystem: 'linux',
        osImage: 'Debian GNU/Linux 12 (bookworm)',
        systemUUID: this.systemUUID,
        // Only a machine with swap reports it here (the playground's choice for swapless nodes).
        ...(s.swapBytes ? { swap: { capacity: s.swapBytes } } : {}),
      },
    };
  }

  /** Why Ready is False, in the kubelet's order (runtime, health checks, network). */
  private readyErrors(): string[] {
    const errs: string[] = [];
    if (this.runtime === 'unchecked') errs.push(RUNTIME_NOT_CHECKED);
    if (this.runtime === 'down') errs.push(RUNTIME_DOWN);
    if (this.shuttingDown) errs.push(SHUTTING_DOWN_ERROR);
    if (!this.networkReady) errs.push(NETWORK_NOT_READY);
    return errs;
  }

  private initialNode(): KObject {
    const s = this.spec;
    const now = this.ctx.api.timestamp();
    const own = this.ownStatus();
    return {
      apiVersion: 'v1',
      kind: 'Node',
      metadata: {
        name: s.name,
        labels: { ...this.defaultLabels(), ...s.labels },
        annotations: { 'node.alpha.kubernetes.io/ttl': '0', 'volumes.kubernetes.io/controller-managed-attach-detach': 'true' },
      },
      spec: s.taints?.length ? { taints: s.taints } : {},
      status: {
        capacity: own.capacity,
        allocatable: own.allocatable,
        conditions: this.conditions(now, now),
        addresses: own.addresses,
        daemonEndpoints: own.daemonEndpoints,
        ...(this.ctx.images ? { images: this.takeImages() } : {}),
        nodeInfo: own.nodeInfo,
      },
    };
  }

  /** The conditions the kubelet would post now, in its order. */
  /** What currentConditions() depends on, as one number. */
  private conditionState(): number {
    const r = (k: PressureKind) => this.pressureReported(k);
    const runtime = this.runtime === 'up' ? 0 : this.runtime === 'down' ? 16 : 32;
    // (No pressure is reported past pressureHeldUntil: the usual case needs no look at each kind.)
    const pressure =
      this.ctx.api.clock.now() < this.pressureHeldUntil ? (r('memory') ? 1 : 0) | (r('disk') ? 2 : 0) | (r('pid') ? 4 : 0) : 0;
    return pressure | (this.shuttingDown ? 8 : 0) | runtime | (this.networkReady ? 0 : 64);
  }

  private currentConditions(): ConditionCore[] {
    const errors = this.readyErrors();
    return [
      ...PRESSURE_KINDS.map((k) => (this.pressureReported(k) ? PRESSURE[k].on : PRESSURE[k].off)),
      errors.length === 0 ? READY : { type: 'Ready', status: 'False', reason: 'KubeletNotReady', message: errors.join(',') },
    ];
  }

  /** The events the setters record when a condition's status changes. */
  private recordTransitions(previous: Condition[], next: ConditionCore[]): void {
    for (const c of next) {
      const old = previous.find((p) => p.type === c.type);
      if (!old || old.status === c.status) continue;
      const kind = PRESSURE_KINDS.find((k) => PRESSURE[k].on.type === c.type);
      if (kind) this.recordNodeStatusEvent(c.status === 'True' ? PRESSURE[kind].onEvent : PRESSURE[kind].offEvent);
      else if (c.type === 'Ready') this.recordNodeStatusEvent(c.status === 'True' ? 'NodeReady' : 'NodeNotReady');
    }
  }

  private conditions(heartbeat: string, transition: string): Condition[] {
    return this.currentConditions().map(({ type, status, reason, message }) => ({
      type,
      status,
      lastHeartbeatTime: heartbeat,
      lastTransitionTime: transition,
      reason,
      message,
    }));
  }

  /** Node status: recomputed every tick, written when it changed or the report period passed. */
  private syncNodeStatus(): void {
    if (!this.online()) return;
    const api = this.ctx.api;
    const node = api.tryGet(nodeKind, undefined, this.spec.name);
    if (!node) {
      // registerWithAPIServer runs until it succeeds once; a Node deleted later is not
      // re-created by a running kubelet (it only registers again when it restarts).
      if (!this.registered) this.register();
      return;
    }
    const state = this.conditionState();
    // The Node object the last sync wrote nothing for, in the same state and boot: the checks
    // below would find what they found then (no cordon change, no condition change, its own
    // status equal), so only the images and the report period are left to look at.
    const quiet = node === this.quietNode && state === this.unchangedState && this.own?.bootId === this.bootId;
    let changed = false;
    if (!quiet) {
      // recordNodeSchedulableEvent: the kubelet notices a cordon or uncordon at its next sync.
      const unschedulable = !!node.spec?.unschedulable;
      if (unschedulable !== this.lastUnschedulable) {
        this.lastUnschedulable = unschedulable;
        this.recordNodeStatusEvent(unschedulable ? 'NodeNotSchedulable' : 'NodeSchedulable');
      }
      // Whether a condition changed depends only on its fixed parts, so this is decided before
      // the new conditions are built (every 10 s on every node, mostly to write nothing). The
      // stored conditions and this kubelet's state are what it depends on: when neither moved
      // since the last check that found no change, that answer stands.
      const previous: Condition[] = node.status?.conditions ?? [];
      if (previous !== this.unchangedConditions || state !== this.unchangedState) {
        changed = this.currentConditions().some((c) => {
          const old = previous.find((p) => p.type === c.type);
          return !old || old.status !== c.status || old.reason !== c.reason || old.message !== c.message;
        });
        this.unchangedConditions = changed ? undefined : previous;
        this.unchangedState = state;
      }
    }
    const imagesChanged = this.ctx.images?.takeImagesDirty() ?? false;
    // The rest of the kubelet's status (capacity, allocatable, addresses, nodeInfo) is compared
    // only when the stored status is another object than at the last check.
    const own = this.ownStatus();
    if (!quiet && (node.status !== this.checkedStatus || own !== this.checkedOwn)) {
      const stored = node.status ?? {};
      this.staticMatches = Object.keys(own).every((k) => deepEqual(stored[k], own[k]));
      this.checkedStatus = node.status;
      this.checkedOwn = own;
    }
    if (!changed && !imagesChanged && this.staticMatches && api.clock.now() < this.lastReportMs + NODE_STATUS_REPORT_MS) {
      this.quietNode = node;
      return;
    }
    this.quietNode = undefined;
    const previous: Condition[] = node.status?.conditions ?? [];
    if (changed) this.recordTransitions(previous, this.currentConditions());
    const now = api.timestamp();
    const desired = this.conditions(now, now).map((c) => {
      const old = previous.find((p) => p.type === c.type);
      return old && old.status === c.status ? { ...c, lastTransitionTime: old.lastTransitionTime } : c;
    });
    try {
      const images = this.ctx.images ? { images: this.ctx.images.statusImages() } : {};
      api.updateStatus({ ...node, status: { ...node.status, ...own, conditions: desired, ...images } });
      this.lastReportMs = api.clock.now();
    } catch (e) {
      if (!isApiError(e)) throw e;
    }
  }

  /** While the API cannot be reached the lease controller keeps retrying, backing off to 7 s. */
  private retryLease(delayMs: number): void {
    if (this.leaseRetry || !this.ctx.topology.machine(this.spec.name)?.running) return;
    this.leaseRetry = this.ctx.api.clock.after(
      delayMs,
      () => {
        this.leaseRetry = undefined;
        if (this.online()) this.renewLease();
        else this.retryLease(Math.min(delayMs * 2, LEASE_RETRY_MAX_MS));
      },
      Priority.controller,
      `kubelet ${this.spec.name} lease retry`,
    );
  }

  private takeImages(): NodeStatusImage[] {
    this.ctx.images!.takeImagesDirty();
    return this.ctx.images!.statusImages();
  }

  private renewLease(): void {
    // backoffEnsureLease blocks the controller's loop: its periodic renewals wait for it.
    if (this.leaseRetry) return;
    if (!this.online()) {
      this.retryLease(LEASE_RETRY_INITIAL_MS);
      return;
    }
    const api = this.ctx.api;
    const renewTime = api.clock.microTimestamp();
    const existing = api.tryGet(leaseKind, NODE_LEASE_NAMESPACE, this.spec.name);
    try {
      if (!existing) {
        const node = api.tryGet(nodeKind, undefined, this.spec.name);
        api.create({
          apiVersion: 'coordination.k8s.io/v1',
          kind: 'Lease',
          metadata: {
            name: this.spec.name,
            namespace: NODE_LEASE_NAMESPACE,
            ownerReferences: node
              ? [{ apiVersion: 'v1', kind: 'Node', name: this.spec.name, uid: node.metadata.uid! }]
              : undefined,
          },
          spec: { holderIdentity: this.spec.name, leaseDurationSeconds: LEASE_DURATION_SECONDS, renewTime },
        });
      } else {
        api.update({ ...existing, spec: { ...existing.spec, renewTime } });
      }
    } catch (e) {
      if (!isApiError(e)) throw e;
    }
  }
}
