// Golden transcripts: a scenario's script and its expected transcript live side by side
// (`name.kp`, `name.golden`). Volatile values that change whenever unrelated code draws one
// more random number (uids, resourceVersions, generated name suffixes in uids) are normalised.
// Set UPDATE_GOLDEN=1 to rewrite the golden files from the current output.

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { runScript } from '../script/runner';

const UID = /\b[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\b/g;
const RESOURCE_VERSION = /(resourceVersion["']?:\s*["']?)\d+/g;

export function normaliseTranscript(text: string): string {
  return text.replace(UID, '<uid>').replace(RESOURCE_VERSION, '$1<rv>');
}

export interface GoldenResult {
  actual: string;
  expected: string | undefined;
  goldenPath: string;
}

/** Runs `<dir>/<name>.kp` and returns the normalised transcript with the golden one. */
export function runGolden(dir: string, name: string, seed = 1): GoldenResult {
  const script = readFileSync(`${dir}/${name}.kp`, 'utf8');
  const result = runScript(script, {
    seed,
    readFile: (p) => (existsSync(`${dir}/${p}`) ? readFileSync(`${dir}/${p}`, 'utf8') : undefined),
  });
  const actual = normaliseTranscript(result.transcript + (result.error ? `[script error] ${result.error}\n` : ''));
  const goldenPath = `${dir}/${name}.golden`;
  if (process.env.UPDATE_GOLDEN === '1') writeFileSync(goldenPath, actual);
  const expected = existsSync(goldenPath) ? readFileSync(goldenPath, 'utf8') : undefined;
  return { actual, expected, goldenPath };
}
