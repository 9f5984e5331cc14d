// Every node's kubelet pod side, fed from one shared pod informer (indexed by node name) instead
// of a watch per node, and the kubelet API the API server proxies to (container logs).

import type { NodeSwapConfig } from './swap';
import type { KObject } from '../../k8s/types';
import type { ApiServer } from '../api/apiserver';
import { errors } from '../api/errors';
import { configMapKind, endpointSliceKind, podKind, secretKind, serviceKind } from '../api/kinds';
import { ClusterDns } from './dns/cluster-dns';
import { ClusterNetwork } from './network/cluster-network';
import { PodsByIP } from './network/pods-by-ip';
import type { Topology } from '../cluster/topology';
import type { InformerFactory } from '../runtime/informer';
import { NODE_NAME_INDEX } from '../runtime/informer';
import type { LogLine } from './container/types';
import type { ContainerLogRequest, ContainerLogResult, KubeletApi } from './kubelet-api';
import { NodeKubelet, type NodeKubeletDeps } from './pods/node-kubelet';
import type { ContainerInstance } from './pods/runtime-types';
import { findSpecContainer } from './pods/spec-container';
import { MountedObjectIndex } from './volumes/object-index';

const SLICES_BY_SERVICE_INDEX = 'endpointSliceServiceName';
const SERVICES_BY_CLUSTER_IP_INDEX = 'serviceClusterIP';

/** EndpointSlices filed under `<namespace>/<kubernetes.io/service-name>`. */
function slicesByService(slice: KObject): readonly string[] {
  const service = slice.metadata.labels?.['kubernetes.io/service-name'];
  return service ? [`${slice.metadata.namespace}/${service}`] : [];
}

export class Kubelets implements KubeletApi {
  private readonly nodes = new Map<string, NodeKubelet>();
  /** Which pods (on any node) mount which ConfigMaps and Secrets. */
  private readonly mountedObjects = new MountedObjectIndex();
  private readonly podsByIP = new PodsByIP();
  /** The cluster DNS every pod's resolver asks (CoreDNS), over the shared informers' caches. */
  readonly dns: ClusterDns;
  /** The pod network containers' clients (wget, nc, curl) connect through. */
  readonly network: ClusterNetwork;

  constructor(
    private readonly deps: NodeKubeletDeps & { topology: Topology },
    private readonly informers: InformerFactory,
  ) {
    const pods = informers.informerFor(podKind);
    // First, as an index would be: up to date before any handler sees the event.
    pods.addHandler(this.podsByIP.handler);
    pods.addHandler({
      onAdd: (pod) => this.route(pod),
      onUpdate: (_old, pod) => this.route(pod),
      onDelete: (pod) => {
        const nodeName = pod.spec?.nodeName;
        if (nodeName && this.deps.topology.canReachControlPlane(nodeName)) this.nodes.get(nodeName)?.podRemoved(pod);
      },
    });
    this.watchMountedObjects();
    this.dns = this.clusterDns();
    this.network = this.clusterNetwork();
  }

  private clusterNetwork(): ClusterNetwork {
    const services = this.informers.informerFor(serviceKind);
    const slices = this.informers.informerFor(endpointSliceKind);
    if (!services.hasIndex(SERVICES_BY_CLUSTER_IP_INDEX)) {
      services.addIndex(SERVICES_BY_CLUSTER_IP_INDEX, (s) =>
        s.spec?.clusterIP && s.spec.clusterIP !== 'None' ? [s.spec.clusterIP] : [],
      );
    }
    return new ClusterNetwork(
      {
        podsByIP: (ip) => this.podsByIP.pods(ip),
        servicesByClusterIP: (ip) => services.byIndex(SERVICES_BY_CLUSTER_IP_INDEX, ip),
        endpointSlices: (ns, service) => slices.byIndex(SLICES_BY_SERVICE_INDEX, `${ns}/${service}`),
        podContainers: (nodeName, uid) => {
          if (!this.deps.topology.machine(nodeName)?.running) return undefined;
          const runtime = this.nodes.get(nodeName)?.runtime;
          const pod = runtime?.pod(uid);
          if (!runtime || !pod) return undefined;
          return pod.containers.map((instance) => ({ instance, process: runtime.process(instance.id) }));
        },
      },
      this.deps.random,
    );
  }

  private clusterDns(): ClusterDns {
    const services = this.informers.informerFor(serviceKind);
    const slices = this.informers.informerFor(endpointSliceKind);
    if (!slices.hasIndex(SLICES_BY_SERVICE_INDEX)) slices.addIndex(SLICES_BY_SERVICE_INDEX, slicesByService);
    return new ClusterDns({
      service: (ns, name) => services.get(ns, name),
      endpointSlices: (ns, service) => slices.byIndex(SLICES_BY_SERVICE_INDEX, `${ns}/${service}`),
    });
  }

