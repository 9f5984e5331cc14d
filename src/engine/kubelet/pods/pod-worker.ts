// One pod on one node, as the kubelet's pod worker runs it (pkg/kubelet/pod_workers.go,
// kubelet.go SyncPod / SyncTerminatingPod, kuberuntime_manager.go computePodActions):
//
//   sync → write the status computed from what the runtime shows now → act: sandbox, ephemeral
//   containers, init containers one by one (sidecars kept running), app containers, restarts with
//   back-off → requeue. Image pulls and container kills take virtual time; the worker is busy
//   until they finish and then syncs again. PLEG notices runtime changes on its next relist (1 s
//   grid), which is why a status lags its action by up to a second, as on a real node.
//
// Termination (deleted, active deadline, completed): app and ephemeral containers are stopped
// together (preStop hook, then SIGTERM, SIGKILL when the grace period lapses, never less than
// 2 s after the hook), then sidecars in reverse order; the terminal status is written and, for a
// deleted pod, the kubelet removes the API object with grace period 0.

import { formatGoDuration } from '../../../k8s/duration';
import type { KObject } from '../../../k8s/types';
import { isApiError } from '../../api/errors';
import { podKind } from '../../api/kinds';
import type { TimerHandle } from '../../clock/clock';
import { Priority } from '../../clock/clock';
import { referenceTo } from '../../runtime/events';
import type { ContainerInstance, ContainerKind, WaitingReason } from './runtime-types';
import type { NodeContext } from './node-context';
import { PodProber, type ProbeHost, type ProbeOutcome, type ProbeResult, type ProbeType } from './prober';
import { generatePodStatus, podStatusChanged } from './status/generate';
import { isKubeletOwnedCondition } from './status/conditions';
import { podQosClass } from '../../api/kinds/pod-qos';
import { startContainerFlow, type StartResult } from './start-container';
import { readyAfterAt } from './teaching-effects';
import { findSpecContainer } from './spec-container';
import { stopContainerFlow } from './stop-container';
import { applyDefaultImageTag, parseImageReference } from '../images/reference';
import { evaluateContainerProbe } from './probe-evaluation';
import { POD_ATTACH_AND_MOUNT_TIMEOUT_MS } from '../volumes';
import type { MountedObjectListener } from '../volumes/object-index';
import { StringInterner } from '../../runtime/string-interner';
import { podRequests } from '../../scheduler/framework/resources';
import type { Resource } from '../../scheduler/framework/types';

/** kubelet syncFrequency (resync of healthy pods) and backOffPeriod (after errors). */
const RESYNC_MS = 60_000;
const ERROR_BACKOFF_MS = 10_000;
/** The waiting reasons of a worker that has none. */
const NO_REASONS: ReadonlyMap<string, WaitingReason> = new Map();
/** The status manager's syncBatch period: how soon a status someone else wrote is written over. */
const STATUS_RECONCILE_MS = 10_000;
const JITTER_FACTOR = 0.5;

type TerminationCause = 'deleted' | 'removed' | 'deadline' | 'completed' | 'rejected' | 'shutdown' | 'evicted';

interface Termination {
  readonly cause: TerminationCause;
  readonly startedMs: number;
  graceMs: number;
  /** Container IDs being stopped. */
  readonly stopping: Set<string>;
  stage: 'main' | 'sidecars' | 'done';
}

export type StatusOverride = { phase: 'Failed' | 'Succeeded'; reason?: string; message?: string };

const SYNC_PENDING = 1;
const REMOVED = 2;
const FINISHED = 4;
const ADMITTED = 8;
const ENTERED_BACK_OFF = 16;
const REMOUNT_WANTED = 32;

/**
 * A pod worker's state that most pods never have (errors, termination, overrides, timers of
 * deadlines and reconciles): one optional object instead of eleven fields in every worker.
 */
class RareWorkerState {
  /** Waiting reasons of containers (ErrImagePull, CrashLoopBackOff, …) until they start. */
  reasons?: Map<string, WaitingReason>;
  /** Containers whose image this worker just pulled (no "already present" event for them). */
  pulled?: Set<string>;
  deadlineTimer?: TimerHandle;
  reconcileTimer?: TimerHandle;
  termination?: Termination;
  override?: StatusOverride;
  /** The DisruptionTarget condition the kubelet adds when it evicts the pod or shuts the node down. */
  disruption?: { reason: string; message: string };
  /** Playground overrides: readiness forced to fail (until ms) per container. */
  readinessFailures?: Map<string, number>;
  /** Containers the prober failed (liveness/startup): killed and restarted by the next sync. */
  probeKills?: Map<string, { id: string; type: ProbeType }>;
  /** Containers killed because their spec changed: restarted whatever the restart policy. */
  definitionChanged?: Set<string>;
  /** Since when the current sync has been waiting for volumes to mount (WaitForAttachAndMount). */
  mountWaitSinceMs?: number;

  isEmpty(): boolean {
    return (
      this.reasons === undefined &&
      this.pulled === undefined &&
      this.deadlineTimer === undefined &&
      this.reconcileTimer === undefined &&
      this.termination === undefined &&
      this.override === undefined &&
      this.disruption === undefined &&
      this.readinessFailures === undefined &&
      this.probeKills === undefined &&
      this.definitionChanged === undefined &&
      this.mountWaitSinceMs === undefined
    );
  }
}

