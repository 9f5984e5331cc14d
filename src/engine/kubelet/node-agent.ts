// NodeAgent: the node half of a kubelet. Registers its Node (labels, capacity, addresses, system
// info, conditions), keeps its Lease in kube-node-lease renewed every 10 s (+ up to 4 % jitter) and
// recomputes node status every 10 s, writing it when it changed or every 5 min
// (pkg/kubelet/kubelet_node_status.go, component-helpers lease controller).
//
// It only talks to the API server while its machine is running and can reach the control plane
// (see cluster/topology.ts), which is how stopped nodes and partitions go silent.

import type { Condition, KObject, Taint } from '../../k8s/types';
import type { ApiServer } from '../api/apiserver';
import { isApiError } from '../api/errors';
import { leaseKind, nodeKind } from '../api/kinds';
import { Priority } from '../clock/clock';
import type { TimerHandle } from '../clock/clock';
import type { Topology } from '../cluster/topology';
import type { EventRecorder } from '../runtime/events';
import type { NodeStatusImage } from './images/node-image-cache';

export const KUBELET_VERSION = 'v1.34.2';
export const NODE_LEASE_NAMESPACE = 'kube-node-lease';
const LEASE_DURATION_SECONDS = 40;
const LEASE_RENEW_INTERVAL_MS = 10_000; // leaseDuration × 0.25
const NODE_STATUS_UPDATE_MS = 10_000;
const NODE_STATUS_REPORT_MS = 5 * 60_000;
const JITTER_FACTOR = 0.04;

type ConditionCore = Pick<Condition, 'type' | 'status' | 'reason' | 'message'>;

