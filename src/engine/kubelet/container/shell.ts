// The shell: runs a parsed script as a coroutine. Besides the POSIX subset of parse.ts it models
// what matters for container lifecycles:
//   - redirections to the container filesystem (`echo ok > /tmp/ready`, `2>&1`, `> /dev/null`);
//   - `trap ACTION TERM` in the PID-1 shell. As in a real shell, a trapped signal is acted on
//     between commands: after the current foreground command (e.g. `sleep 3600`) finishes, or at
//     once while the shell is in `wait`. Hence the idiom `trap 'exit 0' TERM; sleep 3600 & wait`;
//   - background jobs, reduced to what `wait` needs: `sleep N &` ends at now+N, a backgrounded
//     server never ends; other commands run inline;
//   - `exec CMD` replaces the shell (CMD becomes PID 1 when the shell was).

import { evalArith, expandBraces } from './arith';
import { BUILTINS, parseSleep } from './builtins';
import { basename, err, type Context } from './context';
import { runArgv } from './interpreter';
import {
  parseScript,
  ShellSyntaxError,
  type AndOr,
  type Command,
  type List,
  type Pipeline,
  type Redir,
  type Word,
} from './parse';
import type { Effect, Proc, ProcessEnv } from './types';

export const SHELLS = new Set(['sh', 'bash', 'ash', 'dash']);
const DEFAULT_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
const SIGNAL_NUMBERS: Record<string, string> = { '0': 'EXIT', '1': 'HUP', '2': 'INT', '3': 'QUIT', '9': 'KILL', '15': 'TERM' };

/** `exit N` (or a fatal shell error) unwinding to the enclosing shell. */
class ExitSignal {
  constructor(readonly code: number) {}
}
class LoopSignal {
  constructor(readonly kind: 'break' | 'continue') {}
}

export function exportedEnv(env: ProcessEnv): Map<string, string> {
  const vars = new Map<string, string>([
    ['PATH', DEFAULT_PATH],
    ['HOSTNAME', env.hostname],
  ]);
  for (const [k, v] of Object.entries(env.env)) vars.set(k, v);
  if (!vars.has('HOME')) vars.set('HOME', '/root');
  return vars;
}

const signalName = (s: string) => SIGNAL_NUMBERS[s] ?? s.toUpperCase().replace(/^SIG/, '');

type FdTarget = 'stdout' | 'stderr' | 'null' | { path: string };

export class Shell {
  private readonly vars: Map<string, string>;
  private status = 0;
  /** Exit status of the last command substitution (a bare assignment's $?). */
  private substStatus = 0;
  /** When the background `sleep` jobs end (Infinity: a background server). */
  private jobsUntil = -Infinity;
  private bgServer: string[] | undefined;
  private background = false;

  constructor(
    private readonly ctx: Context,
    private readonly name: string,
    /** $0 $1 … from `sh -c SCRIPT NAME ARGS…`. */
    private readonly positional: string[],
    /** The container's PID 1: its traps are the process's signal handlers. */
    private readonly pid1: boolean,
  ) {
    this.vars = exportedEnv(ctx.env);
  }

  *run(script: string): Proc {
    let list: List;
    try {
      list = parseScript(script);
    } catch (e) {
      if (!(e instanceof ShellSyntaxError)) throw e;
      yield err(`${this.name}: ${e.message}\n`);
      return 2;
    }
    let code: number;
    try {
      code = yield* this.list(list);
    } catch (e) {
      if (e instanceof ExitSignal) code = e.code;
      else if (e instanceof LoopSignal) code = 0;
      else throw e;
    }
    const onExit = this.pid1 ? this.ctx.host.traps.get('EXIT') : undefined;
    if (onExit) {
      this.ctx.host.traps.delete('EXIT');
      this.status = code;
      try {
        yield* this.list(parseScript(onExit));
      } catch (e) {
        if (e instanceof ExitSignal) return e.code;
        if (!(e instanceof ShellSyntaxError || e instanceof LoopSignal)) throw e;
      }
    }
    return code;
  }