export class PodWorker implements ProbeHost, MountedObjectListener {
  pod: KObject;
  readonly uid: string;
  private readonly startTimeMs: number;
  /** The probe workers, when the pod has a probe (most have none). */
  private prober?: PodProber;
  private syncTimer?: TimerHandle;
  private syncAtMs = Infinity;
  private busy = 0;
  private lastWrittenStatus: unknown;
  /** The requests this pod counts with in its node's admission (undefined: it does not count). */
  private counted?: Resource;
  /** The boolean state below (accessors over one number: a field each is 8 B a pod). */
  private flags = 0;
  /** The state most pods never have, created when some is first set (accessors below). */
  private rare?: RareWorkerState;

  private get syncPending(): boolean {
    return (this.flags & SYNC_PENDING) !== 0;
  }
  private set syncPending(on: boolean) {
    this.setFlag(SYNC_PENDING, on);
  }
  private get removed(): boolean {
    return (this.flags & REMOVED) !== 0;
  }
  private set removed(on: boolean) {
    this.setFlag(REMOVED, on);
  }
  private get finished(): boolean {
    return (this.flags & FINISHED) !== 0;
  }
  private set finished(on: boolean) {
    this.setFlag(FINISHED, on);
  }
  private get admitted(): boolean {
    return (this.flags & ADMITTED) !== 0;
  }
  private set admitted(on: boolean) {
    this.setFlag(ADMITTED, on);
  }
  /** This sync put a container into CrashLoopBackOff. */
  private get enteredBackOff(): boolean {
    return (this.flags & ENTERED_BACK_OFF) !== 0;
  }
  private set enteredBackOff(on: boolean) {
    this.setFlag(ENTERED_BACK_OFF, on);
  }
  /**
   * Projected volumes need writing again: a mounted ConfigMap / Secret changed, or the pod's labels
   * or annotations did (downward API). Upstream remounts on every sync; rewriting only when an
   * input changed gives the same files without the work on every sync.
   */
  private get remountWanted(): boolean {
    return (this.flags & REMOUNT_WANTED) !== 0;
  }
  private set remountWanted(on: boolean) {
    this.setFlag(REMOUNT_WANTED, on);
  }

  private setFlag(flag: number, on: boolean): void {
    this.flags = on ? this.flags | flag : this.flags & ~flag;
  }

  private get reasons() {
    return this.rare?.reasons;
  }
  private set reasons(value) {
    this.setRare('reasons', value);
  }
  private get pulled() {
    return this.rare?.pulled;
  }
  private set pulled(value) {
    this.setRare('pulled', value);
  }
  private get deadlineTimer() {
    return this.rare?.deadlineTimer;
  }
  private set deadlineTimer(value) {
    this.setRare('deadlineTimer', value);
  }
  private get reconcileTimer() {
    return this.rare?.reconcileTimer;
  }
  private set reconcileTimer(value) {
    this.setRare('reconcileTimer', value);
  }
  private get termination() {
    return this.rare?.termination;
  }
  private set termination(value) {
    this.setRare('termination', value);
  }
  private get override() {
    return this.rare?.override;
  }
  private set override(value) {
    this.setRare('override', value);
  }
  private get disruption() {
    return this.rare?.disruption;
  }
  private set disruption(value) {
    this.setRare('disruption', value);
  }
  private get readinessFailures() {
    return this.rare?.readinessFailures;
  }
  private set readinessFailures(value) {
    this.setRare('readinessFailures', value);
  }
  private get probeKills() {
    return this.rare?.probeKills;
  }
  private set probeKills(value) {
    this.setRare('probeKills', value);
  }
  private get definitionChanged() {
    return this.rare?.definitionChanged;
  }
  private set definitionChanged(value) {
    this.setRare('definitionChanged', value);
  }
  private get mountWaitSinceMs() {
    return this.rare?.mountWaitSinceMs;
  }
  private set mountWaitSinceMs(value) {
    this.setRare('mountWaitSinceMs', value);
  }

  /** Sets a rare field; the holder is created for a value and dropped once every field is unset. */
  private setRare<K extends keyof RareWorkerState>(key: K, value: RareWorkerState[K]): void {
    if (value !== undefined) {
      (this.rare ??= new RareWorkerState())[key] = value;
      return;
    }
    const rare = this.rare;
    if (!rare) return;
    rare[key] = value;
    if (rare.isEmpty()) this.rare = undefined;
  }

  constructor(
    readonly node: NodeContext,
    pod: KObject,
  ) {
    this.pod = pod;
    this.uid = pod.metadata.uid!;
    this.startTimeMs = node.clock.now();
    node.trackMountedObjects(pod, this);
    this.requestSync(0);
  }

  // ---- inputs ---------------------------------------------------------------------------------

