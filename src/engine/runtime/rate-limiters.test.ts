import { describe, expect, it } from 'vitest';
import {
  BucketRateLimiter,
  defaultControllerRateLimiter,
  ExponentialBackoff,
  exponentialDelay,
  ItemExponentialFailureRateLimiter,
  MaxOfRateLimiter,
  TokenBucket,
} from './rate-limiters';

describe('ItemExponentialFailureRateLimiter', () => {
  it('doubles from 5 ms per item and caps at 1000 s', () => {
    const rl = new ItemExponentialFailureRateLimiter();
    const delays = Array.from({ length: 20 }, () => rl.when('a'));
    expect(delays.slice(0, 5)).toEqual([5, 10, 20, 40, 80]);
    expect(delays[17]).toBe(655_360);
    expect(delays[18]).toBe(1_000_000);
    expect(delays[19]).toBe(1_000_000);
    expect(rl.numRequeues('a')).toBe(20);
  });

  it('counts items separately and forget() starts an item over', () => {
    const rl = new ItemExponentialFailureRateLimiter(5, 1000);
    rl.when('a');
    rl.when('a');
    expect(rl.when('b')).toBe(5);
    expect(rl.numRequeues('a')).toBe(2);
    rl.forget('a');
    expect(rl.numRequeues('a')).toBe(0);
    expect(rl.when('a')).toBe(5);
  });

  it('does not overflow for huge failure counts', () => {
    const rl = new ItemExponentialFailureRateLimiter(5, 1000);
    for (let i = 0; i < 2000; i++) rl.when('a');
    expect(rl.when('a')).toBe(1000);
  });
});

describe('TokenBucket', () => {
  it('starts full, then hands out tokens every 1/qps in virtual ms', () => {
    const bucket = new TokenBucket(10, 3);
    expect([0, 0, 0].map(() => bucket.reserve(0))).toEqual([0, 0, 0]);
    // In debt: each reservation waits 100 ms longer than the previous one.
    expect(bucket.reserve(0)).toBe(100);
    expect(bucket.reserve(0)).toBe(200);
    // 250 ms later 2.5 tokens refilled on a debt of 2: the next token is 50 ms away.
    expect(bucket.reserve(250)).toBe(50);
    expect(bucket.reserve(250)).toBe(150);
    // After 500 quiet ms the debt (1.5) is paid and 3.5 tokens would be there, capped at 3.
    expect(bucket.reserve(750)).toBe(0);
    expect(bucket.tokensAt(750)).toBe(2);
  });

  it('never refills above the burst', () => {
    const bucket = new TokenBucket(10, 2);
    expect(bucket.tokensAt(1_000_000)).toBe(2);
    bucket.reserve(0);
    expect(bucket.tokensAt(1_000_000)).toBe(2);
  });

  it('tryAccept only takes a token that is there', () => {
    const bucket = new TokenBucket(1 / 300, 2);
    expect(bucket.tryAccept(0)).toBe(true);
    expect(bucket.tryAccept(0)).toBe(true);
    expect(bucket.tryAccept(0)).toBe(false);
    expect(bucket.tryAccept(299_999)).toBe(false);
    expect(bucket.tryAccept(300_000)).toBe(true);
    expect(bucket.tryAccept(300_000)).toBe(false);
  });

  it('rounds float noise instead of adding a millisecond', () => {
    const bucket = new TokenBucket(10, 1);
    bucket.reserve(0);
    // 0.3 s of refill is 2.9999999… tokens in floating point.
    expect(bucket.reserve(30)).toBe(70);
  });
});

