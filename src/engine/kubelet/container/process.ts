// The process runner: steps an interpreter coroutine on the kubelet's virtual clock.
//
// Time model: builtins take 0 ms except `sleep` (and perl's bpi, ~10 s). Output lines are stamped
// with the virtual time they were written. Two guards keep runaway scripts bounded and
// deterministic:
//   - every loop iteration that let no virtual time pass costs 1 ms of CPU (so
//     `while true; do echo x; done` runs at most 1000 iterations per virtual second), and one
//     resume() runs at most BUSY_SLICE_MS of such CPU time before returning a `wait`;
//   - at most MAX_LOG_LINES_PER_SECOND lines are written per virtual second (per wall-clock second
//     window); a write past the cap blocks until the next second, like a full pipe.

import { runArgv, type Context } from './interpreter';
import type { Effect, LogLine, Proc, Process, ProcessEnv, Step } from './types';

export const MAX_LOG_LINES_PER_SECOND = 100;
export const BUSY_SLICE_MS = 1000;

class Runner implements Process {
  private t = 0;
  private started = false;
  private waitUntil: number | undefined;
  private pending: Effect | undefined;
  private result: { kind: 'exit'; code: number } | { kind: 'serve' } | undefined;
  private readonly partial = { stdout: '', stderr: '' };
  private logs: LogLine[] = [];
  private window = -1;
  private linesInWindow = 0;
  private readonly gen: Proc;

  constructor(argv: string[], env: ProcessEnv) {
    const ctx: Context = { env, now: () => this.t };
    this.gen = runArgv(ctx, [...argv]);
  }

  resume(nowMs: number): Step {
    if (this.result) return this.result.kind === 'exit' ? { ...this.result, logs: [] } : { kind: 'serve', logs: [] };
    if (!this.started) {
      this.started = true;
      this.t = nowMs;
    } else if (this.waitUntil !== undefined) {
      if (nowMs < this.waitUntil) return { kind: 'wait', untilMs: this.waitUntil, logs: [] };
      this.t = Math.max(this.t, nowMs);
    } else this.t = Math.max(this.t, nowMs);
    this.waitUntil = undefined;
    const sliceStart = this.t;
    for (;;) {
      let effect: Effect;
      if (this.pending) {
        effect = this.pending;
        this.pending = undefined;
      } else {
        const r = this.gen.next();
        if (r.done) return this.finish({ kind: 'exit', code: r.value });
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
            return this.block((window + 1) * 1000);
          }
          this.linesInWindow += this.write(effect.stream, effect.text);
          break;
        }
        case 'sleep':
          if (effect.ms > 0) return this.block(this.t + effect.ms);
          break;
        case 'tick':
          this.t += 1;
          if (this.t - sliceStart >= BUSY_SLICE_MS) return this.block(this.t);
          break;
        case 'serve':
          return this.finish({ kind: 'serve' });
      }
    }
  }

  /** Appends text to a stream; returns how many complete lines it produced. */
  private write(stream: 'stdout' | 'stderr', text: string): number {
    const chunks = (this.partial[stream] + text).split('\n');
    this.partial[stream] = chunks.pop() ?? '';
    for (const line of chunks) this.logs.push({ atMs: this.t, stream, text: line });
    return chunks.length;
  }

  private takeLogs(): LogLine[] {
    const logs = this.logs;
    this.logs = [];
    return logs;
  }

  private block(untilMs: number): Step {
    this.waitUntil = untilMs;
    return { kind: 'wait', untilMs, logs: this.takeLogs() };
  }

  private finish(result: { kind: 'exit'; code: number } | { kind: 'serve' }): Step {
    for (const stream of ['stdout', 'stderr'] as const) {
      if (this.partial[stream] !== '') this.logs.push({ atMs: this.t, stream, text: this.partial[stream] });
      this.partial[stream] = '';
    }
    this.result = result;
    return { ...result, logs: this.takeLogs() };
  }
}

/**
 * Starts a simulated container process for its effective argv (command + args, or the image's
 * default). Nothing runs until the first resume(nowMs), which fixes the process's start time.
 */
export function startProcess(command: string[], env: ProcessEnv): Process {
  return new Runner(command, env);
}
