// kubectl: parses a command line and runs the command against the simulated cluster. A pure
// module over the engine, shared by the CLI, the UI console and the tests.

import { ApiError } from '../api/errors';
import { KubectlError, type KubectlEnv, type KubectlIO } from './context';
import { FlagError, parseFlags, type FlagSpec, type ParsedArgs } from './flags';
import { formatError } from './print-error';
import { commands } from './commands';

export interface KubectlCommand {
  /** Flags besides the global ones. */
  flags: FlagSpec[];
  run(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number;
  /** Sub-commands such as `rollout status`, `create deployment`. */
  subcommands?: Record<string, KubectlCommand>;
  /** Runs when no sub-command matched (e.g. `create -f`). */
  fallback?: boolean;
}

/** Flags every kubectl command accepts (kubeconfig-related ones are accepted and ignored). */
export const globalFlags: readonly FlagSpec[] = [
  { name: 'namespace', short: 'n', type: 'string' },
  { name: 'context', type: 'string' },
  { name: 'cluster', type: 'string' },
  { name: 'user', type: 'string' },
  { name: 'kubeconfig', type: 'string' },
  { name: 'request-timeout', type: 'string' },
  { name: 'v', short: 'v', type: 'string' },
];

function withGlobals(flags: FlagSpec[]): FlagSpec[] {
  const names = new Set(flags.map((f) => f.name));
  return [...flags, ...globalFlags.filter((g) => !names.has(g.name))];
}

/** Runs `kubectl <argv>`; returns the exit status. */
export function runKubectl(argv: string[], io: KubectlIO, env: KubectlEnv): number {
  const [verb, ...rest] = argv;
  if (!verb || verb === 'help' || verb === '--help' || verb === '-h') {
    io.out(usage());
    return 0;
  }
  // Own properties only: `constructor` or `__proto__` are unknown commands, not the prototype's.
  const command = Object.hasOwn(commands, verb) ? commands[verb] : undefined;
  if (!command) {
    io.err(unknownCommand(verb));
    return 1;
  }
  let target = command;
  let name = verb;
  let args = rest;
  // Sub-commands nest (`create secret generic`): each level is the next word.
  while (target.subcommands && args[0] !== undefined && Object.hasOwn(target.subcommands, args[0])) {
    const sub = args[0];
    target = target.subcommands[sub];
    name = `${name} ${sub}`;
    args = args.slice(1);
  }
  try {
    const parsed = parseFlags(args, withGlobals(target.flags));
    return target.run(parsed, io, env);
  } catch (e) {
    if (e instanceof FlagError || e instanceof KubectlError || e instanceof ApiError) {
      io.err(formatError(e, name));
      return 1;
    }
    throw e;
  }
}

function unknownCommand(verb: string): string {
  const suggestions = Object.keys(commands).filter((c) => c.startsWith(verb) || levenshtein(c, verb) <= 2);
  let text = `Error: unknown command "${verb}" for "kubectl"\n`;
  if (suggestions.length) text += `\nDid you mean this?\n${suggestions.map((s) => `\t${s}\n`).join('')}\n`;
  return text;
}

function levenshtein(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
  }
  return d[a.length][b.length];
}

function usage(): string {
  const names = Object.keys(commands).sort();
  return `kubectl controls the Kubernetes cluster manager (simulated by Kubeplay).\n\nCommands available here:\n${names
    .map((n) => `  ${n}\n`)
    .join('')}\nUsage:\n  kubectl [flags] [options]\n`;
}