  private *list(list: List): Proc {
    let status = this.status;
    for (const item of list) {
      if (item.background) {
        status = yield* this.runBackground(item);
        continue;
      }
      status = yield* this.pipeline(item.first);
      for (const { op, pipeline } of item.rest) {
        if ((op === '&&') === (status === 0)) status = yield* this.pipeline(pipeline);
      }
    }
    return status;
  }

  private *runBackground(item: AndOr): Proc {
    this.background = item.rest.length === 0;
    try {
      yield* this.pipeline(item.first);
      for (const { op, pipeline } of item.rest) {
        if ((op === '&&') === (this.status === 0)) yield* this.pipeline(pipeline);
      }
    } finally {
      this.background = false;
    }
    this.status = 0;
    return 0;
  }

  private *pipeline(p: Pipeline): Proc {
    let status = yield* this.withRedirs(p.redirs, () => this.command(p.cmd));
    if (p.negate) status = status === 0 ? 1 : 0;
    this.status = status;
    yield* this.runPendingTraps();
    return status;
  }

  /** Runs the traps of signals delivered while the last command ran (PID-1 shell only). */
  private *runPendingTraps(): Generator<Effect, void, void> {
    if (!this.pid1) return;
    for (let sig = this.ctx.host.takePendingSignal(); sig !== undefined; sig = this.ctx.host.takePendingSignal()) {
      const action = this.ctx.host.traps.get(sig);
      if (!action) continue;
      const saved = this.status;
      let list: List;
      try {
        list = parseScript(action);
      } catch (e) {
        if (!(e instanceof ShellSyntaxError)) throw e;
        yield err(`${this.name}: ${e.message}\n`);
        continue;
      }
      yield* this.list(list);
      this.status = saved; // a trap action does not change $?
    }
  }

  /** Applies redirections left to right, then routes the command's output through them. */
  private *withRedirs(redirs: Redir[], body: () => Proc): Proc {
    if (redirs.length === 0) return yield* body();
    const fds: Record<number, FdTarget | undefined> = { 1: 'stdout', 2: 'stderr' };
    for (const r of redirs) {
      const target = (yield* this.expand(r.target, false)).join('');
      if (r.op === '<') {
        if (!this.ctx.fs.read(target).ok) {
          yield err(`${this.name}: can't open ${target}: no such file\n`);
          return 1;
        }
        continue;
      }
      if (r.op === '>&') {
        if (target !== '1' && target !== '2') {
          yield err(`${this.name}: ${target}: bad file descriptor\n`);
          return 1;
        }
        fds[r.fd] = fds[Number(target)];
        continue;
      }
      if (target === '/dev/null') fds[r.fd] = 'null';
      else if (target === '/dev/stdout' || target === '/dev/stderr') fds[r.fd] = fds[target === '/dev/stdout' ? 1 : 2];
      else {
        const e = this.ctx.fs.write(target, '', r.op === '>>');
        if (e) {
          // busybox ash: ENOENT/ENOTDIR on create read "nonexistent directory"
          const why = e === 'No such file or directory' || e === 'Not a directory' ? 'nonexistent directory' : e;
          yield err(`${this.name}: can't create ${target}: ${why}\n`);
          return 1;
        }
        fds[r.fd] = { path: target };
      }
    }
    const gen = body();
    let r = gen.next();
    while (!r.done) {
      const e = r.value;
      if (e.type === 'out') {
        const to = fds[e.stream === 'stdout' ? 1 : 2];
        if (to === 'stdout' || to === 'stderr') yield { ...e, stream: to };
        else if (to !== undefined && to !== 'null') this.ctx.fs.write(to.path, e.text, true);
      } else yield e;
      r = gen.next();
    }
    return r.value;
  }

  /** Runs one loop iteration; charges 1 ms of CPU if it let no virtual time pass. */
  private *iteration(body: List, started: number): Generator<Effect, 'break' | number, void> {
    let status: number;
    try {
      status = yield* this.list(body);
    } catch (e) {
      if (!(e instanceof LoopSignal)) throw e;
      if (e.kind === 'break') return 'break';
      status = 0;
    }
    if (this.ctx.now() === started) yield { type: 'tick' };
    return status;
  }

