import { describe, expect, it } from 'vitest';
import type { KEvent } from '../../../k8s/types';
import { validateEvent, validateEventUpdate } from './event';
import { messages } from './testing';

function event(extra: Record<string, unknown> = {}, metadata: Record<string, unknown> = {}): KEvent {
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: 'web.17a', namespace: 'default', ...metadata },
    involvedObject: { kind: 'Pod', name: 'web', namespace: 'default' },
    reason: 'Scheduled',
    message: 'Successfully assigned default/web to node-1',
    type: 'Normal',
    ...extra,
  } as KEvent;
}

describe('validateEvent', () => {
  it.each<[string, KEvent, string[]]>([
    ['valid', event(), []],
    [
      'involvedObject namespace must match',
      event({ involvedObject: { kind: 'Pod', name: 'web', namespace: 'other' } }),
      ['involvedObject.namespace: Invalid value: "other": does not match event.namespace'],
    ],
    ['cluster-scoped object events may live in default', event({ involvedObject: { kind: 'Node', name: 'node-1' } }), []],
    [
      'cluster-scoped object events elsewhere',
      event({ involvedObject: { kind: 'Node', name: 'node-1' } }, { namespace: 'kube-system' }),
      ['involvedObject.namespace: Invalid value: "": does not match event.namespace'],
    ],
    [
      'new-style events need reporting fields',
      event({ eventTime: '2024-01-01T00:00:00.000000Z', reason: '' }),
      [
        'reportingController: Required value',
        'reportingController: Invalid value: "": name part must be non-empty',
        expect.stringContaining('reportingController: Invalid value: "": name part must consist'),
        'reportingInstance: Required value',
        'action: Required value',
        'reason: Required value',
      ] as never,
    ],
    [
      'message length for new-style events',
      event({
        eventTime: 't',
        reportingComponent: 'kubelet',
        reportingInstance: 'node-1',
        action: 'Run',
        message: 'x'.repeat(1025),
      }),
      ['message: Invalid value: "": can have at most 1024 characters'],
    ],
    ['name is only a path segment', event({}, { name: 'web:1' }), []],
    ['name may not contain a slash', event({}, { name: 'a/b' }), ['metadata.name: Invalid value: "a/b": may not contain \'/\'']],
    ['name required', event({}, { name: undefined }), ['metadata.name: Required value: name or generateName is required']],
  ])('%s', (_, obj, want) => {
    expect(messages(validateEvent(obj))).toEqual(want);
  });

  it('update: legacy checks after the common metadata ones', () => {
    const old = event({}, { uid: 'u', resourceVersion: '1' });
    expect(messages(validateEventUpdate({ ...old, count: 2 } as KEvent, old))).toEqual([]);
    expect(
      messages(validateEventUpdate({ ...old, involvedObject: { kind: 'Pod', name: 'web', namespace: 'x' } } as KEvent, old)),
    ).toEqual(['involvedObject.namespace: Invalid value: "x": does not match event.namespace']);
  });
});
