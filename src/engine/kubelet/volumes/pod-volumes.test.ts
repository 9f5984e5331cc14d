import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { ContainerFS } from '../container/fs';
import { FileTree } from '../container/file-tree';
import { PodVolumes, type VolumeHost } from './index';
import { registerVolumePlugin } from './registry';

function host(nodeDisk = new FileTree(), now = 0): VolumeHost {
  return { api: { tryGet: () => undefined } as any, nodeName: 'node-1', hostIP: '10.0.0.1', nodeDisk, now: () => now };
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
});
