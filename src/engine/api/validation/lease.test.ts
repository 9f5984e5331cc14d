import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { validateLease, validateLeaseUpdate } from './lease';
import { SUBDOMAIN_MSG, messages } from './testing';

function lease(spec: Record<string, unknown>, metadata: Record<string, unknown> = {}): KObject {
  return {
    apiVersion: 'coordination.k8s.io/v1',
    kind: 'Lease',
    metadata: { name: 'node-1', namespace: 'kube-node-lease', ...metadata },
    spec,
  };
}

describe('validateLease', () => {
  it.each<[string, KObject, string[]]>([
    [
      'valid node lease',
      lease({ holderIdentity: 'node-1', leaseDurationSeconds: 40, renewTime: '2024-01-01T00:00:00.000000Z' }),
      [],
    ],
    ['empty spec', lease({}), []],
    [
      'leaseDurationSeconds must be positive',
      lease({ leaseDurationSeconds: 0 }),
      ['spec.leaseDurationSeconds: Invalid value: 0: must be greater than 0'],
    ],
    [
      'leaseTransitions',
      lease({ leaseTransitions: -1 }),
      ['spec.leaseTransitions: Invalid value: -1: must be greater than or equal to 0'],
    ],
    [
      'strategy (reported at spec.strategy.strategy, sic)',
      lease({ strategy: 'Newest' }),
      ['spec.strategy.strategy: Unsupported value: "Newest": supported values: "OldestEmulationVersion"'],
    ],
    ['custom strategy', lease({ strategy: 'example.com/mine' }), []],
    [
      'preferredHolder needs a strategy',
      lease({ preferredHolder: 'a' }),
      ['spec.preferredHolder: Forbidden: may only be specified if `strategy` is defined'],
    ],
    ['name', lease({}, { name: 'Node_1' }), [`metadata.name: Invalid value: "Node_1": ${SUBDOMAIN_MSG}`]],
    ['namespace required', lease({}, { namespace: undefined }), ['metadata.namespace: Required value']],
    ['unqualified finalizers are fine for leases', lease({}, { finalizers: ['mine'] }), []],
  ])('%s', (_, obj, want) => {
    expect(messages(validateLease(obj))).toEqual(want);
  });

  it('update re-validates the spec', () => {
    const old = lease({ leaseDurationSeconds: 40 }, { uid: 'u', resourceVersion: '1' });
    expect(messages(validateLeaseUpdate({ ...old, spec: { leaseDurationSeconds: -1 } }, old))).toEqual([
      'spec.leaseDurationSeconds: Invalid value: -1: must be greater than 0',
    ]);
  });
});
