import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import { deriveModel } from './model';
import { statefulSetRollout } from './statefulset-view';

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
