import { describe, expect, it } from 'vitest';
import { Clock } from '../clock/clock';
import { SyncCounts, type BusiestKey } from './sync-counts';

/** The counts as a queue kept them before: a full map per queue, cleared when it syncs at a new instant. */
class FullCounts {
  private instant = -1;
  private readonly counts = new Map<string, number>();

  count(key: string, nowMs: number): void {
    if (nowMs !== this.instant) {
      this.instant = nowMs;
      this.counts.clear();
    }
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  busiest(): BusiestKey | undefined {
    let found: BusiestKey | undefined;
    for (const [key, count] of this.counts) if (count > (found?.count ?? 0)) found = { key, count };
    return found;
  }
}

describe('SyncCounts', () => {
  it('names the busiest key of the instant, the first of equals', () => {
    const counts = new SyncCounts(new Clock());
    expect(counts.busiest()).toBeUndefined();
    for (const key of ['a', 'b', 'b', 'a', 'c']) counts.count(key, 0);
    expect(counts.busiest()).toEqual({ key: 'a', count: 2 });
    counts.count('c', 5);
    expect(counts.busiest()).toEqual({ key: 'c', count: 1 });
  });

  it('answers as full per-queue counts would, while queues on one clock let go of instants that passed', () => {
    const clock = new Clock();
    const queues = [0, 1, 2].map(() => ({ small: new SyncCounts(clock), full: new FullCounts() }));
    // Another clock's queues are not affected by this clock's time.
    const elsewhere = new SyncCounts(new Clock());
    elsewhere.count('x', 1_000_000);
    let seed = 11;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    let now = 0;
    for (let step = 0; step < 3000; step++) {
      if (next(10) === 0) now += 1 + next(3);
      const q = queues[next(queues.length)];
      const key = `k${next(6)}`;
      q.small.count(key, now);
      q.full.count(key, now);
      for (const { small, full } of queues) expect(small.busiest()).toEqual(full.busiest());
    }
    expect(elsewhere.busiest()).toEqual({ key: 'x', count: 1 });
  });
});
