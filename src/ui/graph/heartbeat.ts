// heartbeat: what a node card says about a node the control plane may be losing, from the first
// second on. The kubelet renews its Lease every 10 s; the node lifecycle controller marks Ready
// Unknown once node-monitor-grace-period passed without a renewal (checked every
// node-monitor-period), then taints the node NoExecute (unreachable / not-ready) at the zone's
// eviction rate, and the taint eviction controller deletes each pod when its tolerationSeconds on
// that taint run out. Everything is read from mirrored objects and the playground's machine states;
// the arithmetic is the rules', named next to each line.

import type { KObject } from '../../k8s/types';
import type { MachineInfo } from '../../protocol/messages';
import { evictionCountdowns, formatCountdown, NOT_READY_TAINT, UNREACHABLE_TAINT } from '../controlplane/timers';
import { readyStatus } from '../controlplane/zones';
import { humanDuration } from '../../k8s/duration';
import { LEASE_RENEW_MS, NODE_MONITOR_GRACE_MS, timestampMs as time } from '../controlplane/heartbeats';

/** --node-monitor-period: how often the controller looks. */
export const NODE_MONITOR_PERIOD_MS = 5_000;

/** The key of a node's Lease in the store's mirror. */
export const leaseKey = (node: string) => `Lease/kube-node-lease/${node}`;

/** What lies ahead for a node in trouble: the taint it gets (or has) and when its pods go. */
export interface NodeOutlook {
  /** Ready condition status: True, False, Unknown, or '' when missing. */
  ready: string;
  /** Unix ms the Ready condition last changed. */
  readySinceMs?: number;
  /** The machine is powered off or cut off: no heartbeats reach the API. */
  silent: boolean;
  /** The NoExecute taint the node lifecycle controller adds (or added). */
  taintKey: string;
  /** Unix ms the taint was added, when it is there. */
  taintAddedMs?: number;
  /** The first pod eviction after the taint, ms (smallest tolerationSeconds); undefined when none is evicted. */
  evictAfterMs?: number;
  /** Names the rule of that first eviction. */
  evictRule?: string;
  /** Pods with an eviction ahead (tolerating the taint for a while, or not at all). */
  evictable: number;
  /** Pods bound to the node and not terminated. */
  pods: number;
}

/**
 * The outlook of a node, or undefined for a healthy one (Ready and its machine running and
 * reachable). `pods` are the pods bound to it. O(its pods).
 */
export function nodeOutlook(node: KObject, pods: readonly KObject[], machine: MachineInfo | undefined): NodeOutlook | undefined {
  const ready = readyStatus(node) ?? '';
  const silent = !!machine && (!machine.running || !machine.reachable);
  if (ready === 'True' && !silent) return undefined;
  const taintKey = ready === 'False' ? NOT_READY_TAINT : UNREACHABLE_TAINT;
  const taints = (node.spec?.taints ?? []) as { key: string; effect: string; timeAdded?: string }[];
  const taint = taints.find((t) => t.effect === 'NoExecute' && (t.key === UNREACHABLE_TAINT || t.key === NOT_READY_TAINT));
  const conditions = (node.status?.conditions ?? []) as { type: string; lastTransitionTime?: string }[];
  // the taint as it is, or as it will be (added at 0: the countdowns are then offsets)
  const key = taint?.key ?? taintKey;
  const probe = { ...node, spec: { ...node.spec, taints: [{ key, effect: 'NoExecute', timeAdded: new Date(0).toISOString() }] } };
  const name = node.metadata.name ?? '';
  const countdowns = evictionCountdowns(pods, [probe as KObject], 0).filter((c) => c.node === name);
  const active = pods.filter(
    (p) => !p.metadata.deletionTimestamp && p.status?.phase !== 'Succeeded' && p.status?.phase !== 'Failed',
  );
  const untolerated = active.filter(
    (p) =>
      !((p.spec?.tolerations ?? []) as { key?: string; operator?: string; effect?: string }[]).some(
        (t) => (!t.effect || t.effect === 'NoExecute') && (t.key === key || (!t.key && t.operator === 'Exists')),
      ),
  ).length;
  const first = countdowns[0];
  const outlook: NodeOutlook = {
    ready,
    silent,
    taintKey: key,
    evictable: countdowns.length + untolerated,
    pods: active.length,
  };
  const since = time(conditions.find((c) => c.type === 'Ready')?.lastTransitionTime);
  if (since !== undefined) outlook.readySinceMs = since;
  if (taint) outlook.taintAddedMs = time(taint.timeAdded);
  if (untolerated > 0) {
    outlook.evictAfterMs = 0;
    outlook.evictRule = `no toleration of ${key}`;
  } else if (first) {
    outlook.evictAfterMs = first.atMs;
    outlook.evictRule = first.rule;
  }
  return outlook;
}

