// Bridge: owns the simulation worker. It turns UI intents into ToWorker messages and folds
// every FromWorker message into the store with setState (outside React). The UI never computes
// cluster behaviour; it only mirrors what the worker reports. It also records the session (every
// command the worker starts, with the virtual time between) for Share, and can hand a command's
// output back to whoever sent it (the postMessage API of embed mode).
//
// The worker runs one command at a time; a command that keeps it busy (or a long start-up script
// queued behind one) would hold back everything after it, Reset and Ctrl+C included. So Reset
// cluster replaces a busy or failed worker with a fresh one before it runs, and Ctrl+C replaces
// the worker when the command it interrupted has not ended INTERRUPT_GRACE_MS later, then replays
// the session's finished commands (with the virtual time between them) on the fresh one, which
// rebuilds the same cluster: the seeded engine is deterministic.

import type { ObjectDelta } from '../protocol/delta';
import type { KObject } from '../k8s/types';
import {
  PROTOCOL_VERSION,
  assertNever,
  type EventSubject,
  type FromWorker,
  type ResetOptions,
  type Speed,
  type ToWorker,
} from '../protocol/messages';
import { parseMachines } from '../protocol/validate';
import { RESET_LINE } from './embed/messaging';
import { SessionRecorder, type RecordedCommand } from './embed/recorder';
import { sleepLines } from './embed/script';
import { appendEntry, pushHistory } from './state/console';
import { useSelection } from './state/selection';
import { kubeplayStore, type KubeplayState, type KubeplayStore } from './state/store';

/** A duration a worker reported, if it is one (a bad value leaves the UI's current one). */
const validDuration = (ms: unknown): ms is number => typeof ms === 'number' && Number.isFinite(ms) && ms >= 0;
/** A count a worker reported, if it is one. */
const validCount = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;

/** What a command printed, whole, once it is done (see Bridge.track). */
export interface CommandResult {
  /** stdout and stderr interleaved as printed. */
  output: string;
  stdout: string;
  stderr: string;
  exitCode: number;
}

interface Tracked {
  output: string;
  stdout: string;
  stderr: string;
  resolve: (result: CommandResult) => void;
}

/** The part of a Worker the bridge uses (a fake in tests). */
export interface WorkerLike {
  postMessage(message: ToWorker): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<FromWorker>) => void): void;
  addEventListener(type: 'error' | 'messageerror', listener: (event: Event) => void): void;
  terminate(): void;
}

/** Real time a console command may keep the worker busy after Ctrl+C before the worker is replaced. */
export const INTERRUPT_GRACE_MS = 2000;

/** Starts a worker again, and real-time timers: a bridge given both can replace a stuck worker. */
export interface BridgeOptions {
  createWorker?: () => WorkerLike;
  /** Runs `fn` once after `ms` of real time; returns a function that cancels it. */
  schedule?: (fn: () => void, ms: number) => () => void;
}

export const WELCOME =
  'Kubeplay — a Kubernetes control plane running in your browser, on a virtual clock.\n' +
  'Type a command below, for example:  kubectl get nodes\n';

/** What a query printed (see QueryMessage). */
export interface QueryResult {
  stdout: string;
  stderr: string;
  exitCode: number;
}

/** The answer to an events query (see EventsQueryMessage); `error` when the worker could not answer. */
export interface EventsResult {
  events: KObject[];
  total: number;
  error?: string;
}

export class Bridge {
  private nextId = 0;
  /** Queries sent and not yet answered. */
  private readonly queries = new Map<string, (result: QueryResult) => void>();
  /** Events queries sent and not yet answered. */
  private readonly eventQueries = new Map<string, (result: EventsResult) => void>();
  /** Commands whose output someone awaits (track). */
  private readonly tracked = new Map<string, Tracked>();
  /** The session since the last reset, for Share. */
  readonly recorder = new SessionRecorder();
  private worker: WorkerLike;
  /** Cancels the Ctrl+C watchdog, while one is armed. */
  private cancelWatchdog: (() => void) | undefined;
  /** Commands replayed to restore a saved session: their echo and output stay out of the console. */
  private readonly quiet = new Set<string>();

