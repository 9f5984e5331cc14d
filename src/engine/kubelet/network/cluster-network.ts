// The pod network as a container's client programs (wget, nc, curl) meet it. A connection to a
// pod IP reaches that pod's containers, which share one network namespace: the port is open while
// one of them serves on it (probes/network.ts decides which ports a server listens on), refused
// otherwise. A connection to a Service's ClusterIP goes, as kube-proxy sends it, to one ready
// endpoint picked at random, on the target port of the matching Service port; a Service with no
// ready endpoint is rejected (kube-proxy's REJECT rule: connection refused), a port the Service
// does not define goes nowhere. An address nobody owns, or a pod on a stopped machine, never
// answers (the SYN times out).
//
// Lookups are by key: pods and Services by IP through informer indexes, EndpointSlices by the
// service-name index — never a scan of the cluster.

import type { KObject } from '../../../k8s/types';
import type { SeededRandom } from '../../clock/random';
import { serverModel } from '../container/servers';
import { defaultPage } from '../container/pages';
import type { Connection, HttpAnswer, Process } from '../container/types';
import { accepts, httpGet, type ContainerSocket, type PodEndpoint } from '../probes/network';
import type { ContainerInstance } from '../pods/runtime-types';

export interface NetworkRecords {
  /** Pods whose status.podIP is `ip`. */
  podsByIP(ip: string): readonly KObject[];
  /** Services whose spec.clusterIP is `ip`. */
  servicesByClusterIP(ip: string): readonly KObject[];
  endpointSlices(namespace: string, service: string): readonly KObject[];
  /** The running container instances of a pod on its node, with their processes (undefined: the machine is off). */
  podContainers(
    nodeName: string,
    uid: string,
  ): readonly { instance: ContainerInstance; process: Process | undefined }[] | undefined;
}

export class ClusterNetwork {
  constructor(
    private readonly records: NetworkRecords,
    private readonly random: SeededRandom,
  ) {}

  connect(ip: string, port: number, nowMs: number): Connection {
    const service = this.records.servicesByClusterIP(ip)[0];
    if (service) return this.connectService(service, port, nowMs);
    return this.connectPod(ip, port, nowMs);
  }

  private connectService(service: KObject, port: number, nowMs: number): Connection {
    const servicePort = ((service.spec?.ports ?? []) as any[]).find((p) => p?.port === port && (p.protocol ?? 'TCP') === 'TCP');
    if (!servicePort) return { kind: 'timeout' };
    const portName: string = servicePort.name ?? '';
    const backends: { ip: string; port: number }[] = [];
    for (const slice of this.records.endpointSlices(service.metadata.namespace ?? 'default', service.metadata.name ?? '')) {
      const slicePort = ((slice.ports ?? []) as any[]).find((p) => (p?.name ?? '') === portName);
      if (!slicePort?.port) continue;
      for (const ep of (slice.endpoints ?? []) as any[]) {
        if (ep?.conditions?.ready === false) continue;
        for (const address of (ep?.addresses ?? []) as string[]) backends.push({ ip: address, port: slicePort.port });
      }
    }
    if (backends.length === 0) return { kind: 'refused' };
    const pick = backends[Math.floor(this.random.next() * backends.length)];
    return this.connectPod(pick.ip, pick.port, nowMs);
  }

  private connectPod(ip: string, port: number, nowMs: number): Connection {
    for (const pod of this.records.podsByIP(ip)) {
      const nodeName: string | undefined = pod.spec?.nodeName;
      if (!nodeName || pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed') continue;
      const containers = this.records.podContainers(nodeName, pod.metadata.uid ?? '');
      if (!containers) continue;
      const sockets: (ContainerSocket & { instance: ContainerInstance })[] = containers
        .filter((c) => c.instance.state === 'running')
        .map((c) => ({
          instance: c.instance,
          process: c.process,
          listenPorts: c.instance.listenPorts,
          ports: specPorts(pod, c.instance.name),
        }));
      const endpoint: PodEndpoint = { process: undefined, podIP: ip, nowMs, siblings: sockets };
      if (!accepts(endpoint, port)) return { kind: 'refused' };
      return { kind: 'open', get: (path) => this.get(pod, sockets, endpoint, ip, port, path) };
    }
    return { kind: 'timeout' };
  }

  private get(
    pod: KObject,
    sockets: readonly (ContainerSocket & { instance: ContainerInstance })[],
    endpoint: PodEndpoint,
    ip: string,
    port: number,
    path: string,
  ): HttpAnswer {
    const answer = httpGet(endpoint, 'http', ip, port, path);
    const server = sockets.find((s) => accepts({ ...endpoint, siblings: [s] }, port));
    const serving = server?.process?.serving(endpoint.nowMs);
    if ('error' in answer) {
      const model = serving ? serverModel(serving.argv) : undefined;
      return { notHttp: model?.httpError ?? answer.error };
    }
    if (answer.status !== 200 || !serving || !server) return { status: answer.status, body: '' };
    const program = serving.program;
    return { status: 200, body: defaultPage(program, serving.argv, server.instance.imageName, pod.metadata.name ?? '') };
  }
}

function specPorts(pod: KObject, name: string) {
  const spec = pod.spec ?? {};
  const c = [...((spec.containers ?? []) as any[]), ...((spec.initContainers ?? []) as any[])].find((x) => x?.name === name);
  return c?.ports;
}
