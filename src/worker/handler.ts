// WorkerHandler: hosts one simulation behind the message protocol. It runs the virtual clock
// against real time × speed in frames of ~16 ms, sends at most one delta per frame, runs
// commands through console sessions, and never throws at its caller: bad input and engine
// failures become `error` messages or stderr output.
//
// It knows nothing about Worker globals — postMessage and the timer source are injected — so
// tests drive it in Node with a fake clock, and the engine never learns where it runs.

import type { KObject } from '../k8s/types';
import type { ConsoleSession, EditorSink, OutputSink, RunningCommand } from '../engine/simulation-types';
import type { KubectlEnv } from '../engine/kubectl/context';
import { searchEvents } from '../engine/kubectl/describe/events';
import { objectKey, writeOrder, type ObjectChange } from '../protocol/delta';
import {
  MAX_QUERIED_EVENTS,
  PROTOCOL_VERSION,
  assertNever,
  type ClockControl,
  type ClockState,
  type CommandSource,
  type EventSubject,
  type FromWorker,
  type MachineInfo,
  type ResetOptions,
  type Speed,
  type ToWorker,
} from '../protocol/messages';
import { parseToWorker } from '../protocol/validate';
import { RealTimeFollower } from '../engine/clock/real-time-follower';
import { DeltaBatcher, type MachineSource } from './batcher';
import { OutputBuffer } from './output-buffer';

/** The clock operations the handler uses (the engine's Clock has them all). */
export interface HostedClock {
  now(): number;
  nowUnixMs(): number;
  timestamp(atMs?: number): string;
  advance(durationMs: number): void;
  step(): boolean;
  nextEventTime(): number | undefined;
}

/** The part of the engine's Simulation the handler needs. */
export interface HostedSimulation {
  readonly clock: HostedClock;
  openConsole(sink: OutputSink, editor?: EditorSink): ConsoleSession;
  subscribe(listener: (event: ObjectChange) => void): () => void;
  objects(): KObject[];
  /**
   * Called after the simulation replaced its cluster by itself (`kubeplay cluster reset` in a
   * console): the mirror must be rebuilt from a snapshot.
   */
  onReset?(listener: (objects: KObject[]) => void): () => void;
  /** The machines (powered on? connected?), sent to the UI when machinesVersion() changes. */
  machines?(): MachineInfo[];
  /** Changes whenever machines() would return something else; cheap, called every frame. */
  machinesVersion?(): string;
  /** The controller manager's node-monitor-grace-period, sent with every delta. */
  nodeMonitorGracePeriodMs?(): number;
  /** What kubectl reads the cluster through: answers `events` queries as `kubectl describe` does. */
  kubectlEnv?(): KubectlEnv;
}

/** Real time and timers; in the worker performance.now() and setTimeout. */
export interface TimerSource {
  now(): number;
  /** Runs `fn` once after `ms`; returns a function that cancels it. */
  schedule(fn: () => void, ms: number): () => void;
}

export interface HandlerOptions {
  post(message: FromWorker): void;
  timers: TimerSource;
  createSimulation(options: ResetOptions): HostedSimulation;
  /** Minimum real time between frames (and so between deltas). */
  frameMs?: number;
  /** Real time a frame may spend running events before it yields. */
  budgetMs?: number;
  /** Longest real gap a frame catches up on (after the tab slept, a debugger paused…). */
  maxCatchUpMs?: number;
  speed?: Speed;
  playing?: boolean;
}

/** A console session plus the id of the command whose output it is printing. */
interface Terminal {
  session: ConsoleSession;
  currentId: string;
}

/**
 * The lines a `query` may run, all read-only: `kubectl describe …`, `kubeplay explain scheduling
 * …`, and one object as JSON (`kubectl get TYPE NAME [-n NS] -o json`: the editor's copy of an
 * object the page does not mirror, such as an older Event).
 */