  private *command(cmd: Command): Proc {
    switch (cmd.k) {
      case 'if': {
        for (const clause of cmd.clauses) {
          if ((yield* this.list(clause.cond)) === 0) return yield* this.list(clause.body);
        }
        return cmd.otherwise ? yield* this.list(cmd.otherwise) : 0;
      }
      case 'loop': {
        let status = 0;
        for (;;) {
          const started = this.ctx.now();
          const cond = yield* this.list(cmd.cond);
          if (cmd.until ? cond === 0 : cond !== 0) {
            if (this.ctx.now() === started) yield { type: 'tick' };
            return status;
          }
          const r = yield* this.iteration(cmd.body, started);
          if (r === 'break') return 0;
          status = r;
        }
      }
      case 'for': {
        const items: string[] = [];
        if (cmd.items) for (const w of cmd.items) items.push(...(yield* this.expand(w, true)));
        else items.push(...this.positional.slice(1));
        let status = 0;
        for (const item of items) {
          this.vars.set(cmd.name, item);
          const r = yield* this.iteration(cmd.body, this.ctx.now());
          if (r === 'break') return 0;
          status = r;
        }
        return status;
      }
      case 'simple':
        return yield* this.simple(cmd);
    }
  }

  private *simple(cmd: Extract<Command, { k: 'simple' }>): Proc {
    this.substStatus = 0; // $? after a bare assignment is that of its last command substitution
    const argv: string[] = [];
    for (const w of cmd.words) argv.push(...(yield* this.expand(w, true)));
    const assigned: [string, string][] = [];
    for (const a of cmd.assigns) assigned.push([a.name, (yield* this.expand(a.value, false)).join('')]);
    if (argv.length === 0) {
      for (const [k, v] of assigned) this.vars.set(k, v);
      return this.substStatus;
    }
    const env = new Map(this.vars);
    for (const [k, v] of assigned) env.set(k, v);
    const prog = argv[0];
    if (this.background) {
      this.background = false;
      const bg = this.startJob(argv);
      if (bg !== undefined) return bg;
    }
    switch (prog) {
      case 'exit': {
        const arg = argv[1];
        if (arg === undefined) throw new ExitSignal(this.status);
        if (!/^-?\d+$/.test(arg)) {
          yield err(`${this.name}: exit: Illegal number: ${arg}\n`);
          throw new ExitSignal(2);
        }
        throw new ExitSignal(((Number(arg) % 256) + 256) % 256);
      }
      case 'break':
      case 'continue':
        throw new LoopSignal(prog);
      case 'export':
        for (const a of argv.slice(1)) {
          const eq = a.indexOf('=');
          if (eq > 0) this.vars.set(a.slice(0, eq), a.slice(eq + 1));
        }
        return 0;
      case 'unset':
        for (const a of argv.slice(1)) this.vars.delete(a);
        return 0;
      case 'set':
      case 'cd':
        return 0;
      case 'trap':
        return this.trap(argv.slice(1));
      case 'wait':
        return yield* this.wait();
      case 'exec': {
        if (argv.length === 1) return 0;
        if (this.pid1) this.ctx.host.traps.clear(); // the new program starts with default handlers
        throw new ExitSignal(yield* runArgv(this.ctx, argv.slice(1), { vars: env, pid1: this.pid1 }));
      }
      case '.':
      case 'source': {
        const file = argv[1] === undefined ? undefined : this.ctx.fs.read(argv[1]);
        if (!file?.ok) {
          yield err(`${this.name}: ${prog}: can't open '${argv[1] ?? ''}': No such file or directory\n`);
          return 2;
        }
        let list: List;
        try {
          list = parseScript(file.content);
        } catch (e) {
          if (!(e instanceof ShellSyntaxError)) throw e;
          yield err(`${this.name}: ${e.message}\n`);
          return 2;
        }
        return yield* this.list(list);
      }
    }
    return yield* runArgv(this.ctx, argv, { vars: env, pid1: false });
  }

  /** `CMD &`: a sleep or a server becomes a job for `wait`; undefined runs the command inline. */
  private startJob(argv: string[]): number | undefined {
    const prog = basename(argv[0]);
    if (prog === 'sleep') {
      const ms = argv[1] === 'infinity' ? Infinity : argv.slice(1).reduce((t, a) => t + (parseSleep(a) ?? 0), 0);
      this.jobsUntil = Math.max(this.jobsUntil, this.ctx.now() + ms);
      return 0;
    }
    if (this.ctx.exec || SHELLS.has(prog) || BUILTINS[prog] || prog === 'busybox') return undefined;
    this.bgServer = argv;
    this.jobsUntil = Infinity;
    return 0;
  }

