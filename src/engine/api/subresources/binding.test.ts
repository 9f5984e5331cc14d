// pods/binding: what it writes and how it refuses, as pkg/registry/core/pod/storage words it.

import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { ApiServer } from '../apiserver';
import { Clock } from '../../clock/clock';
import { SeededRandom } from '../../clock/random';
import { ApiError } from '../errors';
import { createKindRegistry, podKind } from '../kinds';
import { bindPod } from './binding';

function api(): ApiServer {
  const a = new ApiServer(new Clock(), new SeededRandom(1), createKindRegistry());
  a.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } });
  return a;
}

const pod = (name: string, spec: Record<string, unknown> = {}): KObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'default' },
  spec: { containers: [{ name: 'c', image: 'nginx' }], ...spec },
});

function refusal(f: () => unknown): [number, string] {
  try {
    f();
  } catch (e) {
    if (e instanceof ApiError) return [e.code, e.message];
    throw e;
  }
  return [0, '(no error)'];
}

describe('bindPod', () => {
  it('sets spec.nodeName and PodScheduled=True in one write, without a generation bump', () => {
    const a = api();
    const created = a.create(pod('web'));
    const events: string[] = [];
    a.watch(podKind, (e) => events.push(`${e.type} ${e.object.spec.nodeName ?? ''}`));
    const bound = bindPod(a, 'default', 'web', 'node-a1', { uid: created.metadata.uid });
    expect(bound.spec.nodeName).toBe('node-a1');
    expect(bound.status.conditions).toEqual([
      { type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: '2026-01-01T00:00:00Z' },
    ]);
    expect(bound.metadata.generation).toBe(created.metadata.generation);
    expect(Number(bound.metadata.resourceVersion)).toBeGreaterThan(Number(created.metadata.resourceVersion));
    expect(events).toEqual(['MODIFIED node-a1']);
    expect(a.get(podKind, 'default', 'web')).toBe(bound);
  });

  it.each<[string, (a: ApiServer) => void, number, string]>([
    ['a missing pod', () => {}, 404, 'pods "web" not found'],
    [
      'an assigned pod',
      (a) => a.create(pod('web', { nodeName: 'node-b1' })),
      409,
      'Operation cannot be fulfilled on pods/binding "web": pod web is already assigned to node "node-b1"',
    ],
    [
      'a gated pod',
      (a) => a.create(pod('web', { schedulingGates: [{ name: 'example.com/hold' }] })),
      409,
      'Operation cannot be fulfilled on pods/binding "web": pod web has non-empty .spec.schedulingGates',
    ],
  ])('refuses %s', (_what, prepare, code, message) => {
    const a = api();
    prepare(a);
    expect(refusal(() => bindPod(a, 'default', 'web', 'node-a1'))).toEqual([code, message]);
  });

  it('refuses a wrong uid and an empty target', () => {
    const a = api();
    const created = a.create(pod('web'));
    expect(refusal(() => bindPod(a, 'default', 'web', 'node-a1', { uid: 'other' }))).toEqual([
      409,
      `Operation cannot be fulfilled on pods "web": StorageError: invalid object, Code: 4, Key: /registry/pods/default/web, ResourceVersion: 0, AdditionalErrorMsg: Precondition failed: UID in precondition: other, UID in object meta: ${created.metadata.uid}`,
    ]);
    expect(refusal(() => bindPod(a, 'default', 'web', ''))).toEqual([
      422,
      'Binding "web" is invalid: target.name: Required value',
    ]);
  });
});
