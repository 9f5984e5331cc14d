// DaemonSet status (daemon_controller.go updateDaemonSetStatus / storeDaemonSetStatus): per node
// that should run a pod, its oldest pod (scheduled first, then creation time) decides ready,
// available (Ready for minReadySeconds) and updated (current hash or template generation); a
// node that should not run one but has a pod is misscheduled. numberUnavailable = desired −
// available. Each node's share is node-states.ts nodeEntry's; written only when a counter
// changed or observedGeneration is behind.

import type { KObject } from '../../../k8s/types';
import { nodeEntry, zeroCounts } from './node-states';

export interface DaemonSetCounts {
  currentNumberScheduled: number;
  numberMisscheduled: number;
  desiredNumberScheduled: number;
  numberReady: number;
  updatedNumberScheduled: number;
  numberAvailable: number;
  numberUnavailable: number;
}

export interface StatusInput {
  ds: KObject;
  nodes: readonly KObject[];
  /** The DaemonSet's pods by target node. */
  podsByNode: ReadonlyMap<string, readonly KObject[]>;
  hash: string;
  nowUnixMs: number;
}

/** The counters of updateDaemonSetStatus over every node at once (the sum of the node shares). */
export function daemonSetStatus({ ds, nodes, podsByNode, hash, nowUnixMs }: StatusInput): DaemonSetCounts {
  const total = zeroCounts();
  for (const node of nodes) {
    const { share } = nodeEntry(ds, node, [...(podsByNode.get(node.metadata.name ?? '') ?? [])], hash, nowUnixMs);
    for (const k of Object.keys(total) as (keyof DaemonSetCounts)[]) total[k] += share[k];
  }
  return total;
}

/** storeDaemonSetStatus's early return: every counter equal and observedGeneration current. */
export function statusUnchanged(ds: KObject, c: DaemonSetCounts): boolean {
  const s = (ds.status ?? {}) as Record<string, unknown>;
  for (const k of Object.keys(c) as (keyof DaemonSetCounts)[]) if (((s[k] as number | undefined) ?? 0) !== c[k]) return false;
  return ((s.observedGeneration as number | undefined) ?? 0) >= (ds.metadata.generation ?? 0);
}

/** DaemonSetStatus in its JSON field order, zero omitempty counters left out. */
export function orderDaemonSetStatus(s: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of ['currentNumberScheduled', 'numberMisscheduled', 'desiredNumberScheduled', 'numberReady']) out[k] = s[k] ?? 0;
  for (const k of ['observedGeneration', 'updatedNumberScheduled', 'numberAvailable', 'numberUnavailable', 'collisionCount']) {
    if (s[k] !== undefined && s[k] !== 0) out[k] = s[k];
  }
  if (s.collisionCount === 0) out.collisionCount = 0;
  if (Array.isArray(s.conditions) && s.conditions.length > 0) out.conditions = s.conditions;
  return out;
}
