import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { persistentVolumeClaimKind, persistentVolumeKind, podKind, statefulSetKind } from '../../api/kinds';
import { Cluster } from '../../cluster/cluster';

const webSet = (storageClassName: string): KObject => ({
  apiVersion: 'apps/v1',
  kind: 'StatefulSet',
  metadata: { name: 'web', namespace: 'default' },
  spec: {
    serviceName: 'nginx',
    replicas: 1,
    selector: { matchLabels: { app: 'nginx' } },
    template: {
      metadata: { labels: { app: 'nginx' } },
      spec: {
        containers: [
          {
            name: 'nginx',
            image: 'registry.k8s.io/nginx-slim:0.8',
            volumeMounts: [{ name: 'www', mountPath: '/usr/share/nginx/html' }],
          },
        ],
      },
    },
    volumeClaimTemplates: [
      {
        metadata: { name: 'www' },
        spec: { storageClassName, accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
      },
    ],
  },
});

describe('claims and the classes and volumes behind them', () => {
  it('a StatefulSet claim Pending on a missing class is provisioned once the class exists, and web-0 runs', () => {
    const c = new Cluster(1, { zones: 1, nodesPerZone: 2 });
    c.api.create(webSet('my-storage-class'));
    c.clock.advance(30_000);
    expect(c.api.get(persistentVolumeClaimKind, 'default', 'www-web-0').status.phase).toBe('Pending');
    expect(c.api.get(podKind, 'default', 'web-0').spec.nodeName).toBeUndefined();
    c.api.create({
      apiVersion: 'storage.k8s.io/v1',
      kind: 'StorageClass',
      metadata: { name: 'my-storage-class' },
      provisioner: 'rancher.io/local-path',
      volumeBindingMode: 'WaitForFirstConsumer',
    });
    c.clock.advance(20_000);
    const claim = c.api.get(persistentVolumeClaimKind, 'default', 'www-web-0');
    expect(claim.status.phase).toBe('Bound');
    expect(c.api.get(persistentVolumeKind, '', claim.spec.volumeName).spec.storageClassName).toBe('my-storage-class');
    expect(c.api.get(podKind, 'default', 'web-0').status.phase).toBe('Running');
  });

  it('deleting a claim bound to a provisioned volume with reclaim policy Delete releases the volume, then deletes it', () => {
    const c = new Cluster(1, { zones: 1, nodesPerZone: 2 });
    c.api.create(webSet('standard'));
    c.clock.advance(20_000);
    const volumeName = c.api.get(persistentVolumeClaimKind, 'default', 'www-web-0').spec.volumeName;
    expect(c.api.get(persistentVolumeKind, '', volumeName).spec.persistentVolumeReclaimPolicy).toBe('Delete');
    const phases: string[] = [];
    c.api.watch(persistentVolumeKind, (e) => phases.push(e.type === 'DELETED' ? 'DELETED' : e.object.status?.phase));
    c.api.delete(statefulSetKind, 'default', 'web');
    c.api.delete(persistentVolumeClaimKind, 'default', 'www-web-0');
    c.clock.advance(60_000);
    expect(c.api.tryGet(persistentVolumeClaimKind, 'default', 'www-web-0')).toBeUndefined();
    expect(c.api.tryGet(persistentVolumeKind, '', volumeName)).toBeUndefined();
    expect(phases.filter((p, i) => p !== phases[i - 1])).toEqual(['Released', 'DELETED']);
  });
});
