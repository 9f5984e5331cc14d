// tryUpdateNodeHealth: what the node lifecycle controller remembers about each node's heartbeats
// and how it decides that a node went silent.
//
// Per node it keeps probeTimestamp (controller-local time of the last heartbeat it noticed: a new
// Ready lastHeartbeatTime from the kubelet's status, or a later Lease renewTime) and
// readyTransitionTimestamp. When a node has been silent for longer than its grace period (the
// startup grace while it never posted a Ready condition, the monitor grace afterwards), its Ready,
// MemoryPressure, DiskPressure and PIDPressure conditions are set to Unknown — NetworkUnavailable
// is left alone — and the node is written back with UpdateStatus if Ready changed.

import type { Condition, KObject } from '../../../k8s/types';

export const REASON_NODE_STATUS_UNKNOWN = 'NodeStatusUnknown';
export const MESSAGE_NODE_STATUS_UNKNOWN = 'Kubelet stopped posting node status.';
export const REASON_NODE_STATUS_NEVER_UPDATED = 'NodeStatusNeverUpdated';
export const MESSAGE_NODE_STATUS_NEVER_UPDATED = 'Kubelet never posted node status.';

/** The conditions the controller turns Unknown for a silent node, in this order. */
export const UNKNOWN_CONDITION_TYPES: readonly string[] = ['Ready', 'MemoryPressure', 'DiskPressure', 'PIDPressure'];

/** nodeHealthData. Times are virtual ms. */
export interface NodeHealth {
  probeTimestamp: number;
  readyTransitionTimestamp: number;
  /** The Ready condition of the status saved last (undefined: that status had none). */
  savedReady: Condition | undefined;
  /** The Lease seen last (objects are immutable: a new renewal is a new object). */
  lease: KObject | undefined;
}

export interface HealthCheckContext {
  nowMs: number;
  /** metav1.Now as written into conditions. */
  nowTimestamp: string;
  monitorGracePeriodMs: number;
  startupGracePeriodMs: number;
  /** metav1.Time → virtual ms (for creationTimestamp). */
  parseTime(ts: string): number;
}

export interface HealthCheck {
  health: NodeHealth;
  gracePeriodMs: number;
  /** Ready as it was read at the start of the check (a fake Unknown one when the node has none). */
  observed: Condition;
  /** Ready after the check (undefined when the node has none and is within its grace). */
  current: Condition | undefined;
  /** The node with its conditions set to Unknown, to be written with UpdateStatus. */
  update?: KObject;
}

export function nodeCondition(node: KObject, type: string): Condition | undefined {
  const conditions: Condition[] | undefined = node.status?.conditions;
  if (!conditions) return undefined;
  for (let i = 0; i < conditions.length; i++) if (conditions[i].type === type) return conditions[i];
  return undefined;
}

/** MicroTime.Before for renewTime strings (false when either is missing). */
export function renewedBefore(saved: KObject, observed: KObject): boolean {
  return renewTimeBefore(saved.spec?.renewTime, observed.spec?.renewTime);
}

/** renewedBefore for the two Leases' renewTime values. */
export function renewTimeBefore(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  // RFC 3339 strings of one layout compare like the instants they name.
  if (a.length === b.length && a.endsWith('Z') && b.endsWith('Z')) return a < b;
  return Date.parse(a) < Date.parse(b);
}

export function sameCondition(a: Condition | undefined, b: Condition | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return (
    a.type === b.type &&
    a.status === b.status &&
    (a.reason ?? '') === (b.reason ?? '') &&
    (a.message ?? '') === (b.message ?? '') &&
    (a.lastHeartbeatTime ?? '') === (b.lastHeartbeatTime ?? '') &&
    (a.lastTransitionTime ?? '') === (b.lastTransitionTime ?? '') &&
    (a.lastProbeTime ?? '') === (b.lastProbeTime ?? '')
  );
}