  /** Tells the pods that mount a ConfigMap or Secret when it changes (they remount at their next periodic sync). */
  private watchMountedObjects(): void {
    for (const [def, kind] of [
      [configMapKind, 'configmap'],
      [secretKind, 'secret'],
    ] as const) {
      const changed = (o: KObject) => this.mountedObjects.changed(kind, o.metadata.namespace ?? '', o.metadata.name ?? '');
      this.informers.informerFor(def).addHandler({ onAdd: changed, onUpdate: (_old, o) => changed(o), onDelete: changed });
    }
  }

  /** Starts the pod side of a node's kubelet and hands it the pods already bound there. */
  addNode(nodeName: string, hostIP: string, swap?: NodeSwapConfig): NodeKubelet {
    const kubelet = new NodeKubelet(
      { ...this.deps, mountedObjects: this.mountedObjects, dns: this.dns, network: this.network },
      nodeName,
      hostIP,
      swap,
    );
    this.nodes.set(nodeName, kubelet);
    for (const pod of this.informers.informerFor(podKind).byIndex(NODE_NAME_INDEX, nodeName)) kubelet.podUpdated(pod);
    return kubelet;
  }

  /** The machine is gone for good: its pod side stops and is forgotten. */
  removeNode(nodeName: string): void {
    this.nodes.get(nodeName)?.machineStopped();
    this.nodes.delete(nodeName);
  }

  node(nodeName: string): NodeKubelet | undefined {
    return this.nodes.get(nodeName);
  }

  /** The kubelet (re)gains the API: it reconciles with every pod bound to its node. */
  resync(nodeName: string): void {
    this.nodes.get(nodeName)?.resync(this.informers.informerFor(podKind).byIndex(NODE_NAME_INDEX, nodeName));
  }

  private route(pod: KObject): void {
    const nodeName = pod.spec?.nodeName;
    if (!nodeName || !this.deps.topology.canReachControlPlane(nodeName)) return;
    this.nodes.get(nodeName)?.podUpdated(pod);
  }

  // ---- KubeletApi -----------------------------------------------------------------------------

  containerLogs(request: ContainerLogRequest): ContainerLogResult {
    const found = this.findInstance(request);
    if (!found.ok) return found;
    const { instance } = found;
    return { ok: true, lines: instance.logs, running: instance.state === 'running' };
  }

  followLogs(request: ContainerLogRequest, onLine: (line: LogLine) => void, onEnd: () => void): () => void {
    const found = this.findInstance(request);
    if (!found.ok || found.instance.state !== 'running') {
      onEnd();
      return () => {};
    }
    return found.kubelet.runtime.follow(found.instance.id, onLine, onEnd);
  }

  private findInstance(
    request: ContainerLogRequest,
  ):
    { ok: true; instance: ContainerInstance; kubelet: NodeKubelet } | { ok: false; error: ReturnType<typeof errors.badRequest> } {
    const api: ApiServer = this.deps.api;
    const pod = api.tryGet(podKind, request.namespace, request.pod);
    if (!pod) return { ok: false, error: errors.notFound({ group: '', resource: 'pods' }, request.pod) };
    const name = request.container;
    const spec = pod.spec ?? {};
    const kind = findSpecContainer(spec, name)?.kind;
    if (!kind) return { ok: false, error: errors.badRequest(`container ${name} is not valid for pod ${request.pod}`) };
    const kubelet = spec.nodeName ? this.nodes.get(spec.nodeName) : undefined;
    const instances = kubelet?.runtime.pod(pod.metadata.uid!)?.containers.filter((c) => c.name === name && c.kind === kind) ?? [];
    if (request.previous) {
      const previous = instances[1];
      if (!previous || !kubelet) {
        return {
          ok: false,
          error: errors.badRequest(`previous terminated container "${name}" in pod "${request.pod}" not found`),
        };
      }
      return { ok: true, instance: previous, kubelet };
    }
    const current = instances[0];
    if (!current || !kubelet) {
      const waiting = waitingReason(pod, name);
      return {
        ok: false,
        error: errors.badRequest(`container "${name}" in pod "${request.pod}" is waiting to start: ${waiting}`),
      };
    }
    return { ok: true, instance: current, kubelet };
  }
}

/** What the API server says about a container with no instance yet (from the pod's status). */
function waitingReason(pod: KObject, name: string): string {
  const statuses = [
    ...((pod.status?.initContainerStatuses ?? []) as any[]),
    ...((pod.status?.containerStatuses ?? []) as any[]),
    ...((pod.status?.ephemeralContainerStatuses ?? []) as any[]),
  ];
  const reason: string | undefined = statuses.find((s) => s.name === name)?.state?.waiting?.reason;
  if (reason === 'ErrImagePull' || reason === 'ImagePullBackOff') return 'trying and failing to pull image';
  if (reason === 'ErrImageNeverPull' || reason === 'InvalidImageName') return "image can't be pulled";
  return reason ?? 'ContainerCreating';
}
