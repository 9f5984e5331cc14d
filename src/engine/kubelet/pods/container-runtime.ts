// The simulated container runtime of one node (containerd behind the CRI): pod sandboxes and
// container instances, each instance running a simulated process on the virtual clock. It knows
// nothing of the API; the pod workers drive it and it reports state changes through `onChange`
// (what PLEG would notice on its next relist).

import type { Clock, TimerHandle } from '../../clock/clock';
import { Priority } from '../../clock/clock';
import type { SeededRandom } from '../../clock/random';
import type { LogLine, Process, ProcessEnv, Step } from '../container/types';
import type { Mount, TermBehavior } from '../container';
import type { HostsFileContent } from '../container/fs';
import { startProcess } from '../container';
import type { ContainerInstance, ContainerKind, PodSandbox, RuntimePod } from './runtime-types';
import { flatString } from '../../runtime/string-interner';

/** The logs of an instance that wrote nothing yet (most servers): one shared empty list. */
const NO_LOGS: readonly LogLine[] = Object.freeze([]);

/** Exit code and reason of a container killed by SIGKILL. */
export const SIGKILL_EXIT_CODE = 137;

export interface StartContainerRequest {
  readonly name: string;
  readonly kind: ContainerKind;
  readonly imageName: string;
  readonly imageRef: string;
  readonly argv: readonly string[];
  readonly env: ProcessEnv;
  readonly listenPorts?: readonly number[];
  /** The pod's volumes as this container mounts them. */
  readonly mounts?: readonly Mount[];
  /** The kubelet-managed /etc/hosts. */
  readonly hostsFile?: HostsFileContent;
  /** Files the runtime puts in the container (its cgroup's memory limits), path → content. */
  readonly files?: Readonly<Record<string, string>>;
  /** How the image's program reacts to SIGTERM (catalog), when the simulator does not know it. */
  readonly stopBehavior?: TermBehavior;
  /** Teaching: the process ends at start + afterMs with this code and reason (e.g. OOMKilled). */
  readonly forcedExit?: { readonly afterMs: number; readonly code: number; readonly reason?: string };
}

interface Running {
  readonly instance: ContainerInstance;
  readonly podUid: string;
  readonly process: Process;
  timer?: TimerHandle;
  forcedTimer?: TimerHandle;
  killTimer?: TimerHandle;
  /** `kubectl logs -f` streams and stop callbacks; most containers never have one. */
  followers?: Set<Follower>;
}

interface Follower {
  onLine(line: LogLine): void;
  onEnd(): void;
}

export class ContainerRuntime {
  private readonly pods = new Map<string, RuntimePod>();
  private readonly running = new Map<string, Running>();

  constructor(
    private readonly clock: Clock,
    private readonly random: SeededRandom,
    private readonly nodeName: string,
    /** Called (synchronously) when a container of the pod exits on its own. */
    private readonly onChange: (podUid: string) => void,
  ) {}

  pod(uid: string): RuntimePod | undefined {
    return this.pods.get(uid);
  }

  /** The pod's runtime state, created empty on first use. */
  ensurePod(uid: string): RuntimePod {
    let pod = this.pods.get(uid);
    if (!pod) this.pods.set(uid, (pod = { uid, sandboxes: [], containers: [] }));
    return pod;
  }

  runSandbox(uid: string, ip: string): PodSandbox {
    const pod = this.ensurePod(uid);
    const sandbox: PodSandbox = {
      id: this.newId(),
      attempt: pod.sandboxes.length,
      createdAtMs: this.clock.now(),
      ready: true,
      ip,
    };
    pod.sandboxes = [sandbox].concat(pod.sandboxes);
    return sandbox;
  }

  stopSandbox(uid: string): void {
    for (const sandbox of this.pods.get(uid)?.sandboxes ?? []) sandbox.ready = false;
  }