  /** `wait`: until the background jobs end, or at once when a trapped signal arrives (then 128+n). */
  private *wait(): Proc {
    const now = this.ctx.now();
    if (this.bgServer) yield { type: 'serve', argv: this.bgServer, pid1: false, interruptible: true };
    else if (this.jobsUntil > now) yield { type: 'sleep', ms: this.jobsUntil - now, interruptible: true };
    if (this.ctx.host.hasPendingSignal()) return 128 + 15;
    this.jobsUntil = -Infinity;
    this.bgServer = undefined;
    return 0;
  }

  private trap(args: string[]): number {
    if (args.length < 2) return 0; // `trap` alone lists traps: nothing to show in the log
    const [action, ...signals] = args;
    for (const s of signals) {
      const sig = signalName(s);
      if (!this.pid1) continue; // only PID 1's handlers matter to the kubelet
      if (action === '-') this.ctx.host.traps.delete(sig);
      else this.ctx.host.traps.set(sig, action);
    }
    return 0;
  }

  private lookup(name: string): string | undefined {
    if (name === '?') return String(this.status);
    if (name === '$') return '1';
    if (name === '!') return '';
    if (name === '#') return String(Math.max(0, this.positional.length - 1));
    if (name === '@' || name === '*') return this.positional.slice(1).join(' ');
    if (/^\d+$/.test(name)) return name === '0' ? (this.positional[0] ?? this.name) : this.positional[Number(name)];
    return this.vars.get(name);
  }

  /** Expands a word into fields (with field splitting and brace ranges when `split`). */
  private *expand(w: Word, split: boolean): Generator<Effect, string[], void> {
    if (split && w.plain !== undefined) {
      const braces = expandBraces(w.plain);
      if (braces) return braces;
    }
    const fields: string[] = [];
    let cur = '';
    let has = false;
    for (const part of w.parts) {
      let value: string;
      if (part.k === 'lit') {
        cur += part.v;
        has ||= part.q || part.v !== '';
        continue;
      } else if (part.k === 'var') {
        const v = this.lookup(part.name);
        value = v === undefined || (v === '' && part.def !== undefined) ? (part.def ?? '') : v;
      } else if (part.k === 'cmd') {
        value = yield* this.substitute(part.src);
      } else {
        value = String(yield* this.arith(part.src));
      }
      if (part.q || !split) {
        cur += value;
        has ||= part.q;
        continue;
      }
      const pieces = value.split(/[ \t\n]+/);
      pieces.forEach((piece, idx) => {
        if (idx > 0 && has) {
          fields.push(cur);
          cur = '';
          has = false;
        }
        if (piece !== '') {
          cur += piece;
          has = true;
        }
      });
    }
    if (!split) return [cur];
    if (has) fields.push(cur);
    return fields;
  }

  /** $(…): runs the script in a subshell capturing its stdout (stderr still goes to the log). */
  private *substitute(src: string): Generator<Effect, string, void> {
    const sub = new Shell(this.ctx, this.name, this.positional, false);
    for (const [k, v] of this.vars) sub.vars.set(k, v);
    const gen = sub.run(src);
    let captured = '';
    for (let r = gen.next(); ; r = gen.next()) {
      if (r.done) {
        this.substStatus = r.value;
        break;
      }
      const effect = r.value;
      if (effect.type === 'out' && effect.stream === 'stdout') captured += effect.text;
      else yield effect;
    }
    return captured.replace(/\n+$/, '');
  }

  private *arith(src: string): Generator<Effect, number, void> {
    const text = src.replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*|[0-9?#$])\}?/g, (_, n: string) => this.lookup(n) ?? '');
    try {
      return evalArith(text, (n) => this.lookup(n));
    } catch (e) {
      yield err(`${this.name}: arithmetic syntax error\n`);
      if (e instanceof Error) throw new ExitSignal(2);
      throw e;
    }
  }
}