  constructor(
    worker: WorkerLike,
    private readonly store: KubeplayStore = kubeplayStore,
    private readonly options: BridgeOptions = {},
  ) {
    this.worker = worker;
    this.attach(worker);
    this.update((s) => ({ transcript: appendEntry(s.transcript, 'system', WELCOME) }));
    this.send({ type: 'hello', version: PROTOCOL_VERSION });
  }

  /** Listens to `worker`; its messages count only while it is the current worker. */
  private attach(worker: WorkerLike): void {
    const current = () => worker === this.worker;
    worker.addEventListener('message', (event) => {
      if (current()) this.receive(event.data);
    });
    worker.addEventListener('error', (event) => {
      if (!current()) return;
      const message = (event as Partial<ErrorEvent>).message;
      const detail = typeof message === 'string' && message ? `: ${message}` : '';
      this.fail(`the simulation worker failed${detail}`);
    });
    worker.addEventListener('messageerror', () => {
      if (current()) this.fail('a message from the simulation worker could not be read');
    });
  }

  /**
   * Runs a console line; returns its command id. `stdin` is a here-document's body (the console
   * itself reads none: scripts and embedding pages pass it here).
   */
  runConsole(line: string, stdin?: string): string {
    const id = this.id('c');
    this.remember(line);
    this.update((s) => ({ running: [...s.running, id] }));
    this.recorder.sending(id, line, stdin);
    this.send(stdin === undefined ? { type: 'console', id, line } : { type: 'console', id, line, stdin });
    return id;
  }

  /** Applies manifests (the editor's Apply). */
  apply(yaml: string): string {
    const id = this.id('a');
    this.update((s) => ({ running: [...s.running, id] }));
    this.recorder.sending(id, 'kubectl apply -f -', yaml);
    this.send({ type: 'apply', id, yaml });
    return id;
  }

  /** A playground button, as its console-equivalent line. */
  action(line: string): string {
    const id = this.id('b');
    this.update((s) => ({ running: [...s.running, id] }));
    this.recorder.sending(id, line);
    this.send({ type: 'action', id, line });
    return id;
  }

  /**
   * Resolves with everything command `id` printed once it is done (output a watch prints after
   * that is not included). Call it right after sending the command.
   */
  track(id: string): Promise<CommandResult> {
    return new Promise((resolve) => this.tracked.set(id, { output: '', stdout: '', stderr: '', resolve }));
  }

  /**
   * Asks a read-only question (`kubectl describe …`) whose output comes back here instead of the
   * console; the inspector's Describe tab. Nothing is echoed, as nothing changes.
   */
  query(line: string): Promise<QueryResult> {
    const id = this.id('q');
    return new Promise((resolve) => {
      this.queries.set(id, resolve);
      this.send({ type: 'query', id, line });
    });
  }

  /**
   * Asks the worker for the Events about one object (the inspector's Events tab): the page
   * mirrors only the cluster's newest Events.
   */
  events(about: EventSubject): Promise<EventsResult> {
    const id = this.id('e');
    return new Promise((resolve) => {
      this.eventQueries.set(id, resolve);
      this.send({ type: 'events', id, about });
    });
  }

  /**
   * Ctrl+C: ends a watch. A console command still running is given INTERRUPT_GRACE_MS to end; if
   * it has not, the worker (busy with it, so deaf to the interrupt) is replaced by a fresh one.
   */
  interrupt(): void {
    this.send({ type: 'interrupt' });
    const schedule = this.options.schedule;
    const waiting = this.store.getState().running.filter((id) => id.startsWith('c'));
    if (waiting.length === 0 || !schedule || !this.options.createWorker) return;
    this.cancelWatchdog?.();
    this.cancelWatchdog = schedule(() => {
      this.cancelWatchdog = undefined;
      const running = this.store.getState().running;
      if (!waiting.some((id) => running.includes(id))) return;
      const replay = this.recorder.completed();
      const playing = this.store.getState().clock.playing;
      this.restart(
        `the command did not stop within ${INTERRUPT_GRACE_MS / 1000} s of Ctrl+C, so the simulation was restarted` +
          (replay.length > 0
            ? `; replaying the ${replay.length === 1 ? 'command' : `${replay.length} commands`} before it to rebuild the cluster`
            : ''),
      );
      this.replay(replay, playing);
    }, INTERRUPT_GRACE_MS);
  }

