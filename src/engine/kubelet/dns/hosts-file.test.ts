import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { ContainerFS } from '../container/fs';
import { ManagedHostsFile, managedHostsFile } from './hosts-file';

const HEADER =
  '# Kubernetes-managed hosts file.\n127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\n' +
  'fe00::0\tip6-localnet\nfe00::0\tip6-mcastprefix\nfe00::1\tip6-allnodes\nfe00::2\tip6-allrouters\n';

function pod(spec: Record<string, unknown>): KObject {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web-0', namespace: 'shop' }, spec } as KObject;
}

describe('managedHostsFile', () => {
  it('lists localhost, then the pod IP with its hostname', () => {
    expect(managedHostsFile(pod({}), '10.244.1.5')).toBe(`${HEADER}10.244.1.5\tweb-0\n`);
  });

  it('has no pod line without an IP, and the fully qualified name first with a subdomain', () => {
    expect(managedHostsFile(pod({}), '')).toBe(HEADER);
    expect(managedHostsFile(pod({ subdomain: 'web' }), '10.244.1.5')).toBe(
      `${HEADER}10.244.1.5\tweb-0.web.shop.svc.cluster.local\tweb-0\n`,
    );
  });

  it('appends hostAliases under their own heading', () => {
    const aliases = [
      { ip: '127.0.0.1', hostnames: ['foo.local', 'bar.local'] },
      { ip: '10.1.2.3', hostnames: ['foo.remote'] },
    ];
    expect(managedHostsFile(pod({ hostAliases: aliases }), '10.244.1.5')).toBe(
      `${HEADER}10.244.1.5\tweb-0\n\n# Entries added by HostAliases.\n127.0.0.1\tfoo.local\tbar.local\n10.1.2.3\tfoo.remote\n`,
    );
  });

  it('is written when a container first uses its file system, from the pod as it was at the start', () => {
    const started = pod({ subdomain: 'web', hostAliases: [{ ip: '10.1.2.3', hostnames: ['db'] }] });
    const fs = new ContainerFS({ namespace: 'shop', hostname: 'web-0', hostsFile: new ManagedHostsFile(started, '10.244.1.5') });
    expect(fs.read('/etc/hosts')).toEqual({ ok: true, content: managedHostsFile(started, '10.244.1.5') });
    expect(fs.read('/etc/hosts')).toMatchObject({
      content: expect.stringContaining('10.244.1.5\tweb-0.web.shop.svc.cluster.local\tweb-0\n'),
    });
  });
});
