// Clock: the engine's only notion of time. Virtual milliseconds since the simulation epoch;
// advance() runs every due event in (time, priority, sequence) order and never goes backwards.

import { EventQueue, type EventLabel, type ScheduledEvent } from './event-queue';

/** Priorities order events due at the same instant: lower runs first. */
export const Priority = {
  /** API-side bookkeeping (e.g. deletion of objects whose grace period ended). */
  api: 0,
  /** Controllers' work queues and kubelets. */
  controller: 10,
  /** Periodic housekeeping. */
  periodic: 20,
} as const;

/** 2026-01-01T00:00:00Z — a fixed epoch so transcripts are reproducible. */
export const DEFAULT_EPOCH_MS = Date.UTC(2026, 0, 1, 0, 0, 0);

/**
 * How many events scheduled at one virtual instant by events running at that instant may run
 * before the clock gives up: callbacks that keep scheduling work "now" would otherwise spin
 * forever without time ever moving. Events queued earlier for that instant are not counted: they
 * are finite, and a big cluster has many (150,000 pods bound at one instant all reconcile their
 * status 10 s later, at one instant).
 */
export const MAX_EVENTS_PER_INSTANT = 100_000;

/** Thrown when more than MAX_EVENTS_PER_INSTANT events ran without time moving on. */
export class ClockLivelockError extends Error {
  constructor(
    readonly atMs: number,
    readonly lastLabel: string,
  ) {
    super(
      `clock: more than ${MAX_EVENTS_PER_INSTANT} events ran at t=${atMs}ms without time moving on ` +
        `(last: ${lastLabel ? `"${lastLabel}"` : 'unlabelled'}); a callback keeps scheduling work at the same instant`,
    );
    this.name = 'ClockLivelockError';
  }
}

/**
 * Thrown by advance() and runUntilCondition() when they would move time past the limit set with
 * setTimeLimit(): the playground bounds the virtual time (and so the work) one command may take.
 */
export class VirtualTimeLimitError extends Error {
  constructor(
    /** The limit, in virtual ms since the epoch. */
    readonly limitMs: number,
    /** The time that was asked for. */
    readonly requestedMs: number,
  ) {
    super(`clock: time limit reached at t=${limitMs}ms (asked to run until t=${requestedMs}ms)`);
    this.name = 'VirtualTimeLimitError';
  }
}

function checkFinite(what: string, value: number): void {
  if (!Number.isFinite(value)) throw new Error(`clock: ${what} must be a finite number of milliseconds, got ${value}`);
}

/** `.mmm000Z` for every millisecond of a second (microTimestamp). */
const MICRO_SUFFIXES: readonly string[] = Array.from({ length: 1000 }, (_, ms) => `.${String(ms).padStart(3, '0')}000Z`);
const MICRO_PARTS: string[] = ['', ''];

export interface TimerHandle {
  cancel(): void;
}

export class Clock {
  private readonly queue = new EventQueue();
  private current = 0;
  private executed = 0;
  private running = false;
  private limitMs = Infinity;
  /** timestamp()'s last answer and the second it is for. */
  private stampedSecond = NaN;
  private stamp = '';
  /** microTimestamp()'s date and time up to the second, and the Unix second it is for. */
  private microSecond = NaN;
  private microPrefix = '';

  constructor(readonly epochMs: number = DEFAULT_EPOCH_MS) {}

  /**
   * advance() and runUntilCondition() will not run time past `atMs` (virtual ms) until the limit
   * is cleared with undefined: advance() refuses up front, runUntilCondition() runs up to the limit
   * and then gives up; both throw VirtualTimeLimitError. step() and runDue() are not limited.
   */
  setTimeLimit(atMs: number | undefined): void {
    this.limitMs = atMs ?? Infinity;
  }

  /** Virtual milliseconds since the epoch. */
  now(): number {
    return this.current;
  }

