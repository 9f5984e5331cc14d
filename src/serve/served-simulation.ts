// The simulation a `kubeplay serve` process serves, as its host (the CLI, tests, the oracle
// suite) drives it: script lines run in-process exactly as `kubeplay run` runs them, and the
// clock — real time × speed while playing, or paused and stepped by hand.

import { ScriptSession } from '../engine/script/runner';
import type { Simulation } from '../engine/simulation';
import { parseScript } from '../protocol/script-parse';
import { ClockDriver } from './clock-driver';

/**
 * The facade of a served simulation. Everything here runs synchronously on the server's thread,
 * between HTTP requests, so what a request sees is always the state after a whole command.
 */
export interface ServedSimulation {
  /** The engine instance (its `cluster.api` is what the HTTP handlers serve). */
  readonly engine: Simulation;
  /**
   * Runs script text (one or more lines, here-documents included, as `kubeplay run` reads a
   * script) on this simulation and returns its transcript: each command echoed as `$ command`,
   * then everything it printed. Output a streaming command (`kubectl get -w`, `logs -f`) prints
   * later — while the clock runs or is stepped — is returned by the next run() or takeOutput().
   * Throws ScriptSyntaxError (nothing run) for a script that does not parse.
   */
  run(script: string): string;
  /** What streaming commands printed since the last run() / takeOutput(). */
  takeOutput(): string;
  /**
   * Advances the virtual clock by `ms` at once, paused or not, running every event due on the
   * way — what a `sleep` line does, without its transcript line.
   */
  step(ms: number): void;
  /** Runs the clock to its next pending event; false when none is pending. */
  stepToNextEvent(): boolean;
  /** Stops the clock following real time (steps still work). */
  pause(): void;
  /** The clock follows real time × speed again. */
  resume(): void;
  /** Virtual milliseconds per real millisecond while playing (> 0). */
  setSpeed(speed: number): void;
  readonly paused: boolean;
  readonly speed: number;
  /** Virtual time since the simulation started, ms. */
  now(): number;
}

export class ServedSession implements ServedSimulation {
  private readonly session: ScriptSession;
  readonly driver: ClockDriver;

  constructor(options: { seed: number; epochMs?: number; paused: boolean; speed: number; onError: (error: unknown) => void }) {
    this.session = new ScriptSession({ seed: options.seed, epochMs: options.epochMs });
    this.driver = new ClockDriver(this.session.sim, { paused: options.paused, speed: options.speed }, options.onError);
  }

  get engine(): Simulation {
    return this.session.sim;
  }

  run(script: string): string {
    let transcript = this.takeOutput();
    for (const command of parseScript(script)) transcript += this.session.run(command).chunk;
    return transcript;
  }

  takeOutput(): string {
    return this.session.take();
  }

  step(ms: number): void {
    this.driver.step(ms);
  }

  stepToNextEvent(): boolean {
    return this.driver.stepToNextEvent();
  }

  pause(): void {
    this.driver.pause();
  }

  resume(): void {
    this.driver.resume();
  }

  setSpeed(speed: number): void {
    this.driver.setSpeed(speed);
  }

  get paused(): boolean {
    return this.driver.paused;
  }

  get speed(): number {
    return this.driver.speed;
  }

  now(): number {
    return this.engine.clock.now();
  }
}
