import { describe, expect, it } from 'vitest';
import { Backoff } from './flowcontrol-backoff';

describe('Backoff (flowcontrol)', () => {
  it('starts at the initial delay, doubles and caps', () => {
    const b = new Backoff(10_000, 300_000, 600_000);
    const delays: number[] = [];
    let t = 0;
    for (let i = 0; i < 8; i++) {
      b.next('k', t);
      delays.push(b.get('k'));
      t += b.get('k') + 1_000;
    }
    expect(delays).toEqual([10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000, 300_000]);
  });

  it('is in back-off only inside the delay counted from the event', () => {
    const b = new Backoff(10_000, 300_000, 600_000);
    expect(b.isInBackOffSince('k', 0, 1)).toBe(false);
    b.next('k', 0);
    expect(b.isInBackOffSince('k', 5_000, 14_999)).toBe(true);
    expect(b.isInBackOffSince('k', 5_000, 15_000)).toBe(false);
  });

  it('forgets an entry whose event came more than the expiry after its last update', () => {
    const b = new Backoff(10_000, 300_000, 600_000);
    b.next('k', 0);
    b.next('k', 20_000);
    expect(b.get('k')).toBe(20_000);
    expect(b.isInBackOffSince('k', 700_000, 700_001)).toBe(false);
    b.next('k', 700_000);
    expect(b.get('k')).toBe(10_000);
  });
});
