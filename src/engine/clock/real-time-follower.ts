// Following real time: a host (the page's Worker, `kubeplay serve`) advances the virtual clock by
// the real time that passed × speed, event by event, within a real-time budget. The engine reads
// no wall clock: the host says how much virtual time is due and when its budget is spent.

/** The clock operations needed (the engine's Clock has them). */
export interface AdvanceableClock {
  now(): number;
  advance(durationMs: number): void;
  nextEventTime(): number | undefined;
}

export class RealTimeFollower {
  /** Fraction of a virtual millisecond not yet run (speeds like 0.5× make fractions). */
  private carryMs = 0;

  /** Forgets the carried fraction (the clock was paused or its speed changed). */
  reset(): void {
    this.carryMs = 0;
  }

  /**
   * Advances by `virtualMs` (plus the carried fraction), event by event, until `outOfTime()`:
   * then the simulation falls behind rather than holding its host, and the rest is dropped.
   */
  run(clock: AdvanceableClock, virtualMs: number, outOfTime: () => boolean): void {
    this.carryMs += virtualMs;
    const whole = Math.floor(this.carryMs);
    this.carryMs -= whole;
    const target = clock.now() + whole;
    for (;;) {
      const next = clock.nextEventTime();
      if (next === undefined || next > target) {
        clock.advance(target - clock.now());
        return;
      }
      clock.advance(Math.max(0, next - clock.now()));
      if (outOfTime()) {
        this.carryMs = 0;
        return;
      }
    }
  }
}