  /**
   * Reset cluster (the top bar's button, an embedding page's reset): runs `kubeplay cluster reset`
   * (or the given variant of it, e.g. with `--addons`) and returns its command id. A worker still busy with earlier commands, or one that failed, is
   * first replaced by a fresh one, so a reset always happens at once.
   */
  resetCluster(line: string = RESET_LINE): string {
    const s = this.store.getState();
    if (s.running.length > 0 || s.connection === 'failed') {
      this.restart('the simulation was busy or had failed: it was stopped and started afresh for the reset');
    }
    return this.action(line);
  }

  play(): void {
    this.update((s) => ({ clock: { ...s.clock, playing: true } })); // optimistic; the next delta confirms
    this.send({ type: 'clock', op: 'play' });
  }

  pause(): void {
    this.update((s) => ({ clock: { ...s.clock, playing: false } }));
    this.send({ type: 'clock', op: 'pause' });
  }

  step(): void {
    this.update((s) => ({ clock: { ...s.clock, playing: false } }));
    this.send({ type: 'clock', op: 'step' });
  }

  setSpeed(speed: Speed): void {
    this.update((s) => ({ clock: { ...s.clock, speed } }));
    this.send({ type: 'clock', op: 'speed', speed });
  }

  /**
   * Rebuilds a saved session's cluster (session/persistence.ts): a fresh simulation, then the
   * recorded commands and `tailMs` of virtual time after them, with the clock paused and nothing
   * echoed; the clock plays afterwards if `playing`. Returns the id of the last command sent
   * (track it to know when the cluster is back), or undefined when there was nothing to replay.
   */
  restore(commands: readonly RecordedCommand[], tailMs: number, playing: boolean): string | undefined {
    this.send({ type: 'clock', op: 'pause' });
    this.reset();
    const tail = sleepLines(tailMs).map((line): RecordedCommand => ({ line, gapMs: 0 }));
    const last = this.replay([...commands, ...tail], playing, { quiet: true });
    if (!playing) this.update((s) => ({ clock: { ...s.clock, playing: false } }));
    return last;
  }

  /** Replaces the simulation with a fresh one, silently (a start-up script begins from zero). */
  reset(options: ResetOptions = {}): void {
    this.recorder.reset();
    this.send({ type: 'reset', options });
  }

  /** Adds a line to the console's input history. */
  remember(line: string): void {
    this.update((s) => ({ history: pushHistory(s.history, line) }));
  }

  /** Empties the console transcript (the `clear` command and Ctrl+L; nothing reaches the worker). */
  clearConsole(): void {
    this.update((s) => ({ transcript: { entries: [], nextSeq: s.transcript.nextSeq } }));
  }

  /** Prints a local note (e.g. `^C`) into the transcript. */
  note(text: string): void {
    this.update((s) => ({ transcript: appendEntry(s.transcript, 'system', text) }));
  }

  /** Prints a local warning (e.g. an ignored URL parameter) into the transcript, as stderr. */
  warn(text: string): void {
    this.update((s) => ({ transcript: appendEntry(s.transcript, 'stderr', text) }));
  }

  dispose(): void {
    this.cancelWatchdog?.();
    this.worker.terminate();
  }

