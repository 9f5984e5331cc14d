import { describe, expect, it } from 'vitest';
import { Clock, ClockLivelockError, DEFAULT_EPOCH_MS, MAX_EVENTS_PER_INSTANT, Priority, VirtualTimeLimitError } from './clock';
import { SeededRandom } from './random';

describe('Clock basics', () => {
  it('starts at zero on the fixed epoch', () => {
    const clock = new Clock();
    expect(clock.now()).toBe(0);
    expect(clock.nowUnixMs()).toBe(DEFAULT_EPOCH_MS);
    expect(clock.timestamp()).toBe('2026-01-01T00:00:00Z');
  });

  it.each([
    [0, '2026-01-01T00:00:00Z'],
    [999, '2026-01-01T00:00:00Z'],
    [1000, '2026-01-01T00:00:01Z'],
    [61_500, '2026-01-01T00:01:01Z'],
    [86_400_000, '2026-01-02T00:00:00Z'],
  ])('timestamp(%i) = %s (second precision) and parses back', (ms, ts) => {
    const clock = new Clock();
    expect(clock.timestamp(ms)).toBe(ts);
    expect(clock.parseTimestamp(ts)).toBe(Math.floor(ms / 1000) * 1000);
  });

  it('microTimestamp() is the instant with microseconds, as Date writes it', () => {
    const random = new SeededRandom(9);
    for (const epoch of [DEFAULT_EPOCH_MS, DEFAULT_EPOCH_MS + 437, 0]) {
      const clock = new Clock(epoch);
      const seen: [string, string][] = [];
      for (let i = 0; i < 300; i++) {
        // Steps within a second, across seconds and fractional milliseconds.
        clock.advance(random.int(3) === 0 ? random.int(5000) : random.int(7) + random.int(2) * 0.5);
        seen.push([clock.microTimestamp(), new Date(clock.nowUnixMs()).toISOString().replace('Z', '000Z')]);
      }
      for (const [mine, date] of seen) expect(mine).toBe(date);
    }
    expect(new Clock().microTimestamp()).toBe('2026-01-01T00:00:00.000000Z');
  });

  it('runs events in (time, priority, sequence) order', () => {
    const clock = new Clock();
    const log: string[] = [];
    clock.at(100, () => log.push('t100-controller'), Priority.controller);
    clock.at(100, () => log.push('t100-api'), Priority.api);
    clock.at(50, () => log.push('t50-periodic'), Priority.periodic);
    clock.at(100, () => log.push('t100-controller-2'), Priority.controller);
    clock.after(100, () => log.push('t100-periodic'), Priority.periodic);
    clock.advance(100);
    expect(log).toEqual(['t50-periodic', 't100-api', 't100-controller', 't100-controller-2', 't100-periodic']);
    expect(clock.eventsExecuted).toBe(5);
  });

  it.each([1, 2, 3])('matches a sorted reference for random schedules (seed %i)', (seed) => {
    const random = new SeededRandom(seed);
    const clock = new Clock();
    const scheduled: { time: number; priority: number; seq: number }[] = [];
    const ran: number[] = [];
    for (let seq = 0; seq < 500; seq++) {
      const time = random.int(50);
      const priority = [Priority.api, Priority.controller, Priority.periodic][random.int(3)];
      scheduled.push({ time, priority, seq });
      clock.at(time, () => ran.push(seq), priority);
    }
    clock.advance(50);
    const expected = [...scheduled].sort((a, b) => a.time - b.time || a.priority - b.priority || a.seq - b.seq).map((e) => e.seq);
    expect(ran).toEqual(expected);
  });

  it('events scheduled in the past run now, never earlier', () => {
    const clock = new Clock();
    clock.advance(1000);
    let at = -1;
    clock.at(10, () => (at = clock.now()));
    clock.after(-50, () => {});
    expect(clock.nextEventTime()).toBe(1000);
    clock.runDue();
    expect(at).toBe(1000);
  });

  it('an event scheduled by a callback for the same instant runs in the same advance, after the current one', () => {
    const clock = new Clock();
    const log: string[] = [];
    clock.at(10, () => {
      log.push('a');
      clock.after(0, () => log.push('c'));
    });
    clock.at(10, () => log.push('b'));
    clock.advance(10);
    expect(log).toEqual(['a', 'b', 'c']);
  });
});