/** The node's conditions with the silent-node ones set to Unknown (a new array; the node is untouched). */
export function unknownConditions(node: KObject, nowTimestamp: string): Condition[] {
  const conditions: Condition[] = [...(node.status?.conditions ?? [])];
  const created = node.metadata.creationTimestamp;
  for (const type of UNKNOWN_CONDITION_TYPES) {
    const i = conditions.findIndex((c) => c.type === type);
    if (i < 0) {
      conditions.push({
        type,
        status: 'Unknown',
        lastHeartbeatTime: created,
        lastTransitionTime: nowTimestamp,
        reason: REASON_NODE_STATUS_NEVER_UPDATED,
        message: MESSAGE_NODE_STATUS_NEVER_UPDATED,
      });
    } else if (conditions[i].status !== 'Unknown') {
      conditions[i] = {
        ...conditions[i],
        status: 'Unknown',
        reason: REASON_NODE_STATUS_UNKNOWN,
        message: MESSAGE_NODE_STATUS_UNKNOWN,
        lastTransitionTime: nowTimestamp,
      };
    }
  }
  return conditions;
}

/**
 * One health check of `node` against its saved `health` (undefined on first sight) and its Lease.
 * Mutates and returns the health record; the caller writes `update` when there is one and then
 * calls afterStatusWritten.
 */
export function tryUpdateNodeHealth(
  node: KObject,
  lease: KObject | undefined,
  previous: NodeHealth | undefined,
  ctx: HealthCheckContext,
): HealthCheck {
  const now = ctx.nowMs;
  let health = previous;
  const current = nodeCondition(node, 'Ready');
  let observed: Condition;
  let gracePeriodMs: number;
  let savedReady: Condition | undefined;
  if (!current) {
    // Never posted: pretend an Unknown Ready condition from the node's creation.
    const created = node.metadata.creationTimestamp;
    observed = { type: 'Ready', status: 'Unknown', lastHeartbeatTime: created, lastTransitionTime: created };
    gracePeriodMs = ctx.startupGracePeriodMs;
    if (health) {
      health.savedReady = undefined;
    } else {
      const createdMs = created ? ctx.parseTime(created) : now;
      health = { probeTimestamp: createdMs, readyTransitionTimestamp: createdMs, savedReady: undefined, lease: undefined };
    }
    savedReady = undefined;
  } else {
    observed = current;
    gracePeriodMs = ctx.monitorGracePeriodMs;
    savedReady = health?.savedReady;
  }

  const savedLease = health?.lease;
  if (!health) {
    health = { probeTimestamp: now, readyTransitionTimestamp: now, savedReady: current, lease: undefined };
  } else if (current && savedReady === undefined) {
    health = { probeTimestamp: now, readyTransitionTimestamp: now, savedReady: current, lease: undefined };
  } else if (current && savedReady && current !== savedReady && savedReady.lastHeartbeatTime !== current.lastHeartbeatTime) {
    const transition = savedReady.lastTransitionTime !== current.lastTransitionTime ? now : health.readyTransitionTimestamp;
    // A fresh record, without the saved lease (as upstream): the check below compares against
    // the lease saved before.
    health = { probeTimestamp: now, readyTransitionTimestamp: transition, savedReady: current, lease: undefined };
  }

  // A renewed Lease always counts (a kubelet that renews but never posts status looks healthy).
  if (lease && lease !== savedLease && (!savedLease || renewedBefore(savedLease, lease))) {
    health.lease = lease;
    health.probeTimestamp = now;
  }

  if (now > health.probeTimestamp + gracePeriodMs) {
    // Already all Unknown (every pass while a node stays silent): nothing would change.
    if (UNKNOWN_CONDITION_TYPES.every((type) => nodeCondition(node, type)?.status === 'Unknown')) {
      return { health, gracePeriodMs, observed, current };
    }
    const conditions = unknownConditions(node, ctx.nowTimestamp);
    const after = conditions.find((c) => c.type === 'Ready');
    if (!sameCondition(after, observed)) {
      return {
        health,
        gracePeriodMs,
        observed,
        current: after,
        update: { ...node, status: { ...node.status, conditions } },
      };
    }
    return { health, gracePeriodMs, observed, current: after };
  }
  return { health, gracePeriodMs, observed, current };
}

/** The record after the Unknown status was written: that status is saved, the transition is now. */
export function afterStatusWritten(health: NodeHealth, written: KObject, lease: KObject | undefined, nowMs: number): NodeHealth {
  return {
    probeTimestamp: health.probeTimestamp,
    readyTransitionTimestamp: nowMs,
    savedReady: nodeCondition(written, 'Ready'),
    lease,
  };
}
