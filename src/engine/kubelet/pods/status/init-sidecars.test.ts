import { describe, expect, it } from 'vitest';
import { podPrintSummary } from '../../../../k8s/pod-status';
import type { KObject } from '../../../../k8s/types';
import { container, gen, instance, makePod, runtimeOf, sandbox, ts, withStatus, type GenOpts } from './testing';
import type { ContainerInstance } from '../runtime-types';

const cond = (type: string, status: string, at: number, reason?: string, message?: string) => ({
  type,
  status,
  lastProbeTime: null,
  lastTransitionTime: ts(at),
  ...(reason ? { reason } : {}),
  ...(message ? { message } : {}),
});

/** The pod after one kubelet sync, and its kubectl READY / STATUS. */
function sync(pod: KObject, containers: ContainerInstance[], o?: GenOpts) {
  const status = gen(pod, runtimeOf(containers), o);
  const next = withStatus(pod, status);
  return { status, pod: next, print: podPrintSummary(next) };
}

describe('init containers (the docs example: init-myservice, init-mydb, myapp-container)', () => {
  const pod = makePod({
    initContainers: [container('init-myservice', { image: 'busybox:1.28' }), container('init-mydb', { image: 'busybox:1.28' })],
    containers: [container('myapp-container', { image: 'busybox:1.28' })],
  });
  const init = (name: string, state: ContainerInstance['state'], o = {}) => instance(name, state, { kind: 'init', ...o });

  it('Init:0/2 with everything waiting PodInitializing', () => {
    const { status, print } = sync(pod, []);
    expect(status.phase).toBe('Pending');
    expect(status.initContainerStatuses).toEqual([
      {
        name: 'init-myservice',
        state: { waiting: { reason: 'PodInitializing' } },
        lastState: {},
        ready: false,
        restartCount: 0,
        image: 'busybox:1.28',
        imageID: '',
        started: false,
      },
      {
        name: 'init-mydb',
        state: { waiting: { reason: 'PodInitializing' } },
        lastState: {},
        ready: false,
        restartCount: 0,
        image: 'busybox:1.28',
        imageID: '',
        started: false,
      },
    ]);
    expect(status.containerStatuses[0].state).toEqual({ waiting: { reason: 'PodInitializing' } });
    expect(status.conditions.slice(1, 4)).toEqual([
      cond(
        'Initialized',
        'False',
        5000,
        'ContainersNotInitialized',
        'containers with incomplete status: [init-myservice init-mydb]',
      ),
      cond('Ready', 'False', 5000, 'ContainersNotReady', 'containers with unready status: [myapp-container]'),
      cond('ContainersReady', 'False', 5000, 'ContainersNotReady', 'containers with unready status: [myapp-container]'),
    ]);
    expect(Object.keys(status)).toEqual([
      'phase',
      'conditions',
      'hostIP',
      'hostIPs',
      'podIP',
      'podIPs',
      'startTime',
      'initContainerStatuses',
      'containerStatuses',
      'qosClass',
    ]);
    expect(print).toEqual({ ready: '0/1', status: 'Init:0/2', restarts: 0, lastRestartMs: undefined });
  });

  it('walks Init:0/2 → Init:1/2 → PodInitializing → Running', () => {
    const a = init('init-myservice', 'running');
    expect(sync(pod, [a]).print.status).toBe('Init:0/2');
    expect(sync(pod, [a]).status.initContainerStatuses[0]).toMatchObject({ ready: false, started: true });

    const aDone = init('init-myservice', 'exited', { exitCode: 0 });
    const b = init('init-mydb', 'running', { createdAtMs: 2000 });
    const second = sync(pod, [aDone, b]);
    expect(second.print.status).toBe('Init:1/2');
    expect(second.status.initContainerStatuses[0]).toMatchObject({ ready: true, started: false });

    const bDone = init('init-mydb', 'exited', { exitCode: 0, createdAtMs: 2000 });
    const third = sync(pod, [aDone, bDone]);
    expect(third.print).toMatchObject({ ready: '0/1', status: 'PodInitializing' });
    expect(third.status.phase).toBe('Pending');
    expect(third.status.conditions[1]).toEqual(cond('Initialized', 'True', 5000));

    const app = instance('myapp-container', 'running', { createdAtMs: 3000 });
    const fourth = sync(third.pod, [aDone, bDone, app], { nowMs: 9000 });
    expect(fourth.print).toMatchObject({ ready: '1/1', status: 'Running' });
    expect(fourth.status.phase).toBe('Running');
    // Initialized was already True: its transition time stands.
    expect(fourth.status.conditions[1]).toEqual(cond('Initialized', 'True', 5000));
    expect(fourth.status.conditions[2]).toEqual(cond('Ready', 'True', 9000));
  });

  it('Init:CrashLoopBackOff, with restarts counted', () => {
    const crashed = [
      init('init-myservice', 'exited', { exitCode: 1 }),
      init('init-myservice', 'exited', { exitCode: 1, attempt: 1, finishedAtMs: 4000 }),
    ];
    const { status, print } = sync(pod, crashed, {
      reasons: { 'init-myservice': { reason: 'CrashLoopBackOff', message: 'back-off 10s' } },
    });
    expect(status.phase).toBe('Pending');
    expect(status.initContainerStatuses[0]).toMatchObject({
      state: { waiting: { reason: 'CrashLoopBackOff', message: 'back-off 10s' } },
      lastState: { terminated: { exitCode: 1, reason: 'Error' } },
      restartCount: 1,
    });
    expect(print).toMatchObject({ status: 'Init:CrashLoopBackOff', restarts: 1, lastRestartMs: Date.parse(ts(4000)) });
  });

  it('a failed init container fails a restartPolicy Never pod: Init:Error', () => {
    const never = makePod({ ...pod.spec, restartPolicy: 'Never' });
    const { status, print } = sync(never, [init('init-myservice', 'exited', { exitCode: 1 })]);
    expect(status.phase).toBe('Failed');
    expect(status.conditions[3]).toEqual(cond('ContainersReady', 'False', 5000, 'PodFailed'));
    expect(print.status).toBe('Init:Error');
  });

  it('Init:ErrImagePull from the reason cache', () => {
    const { print } = sync(pod, [], { reasons: { 'init-myservice': { reason: 'ErrImagePull', message: 'not found' } } });
    expect(print.status).toBe('Init:ErrImagePull');
  });
});