describe('Clock.advance / runDue / step', () => {
  it('never goes backwards', () => {
    const clock = new Clock();
    clock.advance(500);
    expect(() => clock.advance(-1)).toThrow('time never goes backwards');
    expect(clock.now()).toBe(500);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY])('refuses a non-finite duration (%s)', (d) => {
    const clock = new Clock();
    clock.every(10, () => {});
    expect(() => clock.advance(d)).toThrow(/finite/);
    expect(clock.now()).toBe(0);
  });

  it('moves time to the target even with no events, and each event sees its own time', () => {
    const clock = new Clock();
    const seen: number[] = [];
    clock.at(30, () => seen.push(clock.now()));
    clock.at(70, () => seen.push(clock.now()));
    clock.advance(50);
    expect(seen).toEqual([30]);
    expect(clock.now()).toBe(50);
    clock.advance(50);
    expect(seen).toEqual([30, 70]);
    expect(clock.now()).toBe(100);
  });

  it('runDue runs only what is due now', () => {
    const clock = new Clock();
    const log: string[] = [];
    clock.after(0, () => log.push('now'));
    clock.after(1, () => log.push('later'));
    clock.runDue();
    expect(log).toEqual(['now']);
    expect(clock.now()).toBe(0);
    expect(clock.pendingEvents).toBe(1);
  });

  it('step jumps to the next event and runs everything due then', () => {
    const clock = new Clock();
    const log: number[] = [];
    clock.at(40, () => log.push(1));
    clock.at(40, () => log.push(2));
    clock.at(90, () => log.push(3));
    expect(clock.step()).toBe(true);
    expect(log).toEqual([1, 2]);
    expect(clock.now()).toBe(40);
    expect(clock.step()).toBe(true);
    expect(clock.now()).toBe(90);
    expect(clock.step()).toBe(false);
    expect(clock.now()).toBe(90);
  });

  it('a throwing callback propagates, the clock stays usable', () => {
    const clock = new Clock();
    const log: string[] = [];
    clock.at(10, () => {
      throw new Error('boom');
    });
    clock.at(20, () => log.push('after'));
    expect(() => clock.advance(30)).toThrow('boom');
    expect(clock.now()).toBe(10);
    clock.advance(20);
    expect(log).toEqual(['after']);
  });
});

describe('Clock cancel', () => {
  it('a cancelled event never runs and is not pending', () => {
    const clock = new Clock();
    const log: string[] = [];
    const h = clock.after(10, () => log.push('x'));
    clock.after(20, () => log.push('y'));
    expect(clock.pendingEvents).toBe(2);
    h.cancel();
    expect(clock.pendingEvents).toBe(1);
    clock.advance(30);
    expect(log).toEqual(['y']);
  });

  it('cancelling an event that already ran does not corrupt the pending count', () => {
    const clock = new Clock();
    const h = clock.after(10, () => {});
    clock.advance(10);
    h.cancel();
    h.cancel();
    expect(clock.pendingEvents).toBe(0);
    clock.after(5, () => {});
    expect(clock.pendingEvents).toBe(1);
  });

  it('an event can cancel a later one at the same instant', () => {
    const clock = new Clock();
    const log: string[] = [];
    const handles: { second?: { cancel(): void } } = {};
    clock.at(10, () => {
      log.push('first');
      handles.second?.cancel();
    });
    handles.second = clock.at(10, () => log.push('second'));
    clock.advance(10);
    expect(log).toEqual(['first']);
  });
});

