import { describe, expect, it } from 'vitest';
import { Cluster } from '../cluster/cluster';
import { equivalenceKey } from './equivalence-key';

const template = Object.freeze({
  containers: Object.freeze([
    Object.freeze({ name: 'c', image: 'nginx', resources: Object.freeze({ requests: { cpu: '100m' } }) }),
  ]),
});

describe('equivalenceKey', () => {
  it('puts pods of one template in one class although each has its own token volume', () => {
    const { api } = new Cluster(1);
    const a = api.create({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'a' }, spec: template as never });
    const b = api.create({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'b' }, spec: template as never });
    expect(a.spec).not.toBe(b.spec);
    expect(equivalenceKey(a.spec)).toBe(equivalenceKey(b.spec));
  });

  it('tells apart specs that differ in what the node-local plugins read', () => {
    const resources = { requests: { cpu: '1' } };
    const base = { containers: [{ name: 'c', image: 'nginx', resources }] };
    const key = equivalenceKey(base);
    expect(equivalenceKey({ ...base })).toBe(key);
    expect(equivalenceKey({ ...base, nodeSelector: { disk: 'ssd' } })).not.toBe(key);
    expect(equivalenceKey({ ...base, tolerations: [] })).not.toBe(key);
    expect(equivalenceKey({ containers: [{ name: 'c', image: 'nginx', resources: { requests: { cpu: '1' } } }] })).not.toBe(key);
    expect(equivalenceKey({ containers: [{ name: 'c', image: 'other', resources }] })).toBe(key);
  });
});
