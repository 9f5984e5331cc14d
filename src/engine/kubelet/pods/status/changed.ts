// podStatusChanged: the status manager's isPodStatusByKubeletEqual, inverted. Conditions count
// only for the types the kubelet owns or shares (DisruptionTarget), and only by status, reason
// and message — their order and transition/probe times are noise. Everything else must match.

import { isKubeletOwnedCondition } from './conditions';
import type { PodCondition } from './types';

/** Whether two statuses differ in anything but heartbeat-like noise (the caller writes only when true). */
export function podStatusChanged(oldStatus: unknown, newStatus: unknown): boolean {
  if (!isObject(oldStatus) || !isObject(newStatus)) return !deepEqual(oldStatus, newStatus);
  const oldConditions = (oldStatus.conditions ?? []) as PodCondition[];
  for (const c of (newStatus.conditions ?? []) as PodCondition[]) {
    if (!isKubeletOwnedCondition(c.type) && c.type !== 'DisruptionTarget') continue;
    const o = oldConditions.find((x) => x.type === c.type);
    if (!o || o.status !== c.status || (o.reason ?? '') !== (c.reason ?? '') || (o.message ?? '') !== (c.message ?? ''))
      return true;
  }
  const { conditions: _a, ...oldRest } = oldStatus;
  const { conditions: _b, ...newRest } = newStatus;
  return !deepEqual(oldRest, newRest);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Structural equality; a key holding `undefined` counts as absent, key order does not matter. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => deepEqual(x, b[i]));
  }
  if (!isObject(a) || !isObject(b)) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) if (!deepEqual(a[k], b[k])) return false;
  return true;
}
