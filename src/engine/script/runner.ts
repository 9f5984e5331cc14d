// Runs a session script (what a user would type, one command per line) on a fresh Simulation
// and produces its transcript: each command echoed as `$ <command>`, then everything it printed.
// Same script and seed ⇒ byte-identical transcript.

import { Simulation, type SimulationOptions } from '../simulation';
import { parseScript, ScriptSyntaxError } from '../../protocol/script-parse';

export interface ScriptResult {
  transcript: string;
  /** 0, or 2 for a script syntax error (failing commands do not stop a script). */
  exitCode: number;
  /** The syntax error, if any, as `line N: …`. */
  error?: string;
}

export function runScript(source: string, options: SimulationOptions = {}): ScriptResult {
  let commands;
  try {
    commands = parseScript(source);
  } catch (e) {
    if (e instanceof ScriptSyntaxError) return { transcript: '', exitCode: 2, error: e.message };
    throw e;
  }
  const sim = new Simulation(options);
  let transcript = '';
  const console = sim.openConsole((text) => {
    transcript += text;
  });
  for (const command of commands) {
    transcript += `$ ${command.text}\n`;
    console.runArgv(command.argv, command.stdin);
  }
  console.interrupt();
  return { transcript, exitCode: 0 };
}
