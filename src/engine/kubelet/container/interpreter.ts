// The interpreter: programs (sh -c, busybox applets, perl bpi, servers) and the shell subset, as
// generator coroutines yielding Effects. World queries (nslookup → serviceExists, date) read the
// runner's current virtual time, so they see the cluster as it is when the command actually runs.

import { DEFAULT_EPOCH_MS } from '../../clock/clock';
import { parseScript, ShellSyntaxError, type Command, type List, type Word } from './parse';
import { piDigits } from './pi';
import type { Effect, Proc, ProcessEnv } from './types';

export const NAMESPACE_FILE = '/var/run/secrets/kubernetes.io/serviceaccount/namespace';
export const CLUSTER_DNS_IP = '10.96.0.10';
const DEFAULT_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
/** Virtual run time of `perl -Mbignum=bpi -wle 'print bpi(2000)'` (scaled linearly for other N). */
export const PERL_BPI_2000_MS = 10_000;

export interface Context {
  env: ProcessEnv;
  /** Current virtual time (ms), as maintained by the process runner. */
  now(): number;
}

/** `exit N` (or a fatal shell error) unwinding to the enclosing shell. */
class ExitSignal {
  constructor(readonly code: number) {}
}
class LoopSignal {
  constructor(readonly kind: 'break' | 'continue') {}
}

const out = (text: string): Effect => ({ type: 'out', stream: 'stdout', text });
const err = (text: string): Effect => ({ type: 'out', stream: 'stderr', text });

const basename = (p: string) => p.slice(p.lastIndexOf('/') + 1);
const SHELLS = new Set(['sh', 'bash', 'ash', 'dash']);

/** Runs a container's argv. Unknown programs behave as long-lived servers. */
export function* runArgv(ctx: Context, argv: string[], vars?: Map<string, string>): Proc {
  if (argv.length === 0) return 0;
  const prog = basename(argv[0]);
  if (SHELLS.has(prog)) return yield* runShell(ctx, prog, argv.slice(1));
  if (prog === 'busybox') return argv.length === 1 ? 0 : yield* runArgv(ctx, argv.slice(1), vars);
  if (prog === 'perl') return yield* runPerl(argv.slice(1));
  const builtin = BUILTINS[prog];
  if (builtin) return yield* builtin(ctx, argv.slice(1), vars ?? exportedEnv(ctx.env));
  yield { type: 'serve' };
  return 0;
}

function exportedEnv(env: ProcessEnv): Map<string, string> {
  const vars = new Map<string, string>([
    ['PATH', DEFAULT_PATH],
    ['HOSTNAME', env.hostname],
  ]);
  for (const [k, v] of Object.entries(env.env)) vars.set(k, v);
  if (!vars.has('HOME')) vars.set('HOME', '/root');
  return vars;
}

function* runShell(ctx: Context, name: string, args: string[]): Proc {
  let i = 0;
  let script: string | undefined;
  while (i < args.length && /^-[a-z]+$/.test(args[i])) {
    if (args[i].includes('c')) script = args[i + 1];
    i += args[i].includes('c') ? 2 : 1;
    if (script !== undefined) break;
  }
  if (script === undefined) {
    if (i < args.length) {
      yield err(`${name}: can't open '${args[i]}': No such file or directory\n`);
      return name === 'bash' ? 127 : 2;
    }
    if (args.some((a) => a.includes('c'))) {
      yield err(`${name}: -c requires an argument\n`);
      return 2;
    }
    return 0; // an interactive shell with no terminal reads an empty stdin and exits
  }
  const shell = new Shell(ctx, name, args.slice(i));
  return yield* shell.run(script);
}

function* runPerl(args: string[]): Proc {
  const m = /\bbpi\((\d+)\)/.exec(args.join(' '));
  if (!m || !args.some((a) => a.startsWith('-M') && a.includes('bignum'))) {
    yield { type: 'serve' };
    return 0;
  }
  const n = Math.min(Number(m[1]), 10_000);
  yield { type: 'sleep', ms: Math.max(100, Math.round((PERL_BPI_2000_MS * n) / 2000)) };
  yield out(`${piDigits(n)}\n`);
  return 0;
}

// ---------------------------------------------------------------------------------------------
// The shell

class Shell {
  private readonly vars: Map<string, string>;
  private status = 0;
  /** Exit status of the last command substitution (a bare assignment's $?). */
  private substStatus = 0;

