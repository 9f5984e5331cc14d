import { describe, expect, it } from 'vitest';
import type { KEvent, KObject } from '../../k8s/types';
import { errors } from '../api/errors';
import { COMBINED_MESSAGE_PREFIX, EventRecorder, referenceTo, sprintf, type EventRecorderOptions } from './events';
import { newTestCluster, node, pod, testKinds } from './testing-fixtures';

function setup(options: EventRecorderOptions = {}) {
  const cluster = newTestCluster();
  const recorder = new EventRecorder(cluster.api, options);
  const events = (namespace = 'default') => cluster.api.list(testKinds.event, { namespace }).items as KEvent[];
  return { ...cluster, recorder, events };
}

describe('sprintf', () => {
  it.each<[string, unknown[], string]>([
    ['Created pod: %s', ['web-1'], 'Created pod: web-1'],
    ['Scaled up replica set %s to %d', ['web', 3], 'Scaled up replica set web to 3'],
    ['Pulling image %q', ['nginx'], 'Pulling image "nginx"'],
    ['%v%% done', [50], '50% done'],
    ['missing %s', [], 'missing %!s(MISSING)'],
  ])('%s', (format, args, expected) => {
    expect(sprintf(format, ...args)).toBe(expected);
  });
});

describe('EventRecorder writes', () => {
  it('writes a core/v1 Event about the object into its namespace', () => {
    const { api, clock, recorder, events } = setup();
    const p = api.create(pod('web-1'));
    clock.advance(1500);
    recorder.recorder('replicaset-controller').event(p, 'Normal', 'SuccessfulCreate', 'Created pod: web-1');
    const [e] = events();
    expect(e.metadata.name).toBe('web-1.1886725247622f00');
    expect(e).toMatchObject({
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { namespace: 'default' },
      involvedObject: {
        kind: 'Pod',
        namespace: 'default',
        name: 'web-1',
        uid: p.metadata.uid,
        apiVersion: 'v1',
        resourceVersion: p.metadata.resourceVersion,
      },
      reason: 'SuccessfulCreate',
      message: 'Created pod: web-1',
      source: { component: 'replicaset-controller' },
      firstTimestamp: '2026-01-01T00:00:01Z',
      lastTimestamp: '2026-01-01T00:00:01Z',
      count: 1,
      type: 'Normal',
      eventTime: null,
      reportingComponent: 'replicaset-controller',
      reportingInstance: '',
    });
    expect(e.involvedObject.fieldPath).toBeUndefined();
  });

  it('puts events about cluster-scoped objects into default, and records the host', () => {
    const { api, recorder, events } = setup();
    const n = api.create(node('node-1'));
    recorder.recorder('kubelet', 'node-1').eventf(n, 'Normal', 'NodeReady', 'Node %s status is now: %s', 'node-1', 'NodeReady');
    const [e] = events('default');
    expect(e.involvedObject).toEqual({
      kind: 'Node',
      name: 'node-1',
      uid: n.metadata.uid,
      apiVersion: 'v1',
      resourceVersion: n.metadata.resourceVersion,
    });
    expect(e.source).toEqual({ component: 'kubelet', host: 'node-1' });
    expect(e.reportingInstance).toBe('node-1');
    expect(e.message).toBe('Node node-1 status is now: NodeReady');
  });

  it('accepts a reference with a container fieldPath', () => {
    const { api, recorder, events } = setup();
    const p = api.create(pod('web-1'));
    recorder.recorder('kubelet', 'node-1').event(referenceTo(p, 'spec.containers{c}'), 'Normal', 'Pulled', 'ok');
    expect(events()[0].involvedObject.fieldPath).toBe('spec.containers{c}');
  });

  it('events in a row about the same object share one frozen involvedObject; another object gets its own', () => {
    const { api, recorder, events } = setup();
    const p = api.create(pod('web-1'));
    const q = api.create(pod('web-2'));
    const kubelet = recorder.recorder('kubelet', 'node-1');
    kubelet.event(referenceTo(p, 'spec.containers{c}'), 'Normal', 'Created', 'Created container: c');
    kubelet.event(referenceTo(p, 'spec.containers{c}'), 'Normal', 'Started', 'Started container c');
    kubelet.event(referenceTo(p, 'spec.containers{d}'), 'Normal', 'Started', 'Started container d');
    kubelet.event(q, 'Normal', 'Started', 'Started container c');
    const [created, started, other, second] = events().map((e) => e.involvedObject);
    expect(started).toBe(created);
    expect(Object.isFrozen(created)).toBe(true);
    expect(other).not.toBe(created);
    expect(other).toEqual({ ...created, fieldPath: 'spec.containers{d}' });
    expect(second).toEqual(referenceTo(q));
    expect(Object.keys(second)).toEqual(Object.keys(referenceTo(q)));
  });

  it('names events uniquely within one instant and by virtual time across instants', () => {
    const { api, clock, recorder, events } = setup();
    const p = api.create(pod('p'));
    const r = recorder.recorder('test');
    r.event(p, 'Normal', 'A', 'a');
    r.event(p, 'Normal', 'B', 'b');
    clock.advance(1);
    r.event(p, 'Normal', 'C', 'c');
    expect(events().map((e) => e.metadata.name)).toEqual(['p.18867251edfa0000', 'p.18867251edfa0001', 'p.18867251ee094240']);
  });
});

