// Bridge: owns the simulation worker. It turns UI intents into ToWorker messages and folds
// every FromWorker message into the store with setState (outside React). The UI never computes
// cluster behaviour; it only mirrors what the worker reports.

import { applyDelta } from '../protocol/delta';
import {
  PROTOCOL_VERSION,
  assertNever,
  type FromWorker,
  type ResetOptions,
  type Speed,
  type ToWorker,
} from '../protocol/messages';
import { parseMachines } from '../protocol/validate';
import { appendEntry, pushHistory } from './state/console';
import { kubeplayStore, type KubeplayState, type KubeplayStore } from './state/store';

/** The part of a Worker the bridge uses (a fake in tests). */
export interface WorkerLike {
  postMessage(message: ToWorker): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<FromWorker>) => void): void;
  addEventListener(type: 'error' | 'messageerror', listener: (event: Event) => void): void;
  terminate(): void;
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

export class Bridge {
  private nextId = 0;
  /** Queries sent and not yet answered. */
  private readonly queries = new Map<string, (result: QueryResult) => void>();

  constructor(
    private readonly worker: WorkerLike,
    private readonly store: KubeplayStore = kubeplayStore,
  ) {
    worker.addEventListener('message', (event) => this.receive(event.data));
    worker.addEventListener('error', (event) => {
      const message = (event as Partial<ErrorEvent>).message;
      const detail = typeof message === 'string' && message ? `: ${message}` : '';
      this.fail(`the simulation worker failed${detail}`);
    });
    worker.addEventListener('messageerror', () => this.fail('a message from the simulation worker could not be read'));
    this.update((s) => ({ transcript: appendEntry(s.transcript, 'system', WELCOME) }));
    this.send({ type: 'hello', version: PROTOCOL_VERSION });
  }

  /** Runs a typed console line; returns its command id. */
  runConsole(line: string): string {
    const id = this.id('c');
    this.remember(line);
    this.update((s) => ({ running: [...s.running, id] }));
    this.send({ type: 'console', id, line });
    return id;
  }

  /** Applies manifests (the editor's Apply). */
  apply(yaml: string): string {
    const id = this.id('a');
    this.update((s) => ({ running: [...s.running, id] }));
    this.send({ type: 'apply', id, yaml });
    return id;
  }

  /** A playground button, as its console-equivalent line. */
  action(line: string): string {
    const id = this.id('b');
    this.update((s) => ({ running: [...s.running, id] }));
    this.send({ type: 'action', id, line });
    return id;
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

  interrupt(): void {
    this.send({ type: 'interrupt' });
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

  reset(options: ResetOptions = {}): void {
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

  dispose(): void {
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
        this.update((s) => ({
          objects: applyDelta(s.objects, message),
          clock: message.clock,
          deltaSeq: message.seq,
          // a snapshot replaces the machines; a reset without one (a worker that sends none) clears them
          ...(Array.isArray(machines) ? { machines } : message.reset && machines === undefined ? { machines: [] } : {}),
          ...(typeof machines === 'string'
            ? { transcript: appendEntry(s.transcript, 'stderr', `kubeplay: ignored a bad machines snapshot: ${machines}\n`) }
            : {}),
        }));
        return;
      }
      case 'started':
        // Commands render as blocks, so an echo starts on its own line even after a partial line.
        this.update((s) => ({
          transcript: appendEntry(s.transcript, 'command', message.line, message.id),
          running: s.running.includes(message.id) ? s.running : [...s.running, message.id],
        }));
        return;
      case 'output':
        this.update((s) => ({ transcript: appendEntry(s.transcript, message.stream, message.text, message.id) }));
        return;
      case 'done':
        this.update((s) => ({ running: s.running.filter((id) => id !== message.id) }));
        return;
      case 'result': {
        const resolve = this.queries.get(message.id);
        this.queries.delete(message.id);
        resolve?.({ stdout: message.stdout, stderr: message.stderr, exitCode: message.exitCode });
        return;
      }
      case 'error':
        if (message.id?.startsWith('q')) {
          const resolve = this.queries.get(message.id);
          this.queries.delete(message.id);
          resolve?.({ stdout: '', stderr: `kubeplay: ${message.message}\n`, exitCode: 1 });
          return;
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

  private fail(reason: string): void {
    for (const resolve of this.queries.values()) resolve({ stdout: '', stderr: `kubeplay: ${reason}\n`, exitCode: 1 });
    this.queries.clear();
    this.update((s) => ({
      connection: 'failed',
      connectionError: reason,
      transcript: appendEntry(s.transcript, 'stderr', `kubeplay: ${reason}\n`),
    }));
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
export function startBridge(store: KubeplayStore = kubeplayStore): Bridge {
  const worker = new Worker(new URL('../worker/simulation.worker.ts', import.meta.url), { type: 'module' });
  return new Bridge(worker as unknown as WorkerLike, store);
}
