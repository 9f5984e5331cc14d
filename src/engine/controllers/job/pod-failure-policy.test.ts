import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { matchPodFailurePolicy } from './pod-failure-policy';
import { matchSuccessPolicy } from './success-policy';

const policy = {
  rules: [
    { action: 'FailJob', onExitCodes: { containerName: 'main', operator: 'In', values: [42] } },
    { action: 'Ignore', onPodConditions: [{ type: 'DisruptionTarget', status: 'True' }] },
    { action: 'Count', onExitCodes: { operator: 'NotIn', values: [1, 2] } },
    { action: 'FailIndex', onExitCodes: { operator: 'In', values: [2] } },
  ],
};

function failedPod(
  containers: [string, number][],
  conditions: { type: string; status: string }[] = [],
  init: [string, number][] = [],
): KObject {
  const statuses = (list: [string, number][]) => list.map(([name, exitCode]) => ({ name, state: { terminated: { exitCode } } }));
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'p', namespace: 'ns' },
    status: { phase: 'Failed', containerStatuses: statuses(containers), initContainerStatuses: statuses(init), conditions },
  };
}

describe('podFailurePolicy matching (first matching rule wins)', () => {
  it.each([
    [
      'FailJob on exit code 42 of main',
      failedPod([['main', 42]]),
      {
        failJobMessage: 'Container main for pod ns/p failed with exit code 42 matching FailJob rule at index 0',
        countFailed: true,
        action: 'FailJob',
      },
    ],
    ['exit code 42 of another container: NotIn [1 2] counts', failedPod([['side', 42]]), { countFailed: true, action: 'Count' }],
    [
      'a disruption is ignored',
      failedPod([['main', 1]], [{ type: 'DisruptionTarget', status: 'True' }]),
      { countFailed: false, action: 'Ignore' },
    ],
    [
      'a False condition does not match',
      failedPod([['main', 1]], [{ type: 'DisruptionTarget', status: 'False' }]),
      { countFailed: true },
    ],
    ['exit code 2 fails the index', failedPod([['main', 2]]), { countFailed: true, action: 'FailIndex' }],
    ['exit code 0 never matches', failedPod([['main', 0]]), { countFailed: true }],
    [
      'init containers are checked after the app containers',
      failedPod([], [], [['main', 42]]),
      {
        failJobMessage: 'Container main for pod ns/p failed with exit code 42 matching FailJob rule at index 0',
        countFailed: true,
        action: 'FailJob',
      },
    ],
  ])('%s', (_name, pod, expected) => {
    expect(matchPodFailurePolicy(policy, pod)).toEqual(expected);
  });

  it('FailJob on a pod condition names the condition', () => {
    const onCondition = { rules: [{ action: 'FailJob', onPodConditions: [{ type: 'DisruptionTarget', status: 'True' }] }] };
    expect(matchPodFailurePolicy(onCondition, failedPod([], [{ type: 'DisruptionTarget', status: 'True' }])).failJobMessage).toBe(
      'Pod ns/p has condition DisruptionTarget matching FailJob rule at index 0',
    );
  });

  it('without a policy every failure counts', () => {
    expect(matchPodFailurePolicy(undefined, failedPod([['main', 42]]))).toEqual({ countFailed: true });
  });
});

describe('successPolicy matching', () => {
  it.each([
    [{ rules: [{ succeededIndexes: '0,2-3' }] }, [0, 2, 3], 'Matched rules at index 0'],
    [{ rules: [{ succeededIndexes: '0,2-3' }] }, [0, 2], undefined],
    [{ rules: [{ succeededIndexes: '0-4', succeededCount: 2 }] }, [1, 4], 'Matched rules at index 0'],
    [{ rules: [{ succeededIndexes: '0', succeededCount: 1 }, { succeededCount: 3 }] }, [1, 2, 4], 'Matched rules at index 1'],
    [{ rules: [{ succeededCount: 3 }] }, [], undefined],
  ])('%j with %j succeeded → %s', (policy, succeeded, message) => {
    expect(matchSuccessPolicy(policy, 5, new Set(succeeded))).toBe(message);
  });
});
