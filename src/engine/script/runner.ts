// Runs a session script (what a user would type, one command per line) on a fresh Simulation
// and produces its transcript: each command echoed as `$ <command>`, then everything it printed.
// Same script and seed ⇒ byte-identical transcript.
//
// The transcript is handed out command by command (streamScript), so a script of a million lines
// never holds its whole transcript in memory. A command that lets an exception escape (a bug in the
// engine, not a failing command) prints `error: internal error: …` where its output would end; the
// script goes on and the result counts it, so the CLI can end with a non-zero status.

import { Simulation, type SimulationOptions } from '../simulation';
import { scriptCommands, ScriptSyntaxError } from '../../protocol/script-parse';

export interface ScriptResult {
  transcript: string;
  /** 0; 2 for a script syntax error; 1 when a command failed with an internal error. */
  exitCode: number;
  /** The syntax error, if any, as `line N: …`. */
  error?: string;
  /** How many commands ended with `error: internal error: …`. */
  internalErrors: number;
}

export type StreamResult = Omit<ScriptResult, 'transcript'>;

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
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
  const sim = new Simulation(options);
  let pending = '';
  const console = sim.openConsole((text) => {
    pending += text;
  });
  let internalErrors = 0;
  const guarded = (run: () => void) => {
    try {
      run();
    } catch (e) {
      internalErrors++;
      pending += `error: internal error: ${errorText(e)}\n`;
    }
  };
  for (const command of scriptCommands(source)) {
    pending += `$ ${command.text}\n`;
    guarded(() => console.runArgv(command.argv, command.stdin));
    write(pending);
    pending = '';
  }
  guarded(() => console.interrupt());
  if (pending) write(pending);
  return { exitCode: internalErrors > 0 ? 1 : 0, internalErrors };
}

/** Runs `source` and returns its whole transcript (tests and short scripts). */
export function runScript(source: string, options: SimulationOptions = {}): ScriptResult {
  let transcript = '';
  const result = streamScript(source, options, (chunk) => {
    transcript += chunk;
  });
  return { transcript, ...result };
}
