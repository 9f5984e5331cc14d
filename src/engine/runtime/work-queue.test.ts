import { describe, expect, it } from 'vitest';
import { errors } from '../api/errors';
import { Clock } from '../clock/clock';
import { ItemExponentialFailureRateLimiter } from './rate-limiters';
import { WorkQueue, type SyncFn, type SyncResult, type WorkQueueOptions } from './work-queue';

/** A queue whose sync logs `key@time` and answers with `respond`. */
function setup(respond: (key: string, call: number) => SyncResult = () => undefined, options: Partial<WorkQueueOptions> = {}) {
  const clock = new Clock();
  const log: string[] = [];
  let calls = 0;
  const sync: SyncFn = (key) => {
    log.push(`${key}@${clock.now()}`);
    return respond(key, ++calls);
  };
  const queue = new WorkQueue({ name: 'test', clock, sync, ...options });
  return { clock, log, queue };
}

describe('WorkQueue basics', () => {
  it('dedups queued keys and syncs them in FIFO order on one clock event', () => {
    const { clock, log, queue } = setup();
    queue.add('b');
    queue.add('a');
    queue.add('b');
    expect(queue.len).toBe(2);
    expect(log).toEqual([]); // nothing happens until the clock runs
    expect(clock.pendingEvents).toBe(1);
    clock.runDue();
    expect(log).toEqual(['b@0', 'a@0']);
    expect(queue.len).toBe(0);
    expect(clock.eventsExecuted).toBe(1);
  });

  it('re-adding a key while it is processed runs it again after, never recursively', () => {
    let depth = 0;
    let maxDepth = 0;
    const { clock, log, queue } = setup((key, call) => {
      depth++;
      maxDepth = Math.max(maxDepth, depth);
      if (call === 1) {
        queue.add(key);
        queue.add(key);
        expect(queue.len).toBe(0); // processing keys are not queued twice
        expect(queue.has(key)).toBe(true);
      }
      depth--;
    });
    queue.add('a');
    clock.runDue();
    expect(log).toEqual(['a@0', 'a@0']);
    expect(maxDepth).toBe(1);
    expect(clock.eventsExecuted).toBe(2);
  });

  it('keys added during a drain wait for the next drain, so queues interleave', () => {
    const clock = new Clock();
    const log: string[] = [];
    const qa: WorkQueue = new WorkQueue({
      name: 'a',
      clock,
      sync: (key) => {
        log.push(`A:${key}`);
        if (key === 'x') {
          qa.add('x2');
          qb.add('y2');
        }
      },
    });
    const qb: WorkQueue = new WorkQueue({ name: 'b', clock, sync: (key) => void log.push(`B:${key}`) });
    qa.add('x');
    qa.add('z');
    qb.add('y');
    clock.runDue();
    // x2 waits for A's next drain, behind B's drain that was already due; B's drain had not
    // started when y2 arrived, so it takes y2 along.
    expect(log).toEqual(['A:x', 'A:z', 'B:y', 'B:y2', 'A:x2']);
    expect(clock.now()).toBe(0);
  });
});

describe('WorkQueue delays', () => {
  it('addAfter waits on virtual time', () => {
    const { clock, log, queue } = setup();
    queue.addAfter('a', 100);
    queue.addAfter('b', 0);
    expect(queue.waitingCount).toBe(1);
    clock.advance(99);
    expect(log).toEqual(['b@0']);
    clock.advance(1);
    expect(log).toEqual(['b@0', 'a@100']);
    expect(queue.waitingCount).toBe(0);
  });

  it.each([
    ['a shorter wait replaces a longer one', 500, 200, ['k@200']],
    ['a longer wait keeps the shorter one', 200, 500, ['k@200']],
    ['equal waits collapse', 300, 300, ['k@300']],
  ])('%s', (_name, first, second, expected) => {
    const { clock, log, queue } = setup();
    queue.addAfter('k', first);
    queue.addAfter('k', second);
    clock.advance(1000);
    expect(log).toEqual(expected);
  });

  it('add() does not cancel a pending wait: the key runs now and again when the wait ends', () => {
    const { clock, log, queue } = setup();
    queue.addAfter('k', 10);
    clock.advance(9);
    queue.add('k');
    clock.advance(1);
    expect(log).toEqual(['k@9', 'k@10']);
  });

  it('a wait that ends while the key is still queued adds nothing', () => {
    const { clock, log, queue } = setup();
    queue.addAfter('k', 10);
    // Queued at t=10 by an earlier event than the wait's timer: one sync.
    clock.at(10, () => queue.add('k'), 0);
    clock.advance(10);
    expect(log).toEqual(['k@10']);
  });
});

