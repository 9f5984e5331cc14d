// Pieces of a pod status that many pods — or one pod's successive statuses — repeat, handed out
// as one frozen object each instead of a fresh copy per write: the node's host IPs, an empty
// state, a running state started in the same second, the conditions pods reach together. Stored
// statuses are frozen and never edited, so sharing them changes nothing but the heap (and the
// API's freezing skips what is already frozen).

import { Interner } from '../../../runtime/string-interner';
import type { ContainerState, PodCondition } from './types';

const EMPTY = Object.freeze({});

/** `{}`: an empty lastState, the resources of a container that sets none. */
export function emptyObject<T extends object>(): T {
  return EMPTY as T;
}

const hostIPLists = new Interner<readonly { ip: string }[]>();

/** status.hostIPs of a pod on the node with this IP. */
export function hostIPsOf(ip: string): { ip: string }[] {
  return hostIPLists.getOrAdd(ip, () => Object.freeze([Object.freeze({ ip })])) as { ip: string }[];
}

const runningStates = new Interner<ContainerState>();

/** `{ running: { startedAt } }`. */
export function runningState(startedAt: string | null): ContainerState {
  const key = startedAt ?? '';
  return runningStates.getOrAdd(key, () => Object.freeze({ running: Object.freeze({ startedAt }) }));
}

const conditions = new Interner<PodCondition>();

/**
 * A condition as the kubelet writes it — type, status, lastProbeTime, lastTransitionTime, then
 * reason and message when set (keys in that order) — shared with every equal one.
 */
export function sharedCondition(c: PodCondition): PodCondition {
  const probe = c.lastProbeTime === null ? '\u0001' : String(c.lastProbeTime);
  const key = [c.type, c.status, probe, c.lastTransitionTime, c.reason ?? '', c.message ?? ''].join('\u0000');
  return conditions.getOrAdd(key, () => Object.freeze(c));
}
