// The network clients of the images the docs use, against the simulated pod network: busybox
// `wget` and `nc`, and `curl` (nginx's Debian image has it). Names go through the pod's resolver
// (the cluster DNS); a connection is open, refused, or never answered (ProcessEnv.connect).
// Messages are the programs' own: busybox 1.28's wget for busybox:1.28 and older, the current
// busybox's otherwise; curl 7.88 (Debian bookworm).
//
// Not modelled: curl's progress meter (printed to stderr when output is not a terminal and -s
// is not given: its speeds are wall-clock measurements), curl -I and -v's headers, the bodies of
// error pages (404…), nc's -v messages, and sending data.

import { missingExecutable } from '../images/executables';
import { parseImageReference } from '../images/reference';
import { nslookupStyle } from '../dns/nslookup-format';
import { err, out, type Context } from './context';
import type { Connection, Proc } from './types';

/** Linux gives up on an unanswered SYN after its 6 retries (tcp_syn_retries): 127 s. */
export const SYN_TIMEOUT_MS = 127_000;
/** busybox wget's default network timeout (-T): 900 s. */
const WGET_DEFAULT_TIMEOUT_S = 900;

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  301: 'Moved Permanently',
  302: 'Found',
  400: 'Bad Request',
  403: 'Forbidden',
  404: 'Not Found',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

interface Url {
  host: string;
  port: number;
  path: string;
}

/** `[http://]host[:port][/path]` (wget and curl accept a bare host). */
function parseUrl(text: string): Url | undefined {
  const m = /^(?:(https?):\/\/)?([^/:]+)(?::(\d+))?(\/.*)?$/i.exec(text);
  if (!m) return undefined;
  const port = m[3] ? Number(m[3]) : m[1]?.toLowerCase() === 'https' ? 443 : 80;
  return { host: m[2], port, path: m[4] ?? '/' };
}

const isIPv4 = (s: string) => /^\d{1,3}(\.\d{1,3}){3}$/.test(s);

/** The address the pod's resolver gives `host` (an IP stays as it is). */
function resolveHost(ctx: Context, host: string): string | undefined {
  if (isIPv4(host)) return host;
  return ctx.env.resolve(host)?.addresses[0]?.ip;
}

function connect(ctx: Context, ip: string, port: number): Connection {
  return ctx.env.connect?.(ip, port, ctx.now()) ?? { kind: 'timeout' };
}

/** A program the container's image does not have, called from its shell: the shell's message. */
export function* notInImage(ctx: Context, prog: string): Generator<ReturnType<typeof err>, number | undefined, void> {
  const ref = ctx.env.image ? parseImageReference(ctx.env.image) : undefined;
  if (!ref?.ok || !missingExecutable(ref.ref.repository, prog)) return undefined;
  const debian = !/busybox|alpine/.test(ref.ref.repository);
  yield err(debian ? `sh: 1: ${prog}: not found\n` : `sh: ${prog}: not found\n`);
  return 127;
}

/** busybox's progress bar after a transfer that finished at once. */
function wgetProgress(oldStyle: boolean, name: string, size: number): string {
  const file = name.padEnd(20).slice(0, 20);
  return oldStyle
    ? `${file} 100% |${'*'.repeat(31)}|${String(size).padStart(6)}   0:00:00 ETA\n`
    : `${file} 100% |${'*'.repeat(32)}|${String(size).padStart(6)}  0:00:00 ETA\n`;
}

