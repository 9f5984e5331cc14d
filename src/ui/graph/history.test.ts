import { describe, expect, it } from 'vitest';
import { CountHistory, SAMPLE_MS, SAMPLES, sparkPoints } from './history';

const s = (total: number, ok = total, bad = 0) => ({ total, ok, bad });

describe('CountHistory', () => {
  it('keeps one sample per bucket of simulated time, the last write winning', () => {
    const h = new CountHistory();
    const first = h.record('n1', 0, s(1));
    expect(h.record('n1', 1000, s(1))).toBe(first); // unchanged: same array
    expect(h.record('n1', 2000, s(2))).toEqual([s(2)]);
    expect(h.record('n1', SAMPLE_MS, s(3))).toEqual([s(2), s(3)]);
  });

  it('repeats the last value over buckets without a record and keeps at most SAMPLES', () => {
    const h = new CountHistory();
    h.record('n1', 0, s(1));
    expect(h.record('n1', 3 * SAMPLE_MS, s(4))).toEqual([s(1), s(1), s(1), s(4)]);
    for (let i = 4; i < 100; i++) h.record('n1', i * SAMPLE_MS, s(i));
    const all = h.record('n1', 100 * SAMPLE_MS, s(100));
    expect(all).toHaveLength(SAMPLES);
    expect(all[all.length - 1]).toEqual(s(100));
  });

  it('starts over when the clock goes back (a reset) and forgets keys not retained', () => {
    const h = new CountHistory();
    h.record('n1', 10 * SAMPLE_MS, s(5));
    h.record('n2', 10 * SAMPLE_MS, s(5));
    expect(h.record('n1', 0, s(1))).toEqual([s(1)]);
    h.retain(new Set(['n1']));
    expect(h.record('n2', 0, s(2))).toEqual([s(2)]);
  });
});

describe('sparkPoints', () => {
  it('scales values into the box, bottom up', () => {
    expect(sparkPoints([0, 5, 10], 10, 100, 20)).toBe('0,20 50,10 100,0');
    expect(sparkPoints([3], 0, 100, 20)).toBe('100,0');
    expect(sparkPoints([], 1, 100, 20)).toBe('');
  });
});
