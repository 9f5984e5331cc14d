import { describe, expect, it } from 'vitest';
import { RateLimitedTimedQueue, type ActionResult } from './rate-limited-queue';

const OK: ActionResult = { ok: true };

function drain(q: RateLimitedTimedQueue, now: number, result: (v: string) => ActionResult = () => OK): string[] {
  const seen: string[] = [];
  q.try(now, (v) => {
    seen.push(v.value);
    return result(v.value);
  });
  return seen;
}

describe('RateLimitedTimedQueue', () => {
  it('processes one value per token: burst 1, then one per 10 s at 0.1/s', () => {
    const q = new RateLimitedTimedQueue(0.1);
    q.add('a', 'u', 0);
    q.add('b', 'u', 0);
    q.add('c', 'u', 0);
    expect(drain(q, 0)).toEqual(['a']);
    expect(drain(q, 9_900)).toEqual([]);
    expect(drain(q, 10_000)).toEqual(['b']);
    expect(drain(q, 19_999)).toEqual([]);
    expect(drain(q, 20_000)).toEqual(['c']);
    expect(q.size).toBe(0);
  });

  it('is a unique queue: a processed value stays known until removed', () => {
    const q = new RateLimitedTimedQueue(1000);
    expect(q.add('a', 'u', 0)).toBe(true);
    expect(q.add('a', 'u', 0)).toBe(false);
    drain(q, 0);
    expect(q.isQueued('a')).toBe(false);
    expect(q.has('a')).toBe(true);
    expect(q.add('a', 'u', 1)).toBe(false);
    expect(q.remove('a')).toBe(true);
    expect(q.add('a', 'u', 1)).toBe(true);
  });

  it('keeps FIFO order by add time, and a re-added value goes to the back', () => {
    const q = new RateLimitedTimedQueue(1000);
    q.add('a', 'u', 0);
    q.add('b', 'u', 0);
    q.remove('a');
    q.add('a', 'u', 5);
    expect(q.values()).toEqual(['b', 'a']);
  });

  it('retries a failed value after its wait; the attempt still costs a token', () => {
    const q = new RateLimitedTimedQueue(1000);
    q.add('a', 'u', 0);
    expect(drain(q, 0, () => ({ ok: false, waitMs: 50 }))).toEqual(['a']);
    expect(drain(q, 40)).toEqual([]);
    expect(drain(q, 51)).toEqual(['a']);
  });

  it('a rate of 0 never accepts; swapping back while waiting starts with an empty bucket', () => {
    const q = new RateLimitedTimedQueue(0.1);
    q.swapLimiter(0, 0);
    expect(q.qps).toBe(0);
    expect(q.accepting).toBe(false);
    q.add('a', 'u', 0);
    expect(drain(q, 60_000)).toEqual([]);
    q.swapLimiter(0.1, 60_000);
    expect(drain(q, 60_000)).toEqual([]);
    expect(drain(q, 70_000)).toEqual(['a']);
  });

  it('swapping from a bucket with a token gives a full new bucket; the same rate is no swap', () => {
    const q = new RateLimitedTimedQueue(0.1);
    q.swapLimiter(0.01, 0);
    q.add('a', 'u', 0);
    q.add('b', 'u', 0);
    expect(drain(q, 0)).toEqual(['a']);
    q.swapLimiter(0.01, 50_000); // unchanged: still waiting on the same bucket
    expect(drain(q, 99_999)).toEqual([]);
    expect(drain(q, 100_000)).toEqual(['b']);
  });

  it('a head that needs nothing still takes a token (upstream takes it before looking)', () => {
    const q = new RateLimitedTimedQueue(0.1);
    q.add('ready-again', 'u', 0);
    q.add('b', 'u', 0);
    expect(drain(q, 0)).toEqual(['ready-again']);
    expect(drain(q, 5_000)).toEqual([]);
  });

  it('compacts removed entries', () => {
    const q = new RateLimitedTimedQueue(0);
    for (let pass = 0; pass < 100; pass++) {
      for (let i = 0; i < 50; i++) {
        q.remove(`n${i}`);
        q.add(`n${i}`, 'u', pass);
      }
    }
    expect(q.size).toBe(50);
    expect((q as unknown as { heap: unknown[] }).heap.length).toBeLessThanOrEqual(150);
  });
});