  /** The wall-clock instant (ms since the Unix epoch) the virtual time represents. */
  nowUnixMs(): number {
    return this.epochMs + this.current;
  }

  /** RFC 3339 timestamp, second precision, as Kubernetes writes metav1.Time. */
  timestamp(atMs: number = this.current): string {
    const second = Math.floor(atMs / 1000);
    // Most calls ask for the current second again: one string for all of them.
    if (second !== this.stampedSecond) {
      this.stampedSecond = second;
      this.stamp = new Date(this.epochMs + second * 1000).toISOString().replace('.000Z', 'Z');
    }
    return this.stamp;
  }

  /**
   * metav1.MicroTime of the current instant, as a Lease's renewTime is written
   * (2026-01-01T00:00:10.123000Z: the virtual clock has millisecond precision). What
   * `new Date(nowUnixMs()).toISOString()` with microseconds gives, built from a per-second prefix
   * and one of 1,000 suffixes (every node renews its Lease every 10 s).
   */
  microTimestamp(): string {
    // Date truncates a fractional millisecond.
    const unixMs = Math.trunc(this.epochMs + this.current);
    const second = Math.floor(unixMs / 1000);
    if (second !== this.microSecond) {
      this.microSecond = second;
      this.microPrefix = new Date(second * 1000).toISOString().slice(0, -'.000Z'.length);
    }
    // One join gives a flat string (concatenation would keep a two-piece rope in every Lease).
    MICRO_PARTS[0] = this.microPrefix;
    MICRO_PARTS[1] = MICRO_SUFFIXES[unixMs - second * 1000];
    return MICRO_PARTS.join('');
  }

  /** Parses a metav1.Time back into virtual milliseconds. */
  parseTimestamp(ts: string): number {
    return Date.parse(ts) - this.epochMs;
  }

  get eventsExecuted(): number {
    return this.executed;
  }

  get pendingEvents(): number {
    return this.queue.size;
  }

  /** Runs `run` at virtual time `timeMs` (a time in the past means "now"). */
  at(timeMs: number, run: () => void, priority: number = Priority.controller, label: EventLabel = ''): TimerHandle {
    checkFinite('at()', timeMs);
    // The queued event is its own handle (a small class instance, no closure per timer).
    return this.queue.push(Math.max(timeMs, this.current), priority, run, label);
  }

  /** Runs `run` after `delayMs` of virtual time (negative delays mean "now"). */
  after(delayMs: number, run: () => void, priority: number = Priority.controller, label: EventLabel = ''): TimerHandle {
    checkFinite('after()', delayMs);
    return this.at(this.current + Math.max(0, delayMs), run, priority, label);
  }

  /**
   * Runs `run` every `periodMs`, first after `initialDelayMs` (default: one period). `jitter`
   * returns extra delay for each period, like wait.JitterUntil. Cancelling (also from inside
   * `run`) stops it for good.
   */
  every(
    periodMs: number,
    run: () => void,
    options: { initialDelayMs?: number; priority?: number; label?: string; jitter?: () => number } = {},
  ): TimerHandle {
    if (!Number.isFinite(periodMs) || periodMs <= 0) throw new Error(`clock: every() needs a positive period, got ${periodMs}`);
    const timer = new PeriodicTimer(
      this,
      this.queue,
      periodMs,
      run,
      options.priority ?? Priority.periodic,
      options.label ?? '',
      options.jitter,
    );
    timer.schedule(options.initialDelayMs ?? periodMs, 0);
    return timer;
  }

  /** Time of the next pending event, or undefined when idle. */
  nextEventTime(): number | undefined {
    return this.queue.peek()?.time;
  }

  /** Runs every event due at or before now (reactions "in the same split second"). */
  runDue(): void {
    this.runUntil(this.current);
  }

