// kubectl: parses a command line and runs the command against the simulated cluster. A pure
// module over the engine, shared by the CLI, the UI console and the tests.

import { ApiError } from '../api/errors';
import { KubectlError, type KubectlEnv, type KubectlIO } from './context';
import { FlagError, parseFlags, type FlagSpec, type ParsedArgs } from './flags';
import { formatError } from './print-error';
import { commands } from './commands';
import { helpText, unknownHelpTopic } from './help';

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
  if (argv[0] === 'help') return runHelp(argv.slice(1), io);
  const found = findCommand(argv);
  if (found.path.length === 0) {
    const first = stripFlags(argv, globalFlags)[0];
    if (first === undefined) {
      io.out(helpText([]));
      return 0;
    }
    io.err(unknownCommand(first));
    return 1;
  }
  const { command: target, path, args } = found;
  const name = path.join(' ');
  try {
    const parsed = parseFlags(args, withGlobals([...target.flags, HELP_FLAG]));
    if (parsed.flags.help === true) {
      io.out(helpText(path));
      return 0;
    }
    delete parsed.flags.help;
    return target.run(parsed, io, env);
  } catch (e) {
    if (e instanceof FlagError || e instanceof KubectlError || e instanceof ApiError) {
      if (e instanceof KubectlError && e.printed) io.out(e.printed.stdout);
      io.err(formatError(e, name));
      return 1;
    }
    if (isOutputTooLong(e)) {
      // kubectl would stream it; one JavaScript string holds at most 2^29 − 24 characters here.
      io.err(`${OUTPUT_TOO_LONG}\n`);
      return 1;
    }
    throw e;
  }
}

/** What a command prints when its output would not fit in one string (`-o json` of 100,000 pods). */
export const OUTPUT_TOO_LONG =
  'error: the output is longer than the playground can hold (about 512 MiB of text): narrow it with a namespace, a label or field selector, or -o name';

function isOutputTooLong(e: unknown): boolean {
  return e instanceof RangeError && e.message === 'Invalid string length';
}

/** cobra's own help flag, which every command has. */
const HELP_FLAG: FlagSpec = { name: 'help', short: 'h', type: 'bool' };

/**
 * cobra's Find: the command path is read from the words left after removing flags (and the
 * values of flags that take one: a flag the command does not know is taken to have one), so
 * global flags may come first — `kubectl -n kube-system get pods`, or the docs'
 * `kubectl --record deployment.apps/nginx-deployment set image …`, where `--record` is unknown
 * before the verb and so swallows the next word. The command's arguments are everything else.
 */
function findCommand(argv: string[]): { command: KubectlCommand; path: string[]; args: string[] } {
  let children: Record<string, KubectlCommand> | undefined = commands;
  let command: KubectlCommand | undefined;
  let flags: readonly FlagSpec[] = [...globalFlags, HELP_FLAG];
  const path: string[] = [];
  let args = argv;
  for (;;) {
    const next = stripFlags(args, flags)[0];
    // Own properties only: `constructor` or `__proto__` are unknown commands, not the prototype's.
    if (next === undefined || !children || !Object.hasOwn(children, next)) break;
    command = children[next];
    path.push(next);
    const at = args.indexOf(next);
    args = [...args.slice(0, at), ...args.slice(at + 1)];
    children = command.subcommands;
    flags = withGlobals([...command.flags, HELP_FLAG]);
  }
  return { command: command ?? commands.version, path, args };
}

/** cobra's stripFlags: the words of a command line that are not flags or flag values. */
export function stripFlags(argv: readonly string[], flags: readonly FlagSpec[]): string[] {
  const takesNoValue = (spec: FlagSpec | undefined) => !!spec && (spec.type === 'bool' || spec.noOptDefault !== undefined);
  const words: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') break;
    if (a.startsWith('--') && a.length > 2) {
      if (!a.includes('=') && !takesNoValue(flags.find((f) => f.name === a.slice(2)))) i++;
    } else if (a.startsWith('-') && a.length > 1) {
      if (a.length === 2 && !takesNoValue(flags.find((f) => f.short === a[1]))) i++;
    } else words.push(a);
  }
  return words;
}

/** `kubectl help [COMMAND…]`: the command's help, or cobra's answer to an unknown topic. */
function runHelp(topic: string[], io: KubectlIO): number {
  const found = findCommand(topic);
  if (topic.length > 0 && found.path.length < topic.filter((t) => !t.startsWith('-')).length) {
    io.err(unknownHelpTopic(topic));
    return 0;
  }
  io.out(helpText(found.path));
  return 0;
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