describe('Clock.every', () => {
  it('runs every period, first after one period by default', () => {
    const clock = new Clock();
    const times: number[] = [];
    clock.every(100, () => times.push(clock.now()));
    clock.advance(350);
    expect(times).toEqual([100, 200, 300]);
  });

  it('honours initialDelayMs and jitter (extra delay per period)', () => {
    const clock = new Clock();
    const times: number[] = [];
    const jitters = [5, 0, 17];
    let i = 0;
    clock.every(100, () => times.push(clock.now()), { initialDelayMs: 0, jitter: () => jitters[i++ % jitters.length] });
    clock.advance(400);
    expect(times).toEqual([0, 105, 205, 322]);
  });

  it('cancel from outside stops it and leaves nothing pending', () => {
    const clock = new Clock();
    let n = 0;
    const h = clock.every(10, () => n++);
    clock.advance(35);
    h.cancel();
    expect(clock.pendingEvents).toBe(0);
    clock.advance(100);
    expect(n).toBe(3);
  });

  it('cancel inside the callback stops it for good and keeps the pending count right', () => {
    const clock = new Clock();
    let n = 0;
    const h = clock.every(10, () => {
      n++;
      if (n === 2) h.cancel();
    });
    clock.after(1000, () => {});
    clock.advance(100);
    expect(n).toBe(2);
    expect(clock.pendingEvents).toBe(1);
  });

  it('keeps ticking after a callback throws', () => {
    const clock = new Clock();
    let n = 0;
    clock.every(10, () => {
      n++;
      if (n === 1) throw new Error('tick failed');
    });
    expect(() => clock.advance(10)).toThrow('tick failed');
    clock.advance(20);
    expect(n).toBe(3);
  });

  it.each([0, -5, Number.NaN])('refuses a period of %s', (period) => {
    expect(() => new Clock().every(period, () => {})).toThrow(/positive period/);
  });

  it('clamps a negative jitter: later ticks are at least 1 ms apart (no spin at one instant)', () => {
    const clock = new Clock();
    const times: number[] = [];
    clock.every(10, () => times.push(clock.now()), { jitter: () => -50 });
    clock.advance(12);
    expect(times).toEqual([10, 11, 12]);
  });

  it('initialDelayMs 0 runs the first tick now', () => {
    const clock = new Clock();
    const times: number[] = [];
    clock.every(10, () => times.push(clock.now()), { initialDelayMs: 0 });
    clock.runDue();
    expect(times).toEqual([0]);
  });
});

describe('Clock.runUntilCondition', () => {
  it('returns true as soon as the condition holds, without running further', () => {
    const clock = new Clock();
    let done = false;
    clock.at(300, () => (done = true));
    clock.at(500, () => {});
    expect(clock.runUntilCondition(() => done, 10_000)).toBe(true);
    expect(clock.now()).toBe(300);
    expect(clock.pendingEvents).toBe(1);
  });

  it('checks the condition before running anything beyond what is due', () => {
    const clock = new Clock();
    let ran = false;
    clock.at(10, () => (ran = true));
    expect(clock.runUntilCondition(() => true, 1000)).toBe(true);
    expect(ran).toBe(false);
    expect(clock.now()).toBe(0);
  });

  it('stops at the deadline when the condition never holds', () => {
    const clock = new Clock();
    let ticks = 0;
    clock.every(100, () => ticks++);
    expect(clock.runUntilCondition(() => false, 1050)).toBe(false);
    expect(clock.now()).toBe(1050);
    expect(ticks).toBe(10);
  });

  it('with an idle queue it jumps to the deadline', () => {
    const clock = new Clock();
    expect(clock.runUntilCondition(() => false, 5000)).toBe(false);
    expect(clock.now()).toBe(5000);
  });

  it('an event exactly at the deadline still runs', () => {
    const clock = new Clock();
    let done = false;
    clock.at(1000, () => (done = true));
    expect(clock.runUntilCondition(() => done, 1000)).toBe(true);
  });

  it('cannot spin forever when callbacks keep scheduling work at the same instant', () => {
    const clock = new Clock();
    const again = () => clock.after(0, again, Priority.controller, 'hot loop');
    clock.after(0, again, Priority.controller, 'hot loop');
    let err: unknown;
    try {
      clock.runUntilCondition(() => false, 1000);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ClockLivelockError);
    expect((err as Error).message).toBe(
      `clock: more than ${MAX_EVENTS_PER_INSTANT} events ran at t=0ms without time moving on (last: "hot loop"); a callback keeps scheduling work at the same instant`,
    );
    expect(clock.now()).toBe(0);
  });

  it('the per-instant limit does not trip on many events spread over time', () => {
    const clock = new Clock();
    let n = 0;
    for (let i = 0; i < MAX_EVENTS_PER_INSTANT + 10; i++) clock.at(i % 2, () => n++);
    clock.advance(2);
    expect(n).toBe(MAX_EVENTS_PER_INSTANT + 10);
  });

  it('the per-instant limit does not count events queued for the instant before it began', () => {
    const clock = new Clock();
    let n = 0;
    // what 150,000 pods bound at one instant do 10 s later: a lot of work at one instant, no loop
    for (let i = 0; i < MAX_EVENTS_PER_INSTANT + 10; i++) clock.at(5, () => n++);
    clock.advance(10);
    expect(n).toBe(MAX_EVENTS_PER_INSTANT + 10);
  });

  it('still trips when those events each schedule more work at the same instant', () => {
    const clock = new Clock();
    const again = () => clock.after(0, again, Priority.controller, 'hot loop');
    for (let i = 0; i < 10; i++) clock.at(5, again, Priority.controller, 'hot loop');
    expect(() => clock.advance(10)).toThrow(ClockLivelockError);
    expect(clock.now()).toBe(5);
  });

  it('refuses a non-finite limit', () => {
    expect(() => new Clock().runUntilCondition(() => false, Number.POSITIVE_INFINITY)).toThrow(/finite/);
  });
});

