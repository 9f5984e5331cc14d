// Scenario tests: each `*.kp` script here is run through the headless CLI's runner and its
// transcript compared with `*.golden` (see testing/golden.ts; UPDATE_GOLDEN=1 rewrites them).

import { readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runGolden } from '../testing/golden';

const dir = dirname(fileURLToPath(import.meta.url));
const scenarios = readdirSync(dir)
  .filter((f) => f.endsWith('.kp'))
  .map((f) => f.slice(0, -3))
  .sort();

describe('scenario transcripts', () => {
  it('has scenarios', () => {
    expect(scenarios.length).toBeGreaterThan(0);
  });

  it.each(scenarios)('%s', (name) => {
    const { actual, expected, goldenPath } = runGolden(dir, name);
    expect(expected, `missing ${goldenPath}: run with UPDATE_GOLDEN=1 once and review it`).toBeDefined();
    expect(actual).toBe(expected);
  });
});
