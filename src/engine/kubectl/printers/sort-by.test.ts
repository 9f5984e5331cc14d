// --sort-by: natural string order, numbers as numbers, missing fields first.

import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { naturalLess, sortObjects } from './sort-by';

const obj = (name: string, extra: Record<string, unknown> = {}): KObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name },
  ...extra,
});

describe('--sort-by', () => {
  it('compares digit runs by value', () => {
    expect(naturalLess('pod-2', 'pod-10')).toBe(true);
    expect(naturalLess('pod-10', 'pod-2')).toBe(false);
    expect(naturalLess('a', 'b')).toBe(true);
    expect(naturalLess('a1', 'a01')).toBe(true);
  });

  it('sorts objects by the expression, stably, missing values first', () => {
    const items = [obj('c', { spec: { n: 3 } }), obj('a', { spec: { n: 10 } }), obj('b'), obj('d', { spec: { n: 3 } })];
    expect(sortObjects(items, '.spec.n').map((o) => o.metadata.name)).toEqual(['b', 'c', 'd', 'a']);
    expect(sortObjects(items, '{.metadata.name}').map((o) => o.metadata.name)).toEqual(['a', 'b', 'c', 'd']);
    expect(() => sortObjects(items, '.nope')).toThrow('couldn\'t find any field with path "{.nope}" in the list of objects');
  });
});
