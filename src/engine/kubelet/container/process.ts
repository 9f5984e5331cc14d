// The process runner: steps an interpreter coroutine on the kubelet's virtual clock, and is the
// container's "kernel" for it: the filesystem, signals to PID 1, and commands exec'd beside it.
//
// Time model: builtins take 0 ms except `sleep` (and perl's bpi, ~10 s). Output lines are stamped
// with the virtual time they were written. The process's timeline does not depend on when the
// kubelet polls: a late resume() catches up, running each step at the time it was due. Two guards
// keep runaway scripts bounded and deterministic:
//   - every loop iteration that let no virtual time pass costs 1 ms of CPU (so
//     `while true; do echo x; done` runs at most 1000 iterations per virtual second), and one
//     slice runs at most BUSY_SLICE_MS of such CPU time before yielding a `wait`;
//   - at most MAX_LOG_LINES_PER_SECOND lines are written per virtual second (per wall-clock second
//     window); a write past the cap blocks until the next second, like a full pipe.
//
// Process.exec runs a second coroutine to completion at once (its sleeps add to its durationMs,
// not to the main process's time); it shares the filesystem, so `touch /tmp/healthy` in the main
// script is what `cat /tmp/healthy` in an exec probe sees.

import { basename, type Context, type ProcessHost } from './context';
import { ContainerFS, type HostsFileContent, type Mount } from './fs';
import { runArgv } from './interpreter';
import { serverModel, type TermBehavior } from './servers';
import { Interner } from '../../runtime/string-interner';
import type { Effect, ExecResult, LogLine, Proc, Process, ProcessEnv, ServingInfo, Signal, SignalResult, Step } from './types';

export const MAX_LOG_LINES_PER_SECOND = 100;
export const BUSY_SLICE_MS = 1000;
/** An exec with no time limit (postStart hooks) that runs longer than this is reported as never ending. */
export const MAX_UNBOUNDED_EXEC_MS = 3_600_000;
/** SIGTERM to a custom program as PID 1: it dies of the signal at once (128 + 15). */
export const DEFAULT_TERM: TermBehavior = { code: 143, afterMs: 0 };

export interface ProcessOptions {
  /** Extra files for the container filesystem (e.g. mounted ConfigMap keys), path → content. */
  files?: Readonly<Record<string, string>>;
  /** The pod's volumes as the container mounts them (from the kubelet's volume manager). */
  mounts?: readonly Mount[];
  /** The kubelet-managed /etc/hosts. */
  hostsFile?: HostsFileContent;
  /** SIGTERM behaviour of the image's own server when the simulator does not know the program (catalog). */
  stopBehavior?: TermBehavior;
}

type State =
  | { kind: 'running' }
  | { kind: 'serve'; argv: readonly string[]; pid1: boolean; interruptible: boolean; sinceMs: number }
  | { kind: 'exit'; code: number };

/** Servers' argvs (only ever read): one frozen array per command, shared by its containers. */
const servedArgvs = new Interner<readonly string[]>(1_000);

function servedArgv(argv: readonly string[]): readonly string[] {
  return servedArgvs.getOrAdd(JSON.stringify(argv), () => Object.freeze(argv.slice()));
}

/** The logs of a step that wrote none: one shared empty array (never written to). */
const NO_LOGS: LogLine[] = Object.freeze([]) as unknown as LogLine[];

class Runner implements Process, ProcessHost {
  private t = 0;
  private started = false;
  private state: State = { kind: 'running' };
  private waitUntil: number | undefined;
  private waitInterruptible = false;
  private pending: Effect | undefined;
  /** A server asked to stop (SIGTERM, `nginx -s quit`): it exits with `code` at atMs. */
  private stopAt: { atMs: number; code: number } | undefined;
  /** Text written without its newline yet. */
  private partialStdout = '';
  private partialStderr = '';
  private logs: LogLine[] = NO_LOGS;
  private window = -1;
  private linesInWindow = 0;
  // Most processes never set a trap or get a trapped signal: created on first use.
  private trapActions?: Map<string, string>;
  private pendingSignals?: string[];
  private childExit = 0;
  private readonly fs: ContainerFS;
  /** The PID-1 coroutine; dropped once it has become its container's server (never resumed again). */
  private gen: Proc | undefined;

  /** SIGTERM behaviour of the image's own server (catalog), when the simulator does not know the program. */
  private readonly stopBehavior: TermBehavior | undefined;

