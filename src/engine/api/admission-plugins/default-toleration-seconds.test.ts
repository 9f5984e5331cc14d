import { describe, expect, it } from 'vitest';
import type { KObject, Toleration } from '../../../k8s/types';
import { newCluster, podManifest } from '../apiserver-test-fixtures';
import { deepFreeze } from '../deep';
import { leaseKind, podKind } from '../kinds';
import {
  DEFAULT_TOLERATION_SECONDS,
  defaultTolerationSeconds,
  TAINT_NOT_READY,
  TAINT_UNREACHABLE,
  withDefaultTolerations,
} from './default-toleration-seconds';

const notReady: Toleration = { key: TAINT_NOT_READY, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 };
const unreachable: Toleration = { key: TAINT_UNREACHABLE, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 };

function admit(tolerations: Toleration[] | undefined, operation: 'CREATE' | 'UPDATE' = 'CREATE', subresource?: string): KObject {
  const pod = podManifest('p', { spec: { containers: [{ name: 'c', image: 'x' }], ...(tolerations ? { tolerations } : {}) } });
  return (
    defaultTolerationSeconds.admit!({ operation, kind: podKind, namespace: 'default', name: 'p', object: pod, subresource }) ??
    pod
  );
}

describe('DefaultTolerationSeconds', () => {
  it('uses 300 seconds', () => {
    expect(DEFAULT_TOLERATION_SECONDS).toBe(300);
  });

  it.each<[string, Toleration[] | undefined, Toleration[]]>([
    ['no tolerations', undefined, [notReady, unreachable]],
    ['an empty list', [], [notReady, unreachable]],
    [
      'an unrelated toleration',
      [{ key: 'gpu', operator: 'Exists', effect: 'NoSchedule' }],
      [{ key: 'gpu', operator: 'Exists', effect: 'NoSchedule' }, notReady, unreachable],
    ],
    [
      'not-ready already tolerated (custom seconds)',
      [{ key: TAINT_NOT_READY, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 5 }],
      [{ key: TAINT_NOT_READY, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 5 }, unreachable],
    ],
    [
      'unreachable tolerated with any effect',
      [{ key: TAINT_UNREACHABLE, operator: 'Exists' }],
      [{ key: TAINT_UNREACHABLE, operator: 'Exists' }, notReady],
    ],
    [
      'both tolerated forever',
      [
        { key: TAINT_NOT_READY, operator: 'Exists', effect: 'NoExecute' },
        { key: TAINT_UNREACHABLE, operator: 'Exists', effect: 'NoExecute' },
      ],
      [
        { key: TAINT_NOT_READY, operator: 'Exists', effect: 'NoExecute' },
        { key: TAINT_UNREACHABLE, operator: 'Exists', effect: 'NoExecute' },
      ],
    ],
    ['everything tolerated (empty key)', [{ operator: 'Exists' }], [{ operator: 'Exists' }]],
    [
      'every NoExecute taint tolerated',
      [{ operator: 'Exists', effect: 'NoExecute' }],
      [{ operator: 'Exists', effect: 'NoExecute' }],
    ],
    [
      'only NoSchedule for not-ready (does not count)',
      [{ key: TAINT_NOT_READY, operator: 'Exists', effect: 'NoSchedule' }],
      [{ key: TAINT_NOT_READY, operator: 'Exists', effect: 'NoSchedule' }, notReady, unreachable],
    ],
    [
      'an empty-key toleration with NoSchedule (does not count)',
      [{ operator: 'Exists', effect: 'NoSchedule' }],
      [{ operator: 'Exists', effect: 'NoSchedule' }, notReady, unreachable],
    ],
  ])('%s', (_what, tolerations, expected) => {
    expect(admit(tolerations).spec.tolerations).toEqual(expected);
  });

  it('runs on UPDATE too but not on subresources or other kinds', () => {
    expect(admit(undefined, 'UPDATE').spec.tolerations).toEqual([notReady, unreachable]);
    expect(admit(undefined, 'UPDATE', 'status').spec.tolerations).toBeUndefined();
    const lease: KObject = { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: 'l' }, spec: {} };
    expect(
      defaultTolerationSeconds.admit!({ operation: 'CREATE', kind: leaseKind, namespace: 'default', name: 'l', object: lease }),
    ).toBeUndefined();
  });

  it('returns the same object when nothing is added', () => {
    const pod = podManifest('p', { spec: { containers: [], tolerations: [{ operator: 'Exists' }] } });
    expect(
      defaultTolerationSeconds.admit!({ operation: 'CREATE', kind: podKind, namespace: 'default', name: 'p', object: pod }),
    ).toBe(pod);
  });

  it('shares the admitted spec between pods with one frozen spec, and never mutates it', () => {
    const spec = deepFreeze({ containers: [{ name: 'c', image: 'x' }] });
    const a = withDefaultTolerations(spec);
    const b = withDefaultTolerations(spec);
    expect(a).toBe(b);
    expect(a).not.toBe(spec);
    expect(Object.isFrozen(a)).toBe(true);
    expect(withDefaultTolerations(a)).toBe(a);
    expect((spec as { tolerations?: unknown }).tolerations).toBeUndefined();
  });

  it('does not cache mutable specs', () => {
    const spec: { containers: unknown[]; tolerations?: Toleration[] } = { containers: [] };
    const first = withDefaultTolerations(spec);
    spec.tolerations = [{ operator: 'Exists' }];
    expect(withDefaultTolerations(spec)).toBe(spec);
    expect(first.tolerations).toHaveLength(2);
  });

  it('in a cluster: a plain pod gets exactly the two 300 s tolerations', () => {
    const { api } = newCluster();
    const pod = api.create(podManifest('web'));
    expect(pod.spec.tolerations).toEqual([notReady, unreachable]);
  });
});
