import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import { statefulSetWaits } from './statefulsets';

const set: KObject = {
  apiVersion: 'apps/v1',
  kind: 'StatefulSet',
  metadata: { name: 'web', namespace: 'default', uid: 'u1', generation: 1 },
  spec: { replicas: 3 },
  status: { observedGeneration: 1, replicas: 1 },
};

function pod(name: string, phase: string, ready: boolean): KObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: 'default',
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'web', uid: 'u1', controller: true }],
    },
    status: { phase, conditions: [{ type: 'Ready', status: ready ? 'True' : 'False' }] },
  };
}

describe('statefulSetWaits', () => {
  it('names the ordinal an OrderedReady set waits on', () => {
    expect(statefulSetWaits([set], [pod('web-0', 'Pending', false)])).toEqual([
      { key: 'StatefulSet/default/web', name: 'web', message: 'web-1 waits for web-0 to be Running and Ready' },
    ]);
  });

  it('says nothing once every ordinal runs and is ready, nor for a Parallel set', () => {
    const all = [pod('web-0', 'Running', true), pod('web-1', 'Running', true), pod('web-2', 'Running', true)];
    expect(statefulSetWaits([set], all)).toEqual([]);
    expect(
      statefulSetWaits([{ ...set, spec: { replicas: 3, podManagementPolicy: 'Parallel' } }], [pod('web-0', 'Pending', false)]),
    ).toEqual([]);
  });
});