describe('sidecars (init containers with restartPolicy Always)', () => {
  const pod = makePod({
    restartPolicy: 'Never',
    initContainers: [container('logshipper', { image: 'alpine:3', restartPolicy: 'Always' })],
    containers: [container('main', { image: 'alpine:3' })],
  });
  const side = (state: ContainerInstance['state'], o = {}) => instance('logshipper', state, { kind: 'init', ...o });
  const main = (state: ContainerInstance['state'], o = {}) => instance('main', state, { createdAtMs: 3000, ...o });

  it('a sidecar not yet started keeps the pod Pending (Init:0/1)', () => {
    const { status, print } = sync(pod, [side('running')], { notStarted: ['containerd://logshipper-0'] });
    expect(status.phase).toBe('Pending');
    expect(status.conditions[1]).toEqual(
      cond('Initialized', 'False', 5000, 'ContainersNotInitialized', 'containers with incomplete status: [logshipper]'),
    );
    expect(print).toMatchObject({ ready: '0/2', status: 'Init:0/1' });
  });

  it('started sidecar and running main: Running, READY counts the sidecar', () => {
    const { status, print } = sync(pod, [side('running'), main('running')]);
    expect(status.phase).toBe('Running');
    expect(status.initContainerStatuses[0]).toMatchObject({ ready: true, started: true, restartCount: 0 });
    expect(status.conditions[3]).toEqual(cond('ContainersReady', 'True', 5000));
    expect(print).toMatchObject({ ready: '2/2', status: 'Running' });
  });

  it('an unready sidecar makes the pod unready', () => {
    const { status, print } = sync(pod, [side('running'), main('running')], { notReady: ['containerd://logshipper-0'] });
    expect(status.conditions[3]).toEqual(
      cond('ContainersReady', 'False', 5000, 'ContainersNotReady', 'containers with unready status: [logshipper]'),
    );
    expect(print).toMatchObject({ ready: '1/2', status: 'Running' });
  });

  it('a restarting sidecar does not send an initialized pod back to Pending', () => {
    const runtime = [side('exited', { exitCode: 1 }), side('running', { attempt: 1, createdAtMs: 4000 }), main('running')];
    const { status } = sync(pod, runtime, { notStarted: ['containerd://logshipper-1'] });
    expect(status.phase).toBe('Running');
    expect(status.conditions[1]).toEqual(cond('Initialized', 'True', 5000));
  });

  it('main done while the sidecar still runs: Running until the sidecar stops, then Succeeded', () => {
    const stillRunning = sync(pod, [side('running'), main('exited', { exitCode: 0 })], { podIsTerminal: true });
    expect(stillRunning.status.phase).toBe('Running');
    // The sidecar's own exit code (SIGTERM → 143) does not matter.
    const stopped = sync(stillRunning.pod, [side('exited', { exitCode: 143 }), main('exited', { exitCode: 0 })], {
      podIsTerminal: true,
    });
    expect(stopped.status.phase).toBe('Succeeded');
    expect(stopped.print).toMatchObject({ ready: '0/2', status: 'Completed' });
    expect(stopped.status.conditions[1]).toEqual(cond('Initialized', 'True', 5000, 'PodCompleted'));
  });
});