  /** A newer version of the pod from the API. */
  update(pod: KObject): void {
    if (this.finished) return;
    const graceShortened =
      this.termination &&
      pod.metadata.deletionGracePeriodSeconds !== undefined &&
      pod.metadata.deletionGracePeriodSeconds * 1000 < this.termination.graceMs;
    const previous = this.pod;
    this.pod = pod;
    this.recount();
    if (previous.metadata.labels !== pod.metadata.labels || previous.metadata.annotations !== pod.metadata.annotations) {
      this.remountWanted = true;
    }
    if (graceShortened) this.shortenGrace(pod.metadata.deletionGracePeriodSeconds! * 1000);
    // Like the kubelet's pod config, only a change beyond status (often our own write) is an
    // UPDATE that syncs the pod.
    if (differsBeyondStatus(previous, pod)) this.requestSync(0);
    // HandlePodReconcile: a status change by someone else (a readiness gate's condition patched
    // True) makes the kubelet recompute Ready (NeedToReconcilePodReadiness).
    else if (pod.spec?.readinessGates?.length && previous.status?.conditions !== pod.status?.conditions) this.requestSync(0);
    // The status manager's needsReconcile: a status written by someone else (the node lifecycle
    // controller marking the pod not Ready while the node looked lost) is written over with the
    // kubelet's own at its next syncBatch, if they differ. Our own writes come back as the object
    // we stored, so they do not count.
    else if (previous.status !== pod.status && !this.reconcileTimer) {
      this.reconcileTimer = this.node.clock.at(
        this.node.clock.now() + STATUS_RECONCILE_MS,
        () => {
          this.reconcileTimer = undefined;
          this.reconcileStatus();
        },
        Priority.controller,
        `kubelet status reconcile ${pod.metadata.name}`,
      );
    }
  }

  /** The API object is gone (force delete, or the final delete). */
  remove(): void {
    if (this.finished) return;
    this.removed = true;
    this.recount();
    if (this.termination) this.shortenGrace(0);
    this.requestSync(0);
  }

  /** PLEG saw a container of this pod change. */
  containerChanged(): void {
    this.requestSync(Math.max(0, this.node.nextRelist(this.node.clock.now()) - this.node.clock.now()));
  }

  /**
   * Counted by admission: admitted, not yet terminated, and still known to the API. A pod removed
   * from the API leaves the kubelet's pod manager at once (HandlePodRemoves), so admission — like
   * the scheduler, which forgot it on the same delete — no longer counts it while its containers stop.
   */
  isAdmittedAndActive(): boolean {
    return this.admitted && !this.removed && !this.finished && this.termination?.stage !== 'done';
  }

  /**
   * Keeps this pod's share of the node's admitted requests in step with isAdmittedAndActive and
   * its spec (a resize changes its requests): called after each change of either.
   */
  private recount(): void {
    const now = this.isAdmittedAndActive() ? podRequests(this.pod) : undefined;
    if (now === this.counted) return;
    this.node.admittedUsage.replace(this.counted, now);
    this.counted = now;
  }

  isFinished(): boolean {
    return this.finished;
  }

  /** Playground: make the readiness of a container fail until `untilMs`. */
  failReadiness(container: string, untilMs: number): void {
    (this.readinessFailures ??= new Map()).set(container, untilMs);
    this.requestSync(0);
    if (Number.isFinite(untilMs))
      this.node.clock.at(untilMs, () => this.requestSync(0), Priority.controller, 'readiness override ends');
  }

  /** Playground: the container's process dies (exit code 1). False when it is not running. */
  crash(container: string): boolean {
    const instance = this.newest(container, 'regular') ?? this.newest(container, 'init');
    if (!instance || instance.state !== 'running') return false;
    this.node.runtime.crashContainer(instance.id, 1);
    return true;
  }

  /**
   * The kubelet stops the pod for good although nobody deleted it (graceful node shutdown, node
   * pressure eviction): phase Failed with `reason` and `message`, DisruptionTarget
   * TerminationByKubelet, containers stopped within `graceMs`. The API object stays.
   */
  terminateByKubelet(cause: 'shutdown' | 'evicted', reason: string, message: string, graceMs: number): void {
    if (this.finished || this.termination) return;
    this.override = { phase: 'Failed', reason, message };
    this.disruption = { reason: 'TerminationByKubelet', message };
    this.startTermination(cause, graceMs);
    this.requestSync(0);
  }

  /** The machine lost power: nothing more happens; the runtime keeps what it knew. */
  halt(): void {
    this.finished = true;
    this.recount();
    this.syncTimer?.cancel();
    this.deadlineTimer?.cancel();
    this.reconcileTimer?.cancel();
    this.prober?.stop();
  }

  /** Stopped for good: its containers are down and the terminal status is written. */
  isTerminated(): boolean {
    return this.finished || this.termination?.stage === 'done';
  }

  /** Still holding the node's resources and running (not terminating). */
  isActive(): boolean {
    return !this.finished && !this.termination && this.admitted;
  }

  // ---- sync loop ------------------------------------------------------------------------------

  requestSync(delayMs: number): void {
    if (this.finished) return;
    const at = this.node.clock.now() + delayMs;
    if (this.syncTimer && this.syncAtMs <= at) return;
    this.syncTimer?.cancel();
    this.syncAtMs = at;
    this.syncTimer = this.node.clock.at(at, () => this.sync(), Priority.controller, `kubelet sync ${this.pod.metadata.name}`);
  }

