// The headless CLI: `kubeplay run [--seed N] SCRIPT` (SCRIPT a file, or `-` for standard input)
// runs a session script against a fresh simulated cluster and prints the transcript, each
// command's part as soon as the command has ended (a long script is never held as one string).

import { readFileSync, statSync } from 'node:fs';
import { streamScript } from '../engine/script/runner';
import { runServe } from './serve';

const USAGE = `Usage: kubeplay run [--seed N] SCRIPT
       kubeplay serve [--port 8080] [--kubeconfig FILE] … (kubeplay serve --help)

Runs SCRIPT (a file, or - for standard input) against a fresh simulated cluster and
prints the transcript: each command as "$ command", then what it printed.

Commands a script may use: kubectl …, kubeplay …, sleep DURATION (e.g. 45s, 5m30s).
`;

function readLocalFile(path: string): string | undefined {
  try {
    if (!statSync(path).isFile()) return undefined;
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

function main(argv: string[]): number {
  const [command, ...rest] = argv;
  if (command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  if (command !== 'run') {
    process.stderr.write(command ? `kubeplay: unknown command "${command}"\n\n${USAGE}` : USAGE);
    return 2;
  }
  let seed = 1;
  let script: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i];
    if (a === '--seed' || a.startsWith('--seed=')) {
      const value = a === '--seed' ? rest[++i] : a.slice('--seed='.length);
      if (value === undefined || !/^\d+$/.test(value)) {
        process.stderr.write(
          `kubeplay: --seed expects a non-negative integer, got ${value === undefined ? 'nothing' : `"${value}"`}\n`,
        );
        return 2;
      }
      seed = Number(value);
    } else if (script === undefined) {
      script = a;
    } else {
      process.stderr.write(`kubeplay: unexpected argument "${a}"\n\n${USAGE}`);
      return 2;
    }
  }
  if (script === undefined) {
    process.stderr.write(`kubeplay: missing SCRIPT\n\n${USAGE}`);
    return 2;
  }
  let source: string;
  try {
    source = script === '-' ? readFileSync(0, 'utf8') : readFileSync(script, 'utf8');
  } catch (e) {
    process.stderr.write(`kubeplay: cannot read ${script}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}\n`);
    return 2;
  }
  const name = script === '-' ? 'stdin' : script;
  // process.stdout.write is synchronous for files, and for pipes and terminals on Linux.
  const result = streamScript(source, { seed, readFile: readLocalFile }, (chunk) => process.stdout.write(chunk));
  if (result.error) process.stderr.write(`kubeplay: ${name}: ${result.error}\n`);
  if (result.internalErrors > 0) {
    const where = result.stoppedAtLine === undefined ? 'at its end' : `at line ${result.stoppedAtLine}`;
    process.stderr.write(`kubeplay: ${name}: stopped ${where}: the command failed with an internal error\n`);
  }
  return result.exitCode;
}

const argv = process.argv.slice(2);
if (argv[0] === 'serve') {
  void runServe(argv.slice(1)).then((code) => {
    process.exitCode = code;
  });
} else {
  process.exitCode = main(argv);
}
