// Cluster: one running control plane and its machines — the clock, the API server with its kinds
// and admission chain, the built-in namespaces, node machines with their kubelets, and the
// controllers. Simulation (simulation.ts) owns one and replaces it on `kubeplay cluster reset`.

import { parseQuantity } from '../../k8s/quantity';
import { failSwapOnError, type NodeSwapConfig, type SwapBehavior } from '../kubelet/swap';
import { ApiServer } from '../api/apiserver';
import { installAddons } from './addons';
import { defaultTolerationSeconds } from '../api/admission-plugins/default-toleration-seconds';
import { namespaceLifecycle } from '../api/admission-plugins/namespace-lifecycle';
import { playgroundLimits } from '../api/admission-plugins/playground-limits';
import { defaultStorageClassAdmission, storageObjectInUseProtection } from '../api/admission-plugins/storage';
import { resourceQuotaAdmission } from '../api/admission-plugins/resource-quota';
import { limitRangerAdmission } from '../api/admission-plugins/limit-ranger';
import { serviceAccountAdmission } from '../api/admission-plugins/service-account';
import { priorityAdmission, systemPriorityClassObjects } from '../api/admission-plugins/priority';
import { createKindRegistry } from '../api/kinds';
import { Clock } from '../clock/clock';
import { SeededRandom } from '../clock/random';
import { SimulationConfig } from '../config';
import { NodeAgent, type NodeMachineSpec } from '../kubelet/node-agent';
import { startControllers, type Controllers } from '../controllers';
import { createKubernetesService } from './kubernetes-service';
import { defaultStorageClassObject } from './default-storage-class';
import { Topology } from './topology';
import { EventRecorder } from '../runtime/events';
import { freezeByDefault } from '../api/freeze';
import { Kubelets } from '../kubelet/kubelets';
import { MachineControl } from './machines';
import { startScheduler, type Scheduler } from '../scheduler/scheduler';

export const BUILTIN_NAMESPACES = ['default', 'kube-node-lease', 'kube-public', 'kube-system'];

export interface ClusterShape {
  /** No nodes at all. */
  empty?: boolean;
  zones?: number;
  nodesPerZone?: number;
  /** The kube-system add-ons of a kubeadm cluster: kube-proxy and coredns (addons.ts). */
  addons?: boolean;
  /** Virtual time 0 as Unix ms (default DEFAULT_EPOCH_MS, 2026-01-01T00:00:00Z). */
  epochMs?: number;
}

export interface NodeOptions {
  zone: string;
  region?: string;
  cpu?: string;
  memory?: string;
  pods?: number;
  labels?: Record<string, string>;
  taints?: NodeMachineSpec['taints'];
  /**
   * The machine boots with the node: its runtime's status is unknown until the kubelet's first
   * check, so the Node registers NotReady (`kubeplay node add --cold`). Without it the machine
   * joins with its runtime already up, as the initial cluster's do.
   */
  coldRuntime?: boolean;
  kubeReserved?: NodeMachineSpec['kubeReserved'];
  shutdownGracePeriodMs?: number;
  shutdownGracePeriodCriticalPodsMs?: number;
  systemReserved?: NodeMachineSpec['systemReserved'];
  /** The machine's swap (a quantity, e.g. 4Gi); none by default. */
  swap?: string;
  /** The kubelet's failSwapOn (default true: it refuses to start on a machine with swap). */
  failSwapOn?: boolean;
  /** The kubelet's memorySwap.swapBehavior (default NoSwap). */
  swapBehavior?: SwapBehavior;
}

/** The node's kubelet exited at start (its machine is not added). */
export class KubeletStartError extends Error {}

export const DEFAULT_REGION = 'region-1';

export class Cluster {
  readonly clock: Clock;
  readonly random: SeededRandom;
  readonly api: ApiServer;
  readonly topology = new Topology();
  readonly config = new SimulationConfig();
  readonly agents = new Map<string, NodeAgent>();
  /** The one event recorder every component reports through (event names stay unique). */
  readonly events: EventRecorder;
  readonly controllers: Controllers;
  /** The pod side of every node's kubelet (pod workers, container runtimes) and the kubelet API. */
  readonly kubelets: Kubelets;
  /** Playground actions on machines: stop, start, disconnect, partition, shutdown, pressure. */
  readonly machines = new MachineControl(this);
  /** kube-scheduler (default-scheduler). */
  readonly scheduler: Scheduler;
  private nextAddress = 2;