  constructor(
    argv: string[],
    private readonly env: ProcessEnv,
    options: ProcessOptions,
  ) {
    this.stopBehavior = options.stopBehavior;
    this.fs = new ContainerFS({
      namespace: env.namespace,
      hostname: env.hostname,
      files: options.files,
      mounts: options.mounts,
      hostsFile: options.hostsFile,
    });
    const ctx: Context = { env, fs: this.fs, host: this, now: () => this.t, exec: false };
    this.gen = runArgv(ctx, [...argv], { pid1: true });
  }

  // ---- ProcessHost ----

  get traps(): Map<string, string> {
    return (this.trapActions ??= new Map());
  }

  takePendingSignal(): string | undefined {
    return this.pendingSignals?.shift();
  }

  hasPendingSignal(): boolean {
    return this.pendingSignals !== undefined && this.pendingSignals.length > 0;
  }

  childExitCode(): number {
    return this.childExit;
  }

  resume(nowMs: number): Step {
    this.advance(nowMs);
    const logs = this.takeLogs();
    const st = this.state;
    if (st.kind === 'exit') return { kind: 'exit', code: st.code, logs };
    if (st.kind === 'serve') return this.stopAt ? { kind: 'wait', untilMs: this.stopAt.atMs, logs } : { kind: 'serve', logs };
    if (this.waitUntil === undefined || this.waitUntil === Infinity) return { kind: 'serve', logs };
    return { kind: 'wait', untilMs: this.waitUntil, logs };
  }

  exec(argv: string[], startMs: number, limitMs: number): ExecResult {
    this.advance(startMs);
    if (this.state.kind === 'exit') {
      return { exitCode: -1, stdout: '', stderr: '', durationMs: 0, timedOut: false, notRunning: true };
    }
    let elapsed = 0;
    const ctx: Context = { env: this.env, fs: this.fs, host: this, now: () => startMs + elapsed, exec: true };
    const gen = runArgv(ctx, [...argv], { pid1: false });
    const cap = Number.isFinite(limitMs) ? limitMs : MAX_UNBOUNDED_EXEC_MS;
    let stdout = '';
    let stderr = '';
    for (;;) {
      const r = gen.next();
      if (r.done) return { exitCode: r.value, stdout, stderr, durationMs: elapsed, timedOut: false };
      const e = r.value;
      if (e.type === 'out') {
        if (e.stream === 'stdout') stdout += e.text;
        else stderr += e.text;
        continue;
      }
      const ms = e.type === 'sleep' ? e.ms : e.type === 'tick' ? 1 : Infinity;
      if (ms > 0 && elapsed + ms >= cap) {
        // The runtime kills the exec'd command at the deadline: nothing after it happens.
        return { exitCode: -1, stdout, stderr, durationMs: Number.isFinite(limitMs) ? limitMs : Infinity, timedOut: true };
      }
      elapsed += ms;
    }
  }

  signal(signal: Signal, nowMs: number): SignalResult {
    this.advance(nowMs);
    const st = this.state;
    if (st.kind === 'exit') return { kind: 'not-running' };
    if (signal === 'KILL') {
      this.t = Math.max(this.t, nowMs);
      this.finish(137);
      return { kind: 'exits', atMs: this.t, code: 137 };
    }
    if (st.kind === 'serve' && st.pid1) {
      const behavior = serverModel(st.argv)?.onTerm ?? this.stopBehavior ?? DEFAULT_TERM;
      if (behavior === 'ignore') return { kind: 'ignored' };
      const atMs = Math.max(this.t, nowMs) + behavior.afterMs;
      if (!this.stopAt || this.stopAt.atMs > atMs) this.stopAt = { atMs, code: behavior.code };
      return { kind: 'exits', atMs: this.stopAt.atMs, code: this.stopAt.code };
    }
    const action = this.trapActions?.get('TERM');
    if (action === undefined || action === '') return { kind: 'ignored' };
    (this.pendingSignals ??= []).push('TERM');
    // `wait` returns at once; any other foreground command finishes first.
    if (st.kind === 'serve' && st.interruptible) {
      this.state = { kind: 'running' };
      this.waitUntil = Math.max(this.t, nowMs);
    } else if (st.kind === 'running' && this.waitInterruptible && this.waitUntil !== undefined) {
      this.waitUntil = Math.max(this.t, nowMs);
    }
    return { kind: 'trapped' };
  }

  serving(nowMs: number): ServingInfo | undefined {
    this.advance(nowMs);
    const st = this.state;
    if (st.kind !== 'serve' || serverModel(st.argv)?.listens === false) return undefined;
    return { program: basename(st.argv[0] ?? ''), argv: [...st.argv], sinceMs: st.sinceMs };
  }

