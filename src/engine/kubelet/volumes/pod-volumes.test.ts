import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { ContainerFS } from '../container/fs';
import { FileTree } from '../container/file-tree';
import { PodVolumes, type VolumeHost } from './index';
import { registerVolumePlugin } from './registry';

function host(nodeDisk = new FileTree(), now = 0): VolumeHost {
  return {
    api: { tryGet: () => undefined } as any,
    nodeName: 'node-1',
    hostIP: '10.0.0.1',
    nodeDisk,
    now: () => now,
    epochMs: 0,
  };
}

function pod(volumes: any[], containers: any[], labels: Record<string, string> = {}): KObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'p', namespace: 'default', uid: 'u1', labels },
    spec: { volumes, containers },
  } as KObject;
}

describe('PodVolumes', () => {
  it('shares one emptyDir between containers (an init container writes, the app reads)', () => {
    const mount = { name: 'data', mountPath: '/data' };
    const p = pod([{ name: 'data', emptyDir: {} }], [{ name: 'a', volumeMounts: [mount] }]);
    const volumes = new PodVolumes();
    expect(volumes.setUp(host(), p, true).ready).toBe(true);
    const init = new ContainerFS({ namespace: 'default', hostname: 'p', mounts: volumes.mountsFor({ volumeMounts: [mount] }) });
    expect(init.write('/data/msg', 'hello\n', false)).toBeUndefined();
    const app = new ContainerFS({ namespace: 'default', hostname: 'p', mounts: volumes.mountsFor({ volumeMounts: [mount] }) });
    expect(app.read('/data/msg')).toEqual({ ok: true, content: 'hello\n' });
    expect(app.list('/')).toContain('data');
    // Not in the container's own layer: a path beside the mount is unaffected.
    expect(app.kind('/datax')).toBeUndefined();
  });

  it('mounts a subPath (created in the volume) and read-only mounts refuse writes', () => {
    const p = pod([{ name: 'data', emptyDir: {} }], []);
    const volumes = new PodVolumes();
    volumes.setUp(host(), p, true);
    const fs = new ContainerFS({
      namespace: 'default',
      hostname: 'p',
      mounts: volumes.mountsFor({
        volumeMounts: [
          { name: 'data', mountPath: '/var/www', subPath: 'html' },
          { name: 'data', mountPath: '/ro', readOnly: true },
        ],
      }),
    });
    expect(fs.write('/var/www/index.html', 'hi', false)).toBeUndefined();
    expect(fs.read('/ro/html/index.html')).toEqual({ ok: true, content: 'hi' });
    expect(fs.write('/ro/x', 'no', false)).toBe('Read-only file system');
  });

  it('hostPath volumes are the node disk: pods on one node share them', () => {
    const disk = new FileTree();
    const p = pod([{ name: 'h', hostPath: { path: '/var/log/app', type: 'DirectoryOrCreate' } }], []);
    const a = new PodVolumes();
    a.setUp(host(disk), p, true);
    const fs = new ContainerFS({
      namespace: 'default',
      hostname: 'p',
      mounts: a.mountsFor({ volumeMounts: [{ name: 'h', mountPath: '/logs' }] }),
    });
    fs.write('/logs/app.log', 'line\n', false);
    expect(disk.get('/var/log/app/app.log')).toEqual({ kind: 'file', content: 'line\n' });
    const missing = pod([{ name: 'h', hostPath: { path: '/nope', type: 'Directory' } }], []);
    expect(new PodVolumes().setUp(host(disk), missing, true).failures).toEqual([
      { volume: 'h', message: 'hostPath type check failed: /nope is not a directory' },
    ]);
  });

  it('projects downward API labels (FormatMap) and rewrites them on remount', () => {
    const volume = {
      name: 'podinfo',
      downwardAPI: {
        items: [
          { path: 'labels', fieldRef: { fieldPath: 'metadata.labels' } },
          { path: 'name', fieldRef: { fieldPath: 'metadata.name' } },
        ],
      },
    };
    const volumes = new PodVolumes();
    volumes.setUp(host(), pod([volume], [], { zone: 'us-est-coast', cluster: 'test-cluster1' }), true);
    const fs = new ContainerFS({
      namespace: 'default',
      hostname: 'p',
      mounts: volumes.mountsFor({ volumeMounts: [{ name: 'podinfo', mountPath: '/etc/podinfo' }] }),
    });
    expect(fs.read('/etc/podinfo/labels')).toEqual({ ok: true, content: 'cluster="test-cluster1"\nzone="us-est-coast"' });
    expect(fs.write('/etc/podinfo/x', '', false)).toBe('Read-only file system');
    volumes.setUp(host(), pod([volume], [], { zone: 'eu' }), true);
    expect(fs.read('/etc/podinfo/labels')).toEqual({ ok: true, content: 'zone="eu"' });
  });

  it('retries a failed SetUp with exponential back-off from 500 ms', () => {
    let ok = false;
    registerVolumePlugin({
      source: 'testFlaky',
      requiresRemount: false,
      readOnly: false,
      setUp: () => (ok ? { ok: true, tree: new FileTree() } : { ok: false, message: 'not yet' }),
    });
    const p = pod([{ name: 'f', testFlaky: {} }], []);
    const volumes = new PodVolumes();
    expect(volumes.setUp(host(undefined, 0), p, true)).toMatchObject({ ready: false, nextRetryMs: 500, unmounted: ['f'] });
    expect(volumes.setUp(host(undefined, 100), p, true)).toMatchObject({ ready: false, failures: [], nextRetryMs: 500 });
    expect(volumes.setUp(host(undefined, 500), p, true)).toMatchObject({ nextRetryMs: 1500 });
    ok = true;
    expect(volumes.setUp(host(undefined, 1500), p, true).ready).toBe(true);
  });

  it('projects the kube-api-access sources: a bound token (computed when read), the CA and the namespace', () => {
    const api = {
      tryGet: (kind: { kind: string }, ns: string, name: string) =>
        kind.kind === 'ConfigMap' && ns === 'default' && name === 'kube-root-ca.crt'
          ? ({ metadata: { name }, data: { 'ca.crt': 'PEM' } } as unknown as KObject)
          : undefined,
    };
    const p = pod(
      [
        {
          name: 'kube-api-access-abcde',
          projected: {
            defaultMode: 420,
            sources: [
              { serviceAccountToken: { expirationSeconds: 3607, path: 'token' } },
              { configMap: { name: 'kube-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
              { downwardAPI: { items: [{ path: 'namespace', fieldRef: { fieldPath: 'metadata.namespace' } }] } },
            ],
          },
        },
      ],
      [],
    );
    const volumes = new PodVolumes();
    expect(volumes.setUp({ ...host(), api: api as any }, p, true).ready).toBe(true);
    const path = '/var/run/secrets/kubernetes.io/serviceaccount';
    const fs = new ContainerFS({
      namespace: 'default',
      hostname: 'p',
      mounts: volumes.mountsFor({ volumeMounts: [{ name: 'kube-api-access-abcde', mountPath: path }] }),
    });
    expect(fs.list(path)).toEqual(['ca.crt', 'namespace', 'token']);
    expect(fs.read(`${path}/namespace`)).toEqual({ ok: true, content: 'default' });
    expect(fs.read(`${path}/ca.crt`)).toEqual({ ok: true, content: 'PEM' });
    const token = fs.read(`${path}/token`);
    expect(token.ok && token.content.split('.')).toHaveLength(3);
    const claims = JSON.parse(Buffer.from((token.ok ? token.content : '').split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({
      sub: 'system:serviceaccount:default:default',
      iss: 'https://kubernetes.default.svc.cluster.local',
    });
    // A missing kube-root-ca.crt fails SetUp as on a real node.
    expect(new PodVolumes().setUp(host(), p, true).failures).toEqual([
      { volume: 'kube-api-access-abcde', message: 'configmap "kube-root-ca.crt" not found' },
    ]);
  });
});