  constructor(seed: number, shape: ClusterShape = {}) {
    this.clock = new Clock(shape.epochMs);
    this.random = new SeededRandom(seed);
    this.api = new ApiServer(this.clock, this.random, createKindRegistry(), this.config);
    this.api.freezeObjects = freezeByDefault();
    this.events = new EventRecorder(this.api);
    this.api.admission.register(namespaceLifecycle(this.api));
    this.api.admission.register(limitRangerAdmission(this.api));
    this.api.admission.register(serviceAccountAdmission(this.api));
    this.api.admission.register(priorityAdmission(this.api));
    this.api.admission.register(defaultTolerationSeconds);
    this.api.admission.register(defaultStorageClassAdmission(this.api));
    this.api.admission.register(storageObjectInUseProtection);
    this.api.admission.register(playgroundLimits);
    // ResourceQuota comes last, as upstream orders it: it counts only what every other plugin let in.
    this.api.admission.register(resourceQuotaAdmission(this.api));
    for (const name of BUILTIN_NAMESPACES) {
      this.api.create({
        apiVersion: 'v1',
        kind: 'Namespace',
        metadata: { name, labels: { 'kubernetes.io/metadata.name': name } },
      });
    }
    createKubernetesService(this.api);
    for (const pc of systemPriorityClassObjects()) this.api.create(pc);
    this.api.create(defaultStorageClassObject(), { systemObject: true });
    this.controllers = startControllers(this);
    this.kubelets = new Kubelets(
      { api: this.api, clock: this.clock, random: this.random, topology: this.topology, events: this.events },
      this.controllers.informers,
    );
    this.scheduler = startScheduler({
      api: this.api,
      clock: this.clock,
      informers: this.controllers.informers,
      recorder: this.events.recorder('default-scheduler'),
      random: this.random,
    });
    if (!shape.empty) {
      const zones = shape.zones ?? 3;
      const perZone = shape.nodesPerZone ?? 2;
      for (let z = 0; z < zones; z++) {
        const letter = zoneLetter(z);
        for (let n = 1; n <= perZone; n++) this.addNode(`node-${letter}${n}`, { zone: `zone-${letter}` });
      }
    }
    if (shape.addons) installAddons(this.api);
    this.clock.runDue();
  }

  /** Adds a machine and boots its kubelet, which registers the Node. */
  addNode(name: string, options: NodeOptions): NodeAgent {
    if (this.agents.has(name) || this.topology.machine(name)) throw new Error(`a machine named "${name}" already exists`);
    const swapBytes = options.swap ? parseQuantity(options.swap).value() : 0;
    if (swapBytes > 0 && options.failSwapOn !== false) throw new KubeletStartError(failSwapOnError(swapBytes));
    const memory = options.memory ?? '8Gi';
    const region = options.region ?? DEFAULT_REGION;
    this.topology.addMachine(name, options.zone, region);
    const address = this.nextAddress++;
    const internalIP = `172.18.${Math.floor(address / 250)}.${address % 250}`;
    const swap: NodeSwapConfig | undefined = swapBytes
      ? { swapBytes, memoryBytes: parseQuantity(memory).value(), behavior: options.swapBehavior ?? 'NoSwap' }
      : undefined;
    const podSide = this.kubelets.addNode(name, internalIP, swap);
    const agent = new NodeAgent(
      { api: this.api, topology: this.topology, events: this.events, images: podSide },
      {
        name,
        zone: options.zone,
        region,
        cpu: options.cpu ?? '4',
        memory,
        pods: options.pods ?? 110,
        ephemeralStorage: '100Gi',
        internalIP,
        labels: options.labels,
        taints: options.taints,
        shutdownGracePeriodMs: options.shutdownGracePeriodMs,
        shutdownGracePeriodCriticalPodsMs: options.shutdownGracePeriodCriticalPodsMs,
        kubeReserved: options.kubeReserved,
        systemReserved: options.systemReserved,
        swapBytes,
      },
    );
    this.agents.set(name, agent);
    agent.start(options.coldRuntime ?? false);
    return agent;
  }
}

/** zone-a … zone-z, then zone-aa … */
function zoneLetter(index: number): string {
  let s = '';
  let i = index;
  do {
    s = String.fromCharCode(97 + (i % 26)) + s;
    i = Math.floor(i / 26) - 1;
  } while (i >= 0);
  return s;
}
