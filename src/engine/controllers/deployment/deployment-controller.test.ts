// The Deployment controller on a real cluster (ReplicaSet controller, scheduler, kubelets).

import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { deploymentKind, eventKind, podKind, replicaSetKind } from '../../api/kinds';
import { Cluster } from '../../cluster/cluster';

function setup() {
  const c = new Cluster(1, { zones: 1, nodesPerZone: 3 });
  c.clock.runDue();
  const create = (replicas: number, image = 'nginx:1.7.9', spec: Record<string, unknown> = {}) =>
    c.api.create({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web', namespace: 'default' },
      spec: {
        replicas,
        selector: { matchLabels: { app: 'web' } },
        template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image }] } },
        ...spec,
      },
    });
  const get = () => c.api.get(deploymentKind, 'default', 'web');
  const setImage = (image: string) => {
    const d = get();
    c.api.update({
      ...d,
      spec: {
        ...d.spec,
        template: { ...d.spec.template, spec: { ...d.spec.template.spec, containers: [{ name: 'nginx', image }] } },
      },
    });
  };
  const rss = () => c.api.list(replicaSetKind, { namespace: 'default' }).items;
  const pods = () => c.api.list(podKind, { namespace: 'default' }).items;
  const events = () =>
    c.api
      .list(eventKind, { namespace: 'default' })
      .items.filter((e: KObject) => (e as any).involvedObject?.kind === 'Deployment')
      .map((e: KObject) => `${(e as any).reason}: ${(e as any).message}`);
  return { c, create, get, setImage, rss, pods, events };
}

const condition = (d: KObject, type: string) => (d.status?.conditions ?? []).find((x: any) => x.type === type);

