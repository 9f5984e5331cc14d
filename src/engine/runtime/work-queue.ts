// WorkQueue: client-go's rate-limited delaying work queue (util/workqueue) driven by the virtual
// clock instead of worker goroutines.
//
// The guarantees are client-go's: a key queued twice is processed once (dedup through the dirty
// set); a key is never handed to sync while it is being processed, and one re-added meanwhile is
// processed again afterwards; `addAfter` waits on the clock and keeps the earliest of several
// waits for the same key; `addRateLimited` waits for the rate limiter's delay.
//
// Instead of goroutines blocking on Get(), queueing a key schedules ONE clock event at the current
// instant (Priority.controller) that drains the keys queued at that moment in FIFO order, calling
// sync for each. Keys added while draining wait for the next drain, a new clock event at the same
// instant that runs after whatever else was already due then — so controllers interleave like
// goroutines sharing a CPU, and nothing recurses however much the controllers write.

import type { Clock, TimerHandle } from '../clock/clock';
import { Priority } from '../clock/clock';
import { isApiError } from '../api/errors';
import { defaultControllerRateLimiter, type RateLimiter } from './rate-limiters';
import { SyncCounts } from './sync-counts';

/** What a sync asks for: nothing (done, forget the key), a retry after an error, or a re-check later. */
export type SyncResult = void | undefined | { requeueAfterMs?: number; error?: unknown };

export type SyncFn = (key: string) => SyncResult;

export interface WorkQueueOptions {
  /** Names the drain events on the clock (debugging, timelines). */
  name: string;
  clock: Clock;
  sync: SyncFn;
  /** Default: DefaultControllerRateLimiter (5 ms → 1000 s per key, 10 qps / burst 100 overall). */
  rateLimiter?: RateLimiter<string>;
  /**
   * After this many rate-limited requeues a failing key is dropped (forgotten) instead of being
   * retried, like the deployment controller's maxRetries = 15. Default: retry for ever.
   */
  maxRetries?: number;
  /** Told about every failed sync (returned or thrown), e.g. to log like utilruntime.HandleError. */
  onError?: (key: string, error: unknown, dropped: boolean) => void;
}

export class WorkQueue {
  /** FIFO of keys waiting to be processed (each at most once). */
  private queue: string[] = [];
  /** Index of the queue's head: shifting a large array is O(n), moving a cursor is O(1). */
  private head = 0;
  /** Keys that need processing: queued, or re-added while being processed. */
  private readonly dirty = new Set<string>();
  private readonly processing = new Set<string>();
  /** Keys waiting on the clock (addAfter), with when they become ready. */
  private readonly waiting = new Map<string, { readyAt: number; timer: TimerHandle }>();
  private drainScheduled: TimerHandle | undefined;
  private shuttingDown = false;
  private readonly rateLimiter: RateLimiter<string>;
  /** Syncs per key at the current instant, so a livelock names the key that spun. */
  private readonly syncCounts: SyncCounts;
  /** The drain events' label: names the key synced most often at the current instant. */
  private readonly drainLabel = (): string => {
    const busiest = this.syncCounts.busiest();
    return busiest === undefined
      ? `${this.options.name}: sync`
      : `${this.options.name}: sync of key "${busiest.key}" (${busiest.count} times at this instant)`;
  };

  constructor(private readonly options: WorkQueueOptions) {
    this.rateLimiter = options.rateLimiter ?? defaultControllerRateLimiter<string>();
    this.syncCounts = new SyncCounts(options.clock);
  }

  /** Keys queued and not yet handed to sync (workqueue.Len). */
  get len(): number {
    return this.queue.length - this.head;
  }

  /** Keys waiting on the clock for addAfter / addRateLimited. */
  get waitingCount(): number {
    return this.waiting.size;
  }

  /** Whether `key` is queued, waiting or being processed. */
  has(key: string): boolean {
    return this.dirty.has(key) || this.processing.has(key) || this.waiting.has(key);
  }

