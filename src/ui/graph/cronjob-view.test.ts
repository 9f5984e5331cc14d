import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import { nextRunAtMs } from '../controlplane/cronjobs';
import { cronJobCard } from './cronjob-view';
import { layoutGraph, WL_DETAIL_H, WL_H, WL_LINE_H } from './layout';
import { deriveModel } from './model';
import { relationIndex, relationsOf } from './relations';

const hello = (spec: Record<string, unknown> = {}, status: Record<string, unknown> = {}): KObject => ({
  apiVersion: 'batch/v1',
  kind: 'CronJob',
  metadata: { name: 'hello', namespace: 'default', uid: 'cj-hello' },
  spec: { schedule: '* * * * *', ...spec },
  status,
});

const job = (name: string, owner?: KObject): KObject => ({
  apiVersion: 'batch/v1',
  kind: 'Job',
  metadata: {
    name,
    namespace: 'default',
    uid: `uid-${name}`,
    ...(owner
      ? {
          ownerReferences: [
            { apiVersion: 'batch/v1', kind: 'CronJob', name: owner.metadata.name!, uid: owner.metadata.uid!, controller: true },
          ],
        }
      : {}),
  },
  spec: { completions: 1 },
  status: { succeeded: 1, conditions: [{ type: 'Complete', status: 'True' }] },
});

describe('CronJob card', () => {
  it('shows ACTIVE, SUSPEND, SCHEDULE and LAST SCHEDULE as kubectl get cronjobs prints them', () => {
    const card = cronJobCard(hello({}, { active: [{ name: 'hello-29453761' }], lastScheduleTime: '2026-01-01T00:01:00Z' }));
    expect(card.count).toBe('1 active');
    expect(card.tone).toBe('ok');
    expect(card.countTitle).toBe(
      'SCHEDULE * * * * *, TIMEZONE <none>, SUSPEND False, ACTIVE 1\nLAST SCHEDULE 2026-01-01T00:01:00Z',
    );
    expect(card.cron).toEqual({
      schedule: '* * * * *',
      timeZone: undefined,
      suspended: false,
      active: 1,
      lastScheduleMs: Date.parse('2026-01-01T00:01:00Z'),
    });
  });

  it('is idle while suspended, and its next run is the panel’s (none while suspended)', () => {
    const card = cronJobCard(hello({ suspend: true }));
    expect(card).toMatchObject({ count: '0 active', tone: 'idle' });
    expect(card.cron.lastScheduleMs).toBeUndefined();
    expect(nextRunAtMs(card.cron, Date.parse('2026-01-01T00:00:30Z'))).toBeUndefined();
    const running = cronJobCard(hello()).cron;
    expect(nextRunAtMs(running, Date.parse('2026-01-01T00:00:30Z'))).toBe(Date.parse('2026-01-01T00:01:00Z'));
  });

  it('nests its Jobs under it, newest first; a Job of no CronJob stays a card of its own', () => {
    const cj = hello();
    const model = deriveModel([job('hello-29453761', cj), job('pi'), cj, job('hello-29453762', cj)]);
    expect(model.workloads.map((w) => [w.key, w.parentKey])).toEqual([
      ['CronJob/default/hello', null],
      ['Job/default/hello-29453762', 'CronJob/default/hello'],
      ['Job/default/hello-29453761', 'CronJob/default/hello'],
      ['Job/default/pi', null],
    ]);
    expect(model.workloads[0].cron?.schedule).toBe('* * * * *');
    // a nested Job's one-line card shows the scheduled minute its name ends in; a lone Job has none
    expect(model.workloads.map((w) => w.scheduled)).toEqual([undefined, '29453762', '29453761', undefined]);
    expect(model.workloads[1].label).toBe('Job default/hello-29453762: 1/1');
    expect(model.workloads[0].label).toBe('CronJob default/hello: 0 active');
  });

  it('stacks the Jobs under the taller CronJob card in one column', () => {
    const cj = hello();
    const { items } = layoutGraph(deriveModel([cj, job('hello-29453761', cj), job('hello-29453762', cj)]));
    const cards = items.filter((i) => i.type === 'workload');
    expect(cards.map((c) => [c.id, c.height])).toEqual([
      ['CronJob/default/hello', WL_H + WL_DETAIL_H],
      ['Job/default/hello-29453762', WL_LINE_H],
      ['Job/default/hello-29453761', WL_LINE_H],
    ]);
    expect(cards[1].x).toBe(cards[2].x);
    expect(cards[1].x).toBeGreaterThan(cards[0].x);
    expect(cards[1].y).toBeGreaterThanOrEqual(cards[0].y + WL_H + WL_DETAIL_H);
  });

  it('draws its edges to its Jobs and their pods', () => {
    const cj = hello();
    const j = job('hello-29453761', cj);
    const pod: KObject = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name: 'hello-29453761-abcde',
        namespace: 'default',
        uid: 'p',
        ownerReferences: [
          { apiVersion: 'batch/v1', kind: 'Job', name: j.metadata.name!, uid: j.metadata.uid!, controller: true },
        ],
      },
    };
    const rel = relationsOf(relationIndex([cj, j, pod]), 'CronJob/default/hello');
    expect(rel.map((r) => `${r.from} -> ${r.to}`)).toEqual([
      'CronJob/default/hello -> Job/default/hello-29453761',
      'Job/default/hello-29453761 -> Pod/default/hello-29453761-abcde',
    ]);
  });
});
