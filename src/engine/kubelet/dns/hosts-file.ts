// The /etc/hosts the kubelet writes into every container (kubelet_pods.go
// managedHostsFileContent): localhost entries, the pod's IP with its hostname — fully qualified
// `<hostname>.<subdomain>.<ns>.svc.cluster.local` first when the pod sets a subdomain — and the
// pod's hostAliases.

import type { KObject } from '../../../k8s/types';
import { CLUSTER_DOMAIN } from './cluster-dns';

/** GeneratePodHostNameAndDomain: spec.hostname or the pod name (cut to 63, no trailing - or .). */
export function podHostname(pod: KObject): string {
  const name: string = pod.spec?.hostname || pod.metadata.name || '';
  return name.length <= 63 ? name : name.slice(0, 63).replace(/[-.]+$/, '');
}

export function managedHostsFile(pod: KObject, podIP: string): string {
  return new ManagedHostsFile(pod, podIP).text();
}

/** One empty list for the pods without hostAliases (nearly all). */
const NO_ALIASES: readonly any[] = Object.freeze([]);

/**
 * A container's hosts file, kept as its inputs (strings and the spec's frozen aliases, not the pod)
 * and written out when the container's file system is first used: most containers never use it.
 */
export class ManagedHostsFile {
  private readonly hostname: string;
  private readonly domain: string;
  private readonly aliases: readonly any[];

  constructor(
    pod: KObject,
    private readonly podIP: string,
  ) {
    this.hostname = podHostname(pod);
    const subdomain: string | undefined = pod.spec?.subdomain;
    this.domain = subdomain ? `${subdomain}.${pod.metadata.namespace ?? 'default'}.svc.${CLUSTER_DOMAIN}` : '';
    this.aliases = Array.isArray(pod.spec?.hostAliases) ? (pod.spec.hostAliases as any[]) : NO_ALIASES;
  }

  text(): string {
    const { podIP, hostname, domain, aliases } = this;
    const lines = [
      '# Kubernetes-managed hosts file.\n',
      '127.0.0.1\tlocalhost\n',
      '::1\tlocalhost ip6-localhost ip6-loopback\n',
      'fe00::0\tip6-localnet\n',
      'fe00::0\tip6-mcastprefix\n',
      'fe00::1\tip6-allnodes\n',
      'fe00::2\tip6-allrouters\n',
    ];
    if (podIP) lines.push(domain ? `${podIP}\t${hostname}.${domain}\t${hostname}\n` : `${podIP}\t${hostname}\n`);
    if (aliases.length > 0) {
      lines.push('\n# Entries added by HostAliases.\n');
      for (const a of aliases) lines.push(`${a?.ip ?? ''}\t${((a?.hostnames ?? []) as string[]).join('\t')}\n`);
    }
    return lines.join('');
  }
}