const QUERY_LINE =
  /^\s*(kubectl\s+describe|kubeplay\s+explain\s+scheduling)(\s|$)|^\s*kubectl\s+get\s+[a-z0-9.]+\s+[a-z0-9.-]+(\s+-n\s+[a-z0-9-]+)?\s+-o\s+json\s*$/;

/** Upper bound of events one 'max' frame runs, whatever the clock says. */
const MAX_STEPS_PER_FRAME = 100_000;

/** A command (a `sleep`) the frames advance in slices, so that the worker answers meanwhile. */
interface Sliced {
  id: string;
  command: RunningCommand;
  terminal: Terminal;
}

/** Messages that must wait for a sliced command to end: they act in order on the cluster. */
type Ordered =
  Extract<ToWorker, { type: 'console' | 'apply' | 'action' | 'reset' }> | Extract<ToWorker, { type: 'clock'; op: 'step' }>;

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class WorkerHandler {
  private readonly post: (message: FromWorker) => void;
  private readonly timers: TimerSource;
  private readonly createSimulation: (options: ResetOptions) => HostedSimulation;
  private readonly frameMs: number;
  private readonly budgetMs: number;
  private readonly maxCatchUpMs: number;

  private readonly batcher = new DeltaBatcher();
  private readonly output: OutputBuffer;

  private sim: HostedSimulation | null = null;
  private unsubscribe: () => void = () => {};
  /** Typed console commands: a `-w` watch here streams until the next console command. */
  private console: Terminal | null = null;
  /** Editor applies and playground actions: their own session, so they don't end a watch. */
  private background: Terminal | null = null;
  /** Queries (`kubectl describe` for the inspector): a session whose output is collected, not streamed. */
  private queries: { session: ConsoleSession; collect: { stdout: string; stderr: string } } | null = null;

  private speed: Speed;
  private playing: boolean;
  /** Advances the clock by real time × speed while playing. */
  private readonly follower = new RealTimeFollower();
  /** Real time of the last frame start; frames (and so deltas) are at least frameMs apart. */
  private lastFrameAt = Number.NEGATIVE_INFINITY;
  /** Real time up to which the clock has been advanced while playing. */
  private lastAdvanceAt: number;
  private cancelFrame: (() => void) | null = null;
  /** The command the frames are advancing, if any. */
  private sliced: Sliced | null = null;
  /** What arrived while it runs and must come after it, in order. */
  private readonly waiting: Ordered[] = [];

  constructor(options: HandlerOptions) {
    this.post = options.post;
    this.timers = options.timers;
    this.createSimulation = options.createSimulation;
    this.frameMs = options.frameMs ?? 16;
    this.budgetMs = options.budgetMs ?? 12;
    this.maxCatchUpMs = options.maxCatchUpMs ?? 250;
    this.speed = options.speed ?? 1;
    this.playing = options.playing ?? true;
    this.lastAdvanceAt = this.timers.now();
    this.output = new OutputBuffer((message) => this.post(message));
    this.start({});
  }

  /** Handles one posted message. Never throws. */
  receive(data: unknown): void {
    const parsed = parseToWorker(data);
    if (!parsed.ok) {
      this.post({ type: 'error', message: `bad message: ${parsed.error}` });
      return;
    }
    try {
      this.handle(parsed.message);
    } catch (error) {
      const id = 'id' in parsed.message ? parsed.message.id : undefined;
      this.post({
        type: 'error',
        message: `failed to handle ${parsed.message.type}: ${errorText(error)}`,
        ...(id ? { id } : {}),
      });
    }
    this.requestFrame();
  }

  /** Stops the frame timer (tests; a worker simply terminates). */
  dispose(): void {
    this.cancelFrame?.();
    this.cancelFrame = null;
    this.unsubscribe();
  }

  /** The clock as the UI sees it. */
  clockState(): ClockState {
    const clock = this.sim?.clock;
    return {
      now: clock?.now() ?? 0,
      unixMs: clock?.nowUnixMs() ?? 0,
      timestamp: clock?.timestamp() ?? '',
      speed: this.speed,
      playing: this.playing,
      nextEventTime: clock?.nextEventTime() ?? null,
    };
  }

  private handle(message: ToWorker): void {
    if (this.sliced && isOrdered(message)) {
      this.waiting.push(message);
      return;
    }
    switch (message.type) {
      case 'hello':
        if (message.version !== PROTOCOL_VERSION) {
          this.post({
            type: 'error',
            message: `protocol version mismatch: the page speaks v${message.version}, the worker v${PROTOCOL_VERSION}; reload the page`,
          });
          return;
        }
        this.post({ type: 'ready', version: PROTOCOL_VERSION, clock: this.clockState() });
        this.batcher.reset();
        return;
      case 'console':
        this.runCommand(message.id, message.line, 'console', message.stdin);
        return;
      case 'apply':
        this.runCommand(message.id, 'kubectl apply -f -', 'apply', message.yaml);
        return;
      case 'action':
        this.runCommand(message.id, message.line, 'action');
        return;
      case 'query':
        this.runQuery(message.id, message.line);
        return;
      case 'events':
        this.answerEvents(message.id, message.about);
        return;
      case 'interrupt':
        this.console?.session.interrupt();
        if (this.sliced?.terminal === this.console) this.sliced?.command.interrupt();
        this.settleSliced();
        this.output.flush();
        return;
      case 'clock':
        this.controlClock(message);
        return;
      case 'reset':
        this.start(message.options ?? {});
        return;
      default:
        assertNever(message, 'message');
    }
  }

  private controlClock(control: ClockControl): void {
    switch (control.op) {
      case 'play':
        if (!this.playing) {
          this.playing = true;
          this.lastAdvanceAt = this.timers.now();
          this.follower.reset();
        }
        return;
      case 'pause':
        this.playing = false;
        return;
      case 'speed':
        this.speed = control.speed;
        this.follower.reset();
        return;
      case 'step':
        this.playing = false;
        this.guard(() => this.sim?.clock.step());
        return;
      default:
        assertNever(control, 'clock op');
    }
  }

  /** (Re)creates the simulation and its console sessions; the next delta is a full snapshot. */
  private start(options: ResetOptions): void {
    this.unsubscribe();
    this.unsubscribe = () => {};
    this.sim = null;
    this.console = null;
    this.background = null;
    this.queries = null;
    this.follower.reset();
    this.batcher.reset();
    try {
      const sim = this.createSimulation(options);
      const stopWatch = sim.subscribe((event) => this.batcher.add(event));
      const stopReset = sim.onReset?.(() => this.batcher.reset()) ?? (() => {});
      this.unsubscribe = () => {
        stopWatch();
        stopReset();
      };
      this.sim = sim;
      this.console = this.openTerminal(sim);
      this.background = this.openTerminal(sim);
    } catch (error) {
      this.post({ type: 'error', message: `could not start the simulation: ${errorText(error)}` });
    }
  }

  private openTerminal(sim: HostedSimulation): Terminal {
    const terminal: Terminal = { session: undefined as unknown as ConsoleSession, currentId: '' };
    terminal.session = sim.openConsole(
      (text, stream) => this.output.push(terminal.currentId, text, stream),
      // `kubectl edit`: the page's manifest editor opens the object. The output before it is
      // flushed first, so the message lands after the command's text.
      (objects) => {
        this.output.flush();
        for (const obj of objects) this.post({ type: 'edit', id: terminal.currentId, key: objectKey(obj) });
      },
    );
    return terminal;
  }

  private runCommand(id: string, line: string, source: CommandSource, stdin?: string): void {
    this.post({ type: 'started', id, line, source, ...this.virtualNow() });
    const terminal = source === 'console' ? this.console : this.background;
    let exitCode = 1;
    if (!terminal) {
      this.output.push(id, 'error: the simulation is not running (try a reset)\n', 'stderr');
    } else {
      terminal.currentId = id;
      try {
        const session = terminal.session;
        if (session.begin) {
          // A sleep goes on in the frames (see advanceSliced); anything else has ended here.
          const command = stdin === undefined ? session.begin(line) : session.begin(line, stdin);
          if (command.exitCode === undefined) {
            this.sliced = { id, command, terminal };
            return;
          }
          exitCode = command.exitCode;
        } else {
          exitCode = stdin === undefined ? session.run(line) : session.run(line, stdin);
        }
      } catch (error) {
        this.output.push(id, `error: internal error: ${errorText(error)}\n`, 'stderr');
      }
    }
    this.output.flush();
    this.post({ type: 'done', id, exitCode, ...this.virtualNow() });
  }

  /**
   * Advances the sliced command event by event until the frame's real-time deadline (or a step
   * cap, for timers that stand still), then, once it has ended, reports it done.
   */
  private advanceSliced(deadline: number): void {
    const sliced = this.sliced;
    if (!sliced) return;
    const clock = this.sim?.clock;
    try {
      for (let steps = 0; steps < MAX_STEPS_PER_FRAME && clock; steps++) {
        const next = clock.nextEventTime();
        // to the next event, or the rest of the command's time when nothing is pending
        const ended = sliced.command.advance(next === undefined ? Number.MAX_SAFE_INTEGER : Math.max(0, next - clock.now()));
        if (ended || this.timers.now() >= deadline) break;
      }
    } catch (error) {
      this.output.push(sliced.id, `error: internal error: ${errorText(error)}\n`, 'stderr');
      // Ends it (its exit status is set first, even should the reactions it runs throw again).
      this.guard(() => sliced.command.interrupt());
    }
    this.settleSliced();
  }

  /** Reports the sliced command done once it has ended, then handles what waited for it. */
  private settleSliced(): void {
    const sliced = this.sliced;
    if (!sliced || sliced.command.exitCode === undefined) return;
    this.sliced = null;
    this.output.flush();
    this.post({ type: 'done', id: sliced.id, exitCode: sliced.command.exitCode, ...this.virtualNow() });
    while (!this.sliced && this.waiting.length > 0) {
      const message = this.waiting.shift()!;
      try {
        this.handle(message);
      } catch (error) {
        const id = 'id' in message ? message.id : undefined;
        this.post({ type: 'error', message: `failed to handle ${message.type}: ${errorText(error)}`, ...(id ? { id } : {}) });
      }
    }
  }

  /** `{ now }`: the simulation's virtual time, for started / done (nothing without a simulation). */
  private virtualNow(): { now?: number } {
    return this.sim ? { now: this.sim.clock.now() } : {};
  }

  /**
   * Answers a query with everything it printed. Only QUERY_LINE's commands are accepted: they
   * read and never write, so running them out of the console's sight cannot change what the
   * cluster does.
   */
  private runQuery(id: string, line: string): void {
    if (!QUERY_LINE.test(line)) {
      this.post({
        type: 'result',
        id,
        stdout: '',
        stderr: 'error: only kubectl describe, kubectl get NAME -o json and kubeplay explain scheduling can be queried\n',
        exitCode: 2,
      });
      return;
    }
    const sim = this.sim;
    if (!sim) {
      this.post({ type: 'result', id, stdout: '', stderr: 'error: the simulation is not running (try a reset)\n', exitCode: 1 });
      return;
    }
    if (!this.queries) {
      const collect = { stdout: '', stderr: '' };
      const session = sim.openConsole((text, stream) => {
        collect[stream] += text;
      });
      this.queries = { session, collect };
    }
    const { session, collect } = this.queries;
    collect.stdout = '';
    collect.stderr = '';
    let exitCode = 1;
    try {
      exitCode = session.run(line);
    } catch (error) {
      collect.stderr += `error: internal error: ${errorText(error)}\n`;
    }
    this.post({ type: 'result', id, stdout: collect.stdout, stderr: collect.stderr, exitCode });
  }

  /**
   * The Events about one object, at most MAX_QUERIED_EVENTS of them (the newest by write when
   * there are more; the page orders them): the search `kubectl describe` makes (by name,
   * namespace, kind and uid), through the same API.
   */
  private answerEvents(id: string, about: EventSubject): void {
    const env = this.sim?.kubectlEnv?.();
    const found = env ? searchEvents(env, about) : [];
    const newest =
      found.length > MAX_QUERIED_EVENTS
        ? [...found].sort((a, b) => writeOrder(b) - writeOrder(a)).slice(0, MAX_QUERIED_EVENTS)
        : found;
    this.post({ type: 'eventList', id, events: newest, total: found.length });
  }

  /** Runs engine code that may throw during a tick; on failure pauses so the error is not repeated every frame. */
  private guard(run: () => void): void {
    try {
      run();
    } catch (error) {
      this.playing = false;
      this.post({ type: 'error', message: `simulation error (clock paused): ${errorText(error)}` });
    }
  }

  private requestFrame(): void {
    if (this.cancelFrame) return;
    const delay = Math.max(0, this.lastFrameAt + this.frameMs - this.timers.now());
    this.cancelFrame = this.timers.schedule(() => {
      this.cancelFrame = null;
      this.frame();
    }, delay);
  }

  /** One frame: advance the clock if playing, then send output and at most one delta. */
  private frame(): void {
    const startedAt = this.timers.now();
    this.lastFrameAt = startedAt;
    const elapsed = Math.min(Math.max(0, startedAt - this.lastAdvanceAt), this.maxCatchUpMs);
    this.lastAdvanceAt = startedAt;
    const sim = this.sim;
    if (this.sliced) {
      // The sleep moves the clock (flat out, a frame's budget at a time); real time waits.
      this.advanceSliced(startedAt + this.budgetMs);
    } else if (this.playing && sim) {
      const deadline = startedAt + this.budgetMs;
      this.guard(() =>
        this.speed === 'max' ? this.runFlatOut(sim.clock, deadline) : this.runRealTime(sim.clock, elapsed * this.speed, deadline),
      );
    }
    this.output.flush();
    try {
      const delta = this.batcher.take(this.clockState(), () => this.sim?.objects() ?? [], this.machineSource(), startedAt);
      if (delta && sim?.nodeMonitorGracePeriodMs) delta.nodeMonitorGracePeriodMs = sim.nodeMonitorGracePeriodMs();
      if (delta) this.post(delta);
    } catch (error) {
      this.post({ type: 'error', message: `could not send changes: ${errorText(error)}` });
    }
    // paused, changes held back by the batcher's pacing still need a frame to go out
    if (this.playing || this.sliced || this.batcher.holdsObjects) this.requestFrame();
  }

  /** The machines' version and snapshot, when the simulation reports machines. */
  private machineSource(): MachineSource | undefined {
    const sim = this.sim;
    if (!sim?.machines || !sim.machinesVersion) return undefined;
    return { version: sim.machinesVersion(), snapshot: () => sim.machines?.() ?? [] };
  }

  /** Advances by `virtualMs` (plus carried fractions), event by event, until the deadline. */
  private runRealTime(clock: HostedClock, virtualMs: number, deadline: number): void {
    // Too much work for real time at this speed: the simulation falls behind rather than
    // freezing the worker; the rest of this frame's virtual time is dropped.
    this.follower.run(clock, virtualMs, () => this.timers.now() >= deadline);
  }

  /**
   * 'max': runs event after event until the frame's budget is spent or nothing is pending. The
   * step cap only guards against a timer source that stands still (a fake in a test).
   */
  private runFlatOut(clock: HostedClock, deadline: number): void {
    for (let steps = 0; steps < MAX_STEPS_PER_FRAME && this.timers.now() < deadline; steps++) {
      if (!clock.step()) return;
    }
  }
}

function isOrdered(message: ToWorker): message is Ordered {
  switch (message.type) {
    case 'console':
    case 'apply':
    case 'action':
    case 'reset':
      return true;
    case 'clock':
      return message.op === 'step';
    default:
      return false;
  }
}