  /** Folds one worker message into the store. */
  receive(message: FromWorker): void {
    switch (message.type) {
      case 'ready':
        this.update(() => ({ connection: 'ready', connectionError: null, clock: message.clock }));
        return;
      case 'delta': {
        const machines = message.machines === undefined ? undefined : parseMachines(message.machines);
        this.recorder.delta(message.clock.now, message.reset);
        this.update((s) => ({
          ...applySplitDelta(s, message),
          eventsTotal: validCount(message.eventsTotal) ? message.eventsTotal : s.eventsTotal,
          clock: message.clock,
          deltaSeq: message.seq,
          ...(validDuration(message.nodeMonitorGracePeriodMs)
            ? { nodeMonitorGracePeriodMs: message.nodeMonitorGracePeriodMs }
            : {}),
          // a snapshot replaces the machines; a reset without one (a worker that sends none) clears them
          ...(Array.isArray(machines) ? { machines } : message.reset && machines === undefined ? { machines: [] } : {}),
          ...(typeof machines === 'string'
            ? { transcript: appendEntry(s.transcript, 'stderr', `kubeplay: ignored a bad machines snapshot: ${machines}\n`) }
            : {}),
        }));
        return;
      }
      case 'started':
        this.recorder.started(message.id, message.line, message.now);
        // Commands render as blocks, so an echo starts on its own line even after a partial line.
        this.update((s) => ({
          transcript: this.quiet.has(message.id) ? s.transcript : appendEntry(s.transcript, 'command', message.line, message.id),
          running: s.running.includes(message.id) ? s.running : [...s.running, message.id],
        }));
        return;
      case 'output': {
        const tracked = this.tracked.get(message.id);
        if (tracked) {
          tracked.output += message.text;
          tracked[message.stream] += message.text;
        }
        if (this.quiet.has(message.id)) return;
        this.update((s) => ({ transcript: appendEntry(s.transcript, message.stream, message.text, message.id) }));
        return;
      }
      case 'done':
        this.recorder.done(message.id, message.exitCode, message.now);
        this.settle(message.id, message.exitCode);
        this.update((s) => ({ running: s.running.filter((id) => id !== message.id) }));
        return;
      case 'edit':
        // `kubectl edit` typed in the console: the Manifests tab opens with the live object
        // (not when a restore replays it: the editor gets its saved text back instead).
        if (!this.quiet.has(message.id)) useSelection.getState().requestEdit(message.key);
        return;
      case 'result': {
        const resolve = this.queries.get(message.id);
        this.queries.delete(message.id);
        resolve?.({ stdout: message.stdout, stderr: message.stderr, exitCode: message.exitCode });
        return;
      }
      case 'eventList': {
        const resolve = this.eventQueries.get(message.id);
        this.eventQueries.delete(message.id);
        const events = Array.isArray(message.events) ? message.events : [];
        resolve?.({ events, total: validCount(message.total) ? message.total : events.length });
        return;
      }
      case 'error':
        if (message.id?.startsWith('q')) {
          const resolve = this.queries.get(message.id);
          this.queries.delete(message.id);
          resolve?.({ stdout: '', stderr: `kubeplay: ${message.message}\n`, exitCode: 1 });
          return;
        }
        if (message.id?.startsWith('e')) {
          this.answerEventQueries(`kubeplay: ${message.message}`, message.id);
          return;
        }
        if (message.id) {
          this.recorder.done(message.id, 1);
          this.settle(message.id, 1, `kubeplay: ${message.message}\n`);
        }
        this.update((s) => ({
          transcript: appendEntry(s.transcript, 'stderr', `kubeplay: ${message.message}\n`),
          running: message.id ? s.running.filter((id) => id !== message.id) : s.running,
          ...(message.message.startsWith('protocol version mismatch')
            ? { connection: 'failed' as const, connectionError: message.message }
            : {}),
        }));
        return;
      default:
        assertNever(message, 'worker message');
    }
  }

  /**
   * Replaces the worker with a fresh one (a new cluster): what the old one was doing ends with
   * exit status 130 and `reason`, the clock keeps the page's speed and play state. Without a
   * createWorker option there is nothing to restart with.
   */
  private restart(reason: string): void {
    const create = this.options.createWorker;
    if (!create) return;
    this.cancelWatchdog?.();
    this.cancelWatchdog = undefined;
    const old = this.worker;
    const { running, clock } = this.store.getState();
    this.worker = create();
    old.terminate();
    this.attach(this.worker);
    for (const resolve of this.queries.values()) resolve({ stdout: '', stderr: `kubeplay: ${reason}\n`, exitCode: 1 });
    this.queries.clear();
    this.answerEventQueries(`kubeplay: ${reason}`);
    this.quiet.clear();
    for (const id of running) {
      this.recorder.done(id, 130);
      this.settle(id, 130, `kubeplay: ${reason}\n`);
    }
    this.recorder.reset();
    this.update((s) => ({
      running: [],
      connection: 'connecting',
      connectionError: null,
      transcript: appendEntry(s.transcript, 'stderr', `kubeplay: ${reason}\n`),
    }));
    this.send({ type: 'hello', version: PROTOCOL_VERSION });
    this.send({ type: 'clock', op: 'speed', speed: clock.speed });
    if (!clock.playing) this.send({ type: 'clock', op: 'pause' });
  }