  /** Marks an asynchronous step (pull, kill, hook) in flight: syncs wait for it. */
  beginAsync(): void {
    this.busy++;
  }

  endAsync(): void {
    this.busy--;
    if (this.busy === 0 && this.syncPending) {
      this.syncPending = false;
      this.requestSync(0);
    }
  }

  private sync(): void {
    this.syncTimer = undefined;
    this.syncAtMs = Infinity;
    if (this.finished) return;
    if (this.busy > 0) {
      this.syncPending = true;
      return;
    }
    if (!this.termination) this.decideTermination();
    if (this.termination) {
      this.writeStatus();
      this.driveTermination();
      return;
    }
    this.writeStatus();
    this.enteredBackOff = false;
    const outcome = this.syncContainers();
    // A container that just went into CrashLoopBackOff is reported as such at once (as
    // `kubectl get pods -w` shows Error, then CrashLoopBackOff), not only at the next sync.
    if (this.enteredBackOff) this.writeStatus();
    this.requeue(outcome);
  }

  private requeue(outcome: SyncOutcome): void {
    const now = this.node.clock.now();
    if (outcome.kind === 'completed') {
      this.startTermination('completed', this.specGraceMs());
      this.requestSync(0);
      return;
    }
    if (outcome.kind === 'failed') {
      this.startTermination('completed', this.specGraceMs());
      this.requestSync(0);
      return;
    }
    if (this.busy > 0) return;
    let delay: number | undefined;
    if (outcome.crashBackoffUntil !== undefined) {
      delay = Math.min(Math.max(0, outcome.crashBackoffUntil - now), RESYNC_MS);
    } else if (outcome.error) {
      delay = ERROR_BACKOFF_MS;
    }
    // Healthy pods are not re-synced every minute here: nothing changes without an event.
    if (delay !== undefined) this.requestSync(this.jitter(delay));
  }

  private jitter(ms: number): number {
    return Math.round(ms * (1 + this.node.random.next() * JITTER_FACTOR));
  }

  private decideTermination(): void {
    const pod = this.pod;
    if (this.removed) {
      this.startTermination('removed', 0);
      return;
    }
    if (pod.metadata.deletionTimestamp) {
      this.startTermination('deleted', (pod.metadata.deletionGracePeriodSeconds ?? 30) * 1000);
      return;
    }
    if (!this.admitted) {
      const admission = this.node.admit(pod);
      if (!admission.admitted) {
        this.override = { phase: 'Failed', reason: admission.reason, message: `Pod was rejected: ${admission.message}` };
        this.node.recorder.event(pod, 'Warning', admission.reason, admission.message);
        this.startTermination('rejected', 0);
        return;
      }
      this.admitted = true;
      this.recount();
      const prober = this.prober ?? new PodProber(this.node.clock, this, this.node.runtime);
      prober.addPod(pod.spec);
      if (prober.probes()) this.prober = prober;
      this.armActiveDeadline();
    }
    const phase = pod.status?.phase;
    if (phase === 'Succeeded' || phase === 'Failed') {
      this.startTermination('completed', this.specGraceMs());
      return;
    }
    const deadline = this.activeDeadlineMs();
    if (deadline !== undefined && this.node.clock.now() >= deadline) {
      const message = 'Pod was active on the node longer than the specified deadline';
      this.override = { phase: 'Failed', reason: 'DeadlineExceeded', message };
      this.node.recorder.event(pod, 'Normal', 'DeadlineExceeded', message);
      this.startTermination('deadline', this.specGraceMs());
    }
  }

  private activeDeadlineMs(): number | undefined {
    const seconds = this.pod.spec?.activeDeadlineSeconds;
    return typeof seconds === 'number' ? this.startTimeMs + seconds * 1000 : undefined;
  }

  private armActiveDeadline(): void {
    const at = this.activeDeadlineMs();
    if (at === undefined) return;
    this.deadlineTimer?.cancel();
    this.deadlineTimer = this.node.clock.at(at, () => this.requestSync(0), Priority.controller, 'active deadline');
  }

  private specGraceMs(): number {
    return (this.pod.spec?.terminationGracePeriodSeconds ?? 30) * 1000;
  }

  // ---- running ------------------------------------------------------------------------------

