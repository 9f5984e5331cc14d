// Pod conditions as the kubelet writes them (pkg/kubelet/status/generate.go, the tail of
// generateAPIPodStatus, and the status manager's updateLastTransitionTime / mergePodStatus):
// conditions owned by others are kept as the API has them, then the kubelet's own follow in the
// order PodReadyToStartContainers, Initialized, Ready, ContainersReady, PodScheduled.

import type { KObject } from '../../../../k8s/types';
import type { RuntimePod } from '../runtime-types';
import {
  goList,
  hasAnyRegularContainerStarted,
  initContainerSpecs,
  isRestartableInitContainer,
  newestSandbox,
  regularContainerSpecs,
  statusByName,
} from './helpers';
import { sharedCondition } from './shared-parts';
import type { ApiContainerStatus, PodCondition, PodPhase } from './types';

/** kubetypes.PodConditionsByKubelet (PodReadyToStartContainers' gate is on by default). */
const KUBELET_OWNED = new Set([
  'PodScheduled',
  'Ready',
  'Initialized',
  'ContainersReady',
  'PodResizeInProgress',
  'PodResizePending',
  'PodReadyToStartContainers',
]);

export function isKubeletOwnedCondition(type: string): boolean {
  return KUBELET_OWNED.has(type);
}

/** Conditions whose lastTransitionTime the status manager maintains. */
const TRANSITION_TRACKED = new Set([
  'ContainersReady',
  'Ready',
  'Initialized',
  'PodReadyToStartContainers',
  'PodScheduled',
  'DisruptionTarget',
]);

function cond(type: string, status: PodCondition['status'], reason?: string, message?: string): PodCondition {
  const c: PodCondition = { type, status };
  if (reason) c.reason = reason;
  if (message) c.message = message;
  return c;
}

/** True when the newest sandbox is the only ready one and has its network (PodSandboxChanged). */
export function readyToStartContainersCondition(pod: KObject, runtime: RuntimePod): PodCondition {
  const newest = runtime.sandboxes.length > 0 ? newestSandbox(runtime) : undefined;
  const readyCount = runtime.sandboxes.filter((s) => s.ready).length;
  const hasNetwork = !!pod.spec?.hostNetwork || !!newest?.ip;
  const ok = !!newest && newest.ready && readyCount === 1 && hasNetwork;
  return cond('PodReadyToStartContainers', ok ? 'True' : 'False');
}

export function initializedCondition(pod: KObject, statuses: readonly ApiContainerStatus[], phase: PodPhase): PodCondition {
  const unknown: string[] = [];
  const incomplete: string[] = [];
  for (const c of initContainerSpecs(pod)) {
    const s = statusByName(statuses, c.name);
    if (!s) unknown.push(c.name);
    else if (isRestartableInitContainer(c) ? !s.started : !s.ready) incomplete.push(c.name);
  }
  if (phase === 'Succeeded' && unknown.length === 0) return cond('Initialized', 'True', 'PodCompleted');
  // Once an app container ran the pod stays initialized, even while a sidecar restarts.
  if (hasAnyRegularContainerStarted(pod, statuses)) return cond('Initialized', 'True');
  const messages: string[] = [];
  if (unknown.length) messages.push(`containers with unknown status: ${goList(unknown)}`);
  if (incomplete.length) messages.push(`containers with incomplete status: ${goList(incomplete)}`);
  if (messages.length) return cond('Initialized', 'False', 'ContainersNotInitialized', messages.join(', '));
  return cond('Initialized', 'True');
}

export function containersReadyCondition(pod: KObject, statuses: readonly ApiContainerStatus[], phase: PodPhase): PodCondition {
  const unknown: string[] = [];
  const unready: string[] = [];
  const sidecars = initContainerSpecs(pod).filter(isRestartableInitContainer);
  for (const c of [...sidecars, ...regularContainerSpecs(pod)]) {
    const s = statusByName(statuses, c.name);
    if (!s) unknown.push(c.name);
    else if (!s.ready) unready.push(c.name);
  }
  if (phase === 'Succeeded' && unknown.length === 0) return cond('ContainersReady', 'False', 'PodCompleted');
  if (phase === 'Failed') return cond('ContainersReady', 'False', 'PodFailed');
  const messages: string[] = [];
  if (unknown.length) messages.push(`containers with unknown status: ${goList(unknown)}`);
  if (unready.length) messages.push(`containers with unready status: ${goList(unready)}`);
  if (messages.length) return cond('ContainersReady', 'False', 'ContainersNotReady', messages.join(', '));
  return cond('ContainersReady', 'True');
}

