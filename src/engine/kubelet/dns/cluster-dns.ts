// Cluster DNS as CoreDNS's kubernetes plugin answers a pod (zone cluster.local), and the pod's
// resolver around it (resolv.conf: search <ns>.svc.cluster.local svc.cluster.local cluster.local,
// ndots:5):
//   <svc>.<ns>.svc.cluster.local          a Service with a ClusterIP → that IP;
//                                          a headless Service → the IPs of its ready endpoints
//                                          (all of them with publishNotReadyAddresses);
//   <hostname>.<svc>.<ns>.svc.cluster.local an endpoint of a headless Service whose pod set
//                                          hostname and subdomain=<svc> (a StatefulSet's pods);
//   <a-b-c-d>.<ns>.pod.cluster.local       the pod A record (CoreDNS `pods insecure`);
// anything else is NXDOMAIN (the playground has no upstream resolver for names outside the
// cluster). Each answer also carries the reverse (PTR) name busybox 1.28 prints beside it.
//
// Lookups are by key: the Service by namespace/name, its EndpointSlices by the service-name
// label index — never a scan of the cluster.

import type { KObject } from '../../../k8s/types';

export const CLUSTER_DOMAIN = 'cluster.local';
export const NDOTS = 5;

export interface DnsRecords {
  service(namespace: string, name: string): KObject | undefined;
  /** The EndpointSlices labelled kubernetes.io/service-name=<name> in the namespace. */
  endpointSlices(namespace: string, service: string): readonly KObject[];
}

export interface DnsAddress {
  readonly ip: string;
  /** The PTR name of the address, when the cluster DNS has one. */
  readonly ptr?: string;
}

export interface DnsAnswer {
  /** The fully qualified name that answered (after the search path). */
  readonly fqdn: string;
  readonly addresses: readonly DnsAddress[];
}

const SUFFIX = `.svc.${CLUSTER_DOMAIN}`;
const POD_SUFFIX = `.pod.${CLUSTER_DOMAIN}`;

/** The names the resolver tries for `query`, in order (search list first below ndots dots). */
export function searchCandidates(query: string, namespace: string): string[] {
  const name = query.toLowerCase();
  if (name.endsWith('.')) return [name.slice(0, -1)];
  const search = [`${namespace}.svc.${CLUSTER_DOMAIN}`, `svc.${CLUSTER_DOMAIN}`, CLUSTER_DOMAIN].map((d) => `${name}.${d}`);
  const dots = (name.match(/\./g) ?? []).length;
  return dots >= NDOTS ? [name, ...search] : [...search, name];
}

export class ClusterDns {
  constructor(private readonly records: DnsRecords) {}

  /** The pod resolver: the search path, then the answers of the first name that has any. */
  resolve(query: string, namespace: string): DnsAnswer | undefined {
    for (const fqdn of searchCandidates(query, namespace)) {
      const addresses = this.lookup(fqdn);
      if (addresses && addresses.length > 0) return { fqdn, addresses };
    }
    return undefined;
  }

  /** A records of one fully qualified name; undefined for NXDOMAIN. */
  lookup(fqdn: string): DnsAddress[] | undefined {
    if (fqdn.endsWith(POD_SUFFIX)) return podRecord(fqdn.slice(0, -POD_SUFFIX.length));
    if (!fqdn.endsWith(SUFFIX)) return undefined;
    const labels = fqdn.slice(0, -SUFFIX.length).split('.');
    if (labels.length === 2) return this.serviceRecords(labels[1], labels[0]);
    if (labels.length === 3) return this.endpointRecord(labels[2], labels[1], labels[0]);
    return undefined;
  }

  private serviceRecords(namespace: string, name: string): DnsAddress[] | undefined {
    const svc = this.records.service(namespace, name);
    if (!svc) return undefined;
    const clusterIP: string | undefined = svc.spec?.clusterIP;
    if (svc.spec?.type === 'ExternalName') return undefined;
    if (clusterIP && clusterIP !== 'None') return [{ ip: clusterIP, ptr: `${name}.${namespace}${SUFFIX}` }];
    const out: DnsAddress[] = [];
    const seen = new Set<string>();
    for (const { ip, hostname } of this.endpoints(svc, namespace, name)) {
      if (seen.has(ip)) continue;
      seen.add(ip);
      out.push({ ip, ptr: `${hostname ?? ip.replace(/\./g, '-')}.${name}.${namespace}${SUFFIX}` });
    }
    return out.length > 0 ? out : undefined;
  }

  private endpointRecord(namespace: string, service: string, hostname: string): DnsAddress[] | undefined {
    const svc = this.records.service(namespace, service);
    if (!svc || (svc.spec?.clusterIP && svc.spec.clusterIP !== 'None')) return undefined;
    const out: DnsAddress[] = [];
    for (const ep of this.endpoints(svc, namespace, service)) {
      // An endpoint without a hostname is named by its dashed IP.
      const name = ep.hostname ?? ep.ip.replace(/\./g, '-');
      if (name === hostname) out.push({ ip: ep.ip, ptr: `${name}.${service}.${namespace}${SUFFIX}` });
    }
    return out.length > 0 ? out : undefined;
  }

  private *endpoints(svc: KObject, namespace: string, name: string): Generator<{ ip: string; hostname?: string }> {
    const publishNotReady = svc.spec?.publishNotReadyAddresses === true;
    for (const slice of this.records.endpointSlices(namespace, name)) {
      if (slice.addressType !== 'IPv4') continue;
      for (const ep of (slice.endpoints ?? []) as any[]) {
        if (!publishNotReady && ep?.conditions?.ready === false) continue;
        for (const ip of (ep?.addresses ?? []) as string[]) yield { ip, hostname: ep.hostname };
      }
    }
  }
}

/** `10-244-1-5.<ns>` → 10.244.1.5 (any namespace: CoreDNS's `pods insecure` does not check). */
function podRecord(rest: string): DnsAddress[] | undefined {
  const labels = rest.split('.');
  if (labels.length !== 2) return undefined;
  const m = /^(\d{1,3})-(\d{1,3})-(\d{1,3})-(\d{1,3})$/.exec(labels[0]);
  if (!m || m.slice(1).some((o) => Number(o) > 255)) return undefined;
  return [{ ip: m.slice(1).join('.') }];
}