  /** Moves time forward by `durationMs`, running every event due on the way, in order. */
  advance(durationMs: number): void {
    checkFinite('advance()', durationMs);
    if (durationMs < 0) throw new Error('time never goes backwards');
    if (this.current + durationMs > this.limitMs) throw new VirtualTimeLimitError(this.limitMs, this.current + durationMs);
    this.runUntil(this.current + durationMs);
  }

  /** Jumps to the next pending event's time and runs everything due then. Returns false if idle. */
  step(): boolean {
    const next = this.queue.peek();
    if (!next) return false;
    this.runUntil(next.time);
    return true;
  }

  /**
   * Runs events until `predicate()` holds or `limitMs` of virtual time has passed; returns whether
   * it held. Used by commands that block in real kubectl (wait, delete --wait, rollout status).
   */
  runUntilCondition(predicate: () => boolean, limitMs: number): boolean {
    checkFinite('runUntilCondition() limit', limitMs);
    const wanted = this.current + Math.max(0, limitMs);
    const deadline = Math.min(wanted, Math.max(this.current, this.limitMs));
    this.runDue();
    while (!predicate()) {
      const next = this.queue.peek();
      if (!next || next.time > deadline) {
        this.current = Math.max(this.current, deadline);
        if (predicate()) return true;
        if (deadline < wanted) throw new VirtualTimeLimitError(this.limitMs, wanted);
        return false;
      }
      this.runUntil(next.time);
    }
    return true;
  }

  private runUntil(targetMs: number): void {
    if (this.running) throw new Error('clock re-entered: a callback tried to advance time');
    this.running = true;
    // Events of the instant being run that were queued after it began: scheduled by its own events.
    let instant = Number.NaN;
    let firstSeqOfInstant = 0;
    let scheduledWithin = 0;
    try {
      for (;;) {
        const next = this.queue.peek();
        if (!next || next.time > targetMs) break;
        if (next.time !== instant) {
          instant = next.time;
          firstSeqOfInstant = this.queue.nextSequence;
          scheduledWithin = 0;
        } else if (next.seq >= firstSeqOfInstant && ++scheduledWithin > MAX_EVENTS_PER_INSTANT) {
          throw new ClockLivelockError(this.current, next.describe());
        }
        this.queue.pop();
        this.current = next.time;
        this.executed++;
        next.run();
      }
      this.current = Math.max(this.current, targetMs);
    } finally {
      this.running = false;
    }
  }
}

/**
 * One every() loop: its settings and state in one object (a 5,000-node cluster runs 10,000 of
 * them, each ticking every 10 s; a tick reads this object instead of a chain of closures).
 */
class PeriodicTimer implements TimerHandle {
  private stopped = false;
  private pending: ScheduledEvent | undefined;
  private readonly tick = (): void => {
    if (this.stopped) return;
    try {
      this.run();
    } finally {
      // A callback that throws must not silently end the loop (the error still propagates).
      if (!this.stopped) this.schedule(this.periodMs + (this.jitter?.() ?? 0), 1);
    }
  };

  constructor(
    private readonly clock: Clock,
    private readonly queue: EventQueue,
    private readonly periodMs: number,
    private readonly run: () => void,
    private readonly priority: number,
    private readonly label: string,
    private readonly jitter: (() => number) | undefined,
  ) {}

  /**
   * Queues the next tick. Later ticks are at least 1 ms apart (a negative jitter must not make a
   * periodic timer spin at one instant); the first may be "now".
   */
  schedule(delay: number, minDelay: number): void {
    checkFinite('every() delay', delay);
    const time = this.clock.now() + Math.max(minDelay, delay);
    // The tick that is running (its event popped) is queued again as the next one.
    const ran = this.pending;
    if (ran?.done && !ran.cancelled) this.queue.requeue(ran, time);
    else this.pending = this.queue.push(time, this.priority, this.tick, this.label);
  }

  /** Stops the loop for good (also from inside its callback). */
  cancel(): void {
    this.stopped = true;
    if (this.pending) this.queue.cancel(this.pending);
  }
}
