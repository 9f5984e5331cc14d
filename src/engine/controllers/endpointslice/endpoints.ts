// Pods as EndpointSlice endpoints (staging/src/k8s.io/endpointslice utils.go): which pods count,
// the endpoint a pod becomes (addresses, ready / serving / terminating, node, zone, target), and
// the ports a Service resolves to on a pod (named target ports looked up in its containers).

import type { KObject } from '../../../k8s/types';
import { deepEqual } from '../../api/deep';

export const ZONE_LABEL = 'topology.kubernetes.io/zone';

export type AddressType = 'IPv4' | 'IPv6';

export interface EndpointPort {
  name: string;
  protocol: string;
  port: number;
  appProtocol?: string;
}

export interface Endpoint {
  addresses: string[];
  conditions: { ready: boolean; serving: boolean; terminating: boolean };
  hostname?: string;
  targetRef: { kind: 'Pod'; namespace: string; name: string; uid: string };
  nodeName?: string;
  zone?: string;
}

/** podutil.IsPodReady: the Ready condition is True. */
export function isPodReady(pod: KObject): boolean {
  const conditions: { type: string; status: string }[] = pod.status?.conditions ?? [];
  return conditions.some((c) => c.type === 'Ready' && c.status === 'True');
}

/** The pod's IPs: status.podIPs, or podIP alone (conversion fills podIPs from podIP). */
export function podIPs(pod: KObject): string[] {
  const ips: { ip?: string }[] = pod.status?.podIPs ?? [];
  if (ips.length > 0) return ips.map((i) => i.ip ?? '').filter(Boolean);
  return pod.status?.podIP ? [pod.status.podIP] : [];
}

/** ShouldPodBeInEndpoints(pod, includeTerminating=true): not terminal, and it has an IP. */
export function shouldPodBeInEndpoints(pod: KObject): boolean {
  const phase = pod.status?.phase;
  if (phase === 'Succeeded' || phase === 'Failed') return false;
  return podIPs(pod).length > 0;
}

/** FindPort: an int target port as is; a named one from the containers (sidecars included). */
export function findPort(pod: KObject, servicePort: Record<string, any>): number | undefined {
  const target = servicePort.targetPort;
  if (typeof target === 'number') return target;
  if (typeof target !== 'string') return undefined;
  const protocol = servicePort.protocol ?? 'TCP';
  const containers = [
    ...((pod.spec?.containers ?? []) as Record<string, any>[]),
    ...((pod.spec?.initContainers ?? []) as Record<string, any>[]).filter((c) => c.restartPolicy === 'Always'),
  ];
  for (const c of containers) {
    for (const p of (c.ports ?? []) as Record<string, any>[]) {
      if (p.name === target && (p.protocol ?? 'TCP') === protocol) return p.containerPort;
    }
  }
  return undefined;
}

/** getEndpointPorts: one per service port the pod resolves; none for a port-less headless Service. */
export function endpointPorts(service: KObject, pod: KObject): EndpointPort[] {
  const ports: Record<string, any>[] = service.spec?.ports ?? [];
  if (ports.length === 0 && service.spec?.clusterIP === 'None') return [];
  const out: EndpointPort[] = [];
  for (const sp of ports) {
    const port = findPort(pod, sp);
    if (port === undefined) continue;
    const ep: EndpointPort = { name: sp.name ?? '', protocol: sp.protocol ?? 'TCP', port };
    if (sp.appProtocol !== undefined) ep.appProtocol = sp.appProtocol;
    out.push(ep);
  }
  return out;
}

/** podToEndpoint. `ready` is never true for a terminating pod unless publishNotReadyAddresses. */
export function podToEndpoint(pod: KObject, node: KObject | undefined, service: KObject, addressType: AddressType): Endpoint {
  const serving = isPodReady(pod);
  const terminating = !!pod.metadata.deletionTimestamp;
  const ready = service.spec?.publishNotReadyAddresses === true || (serving && !terminating);
  const ep: Endpoint = {
    addresses: podIPs(pod).filter((ip) => ip.includes(':') === (addressType === 'IPv6')),
    conditions: { ready, serving, terminating },
    targetRef: {
      kind: 'Pod',
      namespace: pod.metadata.namespace ?? '',
      name: pod.metadata.name ?? '',
      uid: pod.metadata.uid ?? '',
    },
  };
  // ShouldSetHostname: a pod whose subdomain is the Service's name.
  if (
    pod.spec?.hostname &&
    pod.spec?.subdomain === service.metadata.name &&
    pod.metadata.namespace === service.metadata.namespace
  ) {
    ep.hostname = pod.spec.hostname;
  }
  if (pod.spec?.nodeName) ep.nodeName = pod.spec.nodeName;
  const zone = node?.metadata.labels?.[ZONE_LABEL];
  if (zone) ep.zone = zone;
  return ep;
}

/** The EndpointSet key: one endpoint per pod (and address list). */
export function endpointKey(ep: { addresses?: string[]; targetRef?: { uid?: string; name?: string } }): string {
  return `${ep.targetRef?.uid ?? ''}/${ep.targetRef?.name ?? ''}/${(ep.addresses ?? []).join(',')}`;
}

/** Port lists compare as the reconciler's PortMapKey: by content, order-insensitive. */
export function portMapKey(ports: readonly EndpointPort[] | undefined): string {
  return (ports ?? [])
    .map((p) => `${p.name}|${p.protocol}|${p.port}|${p.appProtocol ?? ''}`)
    .sort()
    .join(';');
}

export function endpointsEqual(a: unknown, b: unknown): boolean {
  return deepEqual(a, b);
}