/** Ready = ContainersReady, then every readiness gate's condition must exist and be True. */
export function readyCondition(
  pod: KObject,
  conditions: readonly PodCondition[],
  statuses: readonly ApiContainerStatus[],
  phase: PodPhase,
): PodCondition {
  const containersReady = containersReadyCondition(pod, statuses, phase);
  if (containersReady.status !== 'True') return { ...containersReady, type: 'Ready' };
  const messages: string[] = [];
  for (const gate of (pod.spec?.readinessGates ?? []) as { conditionType: string }[]) {
    const c = conditions.find((x) => x.type === gate.conditionType);
    if (!c) messages.push(`corresponding condition of pod readiness gate "${gate.conditionType}" does not exist.`);
    else if (c.status !== 'True')
      messages.push(`the status of pod readiness gate "${gate.conditionType}" is not "True", but ${c.status}`);
  }
  if (messages.length) return cond('Ready', 'False', 'ReadinessGatesNotReady', messages.join(', '));
  return cond('Ready', 'True');
}

export interface ConditionsInput {
  readonly pod: KObject;
  readonly runtime: RuntimePod;
  /** Init and app container statuses. */
  readonly statuses: readonly ApiContainerStatus[];
  readonly phase: PodPhase;
  /** A DisruptionTarget condition to add or replace (kubelet eviction / shutdown). */
  readonly disruption?: PodCondition;
}

/** The new condition list, without transition times (see withTransitionTimes). */
export function generateConditions({ pod, runtime, statuses, phase, disruption }: ConditionsInput): PodCondition[] {
  const kept: PodCondition[] = ((pod.status?.conditions ?? []) as PodCondition[]).filter((c) => !isKubeletOwnedCondition(c.type));
  if (disruption) {
    const i = kept.findIndex((c) => c.type === 'DisruptionTarget');
    if (i >= 0) kept[i] = disruption;
    else kept.push(disruption);
  }
  const readyToStart = readyToStartContainersCondition(pod, runtime);
  const initialized = initializedCondition(pod, statuses, phase);
  const ready = readyCondition(pod, [...kept, readyToStart, initialized], statuses, phase);
  const containersReady = containersReadyCondition(pod, statuses, phase);
  return [...kept, readyToStart, initialized, ready, containersReady, cond('PodScheduled', 'True')];
}

/**
 * updateLastTransitionTime: a tracked condition keeps the old lastTransitionTime while its
 * status is unchanged, else it transitions now. Kubelet conditions carry `lastProbeTime: null`.
 * Conditions kept from the API are returned untouched.
 */
export function withTransitionTimes(
  conditions: readonly PodCondition[],
  old: readonly PodCondition[],
  now: string,
): PodCondition[] {
  return conditions.map((c) => {
    if (!TRANSITION_TRACKED.has(c.type)) return c;
    const before = old.find((o) => o.type === c.type);
    if (before === c) return c;
    const lastTransitionTime =
      before && before.status === c.status && before.lastTransitionTime ? before.lastTransitionTime : now;
    const out: PodCondition = { type: c.type, status: c.status, lastProbeTime: c.lastProbeTime ?? null, lastTransitionTime };
    if (c.reason) out.reason = c.reason;
    if (c.message) out.message = c.message;
    return sharedCondition(out);
  });
}

/**
 * mergePodStatus's guard: a terminal pod never reports Ready or ContainersReady True (#108594).
 */
export function forceUnreadyWhenTerminal(conditions: PodCondition[], phase: PodPhase): PodCondition[] {
  if (phase !== 'Succeeded' && phase !== 'Failed') return conditions;
  const anyTrue = conditions.some((c) => (c.type === 'Ready' || c.type === 'ContainersReady') && c.status === 'True');
  if (!anyTrue) return conditions;
  const reason = phase === 'Failed' ? 'PodFailed' : 'PodCompleted';
  return conditions.map((c) => (c.type === 'Ready' || c.type === 'ContainersReady' ? cond(c.type, 'False', reason) : c));
}