export function* wget(ctx: Context, args: string[]): Proc {
  const missing = yield* notInImage(ctx, 'wget');
  if (missing !== undefined) return missing;
  const oldStyle = nslookupStyle(ctx.env.image) === 'busybox-1.28';
  let quiet = false;
  let spider = false;
  let output: string | undefined;
  let timeoutS = WGET_DEFAULT_TIMEOUT_S;
  const urls: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--spider') spider = true;
    else if (a === '-q' || a === '--quiet') quiet = true;
    else if (a.startsWith('--timeout=')) timeoutS = Number(a.slice(10));
    else if (a === '-T' || a === '--timeout') timeoutS = Number(args[++i]);
    else if (a.startsWith('--output-document=')) output = a.slice(18);
    else if (a === '-O' || a === '--output-document') output = args[++i];
    else if (/^-[qO]+/.test(a)) {
      // Grouped short options: -qO- / -qO FILE.
      const o = a.indexOf('O');
      if (a.slice(1, o < 0 ? undefined : o).includes('q') || (o >= 0 && a.slice(o + 1).includes('q'))) quiet = true;
      if (o >= 0) output = a.slice(o + 1) || args[++i];
    } else if (a.startsWith('-')) {
      yield err(`wget: unrecognized option '${a}'\n`);
      return 1;
    } else urls.push(a);
  }
  if (urls.length === 0) {
    yield err(
      'BusyBox v1.28.4 (2018-05-22 17:00:17 UTC) multi-call binary.\n\nUsage: wget [-c|--continue] [--spider] [-q|--quiet] [-O|--output-document FILE]\n',
    );
    return 1;
  }
  const url = parseUrl(urls[0]);
  if (!url) {
    yield err(`wget: not an http or ftp url: ${urls[0]}\n`);
    return 1;
  }
  const ip = resolveHost(ctx, url.host);
  if (!ip) {
    yield err(`wget: bad address '${url.host}'\n`);
    return 1;
  }
  if (!quiet) yield err(`Connecting to ${url.host} (${ip}:${url.port})\n`);
  const conn = connect(ctx, ip, url.port);
  const timeoutMs = Number.isFinite(timeoutS) && timeoutS > 0 ? timeoutS * 1000 : WGET_DEFAULT_TIMEOUT_S * 1000;
  if (conn.kind === 'timeout') {
    // Its own alarm (-T) or the kernel's SYN timeout, whichever comes first.
    if (timeoutMs <= SYN_TIMEOUT_MS) {
      yield { type: 'sleep', ms: timeoutMs };
      yield err('wget: download timed out\n');
    } else {
      yield { type: 'sleep', ms: SYN_TIMEOUT_MS };
      yield err(`wget: can't connect to remote host (${ip}): Connection timed out\n`);
    }
    return 1;
  }
  if (conn.kind === 'refused') {
    yield err(`wget: can't connect to remote host (${ip}): Connection refused\n`);
    return 1;
  }
  const answer = conn.get(url.path);
  if ('notHttp' in answer) {
    yield err('wget: error getting response\n');
    return 1;
  }
  if (answer.status !== 200) {
    yield err(`wget: server returned error: HTTP/1.1 ${answer.status} ${STATUS_TEXT[answer.status] ?? ''}\n`);
    return 1;
  }
  if (spider) {
    if (!quiet) yield err('remote file exists\n');
    return 0;
  }
  const size = new TextEncoder().encode(answer.body).length;
  const name =
    output ??
    (url.path
      .replace(/[?#].*$/, '')
      .split('/')
      .pop() ||
      'index.html');
  if (name === '-') {
    if (!quiet && !oldStyle) yield err('writing to stdout\n');
    yield out(answer.body);
    if (!quiet) yield err(wgetProgress(oldStyle, '-', size));
    if (!quiet && !oldStyle) yield err('written to stdout\n');
    return 0;
  }
  if (output === undefined && ctx.fs.kind(name)) {
    yield err(`wget: can't open '${name}': File exists\n`);
    return 1;
  }
  if (!quiet && !oldStyle) yield err(`saving to '${name}'\n`);
  const e = ctx.fs.write(name, answer.body, false);
  if (e) {
    yield err(`wget: can't open '${name}': ${e}\n`);
    return 1;
  }
  // The bar is labelled with the file's last path component.
  if (!quiet) yield err(wgetProgress(oldStyle, name.slice(name.lastIndexOf('/') + 1), size));
  if (!quiet && !oldStyle) yield err(`'${name}' saved\n`);
  return 0;
}

/** busybox nc (netcat 1.10 compatible): `nc [-z] [-w SEC] HOST PORT`; exit 0 when connected. */
export function* nc(ctx: Context, args: string[]): Proc {
  const missing = yield* notInImage(ctx, 'nc');
  if (missing !== undefined) return missing;
  let waitS: number | undefined;
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '-w') waitS = Number(args[++i]);
    else if (/^-w\d+$/.test(a)) waitS = Number(a.slice(2));
    else if (/^-[zvn]+$/.test(a)) continue;
    else rest.push(a);
  }
  const [host, portText] = rest;
  if (!host || !portText) {
    yield err('BusyBox v1.28.4 (2018-05-22 17:00:17 UTC) multi-call binary.\n\nUsage: nc [OPTIONS] HOST PORT  - connect\n');
    return 1;
  }
  const port = Number(portText);
  const ip = resolveHost(ctx, host);
  if (!ip) {
    yield err(`nc: bad address '${host}'\n`);
    return 1;
  }
  const conn = connect(ctx, ip, port);
  if (conn.kind === 'open') return 0;
  if (conn.kind === 'timeout') {
    const ms = waitS !== undefined && waitS > 0 ? Math.min(waitS * 1000, SYN_TIMEOUT_MS) : SYN_TIMEOUT_MS;
    yield { type: 'sleep', ms };
  }
  return 1;
}

