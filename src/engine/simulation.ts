// Simulation: the one place that wires everything together and the public entry of the engine.
// It owns the current Cluster (replaced on `kubeplay cluster reset`), opens consoles that run
// `kubectl`, `kubeplay` and `sleep` lines, and fans watch events out to subscribers (the Worker).

import type { KObject } from '../k8s/types';
import { parseGoDuration } from '../k8s/duration';
import { Cluster, type ClusterShape } from './cluster/cluster';
import { VirtualTimeLimitError, type Clock } from './clock/clock';
import { MAX_COMMAND_VIRTUAL_MS, MAX_COMMAND_VIRTUAL_TIME_TEXT } from '../protocol/limits';
import { runKubectl } from './kubectl/kubectl';
import type { KubectlEnv } from './kubectl/context';
import { isRemoteLocation, readBundledExample } from './kubectl/examples';
import { KUBELET_VERSION } from './kubelet/node-agent';
import { runKubeplay } from './playground/kubeplay';
import { splitArgs } from '../protocol/script-parse';
import type { ConsoleSession, EditorSink, OutputSink, RunningCommand, WatchEvent } from './simulation-types';

export interface SimulationOptions extends ClusterShape {
  seed?: number;
  /** Reads local files named by `kubectl apply -f` (the CLI passes one; the browser has none). */
  readFile?: (path: string) => string | undefined;
}

type ResetListener = (objects: KObject[]) => void;

/** What the playground knows about a machine and the API cannot say: powered on? connected? */
export interface MachineSnapshot {
  name: string;
  zone: string;
  running: boolean;
  reachable: boolean;
  /** Only present (true) while a graceful node shutdown runs. */
  shuttingDown?: boolean;
}

export class Simulation {
  private current: Cluster;
  private readonly listeners = new Set<(event: WatchEvent) => void>();
  private readonly resetListeners = new Set<ResetListener>();
  private stopFanOut: () => void = () => {};
  private readonly seed: number;
  /** Counts cluster replacements, so machinesVersion() differs across a reset. */
  private generation = 0;

  constructor(private readonly options: SimulationOptions = {}) {
    this.seed = options.seed ?? 1;
    this.current = new Cluster(this.seed, options);
    this.attach();
  }

  get cluster(): Cluster {
    return this.current;
  }

  get clock(): Clock {
    return this.current.clock;
  }