describe('EventRecorder correlation', () => {
  it('a repeat updates the existing event: count + 1, new lastTimestamp, same name and firstTimestamp', () => {
    const { api, clock, recorder, events } = setup();
    const p = api.create(pod('p'));
    const r = recorder.recorder('kubelet', 'node-1');
    r.event(p, 'Warning', 'BackOff', 'Back-off restarting failed container');
    clock.advance(10_000);
    const p2 = api.update({ ...p, metadata: { ...p.metadata, labels: { changed: 'yes' } } });
    r.event(p2, 'Warning', 'BackOff', 'Back-off restarting failed container');
    clock.advance(20_000);
    r.event(p2, 'Warning', 'BackOff', 'Back-off restarting failed container');
    const all = events();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({
      count: 3,
      firstTimestamp: '2026-01-01T00:00:00Z',
      lastTimestamp: '2026-01-01T00:00:30Z',
      metadata: { name: 'p.18867251edfa0000' },
    });
  });

  it.each<[string, (r: KObject) => [string, string, 'Normal' | 'Warning', string?]]>([
    ['reason', () => ['other-reason', 'm', 'Normal']],
    ['type', () => ['r', 'm', 'Warning']],
    ['source', () => ['r', 'm', 'Normal', 'other-component']],
  ])('a different %s makes a separate event', (_what, second) => {
    const { api, recorder, events } = setup();
    const p = api.create(pod('p'));
    recorder.recorder('c').event(p, 'Normal', 'r', 'm');
    const [reason, message, type, component] = second(p);
    recorder.recorder(component ?? 'c').event(p, type, reason, message);
    expect(events().map((e) => e.count)).toEqual([1, 1]);
  });

  it('combines the 10th similar event (same reason, new message) within 10 minutes', () => {
    const { api, clock, recorder, events } = setup();
    const p = api.create(pod('p'));
    const r = recorder.recorder('scheduler');
    for (let i = 1; i <= 9; i++) {
      r.event(p, 'Warning', 'FailedScheduling', `0/${i} nodes are available`);
      clock.advance(30_000);
    }
    expect(events()).toHaveLength(9);
    r.event(p, 'Warning', 'FailedScheduling', '0/10 nodes are available');
    let all = events();
    expect(all).toHaveLength(10);
    const combined = all.filter((e) => e.message!.startsWith(COMBINED_MESSAGE_PREFIX));
    expect(combined.map((e) => [e.message, e.count])).toEqual([[`${COMBINED_MESSAGE_PREFIX}0/10 nodes are available`, 1]]);

    // Every further new message updates the combined event.
    clock.advance(30_000);
    r.event(p, 'Warning', 'FailedScheduling', '0/11 nodes are available');
    all = events();
    expect(all).toHaveLength(10);
    const updated = all.find((e) => e.metadata.name === combined[0].metadata.name)!;
    expect([updated.message, updated.count, updated.lastTimestamp]).toEqual([
      `${COMBINED_MESSAGE_PREFIX}0/11 nodes are available`,
      2,
      '2026-01-01T00:05:00Z',
    ]);
  });

  it('similar events more than 10 minutes apart start a fresh group', () => {
    const { api, clock, recorder, events } = setup();
    const p = api.create(pod('p'));
    const r = recorder.recorder('scheduler');
    for (let i = 1; i <= 12; i++) {
      r.event(p, 'Warning', 'FailedScheduling', `attempt ${i}`);
      clock.advance(600_001);
    }
    expect(events().filter((e) => e.message!.startsWith(COMBINED_MESSAGE_PREFIX))).toEqual([]);
    expect(events()).toHaveLength(12);
  });

  it('the spam filter lets a source write 25 events about an object, then one per 5 minutes, counting the skipped ones', () => {
    const { api, clock, recorder, events } = setup();
    const p = api.create(pod('p'));
    const r = recorder.recorder('kubelet', 'node-1');
    for (let i = 0; i < 30; i++) r.event(p, 'Warning', 'BackOff', 'Back-off');
    expect(events()[0].count).toBe(25);
    clock.advance(299_999);
    r.event(p, 'Warning', 'BackOff', 'Back-off');
    expect(events()[0].count).toBe(25);
    clock.advance(1);
    r.event(p, 'Warning', 'BackOff', 'Back-off');
    expect(events()[0].count).toBe(32);
    // Another object has its own budget.
    const q = api.create(pod('q'));
    r.event(q, 'Warning', 'BackOff', 'Back-off');
    expect(events()).toHaveLength(2);
  });

  it('the spam filter can be turned off', () => {
    const { api, recorder, events } = setup({ spamFilter: false });
    const p = api.create(pod('p'));
    for (let i = 0; i < 40; i++) recorder.recorder('kubelet').event(p, 'Warning', 'BackOff', 'Back-off');
    expect(events()[0].count).toBe(40);
  });

  it('re-creates a deleted event on the next repeat, keeping its name and count', () => {
    const { api, recorder, events } = setup();
    const p = api.create(pod('p'));
    const r = recorder.recorder('c');
    r.event(p, 'Normal', 'R', 'm');
    const name = events()[0].metadata.name!;
    api.delete(testKinds.event, 'default', name);
    r.event(p, 'Normal', 'R', 'm');
    expect(events().map((e) => [e.metadata.name, e.count])).toEqual([[name, 2]]);
  });
});

describe('EventRecorder failures', () => {
  it('drops a refused write without throwing into the caller', () => {
    const { api, recorder, events } = setup({ onDropped: (e, err) => dropped.push(`${e.reason}: ${(err as Error).message}`) });
    const dropped: string[] = [];
    api.admission.register({
      name: 'NoEvents',
      validate: (req) => {
        if (req.kind === testKinds.event)
          throw errors.forbidden({ group: '', resource: 'events' }, '', 'namespace is terminating');
      },
    });
    const p = api.create(pod('p'));
    expect(() => recorder.recorder('c').event(p, 'Normal', 'R', 'm')).not.toThrow();
    expect(events()).toEqual([]);
    expect(dropped).toEqual(['R: events "" is forbidden: namespace is terminating']);
  });
});