  /**
   * CreateContainer succeeded but StartContainer failed (runc could not exec the process): the
   * instance exists, exited with 128 and reason StartError, and never started.
   */
  failStart(
    uid: string,
    request: Pick<StartContainerRequest, 'name' | 'kind' | 'imageName' | 'imageRef'>,
    message: string,
  ): ContainerInstance {
    const pod = this.ensurePod(uid);
    const previous = pod.containers.find((c) => c.name === request.name && c.kind === request.kind);
    const now = this.clock.now();
    const instance: ContainerInstance = {
      id: flatString('containerd://', this.newId()),
      name: request.name,
      kind: request.kind,
      attempt: previous ? previous.attempt + 1 : 0,
      imageName: request.imageName,
      imageRef: request.imageRef,
      createdAtMs: now,
      state: 'exited',
      finishedAtMs: now,
      exitCode: 128,
      reason: 'StartError',
      message,
      logs: NO_LOGS,
    };
    this.addInstance(pod, instance);
    return instance;
  }

  /** Creates and starts a container instance; its process begins at once. */
  startContainer(uid: string, request: StartContainerRequest): ContainerInstance {
    const pod = this.ensurePod(uid);
    const previous = pod.containers.find((c) => c.name === request.name && c.kind === request.kind);
    const now = this.clock.now();
    const instance: ContainerInstance = {
      id: flatString('containerd://', this.newId()),
      name: request.name,
      kind: request.kind,
      attempt: previous ? previous.attempt + 1 : 0,
      imageName: request.imageName,
      imageRef: request.imageRef,
      createdAtMs: now,
      state: 'running',
      startedAtMs: now,
      listenPorts: request.listenPorts,
      logs: NO_LOGS,
    };
    this.addInstance(pod, instance);

    const run: Running = {
      instance,
      podUid: uid,
      process: startProcess([...request.argv], request.env, {
        stopBehavior: request.stopBehavior,
        mounts: request.mounts ?? [],
        hostsFile: request.hostsFile,
        files: request.files,
      }),
    };
    this.running.set(instance.id, run);
    if (request.forcedExit) {
      const { afterMs, code, reason } = request.forcedExit;
      run.forcedTimer = this.clock.after(
        afterMs,
        () => this.exit(run, code, reason, true),
        Priority.controller,
        `exit ${request.name}`,
      );
    }
    this.step(run);
    return instance;
  }

  /**
   * Puts a new instance first. Only the newest two instances of a container matter (state and
   * lastState): an older one is garbage collected.
   */
  private addInstance(pod: RuntimePod, instance: ContainerInstance): void {
    const previous = pod.containers.filter((c) => c.name === instance.name && c.kind === instance.kind);
    const collected = previous.length >= 2 ? previous[1] : undefined;
    pod.containers = [instance].concat(collected ? pod.containers.filter((c) => c !== collected) : pod.containers);
  }

  /** The process of a running instance (probes and hooks exec into it). */
  process(containerId: string): Process | undefined {
    return this.running.get(containerId)?.process;
  }

  isRunning(containerId: string): boolean {
    return this.running.has(containerId);
  }

  /**
   * StopContainer(timeout): SIGTERM now, SIGKILL when `timeoutMs` lapses. `onStopped` runs when
   * the instance has exited (at once if it already had).
   */
  stopContainer(containerId: string, timeoutMs: number, onStopped: () => void): void {
    const run = this.running.get(containerId);
    if (!run) {
      onStopped();
      return;
    }
    (run.followers ??= new Set()).add({ onLine: () => {}, onEnd: onStopped });
    // SIGTERM: a server exits, a shell runs its trap, PID 1 without a handler ignores it; the
    // process says which when it is resumed. SIGKILL follows when the timeout lapses.
    const term = run.process.signal('TERM', this.clock.now());
    if (term.kind === 'not-running') {
      this.exit(run, run.instance.exitCode ?? 0, undefined, false);
      return;
    }
    run.killTimer = this.clock.after(
      Math.max(0, timeoutMs),
      () => this.exit(run, SIGKILL_EXIT_CODE, undefined, false),
      Priority.controller,
      `kill ${run.instance.name}`,
    );
    if (term.kind !== 'ignored') {
      run.timer?.cancel();
      this.step(run);
    }
  }

