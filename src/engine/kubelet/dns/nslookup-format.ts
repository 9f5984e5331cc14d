// What `nslookup NAME` prints in a container, which depends on the image's busybox:
//  - busybox 1.28 and older (the docs' busybox:1.28, whose nslookup goes through libc): the query
//    as typed, each address with its reverse name, `Address 1: 10.96.0.10 kube-dns…` for the
//    server, and `nslookup: can't resolve 'x'` (exit 1) on failure;
//  - newer busybox (1.29+, busybox:latest, alpine): its own DNS client, tab-separated, the
//    fully qualified name per address, and `** server can't find x: NXDOMAIN` (exit 1).

import { CLUSTER_DNS_IP } from '../container/fs';
import type { DnsAnswer } from './cluster-dns';

const DNS_SERVICE_PTR = 'kube-dns.kube-system.svc.cluster.local';

export type NslookupStyle = 'busybox-1.28' | 'busybox';

/** busybox:1.28 (or any busybox tag up to 1.28.x) prints the old format; everything else the new. */
export function nslookupStyle(image: string | undefined): NslookupStyle {
  const m = /(?:^|\/)busybox:(\d+)\.(\d+)/.exec(image ?? '');
  if (m && (Number(m[1]) < 1 || (Number(m[1]) === 1 && Number(m[2]) <= 28))) return 'busybox-1.28';
  return 'busybox';
}

export interface NslookupOutput {
  stdout: string;
  stderr: string;
  code: number;
}

export function formatNslookup(style: NslookupStyle, query: string, answer: DnsAnswer | undefined): NslookupOutput {
  if (style === 'busybox-1.28') {
    const header = `Server:    ${CLUSTER_DNS_IP}\nAddress 1: ${CLUSTER_DNS_IP} ${DNS_SERVICE_PTR}\n\n`;
    if (!answer) return { stdout: header, stderr: `nslookup: can't resolve '${query}'\n`, code: 1 };
    const lines = answer.addresses.map((a, i) => `Address ${i + 1}: ${a.ip}${a.ptr ? ` ${a.ptr}` : ''}\n`);
    return { stdout: `${header}Name:      ${query}\n${lines.join('')}`, stderr: '', code: 0 };
  }
  const header = `Server:\t\t${CLUSTER_DNS_IP}\nAddress:\t${CLUSTER_DNS_IP}:53\n\n`;
  if (!answer) return { stdout: `${header}** server can't find ${query}: NXDOMAIN\n\n`, stderr: '', code: 1 };
  const lines = answer.addresses.map((a) => `Name:\t${answer.fqdn}\nAddress: ${a.ip}\n`);
  return { stdout: `${header}${lines.join('')}\n`, stderr: '', code: 0 };
}
