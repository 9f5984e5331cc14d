import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { Cluster } from '../../cluster/cluster';
import { statefulSetKind } from './statefulset';

function sts(rollingUpdate?: Record<string, unknown>): KObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: 'web', namespace: 'default' },
    spec: {
      serviceName: 'nginx',
      replicas: 0,
      selector: { matchLabels: { app: 'nginx' } },
      ...(rollingUpdate ? { updateStrategy: { type: 'RollingUpdate', rollingUpdate } } : {}),
      template: { metadata: { labels: { app: 'nginx' } }, spec: { containers: [{ name: 'nginx', image: 'nginx' }] } },
    },
  };
}

const rollingUpdateOf = (c: Cluster) => c.api.get(statefulSetKind, 'default', 'web').spec.updateStrategy.rollingUpdate;

describe('StatefulSet maxUnavailable and the MaxUnavailableStatefulSet gate', () => {
  it('gate off (the v1.34 default): a sent maxUnavailable is dropped on create, nothing is defaulted', () => {
    const c = new Cluster(1, { empty: true });
    c.api.create(sts({ maxUnavailable: 2 }));
    expect(rollingUpdateOf(c)).toEqual({ partition: 0 });
    c.api.delete(statefulSetKind, 'default', 'web');
    c.api.create(sts());
    expect(rollingUpdateOf(c)).toEqual({ partition: 0 });
  });

  it('gate off: an update that adds maxUnavailable loses it, one whose stored object has it keeps it', () => {
    const c = new Cluster(1, { empty: true });
    c.config.set('feature-gates', 'MaxUnavailableStatefulSet=true');
    c.api.create(sts({ maxUnavailable: 2 }));
    c.config.set('feature-gates', 'MaxUnavailableStatefulSet=false');
    const stored = c.api.get(statefulSetKind, 'default', 'web');
    c.api.update({
      ...stored,
      spec: { ...stored.spec, updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 3 } } },
    });
    expect(rollingUpdateOf(c)).toEqual({ partition: 0, maxUnavailable: 3 });

    c.api.delete(statefulSetKind, 'default', 'web');
    c.api.create(sts());
    const plain = c.api.get(statefulSetKind, 'default', 'web');
    c.api.update({
      ...plain,
      spec: { ...plain.spec, updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 3 } } },
    });
    expect(rollingUpdateOf(c)).toEqual({ partition: 0 });
  });

  it('gate on: maxUnavailable defaults to 1 and a sent value is kept', () => {
    const c = new Cluster(1, { empty: true });
    c.config.set('feature-gates', 'MaxUnavailableStatefulSet=true');
    c.api.create(sts());
    expect(rollingUpdateOf(c)).toEqual({ partition: 0, maxUnavailable: 1 });
    c.api.delete(statefulSetKind, 'default', 'web');
    c.api.create(sts({ maxUnavailable: '50%' }));
    expect(rollingUpdateOf(c)).toEqual({ partition: 0, maxUnavailable: '50%' });
  });
});