  private syncContainers(): SyncOutcome {
    const spec = this.pod.spec ?? {};
    const restartPolicy: string = spec.restartPolicy ?? 'Always';
    const now = this.node.clock.now();
    const outcome: SyncOutcome = { kind: 'running' };
    const noteBackoff = (r: StartResult) => {
      if (r.kind === 'crash-backoff') outcome.crashBackoffUntil = Math.min(outcome.crashBackoffUntil ?? Infinity, r.untilMs);
      if (r.kind === 'error') outcome.error = true;
    };

    if (!this.mountVolumes()) return outcome;
    if (!this.ensureSandbox()) return { kind: 'running', error: true };

    for (const c of (spec.ephemeralContainers ?? []) as any[]) {
      if (this.newest(c.name, 'ephemeral')) continue;
      const r = this.start(c, 'ephemeral');
      noteBackoff(r);
      if (r.kind === 'pulling') return outcome;
    }

    // Liveness / startup failures found by the prober: kill (then restart per policy below).
    for (const [name, kill] of this.probeKills ?? []) {
      this.probeKills!.delete(name);
      const c = this.specContainer(name);
      const instance = this.newest(name, c?.kind ?? 'regular');
      if (!c || !instance || instance.id !== kill.id || instance.state !== 'running') continue;
      const message = `Container ${name} failed ${kill.type} probe, will be restarted`;
      // The same sync restarts it (per restartPolicy) once it is down.
      this.stopInstance(c.spec, instance, this.probeGraceMs(c.spec, kill.type), message, () => this.requestSync(0));
      return outcome;
    }

    // computePodActions: a running container whose spec changed (its image: the one container
    // field a pod update may change) is killed and started again, regardless of restartPolicy.
    for (const c of (spec.containers ?? []) as any[]) {
      const instance = this.newest(c.name, 'regular');
      if (!instance || instance.state !== 'running' || !imageChanged(c.image, instance.imageName)) continue;
      (this.definitionChanged ??= new Set()).add(c.name);
      const message = `Container ${c.name} definition changed, will be restarted`;
      this.stopInstance(c, instance, this.specGraceMs(), message, () => this.requestSync(0));
      return outcome;
    }

    // Only containers of the current sandbox count: a sandbox made anew (after a reboot) runs the
    // init containers again before the app containers (computePodActions, createPodSandbox).
    const initialized = ((spec.containers ?? []) as any[]).some((c) => this.newestInSandbox(c.name, 'regular'));
    for (const c of (spec.initContainers ?? []) as any[]) {
      const instance = this.newestInSandbox(c.name, 'init');
      const sidecar = c.restartPolicy === 'Always';
      if (sidecar) {
        if (!instance) {
          const r = this.start(c, 'init');
          noteBackoff(r);
          return outcome;
        }
        if (instance.state === 'running') {
          if (!initialized && !this.probeStarted(c.name, instance.id)) return outcome;
          continue;
        }
        const r = this.restart(c, 'init', instance, now);
        noteBackoff(r);
        if (!initialized) return outcome;
        continue;
      }
      if (initialized) continue;
      if (!instance) {
        noteBackoff(this.start(c, 'init'));
        return outcome;
      }
      if (instance.state === 'running') return outcome;
      if (instance.exitCode === 0) continue;
      if (restartPolicy === 'Never') return { kind: 'failed' };
      noteBackoff(this.restart(c, 'init', instance, now));
      return outcome;
    }

    let active = 0;
    for (const c of (spec.containers ?? []) as any[]) {
      const instance = this.newest(c.name, 'regular');
      if (!instance) {
        const r = this.start(c, 'regular');
        noteBackoff(r);
        active++;
        if (r.kind === 'pulling') return outcome;
        continue;
      }
      if (instance.state === 'running') {
        active++;
        continue;
      }
      const restart =
        this.definitionChanged?.delete(c.name) === true ||
        restartPolicy === 'Always' ||
        (restartPolicy === 'OnFailure' && instance.exitCode !== 0);
      if (!restart) continue;
      active++;
      const r = this.restart(c, 'regular', instance, now);
      noteBackoff(r);
      if (r.kind === 'pulling') return outcome;
    }
    if (active === 0 && (spec.containers ?? []).length > 0) return { kind: 'completed' };
    return outcome;
  }

  /**
   * WaitForAttachAndMount: sets up the pod's volumes (and remounts the projected ones when an
   * input changed, which is how updates reach their files). While one fails, the pod waits in ContainerCreating: a
   * FailedMount event per failed SetUp (retried with back-off), and after 2m3s the sync gives up
   * with `Unable to attach or mount volumes` and is retried after the error back-off.
   */
  private mountVolumes(): boolean {
    const now = this.node.clock.now();
    const attempt = this.node.podVolumes(this.uid).setUp(this.node.volumeHost, this.pod, this.remountWanted);
    this.remountWanted = false;
    for (const f of attempt.failures) {
      this.node.recorder.event(
        this.pod,
        'Warning',
        'FailedMount',
        `MountVolume.SetUp failed for volume "${f.volume}" : ${f.message}`,
      );
    }
    if (attempt.ready) {
      this.mountWaitSinceMs = undefined;
      return true;
    }
    this.mountWaitSinceMs ??= now;
    const deadline = this.mountWaitSinceMs + POD_ATTACH_AND_MOUNT_TIMEOUT_MS;
    if (now >= deadline) {
      this.mountWaitSinceMs = undefined;
      this.node.recorder.event(
        this.pod,
        'Warning',
        'FailedMount',
        `Unable to attach or mount volumes: unmounted volumes=[${attempt.unmounted.join(' ')}], unattached volumes=[], failed to process volumes=[${attempt.unprocessed.join(' ')}]: context deadline exceeded`,
      );
      this.requestSync(this.jitter(ERROR_BACKOFF_MS));
      return false;
    }
    this.requestSync(Math.min(attempt.nextRetryMs, deadline) - now);
    return false;
  }