/** curl 7.88: `curl [-s] [-S] [-f] [-L] [-v] [-k] [-o FILE] [--connect-timeout S] [-m S] URL` (GET only). */
export function* curl(ctx: Context, args: string[]): Proc {
  const missing = yield* notInImage(ctx, 'curl');
  if (missing !== undefined) return missing;
  let silent = false;
  let showError = false;
  let fail = false;
  let output: string | undefined;
  let connectTimeoutS: number | undefined;
  let maxTimeS: number | undefined;
  const urls: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--connect-timeout') connectTimeoutS = Number(args[++i]);
    else if (a === '-m' || a === '--max-time') maxTimeS = Number(args[++i]);
    else if (a === '-o' || a === '--output') output = args[++i];
    else if (a === '--silent') silent = true;
    else if (a === '--show-error') showError = true;
    else if (a === '--fail') fail = true;
    else if (/^-[sSfvLk]+$/.test(a)) {
      if (a.includes('s')) silent = true;
      if (a.includes('S')) showError = true;
      if (a.includes('f')) fail = true;
    } else if (a.startsWith('-')) {
      yield err(`curl: option ${a}: is unknown\ncurl: try 'curl --help' or 'curl --manual' for more information\n`);
      return 2;
    } else urls.push(a);
  }
  const complain = (text: string) => (!silent || showError ? [err(`curl: ${text}\n`)] : []);
  if (urls.length === 0) {
    yield err("curl: try 'curl --help' or 'curl --manual' for more information\n");
    return 2;
  }
  const url = parseUrl(urls[0]);
  if (!url) {
    yield* complain(`(3) URL using bad/illegal format or missing URL`);
    return 3;
  }
  const ip = resolveHost(ctx, url.host);
  if (!ip) {
    yield* complain(`(6) Could not resolve host: ${url.host}`);
    return 6;
  }
  const conn = connect(ctx, ip, url.port);
  if (conn.kind === 'timeout') {
    const limits = [connectTimeoutS, maxTimeS].filter((s): s is number => s !== undefined && s > 0).map((s) => s * 1000);
    const limitMs = limits.length ? Math.min(...limits) : undefined;
    if (limitMs !== undefined && limitMs < SYN_TIMEOUT_MS) {
      yield { type: 'sleep', ms: limitMs };
      // curl notices its deadline at the next millisecond tick.
      yield* complain(
        maxTimeS !== undefined && maxTimeS * 1000 === limitMs
          ? `(28) Connection timed out after ${limitMs + 1} milliseconds`
          : `(28) Failed to connect to ${url.host} port ${url.port} after ${limitMs + 1} ms: Timeout was reached`,
      );
      return 28;
    }
    yield { type: 'sleep', ms: SYN_TIMEOUT_MS };
    yield* complain(
      `(28) Failed to connect to ${url.host} port ${url.port} after ${SYN_TIMEOUT_MS} ms: Couldn't connect to server`,
    );
    return 28;
  }
  if (conn.kind === 'refused') {
    yield* complain(`(7) Failed to connect to ${url.host} port ${url.port} after 0 ms: Couldn't connect to server`);
    return 7;
  }
  const answer = conn.get(url.path);
  if ('notHttp' in answer) {
    yield* complain('(1) Received HTTP/0.9 when not allowed');
    return 1;
  }
  if (fail && answer.status >= 400) {
    yield* complain(`(22) The requested URL returned error: ${answer.status}`);
    return 22;
  }
  if (output !== undefined && output !== '-') {
    const e = ctx.fs.write(output, answer.body, false);
    if (e) {
      yield* complain(`(23) Failure writing output to destination`);
      return 23;
    }
    return 0;
  }
  yield out(answer.body);
  return 0;
}
