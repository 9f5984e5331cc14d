// RateLimitedTimedQueue (pkg/controller/nodelifecycle/scheduler/rate_limited_queue.go): the per-zone
// queue of nodes waiting for a NoExecute taint. A unique queue ordered by the time each node may be
// processed, drained through a token bucket (burst 1) that decides how fast a zone's nodes get
// tainted; the controller swaps the bucket's rate as the zone's health changes.
//
// Semantics kept from upstream: a value stays "known" after it was processed (removeFromQueue), so
// adding it again is refused until remove() is called; try() takes a token before it even looks at
// the head, so a head that turns out not to need a taint still costs one; swapping to a rate ≤ 0
// installs a limiter that never accepts; swapping while the old bucket is empty drains the new one.
// Times are virtual ms; a retried value waits `wait` ms plus a nanosecond, like `wait + 1` in Go.

import { TokenBucket } from '../../runtime/rate-limiters';

/** EvictionRateLimiterBurst. */
export const EVICTION_RATE_LIMITER_BURST = 1;
/** NodeEvictionPeriod: how often the zone queues are tried. */
export const NODE_EVICTION_PERIOD_MS = 100;
/** One nanosecond, in ms. */
const NANOSECOND_MS = 1e-6;

export interface TimedValue {
  value: string;
  uid: string;
  addedAt: number;
  processAt: number;
}

interface Entry extends TimedValue {
  seq: number;
  live: boolean;
}

/** What the action returns: done (drop from the queue), or retry after `waitMs`. */
export type ActionResult = { ok: true } | { ok: false; waitMs: number };

function before(a: Entry, b: Entry): boolean {
  return a.processAt < b.processAt || (a.processAt === b.processAt && a.seq < b.seq);
}

export class RateLimitedTimedQueue {
  /** Binary min-heap by (processAt, insertion order); removed entries stay until they reach the top. */
  private heap: Entry[] = [];
  /** value → its live heap entry. */
  private readonly queued = new Map<string, Entry>();
  /** Values added and not yet removed (processed ones stay here). */
  private readonly known = new Set<string>();
  private limiter: TokenBucket | undefined;
  private seq = 0;

  constructor(qps: number) {
    this.limiter = qps > 0 ? new TokenBucket(qps, EVICTION_RATE_LIMITER_BURST) : undefined;
  }

  /** The limiter's rate (0 for the never-accepting limiter). */
  get qps(): number {
    return this.limiter?.qps ?? 0;
  }

  /** Values waiting to be processed. */
  get size(): number {
    return this.queued.size;
  }

  /** Whether the limiter can ever accept (false after a swap to rate 0). */
  get accepting(): boolean {
    return this.limiter !== undefined;
  }

  /** Whether `value` was added and not removed (it may already have been processed). */
  has(value: string): boolean {
    return this.known.has(value);
  }

  /** Whether `value` is waiting to be processed. */
  isQueued(value: string): boolean {
    return this.queued.has(value);
  }

  /** Values waiting, in processing order. */
  values(): string[] {
    return [...this.queued.values()].sort((a, b) => (before(a, b) ? -1 : 1)).map((e) => e.value);
  }

  /** Adds `value` to be processed now; false if it is already known. */
  add(value: string, uid: string, nowMs: number): boolean {
    if (this.known.has(value)) return false;
    this.known.add(value);
    this.push({ value, uid, addedAt: nowMs, processAt: nowMs, seq: this.seq++, live: true });
    return true;
  }

  /** Forgets `value` entirely, so it may be added again. False if it was not known. */
  remove(value: string): boolean {
    if (!this.known.delete(value)) return false;
    this.drop(value);
    return true;
  }

  clear(): void {
    this.heap = [];
    this.queued.clear();
    this.known.clear();
  }

  /**
   * Processes the queue head by head while the limiter gives tokens and heads are due: `fn` true
   * takes the head out of the queue (it stays known), false puts it back for `now + waitMs`.
   */
  try(nowMs: number, fn: (value: TimedValue) => ActionResult): void {
    let head = this.head();
    while (head) {
      if (!this.limiter || !this.limiter.tryAccept(nowMs)) break;
      if (nowMs < head.processAt) break;
      const result = fn(head);
      if (result.ok) {
        this.drop(head.value);
      } else {
        this.drop(head.value);
        this.push({ ...head, processAt: nowMs + result.waitMs + NANOSECOND_MS, seq: this.seq++, live: true });
      }
      head = this.head();
    }
  }

  /** SwapLimiter: a new bucket (burst 1) at `qps` unless the rate is unchanged. */
  swapLimiter(qps: number, nowMs: number): void {
    if (this.qps === qps) return;
    if (qps <= 0) {
      this.limiter = undefined;
      return;
    }
    const next = new TokenBucket(qps, EVICTION_RATE_LIMITER_BURST);
    // Waiting on the old limiter: start the new one empty too.
    if (!this.limiter || !this.limiter.tryAccept(nowMs)) next.tryAccept(nowMs);
    this.limiter = next;
  }

  private drop(value: string): void {
    const entry = this.queued.get(value);
    if (!entry) return;
    entry.live = false;
    this.queued.delete(value);
    // Removed entries wait in the heap until they reach the top; rebuild when they dominate.
    if (this.heap.length > 64 && this.heap.length > 2 * this.queued.size) this.rebuild();
  }

  private rebuild(): void {
    const live = this.heap.filter((e) => e.live).sort((a, b) => (before(a, b) ? -1 : 1));
    // A sorted array is a valid heap.
    this.heap = live;
  }

  private head(): Entry | undefined {
    const heap = this.heap;
    while (heap.length > 0 && !heap[0].live) this.pop();
    return heap[0];
  }

  private push(entry: Entry): void {
    this.queued.set(entry.value, entry);
    const heap = this.heap;
    heap.push(entry);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(heap[i], heap[parent])) break;
      [heap[i], heap[parent]] = [heap[parent], heap[i]];
      i = parent;
    }
  }

  private pop(): void {
    const heap = this.heap;
    const last = heap.pop()!;
    if (heap.length === 0) return;
    heap[0] = last;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let min = i;
      if (l < heap.length && before(heap[l], heap[min])) min = l;
      if (r < heap.length && before(heap[r], heap[min])) min = r;
      if (min === i) break;
      [heap[i], heap[min]] = [heap[min], heap[i]];
      i = min;
    }
  }
}
