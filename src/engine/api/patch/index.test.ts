import { describe, expect, it } from 'vitest';
import { deepFreeze } from '../deep';
import { isApiError } from '../errors';
import { applyPatch, patchContentTypes, patchTypeFromContentType, PatchError, type PatchType } from './index';

const deployment = () =>
  deepFreeze({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'd', labels: { app: 'a' } },
    spec: { template: { spec: { containers: [{ name: 'a', image: 'x' }] } } },
  });

const addContainer = { spec: { template: { spec: { containers: [{ name: 'b', image: 'y' }] } } } };

function names(obj: unknown): string[] {
  const d = obj as ReturnType<typeof deployment>;
  return d.spec.template.spec.containers.map((c) => c.name);
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

describe('applyPatch', () => {
  const cases: [PatchType | string, unknown, string[]][] = [
    ['strategic', addContainer, ['b', 'a']],
    ['application/strategic-merge-patch+json', addContainer, ['b', 'a']],
    // Server-side apply is applied as a strategic merge patch for now.
    ['apply', addContainer, ['b', 'a']],
    ['application/apply-patch+yaml', addContainer, ['b', 'a']],
    ['merge', addContainer, ['b']],
    ['application/merge-patch+json', addContainer, ['b']],
    ['application/merge-patch+json; charset=utf-8', addContainer, ['b']],
    ['json', [{ op: 'add', path: '/spec/template/spec/containers/-', value: { name: 'b', image: 'y' } }], ['a', 'b']],
    ['application/json-patch+json', [{ op: 'remove', path: '/spec/template/spec/containers/0' }], []],
  ];
  it.each(cases)('%s', (type, patch, expected) => {
    const target = deployment();
    const before = JSON.stringify(target);
    expect(names(applyPatch(type, target, deepFreeze(patch), 'Deployment'))).toEqual(expected);
    expect(JSON.stringify(target)).toBe(before);
  });

  it('maps content types to patch types', () => {
    expect(patchTypeFromContentType('application/json-patch+json')).toBe('json');
    expect(patchTypeFromContentType('application/merge-patch+json')).toBe('merge');
    expect(patchTypeFromContentType('application/strategic-merge-patch+json; charset=utf-8')).toBe('strategic');
    expect(patchTypeFromContentType('application/apply-patch+yaml')).toBe('apply');
    expect(patchTypeFromContentType('application/json')).toBeUndefined();
    expect(patchContentTypes.strategic).toBe('application/strategic-merge-patch+json');
  });

  it('rejects an unknown patch type with 415', () => {
    const err = thrown(() => applyPatch('application/json', deployment(), {}, 'Deployment'));
    expect(err.code).toBe(415);
    expect(err.message).toBe(
      'the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml, application/strategic-merge-patch+json',
    );
  });

  it.each([null, 'x', 3])('rejects a merge patch of %j as an invalid JSON patch (400)', (patch) => {
    const err = thrown(() => applyPatch('merge', deployment(), patch, 'Deployment'));
    expect(err.code).toBe(400);
    expect(err.message).toBe('Invalid JSON Patch');
  });

  it.each([
    [
      'merge',
      [1],
      'couldn\'t get version/kind; json parse error: json: cannot unmarshal array into Go value of type struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }',
    ],
    ['json', [{ op: 'remove', path: '' }], "Object 'Kind' is missing in 'null'"],
    [
      'json',
      [{ op: 'replace', path: '', value: 'x' }],
      'couldn\'t get version/kind; json parse error: json: cannot unmarshal string into Go value of type struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }',
    ],
  ])('a %s patch whose result is not an object is invalid (422)', (type, patch, detail) => {
    const err = thrown(() => applyPatch(type, deployment(), patch, 'Deployment'));
    expect(isApiError(err, 'Invalid')).toBe(true);
    expect(err.code).toBe(422);
    expect(err.detail).toBe(detail);
    expect(err.status.details?.causes?.[0]?.field).toBe('patch');
  });
});
