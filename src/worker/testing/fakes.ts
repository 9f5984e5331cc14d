// Test doubles for the worker handler: a manual real-time source and a small simulation that
// honours the Simulation contract (real engine Clock, a map of objects, a toy console).

import { Clock } from '../../engine/clock/clock';
import type { ConsoleSession, OutputSink } from '../../engine/simulation-types';
import type { KObject } from '../../k8s/types';
import type { ObjectChange } from '../../protocol/delta';
import type { FromWorker, ResetOptions } from '../../protocol/messages';
import type { HostedSimulation, TimerSource } from '../handler';

/** Real time that only moves when the test says so; runs due timers in order. */
export class FakeTimers implements TimerSource {
  private time = 0;
  private tasks: { at: number; seq: number; fn: () => void; cancelled: boolean }[] = [];
  private seq = 0;

  now(): number {
    return this.time;
  }

  /** Simulates work taking real time (e.g. an expensive event). */
  spend(ms: number): void {
    this.time += ms;
  }

  schedule(fn: () => void, ms: number): () => void {
    const task = { at: this.time + Math.max(0, ms), seq: this.seq++, fn, cancelled: false };
    this.tasks.push(task);
    return () => {
      task.cancelled = true;
    };
  }

  get pending(): number {
    return this.tasks.filter((t) => !t.cancelled).length;
  }

  /** Moves real time forward by `ms`, running every timer due on the way. */
  run(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      this.tasks = this.tasks.filter((t) => !t.cancelled);
      const due = this.tasks.filter((t) => t.at <= end).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) break;
      this.tasks.splice(this.tasks.indexOf(due), 1);
      this.time = Math.max(this.time, due.at);
      due.fn();
    }
    this.time = Math.max(this.time, end);
  }
}

function nodeObject(name: string, zone: string, rv: number): KObject {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name, uid: `uid-${name}`, resourceVersion: String(rv), labels: { 'topology.kubernetes.io/zone': zone } },
    spec: {},
    status: { conditions: [{ type: 'Ready', status: 'True' }] },
  };
}

/**
 * FakeSimulation: six Ready nodes (or an empty cluster), a heartbeat on node-a1 every 10 s of
 * virtual time, and a console that knows `kubectl get nodes`, `kubectl apply -f -`,
 * `sleep <n>s`, `watch` (prints on every heartbeat until interrupted) and `crash` (throws).
 */
export class FakeSimulation implements HostedSimulation {
  readonly clock = new Clock();
  readonly store = new Map<string, KObject>();
  private readonly listeners = new Set<(e: ObjectChange) => void>();
  private readonly resetListeners = new Set<(objects: KObject[]) => void>();
  private rv = 0;
  /** Real milliseconds each heartbeat costs (to exercise the time budget). */
  costPerEventMs = 0;
  /** Throws from the next heartbeat when set. */
  failNextEvent = false;

  constructor(
    readonly options: ResetOptions,
    private readonly timers?: FakeTimers,
  ) {
    if (!options.empty) {
      const zones = options.zones ?? 3;
      const perZone = options.nodesPerZone ?? 2;
      for (let z = 0; z < zones; z++) {
        const letter = String.fromCharCode(97 + z);
        for (let i = 1; i <= perZone; i++) this.write('ADDED', nodeObject(`node-${letter}${i}`, `zone-${letter}`, ++this.rv));
      }
    }
    this.clock.every(10_000, () => {
      this.timers?.spend(this.costPerEventMs);
      if (this.failNextEvent) {
        this.failNextEvent = false;
        throw new Error('heartbeat exploded');
      }
      const a1 = this.store.get('node-a1');
      if (a1) this.write('MODIFIED', { ...a1, metadata: { ...a1.metadata, resourceVersion: String(++this.rv) } });
    });
  }

  write(type: ObjectChange['type'], object: KObject): void {
    const name = object.metadata.name ?? '';
    if (type === 'DELETED') this.store.delete(name);
    else this.store.set(name, object);
    for (const l of this.listeners) l({ type, object });
  }

  subscribe(listener: (e: ObjectChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onReset(listener: (objects: KObject[]) => void): () => void {
    this.resetListeners.add(listener);
    return () => this.resetListeners.delete(listener);
  }

  objects(): KObject[] {
    return [...this.store.values()];
  }

  openConsole(sink: OutputSink): ConsoleSession {
    let cancelWatch: (() => void) | null = null;
    const stopWatch = () => {
      cancelWatch?.();
      cancelWatch = null;
    };
    const session: ConsoleSession = {
      run: (line, stdin) => {
        stopWatch();
        if (line === 'kubectl get nodes') {
          sink('NAME      STATUS   ROLES    AGE   VERSION\n', 'stdout');
          for (const n of this.store.values())
            if (n.kind === 'Node') sink(`${n.metadata.name}   Ready    <none>   1m    v1.31.0\n`, 'stdout');
          return 0;
        }
        if (line === 'kubectl apply -f -') {
          const name = /name: (\S+)/.exec(stdin ?? '')?.[1] ?? 'unnamed';
          this.write('ADDED', {
            apiVersion: 'v1',
            kind: 'Pod',
            metadata: { name, namespace: 'default', resourceVersion: String(++this.rv) },
          });
          sink(`pod/${name} created\n`, 'stdout');
          return 0;
        }
        const sleep = /^sleep (\d+)s$/.exec(line);
        if (sleep) {
          this.clock.advance(Number(sleep[1]) * 1000);
          return 0;
        }
        if (line === 'watch') {
          const timer = this.clock.every(10_000, () => sink(`tick ${this.clock.now()}\n`, 'stdout'));
          cancelWatch = () => timer.cancel();
          return 0;
        }
        if (line === 'kubeplay cluster reset') {
          // like the engine: a new cluster appears without watch events, then reset listeners run
          this.store.clear();
          this.store.set('node-z1', nodeObject('node-z1', 'zone-z', ++this.rv));
          for (const l of this.resetListeners) l(this.objects());
          return 0;
        }
        if (line === 'crash') throw new Error('kubectl exploded');
        sink(`error: unknown command "${line}"\n`, 'stderr');
        return 1;
      },
      runArgv: (argv, stdin) => session.run(argv.join(' '), stdin),
      interrupt: stopWatch,
      get streaming() {
        return cancelWatch !== null;
      },
    };
    return session;
  }
}

/** Collects posted messages; `of(type)` narrows to one kind. */
export class Outbox {
  readonly messages: FromWorker[] = [];
  readonly post = (message: FromWorker) => {
    // The real postMessage clones; a JSON round trip catches anything not cloneable-ish.
    this.messages.push(JSON.parse(JSON.stringify(message)) as FromWorker);
  };

  of<T extends FromWorker['type']>(type: T): Extract<FromWorker, { type: T }>[] {
    return this.messages.filter((m): m is Extract<FromWorker, { type: T }> => m.type === type);
  }

  clear(): void {
    this.messages.length = 0;
  }
}
