// apps/v1 DaemonSet through the API server: defaults (RollingUpdate 1 / 0, revisionHistoryLimit 10,
// templateGeneration 1 in its annotation), the spec checks with upstream's messages, the immutable
// selector, and the template generation following template changes only.

import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { ApiServer } from '../apiserver';
import { Clock } from '../../clock/clock';
import { SeededRandom } from '../../clock/random';
import { ApiError } from '../errors';
import { createKindRegistry, daemonSetKind } from '../kinds';

function api(): ApiServer {
  const a = new ApiServer(new Clock(), new SeededRandom(1), createKindRegistry());
  a.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } });
  return a;
}

const ds = (spec: Record<string, unknown> = {}, labels: Record<string, string> = { app: 'agent' }): KObject => ({
  apiVersion: 'apps/v1',
  kind: 'DaemonSet',
  metadata: { name: 'agent', namespace: 'default' },
  spec: {
    selector: { matchLabels: { app: 'agent' } },
    template: { metadata: { labels }, spec: { containers: [{ name: 'a', image: 'busybox:1.36' }] } },
    ...spec,
  },
});

function message(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof ApiError) return e.message;
    throw e;
  }
  throw new Error('no error');
}

describe('DaemonSet API', () => {
  it('defaults the update strategy and history limit, and starts the template generation at 1', () => {
    const created = api().create(ds());
    expect(created.spec.updateStrategy).toEqual({ type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 0 } });
    expect(created.spec.revisionHistoryLimit).toBe(10);
    expect(created.metadata.annotations).toEqual({ 'deprecated.daemonset.template.generation': '1' });
    expect(created.metadata.generation).toBe(1);
    expect(created.status).toEqual({
      currentNumberScheduled: 0,
      numberMisscheduled: 0,
      desiredNumberScheduled: 0,
      numberReady: 0,
    });
  });

  it('leaves OnDelete without rollingUpdate', () => {
    const created = api().create(ds({ updateStrategy: { type: 'OnDelete' } }));
    expect(created.spec.updateStrategy).toEqual({ type: 'OnDelete' });
  });

  it.each([
    [
      'a selector that misses the template labels',
      ds({}, { app: 'other' }),
      'DaemonSet.apps "agent" is invalid: spec.template.metadata.labels: Invalid value: map[string]string{"app":"other"}: `selector` does not match template `labels`',
    ],
    [
      'restartPolicy Never',
      ds({
        template: {
          metadata: { labels: { app: 'agent' } },
          spec: { restartPolicy: 'Never', containers: [{ name: 'a', image: 'busybox:1.36' }] },
        },
      }),
      'DaemonSet.apps "agent" is invalid: spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"',
    ],
    [
      'both maxSurge and maxUnavailable',
      ds({ updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 1 } } }),
      'DaemonSet.apps "agent" is invalid: spec.updateStrategy.rollingUpdate.maxSurge: Invalid value: intstr.IntOrString{Type:0, IntVal:1, StrVal:""}: may not be set when maxUnavailable is non-zero',
    ],
    [
      'both zero',
      ds({ updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: '0%' } } }),
      'DaemonSet.apps "agent" is invalid: spec.updateStrategy.rollingUpdate.maxUnavailable: Required value: cannot be 0 when maxSurge is 0',
    ],
    [
      'more than 100%',
      ds({ updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '150%' } } }),
      'DaemonSet.apps "agent" is invalid: spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"150%"}: must not be greater than 100%',
    ],
  ])('refuses %s', (_name, obj, expected) => {
    expect(message(() => api().create(obj))).toBe(expected);
  });

  it('keeps the selector immutable and raises the template generation only on template changes', () => {
    const a = api();
    const created = a.create(ds());
    const relabelled = { ...created, spec: { ...created.spec, selector: { matchLabels: { app: 'agent', tier: 'x' } } } };
    expect(message(() => a.update(relabelled))).toContain('spec.selector: Invalid value: v1.LabelSelector{');
    expect(message(() => a.update(relabelled))).toContain('field is immutable');
    const limit = a.update({ ...created, spec: { ...created.spec, minReadySeconds: 5 } });
    expect(limit.metadata.generation).toBe(2);
    expect(limit.metadata.annotations?.['deprecated.daemonset.template.generation']).toBe('1');
    const template = {
      ...limit.spec.template,
      spec: { ...limit.spec.template.spec, containers: [{ name: 'a', image: 'busybox:1.37' }] },
    };
    const forged = { ...limit.metadata.annotations, 'deprecated.daemonset.template.generation': '9' };
    const updated = a.update({
      ...limit,
      metadata: { ...limit.metadata, annotations: forged },
      spec: { ...limit.spec, template },
    });
    expect(updated.metadata.generation).toBe(3);
    expect(updated.metadata.annotations?.['deprecated.daemonset.template.generation']).toBe('2');
    expect(daemonSetKind.shortNames).toEqual(['ds']);
  });
});
