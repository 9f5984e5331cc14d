// PlaygroundLimits: replica counts above MAX_REPLICAS_PER_WORKLOAD are refused with 403 on every
// way in (create, update, the scale subresource, an autoscaler's maxReplicas); what is already
// stored, status writes and other edits are left alone.

import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { MAX_REPLICAS_PER_WORKLOAD } from '../../../protocol/limits';
import type { AdmissionRequest } from '../admission';
import { isApiError } from '../errors';
import { deploymentKind, horizontalPodAutoscalerKind, podKind, replicaSetKind } from '../kinds';
import { playgroundLimits } from './playground-limits';

const workload = (replicas: number, extra: Record<string, unknown> = {}): KObject => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'default' },
  spec: { replicas, ...extra },
});

function refusal(request: AdmissionRequest): string | undefined {
  try {
    playgroundLimits.validate!(request);
    return undefined;
  } catch (e) {
    if (!isApiError(e, 'Forbidden')) throw e;
    return e.message;
  }
}

const base = { namespace: 'default', name: 'web' };
const over = MAX_REPLICAS_PER_WORKLOAD + 1;

describe('PlaygroundLimits admission', () => {
  it('refuses a workload created with more replicas than the playground runs', () => {
    expect(refusal({ ...base, operation: 'CREATE', kind: deploymentKind, object: workload(over) })).toBe(
      `deployments.apps "web" is forbidden: spec.replicas: ${over} is more than this playground runs: at most ${MAX_REPLICAS_PER_WORKLOAD} replicas per workload (a Kubeplay limit; Kubernetes has none)`,
    );
    expect(
      refusal({ ...base, operation: 'CREATE', kind: replicaSetKind, object: workload(MAX_REPLICAS_PER_WORKLOAD) }),
    ).toBeUndefined();
  });

  it('refuses raising the count by update or through scale, not an edit that keeps it', () => {
    const old = workload(3);
    expect(refusal({ ...base, operation: 'UPDATE', kind: deploymentKind, oldObject: old, object: workload(over) })).toMatch(
      /forbidden/,
    );
    expect(
      refusal({
        ...base,
        operation: 'UPDATE',
        subresource: 'scale',
        kind: deploymentKind,
        oldObject: old,
        object: workload(over),
      }),
    ).toMatch(/forbidden/);
    const stored = workload(over);
    expect(
      refusal({
        ...base,
        operation: 'UPDATE',
        kind: deploymentKind,
        oldObject: stored,
        object: workload(over, { paused: true }),
      }),
    ).toBeUndefined();
    expect(
      refusal({
        ...base,
        operation: 'UPDATE',
        subresource: 'status',
        kind: deploymentKind,
        oldObject: old,
        object: workload(over),
      }),
    ).toBeUndefined();
  });

  it("bounds an autoscaler's maxReplicas, and leaves kinds without replicas alone", () => {
    const hpa: KObject = {
      apiVersion: 'autoscaling/v2',
      kind: 'HorizontalPodAutoscaler',
      metadata: { name: 'web', namespace: 'default' },
      spec: { maxReplicas: over },
    };
    expect(refusal({ ...base, operation: 'CREATE', kind: horizontalPodAutoscalerKind, object: hpa })).toMatch(
      /^horizontalpodautoscalers\.autoscaling "web" is forbidden: spec\.maxReplicas: /,
    );
    expect(refusal({ ...base, operation: 'CREATE', kind: podKind, object: workload(over) })).toBeUndefined();
  });
});