  /**
   * A ConfigMap or Secret the pod mounts changed. The kubelet's watch-based cache has it at once,
   * but files are rewritten only when the pod is synced: on its periodic resync (syncFrequency,
   * 1 min; upstream adds up to 50 % jitter, here the resyncs sit on a 1-min grid from the pod's
   * start so the delay is deterministic) unless something else syncs it first.
   */
  /** A ConfigMap or Secret the pod mounts changed: its files are rewritten at the next periodic sync. */
  mountedObjectChanged(): void {
    this.remountWanted = true;
    const now = this.node.clock.now();
    const next = this.startTimeMs + (Math.floor((now - this.startTimeMs) / RESYNC_MS) + 1) * RESYNC_MS;
    this.requestSync(next - now);
  }

  private ensureSandbox(): boolean {
    const sandbox = this.node.runtime.pod(this.uid)?.sandboxes[0];
    if (sandbox?.ready) return true;
    // A host-network pod shares the node's network namespace: no pod IP (its status shows the node's).
    if (this.pod.spec?.hostNetwork === true) {
      this.node.runtime.runSandbox(this.uid, '');
      this.containerChanged();
      return true;
    }
    const ip = this.node.allocateIP();
    if (!ip) {
      this.node.recorder.event(
        this.pod,
        'Warning',
        'FailedCreatePodSandBox',
        'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox: no IP addresses available in range set',
      );
      return false;
    }
    this.node.runtime.runSandbox(this.uid, ip);
    // PLEG sees the new sandbox on its next relist: that sync reports what happened since.
    this.containerChanged();
    return true;
  }

  /** doBackOff, then start: a container that exited and should run again. */
  private restart(c: any, kind: ContainerKind, last: ContainerInstance, now: number): StartResult {
    // A restart decided before its image pull: the back-off was already settled then.
    if (this.pulled?.has(c.name)) return this.start(c, kind);
    const key = `${this.uid}_${kind}_${c.name}`;
    const finished = last.finishedAtMs ?? now;
    const backoff = this.node.crashBackoff;
    if (backoff.isInBackOffSince(key, finished, now)) {
      const delay = backoff.get(key);
      if (this.reasons?.get(c.name)?.reason !== 'CrashLoopBackOff') this.enteredBackOff = true;
      const pod = this.pod.metadata;
      this.setReason(c.name, {
        reason: 'CrashLoopBackOff',
        message: `back-off ${formatGoDuration(delay)} restarting failed container=${c.name} pod=${pod.name}_${pod.namespace}(${this.uid})`,
      });
      this.node.recorder.event(
        referenceTo(this.pod, fieldPath(kind, c.name)),
        'Warning',
        'BackOff',
        `Back-off restarting failed container ${c.name} in pod ${pod.name}_${pod.namespace}(${this.uid})`,
      );
      return { kind: 'crash-backoff', untilMs: finished + delay };
    }
    backoff.next(key, finished);
    return this.start(c, kind);
  }

  private start(c: any, kind: ContainerKind): StartResult {
    const result = startContainerFlow(this, c, kind);
    if (result.kind === 'started') this.setReason(c.name, undefined);
    return result;
  }

  setReason(container: string, reason: WaitingReason | undefined): void {
    if (reason) (this.reasons ??= new Map()).set(container, reason);
    else if (this.reasons?.delete(container) && this.reasons.size === 0) this.reasons = undefined;
  }

  /** A pull this worker finished for the container (its start then records no "already present"). */
  markPulled(container: string): void {
    (this.pulled ??= new Set()).add(container);
  }

  /** Whether the container's image was just pulled here; forgets it. */
  takePulled(container: string): boolean {
    if (!this.pulled?.delete(container)) return false;
    if (this.pulled.size === 0) this.pulled = undefined;
    return true;
  }

  /** Until when the playground makes the container's readiness fail (undefined: it does not). */
  readinessFailsUntil(container: string): number | undefined {
    return this.readinessFailures?.get(container);
  }

  newest(name: string, kind: ContainerKind): ContainerInstance | undefined {
    return this.node.runtime.pod(this.uid)?.containers.find((c) => c.name === name && c.kind === kind);
  }

  /** The newest instance started in the pod's current sandbox. */
  private newestInSandbox(name: string, kind: ContainerKind): ContainerInstance | undefined {
    const pod = this.node.runtime.pod(this.uid);
    const instance = this.newest(name, kind);
    const sandbox = pod?.sandboxes[0];
    return instance && sandbox && instance.createdAtMs < sandbox.createdAtMs ? undefined : instance;
  }

  sandboxIP(): string {
    return this.node.runtime.pod(this.uid)?.sandboxes[0]?.ip ?? '';
  }

  private specContainer(name: string): { spec: any; kind: ContainerKind } | undefined {
    return findSpecContainer(this.pod.spec, name);
  }

  private probeGraceMs(container: any, type: ProbeType): number {
    const probeGrace = container[`${type}Probe`]?.terminationGracePeriodSeconds;
    return (typeof probeGrace === 'number' ? probeGrace : (this.pod.spec?.terminationGracePeriodSeconds ?? 30)) * 1000;
  }