/** One line of a card's explanation: what, and the rule with its number (the card prints both). */
export interface TimelineLine {
  text: string;
  rule: string;
  tone: 'muted' | 'warn' | 'bad';
}

/** `node.kubernetes.io/unreachable` → `unreachable`: the card is narrow. */
const shortTaint = (key: string) => key.replace('node.kubernetes.io/', '');

/**
 * The card's lines at `nowMs`: the last heartbeat, then the next two steps — Ready Unknown after
 * the grace period, the NoExecute taint, the first eviction — each with its countdown and rule.
 */
export function timelineLines(
  heartbeatMs: number | undefined,
  outlook: NodeOutlook | undefined,
  nowMs: number,
  graceMs = NODE_MONITOR_GRACE_MS,
): TimelineLine[] {
  const lines: TimelineLine[] = [];
  const ago = heartbeatMs === undefined ? undefined : Math.max(0, nowMs - heartbeatMs);
  const stale = ago !== undefined && ago > LEASE_RENEW_MS + NODE_MONITOR_PERIOD_MS;
  lines.push({
    text: ago === undefined ? 'no heartbeat yet' : `heartbeat ${humanDuration(ago)} ago`,
    rule: 'the kubelet renews its Lease every 10s',
    tone: outlook?.silent || stale ? 'warn' : 'muted',
  });
  if (!outlook) return lines;
  const taint = shortTaint(outlook.taintKey);
  if (outlook.ready === 'True') {
    // still Ready: the controller has not noticed yet
    const unknownAt = heartbeatMs === undefined ? undefined : heartbeatMs + graceMs;
    lines.push({
      text:
        unknownAt === undefined || unknownAt <= nowMs
          ? 'Unknown at the next check (every 5s)'
          : `Unknown in ${formatCountdown(unknownAt - nowMs)}`,
      rule: `node-monitor-grace-period ${humanDuration(graceMs)}`,
      tone: 'warn',
    });
    lines.push(evictionLine(outlook, undefined, nowMs, unknownAt));
    return lines;
  }
  if (outlook.taintAddedMs === undefined) {
    lines.push({ text: `${taint}:NoExecute taint next`, rule: 'node-eviction-rate 0.1 nodes/s', tone: 'bad' });
    lines.push(evictionLine(outlook, undefined, nowMs, undefined));
    return lines;
  }
  lines.push({
    text: `tainted ${taint} ${humanDuration(Math.max(0, nowMs - outlook.taintAddedMs))} ago`,
    rule: 'NoExecute, by the node controller',
    tone: 'bad',
  });
  lines.push(evictionLine(outlook, outlook.taintAddedMs, nowMs, undefined));
  return lines;
}

/** The first eviction: a countdown once the taint's time is known (or predicted), else its delay after the taint. */
function evictionLine(
  outlook: NodeOutlook,
  taintAddedMs: number | undefined,
  nowMs: number,
  predictedTaintMs: number | undefined,
): TimelineLine {
  if (outlook.evictAfterMs === undefined) {
    return outlook.evictable === 0 && outlook.pods === 0
      ? { text: 'no pods to evict', rule: 'taint-based eviction', tone: 'muted' }
      : { text: 'no pod is evicted', rule: 'tolerated without tolerationSeconds', tone: 'muted' };
  }
  const rule = outlook.evictRule!.replace('node.kubernetes.io/', '');
  const pods = `${outlook.evictable} ${outlook.evictable === 1 ? 'pod' : 'pods'}`;
  const base = taintAddedMs ?? predictedTaintMs;
  if (base === undefined) return { text: `${pods} evicted ${humanDuration(outlook.evictAfterMs)} after it`, rule, tone: 'warn' };
  const at = base + outlook.evictAfterMs;
  const when = at <= nowMs ? 'now' : `in ${formatCountdown(at - nowMs)}`;
  return taintAddedMs === undefined
    ? { text: `then ${pods} evicted ≈ ${when}`, rule, tone: 'warn' }
    : { text: `${pods} evicted ${when}`, rule, tone: 'bad' };
}