export type PressureKind = 'memory' | 'disk' | 'pid';

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
// The kubelet's Ready condition while graceful node shutdown runs (its shutdown manager reports
// an error to the Ready setter).
const SHUTTING_DOWN: ConditionCore = {
  type: 'Ready',
  status: 'False',
  reason: 'KubeletNotReady',
  message: 'node is shutting down',
};

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
  private shuttingDown = false;
  /** The stored conditions and conditionState() last found to need no write (syncNodeStatus). */
  private unchangedConditions: Condition[] | undefined;
  private unchangedState = -1;
  private booted = false;
  /** registrationCompleted: set once the Node exists; cleared by a restart. */
  private registered = false;
  private readonly machineId: string;
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

  /** Boots the kubelet: register (or re-use) the Node, then heartbeat. A reboot has a new boot ID. */
  start(): void {
    const clock = this.ctx.api.clock;
    const jitter = () => Math.floor(this.ctx.api.random.next() * JITTER_FACTOR * LEASE_RENEW_INTERVAL_MS);
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
    this.leaseTimer?.cancel();
    this.statusTimer?.cancel();
    this.leaseRetry?.cancel();
    this.leaseRetry = undefined;
  }

  /** `kubeplay node pressure`: the condition flips and the status is posted at once. */
  setPressure(kind: PressureKind, on: boolean): boolean {
    if (this.pressure[kind] === on) return false;
    this.pressure[kind] = on;
    const name = this.spec.name;
    const reason = on ? PRESSURE[kind].onEvent : PRESSURE[kind].offEvent;
    this.ctx.events.recorder('kubelet', name).event(this.nodeRef(), 'Normal', reason, `Node ${name} status is now: ${reason}`);
    this.syncNodeStatus();
    return true;
  }

  hasPressure(kind: PressureKind): boolean {
    return this.pressure[kind];
  }

  /** Graceful node shutdown began: Ready turns False (NodeNotReady) and is posted at once. */
  beginShutdown(): void {
    if (this.shuttingDown) return;
    this.shuttingDown = true;
    const name = this.spec.name;
    this.ctx.events
      .recorder('kubelet', name)
      .event(this.nodeRef(), 'Normal', 'NodeNotReady', `Node ${name} status is now: NodeNotReady`);
    this.syncNodeStatus();
  }

  /** The kubelet can talk to the API server again: heartbeat now rather than at the next tick. */
  reconnected(): void {
    this.renewLease();
    this.syncNodeStatus();
  }

  private nodeRef() {
    const name = this.spec.name;
    return { kind: 'Node', name, uid: name, apiVersion: 'v1' };
  }

  private online(): boolean {
    return this.ctx.topology.canReachControlPlane(this.spec.name);
  }

  private register(): void {
    if (!this.online()) return;
    const api = this.ctx.api;
    if (api.tryGet(nodeKind, undefined, this.spec.name)) {
      this.registered = true;
      return;
    }
    api.create(this.initialNode());
    this.registered = true;
    this.announceStart();
    this.lastReportMs = api.clock.now();
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
    recorder.event(nodeRef, 'Normal', 'NodeReady', `Node ${name} status is now: NodeReady`);
  }

  private initialNode(): KObject {
    const s = this.spec;
    const now = this.ctx.api.timestamp();
    const resources = { cpu: s.cpu, memory: s.memory, pods: String(s.pods), 'ephemeral-storage': s.ephemeralStorage };
    return {
      apiVersion: 'v1',
      kind: 'Node',
      metadata: {
        name: s.name,
        labels: {
          'beta.kubernetes.io/arch': 'amd64',
          'beta.kubernetes.io/os': 'linux',
          'kubernetes.io/arch': 'amd64',
          'kubernetes.io/hostname': s.name,
          'kubernetes.io/os': 'linux',
          'topology.kubernetes.io/region': s.region,
          'topology.kubernetes.io/zone': s.zone,
          ...s.labels,
        },
        annotations: { 'node.alpha.kubernetes.io/ttl': '0', 'volumes.kubernetes.io/controller-managed-attach-detach': 'true' },
      },
      spec: s.taints?.length ? { taints: s.taints } : {},
      status: {
        capacity: resources,
        allocatable: resources,
        conditions: this.conditions(now, now),
        addresses: [
          { type: 'InternalIP', address: s.internalIP },
          { type: 'Hostname', address: s.name },
        ],
        daemonEndpoints: { kubeletEndpoint: { Port: 10250 } },
        ...(this.ctx.images ? { images: this.takeImages() } : {}),
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
        },
      },
    };
  }

  /** The conditions the kubelet would post now, in its order. */
  /** What currentConditions() depends on, as one number. */
  private conditionState(): number {
    const p = this.pressure;
    return (p.memory ? 1 : 0) | (p.disk ? 2 : 0) | (p.pid ? 4 : 0) | (this.shuttingDown ? 8 : 0);
  }

  private currentConditions(): ConditionCore[] {
    const kinds: PressureKind[] = ['memory', 'disk', 'pid'];
    return [
      ...kinds.map((k) => (this.pressure[k] ? PRESSURE[k].on : PRESSURE[k].off)),
      this.shuttingDown ? SHUTTING_DOWN : READY,
    ];
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
    const previous: Condition[] = node.status?.conditions ?? [];
    // Whether a condition changed depends only on its fixed parts, so this is decided before the
    // new conditions are built (every 10 s on every node, mostly to write nothing). The stored
    // conditions and this kubelet's state are what it depends on: when neither moved since the
    // last check that found no change, that answer stands.
    const state = this.conditionState();
    let changed = false;
    if (previous !== this.unchangedConditions || state !== this.unchangedState) {
      changed = this.currentConditions().some((c) => {
        const old = previous.find((p) => p.type === c.type);
        return !old || old.status !== c.status || old.reason !== c.reason || old.message !== c.message;
      });
      this.unchangedConditions = changed ? undefined : previous;
      this.unchangedState = state;
    }
    const imagesChanged = this.ctx.images?.takeImagesDirty() ?? false;
    if (!changed && !imagesChanged && api.clock.now() < this.lastReportMs + NODE_STATUS_REPORT_MS) return;
    const now = api.timestamp();
    const desired = this.conditions(now, now).map((c) => {
      const old = previous.find((p) => p.type === c.type);
      return old && old.status === c.status ? { ...c, lastTransitionTime: old.lastTransitionTime } : c;
    });
    try {
      const images = this.ctx.images ? { images: this.ctx.images.statusImages() } : {};
      api.updateStatus({ ...node, status: { ...node.status, conditions: desired, ...images } });
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
    if (!this.online()) {
      this.retryLease(LEASE_RETRY_INITIAL_MS);
      return;
    }
    const api = this.ctx.api;
    const renewTime = new Date(api.clock.nowUnixMs()).toISOString().replace('Z', '000Z');
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
