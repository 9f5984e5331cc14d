import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { backoffDelayMs, nextBackoffRecord, podFinishedTimeMs, remainingBackoffMs } from './backoff';

const T0 = Date.parse('2026-01-01T00:00:00Z');
const at = (s: number) => new Date(T0 + s * 1000).toISOString().replace('.000Z', 'Z');

function finishedPod(phase: 'Succeeded' | 'Failed', finishedAtS: number): KObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'p', creationTimestamp: at(0) },
    status: { phase, containerStatuses: [{ name: 'c', state: { terminated: { exitCode: 1, finishedAt: at(finishedAtS) } } }] },
  };
}

describe('pod re-creation back-off', () => {
  // 10 s doubled per further failure, capped at 10 min (the source's MaxJobPodFailureBackOff; the
  // docs' six minutes are out of date).
  it.each([
    [0, 0],
    [1, 10_000],
    [2, 20_000],
    [3, 40_000],
    [4, 80_000],
    [5, 160_000],
    [6, 320_000],
    [7, 600_000],
    [20, 600_000],
  ])('after %i consecutive failures waits %i ms', (failures, delay) => {
    expect(backoffDelayMs(failures)).toBe(delay);
  });

  it('counts the wait from the last failure', () => {
    expect(remainingBackoffMs(2, T0, T0 + 5_000)).toBe(15_000);
    expect(remainingBackoffMs(2, T0, T0 + 25_000)).toBe(0);
    expect(remainingBackoffMs(0, undefined, T0)).toBe(0);
  });

  it('resets after a success and counts only the failures after it', () => {
    const failed = [finishedPod('Failed', 10), finishedPod('Failed', 30)];
    expect(nextBackoffRecord(undefined, [], failed)).toEqual({ failuresAfterLastSuccess: 2, lastFailureTimeMs: T0 + 30_000 });
    expect(
      nextBackoffRecord({ failuresAfterLastSuccess: 2, lastFailureTimeMs: T0 }, [finishedPod('Succeeded', 20)], failed),
    ).toEqual({
      failuresAfterLastSuccess: 1,
      lastFailureTimeMs: T0 + 30_000,
    });
    expect(nextBackoffRecord({ failuresAfterLastSuccess: 3 }, [finishedPod('Succeeded', 40)], failed)).toEqual({
      failuresAfterLastSuccess: 0,
    });
  });

  it('takes the finish time from containers, then Ready=False, then the deletion, then creation', () => {
    expect(podFinishedTimeMs(finishedPod('Failed', 12))).toBe(T0 + 12_000);
    const readyFalse: KObject = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { creationTimestamp: at(0) },
      status: { conditions: [{ type: 'Ready', status: 'False', lastTransitionTime: at(7) }] },
    };
    expect(podFinishedTimeMs(readyFalse)).toBe(T0 + 7_000);
    const deleted: KObject = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { creationTimestamp: at(0), deletionTimestamp: at(40), deletionGracePeriodSeconds: 30 },
    };
    expect(podFinishedTimeMs(deleted)).toBe(T0 + 10_000);
    expect(podFinishedTimeMs({ apiVersion: 'v1', kind: 'Pod', metadata: { creationTimestamp: at(3) } })).toBe(T0 + 3_000);
  });
});