describe('Clock re-entrancy', () => {
  it.each([
    ['advance', (c: Clock) => c.advance(1)],
    ['runDue', (c: Clock) => c.runDue()],
    ['step', (c: Clock) => c.step()],
    ['runUntilCondition', (c: Clock) => c.runUntilCondition(() => false, 10)],
  ])('a callback that calls %s is refused', (_name, call) => {
    const clock = new Clock();
    let caught: unknown;
    clock.after(5, () => {
      try {
        call(clock);
      } catch (e) {
        caught = e;
      }
    });
    clock.after(100, () => {});
    clock.advance(5);
    expect((caught as Error).message).toBe('clock re-entered: a callback tried to advance time');
    expect(clock.now()).toBe(5);
    clock.advance(95);
    expect(clock.now()).toBe(100);
  });
});

describe('Clock.setTimeLimit', () => {
  it('advance() refuses up front to go past the limit, and runs nothing', () => {
    const clock = new Clock();
    let ran = 0;
    clock.every(1000, () => ran++);
    clock.setTimeLimit(10_000);
    expect(() => clock.advance(10_001)).toThrow(VirtualTimeLimitError);
    expect(clock.now()).toBe(0);
    expect(ran).toBe(0);
    clock.advance(10_000);
    expect(ran).toBe(10);
  });

  it('runUntilCondition() stops at the limit: true if the condition holds by then, else it throws', () => {
    const clock = new Clock();
    let ready = false;
    clock.at(3000, () => (ready = true));
    clock.setTimeLimit(5000);
    expect(clock.runUntilCondition(() => ready, 1_000_000)).toBe(true);
    expect(clock.now()).toBe(3000);
    expect(() => clock.runUntilCondition(() => false, 1_000_000)).toThrow(VirtualTimeLimitError);
    expect(clock.now()).toBe(5000);
  });

  it('a wait that ends before the limit times out as usual', () => {
    const clock = new Clock();
    clock.setTimeLimit(5000);
    expect(clock.runUntilCondition(() => false, 2000)).toBe(false);
    expect(clock.now()).toBe(2000);
  });

  it('is lifted with undefined', () => {
    const clock = new Clock();
    clock.setTimeLimit(1000);
    clock.setTimeLimit(undefined);
    clock.advance(5000);
    expect(clock.now()).toBe(5000);
  });
});
