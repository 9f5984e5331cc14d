// Rate limiters: client-go's workqueue limiters (util/workqueue/default_rate_limiters.go), the
// token bucket behind them (golang.org/x/time/rate) and flowcontrol.Backoff, all on virtual
// milliseconds. They never read a clock themselves: callers pass `nowMs`, so every limiter is a
// pure state machine that tests can drive by hand and that replays identically.

/** Decides how long an item waits before it is retried (workqueue.TypedRateLimiter). */
export interface RateLimiter<K = string> {
  /** Delay in virtual ms before `item` may be processed again; counts as one more requeue. */
  when(item: K, nowMs: number): number;
  /** Stops tracking `item` (it succeeded): its next failure starts from the base delay again. */
  forget(item: K): void;
  /** How many times `item` has been requeued since it was last forgotten. */
  numRequeues(item: K): number;
}

/** Float noise guard: 0.01 tokens/ms × 100 ms may come out as 99.999999… */
const EPSILON = 1e-9;

/** Rounds a computed delay up to whole virtual ms (the clock's resolution), tolerating float noise. */
function wholeMs(ms: number): number {
  return ms <= EPSILON ? 0 : Math.ceil(ms - EPSILON);
}

/**
 * ItemExponentialFailureRateLimiter: `base × 2^failures`, capped, counted per item. client-go's
 * default is 5 ms → 1000 s, so a key that keeps failing is retried at 5, 10, 20, 40 ms … and
 * after ~18 failures every 16.7 min.
 */
export class ItemExponentialFailureRateLimiter<K = string> implements RateLimiter<K> {
  private readonly failures = new Map<K, number>();

  constructor(
    readonly baseDelayMs = 5,
    readonly maxDelayMs = 1_000_000,
  ) {}

  when(item: K): number {
    const exp = this.failures.get(item) ?? 0;
    this.failures.set(item, exp + 1);
    // 2^exp overflows to Infinity for huge exp; the cap handles that like client-go's MaxInt64 check.
    return Math.min(this.baseDelayMs * 2 ** exp, this.maxDelayMs);
  }

  forget(item: K): void {
    this.failures.delete(item);
  }

  numRequeues(item: K): number {
    return this.failures.get(item) ?? 0;
  }
}

/**
 * A token bucket like golang.org/x/time/rate.Limiter: `qps` tokens per second refill up to `burst`,
 * starting full. `reserve` always takes a token and says how long until it is really available
 * (the bucket may go into debt, so later reservations queue behind earlier ones); `tryAccept` takes
 * a token only if one is available now (flowcontrol's passive TryAccept).
 */
export class TokenBucket {
  private tokens: number;
  private lastMs: number | undefined;
  private readonly perMs: number;

  constructor(
    readonly qps: number,
    readonly burst: number,
  ) {
    this.tokens = burst;
    this.perMs = qps / 1000;
  }

  /** Takes one token; returns the virtual ms to wait until it is available (0 if available now). */
  reserve(nowMs: number): number {
    const tokens = this.tokensAt(nowMs) - 1;
    this.tokens = tokens;
    this.lastMs = nowMs;
    return tokens >= 0 ? 0 : wholeMs(-tokens / this.perMs);
  }

  /** Takes one token if one is available at `nowMs`; otherwise leaves the bucket untouched. */
  tryAccept(nowMs: number): boolean {
    const tokens = this.tokensAt(nowMs);
    if (tokens < 1 - EPSILON) return false;
    this.tokens = tokens - 1;
    this.lastMs = nowMs;
    return true;
  }

  /** Tokens the bucket holds at `nowMs` (negative while in debt), without changing it. */
  tokensAt(nowMs: number): number {
    if (this.lastMs === undefined) return this.tokens;
    const elapsed = Math.max(0, nowMs - this.lastMs);
    return Math.min(this.burst, this.tokens + elapsed * this.perMs);
  }
}

/**
 * BucketRateLimiter: an overall (not per-item) limit on retries. Every `when` takes a token, so a
 * storm of failures across many keys is spread out at `qps` once the burst is spent.
 */
export class BucketRateLimiter<K = string> implements RateLimiter<K> {
  constructor(readonly bucket: TokenBucket = new TokenBucket(10, 100)) {}

  when(_item: K, nowMs: number): number {
    return this.bucket.reserve(nowMs);
  }

  forget(): void {}

  numRequeues(): number {
    return 0;
  }
}