describe('kubectl STATUS for generated statuses', () => {
  const pod = makePod({ containers: [container('web')] });

  it.each<[string, ContainerInstance[], GenOpts, string]>([
    ['ContainerCreating', [], {}, 'ContainerCreating'],
    ['Running', [instance('web', 'running')], {}, 'Running'],
    [
      'CrashLoopBackOff',
      [instance('web', 'exited', { exitCode: 1 })],
      { reasons: { web: { reason: 'CrashLoopBackOff' } } },
      'CrashLoopBackOff',
    ],
    ['Error', [instance('web', 'exited', { exitCode: 1 })], {}, 'Error'],
    ['OOMKilled', [instance('web', 'exited', { exitCode: 137, reason: 'OOMKilled' })], {}, 'OOMKilled'],
    ['Completed', [instance('web', 'exited', { exitCode: 0 })], {}, 'Completed'],
    ['ExitCode without a reason', [instance('web', 'exited', { exitCode: 3, reason: '' })], {}, 'ExitCode:3'],
  ])('%s', (_name, containers, o, expected) => {
    expect(sync(pod, containers, o).print.status).toBe(expected);
  });

  it('NotReady: one container completed, the other running', () => {
    const two = makePod({ restartPolicy: 'OnFailure', containers: [container('a'), container('b')] });
    const { status, print } = sync(two, [instance('a', 'exited', { exitCode: 0 }), instance('b', 'running')]);
    expect(status.phase).toBe('Running');
    expect(print).toMatchObject({ ready: '1/2', status: 'NotReady' });
  });

  it('restarts and the time of the last one', () => {
    const runtime = [instance('web', 'exited', { exitCode: 1, finishedAtMs: 2000 }), instance('web', 'running', { attempt: 1 })];
    expect(sync(pod, runtime).print).toEqual({
      ready: '1/1',
      status: 'Running',
      restarts: 1,
      lastRestartMs: Date.parse(ts(2000)),
    });
  });

  it('a deleted, still running pod prints Terminating; a finished one keeps Completed', () => {
    const deleting = makePod({ containers: [container('web')] }, undefined, { deletionTimestamp: ts(9000) });
    expect(sync(deleting, [instance('web', 'running')]).print.status).toBe('Terminating');
    const done = sync(deleting, [instance('web', 'exited', { exitCode: 0 })], { podIsTerminal: true });
    expect(done.status.phase).toBe('Succeeded');
    expect(done.print.status).toBe('Completed');
  });

  it('a stopped sandbox does not change what a finished pod prints', () => {
    const never = makePod({ restartPolicy: 'Never', containers: [container('web')] });
    const status = gen(never, runtimeOf([instance('web', 'exited', { exitCode: 2 })], [sandbox({ ready: false })]));
    expect(podPrintSummary(withStatus(never, status))).toMatchObject({ ready: '0/1', status: 'Error' });
  });
});
