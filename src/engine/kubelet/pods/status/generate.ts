// The kubelet's pod status generator (generateAPIPodStatus + the status manager's merge), as a
// pure function: runtime state, the reason cache and probe results in, the full API `status`
// out. The "old status" is the pod's status as the API has it (the kubelet's status cache and
// the API agree in the simulation).

import type { KObject } from '../../../../k8s/types';
import { podQosClass } from '../../../api/kinds/pod-qos';
import type { RuntimePod, WaitingReason } from '../runtime-types';
import { forceUnreadyWhenTerminal, generateConditions, withTransitionTimes } from './conditions';
import { applyProbes, convertContainerStatuses, type ConvertContext } from './container-statuses';
import { orderedContainerStatus } from './ordered';
import { ephemeralContainerSpecs, initContainerSpecs, newestSandbox, podHasInitialized, regularContainerSpecs } from './helpers';
import { getPhase } from './phase';
import { hostIPsOf } from './shared-parts';
import { isTerminalPhase, type ApiContainerStatus, type PodCondition, type PodPhase } from './types';

export interface PodStatusInput {
  /** The pod as the kubelet last saw it from the API (spec, metadata, current status). */
  readonly pod: KObject;
  readonly runtime: RuntimePod;
  /** The reason cache: why each container (by name) last failed to start (ErrImagePull, ImagePullBackOff, CrashLoopBackOff, CreateContainerConfigError, ErrImageNeverPull, InvalidImageName, RunContainerError, PostStartHookError…), cleared by the caller when it starts. */
  readonly reasons: ReadonlyMap<string, WaitingReason>;
  /** Prober results by container instance ID: started (startup probe passed or none) and ready (readiness result). */
  readonly probes: { started(containerId: string): boolean; ready(containerId: string): boolean };
  /** The kubelet is shutting this pod down for good (deleted, active deadline, evicted…): terminal-phase rules of getPhase apply. */
  readonly podIsTerminal: boolean;
  readonly hostIP: string;
  /** When the kubelet first admitted the pod (status.startTime). */
  readonly startTimeMs: number;
  readonly nowMs: number;
  /** Formats virtual ms as the API's RFC3339 timestamp (seconds precision), e.g. clock.timestamp(ms). */
  readonly timestamp: (ms: number) => string;
  /** Forced outcome (activeDeadlineSeconds → Failed/DeadlineExceeded "Pod was active on the node longer than the specified deadline"; node-level admission rejection → Failed with reason e.g. OutOfcpu; kubelet eviction/shutdown). */
  readonly override?: { readonly phase: 'Failed' | 'Succeeded'; readonly reason?: string; readonly message?: string };
  /**
   * Optional: the DisruptionTarget condition the kubelet adds when it evicts or shuts the pod
   * down (reason TerminationByKubelet). Written together with the terminal phase, like the
   * status manager does; ignored while the phase is not terminal.
   */
  readonly disruption?: { readonly reason: string; readonly message: string };
}