  /** killContainer: preStop, TERM, KILL after the grace period; the worker is busy meanwhile. */
  private stopInstance(
    container: any,
    instance: ContainerInstance,
    graceMs: number,
    message?: string,
    onStopped?: () => void,
  ): void {
    this.beginAsync();
    stopContainerFlow(this, container, instance, graceMs, message, () => {
      onStopped?.();
      this.endAsync();
    });
  }

  // ---- termination ----------------------------------------------------------------------------

  private startTermination(cause: TerminationCause, graceMs: number): void {
    this.termination = { cause, startedMs: this.node.clock.now(), graceMs, stopping: new Set(), stage: 'main' };
    this.deadlineTimer?.cancel();
  }

  private shortenGrace(graceMs: number): void {
    const t = this.termination!;
    t.graceMs = graceMs;
    // Containers already being stopped get no more time than the new period allows.
    if (graceMs === 0) {
      for (const id of t.stopping) this.node.runtime.killContainer(id);
    }
  }

  private remainingGraceMs(): number {
    const t = this.termination!;
    return Math.max(0, t.graceMs - (this.node.clock.now() - t.startedMs));
  }

  private driveTermination(): void {
    const t = this.termination!;
    const running = (this.node.runtime.pod(this.uid)?.containers ?? []).filter((c) => c.state === 'running');
    const stopAll = (instances: ContainerInstance[]) => {
      for (const instance of instances) {
        if (t.stopping.has(instance.id)) continue;
        t.stopping.add(instance.id);
        const c = this.specContainer(instance.name)?.spec ?? { name: instance.name };
        const grace = this.removed ? 0 : this.remainingGraceMs();
        this.stopInstance(c, instance, grace, undefined, () => this.requestSync(0));
      }
    };
    if (t.stage === 'main') {
      const main = running.filter((c) => c.kind !== 'init');
      if (main.length > 0) {
        stopAll(main);
        return;
      }
      t.stage = 'sidecars';
    }
    if (t.stage === 'sidecars') {
      // Sidecars stop after the app containers, last-declared first, one at a time.
      const order = ((this.pod.spec?.initContainers ?? []) as any[]).map((c) => c.name).reverse();
      const sidecars = running.filter((c) => c.kind === 'init').sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
      if (sidecars.length > 0) {
        stopAll([sidecars[0]]);
        return;
      }
      t.stage = 'done';
      this.recount();
      this.prober?.stop();
      this.node.runtime.stopSandbox(this.uid);
      this.writeStatus();
    }
    this.finishIfDeleted();
  }

  /** Terminated: a deleted pod's API object is removed (grace 0), then the worker ends. */
  private finishIfDeleted(): void {
    if (!this.removed && !this.pod.metadata.deletionTimestamp) return;
    if (!this.removed) {
      if (!this.node.online()) return; // retried when the kubelet is back in touch
      try {
        this.node.api.delete(podKind, this.pod.metadata.namespace, this.pod.metadata.name!, {
          gracePeriodSeconds: 0,
          preconditions: { uid: this.uid },
        });
      } catch (e) {
        if (!isApiError(e)) throw e;
      }
    }
    this.finish();
  }

  private finish(): void {
    this.finished = true;
    this.recount();
    this.syncTimer?.cancel();
    this.deadlineTimer?.cancel();
    this.prober?.stop();
    const ip = this.sandboxIP();
    if (ip) this.node.releaseIP(ip);
    this.node.runtime.removePod(this.uid);
    this.node.crashBackoff.resetPrefix(`${this.uid}_`);
    this.node.forget(this.uid);
  }

  // ---- status ---------------------------------------------------------------------------------

  /** The status manager: generate the API status and write it when it changed. */
  writeStatus(): void {
    if (this.removed || !this.admittedOrRejected()) return;
    const node = this.node;
    const current = node.api.tryGet(podKind, this.pod.metadata.namespace, this.pod.metadata.name!);
    if (!current || current.metadata.uid !== this.uid) return;
    const runtime = node.runtime.ensurePod(this.uid);
    const terminal = this.termination !== undefined && this.termination.cause !== 'removed';
    const status =
      this.termination?.cause === 'rejected'
        ? rejectedStatus(current, this.override!)
        : generatePodStatus({
            pod: current,
            runtime,
            reasons: this.reasons ?? NO_REASONS,
            probes: {
              started: (id) => this.startedById(id),
              ready: (id) => this.readyById(id),
            },
            podIsTerminal: terminal && this.termination!.stage === 'done',
            hostIP: node.hostIP,
            startTimeMs: this.startTimeMs,
            nowMs: node.clock.now(),
            timestamp: (ms) => node.clock.timestamp(ms),
            override: this.override,
            disruption: this.disruption,
          });
    if (!podStatusChanged(current.status, status)) return;
    if (!node.online()) return;
    this.lastWrittenStatus = status;
    try {
      this.pod = node.api.updateStatus({ ...current, status });
    } catch (e) {
      if (!isApiError(e)) throw e;
    }
  }

  /** syncBatch for this pod: the API's status differs from the one last written here: write that again. */
  private reconcileStatus(): void {
    const written = this.lastWrittenStatus as KObject['status'] | undefined;
    if (this.finished || this.removed || !written || !this.node.online()) return;
    const current = this.node.api.tryGet(podKind, this.pod.metadata.namespace, this.pod.metadata.name!);
    if (!current || current.metadata.uid !== this.uid || !podStatusChanged(current.status, written)) return;
    try {
      this.pod = this.node.api.updateStatus({ ...current, status: written });
    } catch (e) {
      if (!isApiError(e)) throw e;
    }
  }

