import { describe, expect, it } from 'vitest';
import { EventQueue, type ScheduledEvent } from './event-queue';
import { SeededRandom } from './random';

interface Ref {
  time: number;
  priority: number;
  seq: number;
  id: number;
}

function drain(queue: EventQueue): ScheduledEvent[] {
  const out: ScheduledEvent[] = [];
  for (let e = queue.pop(); e; e = queue.pop()) out.push(e);
  return out;
}

const byKey = (a: Ref, b: Ref) => a.time - b.time || a.priority - b.priority || a.seq - b.seq;

describe('EventQueue', () => {
  it('pops in (time, priority, sequence) order', () => {
    const q = new EventQueue();
    q.push(5, 10, () => {}, 'c');
    q.push(1, 20, () => {}, 'b');
    q.push(1, 0, () => {}, 'a');
    q.push(5, 10, () => {}, 'd');
    q.push(5, 0, () => {}, 'e');
    expect(drain(q).map((e) => e.label)).toEqual(['a', 'b', 'e', 'c', 'd']);
  });

  it('keeps ties FIFO', () => {
    const q = new EventQueue();
    for (let i = 0; i < 50; i++) q.push(7, 1, () => {}, String(i));
    expect(drain(q).map((e) => Number(e.label))).toEqual([...Array(50).keys()]);
  });

  it.each([1, 2, 3, 42, 2026])('matches a sorted reference under random interleavings (seed %i)', (seed) => {
    const random = new SeededRandom(seed);
    const q = new EventQueue();
    const live = new Map<number, { ref: Ref; event: ScheduledEvent }>();
    const popped: number[] = [];
    const expected: number[] = [];
    let id = 0;
    for (let step = 0; step < 3000; step++) {
      const r = random.int(10);
      if (r < 6) {
        // Few distinct times and priorities so ties are common.
        const ref: Ref = { time: random.int(20), priority: random.int(3) * 10, seq: 0, id: id++ };
        const event = q.push(ref.time, ref.priority, () => {}, String(ref.id));
        ref.seq = event.seq;
        live.set(ref.id, { ref, event });
      } else if (r < 8) {
        const sorted = [...live.values()].map((v) => v.ref).sort(byKey);
        const top = q.pop();
        if (sorted.length === 0) {
          expect(top).toBeUndefined();
          continue;
        }
        expect(Number(top!.label)).toBe(sorted[0].id);
        popped.push(sorted[0].id);
        expected.push(sorted[0].id);
        live.delete(sorted[0].id);
      } else if (live.size > 0) {
        const keys = [...live.keys()];
        const victim = keys[random.int(keys.length)];
        q.cancel(live.get(victim)!.event);
        live.delete(victim);
      }
      expect(q.size).toBe(live.size);
    }
    const rest = [...live.values()]
      .map((v) => v.ref)
      .sort(byKey)
      .map((r) => r.id);
    expect(drain(q).map((e) => Number(e.label))).toEqual(rest);
    expect(popped).toEqual(expected);
    expect(q.size).toBe(0);
  });

  it('keeps the order past its initial capacity and through the rebuild that sheds cancelled events', () => {
    const random = new SeededRandom(7);
    const q = new EventQueue();
    const refs: { ref: Ref; event: ScheduledEvent }[] = [];
    for (let id = 0; id < 5000; id++) {
      const ref: Ref = { time: random.int(500), priority: random.int(3) * 10, seq: 0, id };
      const event = q.push(ref.time, ref.priority, () => {}, String(id));
      ref.seq = event.seq;
      refs.push({ ref, event });
    }
    // Cancelling more than half makes the queue rebuild itself (at least 1,024 queued).
    const kept = refs.filter((r, i) => {
      if (i % 5 < 3) {
        r.event.cancel();
        return false;
      }
      return true;
    });
    expect(q.size).toBe(kept.length);
    const expected = kept
      .map((r) => r.ref)
      .sort(byKey)
      .map((r) => r.id);
    expect(drain(q).map((e) => Number(e.label))).toEqual(expected);
    expect(refs.every((r) => r.event.done)).toBe(true);
  });

  it('cancel drops an event and keeps size right; cancelling twice or after it ran is a no-op', () => {
    const q = new EventQueue();
    const a = q.push(1, 0, () => {}, 'a');
    const b = q.push(2, 0, () => {}, 'b');
    expect(q.size).toBe(2);
    q.cancel(a);
    q.cancel(a);
    expect(q.size).toBe(1);
    expect(q.peek()?.label).toBe('b');
    expect(q.pop()).toBe(b);
    q.cancel(b); // already ran
    expect(q.size).toBe(0);
    expect(q.pop()).toBeUndefined();
    expect(q.peek()).toBeUndefined();
  });

  it('requeue puts an event that ran back in line as a new push would, and refuses one still queued or cancelled', () => {
    const q = new EventQueue();
    const a = q.push(1, 0, () => {}, 'a');
    q.push(5, 0, () => {}, 'b');
    const c = q.push(9, 0, () => {}, 'c');
    expect(() => q.requeue(a, 3)).toThrow(/only an event that ran/);
    expect(q.pop()).toBe(a);
    q.requeue(a, 5); // after b: same time, later sequence
    expect(a.done).toBe(false);
    expect(q.size).toBe(3);
    expect(drain(q).map((e) => e.label)).toEqual(['b', 'a', 'c']);
    expect(a.time).toBe(5);
    expect(c.done).toBe(true);
    const d = q.push(10, 0, () => {}, 'd');
    d.cancel();
    expect(q.pop()).toBeUndefined(); // drops d: done, and cancelled
    expect(() => q.requeue(d, 11)).toThrow(/only an event that ran/);
    // Cancelling a requeued event works as for any queued one.
    q.requeue(a, 7);
    a.cancel();
    expect(q.size).toBe(0);
    expect(q.pop()).toBeUndefined();
  });

  it('refuses NaN times', () => {
    expect(() => new EventQueue().push(Number.NaN, 0, () => {})).toThrow(/invalid time/);
  });
});