describe('deployment controller', () => {
  it('creates a ReplicaSet named <deployment>-<hash> with revision 1 and reaches the complete state', () => {
    const { c, create, get, rss, events } = setup();
    create(3);
    c.clock.advance(20_000);
    const [rs] = rss();
    expect(rs.metadata.name).toMatch(/^web-[456789bcdf]+$/);
    expect(rs.metadata.labels?.['pod-template-hash']).toBe(rs.metadata.name!.slice(4));
    expect(rs.spec.selector.matchLabels['pod-template-hash']).toBe(rs.metadata.name!.slice(4));
    expect(rs.metadata.annotations?.['deployment.kubernetes.io/revision']).toBe('1');
    const d = get();
    expect(d.metadata.annotations?.['deployment.kubernetes.io/revision']).toBe('1');
    expect(d.status).toMatchObject({
      replicas: 3,
      updatedReplicas: 3,
      readyReplicas: 3,
      availableReplicas: 3,
      observedGeneration: 1,
    });
    expect(condition(d, 'Available')).toMatchObject({
      status: 'True',
      reason: 'MinimumReplicasAvailable',
      message: 'Deployment has minimum availability.',
    });
    expect(condition(d, 'Progressing')).toMatchObject({
      status: 'True',
      reason: 'NewReplicaSetAvailable',
      message: `ReplicaSet "${rs.metadata.name}" has successfully progressed.`,
    });
    expect(events()).toEqual([`ScalingReplicaSet: Scaled up replica set ${rs.metadata.name} from 0 to 3`]);
  });

  it('rolls out within maxSurge / maxUnavailable at every instant', () => {
    const { c, create, get, setImage, rss, pods } = setup();
    create(4);
    c.clock.advance(20_000);
    setImage('nginx:1.9.1');
    // 25% of 4: surge 1, unavailable 1 → at most 5 pods (spec sum), at least 3 available.
    let maxSpec = 0;
    let minAvailable = Infinity;
    for (let t = 0; t < 60; t++) {
      c.clock.advance(500);
      const list = rss();
      maxSpec = Math.max(
        maxSpec,
        list.reduce((n, r) => n + r.spec.replicas, 0),
      );
      minAvailable = Math.min(
        minAvailable,
        list.reduce((n, r) => n + (r.status?.availableReplicas ?? 0), 0),
      );
    }
    expect(maxSpec).toBe(5);
    expect(minAvailable).toBeGreaterThanOrEqual(3);
    const d = get();
    expect(d.status).toMatchObject({ replicas: 4, updatedReplicas: 4, availableReplicas: 4 });
    expect(d.metadata.annotations?.['deployment.kubernetes.io/revision']).toBe('2');
    expect(pods().every((p) => p.spec.containers[0].image === 'nginx:1.9.1')).toBe(true);
    expect(
      rss()
        .map((r) => r.spec.replicas)
        .sort(),
    ).toEqual([0, 4]);
  });

  it('Recreate scales the old ReplicaSet to 0 and waits for its pods before creating the new one', () => {
    const { c, create, setImage, rss, pods } = setup();
    create(3, 'nginx:1.7.9', { strategy: { type: 'Recreate' } });
    c.clock.advance(20_000);
    setImage('nginx:1.9.1');
    c.clock.runDue();
    expect(rss().length).toBe(1);
    let overlap = false;
    for (let t = 0; t < 40; t++) {
      c.clock.advance(250);
      const images = new Set(pods().map((p) => p.spec.containers[0].image));
      if (images.size > 1) overlap = true;
    }
    expect(overlap).toBe(false);
    expect(pods().map((p) => p.spec.containers[0].image)).toEqual(['nginx:1.9.1', 'nginx:1.9.1', 'nginx:1.9.1']);
  });

  it('reports ProgressDeadlineExceeded after progressDeadlineSeconds without progress', () => {
    const { c, create, get, setImage, rss } = setup();
    create(3, 'nginx:1.7.9', { progressDeadlineSeconds: 60 });
    c.clock.advance(20_000);
    setImage('nginx:1.91');
    c.clock.advance(30_000);
    expect(condition(get(), 'Progressing')?.reason).toBe('ReplicaSetUpdated');
    c.clock.advance(40_000);
    const d = get();
    const newRS = rss().find((r) => r.spec.template.spec.containers[0].image === 'nginx:1.91')!;
    expect(condition(d, 'Progressing')).toMatchObject({
      status: 'False',
      reason: 'ProgressDeadlineExceeded',
      message: `ReplicaSet "${newRS.metadata.name}" has timed out progressing.`,
    });
    expect(d.status).toMatchObject({ replicas: 4, updatedReplicas: 1, availableReplicas: 3, unavailableReplicas: 1 });
  });

  it('pausing sets DeploymentPaused and stops rollouts; resuming rolls the accumulated change out', () => {
    const { c, create, get, setImage, rss } = setup();
    create(2);
    c.clock.advance(20_000);
    c.api.patch(deploymentKind, 'default', 'web', 'merge', { spec: { paused: true } });
    c.clock.runDue();
    expect(condition(get(), 'Progressing')).toMatchObject({
      status: 'Unknown',
      reason: 'DeploymentPaused',
      message: 'Deployment is paused',
    });
    setImage('nginx:1.9.1');
    c.clock.advance(10_000);
    expect(rss().length).toBe(1);
    c.api.patch(deploymentKind, 'default', 'web', 'merge', { spec: { paused: false } });
    c.clock.runDue();
    expect(rss().length).toBe(2);
    c.clock.advance(30_000);
    expect(condition(get(), 'Progressing')?.reason).toBe('NewReplicaSetAvailable');
  });

  it('keeps at most revisionHistoryLimit old ReplicaSets', () => {
    const { c, create, setImage, rss } = setup();
    create(1, 'nginx:1.7.9', { revisionHistoryLimit: 1 });
    c.clock.advance(20_000);
    for (const image of ['nginx:1.9.1', 'nginx:1.27', 'nginx:1.7.9']) {
      setImage(image);
      c.clock.advance(30_000);
    }
    const list = rss();
    expect(list.length).toBe(2);
    const revisions = list.map((r) => r.metadata.annotations?.['deployment.kubernetes.io/revision']).sort();
    expect(revisions).toEqual(['3', '4']);
    // nginx:1.7.9's first ReplicaSet (revision 1) was cleaned up: going back made a new one.
  });
});
