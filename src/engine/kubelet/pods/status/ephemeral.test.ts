import { describe, expect, it } from 'vitest';
import { container, gen, instance, makePod, runtimeOf } from './testing';

describe('ephemeral containers', () => {
  const pod = makePod({
    containers: [container('web')],
    ephemeralContainers: [{ name: 'debugger-x7k2p', image: 'busybox:1.28', targetContainerName: 'web' }],
  });
  const debug = (state: 'running' | 'exited', o = {}) =>
    instance('debugger-x7k2p', state, { kind: 'ephemeral', createdAtMs: 7000, image: 'docker.io/library/busybox:1.28', ...o });

  it('listed separately, never probed: no `started`, never ready', () => {
    const status = gen(pod, runtimeOf([instance('web', 'running'), debug('running')]));
    expect(Object.keys(status).slice(-2)).toEqual(['qosClass', 'ephemeralContainerStatuses']);
    expect(status.ephemeralContainerStatuses).toEqual([
      {
        name: 'debugger-x7k2p',
        state: { running: { startedAt: expect.any(String) } },
        lastState: {},
        ready: false,
        restartCount: 0,
        image: 'docker.io/library/busybox:1.28',
        imageID: 'docker.io/library/nginx@sha256:abc',
        containerID: 'containerd://debugger-x7k2p-0',
        resources: {},
      },
    ]);
    // They do not count for readiness or phase.
    expect(status.phase).toBe('Running');
    expect(status.conditions[3]).toMatchObject({ type: 'ContainersReady', status: 'True' });
  });

  it('waits ContainerCreating before it starts, stays terminated after it exits', () => {
    expect(gen(pod, runtimeOf([instance('web', 'running')])).ephemeralContainerStatuses[0].state).toEqual({
      waiting: { reason: 'ContainerCreating' },
    });
    const exited = gen(pod, runtimeOf([instance('web', 'running'), debug('exited', { exitCode: 0 })]));
    expect(exited.ephemeralContainerStatuses[0].state.terminated).toMatchObject({ exitCode: 0, reason: 'Completed' });
    expect(exited.phase).toBe('Running');
  });
});
