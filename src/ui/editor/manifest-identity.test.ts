import { describe, expect, it } from 'vitest';
import { isAnotherManifest, manifestIdentity } from './manifest-identity';

const pod = (name: string, extra = '') =>
  `apiVersion: v1\nkind: Pod\nmetadata:\n  name: ${name}\n${extra}spec:\n  containers: []\n`;

describe('manifestIdentity', () => {
  it('names every document by kind, namespace and name, in a stable order', () => {
    expect(manifestIdentity(`${pod('b')}---\n${pod('a', '  namespace: dev\n')}`)).toBe('Pod//b\nPod/dev/a');
  });
  it('skips what does not name an object, and never throws', () => {
    expect(manifestIdentity('')).toBe('');
    expect(manifestIdentity('kind: Pod\nmetadata: [unclosed')).toBe('');
    expect(manifestIdentity('- a\n- b')).toBe('');
    expect(manifestIdentity(':\n  : : :')).toBe('');
  });
});

describe('isAnotherManifest', () => {
  it('editing the fields of the same object is not another manifest', () => {
    expect(isAnotherManifest(pod('hello'), pod('hello').replace('containers: []', 'containers:\n    - name: web'))).toBe(false);
  });
  it('half-typed text is not (yet) another manifest', () => {
    expect(isAnotherManifest(pod('hello'), 'apiVersion: v1\nkind: Dep')).toBe(false);
  });
  it('another name, kind or a pasted manifest is', () => {
    expect(isAnotherManifest(pod('hello'), pod('world'))).toBe(true);
    expect(isAnotherManifest(pod('hello'), pod('hello').replace('kind: Pod', 'kind: Service'))).toBe(true);
    expect(isAnotherManifest(pod('hello'), `${pod('hello')}---\n${pod('two')}`)).toBe(true);
  });
});
