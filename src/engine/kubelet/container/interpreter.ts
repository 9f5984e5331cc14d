// The interpreter: programs (sh -c, busybox applets, perl bpi, servers) as generator coroutines
// yielding Effects. World queries (nslookup → serviceExists, date) read the runner's current
// virtual time, so they see the cluster as it is when the command actually runs.
//
// PID 1: the container's argv runs as PID 1 (`pid1`); a shell's children do not, except through
// `exec` and the images' `docker-entrypoint.sh`, which execs its arguments. This matters for
// signals: the kernel drops a signal PID 1 has no handler for.

import { piDigits } from './pi';
import { BUILTINS } from './builtins';
import { basename, err, out, type Context } from './context';
import { Shell, exportedEnv, SHELLS } from './shell';
import type { Proc } from './types';

/** Virtual run time of `perl -Mbignum=bpi -wle 'print bpi(2000)'` (scaled linearly for other N). */
export const PERL_BPI_2000_MS = 10_000;

export interface RunOptions {
  /** Variables for builtins (a shell's environment); defaults to the container's. */
  vars?: Map<string, string>;
  /** Runs as the container's PID 1 (the argv the kubelet started, or what it exec'd into). */
  pid1: boolean;
}

/** Runs an argv. Unknown programs are long-lived servers (or, under Process.exec, exit 0). */
export function* runArgv(ctx: Context, argv: string[], opts: RunOptions): Proc {
  if (argv.length === 0) {
    // No command and no image default: an image whose own entrypoint we do not model (a server).
    if (ctx.exec) return 0;
    yield { type: 'serve', argv: [], pid1: opts.pid1 };
    return ctx.host.childExitCode();
  }
  const prog = basename(argv[0]);
  if (SHELLS.has(prog)) return yield* runShell(ctx, prog, argv.slice(1), opts.pid1);
  if (prog === 'busybox') return argv.length === 1 ? 0 : yield* runArgv(ctx, argv.slice(1), opts);
  // Official images' entrypoint scripts set things up, then `exec "$@"`.
  if (prog === 'docker-entrypoint.sh') return yield* runArgv(ctx, argv.slice(1), opts);
  if (/^perl[0-9.]*$/.test(prog)) return yield* runPerl(ctx, argv, opts.pid1);
  const builtin = BUILTINS[prog];
  if (builtin) return yield* builtin(ctx, argv.slice(1), opts.vars ?? exportedEnv(ctx.env));
  if (ctx.exec) return yield* execOnly(ctx, prog, argv.slice(1));
  yield { type: 'serve', argv, pid1: opts.pid1 };
  return ctx.host.childExitCode();
}

/**
 * Programs that only run under Process.exec (probes, hooks). Anything unknown exits 0 at once,
 * which makes `nginx -s quit` preStop hooks and custom health-check binaries succeed; nginx's
 * `-s quit|stop` additionally stops the container's nginx, and `redis-cli ping` asks its redis.
 */
function* execOnly(ctx: Context, prog: string, args: string[]): Proc {
  if (prog === 'nginx') {
    const s = args.indexOf('-s');
    const action = s >= 0 ? args[s + 1] : undefined;
    if (action === 'quit' || action === 'stop') ctx.host.controlServer('nginx', action, ctx.now());
    return 0;
  }
  if (prog === 'redis-cli' && args.includes('ping')) {
    if (ctx.host.isRunning('redis-server', ctx.now())) {
      yield out('PONG\n');
      return 0;
    }
    yield out('Could not connect to Redis at 127.0.0.1:6379: Connection refused\n');
    return 1;
  }
  return 0;
}

function* runShell(ctx: Context, name: string, args: string[], pid1: boolean): Proc {
  let i = 0;
  let script: string | undefined;
  while (i < args.length && /^-[a-z]+$/.test(args[i])) {
    if (args[i].includes('c')) script = args[i + 1];
    i += args[i].includes('c') ? 2 : 1;
    if (script !== undefined) break;
  }
  if (script === undefined) {
    if (i < args.length) {
      // `sh /scripts/run.sh`: a script file from the container filesystem (e.g. a ConfigMap mount).
      const file = ctx.fs.read(args[i]);
      if (file.ok) return yield* new Shell(ctx, name, args.slice(i), pid1).run(file.content);
      yield err(`${name}: can't open '${args[i]}': No such file or directory\n`);
      return name === 'bash' ? 127 : 2;
    }
    if (args.some((a) => a.includes('c'))) {
      yield err(`${name}: -c requires an argument\n`);
      return 2;
    }
    return 0; // an interactive shell with no terminal reads an empty stdin and exits
  }
  return yield* new Shell(ctx, name, args.slice(i), pid1).run(script);
}

function* runPerl(ctx: Context, argv: string[], pid1: boolean): Proc {
  const args = argv.slice(1);
  const m = /\bbpi\((\d+)\)/.exec(args.join(' '));
  if (m && args.some((a) => a.startsWith('-M') && a.includes('bignum'))) {
    const n = Math.min(Number(m[1]), 10_000);
    yield { type: 'sleep', ms: Math.max(100, Math.round((PERL_BPI_2000_MS * n) / 2000)) };
    yield out(`${piDigits(n)}\n`);
    return 0;
  }
  // `perl -de0` (the image's default debugger REPL) or bare perl reads an empty stdin and quits.
  if (args.length === 0 || args.every((a) => /^-d?e0$|^-d$/.test(a)) || ctx.exec) return 0;
  // Any other script is something we do not interpret: treat it as long-running.
  yield { type: 'serve', argv, pid1 };
  return ctx.host.childExitCode();
}