  constructor(
    private readonly ctx: Context,
    private readonly name: string,
    /** $0 $1 … from `sh -c SCRIPT NAME ARGS…`. */
    private readonly positional: string[],
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
    try {
      return yield* this.list(list);
    } catch (e) {
      if (e instanceof ExitSignal) return e.code;
      if (e instanceof LoopSignal) return 0;
      throw e;
    }
  }

  private *list(list: List): Proc {
    let status = this.status;
    for (const item of list) {
      status = yield* this.pipeline(item.first.cmd, item.first.negate);
      for (const { op, pipeline } of item.rest) {
        if ((op === '&&') === (status === 0)) status = yield* this.pipeline(pipeline.cmd, pipeline.negate);
      }
    }
    return status;
  }

  private *pipeline(cmd: Command, negate: boolean): Proc {
    let status = yield* this.command(cmd);
    if (negate) status = status === 0 ? 1 : 0;
    this.status = status;
    return status;
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
      case 'trap':
      case 'wait':
        return 0;
    }
    if (SHELLS.has(basename(prog)) || prog === 'busybox' || prog === 'perl' || BUILTINS[basename(prog)]) {
      return yield* runArgv(this.ctx, argv, env);
    }
    // An unknown program: a foreground server the shell waits on forever.
    yield { type: 'serve' };
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
    const sub = new Shell(this.ctx, this.name, this.positional);
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

/** `{1..5}`, `a{1..3}b`, `{5..1}`, `{1..10..2}` and `{a,b,c}`; undefined when not a brace expression. */
export function expandBraces(word: string): string[] | undefined {
  const range = /^(.*?)\{(-?\d+)\.\.(-?\d+)(?:\.\.(-?\d+))?\}(.*)$/.exec(word);
  if (range) {
    const [, pre, a, b, s, post] = range;
    const from = Number(a);
    const to = Number(b);
    const step = Math.max(1, Math.abs(Number(s ?? 1)));
    if (Math.abs(to - from) / step > 100_000) return undefined;
    const out: string[] = [];
    if (from <= to) for (let i = from; i <= to; i += step) out.push(`${pre}${i}${post}`);
    else for (let i = from; i >= to; i -= step) out.push(`${pre}${i}${post}`);
    return out;
  }
  const list = /^(.*?)\{([^{},]*(?:,[^{},]*)+)\}(.*)$/.exec(word);
  if (list) return list[2].split(',').map((x) => `${list[1]}${x}${list[3]}`);
  return undefined;
}

/** Integer arithmetic for $((…)): + - * / % comparisons && || ! unary ± and parentheses. */
export function evalArith(src: string, lookup: (name: string) => string | undefined): number {
  const toks = src.match(/\d+|[A-Za-z_][A-Za-z0-9_]*|<=|>=|==|!=|&&|\|\||[-+*/%()<>!]|\S/g) ?? [];
  let p = 0;
  const peek = () => toks[p];
  const BIN: [string[], (a: number, b: number) => number][] = [
    [['||'], (a, b) => (a || b ? 1 : 0)],
    [['&&'], (a, b) => (a && b ? 1 : 0)],
    [['==', '!='], () => 0],
    [['<', '>', '<=', '>='], () => 0],
    [['+', '-'], () => 0],
    [['*', '/', '%'], () => 0],
  ];
  const apply = (op: string, a: number, b: number): number => {
    switch (op) {
      case '||':
        return a || b ? 1 : 0;
      case '&&':
        return a && b ? 1 : 0;
      case '==':
        return a === b ? 1 : 0;
      case '!=':
        return a !== b ? 1 : 0;
      case '<':
        return a < b ? 1 : 0;
      case '>':
        return a > b ? 1 : 0;
      case '<=':
        return a <= b ? 1 : 0;
      case '>=':
        return a >= b ? 1 : 0;
      case '+':
        return a + b;
      case '-':
        return a - b;
      case '*':
        return a * b;
      default:
        if (b === 0) throw new Error('divide by zero');
        return op === '/' ? Math.trunc(a / b) : a % b;
    }
  };
  const unary = (): number => {
    const t = peek();
    if (t === '-' || t === '+' || t === '!') {
      p++;
      const v = unary();
      return t === '-' ? -v : t === '!' ? (v ? 0 : 1) : v;
    }
    if (t === '(') {
      p++;
      const v = binary(0);
      if (toks[p++] !== ')') throw new Error('expected )');
      return v;
    }
    p++;
    if (t !== undefined && /^\d+$/.test(t)) return Number(t);
    if (t !== undefined && /^[A-Za-z_]/.test(t)) {
      const v = Number(lookup(t) ?? 0);
      return Number.isInteger(v) ? v : 0;
    }
    throw new Error(`unexpected ${t}`);
  };
  const binary = (level: number): number => {
    if (level >= BIN.length) return unary();
    let left = binary(level + 1);
    while (peek() !== undefined && BIN[level][0].includes(peek())) {
      const op = toks[p++];
      left = apply(op, left, binary(level + 1));
    }
    return left;
  };
  if (toks.length === 0) return 0;
  const v = binary(0);
  if (p !== toks.length) throw new Error('trailing tokens');
  return v;
}

// ---------------------------------------------------------------------------------------------
// Builtins / busybox applets

type Builtin = (ctx: Context, args: string[], vars: Map<string, string>) => Proc;

const SLEEP_UNITS: Record<string, number> = { '': 1, s: 1, m: 60, h: 3600, d: 86400 };

/** Parses a busybox `sleep` operand (seconds, fractional, optional s/m/h/d suffix) into ms. */
export function parseSleep(arg: string): number | undefined {
  const m = /^(\d+(?:\.\d*)?|\.\d+)([smhd]?)$/.exec(arg);
  if (!m) return undefined;
  return Math.round(Number(m[1]) * SLEEP_UNITS[m[2]] * 1000);
}

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** A stable, fake ClusterIP for a Service (10.96.x.y, y never 0 or 255). */
export function stableServiceIP(name: string, namespace: string): string {
  const h = fnv1a(`${namespace}/${name}`);
  return `10.96.${(h >>> 8) & 255}.${(h % 254) + 1}`;
}

/** Resolves NAME the way a Pod's resolv.conf search path would; undefined if no such Service. */
function resolve(env: ProcessEnv, query: string): { fqdn: string; ip: string } | undefined {
  const name = query.replace(/\.$/, '').toLowerCase();
  const labels = name.split('.');
  let svc: string;
  let ns: string;
  if (labels.length === 1) [svc, ns] = [labels[0], env.namespace];
  else if (labels.length === 2 || (labels.length === 3 && labels[2] === 'svc')) [svc, ns] = labels;
  else if (labels.length === 5 && labels.slice(2).join('.') === 'svc.cluster.local') [svc, ns] = labels;
  else return undefined;
  if (!svc || !ns || !env.serviceExists(svc, ns)) return undefined;
  return { fqdn: `${svc}.${ns}.svc.cluster.local`, ip: env.serviceIP?.(svc, ns) ?? stableServiceIP(svc, ns) };
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `date` output for a wall-clock instant, e.g. `Thu Jan  1 00:00:00 UTC 2026`, or a `+FORMAT`. */
export function formatDate(ms: number, format?: string): string {
  const d = new Date(ms);
  const p2 = (n: number) => String(n).padStart(2, '0');
  const hms = `${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())}`;
  const ymd = `${d.getUTCFullYear()}-${p2(d.getUTCMonth() + 1)}-${p2(d.getUTCDate())}`;
  if (format === undefined) {
    const day = String(d.getUTCDate()).padStart(2, ' ');
    return `${DAYS[d.getUTCDay()]} ${MONTHS[d.getUTCMonth()]} ${day} ${hms} UTC ${d.getUTCFullYear()}`;
  }
  const codes: Record<string, string> = {
    s: String(Math.floor(ms / 1000)),
    Y: String(d.getUTCFullYear()),
    m: p2(d.getUTCMonth() + 1),
    d: p2(d.getUTCDate()),
    H: p2(d.getUTCHours()),
    M: p2(d.getUTCMinutes()),
    S: p2(d.getUTCSeconds()),
    T: hms,
    F: ymd,
    Z: 'UTC',
    '%': '%',
  };
  return format.replace(/%(.)/g, (all, c: string) => codes[c] ?? all);
}

function testExpr(args: string[]): number {
  const [a, b, c] = args;
  if (args.length === 0) return 1;
  if (args.length === 1) return a !== '' ? 0 : 1;
  if (a === '!') return testExpr(args.slice(1)) === 0 ? 1 : 0;
  if (args.length === 2) {
    if (a === '-z') return b === '' ? 0 : 1;
    if (a === '-n') return b !== '' ? 0 : 1;
    if (a === '-e' || a === '-f' || a === '-s' || a === '-r') return b === NAMESPACE_FILE ? 0 : 1;
    if (a === '-d') return ['/', '/tmp', '/var/run/secrets/kubernetes.io/serviceaccount'].includes(b) ? 0 : 1;
    return 2;
  }
  if (args.length === 3) {
    if (b === '=' || b === '==') return a === c ? 0 : 1;
    if (b === '!=') return a !== c ? 0 : 1;
    const ops: Record<string, (x: number, y: number) => boolean> = {
      '-eq': (x, y) => x === y,
      '-ne': (x, y) => x !== y,
      '-lt': (x, y) => x < y,
      '-le': (x, y) => x <= y,
      '-gt': (x, y) => x > y,
      '-ge': (x, y) => x >= y,
    };
    const op = ops[b];
    if (!op) return 2;
    if (!/^\s*-?\d+\s*$/.test(a) || !/^\s*-?\d+\s*$/.test(c)) return 2;
    return op(Number(a), Number(c)) ? 0 : 1;
  }
  return 2;
}

/* eslint-disable require-yield -- status-only builtins are coroutines that emit nothing */
const BUILTINS: Record<string, Builtin | undefined> = {
  *true() {
    return 0;
  },
  *':'() {
    return 0;
  },
  *false() {
    return 1;
  },
  *echo(_ctx, args) {
    let newline = true;
    let escapes = false;
    while (args.length > 0 && /^-[neE]+$/.test(args[0])) {
      if (args[0].includes('n')) newline = false;
      if (args[0].includes('e')) escapes = true;
      args = args.slice(1);
    }
    let text = args.join(' ');
    if (escapes) text = text.replace(/\\([nt\\])/g, (_, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : '\\'));
    yield out(newline ? `${text}\n` : text);
    return 0;
  },
  *sleep(_ctx, args) {
    if (args.length === 0) {
      yield err('sleep: missing operand\n');
      return 1;
    }
    if (args.length === 1 && args[0] === 'infinity') {
      yield { type: 'serve' };
      return 0;
    }
    let ms = 0;
    for (const a of args) {
      const v = parseSleep(a);
      if (v === undefined) {
        yield err(`sleep: invalid number '${a}'\n`);
        return 1;
      }
      ms += v;
    }
    if (ms > 0) yield { type: 'sleep', ms };
    return 0;
  },
  *nslookup(ctx, args) {
    const query = args.find((a) => !a.startsWith('-'));
    if (query === undefined) {
      yield err('Usage: nslookup [-type=QUERY_TYPE] [-debug] HOST [DNS_SERVER]\n');
      return 1;
    }
    const header = `Server:    ${CLUSTER_DNS_IP}\nAddress:   ${CLUSTER_DNS_IP}:53\n\n`;
    const found = resolve(ctx.env, query);
    if (!found) {
      yield out(`${header}** server can't find ${query}: NXDOMAIN\n`);
      return 1;
    }
    yield out(`${header}Name:   ${found.fqdn}\nAddress: ${found.ip}\n`);
    return 0;
  },
  *cat(ctx, args) {
    let status = 0;
    for (const file of args) {
      if (file === NAMESPACE_FILE) yield out(ctx.env.namespace);
      else if (file === '/etc/hostname') yield out(`${ctx.env.hostname}\n`);
      else {
        yield err(`cat: can't open '${file}': No such file or directory\n`);
        status = 1;
      }
    }
    return status;
  },
  *date(ctx, args) {
    const fmt = args.find((a) => a.startsWith('+'));
    yield out(`${formatDate((ctx.env.epochMs ?? DEFAULT_EPOCH_MS) + ctx.now(), fmt?.slice(1))}\n`);
    return 0;
  },
  *env(_ctx, _args, vars) {
    yield out([...vars].map(([k, v]) => `${k}=${v}\n`).join(''));
    return 0;
  },
  *printenv(_ctx, args, vars) {
    if (args.length === 0) {
      yield out([...vars].map(([k, v]) => `${k}=${v}\n`).join(''));
      return 0;
    }
    let status = 0;
    for (const a of args) {
      const v = vars.get(a);
      if (v === undefined) status = 1;
      else yield out(`${v}\n`);
    }
    return status;
  },
  *hostname(ctx) {
    yield out(`${ctx.env.hostname}\n`);
    return 0;
  },
  *pwd() {
    yield out('/\n');
    return 0;
  },
  *test(_ctx, args) {
    return testExpr(args);
  },
  /* eslint-enable require-yield */
  *'['(_ctx, args) {
    if (args[args.length - 1] !== ']') {
      yield err('[: missing ]\n');
      return 2;
    }
    return testExpr(args.slice(0, -1));
  },
};
