// The taints the node lifecycle controller owns, and the writes that add and remove them
// (controller_utils SwapNodeControllerTaint, AddOrUpdateTaintOnNode, RemoveTaintOffNode).
//
// NoSchedule taints mirror node conditions and spec.unschedulable (doNoScheduleTaintingPass, on
// every Node add/update, no rate limit). NoExecute taints (not-ready / unreachable) are added by
// the rate-limited zone queues and removed when the node is Ready again. Only the keys listed here
// are ever touched; every other taint on a node is left as it is. An added taint gets timeAdded.

import type { Condition, KObject, Taint } from '../../../k8s/types';
import type { ApiServer } from '../../api/apiserver';
import { isApiError } from '../../api/errors';
import { nodeKind } from '../../api/kinds';

export const TAINT_NOT_READY = 'node.kubernetes.io/not-ready';
export const TAINT_UNREACHABLE = 'node.kubernetes.io/unreachable';
export const TAINT_UNSCHEDULABLE = 'node.kubernetes.io/unschedulable';
export const TAINT_MEMORY_PRESSURE = 'node.kubernetes.io/memory-pressure';
export const TAINT_DISK_PRESSURE = 'node.kubernetes.io/disk-pressure';
export const TAINT_NETWORK_UNAVAILABLE = 'node.kubernetes.io/network-unavailable';
export const TAINT_PID_PRESSURE = 'node.kubernetes.io/pid-pressure';

export const NOT_READY_NO_EXECUTE: Readonly<Taint> = Object.freeze({ key: TAINT_NOT_READY, effect: 'NoExecute' });
export const UNREACHABLE_NO_EXECUTE: Readonly<Taint> = Object.freeze({ key: TAINT_UNREACHABLE, effect: 'NoExecute' });

/** nodeConditionToTaintKeyStatusMap: condition type → status → NoSchedule taint key. */
const CONDITION_TAINTS: Readonly<Record<string, Readonly<Partial<Record<Condition['status'], string>>>>> = {
  Ready: { False: TAINT_NOT_READY, Unknown: TAINT_UNREACHABLE },
  MemoryPressure: { True: TAINT_MEMORY_PRESSURE },
  DiskPressure: { True: TAINT_DISK_PRESSURE },
  NetworkUnavailable: { True: TAINT_NETWORK_UNAVAILABLE },
  PIDPressure: { True: TAINT_PID_PRESSURE },
};

/** The NoSchedule taint keys the controller manages (taintKeyToNodeConditionMap + unschedulable). */
const MANAGED_NO_SCHEDULE_KEYS: ReadonlySet<string> = new Set([
  TAINT_NOT_READY,
  TAINT_UNREACHABLE,
  TAINT_MEMORY_PRESSURE,
  TAINT_DISK_PRESSURE,
  TAINT_NETWORK_UNAVAILABLE,
  TAINT_PID_PRESSURE,
  TAINT_UNSCHEDULABLE,
]);

/** Retries of a conflicting taint write (retry.DefaultBackoff's 5 steps; no sleep on our clock). */
const TAINT_UPDATE_ATTEMPTS = 5;

/** Same key and effect (Taint.MatchTaint). */
export function matchTaint(a: Pick<Taint, 'key' | 'effect'>, b: Pick<Taint, 'key' | 'effect'>): boolean {
  return a.key === b.key && a.effect === b.effect;
}

export function taintExists(taints: readonly Taint[] | undefined, template: Pick<Taint, 'key' | 'effect'>): boolean {
  if (!taints) return false;
  for (const t of taints) if (matchTaint(t, template)) return true;
  return false;
}

function taintsOf(node: KObject): readonly Taint[] | undefined {
  const taints = node.spec?.taints;
  return Array.isArray(taints) && taints.length > 0 ? (taints as Taint[]) : undefined;
}

/** The NoSchedule taints the node's conditions and spec.unschedulable call for, in condition order. */
export function desiredNoScheduleTaints(node: KObject): Taint[] {
  const out: Taint[] = [];
  const conditions: Condition[] = node.status?.conditions ?? [];
  for (const c of conditions) {
    const key = CONDITION_TAINTS[c.type]?.[c.status];
    if (key) out.push({ key, effect: 'NoSchedule' });
  }
  if (node.spec?.unschedulable === true) out.push({ key: TAINT_UNSCHEDULABLE, effect: 'NoSchedule' });
  return out;
}

