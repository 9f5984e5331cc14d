// How often each key of a work queue was synced at the current instant, so that a livelock (the
// clock's guard) names the key that spun. Only that label ever reads the counts, and once time
// has moved on it can only read the busiest key and its count: so when any queue on the same
// clock syncs at a later instant, an earlier instant's counts are reduced to that pair. The map
// they filled (a key per pod, for queues like the garbage collector's) is not kept until the same
// queue happens to sync again.

import type { Clock } from '../clock/clock';

export interface BusiestKey {
  readonly key: string;
  readonly count: number;
}

/** The counters of each clock that still hold an instant's map. */
const holdingCounts = new WeakMap<Clock, Set<SyncCounts>>();

export class SyncCounts {
  private instant = -1;
  private readonly counts = new Map<string, number>();
  /** The busiest key of `instant` once its map was let go. */
  private retired: BusiestKey | undefined;

  constructor(private readonly clock: Clock) {}

  /** One more sync of `key` at `nowMs` (the clock's current time). */
  count(key: string, nowMs: number): void {
    if (nowMs !== this.instant) this.startInstant(nowMs);
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  /** The key synced most often at the latest instant this queue synced at (the first of equals). */
  busiest(): BusiestKey | undefined {
    return this.counts.size > 0 ? this.tally() : this.retired;
  }

  private startInstant(nowMs: number): void {
    this.instant = nowMs;
    this.counts.clear();
    this.retired = undefined;
    let holding = holdingCounts.get(this.clock);
    if (!holding) holdingCounts.set(this.clock, (holding = new Set()));
    for (const other of holding) {
      if (other.instant === nowMs) continue;
      other.retire();
      holding.delete(other);
    }
    holding.add(this);
  }

  private retire(): void {
    this.retired = this.tally();
    this.counts.clear();
  }

  private tally(): BusiestKey | undefined {
    let key: string | undefined;
    let count = 0;
    for (const [k, n] of this.counts) {
      if (n > count) {
        key = k;
        count = n;
      }
    }
    return key === undefined ? undefined : { key, count };
  }
}