/** MaxOfRateLimiter: the longest delay of its limiters (each of them still records the request). */
export class MaxOfRateLimiter<K = string> implements RateLimiter<K> {
  readonly limiters: readonly RateLimiter<K>[];

  constructor(...limiters: RateLimiter<K>[]) {
    this.limiters = limiters;
  }

  when(item: K, nowMs: number): number {
    let max = 0;
    for (const l of this.limiters) max = Math.max(max, l.when(item, nowMs));
    return max;
  }

  forget(item: K): void {
    for (const l of this.limiters) l.forget(item);
  }

  numRequeues(item: K): number {
    let max = 0;
    for (const l of this.limiters) max = Math.max(max, l.numRequeues(item));
    return max;
  }
}

/**
 * DefaultControllerRateLimiter: per-item exponential 5 ms → 1000 s, and overall 10 qps with a
 * burst of 100. What every kube-controller-manager work queue uses unless it says otherwise.
 */
export function defaultControllerRateLimiter<K = string>(): RateLimiter<K> {
  return new MaxOfRateLimiter<K>(new ItemExponentialFailureRateLimiter<K>(5, 1_000_000), new BucketRateLimiter<K>());
}

/**
 * The n-th delay (n ≥ 1) of a doubling back-off from `initialMs` capped at `maxMs`: the scheduler's
 * pod back-off (1 s → 10 s by attempts) and the node lease controller's retry (200 ms → 7 s).
 */
export function exponentialDelay(initialMs: number, maxMs: number, attempt: number): number {
  if (attempt <= 0) return 0;
  return Math.min(initialMs * 2 ** (attempt - 1), maxMs);
}

interface BackoffEntry {
  backoffMs: number;
  lastUpdateMs: number;
}

/**
 * ExponentialBackoff: flowcontrol.Backoff per key. `next` starts a key at `initialMs` and doubles
 * it up to `maxMs`; a key untouched for more than 2 × maxMs starts over (that is how a container
 * that ran fine for a while gets a short CrashLoopBackOff again). `jitter` returns extra ms added
 * to each step (the kubelet's image pull back-off uses none; pass a SeededRandom-based one if needed).
 */
export class ExponentialBackoff {
  private readonly entries = new Map<string, BackoffEntry>();

  constructor(
    readonly initialMs: number,
    readonly maxMs: number,
    private readonly jitter: (baseMs: number) => number = () => 0,
  ) {}

  /** Moves `key` to its next back-off step at `nowMs` and returns the new delay. */
  next(key: string, nowMs: number): number {
    const entry = this.entries.get(key);
    let backoffMs: number;
    if (!entry || this.expired(entry, nowMs)) {
      backoffMs = this.initialMs + this.jitter(this.initialMs);
    } else {
      // Cap the previous delay first so jitter above the maximum does not compound.
      const base = Math.min(Math.min(entry.backoffMs, this.maxMs) * 2, this.maxMs);
      backoffMs = base + this.jitter(base);
    }
    this.entries.set(key, { backoffMs, lastUpdateMs: nowMs });
    return backoffMs;
  }

  /** The current delay of `key` (0 when it has none). */
  get(key: string): number {
    return this.entries.get(key)?.backoffMs ?? 0;
  }

  /** Whether less than the current delay has passed between `eventTimeMs` and `nowMs`. */
  isInBackOffSince(key: string, eventTimeMs: number, nowMs: number): boolean {
    const entry = this.entries.get(key);
    if (!entry || this.expired(entry, eventTimeMs)) return false;
    return nowMs - eventTimeMs < entry.backoffMs;
  }

  /** Whether `key`'s last step was less than its delay before `nowMs`. */
  isInBackOffSinceUpdate(key: string, nowMs: number): boolean {
    const entry = this.entries.get(key);
    if (!entry || this.expired(entry, nowMs)) return false;
    return nowMs - entry.lastUpdateMs < entry.backoffMs;
  }

  /** When `key` may be tried again (its last step plus its delay), or undefined when it has none. */
  readyAt(key: string): number | undefined {
    const entry = this.entries.get(key);
    return entry ? entry.lastUpdateMs + entry.backoffMs : undefined;
  }

  reset(key: string): void {
    this.entries.delete(key);
  }

  /** Drops keys whose back-off has expired (flowcontrol.Backoff.GC), keeping memory bounded. */
  gc(nowMs: number): void {
    for (const [key, entry] of this.entries) if (this.expired(entry, nowMs)) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  private expired(entry: BackoffEntry, nowMs: number): boolean {
    return nowMs - entry.lastUpdateMs > 2 * this.maxMs;
  }
}
