import { describe, expect, it } from 'vitest';
import { Clock } from '../../clock/clock';
import { PodProber, type ProbeHost } from './prober';
import type { ContainerInstance } from './runtime-types';

const instance: ContainerInstance = {
  id: 'containerd://a',
  name: 'app',
  kind: 'regular',
  attempt: 0,
  imageName: 'docker.io/library/nginx:latest',
  imageRef: 'docker.io/library/nginx@sha256:0',
  createdAtMs: 0,
  state: 'running',
  startedAtMs: 0,
  logs: [],
};

function prober(outcome: 'success' | 'failure') {
  const clock = new Clock();
  const changes: string[] = [];
  const host: ProbeHost = {
    instance: () => instance,
    evaluate: () => ({ result: outcome, output: '' }),
    probeFailed: () => {},
    resultChanged: (type, _c, _i, result) => changes.push(`${type} ${result}`),
    podDeleting: () => false,
  };
  const running = new Set([instance.id]);
  return { clock, changes, running, prober: new PodProber(clock, host, { isRunning: (id) => running.has(id) }) };
}

describe('PodProber', () => {
  it('without probes, a container is started and ready while it runs, and stopping is harmless', () => {
    const { prober: p, running, clock } = prober('success');
    p.addPod({ containers: [{ name: 'app', image: 'nginx' }] });
    expect(p.hasProbe('readiness', 'app')).toBe(false);
    expect(p.started('app', instance.id)).toBe(true);
    expect(p.ready('app', instance.id)).toBe(true);
    running.clear();
    expect(p.ready('app', instance.id)).toBe(false);
    p.stop();
    p.stop();
    expect(clock.pendingEvents).toBe(0);
  });

  it('a readiness probe makes the container ready after its first success, and stop ends its ticks', () => {
    const { prober: p, clock, changes } = prober('success');
    p.addPod({ containers: [{ name: 'app', image: 'nginx', readinessProbe: { periodSeconds: 5 } }] });
    expect(p.hasProbe('readiness', 'app')).toBe(true);
    expect(p.ready('app', instance.id)).toBe(false);
    clock.advance(1);
    expect(changes).toEqual(['readiness success']);
    expect(p.ready('app', instance.id)).toBe(true);
    p.stop();
    expect(p.hasProbe('readiness', 'app')).toBe(false);
    expect(clock.pendingEvents).toBe(0);
  });
});
