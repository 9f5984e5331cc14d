import { describe, expect, it } from 'vitest';
import type { KObject } from '../k8s/types';
import type { ClockState } from '../protocol/messages';
import { DeltaBatcher, LARGE_MIRROR, LARGE_MIRROR_EVERY_MS, MAX_OBJECTS_PERIOD_MS, objectsPeriodMs } from './batcher';
import { MIRRORED_EVENTS } from './newest-events';

const clock = (now: number, over: Partial<ClockState> = {}): ClockState => ({
  now,
  unixMs: now,
  timestamp: '',
  speed: 1,
  playing: true,
  nextEventTime: null,
  ...over,
});
const pod = (name: string, rv: number): KObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'default', resourceVersion: String(rv) },
});

const event = (i: number): KObject => ({
  apiVersion: 'v1',
  kind: 'Event',
  metadata: { name: `e${i}`, namespace: 'default' },
});

describe('DeltaBatcher', () => {
  it('returns null when no object changed and the clock did not move', () => {
    const b = new DeltaBatcher();
    expect(b.take(clock(0), () => [])).toMatchObject({ seq: 1, reset: false, upserts: [], deletes: [] });
    expect(b.take(clock(0), () => [])).toBeNull();
    expect(b.take(clock(0, { playing: false }), () => [])).toMatchObject({ seq: 2 });
    expect(b.take(clock(5, { playing: false }), () => [])).toMatchObject({ seq: 3, clock: { now: 5 } });
  });

  it('coalesces writes between takes', () => {
    const b = new DeltaBatcher();
    b.take(clock(0), () => []);
    b.add({ type: 'ADDED', object: pod('a', 1) });
    b.add({ type: 'MODIFIED', object: pod('a', 2) });
    b.add({ type: 'MODIFIED', object: pod('b', 3) });
    b.add({ type: 'DELETED', object: pod('b', 4) });
    const d = b.take(clock(0), () => [])!;
    expect(d.upserts.map((o) => o.metadata.resourceVersion)).toEqual(['2']);
    expect(d.deletes).toEqual(['Pod/default/b']);
  });

  it('reset sends a snapshot and ignores writes until then (the snapshot includes them)', () => {
    const b = new DeltaBatcher();
    b.reset();
    b.add({ type: 'ADDED', object: pod('a', 1) });
    const d = b.take(clock(0), () => [pod('a', 1), pod('b', 2)])!;
    expect(d.reset).toBe(true);
    expect(d.upserts.map((o) => o.metadata.name)).toEqual(['a', 'b']);
    expect(b.take(clock(0), () => [])).toBeNull();
  });

  it('adds the machines only when their version changed, and again after a reset', () => {
    const b = new DeltaBatcher();
    let built = 0;
    const machines = (version: string) => ({
      version,
      snapshot: () => {
        built++;
        return [{ name: 'node-a1', zone: 'zone-a', running: version !== 'v1', reachable: true }];
      },
    });
    expect(b.take(clock(0), () => [], machines('v0'))?.machines).toEqual([
      { name: 'node-a1', zone: 'zone-a', running: true, reachable: true },
    ]);
    expect(b.take(clock(0), () => [], machines('v0'))).toBeNull();
    expect(b.take(clock(5), () => [], machines('v0'))?.machines).toBeUndefined();
    // a machine change alone is worth a delta
    expect(b.take(clock(5), () => [], machines('v1'))?.machines?.[0].running).toBe(false);
    expect(built).toBe(2);
    b.reset();
    const d = b.take(clock(5), () => [], machines('v1'))!;
    expect(d.reset).toBe(true);
    expect(d.machines).toHaveLength(1);
    expect(built).toBe(3);
  });

  it('paces the object changes of a large mirror, not the clock, and never holds them back for good', () => {
    const b = new DeltaBatcher();
    const big = Array.from({ length: LARGE_MIRROR + 1 }, (_, i) => pod(`p${i}`, 1));
    b.reset();
    expect(b.take(clock(0), () => big, undefined, 1000)!.upserts).toHaveLength(LARGE_MIRROR + 1);
    b.add({ type: 'MODIFIED', object: pod('p1', 2) });
    expect(b.take(clock(0), () => [], undefined, 1000 + LARGE_MIRROR_EVERY_MS)!.upserts).toHaveLength(1);
    b.add({ type: 'MODIFIED', object: pod('p2', 3) });
    // too soon after the last object delta: only the clock goes
    const held = b.take(clock(16), () => [], undefined, 1010 + LARGE_MIRROR_EVERY_MS)!;
    expect(held).toMatchObject({ upserts: [], deletes: [], clock: { now: 16 } });
    expect(b.holdsObjects).toBe(true);
    expect(b.take(clock(16), () => [], undefined, 1020 + LARGE_MIRROR_EVERY_MS)).toBeNull();
    b.add({ type: 'MODIFIED', object: pod('p2', 4) });
    const sent = b.take(clock(16), () => [], undefined, 1000 + 2 * LARGE_MIRROR_EVERY_MS)!;
    expect(sent.upserts.map((o) => o.metadata.resourceVersion)).toEqual(['4']);
    expect(b.holdsObjects).toBe(false);
  });

  it('sends every change of a small mirror at once, however many Events it holds', () => {
    const b = new DeltaBatcher();
    b.reset();
    b.take(clock(0), () => Array.from({ length: LARGE_MIRROR + 1 }, (_, i) => event(i)), undefined, 0);
    b.add({ type: 'ADDED', object: pod('a', 1) });
    expect(b.take(clock(0), () => [], undefined, 1)!.upserts).toHaveLength(1);
    b.add({ type: 'MODIFIED', object: pod('a', 2) });
    expect(b.take(clock(0), () => [], undefined, 2)!.upserts).toHaveLength(1);
  });

  it('spaces the object deltas of a bigger mirror further apart, Events aside, up to 2 s', () => {
    expect(objectsPeriodMs(LARGE_MIRROR)).toBe(0);
    expect(objectsPeriodMs(LARGE_MIRROR + 1)).toBe(LARGE_MIRROR_EVERY_MS);
    expect(objectsPeriodMs(10_000_000)).toBe(MAX_OBJECTS_PERIOD_MS);
    const period = objectsPeriodMs(20_000);
    expect(period).toBeGreaterThanOrEqual(LARGE_MIRROR_EVERY_MS);

    const b = new DeltaBatcher();
    b.reset();
    const snapshot = [
      ...Array.from({ length: 19_999 }, (_, i) => pod(`p${i}`, 1)),
      ...Array.from({ length: 30_000 }, (_, i) => event(i)),
    ];
    b.take(clock(0), () => snapshot, undefined, 1000);
    b.add({ type: 'ADDED', object: pod('p20000', 1) }); // 20,000 objects mirrored
    expect(b.take(clock(16), () => [], undefined, 1000 + period - 1)!.upserts).toEqual([]);
    expect(b.take(clock(32), () => [], undefined, 1000 + period)!.upserts).toHaveLength(1);
  });
});