export function generatePodStatus(input: PodStatusInput): Record<string, unknown> {
  const { pod, runtime } = input;
  const old: Record<string, any> = pod.status ?? {};
  const ctx: ConvertContext = { pod, runtime, reasons: input.reasons, timestamp: input.timestamp };

  const initSpecs = initContainerSpecs(pod);
  const regularSpecs = regularContainerSpecs(pod);
  const ephemeralSpecs = ephemeralContainerSpecs(pod);
  const init = convertContainerStatuses(ctx, initSpecs, old.initContainerStatuses, 'init');
  const regular = convertContainerStatuses(ctx, regularSpecs, old.containerStatuses, 'regular');
  const ephemeral = convertContainerStatuses(ctx, ephemeralSpecs, old.ephemeralContainerStatuses, 'ephemeral');
  // Probe results are applied before the phase (the kubelet applies them right after, and the
  // next sync sees them): a sidecar that just started lets the pod leave Pending in this pass.
  applyProbes(init, initSpecs, 'init', input.probes);
  applyProbes(regular, regularSpecs, 'regular', input.probes);
  const all = [...init, ...regular];

  const oldPhase = old.phase as PodPhase | undefined;
  let phase = getPhase({
    pod,
    statuses: [...regular, ...init],
    podIsTerminal: input.podIsTerminal,
    podHasInitialized: podHasInitialized(pod, runtime),
  });
  // Pods never leave a terminal phase (not even for the other terminal phase).
  if (isTerminalPhase(oldPhase)) phase = oldPhase;
  // The reason and message belong to the phase: they stay while it does.
  let reason: string | undefined = phase === oldPhase ? old.reason : undefined;
  let message: string | undefined = phase === oldPhase ? old.message : undefined;
  // A pod already terminal is past any forced outcome.
  if (input.override && !isTerminalPhase(oldPhase)) {
    phase = input.override.phase;
    reason = input.override.reason;
    message = input.override.message;
  }

  // Status manager merge: the terminal phase is held back while containers may still run.
  let finalPhase = phase;
  if (isTerminalPhase(phase) && !isTerminalPhase(oldPhase) && runtime.containers.some((c) => c.state === 'running')) {
    finalPhase = oldPhase ?? 'Pending';
    reason = old.reason;
    message = old.message;
  }

  const now = input.timestamp(input.nowMs);
  const disruption: PodCondition | undefined =
    input.disruption && isTerminalPhase(finalPhase) && !isTerminalPhase(oldPhase)
      ? { type: 'DisruptionTarget', status: 'True', reason: input.disruption.reason, message: input.disruption.message }
      : undefined;
  let conditions = generateConditions({ pod, runtime, statuses: all, phase, disruption });
  conditions = forceUnreadyWhenTerminal(conditions, finalPhase);
  conditions = withTransitionTimes(conditions, old.conditions ?? [], now);

  const podIPs = podIPsFor(input, old);
  const startTime = old.startTime ?? input.timestamp(input.startTimeMs);
  const qosClass = old.qosClass ?? podQosClass(pod);
  // A running pod's usual status as one literal: keys added one by one would put seven of them in
  // a separate property array (~30 B more for every status the API server keeps).
  const usual = podIPs.length === 1 && init.length === 0 && regular.length > 0 && ephemeral.length === 0;
  if (usual && !message && !reason && !old.resourceClaimStatuses) {
    return {
      phase: finalPhase,
      conditions,
      hostIP: input.hostIP,
      hostIPs: hostIPsOf(input.hostIP),
      podIP: podIPs[0],
      podIPs: podIPs.map((ip) => ({ ip })),
      startTime,
      containerStatuses: regular.map(orderedContainerStatus),
      qosClass,
    };
  }
  const status: Record<string, unknown> = { phase: finalPhase, conditions };
  if (message) status.message = message;
  if (reason) status.reason = reason;
  status.hostIP = input.hostIP;
  status.hostIPs = hostIPsOf(input.hostIP);
  if (podIPs.length > 0) {
    status.podIP = podIPs[0];
    status.podIPs = podIPs.map((ip) => ({ ip }));
  }
  status.startTime = startTime;
  if (init.length > 0) status.initContainerStatuses = init.map(orderedContainerStatus);
  if (regular.length > 0) status.containerStatuses = regular.map(orderedContainerStatus);
  status.qosClass = qosClass;
  if (ephemeral.length > 0) status.ephemeralContainerStatuses = ephemeral.map(orderedContainerStatus);
  // Not the kubelet's: kept as the API has it.
  if (old.resourceClaimStatuses) status.resourceClaimStatuses = old.resourceClaimStatuses;
  return status;
}

/**
 * Pod IPs come from the newest sandbox while it is ready. When no sandbox is ready any more
 * (the pod stopped) the previous IPs are kept, as PLEG's cache does, so finished pods still show
 * their IP. Host-network pods use the node's IP.
 */
function podIPsFor(input: PodStatusInput, old: Record<string, any>): string[] {
  const { runtime, pod } = input;
  let ips: string[] = [];
  const newest = runtime.sandboxes.length > 0 ? newestSandbox(runtime) : undefined;
  if (newest?.ready && newest.ip) ips = [newest.ip];
  else if (!runtime.sandboxes.some((s) => s.ready)) {
    ips = ((old.podIPs ?? []) as { ip: string }[]).map((p) => p.ip);
    if (ips.length === 0 && old.podIP) ips = [old.podIP];
  }
  if (ips.length === 0 && pod.spec?.hostNetwork) ips = [input.hostIP];
  return ips;
}

export { podStatusChanged } from './changed';
export { isRestartableInitContainer, podHasInitialized } from './helpers';
export type { ApiContainerStatus, PodCondition, PodPhase };
