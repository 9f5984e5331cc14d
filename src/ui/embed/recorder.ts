// SessionRecorder: what the user did since the cluster was last reset, with the virtual time
// between — so Share can write a script the (deterministic, seeded) engine replays to the same
// state. It records every command the worker started: typed lines, editor applies (with their
// YAML as stdin), playground buttons, start-up scripts and embedding pages' commands.
//
// Timing comes from the worker's messages alone: `started` and `done` carry the virtual time, so
// every gap is exact. (From a worker that does not send it, the clock of the last delta stands in
// for a start; a command that waits on the clock then ends at the first delta after it, losing at
// most that frame's advance on replay.)

import { parseGoDuration } from '../../k8s/duration';
import { parseCommandLine, type SessionStep } from './script';

/** One recorded command and the virtual time (ms) that passed before it. */
export interface RecordedCommand {
  line: string;
  stdin?: string;
  gapMs: number;
}

/** The line Reset cluster runs; a successful one starts a new recording. */
export function isResetLine(line: string): boolean {
  const command = parseCommandLine(line);
  if (!command || command.stdin !== undefined) return false;
  const [program, noun, verb, ...rest] = command.argv;
  return program === 'kubeplay' && noun === 'cluster' && verb === 'reset' && !rest.some((a) => a === '-h' || a === '--help');
}

/** The exact duration of a `sleep` line, as the engine's sleep reads it; null for any other line. */
export function sleepDurationMs(line: string): number | null {
  const command = parseCommandLine(line);
  if (!command || command.argv[0] !== 'sleep' || command.argv.length !== 2) return null;
  const arg = command.argv[1];
  if (/^\d+(\.\d+)?$/.test(arg)) return Number(arg) * 1000;
  try {
    return parseGoDuration(arg);
  } catch {
    return null;
  }
}

/** The exit status of a command ended by Ctrl+C (128 + SIGINT). */
const INTERRUPTED = 130;

export class SessionRecorder {
  private commands: RecordedCommand[] = [];
  /** Commands sent but not started yet: their line and stdin, by command id. */
  private readonly sent = new Map<string, { line: string; stdin?: string }>();
  /** Commands started and not done, with the time they started at (null: not known exactly). */
  private readonly active = new Map<string, { line: string; startedAt: number | null; entry?: RecordedCommand }>();
  /** The virtual time of the last delta. */
  private clock = 0;
  /** A command may have moved the clock since the last delta. */
  private stale = false;
  /** Where the last command ended (or the cluster started), in virtual ms. */
  private cursor = 0;
  /** After a reset the page asked for, deltas of the old cluster are ignored until the snapshot. */
  private awaitingSnapshot = false;

  /** Notes what a command id will carry (its stdin is not in the worker's `started`). */
  sending(id: string, line: string, stdin?: string): void {
    this.sent.set(id, stdin === undefined ? { line } : { line, stdin });
  }

  /** The worker started a command. `line` is what it echoes. */
  started(id: string, line: string, now?: number): void {
    if (now !== undefined) this.at(now);
    const sent = this.sent.get(id);
    this.sent.delete(id);
    const stdin = sent?.stdin;
    // A line that is not one command never ran (the console refused it): nothing to replay.
    const command = parseCommandLine(line);
    if (!command || command.stdin !== undefined) return;
    const gapMs = this.stale ? 0 : Math.max(0, this.clock - this.cursor);
    if (!this.stale) this.cursor = this.clock;
    const entry: RecordedCommand = stdin === undefined ? { line, gapMs } : { line, stdin, gapMs };
    this.commands.push(entry);
    this.active.set(id, { line, startedAt: this.stale ? null : this.clock, entry });
  }

  /** The worker finished a command. */
  done(id: string, exitCode: number, now?: number): void {
    this.sent.delete(id);
    const command = this.active.get(id);
    if (!command) return;
    this.active.delete(id);
    if (exitCode === 0 && isResetLine(command.line)) {
      // The cluster starts again at virtual time zero; keep the line only if it shapes the cluster.
      const shaped = (parseCommandLine(command.line)?.argv.length ?? 0) > 3;
      this.commands = shaped ? [{ line: command.line, gapMs: 0 }] : [];
      this.clock = 0;
      this.cursor = 0;
      this.stale = false;
      return;
    }
    if (exitCode === INTERRUPTED && now !== undefined && !this.awaitingSnapshot && command.startedAt !== null && command.entry) {
      const entry = command.entry;
      if (sleepDurationMs(entry.line) !== null) {
        // A sleep cut short by Ctrl+C: the time it did wait becomes part of the next gap, as if
        // the line had not been typed (replaying it would wait its whole duration).
        this.commands = this.commands.filter((c) => c !== entry);
        this.cursor = command.startedAt - entry.gapMs;
        this.clock = now;
        this.stale = false;
        return;
      }
    }
    if (now !== undefined && !this.awaitingSnapshot) {
      // the worker says when it ended: exact
      this.clock = now;
      this.cursor = now;
      this.stale = false;
      return;
    }
    const sleep = exitCode === 0 ? sleepDurationMs(command.line) : null;
    if (sleep !== null && command.startedAt !== null && this.active.size === 0) {
      this.clock = command.startedAt + Math.round(sleep);
      this.cursor = this.clock;
      this.stale = false;
      return;
    }
    this.stale = true;
  }

  /** The worker says the clock is at `now` (a command started or ended then). */
  private at(now: number): void {
    if (this.awaitingSnapshot) return;
    if (this.stale) this.cursor = now;
    this.stale = false;
    this.clock = now;
  }

  /** A delta arrived with the clock at `now`; `reset` when it replaces the whole state. */
  delta(now: number, reset: boolean): void {
    if (this.awaitingSnapshot && !reset) return;
    this.awaitingSnapshot = false;
    this.at(now);
  }

  /** The page replaced the simulation (a `reset` message): start over at virtual time zero. */
  reset(): void {
    this.commands = [];
    this.active.clear();
    this.clock = 0;
    this.cursor = 0;
    this.stale = false;
    this.awaitingSnapshot = true;
  }

  /** The recorded commands, oldest first. */
  recorded(): readonly RecordedCommand[] {
    return this.commands;
  }

  /** The recorded commands that have ended (without one the worker is still running), oldest first. */
  completed(): RecordedCommand[] {
    const running = new Set<RecordedCommand>();
    for (const { entry } of this.active.values()) if (entry) running.add(entry);
    return this.commands.filter((c) => !running.has(c));
  }

  /**
   * What a reload replays to rebuild this cluster: the ended commands and the virtual time since
   * the last one (0 while a command runs or the time is not known exactly — a running command
   * is left out: replaying a half-done `sleep 1h` would wait the whole hour).
   */
  restorable(): { commands: RecordedCommand[]; tailMs: number } {
    const commands = this.completed();
    const tailMs = this.active.size === 0 && !this.stale && !this.awaitingSnapshot ? Math.max(0, this.clock - this.cursor) : 0;
    return { commands, tailMs };
  }

  /** The session as script steps, ending with the time passed since the last command. */
  steps(): SessionStep[] {
    const steps: SessionStep[] = [];
    for (const c of this.commands) {
      if (c.gapMs > 0) steps.push({ kind: 'sleep', ms: c.gapMs });
      steps.push(c.stdin === undefined ? { kind: 'command', line: c.line } : { kind: 'command', line: c.line, stdin: c.stdin });
    }
    const tail = this.stale ? 0 : this.clock - this.cursor;
    if (tail > 0) steps.push({ kind: 'sleep', ms: tail });
    return steps;
  }
}