  /** The process dies on its own with `code` (a crash); PLEG notices. */
  crashContainer(containerId: string, code: number): void {
    const run = this.running.get(containerId);
    if (run) this.exit(run, code, undefined, true);
  }

  /** Kills at once (machine stop, pod removed while its node was away). */
  killContainer(containerId: string): void {
    const run = this.running.get(containerId);
    if (run) this.exit(run, SIGKILL_EXIT_CODE, undefined, false);
  }

  /**
   * The machine loses power: every process dies where it stands and sandboxes are gone. The
   * records stay (containerd's metadata is on disk), so after a reboot the kubelet finds its
   * containers exited with containerd's "Unknown" 255 and starts them again.
   */
  powerOff(): void {
    for (const run of [...this.running.values()]) this.exit(run, 255, 'Unknown', false);
    for (const pod of this.pods.values()) for (const sandbox of pod.sandboxes) sandbox.ready = false;
  }

  /** Pod UIDs the runtime holds records for. */
  podUids(): string[] {
    return [...this.pods.keys()];
  }

  /** Removes every trace of the pod (its containers must have stopped). */
  removePod(uid: string): void {
    const pod = this.pods.get(uid);
    if (!pod) return;
    for (const c of pod.containers) {
      const run = this.running.get(c.id);
      if (run) this.exit(run, SIGKILL_EXIT_CODE, undefined, false);
    }
    this.pods.delete(uid);
  }

  /** Streams new log lines of a running instance; returns an unsubscribe function. */
  follow(containerId: string, onLine: (line: LogLine) => void, onEnd: () => void): () => void {
    const run = this.running.get(containerId);
    if (!run) {
      onEnd();
      return () => {};
    }
    const follower = { onLine, onEnd };
    (run.followers ??= new Set()).add(follower);
    return () => run.followers!.delete(follower);
  }

  private step(run: Running): void {
    const step: Step = run.process.resume(this.clock.now());
    this.append(run, step.logs);
    if (!this.running.has(run.instance.id)) return;
    if (step.kind === 'wait') {
      run.timer = this.clock.at(step.untilMs, () => this.step(run), Priority.controller, `process ${run.instance.name}`);
    } else if (step.kind === 'exit') {
      this.exit(run, step.code, undefined, true);
    }
  }

  private append(run: Running, lines: readonly LogLine[]): void {
    if (lines.length === 0) return;
    const logs = run.instance.logs === NO_LOGS ? [] : (run.instance.logs as LogLine[]);
    run.instance.logs = logs;
    for (const line of lines) {
      logs.push(line);
      if (run.followers) for (const f of run.followers) f.onLine(line);
    }
  }

  /** The instance ends: exit code, reason as containerd reports it, and PLEG notices. */
  private exit(run: Running, code: number, reason: string | undefined, onItsOwn: boolean): void {
    if (!this.running.delete(run.instance.id)) return;
    run.timer?.cancel();
    run.forcedTimer?.cancel();
    run.killTimer?.cancel();
    const instance = run.instance;
    instance.state = 'exited';
    instance.finishedAtMs = this.clock.now();
    instance.exitCode = code;
    instance.reason = reason ?? (code === 0 ? 'Completed' : 'Error');
    if (run.followers) {
      for (const f of [...run.followers]) f.onEnd();
      run.followers.clear();
    }
    if (onItsOwn) this.onChange(run.podUid);
  }

  /** 64 hex digits (two UUIDs), kept flat: every sandbox and container holds one for its life. */
  private newId(): string {
    return flatString(this.random.uuid().replace(/-/g, ''), this.random.uuid().replace(/-/g, ''));
  }

  /** For tests and debugging. */
  get node(): string {
    return this.nodeName;
  }
}
