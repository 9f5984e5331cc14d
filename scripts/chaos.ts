// npm run chaos -- --seeds N [--steps M] [--from S] [--out DIR] [--determinism-every K]
//   Runs N chaos sessions (seeds S … S+N-1, M drawn commands each; every Kth one replayed and
//   compared byte for byte, default 10; 0 for none) with the invariants of
//   src/engine/testing/chaos, prints the counts of crashes, livelocks, hangs, violations and
//   nondeterminism and the wall time, and for each failure a minimised reproducer script (ddmin
//   over the command list), written to DIR (default reports/chaos) and printed.
// npm run chaos -- --replay FILE [--sim-seed S]
//   Runs a reproducer (the commands before its "# settle" line) with the same checks.

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { minimise, replayChaos, reproducerScript, runChaos } from '../src/engine/testing/chaos/run';
import { emptyCheckCounts, type CheckCounts, type FailureKind } from '../src/engine/testing/chaos/invariants';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} needs a non-negative integer`);
  return value;
}

function text(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const now = () => Date.now();
const replay = text('replay');
if (replay) {
  const source = readFileSync(replay, 'utf8');
  const commands = source.split('\n# settle (added by the harness)\n')[0];
  const result = replayChaos([commands], option('sim-seed', 1), now);
  process.stdout.write(result.transcript);
  if (result.failure) {
    process.stdout.write(`\n${result.failure.kind} (${result.failure.invariant}): ${result.failure.message}\n`);
    process.exit(1);
  }
  process.stdout.write('\nno failure\n');
  process.exit(0);
}

const seeds = option('seeds', 100);
const steps = option('steps', 40);
const from = option('from', 1);
const out = text('out') ?? 'reports/chaos';
// Replaying a session doubles its cost: every Kth seed is replayed (the suite replays all of its).
const determinismEvery = option('determinism-every', 10);
const counts: Record<FailureKind, number> = { crash: 0, livelock: 0, hang: 0, violation: 0, nondeterminism: 0 };
const started = now();
let slowest = { seed: 0, ms: 0 };
const checks: CheckCounts = emptyCheckCounts();
for (let seed = from; seed < from + seeds; seed++) {
  const checkDeterminism = determinismEvery > 0 && (seed - from) % determinismEvery === 0;
  const result = runChaos({ seed, steps, now, checkDeterminism });
  for (const key of Object.keys(checks) as (keyof CheckCounts)[]) checks[key] += result.checks[key];
  if (result.wallMs > slowest.ms) slowest = { seed, ms: result.wallMs };
  if ((seed - from + 1) % 100 === 0)
    process.stderr.write(`${seed - from + 1} seeds in ${((now() - started) / 1000).toFixed(0)} s\n`);
  const failure = result.failure;
  if (!failure) continue;
  counts[failure.kind]++;
  const reduced = minimise(result, now);
  const script = reproducerScript(result, reduced);
  mkdirSync(out, { recursive: true });
  const file = join(out, `chaos-seed-${seed}.kp`);
  writeFileSync(file, script);
  process.stdout.write(
    `\nseed ${seed}: ${failure.kind} (${failure.invariant}) at command ${failure.step + 1}; ` +
      `reduced from ${result.commands.length} to ${reduced.length} commands: ${file}\n${script}\n`,
  );
}
const seconds = ((now() - started) / 1000).toFixed(1);
process.stdout.write(
  `\nseeds ${from}..${from + seeds - 1}, ${steps} commands each, in ${seconds} s (slowest: seed ${slowest.seed}, ${slowest.ms} ms)\n` +
    `crashes ${counts.crash}\nlivelocks ${counts.livelock}\nhangs ${counts.hang}\n` +
    `invariant violations ${counts.violation}\nnondeterminism ${counts.nondeterminism}\n` +
    `checks made: ${Object.entries(checks)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}\n`,
);
process.exit(Object.values(counts).some((n) => n > 0) ? 1 : 0);
