import { describe, expect, it } from 'vitest';
import { configMapKind, podKind, serviceAccountKind, serviceKind } from '../api/kinds';
import { CLUSTER_DNS_IP } from '../kubelet/container/fs';
import { Cluster } from './cluster';

describe('kubeadm add-ons', () => {
  it('kube-dns holds the nameserver address pods resolve through, which no other Service may then request', () => {
    const c = new Cluster(1, { zones: 1, nodesPerZone: 2, addons: true });
    c.clock.advance(30_000);
    const svc = c.api.get(serviceKind, 'kube-system', 'kube-dns');
    expect(svc.spec.clusterIP).toBe(CLUSTER_DNS_IP);
    expect(
      svc.spec.ports.map((p: { name: string; port: number; protocol: string }) => `${p.name} ${p.port}/${p.protocol}`),
    ).toEqual(['dns 53/UDP', 'dns-tcp 53/TCP', 'metrics 9153/TCP']);
    expect(() =>
      c.api.create({
        apiVersion: 'v1',
        kind: 'Service',
        metadata: { name: 'squatter', namespace: 'default' },
        spec: { clusterIP: CLUSTER_DNS_IP, ports: [{ port: 53 }] },
      }),
    ).toThrow('failed to allocate IP 10.96.0.10: provided IP is already allocated');
  });

  it('creates the ServiceAccounts and ConfigMaps the pods use, and the pods run as them', () => {
    const c = new Cluster(1, { zones: 1, nodesPerZone: 2, addons: true });
    c.clock.advance(30_000);
    for (const name of ['kube-proxy', 'coredns']) expect(c.api.tryGet(serviceAccountKind, 'kube-system', name)).toBeDefined();
    expect(Object.keys(c.api.get(configMapKind, 'kube-system', 'kube-proxy').data as object)).toEqual([
      'config.conf',
      'kubeconfig.conf',
    ]);
    expect((c.api.get(configMapKind, 'kube-system', 'coredns').data as Record<string, string>).Corefile).toContain(
      'kubernetes cluster.local in-addr.arpa ip6.arpa',
    );
    const pods = c.api.list(podKind, { namespace: 'kube-system' }).items;
    expect(pods.length).toBe(4);
    for (const pod of pods) {
      expect(pod.status.phase).toBe('Running');
      expect(pod.spec.serviceAccountName).toBe(pod.metadata.labels?.['k8s-app'] === 'kube-dns' ? 'coredns' : 'kube-proxy');
    }
  });
});
