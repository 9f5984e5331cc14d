// LimitRanger and ResourceQuota admission on a real (empty) cluster: defaults filled in and
// annotated, min / max refusals, quota charging and refusals with their real wording.

import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { Cluster } from '../../cluster/cluster';
import { ApiError } from '../errors';
import { limitRangeKind, podKind, resourceQuotaKind } from '../kinds';

const pod = (name: string, resources?: Record<string, unknown>): KObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name },
  spec: { containers: [{ name: 'app', image: 'nginx', ...(resources ? { resources } : {}) }] },
});

function refusal(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof ApiError) return `${e.code} ${e.message}`;
    throw e;
  }
  return '(admitted)';
}

function withRange(limits: unknown[]): Cluster {
  const c = new Cluster(1, { empty: true });
  c.api.create({ apiVersion: 'v1', kind: 'LimitRange', metadata: { name: 'lr', namespace: 'default' }, spec: { limits } });
  return c;
}

describe('LimitRanger', () => {
  it('defaults requests and limits and says so in an annotation', () => {
    const c = withRange([{ type: 'Container', default: { cpu: '1', memory: '512Mi' }, defaultRequest: { cpu: '500m' } }]);
    const created = c.api.create(pod('p', { requests: { memory: '256Mi' } }), { namespace: 'default' });
    expect(created.spec.containers[0].resources).toEqual({
      limits: { cpu: '1', memory: '512Mi' },
      requests: { memory: '256Mi', cpu: '500m' },
    });
    expect(created.metadata.annotations?.['kubernetes.io/limit-ranger']).toBe(
      'LimitRanger plugin set: cpu request for container app; cpu, memory limit for container app',
    );
  });

  it('defaults a range: default from max, defaultRequest from default', () => {
    const c = withRange([{ type: 'Container', max: { cpu: '800m' }, min: { cpu: '200m' } }]);
    const lr = c.api.get(limitRangeKind, 'default', 'lr');
    expect(lr.spec.limits[0].default).toEqual({ cpu: '800m' });
    expect(lr.spec.limits[0].defaultRequest).toEqual({ cpu: '800m' });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['over max', { limits: { cpu: '2' } }, 'maximum cpu usage per Container is 800m, but limit is 2'],
    [
      'under min',
      { requests: { cpu: '100m' }, limits: { cpu: '500m' } },
      'minimum cpu usage per Container is 200m, but request is 100m',
    ],
  ])('refuses a container %s', (_name, resources, why) => {
    const c = withRange([{ type: 'Container', max: { cpu: '800m' }, min: { cpu: '200m' } }]);
    expect(refusal(() => c.api.create(pod('p', resources), { namespace: 'default' }))).toBe(`403 pods "p" is forbidden: ${why}`);
    expect(c.api.tryGet(podKind, 'default', 'p')).toBeUndefined();
  });
});

describe('ResourceQuota admission', () => {
  it('charges admitted pods to status.used and refuses the one over the limit', () => {
    const c = new Cluster(1, { empty: true });
    c.api.create({
      apiVersion: 'v1',
      kind: 'ResourceQuota',
      metadata: { name: 'q', namespace: 'default' },
      spec: { hard: { pods: '1' } },
    });
    c.clock.runDue();
    expect(c.api.get(resourceQuotaKind, 'default', 'q').status).toEqual({ hard: { pods: '1' }, used: { pods: '0' } });
    c.api.create(pod('a'), { namespace: 'default' });
    expect(c.api.get(resourceQuotaKind, 'default', 'q').status.used).toEqual({ pods: '1' });
    expect(refusal(() => c.api.create(pod('b'), { namespace: 'default' }))).toBe(
      '403 pods "b" is forbidden: exceeded quota: q, requested: pods=1, used: pods=1, limited: pods=1',
    );
    c.api.delete(podKind, 'default', 'a', { gracePeriodSeconds: 0 });
    c.clock.runDue();
    expect(c.api.get(resourceQuotaKind, 'default', 'q').status.used).toEqual({ pods: '0' });
  });

  it('counts only the pods under a quota’s scopes', () => {
    const c = new Cluster(1, { empty: true });
    c.api.create({
      apiVersion: 'v1',
      kind: 'ResourceQuota',
      metadata: { name: 'best-effort', namespace: 'default' },
      spec: { hard: { pods: '1' }, scopes: ['BestEffort'] },
    });
    c.clock.runDue();
    c.api.create(pod('a'), { namespace: 'default' });
    c.api.create(pod('sized', { requests: { cpu: '100m' } }), { namespace: 'default' });
    expect(refusal(() => c.api.create(pod('b'), { namespace: 'default' }))).toBe(
      '403 pods "b" is forbidden: exceeded quota: best-effort, requested: pods=1, used: pods=1, limited: pods=1',
    );
    c.clock.runDue();
    expect(c.api.get(resourceQuotaKind, 'default', 'best-effort').status.used).toEqual({ pods: '1' });
  });
});