  /** Queues `key` now (no-op when it is already queued). */
  add(key: string): void {
    if (this.shuttingDown || this.dirty.has(key)) return;
    this.dirty.add(key);
    // Being processed: it goes back on the queue when that finishes (done()).
    if (this.processing.has(key)) return;
    this.push(key);
  }

  /** Queues `key` after `delayMs` of virtual time; an earlier pending wait for it wins. */
  addAfter(key: string, delayMs: number): void {
    if (this.shuttingDown) return;
    if (delayMs <= 0) {
      this.add(key);
      return;
    }
    const readyAt = this.options.clock.now() + delayMs;
    const pending = this.waiting.get(key);
    if (pending) {
      if (pending.readyAt <= readyAt) return;
      pending.timer.cancel();
    }
    const timer = this.options.clock.at(
      readyAt,
      () => {
        this.waiting.delete(key);
        this.add(key);
      },
      Priority.controller,
      `${this.options.name}: ready ${key}`,
    );
    this.waiting.set(key, { readyAt, timer });
  }

  /** Queues `key` after the rate limiter's delay, counting one more requeue for it. */
  addRateLimited(key: string): void {
    this.addAfter(key, this.rateLimiter.when(key, this.options.clock.now()));
  }

  /** Resets `key`'s failure count (it synced fine). */
  forget(key: string): void {
    this.rateLimiter.forget(key);
  }

  numRequeues(key: string): number {
    return this.rateLimiter.numRequeues(key);
  }

  /** Stops handing out keys and cancels every wait; later adds are ignored. */
  shutDown(): void {
    this.shuttingDown = true;
    for (const w of this.waiting.values()) w.timer.cancel();
    this.waiting.clear();
    this.drainScheduled?.cancel();
    this.drainScheduled = undefined;
  }

  private push(key: string): void {
    this.queue.push(key);
    if (!this.drainScheduled) {
      this.drainScheduled = this.options.clock.after(0, () => this.drain(), Priority.controller, this.drainLabel);
    }
  }

  /** Processes the keys queued when the drain started, in FIFO order. */
  private drain(): void {
    this.drainScheduled = undefined;
    // Keys pushed from here on (by syncs, handlers or done()) schedule the next drain.
    let remaining = this.len;
    try {
      while (remaining-- > 0 && !this.shuttingDown) {
        const key = this.queue[this.head++];
        this.dirty.delete(key);
        this.processing.add(key);
        try {
          this.process(key);
        } finally {
          this.done(key);
        }
      }
    } finally {
      this.compact();
      // A sync that threw a bug out of the drain must not strand the keys behind it.
      if (this.len > 0 && !this.drainScheduled && !this.shuttingDown) {
        this.drainScheduled = this.options.clock.after(0, () => this.drain(), Priority.controller, this.drainLabel);
      }
    }
  }

  private process(key: string): void {
    this.syncCounts.count(key, this.options.clock.now());
    let result: SyncResult;
    try {
      result = this.options.sync(key);
    } catch (e) {
      // An API error (conflict, not found, …) is the ordinary failure Go returns as err. Anything
      // else is a bug in the controller: report it and let it surface instead of retrying for ever.
      if (!isApiError(e)) {
        this.options.onError?.(key, e, true);
        this.forget(key);
        throw e;
      }
      result = { error: e };
    }
    if (result && result.error !== undefined) {
      const maxRetries = this.options.maxRetries ?? Infinity;
      const retry = this.numRequeues(key) < maxRetries;
      this.options.onError?.(key, result.error, !retry);
      if (retry) this.addRateLimited(key);
      else this.forget(key);
      return;
    }
    this.forget(key);
    if (result && result.requeueAfterMs !== undefined) this.addAfter(key, result.requeueAfterMs);
  }

  /** workqueue.Done: the key is free again; if it was re-added meanwhile it is queued now. */
  private done(key: string): void {
    this.processing.delete(key);
    if (this.dirty.has(key) && !this.shuttingDown) this.push(key);
  }

  private compact(): void {
    if (this.head === this.queue.length) {
      this.queue = [];
      this.head = 0;
    } else if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
  }
}
