import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { ClusterDns, searchCandidates } from './cluster-dns';
import { formatNslookup, nslookupStyle } from './nslookup-format';

const svc = (ns: string, name: string, clusterIP: string, extra: Record<string, unknown> = {}) =>
  ({ metadata: { name, namespace: ns }, spec: { clusterIP, ...extra } }) as unknown as KObject;

const slice = (endpoints: { ip: string; ready: boolean; hostname?: string }[]) =>
  ({
    addressType: 'IPv4',
    endpoints: endpoints.map((e) => ({ addresses: [e.ip], conditions: { ready: e.ready }, hostname: e.hostname })),
  }) as unknown as KObject;

const services: Record<string, KObject> = {
  'default/web': svc('default', 'web', '10.96.12.34'),
  'default/nginx': svc('default', 'nginx', 'None'),
  'other/db': svc('other', 'db', '10.96.99.1'),
};
const slices: Record<string, KObject[]> = {
  'default/nginx': [
    slice([
      { ip: '10.244.1.5', ready: true, hostname: 'web-0' },
      { ip: '10.244.2.6', ready: true, hostname: 'web-1' },
      { ip: '10.244.3.7', ready: false, hostname: 'web-2' },
    ]),
  ],
};
const dns = new ClusterDns({
  service: (ns, name) => services[`${ns}/${name}`],
  endpointSlices: (ns, name) => slices[`${ns}/${name}`] ?? [],
});

describe('ClusterDns', () => {
  it('tries the search path before the name itself below ndots:5', () => {
    expect(searchCandidates('web', 'default')).toEqual([
      'web.default.svc.cluster.local',
      'web.svc.cluster.local',
      'web.cluster.local',
      'web',
    ]);
    expect(searchCandidates('a.b.c.d.e.f', 'x')[0]).toBe('a.b.c.d.e.f');
    expect(searchCandidates('web.', 'x')).toEqual(['web']);
  });

  it.each<[string, string, string | undefined, string[] | undefined]>([
    ['web', 'default', 'web.default.svc.cluster.local', ['10.96.12.34']],
    ['db.other', 'default', 'db.other.svc.cluster.local', ['10.96.99.1']],
    ['db.other.svc', 'default', 'db.other.svc.cluster.local', ['10.96.99.1']],
    ['db', 'default', undefined, undefined],
    ['nginx', 'default', 'nginx.default.svc.cluster.local', ['10.244.1.5', '10.244.2.6']],
    ['web-0.nginx', 'default', 'web-0.nginx.default.svc.cluster.local', ['10.244.1.5']],
    ['web-2.nginx', 'default', undefined, undefined],
    ['web-1.nginx.default.svc.cluster.local', 'other', 'web-1.nginx.default.svc.cluster.local', ['10.244.2.6']],
    ['10-244-1-5.default.pod.cluster.local', 'default', '10-244-1-5.default.pod.cluster.local', ['10.244.1.5']],
    ['example.com', 'default', undefined, undefined],
  ])('%s from %s', (query, ns, fqdn, ips) => {
    const answer = dns.resolve(query, ns);
    expect(answer?.fqdn).toBe(fqdn);
    expect(answer?.addresses.map((a) => a.ip)).toEqual(ips);
  });

  it('prints busybox 1.28 output with reverse names, and the newer format for other images', () => {
    expect(nslookupStyle('busybox:1.28')).toBe('busybox-1.28');
    expect(nslookupStyle('docker.io/library/busybox:1.27.2')).toBe('busybox-1.28');
    expect(nslookupStyle('busybox:1.36')).toBe('busybox');
    expect(nslookupStyle('busybox')).toBe('busybox');
    expect(formatNslookup('busybox-1.28', 'nginx', dns.resolve('nginx', 'default')).stdout).toBe(
      'Server:    10.96.0.10\nAddress 1: 10.96.0.10 kube-dns.kube-system.svc.cluster.local\n\nName:      nginx\n' +
        'Address 1: 10.244.1.5 web-0.nginx.default.svc.cluster.local\nAddress 2: 10.244.2.6 web-1.nginx.default.svc.cluster.local\n',
    );
    expect(formatNslookup('busybox-1.28', 'nope', undefined)).toEqual({
      stdout: 'Server:    10.96.0.10\nAddress 1: 10.96.0.10 kube-dns.kube-system.svc.cluster.local\n\n',
      stderr: "nslookup: can't resolve 'nope'\n",
      code: 1,
    });
  });
});
