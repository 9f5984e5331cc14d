// Runs the simulation's virtual clock against real time × speed while the server plays, in ticks
// of TICK_MS. A tick that cannot keep up within its budget lets the simulation fall behind (the
// rest of that tick's virtual time is dropped) rather than starving the HTTP handlers.

import { RealTimeFollower } from '../engine/clock/real-time-follower';
import type { Simulation } from '../engine/simulation';

const TICK_MS = 50;
/** Real time one tick may spend running events. */
const TICK_BUDGET_MS = 40;

export class ClockDriver {
  private timer: NodeJS.Timeout | undefined;
  private lastTick = performance.now();
  private readonly follower = new RealTimeFollower();
  private pausedNow: boolean;
  private speedNow: number;

  constructor(
    private readonly sim: Simulation,
    options: { paused: boolean; speed: number },
    /** Where an exception escaping the engine goes: the clock keeps running. */
    private readonly onError: (error: unknown) => void,
  ) {
    this.pausedNow = options.paused;
    this.speedNow = options.speed;
  }

  get paused(): boolean {
    return this.pausedNow;
  }

  get speed(): number {
    return this.speedNow;
  }

  start(): void {
    this.lastTick = performance.now();
    this.timer = setInterval(() => this.tick(), TICK_MS);
    // The server's listening socket keeps the process alive, not the clock.
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  pause(): void {
    this.pausedNow = true;
  }

  resume(): void {
    if (this.pausedNow) {
      this.lastTick = performance.now();
      this.follower.reset();
    }
    this.pausedNow = false;
  }

  setSpeed(speed: number): void {
    if (!(speed > 0) || !Number.isFinite(speed)) throw new RangeError(`speed must be a positive number, got ${speed}`);
    this.speedNow = speed;
  }

  /** Advances the clock by `ms` of virtual time at once (paused or not), running every event due. */
  step(ms: number): void {
    this.guarded(() => this.sim.clock.advance(ms));
  }

  /** Runs the clock to its next pending event; false when nothing is pending. */
  stepToNextEvent(): boolean {
    let stepped = false;
    this.guarded(() => {
      stepped = this.sim.clock.step();
    });
    return stepped;
  }

  private tick(): void {
    const now = performance.now();
    const elapsed = now - this.lastTick;
    this.lastTick = now;
    if (this.pausedNow) return;
    this.guarded(() => this.runFor(elapsed * this.speedNow, now + TICK_BUDGET_MS));
  }

  private runFor(virtualMs: number, deadline: number): void {
    this.follower.run(this.sim.clock, virtualMs, () => performance.now() >= deadline);
  }

  private guarded(run: () => void): void {
    try {
      run();
    } catch (e) {
      this.onError(e);
    }
  }
}