  /**
   * Runs recorded commands again on a fresh worker with its clock paused, a `sleep` for each gap,
   * so they meet the cluster they met the first time; then the clock plays if it did before.
   */
  private replay(commands: readonly RecordedCommand[], playing: boolean, { quiet = false } = {}): string | undefined {
    let last: string | undefined;
    if (commands.length > 0) {
      this.send({ type: 'clock', op: 'pause' });
      for (const c of commands) {
        for (const line of sleepLines(c.gapMs)) this.replayLine(line, undefined, quiet);
        last = this.replayLine(c.line, c.stdin, quiet);
      }
    }
    if (playing) this.send({ type: 'clock', op: 'play' });
    return last;
  }

  /** Sends a console line as runConsole does, without adding it to the input history. */
  private replayLine(line: string, stdin?: string, quiet = false): string {
    const id = this.id('c');
    if (quiet) this.quiet.add(id);
    this.update((s) => ({ running: [...s.running, id] }));
    this.recorder.sending(id, line, stdin);
    this.send(stdin === undefined ? { type: 'console', id, line } : { type: 'console', id, line, stdin });
    return id;
  }

  private fail(reason: string): void {
    for (const resolve of this.queries.values()) resolve({ stdout: '', stderr: `kubeplay: ${reason}\n`, exitCode: 1 });
    this.queries.clear();
    this.answerEventQueries(`kubeplay: ${reason}`);
    for (const id of [...this.tracked.keys()]) this.settle(id, 1, `kubeplay: ${reason}\n`);
    this.update((s) => ({
      connection: 'failed',
      connectionError: reason,
      transcript: appendEntry(s.transcript, 'stderr', `kubeplay: ${reason}\n`),
    }));
  }

  /** Answers the events query `id` (or every pending one) with nothing and `error`. */
  private answerEventQueries(error: string, id?: string): void {
    for (const [pending, resolve] of this.eventQueries) {
      if (id !== undefined && pending !== id) continue;
      this.eventQueries.delete(pending);
      resolve({ events: [], total: 0, error });
    }
  }

  /** Resolves a tracked command, with a last word on stderr if given. */
  private settle(id: string, exitCode: number, stderr = ''): void {
    const tracked = this.tracked.get(id);
    if (!tracked) return;
    this.tracked.delete(id);
    tracked.resolve({
      output: tracked.output + stderr,
      stdout: tracked.stdout,
      stderr: tracked.stderr + stderr,
      exitCode,
    });
  }

  private send(message: ToWorker): void {
    this.worker.postMessage(message);
  }

  private id(prefix: string): string {
    return `${prefix}${++this.nextId}`;
  }

  private update(recipe: (state: KubeplayState) => Partial<KubeplayState>): void {
    this.store.setState(recipe(this.store.getState()));
  }
}

/** Starts the simulation worker and the bridge the page uses. */
/** Applies a delta to the mirror: Events to `events`, everything else to `objects`. */
export function applySplitDelta(
  s: Pick<KubeplayState, 'objects' | 'events'>,
  delta: ObjectDelta & { reset?: boolean },
): Pick<KubeplayState, 'objects' | 'events'> {
  const rest: ObjectDelta = { upserts: [], deletes: [] };
  const events: ObjectDelta = { upserts: [], deletes: [] };
  for (const obj of delta.upserts) (obj.kind === 'Event' ? events : rest).upserts.push(obj);
  for (const key of delta.deletes) (key.startsWith('Event/') ? events : rest).deletes.push(key);
  return {
    objects: s.objects.apply({ ...rest, reset: delta.reset }),
    events: s.events.apply({ ...events, reset: delta.reset }),
  };
}

export function startBridge(store: KubeplayStore = kubeplayStore): Bridge {
  const createWorker = () =>
    new Worker(new URL('../worker/simulation.worker.ts', import.meta.url), { type: 'module' }) as unknown as WorkerLike;
  return new Bridge(createWorker(), store, {
    createWorker,
    schedule: (fn, ms) => {
      const handle = setTimeout(fn, ms);
      return () => clearTimeout(handle);
    },
  });
}