  isRunning(name: string, atMs: number): boolean {
    const st = this.state;
    if (st.kind !== 'serve' || basename(st.argv[0] ?? '') !== name) return false;
    return !this.stopAt || this.stopAt.atMs > atMs;
  }

  controlServer(name: string, action: string, atMs: number): void {
    if (!this.isRunning(name, atMs)) return;
    // quit: graceful (finish requests), stop/TERM: fast shutdown. Both exit 0.
    const at = atMs + (action === 'quit' ? 100 : 10);
    if (!this.stopAt || this.stopAt.atMs > at) this.stopAt = { atMs: at, code: 0 };
  }

  /** Runs the process up to nowMs, keeping its logs for the next resume(). */
  private advance(nowMs: number): void {
    if (!this.started) {
      this.started = true;
      this.t = nowMs;
      this.runSlice();
    }
    for (;;) {
      const st = this.state;
      if (st.kind === 'exit') return;
      if (st.kind === 'serve') {
        const stop = this.stopAt;
        if (!stop || stop.atMs > nowMs) return;
        this.stopAt = undefined;
        this.t = Math.max(this.t, stop.atMs);
        if (st.pid1) return this.finish(stop.code);
        this.childExit = stop.code; // a foreground server stopped: its shell carries on
        this.state = { kind: 'running' };
      } else {
        if (this.waitUntil === undefined || nowMs < this.waitUntil) return;
        this.t = Math.max(this.t, this.waitUntil);
        this.waitUntil = undefined;
      }
      this.runSlice();
    }
  }

  /** Steps the coroutine until it blocks (sets waitUntil), serves, or exits. */
  private runSlice(): void {
    const sliceStart = this.t;
    for (;;) {
      let effect: Effect;
      if (this.pending) {
        effect = this.pending;
        this.pending = undefined;
      } else {
        const r = this.gen!.next();
        if (r.done) return this.finish(r.value);
        effect = r.value;
      }
      switch (effect.type) {
        case 'out': {
          const window = Math.floor(this.t / 1000);
          if (window !== this.window) {
            this.window = window;
            this.linesInWindow = 0;
          }
          if (this.linesInWindow >= MAX_LOG_LINES_PER_SECOND) {
            this.pending = effect;
            return this.block((window + 1) * 1000, false);
          }
          this.linesInWindow += this.write(effect.stream, effect.text);
          break;
        }
        case 'sleep':
          if (effect.ms > 0) return this.block(this.t + effect.ms, effect.interruptible === true);
          break;
        case 'tick':
          this.t += 1;
          if (this.t - sliceStart >= BUSY_SLICE_MS) return this.block(this.t, false);
          break;
        case 'serve':
          this.state = {
            kind: 'serve',
            argv: servedArgv(effect.argv),
            pid1: effect.pid1,
            interruptible: effect.interruptible === true,
            sinceMs: this.t,
          };
          // PID 1 is the server now: it exits when stopped, its shell never runs again.
          if (effect.pid1) this.gen = undefined;
          return;
      }
    }
  }

  /** Appends text to a stream; returns how many complete lines it produced. */
  private write(stream: 'stdout' | 'stderr', text: string): number {
    const chunks = ((stream === 'stdout' ? this.partialStdout : this.partialStderr) + text).split('\n');
    const partial = chunks.pop() ?? '';
    if (stream === 'stdout') this.partialStdout = partial;
    else this.partialStderr = partial;
    for (const line of chunks) this.log({ atMs: this.t, stream, text: line });
    return chunks.length;
  }

  private log(line: LogLine): void {
    if (this.logs === NO_LOGS) this.logs = [];
    this.logs.push(line);
  }

  private takeLogs(): LogLine[] {
    const logs = this.logs;
    this.logs = NO_LOGS;
    return logs;
  }

  private block(untilMs: number, interruptible: boolean): void {
    this.waitUntil = untilMs;
    this.waitInterruptible = interruptible;
  }

  private finish(code: number): void {
    if (this.partialStdout !== '') this.log({ atMs: this.t, stream: 'stdout', text: this.partialStdout });
    if (this.partialStderr !== '') this.log({ atMs: this.t, stream: 'stderr', text: this.partialStderr });
    this.partialStdout = '';
    this.partialStderr = '';
    this.state = { kind: 'exit', code };
    this.stopAt = undefined;
  }
}

/**
 * Starts a simulated container process for its effective argv (command + args, or the image's
 * default; [] means an image server we do not model). Each call is a new container instance with
 * a fresh filesystem. Nothing runs until the first resume(nowMs), which fixes the start time.
 */
export function startProcess(command: string[], env: ProcessEnv, options: ProcessOptions = {}): Process {
  return new Runner(command, env, options);
}
