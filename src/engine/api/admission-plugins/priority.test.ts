// Priority admission and PriorityClass validation: built-in classes, resolution of a pod's
// priorityClassName / globalDefault, and the refusals with their real wording.

import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { Cluster } from '../../cluster/cluster';
import { ApiError } from '../errors';
import { podKind, priorityClassKind } from '../kinds';

function cluster() {
  return new Cluster(1, { empty: true });
}

const pc = (name: string, value: number, extra: Record<string, unknown> = {}): KObject => ({
  apiVersion: 'scheduling.k8s.io/v1',
  kind: 'PriorityClass',
  metadata: { name },
  value,
  ...extra,
});

const pod = (name: string, spec: Record<string, unknown> = {}): KObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name },
  spec: { containers: [{ name: 'c', image: 'nginx' }], ...spec },
});

function message(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof ApiError) return e.message;
    throw e;
  }
  return '(no error)';
}

describe('PriorityClass', () => {
  it('has the two built-in classes from the start', () => {
    const c = cluster();
    const items = c.api
      .list(priorityClassKind)
      .items.map((o) => [o.metadata.name, o.value, o.preemptionPolicy, o.globalDefault ?? false]);
    expect(items).toEqual([
      ['system-cluster-critical', 2000000000, 'PreemptLowerPriority', false],
      ['system-node-critical', 2000001000, 'PreemptLowerPriority', false],
    ]);
  });

  it.each<[string, KObject, string]>([
    [
      'a user class above one billion',
      pc('huge', 1_000_000_001),
      'PriorityClass.scheduling.k8s.io "huge" is invalid: value: Forbidden: maximum allowed value of a user defined priority is 1000000000',
    ],
    [
      'a system- name that is not a built-in',
      pc('system-mine', 5),
      'PriorityClass.scheduling.k8s.io "system-mine" is invalid: metadata.name: Forbidden: priority class names with \'system-\' prefix are reserved for system use only. error: system-mine is not a known system priority class',
    ],
    [
      'a bad preemption policy',
      pc('odd', 5, { preemptionPolicy: 'Sometimes' }),
      'PriorityClass.scheduling.k8s.io "odd" is invalid: preemptionPolicy: Unsupported value: "Sometimes": supported values: "PreemptLowerPriority", "Never"',
    ],
  ])('refuses %s', (_what, obj, want) => {
    const c = cluster();
    expect(message(() => c.api.create(obj))).toBe(want);
  });

  it('allows one globalDefault, keeps value and policy immutable, protects the built-ins', () => {
    const c = cluster();
    c.api.create(pc('default-low', 100, { globalDefault: true }));
    expect(message(() => c.api.create(pc('another', 200, { globalDefault: true })))).toBe(
      'priorityclasses.scheduling.k8s.io "another" is forbidden: PriorityClass default-low is already marked as default. Only one default can exist',
    );
    const stored = c.api.get(priorityClassKind, undefined, 'default-low');
    expect(message(() => c.api.update({ ...stored, value: 7 }))).toBe(
      'PriorityClass.scheduling.k8s.io "default-low" is invalid: value: Forbidden: may not be changed in an update.',
    );
    expect(c.api.update({ ...stored, description: 'changed' }).description).toBe('changed');
    expect(message(() => c.api.delete(priorityClassKind, undefined, 'system-node-critical'))).toBe(
      'priorityclasses.scheduling.k8s.io "system-node-critical" is forbidden: this is a system priority class and cannot be deleted',
    );
  });
});

describe('Priority admission', () => {
  it('resolves the class, the global default, or 0', () => {
    const c = cluster();
    const plain = c.api.create(pod('plain'));
    expect(plain.spec).toMatchObject({ priority: 0, preemptionPolicy: 'PreemptLowerPriority' });
    expect(plain.spec.priorityClassName).toBeUndefined();
    c.api.create(pc('high', 1000, { preemptionPolicy: 'Never' }));
    expect(c.api.create(pod('hi', { priorityClassName: 'high' })).spec).toMatchObject({
      priority: 1000,
      preemptionPolicy: 'Never',
      priorityClassName: 'high',
    });
    expect(c.api.create(pod('crit', { priorityClassName: 'system-node-critical' })).spec.priority).toBe(2000001000);
    c.api.create(pc('everyone', 5, { globalDefault: true }));
    expect(c.api.create(pod('dflt')).spec).toMatchObject({ priority: 5, priorityClassName: 'everyone' });
  });

  it('refuses unknown classes and mismatching values', () => {
    const c = cluster();
    c.api.create(pc('high', 1000));
    expect(message(() => c.api.create(pod('x', { priorityClassName: 'nope' })))).toBe(
      'pods "x" is forbidden: no PriorityClass with name nope was found',
    );
    expect(message(() => c.api.create(pod('y', { priorityClassName: 'high', priority: 7 })))).toBe(
      'pods "y" is forbidden: the integer value of priority (7) must not be provided in pod spec; priority admission controller computed 1000 from the given PriorityClass name',
    );
    expect(message(() => c.api.create(pod('z', { priorityClassName: 'high', preemptionPolicy: 'Never' })))).toBe(
      'pods "z" is forbidden: the string value of PreemptionPolicy (Never) must not be provided in pod spec; priority admission controller computed PreemptLowerPriority from the given PriorityClass name',
    );
    // The same value as the class is accepted.
    expect(c.api.create(pod('w', { priorityClassName: 'high', priority: 1000 })).spec.priority).toBe(1000);
  });

  it('keeps the stored priority when an update drops it, and pods of one template share their admitted tolerations', () => {
    const c = cluster();
    const created = c.api.create(pod('p'));
    const { priority: _p, preemptionPolicy: _q, ...spec } = created.spec;
    expect(c.api.update({ ...created, spec, metadata: { ...created.metadata, labels: { a: 'b' } } }).spec.priority).toBe(0);
    const template = Object.freeze({ containers: Object.freeze([Object.freeze({ name: 'c', image: 'nginx' })]) });
    const a = c.api.create({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'a' }, spec: template as never });
    const b = c.api.create({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'b' }, spec: template as never });
    expect(a.spec.tolerations).toBe(b.spec.tolerations);
    expect(b.spec.priority).toBe(0);
    expect(c.api.get(podKind, 'default', 'a').spec.priority).toBe(0);
  });
});
