import { describe, expect, it } from 'vitest';
import { deepFreeze } from '../deep';
import { isApiError } from '../errors';
import { applyJsonPatch, PatchError } from './json-patch';

const pod = () =>
  deepFreeze({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'web', labels: { app: 'web' }, annotations: { 'example.com/owner': 'team-a' } },
    spec: {
      containers: [
        { name: 'app', image: 'nginx:1.25' },
        { name: 'sidecar', image: 'busybox' },
      ],
      tolerations: [{ key: 'dedicated', operator: 'Exists' }],
    },
  });

type Pod = ReturnType<typeof pod>;

function patched(ops: unknown): Pod {
  return applyJsonPatch(pod(), deepFreeze(ops)) as Pod;
}

function thrown(fn: () => unknown): PatchError {
  try {
    fn();
  } catch (e) {
    if (e instanceof PatchError) return e;
    throw e;
  }
  throw new Error('expected a PatchError');
}

describe('applyJsonPatch', () => {
  const cases: [string, unknown[], (p: Pod) => unknown, unknown][] = [
    [
      'add a label',
      [{ op: 'add', path: '/metadata/labels/tier', value: 'fe' }],
      (p) => p.metadata.labels,
      { app: 'web', tier: 'fe' },
    ],
    [
      'replace an image',
      [{ op: 'replace', path: '/spec/containers/0/image', value: 'nginx:1.26' }],
      (p) => p.spec.containers[0].image,
      'nginx:1.26',
    ],
    ['remove a container', [{ op: 'remove', path: '/spec/containers/1' }], (p) => p.spec.containers.map((c) => c.name), ['app']],
    [
      'append with -',
      [{ op: 'add', path: '/spec/containers/-', value: { name: 'log', image: 'fluentd' } }],
      (p) => p.spec.containers.map((c) => c.name),
      ['app', 'sidecar', 'log'],
    ],
    [
      'insert at an index',
      [{ op: 'add', path: '/spec/containers/0', value: { name: 'init', image: 'alpine' } }],
      (p) => p.spec.containers.map((c) => c.name),
      ['init', 'app', 'sidecar'],
    ],
    [
      'escaped path (~1 is /)',
      [{ op: 'remove', path: '/metadata/annotations/example.com~1owner' }],
      (p) => p.metadata.annotations,
      {},
    ],
    [
      'move',
      [{ op: 'move', from: '/metadata/labels/app', path: '/metadata/labels/name' }],
      (p) => p.metadata.labels,
      { name: 'web' },
    ],
    [
      'copy',
      [{ op: 'copy', from: '/spec/containers/0', path: '/spec/containers/-' }],
      (p) => p.spec.containers.map((c) => c.name),
      ['app', 'sidecar', 'app'],
    ],
    [
      'test then replace',
      [
        { op: 'test', path: '/spec/containers/0/image', value: 'nginx:1.25' },
        { op: 'replace', path: '/spec/containers/0/image', value: 'nginx:1.26' },
      ],
      (p) => p.spec.containers[0].image,
      'nginx:1.26',
    ],
    [
      'a missing value is null (as evanphx/json-patch reads it)',
      [{ op: 'add', path: '/metadata/labels/x' }],
      (p) => p.metadata.labels,
      { app: 'web', x: null },
    ],
    [
      'testing a missing member against null passes',
      [{ op: 'test', path: '/metadata/labels/none', value: null }],
      (p) => p.metadata.labels,
      { app: 'web' },
    ],
    [
      'operations apply in order',
      [
        { op: 'add', path: '/metadata/labels/a', value: '1' },
        { op: 'replace', path: '/metadata/labels/a', value: '2' },
      ],
      (p) => p.metadata.labels,
      { app: 'web', a: '2' },
    ],
  ];
  it.each(cases)('%s', (_name, ops, pick, expected) => {
    expect(pick(patched(ops))).toEqual(expected);
  });

  it('a null body is an empty patch', () => {
    const target = pod();
    expect(applyJsonPatch(target, null)).toBe(target);
  });

  it('shares untouched sub-trees and never modifies the target', () => {
    const target = pod();
    const before = JSON.stringify(target);
    const out = applyJsonPatch(target, [{ op: 'replace', path: '/spec/containers/0/image', value: 'x' }]) as Pod;
    expect(JSON.stringify(target)).toBe(before);
    expect(out.metadata).toBe(target.metadata);
    expect(out.spec).not.toBe(target.spec);
    expect(out.spec.containers[1]).toBe(target.spec.containers[1]);
    expect(out.spec.tolerations).toBe(target.spec.tolerations);

    const labelled = applyJsonPatch(target, [{ op: 'add', path: '/metadata/labels/a', value: 'b' }]) as Pod;
    expect(labelled.spec).toBe(target.spec);
    expect(labelled.spec.containers).toBe(target.spec.containers);
  });

  it('a patch of tests only returns the target itself', () => {
    const target = pod();
    expect(applyJsonPatch(target, [{ op: 'test', path: '/metadata/name', value: 'web' }])).toBe(target);
  });

  it('does not alias the patch values', () => {
    const value = { tier: 'fe' };
    const out = applyJsonPatch(pod(), [{ op: 'add', path: '/metadata/labels', value }]) as Pod;
    value.tier = 'changed';
    expect(out.metadata.labels).toEqual({ tier: 'fe' });
  });

  it('copies a container only once across operations', () => {
    const out = patched([
      { op: 'add', path: '/spec/containers/0/args', value: ['a'] },
      { op: 'add', path: '/spec/containers/0/args/-', value: 'b' },
    ]);
    expect(out.spec.containers[0]).toEqual({ name: 'app', image: 'nginx:1.25', args: ['a', 'b'] });
  });

  // The server answers 422 with only a generic message; the reason is in PatchError.detail.
  const failures: [string, unknown[], string][] = [
    [
      'a failed test',
      [{ op: 'test', path: '/metadata/name', value: 'other' }],
      'testing value /metadata/name failed: test failed',
    ],
    [
      'removing a missing key',
      [{ op: 'remove', path: '/metadata/labels/none' }],
      'remove operation does not apply: doc is missing path: "/metadata/labels/none": missing value',
    ],
    [
      'replacing a missing key',
      [{ op: 'replace', path: '/metadata/labels/none', value: 'x' }],
      'replace operation does not apply: doc is missing key: /metadata/labels/none: missing value',
    ],
    [
      'adding under a missing parent',
      [{ op: 'add', path: '/metadata/finalizers/0', value: 'x' }],
      'add operation does not apply: doc is missing path: "/metadata/finalizers/0": missing value',
    ],
    ['an unknown op', [{ op: 'bogus', path: '/metadata' }], 'Unexpected kind: bogus'],
    ['a missing op', [{ path: '/metadata' }], 'Unexpected kind: unknown'],
    ['a missing path', [{ op: 'remove' }], 'remove operation failed to decode path'],
    ['move without from', [{ op: 'move', path: '/a' }], 'move operation failed to decode from'],
    [
      'move from a missing path',
      [{ op: 'move', from: '/nope', path: '/a' }],
      'move operation does not apply: doc is missing from path: /nope: missing value',
    ],
    [
      'an index past the end',
      [{ op: 'add', path: '/spec/containers/5', value: {} }],
      'Unable to access invalid index: /spec/containers/5: invalid index referenced',
    ],
    ['a null operation', [null], 'Unexpected kind: unknown'],
  ];
  it.each(failures)('rejects %s with a 422', (_name, ops, detail) => {
    const target = pod();
    const before = JSON.stringify(target);
    const err = thrown(() => applyJsonPatch(target, deepFreeze(ops)));
    expect(isApiError(err, 'Invalid')).toBe(true);
    expect(err.code).toBe(422);
    expect(err.message).toBe('the server rejected our request due to an error in our request');
    expect(err.status.details).toEqual({});
    expect(err.detail).toBe(detail);
    expect(JSON.stringify(target)).toBe(before);
  });

  it('is atomic: a failure after a successful operation leaves nothing applied', () => {
    const target = pod();
    expect(() =>
      applyJsonPatch(target, [
        { op: 'add', path: '/metadata/labels/a', value: 'b' },
        { op: 'test', path: '/metadata/labels/a', value: 'c' },
      ]),
    ).toThrow(PatchError);
    expect(target.metadata.labels).toEqual({ app: 'web' });
  });

  const undecodable: [string, unknown, string][] = [
    ['an object body', { op: 'add' }, 'json: cannot unmarshal object into Go value of type jsonpatch.Patch'],
    ['a string body', 'add', 'json: cannot unmarshal string into Go value of type jsonpatch.Patch'],
    ['a string operation', ['add'], 'json: cannot unmarshal string into Go value of type jsonpatch.Operation'],
    ['an array operation', [[]], 'json: cannot unmarshal array into Go value of type jsonpatch.Operation'],
  ];
  it.each(undecodable)('rejects %s with a 400', (_name, body, message) => {
    const err = thrown(() => applyJsonPatch(pod(), body));
    expect(err.code).toBe(400);
    expect(err.reason).toBe('BadRequest');
    expect(err.message).toBe(message);
  });
});
