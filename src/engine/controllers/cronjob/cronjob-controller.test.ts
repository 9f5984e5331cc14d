// The CronJob controller against a full simulated cluster: the paths the scenario goldens do not
// show — a Job of the scheduled name that someone else owns, Jobs of another CronJob, a schedule
// change taking effect at its own next time, a time zone and the scheduled-timestamp annotation.

import { describe, expect, it } from 'vitest';
import type { KEvent, KObject } from '../../../k8s/types';
import { cronJobKind, eventKind, jobKind } from '../../api/kinds';
import { Simulation } from '../../simulation';
import { CRONJOB_SCHEDULED_TIMESTAMP_ANNOTATION } from './cronjob-controller';

const MINUTE = 60_000;

function cronJob(name: string, spec: Record<string, unknown>): KObject {
  return {
    apiVersion: 'batch/v1',
    kind: 'CronJob',
    metadata: { name, namespace: 'default' },
    spec: {
      jobTemplate: {
        spec: {
          template: {
            spec: {
              containers: [{ name: 'c', image: 'busybox:1.36', command: ['sh', '-c', 'date'] }],
              restartPolicy: 'OnFailure',
            },
          },
        },
      },
      ...spec,
    },
  };
}

function harness() {
  const sim = new Simulation();
  const api = sim.kubectlEnv().api;
  const jobs = () =>
    api
      .list(jobKind, { namespace: 'default' })
      .items.map((j) => j.metadata.name)
      .sort();
  const events = (name: string) =>
    api
      .list(eventKind, { namespace: 'default' })
      .items.map((e) => e as KEvent)
      .filter((e) => e.involvedObject?.name === name)
      .map((e) => `${e.reason}: ${e.message}`);
  const advance = (ms: number) => sim.clock.advance(ms);
  return { sim, api, jobs, events, advance };
}

describe('CronJob controller', () => {
  it('leaves a Job of the scheduled name that it does not control alone, without an event', () => {
    const h = harness();
    h.api.create(cronJob('hello', { schedule: '* * * * *' }));
    // The name the 00:01 run would get, taken by a Job nobody controls.
    h.api.create({
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: { name: 'hello-29453761', namespace: 'default' },
      spec: cronJob('x', {}).spec.jobTemplate.spec,
    });
    h.advance(MINUTE + 1000);
    expect(h.jobs()).toEqual(['hello-29453761']);
    expect(h.events('hello')).toEqual([]);
    const cj = h.api.get(cronJobKind, 'default', 'hello');
    expect(cj.status).toEqual({});
  });

  it('counts only its own Jobs: another CronJob’s finished Jobs are not cleaned up by it', () => {
    const h = harness();
    h.api.create(cronJob('a', { schedule: '* * * * *', successfulJobsHistoryLimit: 1 }));
    h.api.create(cronJob('b', { schedule: '* * * * *', successfulJobsHistoryLimit: 2 }));
    h.advance(4 * MINUTE + 30_000);
    expect(h.jobs()).toEqual(['a-29453764', 'b-29453763', 'b-29453764']);
  });

  it('waits for the next time of a changed schedule', () => {
    const h = harness();
    h.api.create(cronJob('hourly', { schedule: '@hourly' }));
    h.advance(10 * MINUTE);
    const cj = h.api.get(cronJobKind, 'default', 'hourly');
    h.api.update({ ...cj, spec: { ...cj.spec, schedule: '*/15 * * * *' } });
    h.advance(4 * MINUTE + 30_000);
    expect(h.jobs()).toEqual([]);
    h.advance(MINUTE);
    expect(h.jobs()).toEqual(['hourly-29453775']);
  });

  it('evaluates the schedule in spec.timeZone and annotates the Job with the time there', () => {
    const h = harness();
    h.api.create(cronJob('kolkata', { schedule: '30 6 * * *', timeZone: 'Asia/Kolkata' }));
    // 06:30 in Kolkata (UTC+05:30) is 01:00 UTC.
    h.advance(60 * MINUTE + 1000);
    expect(h.jobs()).toEqual(['kolkata-29453820']);
    const job = h.api.get(jobKind, 'default', 'kolkata-29453820');
    expect(job.metadata.annotations?.[CRONJOB_SCHEDULED_TIMESTAMP_ANNOTATION]).toBe('2026-01-01T06:30:00+05:30');
    expect(job.metadata.ownerReferences?.[0]).toMatchObject({ kind: 'CronJob', name: 'kolkata', controller: true });
    expect(h.api.get(cronJobKind, 'default', 'kolkata').status?.lastScheduleTime).toBe('2026-01-01T01:00:00Z');
  });
});
