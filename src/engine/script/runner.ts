// Runs a session script (what a user would type, one command per line) on a fresh Simulation
// and produces its transcript: each command echoed as `$ <command>`, then everything it printed.
// Same script and seed ⇒ byte-identical transcript.
//
// The transcript is handed out command by command (streamScript), so a script of a million lines
// never holds its whole transcript in memory. A command that lets an exception escape (a bug in the
// engine, not a failing command) prints `error: internal error: …` where its output would end and
// stops the script there: the state the exception left behind is not one later commands should be
// measured against. The result names the command, so the CLI can end with a non-zero status.

import { errorText } from '../runtime/owner-selector';
import { Simulation, type SimulationOptions } from '../simulation';
import type { ConsoleSession } from '../simulation-types';
import { scriptCommands, ScriptSyntaxError, type ScriptCommand } from '../../protocol/script-parse';

export interface ScriptResult {
  transcript: string;
  /** 0; 2 for a script syntax error; 1 when a command failed with an internal error. */
  exitCode: number;
  /** The syntax error, if any, as `line N: …`. */
  error?: string;
  /** How many commands ended with `error: internal error: …` (0 or 1: the script stops there). */
  internalErrors: number;
  /** The line of the command that failed with an internal error (the script stopped after it). */
  stoppedAtLine?: number;
}

export type StreamResult = Omit<ScriptResult, 'transcript'>;

/**
 * One script's run, command by command, on its own Simulation: what streamScript does for a whole
 * script, open to callers that choose each next command from what the cluster looks like (the
 * chaos harness) or look at the cluster between commands.
 */
export class ScriptSession {
  readonly sim: Simulation;
  private readonly console: ConsoleSession;
  private pending = '';
  internalErrors = 0;

  constructor(options: SimulationOptions) {
    this.sim = new Simulation(options);
    this.console = this.sim.openConsole((text) => {
      this.pending += text;
    });
  }

  /**
   * Runs one command and returns its part of the transcript (its `$ …` echo and everything printed
   * meanwhile), with the exception that escaped, if one did (a bug in the engine).
   */
  run(command: ScriptCommand): { chunk: string; internalError?: unknown } {
    this.pending += `$ ${command.text}\n`;
    const internalError = this.guarded(() => this.console.runArgv(command.argv, command.stdin));
    return { chunk: this.take(), internalError };
  }

  /** Ends a watch still streaming (the script's end is its Ctrl+C); returns what it printed. */
  finish(): { chunk: string; internalError?: unknown } {
    const internalError = this.guarded(() => this.console.interrupt());
    return { chunk: this.take(), internalError };
  }

  /** What was printed since the last chunk (a streaming command's later output). */
  take(): string {
    const chunk = this.pending;
    this.pending = '';
    return chunk;
  }

  private guarded(run: () => void): unknown {
    try {
      run();
      return undefined;
    } catch (e) {
      this.internalErrors++;
      this.pending += `error: internal error: ${errorText(e)}\n`;
      return e ?? new Error(String(e));
    }
  }
}

/**
 * Runs `source` and passes its transcript to `write`, one piece per command as soon as that
 * command has ended (its `$ …` echo and everything printed meanwhile). A syntax error anywhere in
 * the script stops it before any command runs, with nothing written.
 */
export function streamScript(source: string, options: SimulationOptions, write: (chunk: string) => void): StreamResult {
  try {
    // Checks the whole script first, without keeping its commands.
    for (const command of scriptCommands(source)) void command;
  } catch (e) {
    if (e instanceof ScriptSyntaxError) return { exitCode: 2, error: e.message, internalErrors: 0 };
    throw e;
  }
  const session = new ScriptSession(options);
  for (const command of scriptCommands(source)) {
    const { chunk, internalError } = session.run(command);
    write(chunk);
    if (internalError !== undefined) return { exitCode: 1, internalErrors: 1, stoppedAtLine: command.line };
  }
  const { chunk, internalError } = session.finish();
  if (chunk) write(chunk);
  return internalError === undefined ? { exitCode: 0, internalErrors: 0 } : { exitCode: 1, internalErrors: 1 };
}

/** Runs `source` and returns its whole transcript (tests and short scripts). */
export function runScript(source: string, options: SimulationOptions = {}): ScriptResult {
  let transcript = '';
  const result = streamScript(source, options, (chunk) => {
    transcript += chunk;
  });
  return { transcript, ...result };
}
