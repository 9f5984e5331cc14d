import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { jobKind, podKind } from '../../api/kinds';
import { Simulation } from '../../simulation';
import { ttlTimeLeftMs } from './ttl-after-finished-controller';

const T0 = Date.parse('2026-01-01T00:00:00Z');

function finished(ttl: number | undefined, type = 'Complete', at = '2026-01-01T00:01:00Z', deleting = false): KObject {
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: deleting ? { name: 'j', deletionTimestamp: at } : { name: 'j' },
    spec: ttl === undefined ? {} : { ttlSecondsAfterFinished: ttl },
    status: { conditions: [{ type, status: 'True', lastTransitionTime: at }] },
  };
}

describe('TTL after finished: time left', () => {
  it.each([
    ['a Complete Job, 100 s after finishing at 60 s', finished(100), T0 + 60_000, 100_000],
    ['a Failed Job counts from its Failed condition', finished(10, 'Failed'), T0 + 65_000, 5_000],
    ['an expired Job', finished(0), T0 + 61_000, -1_000],
    ['no TTL', finished(undefined), T0, undefined],
    ['not finished', finished(10, 'SuccessCriteriaMet'), T0, undefined],
    ['already being deleted', finished(10, 'Complete', '2026-01-01T00:01:00Z', true), T0, undefined],
  ])('%s', (_name, job, now, left) => {
    expect(ttlTimeLeftMs(job, now)).toBe(left);
  });
});

describe('TTL-after-finished controller', () => {
  it('deletes a finished Job and its pods when its TTL expires, honouring a TTL changed after it finished', () => {
    const sim = new Simulation({});
    const api = sim.kubectlEnv().api;
    api.create({
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: { name: 'short', namespace: 'default' },
      spec: {
        ttlSecondsAfterFinished: 30,
        template: { spec: { restartPolicy: 'Never', containers: [{ name: 'c', image: 'busybox:1.36', command: ['true'] }] } },
      },
    });
    sim.clock.advance(10_000);
    const done = api.get(jobKind, 'default', 'short');
    expect(done.status?.conditions?.some((c: { type: string }) => c.type === 'Complete')).toBe(true);
    api.update({ ...done, spec: { ...done.spec, ttlSecondsAfterFinished: 300 } });
    sim.clock.advance(60_000);
    expect(api.tryGet(jobKind, 'default', 'short')).toBeDefined();
    const current = api.get(jobKind, 'default', 'short');
    api.update({ ...current, spec: { ...current.spec, ttlSecondsAfterFinished: 5 } });
    sim.clock.advance(5_000);
    expect(api.tryGet(jobKind, 'default', 'short')).toBeUndefined();
    expect(api.list(podKind, { namespace: 'default' }).items).toEqual([]);
  });
});
