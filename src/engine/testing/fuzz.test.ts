// A few thousand fuzz inputs on every run (`npm run fuzz` runs 100,000): see fuzz.ts.
import { describe, expect, it } from 'vitest';
import { fuzz } from './fuzz';

describe('fuzzing what a user can type', () => {
  it('lets no exception escape, takes no command past 5 s and stores only objects that decode', { timeout: 180_000 }, () => {
    const counts = fuzz({ numRuns: 2000, seed: 13, now: () => Date.now() });
    expect(counts.failures).toEqual([]);
    expect(counts.inputs).toBe(2000);
    expect(counts.escaped + counts.hangs + counts.invalidStored).toBe(0);
    // The inputs reach the server both ways: some are refused, some are stored.
    expect(counts.refused).toBeGreaterThan(0);
    expect(counts.refused).toBeLessThan(counts.inputs);
  });
});