describe('DeltaBatcher and Events', () => {
  const numbered = (i: number): KObject => ({ ...event(i), metadata: { ...event(i).metadata, resourceVersion: String(i) } });

  it('sends only the newest MIRRORED_EVENTS Events of a snapshot, and how many there are', () => {
    const b = new DeltaBatcher();
    b.reset();
    const events = Array.from({ length: MIRRORED_EVENTS + 50 }, (_, i) => numbered(i + 1)).reverse();
    const d = b.take(clock(0), () => [pod('a', 1), ...events])!;
    const sent = d.upserts.filter((o) => o.kind === 'Event').map((o) => Number(o.metadata.resourceVersion));
    expect(sent).toHaveLength(MIRRORED_EVENTS);
    expect(Math.min(...sent)).toBe(51);
    expect(d.upserts.filter((o) => o.kind === 'Pod')).toHaveLength(1);
    expect(d.eventsTotal).toBe(MIRRORED_EVENTS + 50);
  });

  it('forgets the oldest Event when a new one comes, and ignores the deletion of a forgotten one', () => {
    const b = new DeltaBatcher();
    b.reset();
    b.take(clock(0), () => Array.from({ length: MIRRORED_EVENTS }, (_, i) => numbered(i + 1)));
    b.add({ type: 'ADDED', object: numbered(MIRRORED_EVENTS + 1) });
    let d = b.take(clock(16), () => [])!;
    expect(d.upserts.map((o) => o.metadata.name)).toEqual([`e${MIRRORED_EVENTS + 1}`]);
    expect(d.deletes).toEqual(['Event/default/e1']);
    expect(d.eventsTotal).toBe(MIRRORED_EVENTS + 1);

    // e2 written again: now the newest, so e3 goes when the next one comes
    b.add({ type: 'MODIFIED', object: numbered(2) });
    b.add({ type: 'ADDED', object: numbered(MIRRORED_EVENTS + 2) });
    d = b.take(clock(32), () => [])!;
    expect(d.upserts.map((o) => o.metadata.name)).toEqual(['e2', `e${MIRRORED_EVENTS + 2}`]);
    expect(d.deletes).toEqual(['Event/default/e3']);

    b.add({ type: 'DELETED', object: numbered(1) }); // forgotten already: the page does not have it
    d = b.take(clock(48), () => [])!;
    expect(d.deletes).toEqual([]);
    expect(d.eventsTotal).toBe(MIRRORED_EVENTS + 1);
    b.add({ type: 'DELETED', object: numbered(2) });
    expect(b.take(clock(64), () => [])!.deletes).toEqual(['Event/default/e2']);
  });

  it('sends nothing for an Event created and forgotten between two deltas', () => {
    const b = new DeltaBatcher();
    b.reset();
    b.take(clock(0), () => []);
    for (let i = 1; i <= MIRRORED_EVENTS + 10; i++) b.add({ type: 'ADDED', object: numbered(i) });
    const d = b.take(clock(16), () => [])!;
    expect(d.upserts).toHaveLength(MIRRORED_EVENTS);
    expect(d.deletes).toEqual([]);
    expect(d.eventsTotal).toBe(MIRRORED_EVENTS + 10);
  });
});
