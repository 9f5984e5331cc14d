// ServiceAccount admission: the default account, the kube-api-access volume in every init and app
// container, automountServiceAccountToken, and the refusal for a missing account.

import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { Cluster } from '../../cluster/cluster';
import { ApiError } from '../errors';
import { podKind } from '../kinds';
import { tokenVolumeSource } from './service-account';

const pod = (name: string, spec: Record<string, unknown> = {}): KObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'default' },
  spec: { containers: [{ name: 'c', image: 'nginx' }], ...spec },
});

describe('ServiceAccount admission', () => {
  it('sets the default account and mounts kube-api-access-<5 chars> in init and app containers', () => {
    const cluster = new Cluster(1, { empty: true });
    const created = cluster.api.create(pod('p', { initContainers: [{ name: 'i', image: 'busybox' }] }));
    const spec = created.spec as any;
    expect(spec.serviceAccountName).toBe('default');
    expect(spec.serviceAccount).toBe('default');
    const volume = spec.volumes[0];
    expect(volume.name).toMatch(/^kube-api-access-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
    expect(volume.projected).toEqual(tokenVolumeSource());
    for (const c of [...spec.initContainers, ...spec.containers]) {
      expect(c.volumeMounts).toEqual([
        { name: volume.name, readOnly: true, mountPath: '/var/run/secrets/kubernetes.io/serviceaccount' },
      ]);
    }
    // The same seed gives the same suffix.
    expect(
      new Cluster(1, { empty: true }).api.create(pod('p', { initContainers: [{ name: 'i', image: 'busybox' }] })).spec?.volumes[0]
        .name,
    ).toBe(volume.name);
  });

  it('honours automountServiceAccountToken (pod first, then account) and an existing mount at the path', () => {
    const cluster = new Cluster(1, { empty: true });
    cluster.api.create({
      apiVersion: 'v1',
      kind: 'ServiceAccount',
      metadata: { name: 'quiet', namespace: 'default' },
      automountServiceAccountToken: false,
    });
    expect(cluster.api.create(pod('a', { automountServiceAccountToken: false })).spec?.volumes).toBeUndefined();
    expect(cluster.api.create(pod('b', { serviceAccountName: 'quiet' })).spec?.volumes).toBeUndefined();
    const own = cluster.api.create(
      pod('c', {
        serviceAccountName: 'quiet',
        automountServiceAccountToken: true,
        volumes: [{ name: 'mine', emptyDir: {} }],
        containers: [
          {
            name: 'c',
            image: 'nginx',
            volumeMounts: [{ name: 'mine', mountPath: '/var/run/secrets/kubernetes.io/serviceaccount' }],
          },
        ],
      }),
    );
    expect((own.spec as any).volumes.map((v: any) => v.name)).toEqual(['mine']);
  });

  it('refuses a pod whose account does not exist', () => {
    const cluster = new Cluster(1, { empty: true });
    let message = '';
    try {
      cluster.api.create(pod('p', { serviceAccountName: 'robot' }));
    } catch (e) {
      if (e instanceof ApiError) message = e.message;
    }
    expect(message).toBe(
      'pods "p" is forbidden: error looking up service account default/robot: serviceaccount "robot" not found',
    );
    expect(cluster.api.tryGet(podKind, 'default', 'p')).toBeUndefined();
  });
});
