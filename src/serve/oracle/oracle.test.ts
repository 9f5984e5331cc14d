// The kubectl oracle: each session script of scripts/ runs through our kubectl in-process and
// through the real kubectl against `kubeplay serve` (paused clock, stepped as ours moved), and
// every kubectl command must print the same bytes on stdout and stderr and exit alike. Skipped,
// saying so, where no kubectl binary exists (CI has one).

import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/simulation';
import { startServer } from '../server';
import { describeDifference, verdictOf } from './difference';
import { KNOWN_DIFFERENCES } from './known-differences';
import { OracleSession, type ComparedCommand } from './oracle-session';
import { findKubectl, RealKubectl } from './real-kubectl';

const ROOT = resolve(new URL('.', import.meta.url).pathname, '../../..');
const SEED = 1;
/** A script's real kubectl runs take seconds each on a loaded machine; the scripts run side by side. */
const SCRIPT_TIMEOUT_MS = 180_000;
const SCRIPTS = [
  'every-kind',
  'mutations',
  'generators',
  'operations',
  'extras',
  'rolling-update',
  'node-failure',
  'server-side-apply',
];

const kubectl = findKubectl();
if (!kubectl) console.warn('kubectl oracle skipped: no kubectl binary on the PATH (or KUBEPLAY_ORACLE_KUBECTL) to compare with');
const compared: ComparedCommand[] = [];

/** What `kubeplay run` reads for `-f PATH`: the file, or nothing (kubectl's error) when missing. */
function readLocalFile(path: string): string | undefined {
  try {
    return readFileSync(resolve(ROOT, path), 'utf8');
  } catch {
    return undefined;
  }
}

async function runOracle(script: string): Promise<ComparedCommand[]> {
  const server = await startServer({ seed: SEED, paused: true, reactAfterWrites: false, log: () => {} });
  const real = new RealKubectl(kubectl!, server.url, ROOT);
  try {
    const ours = new Simulation({ seed: SEED, readFile: readLocalFile });
    const session = new OracleSession(ours, server.simulation, real);
    const source = readFileSync(resolve(ROOT, 'src/serve/oracle/scripts', `${script}.kp`), 'utf8');
    await session.runScript(`${script}.kp`, source);
    return session.compared;
  } finally {
    real.dispose();
    await server.close();
  }
}

describe.skipIf(!kubectl)('kubectl oracle: our kubectl and real kubectl against kubeplay serve', () => {
  afterAll(() => {
    const count = (verdict: string) => compared.filter((c) => verdictOf(c) === verdict).length;
    console.log(
      `kubectl oracle: ${compared.length} commands compared: ${count('identical')} byte for byte, ` +
        `${count('identical-but-client-ages')} describe / events identical but for the client clock's ages, ` +
        `${count('different')} known differences`,
    );
    const report = process.env.KUBEPLAY_ORACLE_REPORT;
    if (report) writeFileSync(report, JSON.stringify(compared, null, 2));
  });

  it.concurrent.each(SCRIPTS)(
    '%s.kp prints the same bytes',
    async (script) => {
      const results = await runOracle(script);
      compared.push(...results);
      expect(results.length).toBeGreaterThan(0);
      const unexpected = results.filter((c) => verdictOf(c) === 'different' && !KNOWN_DIFFERENCES[c.where]);
      expect(unexpected.map(describeDifference), `${unexpected.length} of ${results.length} commands differ`).toEqual([]);
      const known = (c: ComparedCommand) => KNOWN_DIFFERENCES[c.where];
      const gone = results.filter((c) => verdictOf(c) !== 'different' && known(c) && !known(c).skew);
      expect(gone.map((c) => `${c.where} now matches: remove it from known-differences.ts`)).toEqual([]);
    },
    SCRIPT_TIMEOUT_MS,
  );
});

describe.skipIf(!!kubectl)('kubectl oracle', () => {
  it.skip('skipped: no kubectl binary on PATH (or KUBEPLAY_ORACLE_KUBECTL) to compare with', () => {});
});
