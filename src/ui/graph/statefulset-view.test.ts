import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import { deriveModel } from './model';
import { orderedReadyWait, statefulSetRollout } from './statefulset-view';

function sts(spec: Record<string, unknown>, status: Record<string, unknown>): KObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: 'web', namespace: 'default', uid: 'u', generation: 2 },
    spec: { replicas: 3, updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 0 } }, ...spec },
    status: { observedGeneration: 2, replicas: 3, readyReplicas: 3, availableReplicas: 3, ...status },
  };
}

describe('StatefulSet card', () => {
  it('shows READY like kubectl get sts, in the workloads lane', () => {
    const model = deriveModel([sts({}, { readyReplicas: 1 })]);
    expect(model.workloads).toHaveLength(1);
    expect(model.workloads[0]).toMatchObject({ kind: 'StatefulSet', count: '1/3', tone: 'warn' });
  });

  it('names the next ordinal of a rolling update and the partition', () => {
    const rolling = { currentRevision: 'web-1', updateRevision: 'web-2' };
    expect(statefulSetRollout(sts({}, { ...rolling, updatedReplicas: 1 }))?.message).toBe(
      '1 out of 3 new pods have been updated, next web-1',
    );
    const canary = sts(
      { updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 2 } } },
      { ...rolling, updatedReplicas: 0 },
    );
    expect(statefulSetRollout(canary)?.message).toBe(
      '0 out of 1 new pods have been updated, next web-2, partition 2: ordinals below 2 keep the current revision',
    );
    expect(statefulSetRollout(sts({}, { ...rolling, updatedReplicas: 3 }))).toBeUndefined();
    expect(statefulSetRollout(sts({ updateStrategy: { type: 'OnDelete' } }, { ...rolling, updatedReplicas: 0 }))).toBeUndefined();
    expect(statefulSetRollout(sts({}, { currentRevision: 'web-1', updateRevision: 'web-1' }))).toBeUndefined();
  });
});

describe('OrderedReady wait', () => {
  const pod = (name: string, status: string, readyFraction: number) => ({ name, status, readyFraction, deleting: false });
  it('names the ordinal that waits and the one it waits for', () => {
    const set = sts({ replicas: 3 }, {});
    expect(orderedReadyWait(set, [pod('web-0', 'Pending', 0)])).toBe('web-1 waits for web-0 to be Running and Ready');
    expect(orderedReadyWait(set, [pod('web-0', 'Running', 1), pod('web-1', 'Running', 0)])).toBe(
      'web-2 waits for web-1 to be Running and Ready',
    );
    expect(orderedReadyWait(set, [pod('web-0', 'Running', 0), pod('web-1', 'Running', 1)])).toBe(
      'waiting for web-0 to be Running and Ready',
    );
    expect(orderedReadyWait(set, [pod('web-0', 'Running', 1)])).toBeUndefined();
    expect(orderedReadyWait(sts({ podManagementPolicy: 'Parallel' }, {}), [pod('web-0', 'Pending', 0)])).toBeUndefined();
  });

  it('is in the card title', () => {
    const set = sts({ replicas: 3 }, { readyReplicas: 0 });
    const p: KObject = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name: 'web-0',
        namespace: 'default',
        ownerReferences: [{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'web', uid: 'u', controller: true }],
      },
      spec: { containers: [{ name: 'c', image: 'nginx' }] },
      status: { phase: 'Pending' },
    };
    expect(deriveModel([set, p]).workloads[0].countTitle).toContain('web-1 waits for web-0 to be Running and Ready');
  });
});
