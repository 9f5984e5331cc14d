// Busybox applets the docs' containers run, as coroutines over the Context: output, sleeps, the
// container filesystem, DNS lookups against the cluster's Services, and a few process queries
// (killall -0, pidof) answered by the process host. Messages are busybox's.

import { DEFAULT_EPOCH_MS } from '../../clock/clock';
import { err, out, type Context } from './context';
import type { ContainerFS } from './fs';
import type { Proc } from './types';
import { formatNslookup, nslookupStyle } from '../dns/nslookup-format';
import { curl, nc, wget } from './net-clients';

type Builtin = (ctx: Context, args: string[], vars: Map<string, string>) => Proc;

const SLEEP_UNITS: Record<string, number> = { '': 1, s: 1, m: 60, h: 3600, d: 86400 };

/** Parses a busybox `sleep` operand (seconds, fractional, optional s/m/h/d suffix) into ms. */
export function parseSleep(arg: string): number | undefined {
  const m = /^(\d+(?:\.\d*)?|\.\d+)([smhd]?)$/.exec(arg);
  if (!m) return undefined;
  return Math.round(Number(m[1]) * SLEEP_UNITS[m[2]] * 1000);
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

/** `test` / `[ … ]`: strings, integers, and file tests against the container filesystem. */
function testExpr(fs: ContainerFS, args: string[]): number {
  const [a, b, c] = args;
  if (args.length === 0) return 1;
  if (args.length === 1) return a !== '' ? 0 : 1;
  if (a === '!') return testExpr(fs, args.slice(1)) === 0 ? 1 : 0;
  if (args.length === 2) {
    if (a === '-z') return b === '' ? 0 : 1;
    if (a === '-n') return b !== '' ? 0 : 1;
    const kind = fs.kind(b);
    if (a === '-e' || a === '-r' || a === '-w') return kind ? 0 : 1;
    if (a === '-f') return kind === 'file' ? 0 : 1;
    if (a === '-d') return kind === 'dir' ? 0 : 1;
    if (a === '-s') {
      const r = fs.read(b);
      return kind === 'file' && r.ok && r.content !== '' ? 0 : 1;
    }
    if (a === '-x') return kind === 'dir' ? 0 : 1;
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

/** Splits leading `-xyz` flag words off (stopping at `--`); returns the flag letters and operands. */
function flags(args: string[]): [Set<string>, string[]] {
  const set = new Set<string>();
  let i = 0;
  for (; i < args.length && /^-[A-Za-z0-9]+$/.test(args[i]); i++) for (const ch of args[i].slice(1)) set.add(ch);
  if (args[i] === '--') i++;
  return [set, args.slice(i)];
}

/* eslint-disable require-yield -- status-only builtins are coroutines that emit nothing */
export const BUILTINS: Record<string, Builtin | undefined> = {
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
      yield { type: 'serve', argv: ['sleep', 'infinity'], pid1: false };
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
  wget,
  nc,
  curl,
  *nslookup(ctx, args) {
    const query = args.find((a) => !a.startsWith('-'));
    const style = nslookupStyle(ctx.env.image);
    if (query === undefined) {
      yield err(
        style === 'busybox-1.28'
          ? 'BusyBox v1.28.4 (2018-05-22 17:00:17 UTC) multi-call binary.\n\nUsage: nslookup [HOST] [SERVER]\n\nQuery the nameserver for the IP address of the given HOST\noptionally using a specified DNS server\n'
          : 'Usage: nslookup [-type=QUERY_TYPE] [-debug] HOST [DNS_SERVER]\n',
      );
      return 1;
    }
    const result = formatNslookup(style, query, ctx.env.resolve(query));
    if (result.stdout) yield out(result.stdout);
    if (result.stderr) yield err(result.stderr);
    return result.code;
  },
  *cat(ctx, args) {
    let status = 0;
    for (const file of flags(args)[1]) {
      const r = ctx.fs.read(file);
      if (r.ok) yield out(r.content);
      else {
        yield err(r.error === 'Is a directory' ? 'cat: read error: Is a directory\n' : `cat: can't open '${file}': ${r.error}\n`);
        status = 1;
      }
    }
    return status;
  },
  *touch(ctx, args) {
    let status = 0;
    for (const file of flags(args)[1]) {
      const e = ctx.fs.touch(file);
      if (e) {
        yield err(`touch: ${file}: ${e}\n`);
        status = 1;
      }
    }
    return status;
  },
  *rm(ctx, args) {
    const [f, files] = flags(args);
    const force = f.has('f');
    let status = 0;
    for (const file of files) {
      const e = ctx.fs.remove(file, f.has('r') || f.has('R'));
      if (!e || (force && e === 'No such file or directory')) continue;
      yield err(e === 'Is a directory' ? `rm: '${file}' is a directory\n` : `rm: can't remove '${file}': ${e}\n`);
      status = 1;
    }
    return status;
  },
  *mkdir(ctx, args) {
    const [f, dirs] = flags(args);
    let status = 0;
    for (const dir of dirs) {
      const e = ctx.fs.mkdir(dir, f.has('p'));
      if (e) {
        yield err(`mkdir: can't create directory '${dir}': ${e}\n`);
        status = 1;
      }
    }
    return status;
  },
  *ls(ctx, args) {
    const paths = flags(args)[1];
    let status = 0;
    const targets = paths.length > 0 ? paths : ['.'];
    for (const p of targets) {
      const kind = ctx.fs.kind(p);
      if (!kind) {
        yield err(`ls: ${p}: No such file or directory\n`);
        status = 1;
      } else if (kind === 'file') yield out(`${p}\n`);
      else {
        if (targets.length > 1) yield out(`${p}:\n`);
        const names = ctx.fs.list(p) ?? [];
        if (names.length > 0) yield out(`${names.join('\n')}\n`);
      }
    }
    return status;
  },
  *tail(ctx, args) {
    const [f, files] = flags(args);
    if (f.has('f') || f.has('F')) {
      // `tail -f /dev/null`: the classic keep-the-container-alive command.
      yield { type: 'serve', argv: ['tail', ...args], pid1: false };
      return 0;
    }
    let status = 0;
    for (const file of files) {
      const r = ctx.fs.read(file);
      if (!r.ok) {
        yield err(`tail: can't open '${file}': ${r.error}\n`);
        status = 1;
        continue;
      }
      const lines = r.content.replace(/\n$/, '').split('\n');
      if (r.content !== '') yield out(`${lines.slice(-10).join('\n')}\n`);
    }
    return status;
  },
  *head(ctx, args) {
    // head [-n N | -N | -c N] [FILE]...: the first 10 lines by default; `==> f <==` before each of several files.
    let lines = 10;
    let bytes: number | undefined;
    const files: string[] = [];
    for (let i = 0; i < args.length; i++) {
      const a = args[i];
      const m = /^-(n|c)(\d*)$/.exec(a);
      if (m) {
        const value = m[2] !== '' ? m[2] : args[++i];
        if (value === undefined || !/^\d+$/.test(value)) {
          yield err(`head: invalid number '${value ?? ''}'\n`);
          return 1;
        }
        if (m[1] === 'n') lines = Number(value);
        else bytes = Number(value);
      } else if (/^-\d+$/.test(a)) lines = Number(a.slice(1));
      else files.push(a);
    }
    let status = 0;
    for (const [n, file] of files.entries()) {
      const r = ctx.fs.read(file);
      if (!r.ok) {
        yield err(`head: can't open '${file}': ${r.error}\n`);
        status = 1;
        continue;
      }
      if (files.length > 1) yield out(`${n > 0 ? '\n' : ''}==> ${file} <==\n`);
      if (bytes !== undefined) yield out(new TextDecoder().decode(new TextEncoder().encode(r.content).slice(0, bytes)));
      else {
        const parts = r.content.split('\n');
        const kept = parts.slice(0, lines).join('\n');
        yield out(parts.length > lines ? `${kept}\n` : kept);
      }
    }
    return status;
  },
  *wc(ctx, args) {
    // busybox wc: lines, words, bytes; one column unpadded, several as %9u.
    const [f, files] = flags(args);
    const wanted = (['l', 'w', 'c'] as const).filter((k) => f.has(k));
    const columns = wanted.length > 0 ? wanted : (['l', 'w', 'c'] as const);
    let status = 0;
    const total = { l: 0, w: 0, c: 0 };
    const line = (counts: typeof total, name: string) =>
      `${columns.map((k) => (columns.length === 1 ? String(counts[k]) : String(counts[k]).padStart(9))).join(' ')} ${name}\n`;
    for (const file of files) {
      const r = ctx.fs.read(file);
      if (!r.ok) {
        yield err(`wc: can't open '${file}': ${r.error}\n`);
        status = 1;
        continue;
      }
      const counts = {
        l: (r.content.match(/\n/g) ?? []).length,
        w: r.content.split(/\s+/).filter((x) => x !== '').length,
        c: new TextEncoder().encode(r.content).length,
      };
      for (const k of ['l', 'w', 'c'] as const) total[k] += counts[k];
      yield out(line(counts, file));
    }
    if (files.length > 1) yield out(line(total, 'total'));
    return status;
  },
  *killall(ctx, args) {
    const [f, names] = flags(args);
    let status = 0;
    for (const name of names) {
      if (ctx.host.isRunning(name, ctx.now())) {
        if (!f.has('0')) ctx.host.controlServer(name, 'stop', ctx.now());
      } else {
        if (!f.has('q')) yield err(`killall: ${name}: no process killed\n`);
        status = 1;
      }
    }
    return status;
  },
  *pidof(ctx, args) {
    const pids = flags(args)[1].filter((n) => ctx.host.isRunning(n, ctx.now()));
    if (pids.length === 0) return 1;
    yield out(`${pids.map(() => '1').join(' ')}\n`);
    return 0;
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
  *test(ctx, args) {
    return testExpr(ctx.fs, args);
  },
  /* eslint-enable require-yield */
  *'['(ctx, args) {
    if (args[args.length - 1] !== ']') {
      yield err('[: missing ]\n');
      return 2;
    }
    return testExpr(ctx.fs, args.slice(0, -1));
  },
};