  private admittedOrRejected(): boolean {
    return this.admitted || this.override !== undefined;
  }

  private nameOf(id: string): ContainerInstance | undefined {
    return this.node.runtime.pod(this.uid)?.containers.find((c) => c.id === id);
  }

  private startedById(id: string): boolean {
    const instance = this.nameOf(id);
    return !!instance && this.probeStarted(instance.name, id);
  }

  /** Running, and past its startup probe (if any). */
  private probeStarted(containerName: string, id: string): boolean {
    return this.prober ? this.prober.started(containerName, id) : this.node.runtime.isRunning(id);
  }

  /** Started, and its readiness probe (if any) succeeds. */
  private probeReady(containerName: string, id: string): boolean {
    return this.prober ? this.prober.ready(containerName, id) : this.node.runtime.isRunning(id);
  }

  private readyById(id: string): boolean {
    const instance = this.nameOf(id);
    if (!instance || !this.probeReady(instance.name, id)) return false;
    // With a readiness probe, overrides act through the probe (thresholds, Unhealthy events).
    if (this.prober?.hasProbe('readiness', instance.name)) return true;
    const now = this.node.clock.now();
    const until = this.readinessFailsUntil(instance.name);
    if (until !== undefined && now < until) return false;
    const readyAt = readyAfterAt(this.pod, instance);
    if (readyAt !== undefined && now < readyAt) {
      this.requestSync(readyAt - now);
      return false;
    }
    return true;
  }

  // ---- ProbeHost ------------------------------------------------------------------------------

  instance(containerName: string): ContainerInstance | undefined {
    return this.newest(containerName, 'regular') ?? this.newest(containerName, 'init');
  }

  evaluate(type: ProbeType, probe: any, container: any, instance: ContainerInstance): ProbeOutcome {
    return evaluateContainerProbe(this, type, probe, container, instance);
  }

  probeFailed(type: ProbeType, container: any, instance: ContainerInstance, output: string, errored: boolean): void {
    const label = type[0].toUpperCase() + type.slice(1);
    const message = errored
      ? `${label} probe errored and resulted in unknown state: ${output}`
      : `${label} probe failed: ${output}`;
    this.node.recorder.event(referenceTo(this.pod, fieldPath(instance.kind, container.name)), 'Warning', 'Unhealthy', message);
  }

  resultChanged(type: ProbeType, container: any, instance: ContainerInstance, result: ProbeResult): void {
    if (type !== 'readiness' && result === 'failure')
      (this.probeKills ??= new Map()).set(container.name, { id: instance.id, type });
    this.requestSync(0);
  }

  podDeleting(): boolean {
    return !!this.pod.metadata.deletionTimestamp || this.removed;
  }

  get lastStatus(): unknown {
    return this.lastWrittenStatus;
  }
}

export interface SyncOutcome {
  kind: 'running' | 'completed' | 'failed';
  crashBackoffUntil?: number;
  error?: boolean;
}

/**
 * rejectPod: a pod the kubelet refused gets a bare status — phase Failed, the reason and message,
 * its QoS class — merged with the conditions others own (PodScheduled); no container statuses.
 */
function rejectedStatus(pod: KObject, override: StatusOverride): Record<string, unknown> {
  const conditions = ((pod.status?.conditions ?? []) as { type: string }[]).filter((c) => !isKubeletOwnedCondition(c.type));
  const status: Record<string, unknown> = { phase: 'Failed' };
  if (conditions.length > 0) status.conditions = conditions;
  status.message = override.message;
  status.reason = override.reason;
  status.qosClass = pod.status?.qosClass ?? podQosClass(pod);
  return status;
}

function differsBeyondStatus(a: KObject, b: KObject): boolean {
  if (a.spec !== b.spec) return true;
  const ma = a.metadata;
  const mb = b.metadata;
  return (
    ma.deletionTimestamp !== mb.deletionTimestamp ||
    ma.deletionGracePeriodSeconds !== mb.deletionGracePeriodSeconds ||
    ma.labels !== mb.labels ||
    ma.annotations !== mb.annotations
  );
}

/** `spec.containers{name}` etc.: the fieldPath of container events. */
export function fieldPath(kind: ContainerKind, name: string): string {
  const field = kind === 'init' ? 'initContainers' : kind === 'ephemeral' ? 'ephemeralContainers' : 'containers';
  return fieldPaths.intern(`spec.${field}{${name}}`);
}

/** Every event about a container carries its field path: one string per path, not per event. */
const fieldPaths = new StringInterner(1_000);

/** Whether the spec's image is another one than the instance runs (both as the runtime names them). */
function imageChanged(specImage: unknown, running: string): boolean {
  if (typeof specImage !== 'string') return false;
  const tagged = applyDefaultImageTag(specImage);
  if (!tagged.ok) return false;
  const ref = parseImageReference(tagged.image);
  return ref.ok && ref.ref.canonical !== running;
}
