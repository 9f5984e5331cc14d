import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import {
  eventCountText,
  eventLastSeenMs,
  eventRows,
  filterEvents,
  involvedKeyOf,
  lastSeenText,
  latestEventAbout,
} from './events';

const T0 = Date.UTC(2026, 0, 1);
const iso = (s: number) => new Date(T0 + s * 1000).toISOString().replace('.000Z', 'Z');

function ev(name: string, over: Record<string, unknown> = {}, rv = '1'): KObject {
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name, namespace: 'default', resourceVersion: rv },
    type: 'Normal',
    reason: 'Scheduled',
    message: 'Successfully assigned default/web-1 to node-a1',
    involvedObject: { kind: 'Pod', name: 'web-1', namespace: 'default', uid: 'u-web-1' },
    lastTimestamp: iso(10),
    ...over,
  } as KObject;
}

const key = (o: KObject) => `Event/default/${o.metadata.name}`;
const mirror = (...events: KObject[]) => Object.fromEntries(events.map((e) => [key(e), e]));

describe('events', () => {
  it('picks LAST SEEN like printEvent: series, then lastTimestamp, then first seen', () => {
    expect(eventLastSeenMs(ev('a'))).toBe(T0 + 10_000);
    expect(eventLastSeenMs(ev('b', { series: { count: 3, lastObservedTime: iso(30) } }))).toBe(T0 + 30_000);
    expect(eventLastSeenMs(ev('c', { lastTimestamp: undefined, eventTime: iso(5) }))).toBe(T0 + 5_000);
    expect(Number.isNaN(eventLastSeenMs(ev('d', { lastTimestamp: undefined })))).toBe(true);
  });

  it('keys the involved object; nodes have no namespace', () => {
    expect(involvedKeyOf(ev('a'))).toBe('Pod/default/web-1');
    expect(involvedKeyOf(ev('n', { involvedObject: { kind: 'Node', name: 'node-a1', uid: 'node-a1' } }))).toBe('Node//node-a1');
    expect(involvedKeyOf(ev('x', { involvedObject: {} }))).toBeNull();
  });

  it('sorts newest first, ties by resourceVersion, and prints OBJECT as kind/name', () => {
    const rows = eventRows(
      Object.values(
        mirror(
          ev('old', { lastTimestamp: iso(1) }, '5'),
          ev('new', { lastTimestamp: iso(20) }, '6'),
          ev('tie-early', { lastTimestamp: iso(20) }, '4'),
          ev('node', { involvedObject: { kind: 'Node', name: 'node-a1' }, lastTimestamp: iso(2) }, '7'),
        ),
      ),
    );
    expect(rows.map((r) => r.key)).toEqual([
      'Event/default/new',
      'Event/default/tie-early',
      'Event/default/node',
      'Event/default/old',
    ]);
    expect(rows[0].object).toBe('pod/web-1');
    expect(rows[2].object).toBe('node/node-a1');
  });

  it('filters by words in any column and by Warning', () => {
    const rows = eventRows(
      Object.values(
        mirror(
          ev('a'),
          ev('b', {
            type: 'Warning',
            reason: 'BackOff',
            message: 'Back-off restarting failed container',
            lastTimestamp: iso(11),
          }),
          ev('c', { reason: 'NodeNotReady', involvedObject: { kind: 'Node', name: 'node-b1' }, message: 'Node is not ready' }),
        ),
      ),
    );
    expect(filterEvents(rows, '', true).map((r) => r.reason)).toEqual(['BackOff']);
    expect(filterEvents(rows, 'NODE-B1', false).map((r) => r.reason)).toEqual(['NodeNotReady']);
    expect(filterEvents(rows, 'pod restarting', false).map((r) => r.reason)).toEqual(['BackOff']);
    expect(filterEvents(rows, 'restarting', true)).toHaveLength(1);
    expect(filterEvents(rows, 'scheduled', true)).toHaveLength(0);
  });

  it('tells the last written event about one object, by uid or by kind/namespace/name', () => {
    const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web-1', namespace: 'default', uid: 'u-web-1' } } as KObject;
    const byUid = ev('by-uid', { involvedObject: { kind: 'Pod', name: 'renamed?', namespace: 'default', uid: 'u-web-1' } }, '7');
    const byName = ev('by-name', {}, '5');
    const other = ev('other', { involvedObject: { kind: 'Pod', name: 'web-2', namespace: 'default', uid: 'u-web-2' } }, '9');
    expect(latestEventAbout([byName, byUid, other], pod, 'Pod/default/web-1')).toBe('7');
    expect(latestEventAbout([byName, other], pod, 'Pod/default/web-1')).toBe('5');
    expect(latestEventAbout([other], pod, 'Pod/default/web-1')).toBe('');
  });

  it('prints LAST SEEN as a human duration', () => {
    const [row] = eventRows(Object.values(mirror(ev('a'))));
    expect(lastSeenText(row, T0 + 10_000 + 200_000)).toBe('3m20s');
    expect(lastSeenText({ ...row, lastSeenMs: Number.NaN }, T0)).toBe('<unknown>');
  });

  it('counts the events shown, and says when the page holds only the newest', () => {
    expect(eventCountText(42, 42, 42)).toBe('42 events');
    expect(eventCountText(5, 42, 0)).toBe('5 of 42 events');
    expect(eventCountText(1000, 1000, 743_210)).toBe('newest 1,000 of 743,210 events');
    expect(eventCountText(5, 1000, 743_210)).toBe('5 of the newest 1,000 of 743,210 events');
  });
});
