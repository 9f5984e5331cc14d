import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import { editableObject, liveObjectYaml } from './live-object';

const pod = {
  kind: 'Pod',
  apiVersion: 'v1',
  metadata: {
    name: 'web',
    namespace: 'default',
    resourceVersion: '42',
    uid: 'u1',
    generation: 3,
    creationTimestamp: '2026-01-01T00:00:00Z',
    managedFields: [{ manager: 'kubectl' }],
    annotations: { 'kubectl.kubernetes.io/last-applied-configuration': '{}', note: 'keep' },
  },
  spec: { containers: [{ name: 'web', image: 'nginx' }] },
  status: { phase: 'Running' },
} as unknown as KObject;

describe('live object YAML', () => {
  it('drops status, server-set metadata and last-applied, keeps resourceVersion', () => {
    const out = editableObject(pod);
    expect(Object.keys(out)).toEqual(['apiVersion', 'kind', 'metadata', 'spec']);
    expect(out.metadata).toEqual({
      name: 'web',
      namespace: 'default',
      resourceVersion: '42',
      uid: 'u1',
      annotations: { note: 'keep' },
    });
    expect(parse(liveObjectYaml(pod))).toEqual(out);
    expect(liveObjectYaml(pod).startsWith('apiVersion: v1\nkind: Pod\n')).toBe(true);
  });
});
