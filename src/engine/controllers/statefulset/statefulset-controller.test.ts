// The StatefulSet controller on a full simulated cluster, stepping the virtual clock: web-k is
// never created before web-(k−1) is Running and Ready; scale-down removes the highest ordinal
// first, one pod at a time; a rolling update replaces pods from the highest ordinal down, one at
// a time; claims stay after scale-down; revisions are truncated to revisionHistoryLimit.

import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { controllerRevisionKind, persistentVolumeClaimKind, podKind, statefulSetKind } from '../../api/kinds';
import { Simulation } from '../../simulation';
import { isPodReady } from '../active-pods';

function web(replicas = 3, spec: Record<string, unknown> = {}): KObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: 'web', namespace: 'default' },
    spec: {
      serviceName: 'nginx',
      replicas,
      selector: { matchLabels: { app: 'nginx' } },
      template: {
        metadata: { labels: { app: 'nginx' } },
        spec: {
          terminationGracePeriodSeconds: 10,
          containers: [{ name: 'nginx', image: 'registry.k8s.io/nginx-slim:0.21', ports: [{ containerPort: 80, name: 'web' }] }],
        },
      },
      volumeClaimTemplates: [
        {
          metadata: { name: 'www' },
          spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
        },
      ],
      ...spec,
    },
  };
}

function harness() {
  const sim = new Simulation();
  const api = sim.kubectlEnv().api;
  const pods = () => api.list(podKind, { namespace: 'default' }).items;
  const byName = () => new Map(pods().map((p) => [p.metadata.name ?? '', p]));
  const runningReady = (p: KObject | undefined) =>
    !!p && p.status?.phase === 'Running' && isPodReady(p) && !p.metadata.deletionTimestamp;
  const set = () => api.get(statefulSetKind, 'default', 'web');
  return { sim, api, pods, byName, runningReady, set };
}

describe('StatefulSet controller', () => {
  it('starts web-0..2 in order, each only once its predecessor is Running and Ready', () => {
    const h = harness();
    h.api.create(web(3));
    const seen = new Set<string>();
    const order: string[] = [];
    for (let t = 0; t < 60_000 && seen.size < 3; t += 100) {
      const now = h.byName();
      for (const [name, pod] of now) {
        if (seen.has(name)) continue;
        seen.add(name);
        order.push(name);
        const ordinal = Number(name.split('-')[1]);
        if (ordinal > 0)
          expect(h.runningReady(now.get(`web-${ordinal - 1}`)), `${name} created before web-${ordinal - 1} was Ready`).toBe(true);
        expect(pod.spec?.hostname).toBe(name);
        expect(pod.spec?.subdomain).toBe('nginx');
        expect(pod.metadata.labels).toMatchObject({
          'statefulset.kubernetes.io/pod-name': name,
          'apps.kubernetes.io/pod-index': String(ordinal),
        });
        // Its claim exists before it.
        expect(h.api.tryGet(persistentVolumeClaimKind, 'default', `www-${name}`)).toBeDefined();
      }
      h.sim.clock.advance(100);
    }
    expect(order).toEqual(['web-0', 'web-1', 'web-2']);
    h.sim.clock.advance(20_000);
    expect(h.set().status).toMatchObject({
      replicas: 3,
      readyReplicas: 3,
      availableReplicas: 3,
      currentReplicas: 3,
      updatedReplicas: 3,
    });
  });

  it('scales down from the highest ordinal, one pod at a time, and keeps the claims', () => {
    const h = harness();
    h.api.create(web(3));
    h.sim.clock.advance(60_000);
    h.api.patch(statefulSetKind, 'default', 'web', 'merge', { spec: { replicas: 1 } });
    const goneOrder: string[] = [];
    for (let t = 0; t < 60_000 && goneOrder.length < 2; t += 100) {
      const now = h.byName();
      const terminating = [...now.values()].filter((p) => p.metadata.deletionTimestamp).map((p) => p.metadata.name);
      expect(terminating.length).toBeLessThanOrEqual(1);
      if (now.has('web-2')) expect(now.get('web-1')?.metadata.deletionTimestamp).toBeUndefined();
      for (const name of ['web-2', 'web-1']) if (!now.has(name) && !goneOrder.includes(name)) goneOrder.push(name);
      h.sim.clock.advance(100);
    }
    expect(goneOrder).toEqual(['web-2', 'web-1']);
    const claims = h.api.list(persistentVolumeClaimKind, { namespace: 'default' }).items.map((c) => c.metadata.name);
    expect(claims).toEqual(['www-web-0', 'www-web-1', 'www-web-2']);
  });

  it('rolls an update from the highest ordinal down, one pod at a time, and truncates history', () => {
    const h = harness();
    h.api.create(web(3, { revisionHistoryLimit: 1 }));
    h.sim.clock.advance(60_000);
    const images = ['registry.k8s.io/nginx-slim:0.24', 'registry.k8s.io/nginx-slim:0.26'];
    for (const image of images) {
      const cur = h.set();
      const oldRevision = cur.status?.currentRevision;
      h.api.update({
        ...cur,
        spec: {
          ...cur.spec,
          template: {
            ...cur.spec.template,
            spec: { ...cur.spec.template.spec, containers: [{ ...cur.spec.template.spec.containers[0], image }] },
          },
        },
      });
      const replaced: string[] = [];
      for (let t = 0; t < 120_000 && replaced.length < 3; t += 100) {
        const now = h.byName();
        const unavailable = ['web-0', 'web-1', 'web-2'].filter((n) => !h.runningReady(now.get(n)));
        expect(unavailable.length).toBeLessThanOrEqual(1);
        for (const [name, pod] of now) {
          if (!replaced.includes(name) && pod.spec?.containers?.[0]?.image === image && !pod.metadata.deletionTimestamp)
            replaced.push(name);
        }
        h.sim.clock.advance(100);
      }
      expect(replaced).toEqual(['web-2', 'web-1', 'web-0']);
      h.sim.clock.advance(10_000);
      const status = h.set().status;
      expect(status?.currentRevision).toBe(status?.updateRevision);
      expect(status?.currentRevision).not.toBe(oldRevision);
      expect(status).toMatchObject({ currentReplicas: 3, updatedReplicas: 3, readyReplicas: 3 });
    }
    // revisionHistoryLimit 1: the live revision and one old one.
    const revisions = h.api.list(controllerRevisionKind, { namespace: 'default' }).items.map((r) => r.revision);
    expect(revisions.sort()).toEqual([2, 3]);
  });
});