  /** Every committed write, in resourceVersion order. */
  subscribe(listener: (event: WatchEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called with the new cluster's objects after a reset (the old cluster is gone). */
  onReset(listener: ResetListener): () => void {
    this.resetListeners.add(listener);
    return () => this.resetListeners.delete(listener);
  }

  objects(): KObject[] {
    const api = this.current.api;
    return api.registry.kinds().flatMap((def) => api.list(def).items);
  }

  /** The machines by name, with their power and connection state (Topology). */
  machines(): MachineSnapshot[] {
    return [...this.current.topology.allMachines()]
      .map(({ name, zone, running, reachable, shuttingDown }) => ({
        name,
        zone,
        running,
        reachable,
        ...(shuttingDown ? { shuttingDown } : {}),
      }))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /** The node lifecycle controller's current node-monitor-grace-period (as it reads it each pass). */
  nodeMonitorGracePeriodMs(): number {
    return this.current.config.durationMs('node-monitor-grace-period');
  }

  /** Changes whenever machines() would return something else (cheap to compare every frame). */
  machinesVersion(): string {
    return `${this.generation}:${this.current.topology.version}`;
  }

  /** Replaces the cluster with a fresh one (same seed), like `kubeplay cluster reset`. */
  reset(shape: ClusterShape = {}): void {
    this.stopFanOut();
    // A fresh cluster starts at the same wall-clock instant as the first one.
    this.current = new Cluster(this.seed, { ...shape, epochMs: this.options.epochMs });
    this.generation++;
    this.attach();
    const objects = this.objects();
    for (const l of this.resetListeners) l(objects);
  }

  openConsole(sink: OutputSink, editor?: EditorSink): ConsoleSession {
    return new Console(this, sink, editor);
  }

  kubectlEnv(): KubectlEnv {
    const cluster = this.current;
    const readFile = this.options.readFile;
    return {
      api: cluster.api,
      clock: cluster.clock,
      registry: cluster.api.registry,
      kubelets: cluster.kubelets,
      // A user's own file wins over a bundled example of the same name; URLs only resolve to bundled copies.
      readManifest: (path) =>
        isRemoteLocation(path) ? readBundledExample(path) : (readFile?.(path) ?? readBundledExample(path)),
      version: { gitVersion: KUBELET_VERSION, major: '1', minor: KUBELET_VERSION.split('.')[1] },
    };
  }

  private attach(): void {
    this.stopFanOut = this.current.api.watch(undefined, (event) => {
      for (const l of this.listeners) l(event);
    });
  }
}

/** A terminal on the simulation. */
class Console implements ConsoleSession {
  private stopStream: (() => void) | undefined;

  constructor(
    private readonly sim: Simulation,
    private readonly sink: OutputSink,
    private readonly editor?: EditorSink,
  ) {}

  get streaming(): boolean {
    return this.stopStream !== undefined;
  }

  interrupt(): void {
    const stop = this.stopStream;
    this.stopStream = undefined;
    stop?.();
  }

  run(line: string, stdin?: string): number {
    let argv: string[];
    try {
      argv = splitArgs(line);
    } catch (e) {
      this.sink(`error: ${(e as Error).message}\n`, 'stderr');
      return 2;
    }
    return this.runArgv(argv, stdin);
  }

  runArgv(argv: string[], stdin?: string): number {
    const [program, ...args] = argv;
    if (!program) return 0;
    // A new command ends a running watch, as Ctrl+C would before typing it — except `sleep`,
    // which is how a script lets a watch print for a while.
    if (program !== 'sleep') this.interrupt();
    const out = (text: string) => this.sink(text, 'stdout');
    const err = (text: string) => this.sink(text, 'stderr');
    const clock = this.sim.clock;
    // The playground's bound on one command's virtual time (a sleep, a wait): past it the clock
    // refuses to run, and the command ends with the message below.
    clock.setTimeLimit(clock.now() + MAX_COMMAND_VIRTUAL_MS);
    let code: number;
    try {
      code = this.dispatch(program, args, stdin, out, err);
    } catch (e) {
      if (!(e instanceof VirtualTimeLimitError)) throw e;
      err(
        `error: stopped after ${MAX_COMMAND_VIRTUAL_TIME_TEXT} of virtual time, the most one command may take in this playground\n`,
      );
      code = 1;
    } finally {
      clock.setTimeLimit(undefined);
    }
    // Reactions due at this instant run before the next command, as a split second would.
    this.sim.clock.runDue();
    return code;
  }

  private dispatch(
    program: string,
    args: string[],
    stdin: string | undefined,
    out: (text: string) => void,
    err: (text: string) => void,
  ): number {
    let code: number;
    switch (program) {
      case 'kubectl':
        code = runKubectl(
          args,
          {
            out,
            err,
            stdin,
            stream: (stop) => {
              this.interrupt();
              this.stopStream = stop;
              return () => {
                if (this.stopStream === stop) this.stopStream = undefined;
              };
            },
            ...(this.editor ? { openEditor: this.editor } : {}),
          },
          this.sim.kubectlEnv(),
        );
        break;
      case 'kubeplay':
        code = runKubeplay(args, { out, err }, { cluster: () => this.sim.cluster, reset: (shape) => this.sim.reset(shape) });
        break;
      case 'sleep':
        code = this.sleep(args, err);
        break;
      default:
        err(`${program}: command not found (this terminal runs kubectl, kubeplay and sleep)\n`);
        code = 127;
    }
    return code;
  }

  begin(line: string, stdin?: string): RunningCommand {
    let argv: string[] | undefined;
    try {
      argv = splitArgs(line);
    } catch {
      argv = undefined;
    }
    if (!argv || argv[0] !== 'sleep' || stdin !== undefined) return finished(this.run(line, stdin));
    const err = (text: string) => this.sink(text, 'stderr');
    const ms = this.sleepMs(argv.slice(1), err);
    if (ms === undefined) {
      this.sim.clock.runDue();
      return finished(1);
    }
    const clock = this.sim.clock;
    const end = clock.now() + ms;
    let exitCode: number | undefined;
    const finish = (code: number) => {
      if (exitCode !== undefined) return;
      exitCode = code;
      clock.runDue();
    };
    return {
      get exitCode() {
        return exitCode;
      },
      advance(maxMs) {
        if (exitCode !== undefined) return true;
        clock.advance(Math.max(0, Math.min(end, clock.now() + maxMs) - clock.now()));
        if (clock.now() >= end) finish(0);
        return exitCode !== undefined;
      },
      interrupt() {
        // A shell's sleep killed by SIGINT: exit status 128 + 2.
        finish(130);
      },
    };
  }

  private sleep(args: string[], err: (text: string) => void): number {
    const ms = this.sleepMs(args, err);
    if (ms === undefined) return 1;
    this.sim.clock.advance(ms);
    return 0;
  }

  /** The virtual ms `sleep ARGS` waits, or undefined after printing why it will not. */
  private sleepMs(args: string[], err: (text: string) => void): number | undefined {
    if (args.length !== 1) {
      err('sleep: expects one DURATION such as 45s, 5m30s or 1h\n');
      return undefined;
    }
    let ms: number;
    try {
      // Like GNU sleep, a bare number means seconds.
      ms = /^\d+(\.\d+)?$/.test(args[0]) ? Number(args[0]) * 1000 : parseGoDuration(args[0]);
    } catch {
      err(`sleep: invalid time interval '${args[0]}'\n`);
      return undefined;
    }
    if (ms < 0) {
      err(`sleep: invalid time interval '${args[0]}'\n`);
      return undefined;
    }
    if (ms > MAX_COMMAND_VIRTUAL_MS) {
      err(
        `sleep: ${args[0]} is more virtual time than one command may take in this playground (at most ${MAX_COMMAND_VIRTUAL_TIME_TEXT}; sleep in several steps)\n`,
      );
      return undefined;
    }
    return ms;
  }
}

/** A command begun with ConsoleSession.begin that has already ended. */
function finished(exitCode: number): RunningCommand {
  return { exitCode, advance: () => true, interrupt: () => {} };
}