/** What doNoScheduleTaintingPass would change: taints to add and to remove (TaintSetDiff). */
export function noScheduleTaintDiff(node: KObject): { add: Taint[]; remove: Taint[] } {
  const desired = desiredNoScheduleTaints(node);
  const existing = (taintsOf(node) ?? []).filter((t) => t.effect === 'NoSchedule' && MANAGED_NO_SCHEDULE_KEYS.has(t.key));
  const add = desired.filter((d) => !existing.some((e) => matchTaint(d, e)));
  const remove = existing.filter((e) => !desired.some((d) => matchTaint(d, e)));
  return { add, remove };
}

function sameTaint(a: Taint, b: Taint): boolean {
  return a.key === b.key && a.effect === b.effect && (a.value ?? '') === (b.value ?? '') && a.timeAdded === b.timeAdded;
}

function withTaints(node: KObject, taints: Taint[]): KObject {
  const spec = { ...node.spec };
  if (taints.length > 0) spec.taints = taints;
  else delete spec.taints;
  return { ...node, spec };
}

/**
 * Writes `change(fresh node)` (undefined: nothing to write), re-reading the node on a conflict.
 * A node that is gone counts as an error, as in upstream.
 */
function updateNodeTaints(api: ApiServer, nodeName: string, change: (node: KObject) => Taint[] | undefined): void {
  for (let attempt = 1; ; attempt++) {
    const node = api.get(nodeKind, undefined, nodeName);
    const taints = change(node);
    if (!taints) return;
    try {
      api.update(withTaints(node, taints));
      return;
    } catch (e) {
      if (!isApiError(e, 'Conflict') || attempt >= TAINT_UPDATE_ATTEMPTS) throw e;
    }
  }
}

/** AddOrUpdateTaintOnNode: adds the taints (or replaces ones with the same key and effect). */
export function addOrUpdateTaintsOnNode(api: ApiServer, nodeName: string, taints: readonly Taint[]): void {
  if (taints.length === 0) return;
  updateNodeTaints(api, nodeName, (node) => {
    const current = [...(taintsOf(node) ?? [])];
    let changed = false;
    for (const taint of taints) {
      const i = current.findIndex((t) => matchTaint(t, taint));
      if (i < 0) current.push(taint);
      else if (!sameTaint(current[i], taint)) current[i] = taint;
      else continue;
      changed = true;
    }
    return changed ? current : undefined;
  });
}

/**
 * RemoveTaintOffNode: removes the taints matching any of `taints` (key and effect). When the cached
 * `node` carries none of them nothing is read or written.
 */
export function removeTaintsOffNode(api: ApiServer, nodeName: string, node: KObject | undefined, taints: readonly Taint[]): void {
  if (taints.length === 0) return;
  if (node && !taints.some((t) => taintExists(taintsOf(node), t))) return;
  updateNodeTaints(api, nodeName, (fresh) => {
    const current = taintsOf(fresh) ?? [];
    const kept = current.filter((t) => !taints.some((r) => matchTaint(t, r)));
    return kept.length === current.length ? undefined : kept;
  });
}

/**
 * SwapNodeControllerTaint: adds `add` (stamped timeAdded = now), then removes `remove` — two
 * writes, as upstream makes them. Returns false if a write failed with an API error.
 */
export function swapNodeControllerTaint(
  api: ApiServer,
  node: KObject,
  add: readonly Pick<Taint, 'key' | 'effect'>[],
  remove: readonly Pick<Taint, 'key' | 'effect'>[],
): boolean {
  const now = api.timestamp();
  const name = node.metadata.name!;
  try {
    addOrUpdateTaintsOnNode(
      api,
      name,
      add.map((t) => ({ key: t.key, effect: t.effect, timeAdded: now })),
    );
    removeTaintsOffNode(api, name, node, remove as Taint[]);
    return true;
  } catch (e) {
    if (isApiError(e)) return false;
    throw e;
  }
}
