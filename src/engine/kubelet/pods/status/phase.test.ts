import { describe, expect, it } from 'vitest';
import { getPhase } from './phase';
import { makePod } from './testing';
import type { ApiContainerStatus, ContainerState } from './types';

const waiting: ContainerState = { waiting: { reason: 'ContainerCreating' } };
const running: ContainerState = { running: { startedAt: 'x' } };
const exited = (exitCode: number): ContainerState => ({ terminated: { exitCode, startedAt: 'x', finishedAt: 'y' } });

function st(name: string, state: ContainerState, o: { last?: ContainerState; started?: boolean } = {}): ApiContainerStatus {
  return { name, state, lastState: o.last ?? {}, ready: false, restartCount: 0, image: '', imageID: '', started: o.started };
}

const spec = (restartPolicy: string, sidecar = false) => ({
  restartPolicy,
  initContainers: [{ name: 'init' }, ...(sidecar ? [{ name: 'side', restartPolicy: 'Always' }] : [])],
  containers: [{ name: 'a' }, { name: 'b' }],
});

describe('getPhase', () => {
  it.each<[string, string, ApiContainerStatus[], string, { terminal?: boolean; initialized?: boolean; sidecar?: boolean }?]>([
    ['no statuses', 'Always', [], 'Pending'],
    ['init running', 'Always', [st('init', running)], 'Pending'],
    ['init failed, Never', 'Never', [st('init', exited(1))], 'Failed'],
    ['init failed, OnFailure', 'OnFailure', [st('init', exited(1)), st('a', waiting), st('b', waiting)], 'Pending'],
    ['init crash-looping, Never', 'Never', [st('init', { waiting: { reason: 'X' } }, { last: exited(2) })], 'Failed'],
    ['init done, apps waiting', 'Always', [st('init', exited(0)), st('a', waiting), st('b', waiting)], 'Pending'],
    ['one app running, one waiting', 'Always', [st('init', exited(0)), st('a', running), st('b', waiting)], 'Pending'],
    ['both running', 'Always', [st('init', exited(0)), st('a', running), st('b', running)], 'Running'],
    ['one running, one missing', 'Always', [st('init', exited(0)), st('a', running)], 'Pending'],
    ['one running, one exited', 'Never', [st('init', exited(0)), st('a', running), st('b', exited(1))], 'Running'],
    ['both exited 0, Never', 'Never', [st('init', exited(0)), st('a', exited(0)), st('b', exited(0))], 'Succeeded'],
    ['exit 0 and 1, Never', 'Never', [st('init', exited(0)), st('a', exited(0)), st('b', exited(1))], 'Failed'],
    ['exit 0 and 1, OnFailure', 'OnFailure', [st('init', exited(0)), st('a', exited(0)), st('b', exited(1))], 'Running'],
    ['exit 0 and 0, Always', 'Always', [st('init', exited(0)), st('a', exited(0)), st('b', exited(0))], 'Running'],
    [
      'crash looping counts as stopped',
      'Always',
      [st('init', exited(0)), st('a', waiting, { last: exited(1) }), st('b', exited(1))],
      'Running',
    ],
    [
      'terminal: all 0',
      'Always',
      [st('init', exited(0)), st('a', exited(0)), st('b', exited(0))],
      'Succeeded',
      { terminal: true },
    ],
    [
      'terminal: one failed',
      'Always',
      [st('init', exited(0)), st('a', exited(0)), st('b', exited(137))],
      'Failed',
      { terminal: true },
    ],
    [
      'sidecar running not started',
      'Never',
      [st('init', exited(0)), st('side', running, { started: false })],
      'Pending',
      { sidecar: true },
    ],
    [
      'sidecar restarting after init',
      'Never',
      [st('init', exited(0)), st('side', running, { started: false }), st('a', running), st('b', running)],
      'Running',
      { sidecar: true, initialized: true },
    ],
    [
      'sidecar exited is ignored',
      'Never',
      [st('init', exited(0)), st('side', exited(143)), st('a', exited(0)), st('b', exited(0))],
      'Succeeded',
      { sidecar: true },
    ],
    [
      'sidecar running keeps the pod Running',
      'Never',
      [st('init', exited(0)), st('side', running, { started: true }), st('a', exited(0)), st('b', exited(0))],
      'Running',
      { sidecar: true },
    ],
    ['sidecar missing', 'Never', [st('init', exited(0)), st('a', running), st('b', running)], 'Pending', { sidecar: true }],
  ])('%s (%s) → %s', (_name, policy, statuses, phase, o = {}) => {
    const pod = makePod(spec(policy, o.sidecar));
    expect(getPhase({ pod, statuses, podIsTerminal: !!o.terminal, podHasInitialized: !!o.initialized })).toBe(phase);
  });
});