describe('combined limiters', () => {
  it('MaxOf takes the longest delay and forgets in every limiter', () => {
    const slow = new ItemExponentialFailureRateLimiter(1000, 10_000);
    const fast = new ItemExponentialFailureRateLimiter(1, 10);
    const rl = new MaxOfRateLimiter(fast, slow);
    expect(rl.when('k', 0)).toBe(1000);
    expect(rl.when('k', 0)).toBe(2000);
    expect(rl.numRequeues('k')).toBe(2);
    rl.forget('k');
    expect(fast.numRequeues('k')).toBe(0);
    expect(slow.numRequeues('k')).toBe(0);
  });

  it('DefaultControllerRateLimiter: per-item 5 ms doubling until the 10 qps bucket (burst 100) runs dry', () => {
    const rl = defaultControllerRateLimiter();
    // 100 different keys fail once at t=0: all within the burst, so 5 ms each.
    const first = Array.from({ length: 100 }, (_, i) => rl.when(`k${i}`, 0));
    expect(new Set(first)).toEqual(new Set([5]));
    // The 101st..103rd failures at t=0 wait on the bucket: 100, 200, 300 ms.
    expect([rl.when('x', 0), rl.when('y', 0), rl.when('z', 0)]).toEqual([100, 200, 300]);
    expect(rl.numRequeues('x')).toBe(1);
  });

  it('BucketRateLimiter has no per-item memory', () => {
    const rl = new BucketRateLimiter(new TokenBucket(1, 1));
    expect(rl.when('a', 0)).toBe(0);
    expect(rl.when('a', 0)).toBe(1000);
    expect(rl.numRequeues()).toBe(0);
  });
});

describe('exponentialDelay', () => {
  it.each([
    // scheduler pod back-off 1 s → 10 s
    [1000, 10_000, 1, 1000],
    [1000, 10_000, 2, 2000],
    [1000, 10_000, 4, 8000],
    [1000, 10_000, 5, 10_000],
    [1000, 10_000, 50, 10_000],
    // node lease renewal retry 200 ms → 7 s
    [200, 7000, 1, 200],
    [200, 7000, 5, 3200],
    [200, 7000, 6, 6400],
    [200, 7000, 7, 7000],
    [200, 7000, 0, 0],
  ])('initial %i max %i attempt %i → %i ms', (initial, max, attempt, expected) => {
    expect(exponentialDelay(initial, max, attempt)).toBe(expected);
  });
});

describe('ExponentialBackoff (flowcontrol.Backoff)', () => {
  it('doubles per key from the initial delay up to the maximum (CrashLoopBackOff 10 s → 300 s)', () => {
    const b = new ExponentialBackoff(10_000, 300_000);
    const steps = [];
    let t = 0;
    for (let i = 0; i < 7; i++) {
      steps.push(b.next('pod/c', t));
      t += b.get('pod/c');
    }
    expect(steps).toEqual([10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000]);
    expect(b.get('other')).toBe(0);
  });

  it('starts over once a key was left alone for more than twice the maximum', () => {
    const b = new ExponentialBackoff(10_000, 300_000);
    b.next('k', 0);
    b.next('k', 10_000);
    expect(b.get('k')).toBe(20_000);
    expect(b.next('k', 10_000 + 600_000)).toBe(40_000); // exactly 2 × max: not expired yet
    expect(b.next('k', 610_000 + 600_001)).toBe(10_000);
  });

  it('answers whether a key is still backing off', () => {
    const b = new ExponentialBackoff(1000, 8000);
    expect(b.isInBackOffSinceUpdate('k', 0)).toBe(false);
    b.next('k', 5000);
    expect(b.readyAt('k')).toBe(6000);
    expect(b.isInBackOffSinceUpdate('k', 5999)).toBe(true);
    expect(b.isInBackOffSinceUpdate('k', 6000)).toBe(false);
    expect(b.isInBackOffSince('k', 5500, 6000)).toBe(true);
    expect(b.isInBackOffSince('k', 5000, 6000)).toBe(false);
    b.reset('k');
    expect(b.get('k')).toBe(0);
    expect(b.isInBackOffSinceUpdate('k', 5001)).toBe(false);
  });

  it('adds jitter to each step and gc() drops expired keys', () => {
    const b = new ExponentialBackoff(100, 1000, (base) => base / 10);
    expect(b.next('k', 0)).toBe(110);
    expect(b.next('k', 0)).toBe(220 + 22);
    b.next('old', 0);
    b.next('new', 2000);
    b.gc(2001);
    expect(b.size).toBe(1);
    expect(b.get('new')).toBe(110);
  });
});
