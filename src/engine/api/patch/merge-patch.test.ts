import { describe, expect, it } from 'vitest';
import { deepFreeze } from '../deep';
import { applyMergePatch } from './merge-patch';

describe('applyMergePatch', () => {
  // RFC 7386 Appendix A.
  it.each([
    [{ a: 'b' }, { a: 'c' }, { a: 'c' }],
    [{ a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
    [{ a: 'b' }, { a: null }, {}],
    [{ a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
    [{ a: ['b'] }, { a: 'c' }, { a: 'c' }],
    [{ a: 'c' }, { a: ['b'] }, { a: ['b'] }],
    [{ a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
    [{ a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
    [
      ['a', 'b'],
      ['c', 'd'],
      ['c', 'd'],
    ],
    [{ a: 'b' }, ['c'], ['c']],
    [{ a: 'foo' }, null, null],
    [{ a: 'foo' }, 'bar', 'bar'],
    [{ e: null }, { a: 1 }, { e: null, a: 1 }],
    [[1, 2], { a: 'b', c: null }, { a: 'b' }],
    [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
  ])('RFC 7386 example: %j patched with %j', (target, patch, expected) => {
    expect(applyMergePatch(deepFreeze(target), deepFreeze(patch))).toEqual(expected);
  });

  const deployment = () =>
    deepFreeze({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'patch-demo', labels: { app: 'nginx', tier: 'web' } },
      spec: {
        replicas: 2,
        template: {
          metadata: { labels: { app: 'nginx' } },
          spec: {
            containers: [{ name: 'patch-demo-ctr', image: 'nginx' }],
            tolerations: [{ effect: 'NoSchedule', key: 'dedicated', value: 'test-team' }],
          },
        },
      },
    });

  type Doc = ReturnType<typeof deployment>;
  const cases: [string, unknown, (r: Doc) => void][] = [
    [
      'replaces the containers list (the docs patch-file-2 with --type merge)',
      {
        spec: {
          template: { spec: { containers: [{ name: 'patch-demo-ctr-3', image: 'gcr.io/google-samples/hello-app:2.0' }] } },
        },
      },
      (r) =>
        expect(r.spec.template.spec.containers).toEqual([
          { name: 'patch-demo-ctr-3', image: 'gcr.io/google-samples/hello-app:2.0' },
        ]),
    ],
    [
      'null deletes a label',
      { metadata: { labels: { tier: null } } },
      (r) => expect(r.metadata.labels).toEqual({ app: 'nginx' }),
    ],
    ['sets a scalar', { spec: { replicas: 5 } }, (r) => expect(r.spec.replicas).toBe(5)],
    [
      'adds a new map, dropping its nulls',
      { metadata: { annotations: { a: '1', b: null } } },
      (r) => expect((r.metadata as Record<string, unknown>).annotations).toEqual({ a: '1' }),
    ],
  ];
  it.each(cases)('%s', (_name, patch, check) => {
    check(applyMergePatch(deployment(), deepFreeze(patch)) as Doc);
  });

  it('shares untouched sub-trees and never modifies its inputs', () => {
    const target = deployment();
    const patch = deepFreeze({ metadata: { labels: { tier: null } } });
    const before = JSON.stringify(target);
    const out = applyMergePatch(target, patch) as typeof target;
    expect(JSON.stringify(target)).toBe(before);
    expect(out).not.toBe(target);
    expect(out.metadata).not.toBe(target.metadata);
    expect(out.spec).toBe(target.spec);
    expect(out.spec.template.spec.containers).toBe(target.spec.template.spec.containers);
  });

  it('returns the target itself when nothing changes', () => {
    const target = deployment();
    expect(applyMergePatch(target, { spec: { replicas: 2 }, metadata: { missing: null } })).toBe(target);
    expect(applyMergePatch(target, {})).toBe(target);
  });

  it('does not alias the patch in its result', () => {
    const patch = { metadata: { annotations: { a: '1' } } };
    const out = applyMergePatch(deployment(), patch) as { metadata: { annotations: Record<string, string> } };
    patch.metadata.annotations.a = 'changed';
    expect(out.metadata.annotations.a).toBe('1');
  });

  it('keeps a __proto__ key as data', () => {
    const patch = JSON.parse('{"metadata":{"labels":{"__proto__":"x"}}}');
    const out = applyMergePatch(deployment(), patch) as { metadata: { labels: Record<string, unknown> } };
    expect(Object.keys(out.metadata.labels)).toContain('__proto__');
    expect(Object.getPrototypeOf(out.metadata.labels)).toBe(Object.prototype);
  });
});
