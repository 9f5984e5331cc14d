// The Job controller against a full simulated cluster (scheduler, kubelets, garbage collector),
// stepping the virtual clock.

import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { jobKind, podKind } from '../../api/kinds';
import { Simulation } from '../../simulation';
import { JOB_TRACKING_FINALIZER } from './job-controller';

function job(name: string, spec: Record<string, unknown>, command: string[]): KObject {
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name, namespace: 'default' },
    spec: {
      ...spec,
      template: { spec: { restartPolicy: 'Never', containers: [{ name: 'main', image: 'busybox:1.36', command }] } },
    },
  };
}

function harness() {
  const sim = new Simulation({});
  const api = sim.kubectlEnv().api;
  const podsOf = (uid: string) =>
    api.list(podKind, { namespace: 'default' }).items.filter((p) => p.metadata.ownerReferences?.some((r) => r.uid === uid));
  const live = (pods: KObject[]) => pods.filter((p) => p.status?.phase !== 'Succeeded' && p.status?.phase !== 'Failed');
  return { sim, api, podsOf, live };
}

describe('Job controller', () => {
  it('never runs more pods than parallelism nor starts more than the completions left', () => {
    const h = harness();
    const created = h.api.create(job('batch', { completions: 7, parallelism: 3 }, ['sh', '-c', 'sleep 7']));
    const uid = created.metadata.uid!;
    let maxLive = 0;
    let finished = false;
    for (let t = 0; t < 120 && !finished; t++) {
      h.sim.clock.advance(1000);
      const pods = h.podsOf(uid);
      maxLive = Math.max(maxLive, h.live(pods).length);
      expect(pods.length).toBeLessThanOrEqual(7);
      finished = h.api.get(jobKind, 'default', 'batch').status?.completionTime !== undefined;
    }
    const done = h.api.get(jobKind, 'default', 'batch');
    expect(finished).toBe(true);
    expect(maxLive).toBe(3);
    expect(done.status?.succeeded).toBe(7);
    expect(h.podsOf(uid)).toHaveLength(7);
    // Every pod was counted: no tracking finalizer is left.
    expect(h.podsOf(uid).every((p) => !(p.metadata.finalizers ?? []).includes(JOB_TRACKING_FINALIZER))).toBe(true);
    expect(done.status?.conditions?.map((c: { type: string }) => c.type)).toEqual(['SuccessCriteriaMet', 'Complete']);
  });

  it('gives each index of an Indexed Job one pod and compresses the completed indexes', () => {
    const h = harness();
    const created = h.api.create(
      job('ix', { completions: 4, parallelism: 4, completionMode: 'Indexed' }, ['sh', '-c', 'sleep 3']),
    );
    h.sim.clock.advance(2000);
    const pods = h.podsOf(created.metadata.uid!);
    expect(pods.map((p) => p.metadata.annotations?.['batch.kubernetes.io/job-completion-index']).sort()).toEqual([
      '0',
      '1',
      '2',
      '3',
    ]);
    expect(pods.map((p) => p.spec?.hostname).sort()).toEqual(['ix-0', 'ix-1', 'ix-2', 'ix-3']);
    h.sim.clock.advance(20_000);
    const status = h.api.get(jobKind, 'default', 'ix').status;
    expect(status?.completedIndexes).toBe('0-3');
    expect(status?.succeeded).toBe(4);
  });

  it('removes its finalizer from the pods a Job deleted without a propagation policy leaves (batch/v1 orphans)', () => {
    const h = harness();
    const created = h.api.create(job('orphans', { parallelism: 2, completions: 2 }, ['sleep', '300']));
    h.sim.clock.advance(3000);
    expect(h.podsOf(created.metadata.uid!)).toHaveLength(2);
    h.api.delete(jobKind, 'default', 'orphans');
    h.sim.clock.advance(3000);
    const pods = h.api.list(podKind, { namespace: 'default' }).items;
    expect(pods).toHaveLength(2);
    expect(pods.every((p) => !p.metadata.finalizers && !p.metadata.ownerReferences)).toBe(true);
  });

  it('fails the Job once failures exceed backoffLimit, with growing re-creation delays', () => {
    const h = harness();
    const created = h.api.create(job('flaky', { backoffLimit: 2 }, ['sh', '-c', 'exit 3']));
    h.sim.clock.advance(120_000);
    const pods = h.podsOf(created.metadata.uid!);
    const starts = pods.map((p) => Date.parse(p.metadata.creationTimestamp!)).sort((a, b) => a - b);
    expect(starts.map((s) => (s - starts[0]) / 1000)).toEqual([0, 10, 30]);
    const status = h.api.get(jobKind, 'default', 'flaky').status;
    expect(status?.failed).toBe(3);
    expect(status?.conditions?.map((c: { type: string; reason: string }) => `${c.type}/${c.reason}`)).toEqual([
      'FailureTarget/BackoffLimitExceeded',
      'Failed/BackoffLimitExceeded',
    ]);
  });
});
