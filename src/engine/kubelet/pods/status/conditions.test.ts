import { describe, expect, it } from 'vitest';
import {
  containersReadyCondition,
  initializedCondition,
  readyCondition,
  readyToStartContainersCondition,
  withTransitionTimes,
} from './conditions';
import { makePod, runtimeOf, sandbox, ts } from './testing';
import type { ApiContainerStatus, PodCondition } from './types';

const st = (name: string, ready: boolean, started?: boolean): ApiContainerStatus => ({
  name,
  state: { running: { startedAt: 'x' } },
  lastState: {},
  ready,
  restartCount: 0,
  image: '',
  imageID: '',
  started,
});

describe('pod conditions', () => {
  const pod = makePod({
    initContainers: [{ name: 'side', restartPolicy: 'Always' }],
    containers: [{ name: 'a' }, { name: 'b' }],
    readinessGates: [{ conditionType: 'x/one' }, { conditionType: 'x/two' }],
  });

  it('ContainersReady lists unknown then unready containers, sidecars first', () => {
    expect(containersReadyCondition(pod, [st('side', false), st('a', true)], 'Running')).toEqual({
      type: 'ContainersReady',
      status: 'False',
      reason: 'ContainersNotReady',
      message: 'containers with unknown status: [b], containers with unready status: [side]',
    });
    expect(containersReadyCondition(pod, [st('side', true), st('a', true), st('b', true)], 'Failed')).toEqual({
      type: 'ContainersReady',
      status: 'False',
      reason: 'PodFailed',
    });
  });

  it('Ready checks every readiness gate once containers are ready', () => {
    const all = [st('side', true), st('a', true), st('b', true)];
    const gates: PodCondition[] = [{ type: 'x/two', status: 'False' }];
    expect(readyCondition(pod, gates, all, 'Running')).toEqual({
      type: 'Ready',
      status: 'False',
      reason: 'ReadinessGatesNotReady',
      message:
        'corresponding condition of pod readiness gate "x/one" does not exist., the status of pod readiness gate "x/two" is not "True", but False',
    });
    const ok: PodCondition[] = [
      { type: 'x/one', status: 'True' },
      { type: 'x/two', status: 'True' },
    ];
    expect(readyCondition(pod, ok, all, 'Running')).toEqual({ type: 'Ready', status: 'True' });
    expect(readyCondition(pod, ok, [st('a', false)], 'Running')).toMatchObject({ type: 'Ready', reason: 'ContainersNotReady' });
  });

  it('Initialized: unknown and incomplete init containers; a started sidecar counts', () => {
    const p = makePod({
      initContainers: [{ name: 'i1' }, { name: 'side', restartPolicy: 'Always' }],
      containers: [{ name: 'a' }],
    });
    expect(initializedCondition(p, [{ ...st('side', false, false) }], 'Pending')).toEqual({
      type: 'Initialized',
      status: 'False',
      reason: 'ContainersNotInitialized',
      message: 'containers with unknown status: [i1], containers with incomplete status: [side]',
    });
    const i1Done: ApiContainerStatus = {
      ...st('i1', true),
      state: { terminated: { exitCode: 0, startedAt: 'x', finishedAt: 'y' } },
    };
    expect(initializedCondition(p, [i1Done, st('side', false, true)], 'Pending')).toEqual({
      type: 'Initialized',
      status: 'True',
    });
  });

  it('PodReadyToStartContainers needs exactly one ready sandbox, the newest, with an IP', () => {
    expect(readyToStartContainersCondition(pod, runtimeOf([], [])).status).toBe('False');
    expect(readyToStartContainersCondition(pod, runtimeOf([], [sandbox()])).status).toBe('True');
    expect(readyToStartContainersCondition(pod, runtimeOf([], [sandbox({ ready: false })])).status).toBe('False');
    const two = [sandbox({ id: 's1', attempt: 1, createdAtMs: 900 }), sandbox()];
    expect(readyToStartContainersCondition(pod, runtimeOf([], two)).status).toBe('False');
    const replaced = [sandbox({ id: 's1', attempt: 1, createdAtMs: 900 }), sandbox({ ready: false })];
    expect(readyToStartContainersCondition(pod, runtimeOf([], replaced)).status).toBe('True');
  });

  it('transition times: kept while the status is unchanged, now otherwise; others untouched', () => {
    const old: PodCondition[] = [
      { type: 'Ready', status: 'True', lastProbeTime: null, lastTransitionTime: ts(1000) },
      { type: 'Initialized', status: 'False', lastProbeTime: null, lastTransitionTime: ts(1000) },
    ];
    const custom: PodCondition = { type: 'x/one', status: 'True', lastTransitionTime: ts(7) };
    const out = withTransitionTimes(
      [
        custom,
        { type: 'Initialized', status: 'True' },
        { type: 'Ready', status: 'True' },
        { type: 'ContainersReady', status: 'True' },
      ],
      old,
      ts(9000),
    );
    expect(out).toEqual([
      custom,
      { type: 'Initialized', status: 'True', lastProbeTime: null, lastTransitionTime: ts(9000) },
      { type: 'Ready', status: 'True', lastProbeTime: null, lastTransitionTime: ts(1000) },
      { type: 'ContainersReady', status: 'True', lastProbeTime: null, lastTransitionTime: ts(9000) },
    ]);
    expect(out[0]).toBe(custom);
  });
});
