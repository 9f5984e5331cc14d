// npm run fuzz [-- --runs N] [--seed S]: the property-based fuzzing of src/engine/testing/fuzz.ts
// over many inputs (100,000 by default), printing the counts; exits non-zero on any failure.

import { fuzz } from '../src/engine/testing/fuzz';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} needs a positive integer`);
  return value;
}

const runs = option('runs', 100_000);
const seed = option('seed', 20260101);
const started = Date.now();
let counts;
try {
  counts = fuzz({ numRuns: runs, seed, now: () => Date.now() });
} catch (e) {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
}
const seconds = ((Date.now() - started) / 1000).toFixed(0);
process.stdout.write(
  `inputs ${counts.inputs} (refused ${counts.refused}) in ${seconds} s\n` +
    `escaped exceptions ${counts.escaped}\nhangs (> 5 s) ${counts.hangs}\ninvalid stored objects ${counts.invalidStored}\n`,
);
for (const f of counts.failures) process.stdout.write(`\n${f}\n`);
process.exit(counts.escaped + counts.hangs + counts.invalidStored > 0 ? 1 : 0);
