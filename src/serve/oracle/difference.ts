// Judging one compared command: identical bytes; identical but for the relative times a
// client-side describe (or `kubectl events`) computes from the client's own clock (real kubectl's is the machine's, ours
// is the virtual one, and a Go binary's clock cannot be faked); or different — with the first
// differing lines, for the test failure.

import type { ComparedCommand } from './oracle-session';

export type Verdict = 'identical' | 'identical-but-client-ages' | 'different';

const CONTEXT_LINES = 2;
/** Verbs whose relative times real kubectl computes itself (get's come from the server's Table). */
const CLIENT_CLOCK_VERBS = new Set(['describe', 'events']);
/** A HumanDuration (`95s`, `6m27s`, `329d`, `2y30d`) standing alone. */
const DURATION = /(?<![\w.:/-])\d+[smhdy](?:\d+[smhd])*(?![\w.%:/-])/g;

/**
 * A describe text with each relative time replaced and the column padding that depends on their
 * width collapsed (cells are separated by runs of two or more spaces).
 */
function withoutAges(text: string): string {
  return text
    .split('\n')
    .map((line) =>
      line
        .split(/ {2,}/)
        .map((cell) => cell.replace(DURATION, '<age>'))
        .join('  '),
    )
    .join('\n');
}

function sameOutput(c: ComparedCommand): boolean {
  return c.ours.stdout === c.real.stdout && c.ours.stderr === c.real.stderr && c.ours.code === c.real.code;
}

export function verdictOf(c: ComparedCommand): Verdict {
  if (sameOutput(c)) return 'identical';
  const clientClock = CLIENT_CLOCK_VERBS.has(c.text.split(/\s+/)[1]);
  if (
    clientClock &&
    c.ours.code === c.real.code &&
    withoutAges(c.ours.stdout) === withoutAges(c.real.stdout) &&
    withoutAges(c.ours.stderr) === withoutAges(c.real.stderr)
  ) {
    return 'identical-but-client-ages';
  }
  return 'different';
}

function firstDifference(stream: string, ours: string, real: string): string | undefined {
  if (ours === real) return undefined;
  const a = ours.split('\n');
  const b = real.split('\n');
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const from = Math.max(0, i - CONTEXT_LINES);
  const excerpt = (lines: string[]) =>
    lines
      .slice(from, i + CONTEXT_LINES + 1)
      .map((l) => `    ${JSON.stringify(l)}`)
      .join('\n');
  return `  ${stream} differs at line ${i + 1}:\n   ours:\n${excerpt(a)}\n   real kubectl:\n${excerpt(b)}`;
}

/** What differs, for a test failure. */
export function describeDifference(c: ComparedCommand): string {
  const parts = [
    firstDifference('stdout', c.ours.stdout, c.real.stdout),
    firstDifference('stderr', c.ours.stderr, c.real.stderr),
    c.ours.code === c.real.code ? undefined : `  exit code: ours ${c.ours.code}, real kubectl ${c.real.code}`,
  ].filter((p) => p !== undefined);
  return `${c.where} $ ${c.text}\n${parts.join('\n')}`;
}
