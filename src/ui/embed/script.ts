// script: session scripts on the page side. The grammar (one command per line, `#` comments,
// shell-like quoting, backslash continuations, here-documents) is read by the one parser in
// src/protocol/script-parse.ts, shared with the CLI and the engine. This module turns a command
// back into a console line (quoteWord, consoleLine) and a recorded session into a script
// (formatScript), which parseScript reads back to the same commands.

import { MAX_COMMAND_VIRTUAL_MS } from '../../protocol/limits';
import { parseScript, type ScriptCommand } from '../../protocol/script-parse';

export { parseScript, ScriptSyntaxError, type ScriptCommand } from '../../protocol/script-parse';

// ---------------------------------------------------------------------------------------------
// From commands back to text

/** Characters a word may have and still be written without quotes. */
const BARE_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** A word as the lexer reads it back: bare when safe, else single-quoted (`'` as `'\''`). */
export function quoteWord(word: string): string {
  if (BARE_WORD.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** Words quoted and joined into one command line. */
export function joinWords(argv: readonly string[]): string {
  return argv.map(quoteWord).join(' ');
}

/**
 * The line a command is sent to the console as. The console runs one command and reads no
 * here-document, so a command with one is rewritten from its words (its body goes as stdin);
 * any other keeps the text as typed, which the console splits into the same words.
 */
export function consoleLine(command: ScriptCommand): string {
  return command.stdin === undefined ? command.text : joinWords(command.argv);
}

/**
 * Reads one console line (with an optional here-document) as a single command; null when it is
 * empty, a comment, more than one command, or not valid script syntax.
 */
export function parseCommandLine(text: string): ScriptCommand | null {
  try {
    const commands = parseScript(text);
    return commands.length === 1 ? commands[0] : null;
  } catch {
    return null;
  }
}

/** A delimiter no line of the body equals: `EOF`, else `EOF_1`, `EOF_2`… */
export function heredocDelimiter(body: string): string {
  const lines = new Set(body.split('\n'));
  let delimiter = 'EOF';
  for (let n = 1; lines.has(delimiter); n++) delimiter = `EOF_${n}`;
  return delimiter;
}

/** One step of a session: a command (with its stdin, if any) or virtual time passing. */
export type SessionStep = { kind: 'command'; line: string; stdin?: string } | { kind: 'sleep'; ms: number };

/** A duration as `sleep` reads it, whole milliseconds: `16ms`, `1.5s`, `2m30s`, `1h0m5s`. */
export function formatSleep(ms: number): string {
  const whole = Math.max(0, Math.round(ms));
  if (whole === 0) return '0s';
  const h = Math.floor(whole / 3_600_000);
  const m = Math.floor((whole % 3_600_000) / 60_000);
  const s = (whole % 60_000) / 1000;
  if (h === 0 && m === 0 && s < 1) return `${whole}ms`;
  return `${h ? `${h}h` : ''}${h || m ? `${m}m` : ''}${s}s`;
}

/**
 * `sleep` lines for `ms` of virtual time, none longer than one command may take
 * (MAX_COMMAND_VIRTUAL_MS): a gap of 30h is `sleep 24h0m0s` then `sleep 6h0m0s`.
 */
export function sleepLines(ms: number): string[] {
  const lines: string[] = [];
  let left = Math.max(0, Math.round(ms));
  while (left > 0) {
    const part = Math.min(left, MAX_COMMAND_VIRTUAL_MS);
    lines.push(`sleep ${formatSleep(part)}`);
    left -= part;
  }
  return lines;
}

/**
 * A session as a script: each command on its line (stdin as a here-document), `sleep DURATION`
 * for the virtual time between them (in steps of at most a day, see sleepLines). parseScript reads it back to the same commands; a step
 * whose line is not one command is left out (it could not have run).
 */
export function formatScript(steps: readonly SessionStep[]): string {
  let out = '';
  for (const step of steps) {
    if (step.kind === 'sleep') {
      for (const line of sleepLines(step.ms)) out += `${line}\n`;
      continue;
    }
    const command = parseCommandLine(step.line);
    if (!command) continue;
    if (step.stdin === undefined && command.stdin === undefined) {
      out += `${command.text}\n`;
      continue;
    }
    const body = step.stdin ?? command.stdin ?? '';
    const text = body === '' || body.endsWith('\n') ? body : `${body}\n`;
    const delimiter = heredocDelimiter(text);
    out += `${joinWords(command.argv)} <<${delimiter}\n${text}${delimiter}\n`;
  }
  return out;
}
