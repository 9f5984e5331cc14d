import { describe, expect, it } from 'vitest';
import { orderedContainerStatus } from './ordered';
import type { ApiContainerStatus } from './types';

/** A status with every key set, assembled in another order. */
function scrambled(over: Partial<ApiContainerStatus> = {}): ApiContainerStatus {
  return {
    volumeMounts: [{ name: 'kube-api-access-x', mountPath: '/var/run/secrets/kubernetes.io/serviceaccount', readOnly: true }],
    started: true,
    containerID: 'containerd://1',
    resources: {},
    imageID: 'docker.io/library/nginx@sha256:0',
    image: 'docker.io/library/nginx:latest',
    restartCount: 0,
    ready: true,
    lastState: {},
    state: { running: { startedAt: '2026-01-01T00:00:05Z' } },
    name: 'web',
    ...over,
  } as ApiContainerStatus;
}

describe('orderedContainerStatus', () => {
  // Go struct order (generate.test.ts lists it): what a status with every key set comes out as.
  const goOrder = () =>
    Object.keys(orderedContainerStatus(scrambled({ allocatedResources: { cpu: '1' } } as Partial<ApiContainerStatus>)));

  it('puts the usual started container in Go struct order, values unchanged', () => {
    const input = scrambled();
    const out = orderedContainerStatus(input);
    expect(Object.keys(out)).toEqual(goOrder().filter((k) => k !== 'allocatedResources'));
    expect(out).toEqual(input);
  });

  it('drops unset keys in the other cases, keeping the order', () => {
    const waiting = scrambled({
      containerID: undefined,
      started: undefined,
      state: { waiting: { reason: 'ContainerCreating' } },
    });
    const out = orderedContainerStatus(waiting);
    expect(Object.keys(out)).toEqual(goOrder().filter((k) => !['containerID', 'started', 'allocatedResources'].includes(k)));
    expect(out.state).toEqual({ waiting: { reason: 'ContainerCreating' } });
  });
});