describe('WorkQueue sync results', () => {
  it.each<[string, (call: number) => SyncResult, string[], number]>([
    ['success forgets the key', () => undefined, ['k@0'], 0],
    [
      'errors retry at 5, 10, 20 ms until success',
      (c) => (c < 4 ? { error: 'boom' } : undefined),
      ['k@0', 'k@5', 'k@15', 'k@35'],
      0,
    ],
    [
      'a thrown API error counts as an error',
      (c) => {
        if (c < 3) throw errors.conflict({ group: '', resource: 'pods' }, 'k', 'x');
      },
      ['k@0', 'k@5', 'k@15'],
      0,
    ],
    [
      'requeueAfter re-checks later and resets failures',
      (c) => (c === 1 ? { error: 'x' } : c < 4 ? { requeueAfterMs: 1000 } : undefined),
      ['k@0', 'k@5', 'k@1005', 'k@2005'],
      0,
    ],
    ['an error wins over requeueAfter', (c) => (c === 1 ? { error: 'x', requeueAfterMs: 1000 } : undefined), ['k@0', 'k@5'], 0],
  ])('%s', (_name, respond, expected, requeues) => {
    const { clock, log, queue } = setup((_k, call) => respond(call));
    queue.add('k');
    clock.advance(10_000);
    expect(log).toEqual(expected);
    expect(queue.numRequeues('k')).toBe(requeues);
  });

  it('drops a key after maxRetries rate-limited retries', () => {
    const dropped: boolean[] = [];
    const { clock, log, queue } = setup(() => ({ error: 'always' }), {
      maxRetries: 3,
      onError: (_k, _e, d) => dropped.push(d),
    });
    queue.add('k');
    clock.advance(60_000);
    expect(log).toEqual(['k@0', 'k@5', 'k@15', 'k@35']);
    expect(dropped).toEqual([false, false, false, true]);
    expect(queue.numRequeues('k')).toBe(0);
    expect(queue.has('k')).toBe(false);
  });

  it('uses the rate limiter it is given', () => {
    const { clock, log, queue } = setup((_k, c) => (c < 3 ? { error: 'x' } : undefined), {
      rateLimiter: new ItemExponentialFailureRateLimiter(1000, 1500),
    });
    queue.add('k');
    clock.advance(10_000);
    expect(log).toEqual(['k@0', 'k@1000', 'k@2500']);
  });

  it('a bug (non-API error) surfaces from the clock; the other keys still get synced', () => {
    const { clock, log, queue } = setup((key) => {
      if (key === 'bad') throw new TypeError('bug');
    });
    queue.add('bad');
    queue.add('good');
    expect(() => clock.runDue()).toThrow('bug');
    clock.runDue();
    expect(log).toEqual(['bad@0', 'good@0']);
    expect(queue.has('bad')).toBe(false);
  });

  it('shutDown cancels waits and ignores new keys', () => {
    const { clock, log, queue } = setup();
    queue.addAfter('a', 10);
    queue.add('b');
    queue.shutDown();
    queue.add('c');
    clock.advance(100);
    expect(log).toEqual([]);
    expect(clock.pendingEvents).toBe(0);
  });
});

describe('WorkQueue at scale', () => {
  it('drains 100k keys in order in one event', () => {
    const clock = new Clock();
    let n = 0;
    let ordered = true;
    const queue = new WorkQueue({
      name: 'big',
      clock,
      sync: (key) => {
        if (key !== `k${n}`) ordered = false;
        n++;
      },
    });
    for (let i = 0; i < 100_000; i++) queue.add(`k${i}`);
    clock.runDue();
    expect(n).toBe(100_000);
    expect(ordered).toBe(true);
    expect(clock.eventsExecuted).toBe(1);
  });
});

describe('WorkQueue livelock guard', () => {
  it('names the controller and the key that kept requeueing itself at one instant', () => {
    const clock = new Clock();
    // "quiet" syncs once; "ns/hot" re-adds itself at once, without progress, for ever.
    const queue: WorkQueue = new WorkQueue({
      name: 'spinning-controller',
      clock,
      sync: (key) => {
        if (key === 'ns/hot') queue.add(key);
      },
    });
    queue.add('quiet');
    queue.add('ns/hot');
    expect(() => clock.runDue()).toThrow(
      /^clock: more than 100000 events ran at t=0ms without time moving on \(last: "spinning-controller: sync of key "ns\/hot" \(\d+ times at this instant\)"\)/,
    );
  });
});
