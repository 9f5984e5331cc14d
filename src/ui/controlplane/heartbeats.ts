// heartbeats: the nodes the control plane has stopped hearing from but still calls Ready — the
// first ~50 s after a machine is stopped or cut off, before the node lifecycle controller marks
// it Unknown. Derived from the mirrored Lease (the kubelet renews kube-node-lease/<node> every
// 10 s), the Node's Ready condition heartbeat, and the playground's machine state, so the wait is
// on screen from the first second instead of "nothing counting down".

import type { KObject } from '../../k8s/types';
import { objectKey } from '../../protocol/delta';
import type { MachineInfo, ObjectKey } from '../../protocol/messages';
import { readyStatus } from './zones';

/**
 * kube-controller-manager's --node-monitor-grace-period default (v1.32+; 40s before): what the UI
 * assumes until the worker reports the current value (store's nodeMonitorGracePeriodMs).
 */
export const NODE_MONITOR_GRACE_MS = 50_000;
/** The kubelet renews its Lease every leaseDuration (40 s) × 0.25, with a little jitter. */
export const LEASE_RENEW_MS = 10_000;
/** A Lease older than this is overdue even with the renewal's jitter. */
const OVERDUE_MS = LEASE_RENEW_MS + 2_000;

export const NODE_LEASE_NAMESPACE = 'kube-node-lease';

export type SilenceCause = 'powered off' | 'cut off' | 'shutting down' | 'no heartbeat';

export interface SilentNode {
  key: ObjectKey;
  name: string;
  cause: SilenceCause;
  /** Unix ms of the last heartbeat the API has (Lease renewTime, or Ready's lastHeartbeatTime). */
  lastHeartbeatMs: number | undefined;
  /** Unix ms after which the node lifecycle controller marks Ready Unknown (at its next 5 s check). */
  unknownAtMs: number | undefined;
  rule: string;
}

/** A timestamp field as Unix ms; undefined when absent or unparseable. */
export const timestampMs = (ts: unknown): number | undefined => {
  if (typeof ts !== 'string' || !ts) return undefined;
  const t = Date.parse(ts);
  return Number.isNaN(t) ? undefined : t;
};

/** The newest heartbeat of a node: its Lease's renewTime or its Ready condition's lastHeartbeatTime. */
export function lastHeartbeat(node: KObject | undefined, lease: KObject | undefined): number | undefined {
  const ready = ((node?.status?.conditions ?? []) as { type: string; lastHeartbeatTime?: string }[]).find(
    (c) => c.type === 'Ready',
  );
  const beats = [timestampMs(lease?.spec?.renewTime), timestampMs(ready?.lastHeartbeatTime)].filter(
    (t): t is number => t !== undefined,
  );
  return beats.length ? Math.max(...beats) : undefined;
}

function causeOf(machine: MachineInfo | undefined): SilenceCause | undefined {
  if (!machine) return undefined;
  if (!machine.running) return 'powered off';
  if (!machine.reachable) return 'cut off';
  return undefined;
}

/**
 * Nodes still Ready whose kubelet the API server no longer hears: the machine is known to be off
 * or cut off, or the Lease is overdue. `leases`: the kube-node-lease Leases by node name.
 */
export function silentNodes(
  nodes: readonly KObject[],
  leases: ReadonlyMap<string, KObject>,
  machines: readonly MachineInfo[],
  nowMs: number,
  graceMs = NODE_MONITOR_GRACE_MS,
): SilentNode[] {
  const machineByName = new Map(machines.map((m) => [m.name, m]));
  const out: SilentNode[] = [];
  for (const node of nodes) {
    if (readyStatus(node) !== 'True') continue; // not Ready: notReadyNodes explains it
    const name = node.metadata.name ?? '';
    const beat = lastHeartbeat(node, leases.get(name));
    const overdue = beat !== undefined && nowMs - beat > OVERDUE_MS;
    const cause = causeOf(machineByName.get(name)) ?? (overdue ? 'no heartbeat' : undefined);
    if (!cause) continue;
    out.push({
      key: objectKey(node),
      name,
      cause,
      lastHeartbeatMs: beat,
      unknownAtMs: beat === undefined ? undefined : beat + graceMs,
      rule: `node-monitor-grace-period ${graceMs / 1000}s after the last heartbeat (the kubelet renews its Lease every ${LEASE_RENEW_MS / 1000}s; the node lifecycle controller checks every 5s)`,
    });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

/** The node leases among the mirrored objects, by node name. */
export function nodeLeases(leases: readonly KObject[]): Map<string, KObject> {
  const out = new Map<string, KObject>();
  for (const lease of leases) if (lease.metadata.namespace === NODE_LEASE_NAMESPACE) out.set(lease.metadata.name ?? '', lease);
  return out;
}
