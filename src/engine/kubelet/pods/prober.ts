// The kubelet's probe workers for one pod (pkg/kubelet/prober/worker.go): one per container and
// probe type, ticking every periodSeconds from when the pod was added. Results only flip after
// failureThreshold / successThreshold consecutive outcomes; a new container instance resets them
// (readiness starts as Failure, liveness as Success, startup as Unknown). Liveness and startup
// workers stop judging a container once they failed it, until its next instance.

import type { Clock, TimerHandle } from '../../clock/clock';
import { Priority } from '../../clock/clock';
import type { ContainerInstance } from './runtime-types';

export type ProbeType = 'liveness' | 'readiness' | 'startup';
export type ProbeResult = 'success' | 'failure' | 'unknown';

export interface ProbeOutcome {
  readonly result: 'success' | 'failure';
  readonly output: string;
  /** The probe could not run at all (e.g. a named port that does not exist): no result. */
  readonly errored?: boolean;
}

export interface ProbeHost {
  /** The newest instance of the named container (init containers: sidecars only). */
  instance(containerName: string): ContainerInstance | undefined;
  /** Runs one probe against a running instance. */
  evaluate(type: ProbeType, probe: any, container: any, instance: ContainerInstance): ProbeOutcome;
  /** Every failed probe (the kubelet's Unhealthy event). */
  probeFailed(type: ProbeType, container: any, instance: ContainerInstance, output: string, errored: boolean): void;
  /** A result flipped (readiness: status; liveness/startup failure: the container is killed). */
  resultChanged(type: ProbeType, container: any, instance: ContainerInstance, result: ProbeResult): void;
  /** The pod is being deleted (liveness and startup stop then). */
  podDeleting(): boolean;
}

const INITIAL: Record<ProbeType, ProbeResult> = { readiness: 'failure', liveness: 'success', startup: 'unknown' };

class ProbeWorker {
  private containerId: string | undefined;
  private result: ProbeResult;
  private lastOutcome: 'success' | 'failure' | undefined;
  private run = 0;
  private onHold = false;
  private stopped = false;
  private readonly timer: TimerHandle;

  constructor(
    clock: Clock,
    private readonly host: ProbeHost,
    readonly type: ProbeType,
    readonly container: any,
    private readonly probe: any,
    private readonly startedByStartup: (id: string) => boolean,
  ) {
    this.result = INITIAL[type];
    const periodMs = Math.max(1, Number(probe.periodSeconds ?? 10)) * 1000;
    this.timer = clock.every(periodMs, () => this.tick(clock.now()), {
      initialDelayMs: 0,
      priority: Priority.controller,
      label: `${type} probe ${container.name}`,
    });
  }

  resultFor(containerId: string): ProbeResult {
    return containerId === this.containerId ? this.result : INITIAL[this.type];
  }

  stop(): void {
    this.stopped = true;
    this.timer.cancel();
  }

  private tick(nowMs: number): void {
    if (this.stopped) return;
    const instance = this.host.instance(this.container.name);
    if (!instance) return;
    if (instance.id !== this.containerId) {
      this.containerId = instance.id;
      this.result = INITIAL[this.type];
      this.lastOutcome = undefined;
      this.run = 0;
      this.onHold = false;
    }
    if (this.onHold) return;
    if (instance.state !== 'running') {
      this.set(instance, 'failure');
      return;
    }
    if (this.type !== 'readiness' && this.host.podDeleting()) {
      this.set(instance, 'success');
      this.stop();
      return;
    }
    if (nowMs - (instance.startedAtMs ?? nowMs) < Number(this.probe.initialDelaySeconds ?? 0) * 1000) return;
    const started = this.startedByStartup(instance.id);
    if (this.type === 'startup' ? started : !started) return;

    const outcome = this.host.evaluate(this.type, this.probe, this.container, instance);
    if (outcome.errored) {
      // prober.go: an errored probe is reported and its result discarded.
      this.host.probeFailed(this.type, this.container, instance, outcome.output, true);
      return;
    }
    if (outcome.result === 'failure') this.host.probeFailed(this.type, this.container, instance, outcome.output, false);
    this.run = outcome.result === this.lastOutcome ? this.run + 1 : 1;
    this.lastOutcome = outcome.result;
    const threshold =
      outcome.result === 'failure' ? Number(this.probe.failureThreshold ?? 3) : Number(this.probe.successThreshold ?? 1);
    if (this.run < threshold) return;
    this.set(instance, outcome.result);
    if (outcome.result === 'failure' && this.type !== 'readiness') {
      // The container is about to be killed: judge nothing more until its next instance.
      this.onHold = true;
      this.run = 0;
    }
  }

  private set(instance: ContainerInstance, result: ProbeResult): void {
    if (result === this.result) return;
    this.result = result;
    this.host.resultChanged(this.type, this.container, instance, result);
  }
}

/** What the prober asks the container runtime. */
export interface RunningContainers {
  isRunning(containerId: string): boolean;
}

/** All probe workers of one pod, and the `started` / `ready` answers the status generator needs. */
export class PodProber {
  /** Most pods probe nothing: created with the first worker. */
  private workers?: Map<string, ProbeWorker>;

  constructor(
    private readonly clock: Clock,
    private readonly host: ProbeHost,
    private readonly runtime: RunningContainers,
  ) {}

  /** Adds workers for the probed containers of `spec` (sidecars and regular containers). */
  addPod(spec: any): void {
    const containers = [
      ...((spec.initContainers ?? []) as any[]).filter((c) => c.restartPolicy === 'Always'),
      ...((spec.containers ?? []) as any[]),
    ];
    for (const c of containers) {
      for (const type of ['startup', 'readiness', 'liveness'] as const) {
        const probe = c[`${type}Probe`];
        const key = `${type}/${c.name}`;
        if (!probe || this.workers?.has(key)) continue;
        (this.workers ??= new Map()).set(
          key,
          new ProbeWorker(this.clock, this.host, type, c, probe, (id) => this.started(c.name, id)),
        );
      }
    }
  }

  /** Running, and past its startup probe (if any). */
  started(containerName: string, containerId: string): boolean {
    if (!this.runtime.isRunning(containerId)) return false;
    const startup = this.workers?.get(`startup/${containerName}`);
    return !startup || startup.resultFor(containerId) === 'success';
  }

  /** Started, and its readiness probe (if any) succeeds. */
  ready(containerName: string, containerId: string): boolean {
    if (!this.started(containerName, containerId)) return false;
    const readiness = this.workers?.get(`readiness/${containerName}`);
    return !readiness || readiness.resultFor(containerId) === 'success';
  }

  /** Whether any container of the pod is probed. */
  probes(): boolean {
    return this.workers !== undefined;
  }

  hasProbe(type: ProbeType, containerName: string): boolean {
    return this.workers?.has(`${type}/${containerName}`) === true;
  }

  stop(): void {
    if (!this.workers) return;
    for (const w of this.workers.values()) w.stop();
    this.workers = undefined;
  }
}
