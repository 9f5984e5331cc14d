// timers: the control plane's clocks made visible, derived only from mirrored API objects and the
// simulated time. Nothing here decides anything: each function reads the fields the responsible
// component wrote and does the same arithmetic that component's rule does, so the panel can say
// "evicted in 4:12" before it happens. Each rule is named next to its function.

import { formatGoDuration, parseGoDuration } from '../../k8s/duration';
import type { KObject } from '../../k8s/types';
import { objectKey } from '../../protocol/delta';
import type { ObjectKey } from '../../protocol/messages';
import { readyStatus } from './zones';

interface Taint {
  key: string;
  value?: string;
  effect: string;
  timeAdded?: string;
}

interface Toleration {
  key?: string;
  operator?: string;
  value?: string;
  effect?: string;
  tolerationSeconds?: number;
}

const time = (ts: string | undefined): number | undefined => {
  if (!ts) return undefined;
  const t = Date.parse(ts);
  return Number.isNaN(t) ? undefined : t;
};

/** `m:ss` (or `h:mm:ss`) of a countdown, rounded up so it reaches 0:00 when the time comes. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const s = total % 60;
  const m = Math.floor(total / 60) % 60;
  const h = Math.floor(total / 3600);
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

// ---- nodes -----------------------------------------------------------------------------------

export interface NotReadyNode {
  key: ObjectKey;
  name: string;
  /** Ready condition status: False, Unknown, or '' when missing. */
  status: string;
  /** ms since the Ready condition last changed (undefined without a lastTransitionTime). */
  sinceMs: number | undefined;
  /** The node's NoExecute taint set by the node lifecycle controller, if any. */
  noExecute: { key: string; addedMs: number | undefined } | undefined;
}

/** The taints the node lifecycle controller puts on a not-Ready node (doNoExecuteTaintingPass). */
export const NOT_READY_TAINT = 'node.kubernetes.io/not-ready';
export const UNREACHABLE_TAINT = 'node.kubernetes.io/unreachable';

/**
 * Not-Ready nodes. The node lifecycle controller marks a node's Ready condition Unknown after
 * node-monitor-grace-period without a heartbeat (lastTransitionTime is then); its NoExecute
 * tainter then adds `node.kubernetes.io/unreachable` (Unknown) or `node.kubernetes.io/not-ready`
 * (False) at the zone's rate — until it has, the node is "tainting soon".
 */
export function notReadyNodes(nodes: readonly KObject[], nowMs: number): NotReadyNode[] {
  const out: NotReadyNode[] = [];
  for (const node of nodes) {
    const status = readyStatus(node);
    if (status === 'True') continue;
    const conditions = (node.status?.conditions ?? []) as { type: string; lastTransitionTime?: string }[];
    const since = time(conditions.find((c) => c.type === 'Ready')?.lastTransitionTime);
    const taints = (node.spec?.taints ?? []) as Taint[];
    const taint =
      taints.find((t) => t.effect === 'NoExecute' && (t.key === UNREACHABLE_TAINT || t.key === NOT_READY_TAINT)) ??
      taints.find((t) => t.effect === 'NoExecute');
    out.push({
      key: objectKey(node),
      name: node.metadata.name ?? '',
      status: status ?? '',
      sinceMs: since === undefined ? undefined : nowMs - since,
      noExecute: taint ? { key: taint.key, addedMs: time(taint.timeAdded) } : undefined,
    });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

// ---- pods under a NoExecute taint --------------------------------------------------------------

/** v1 toleration.ToleratesTaint: key (or Exists with no key), effect (or none), operator and value. */
export function tolerates(t: Toleration, taint: Taint): boolean {
  if (t.effect && t.effect !== taint.effect) return false;
  if (t.key && t.key !== taint.key) return false;
  switch (t.operator ?? 'Equal') {
    case 'Exists':
      return true;
    case 'Equal':
      return (t.value ?? '') === (taint.value ?? '');
    default:
      return false;
  }
}

export interface EvictionCountdown {
  key: ObjectKey;
  name: string;
  namespace: string;
  node: string;
  /** Unix ms when the taint eviction controller deletes the pod. */
  atMs: number;
  remainingMs: number;
  /** The tolerationSeconds that apply, in ms (the whole wait, from the taint's timeAdded). */
  durationMs: number;
  /** The rule, for the tooltip: `tolerationSeconds 300 on node.kubernetes.io/unreachable`. */
  rule: string;
}

/**
 * Taint-based eviction (pkg/controller/tainteviction, processPodOnNode): a pod on a node with
 * NoExecute taints that tolerates all of them, with tolerationSeconds on the tolerations used, is
 * deleted at the taint's timeAdded + the smallest of those tolerationSeconds. (A taint it does not
 * tolerate deletes it at once; tolerations without tolerationSeconds keep it forever — neither has
 * a countdown.)
 */
export function evictionCountdowns(pods: readonly KObject[], nodes: readonly KObject[], nowMs: number): EvictionCountdown[] {
  const taintsByNode = new Map<string, Taint[]>();
  for (const node of nodes) {
    const noExecute = ((node.spec?.taints ?? []) as Taint[]).filter((t) => t.effect === 'NoExecute');
    if (noExecute.length) taintsByNode.set(node.metadata.name ?? '', noExecute);
  }
  const out: EvictionCountdown[] = [];
  if (taintsByNode.size === 0) return out;
  for (const pod of pods) {
    const nodeName = pod.spec?.nodeName as string | undefined;
    const taints = nodeName ? taintsByNode.get(nodeName) : undefined;
    if (!taints || pod.metadata.deletionTimestamp) continue;
    const phase = pod.status?.phase;
    if (phase === 'Succeeded' || phase === 'Failed') continue;
    const tolerations = ((pod.spec?.tolerations ?? []) as Toleration[]).filter((t) => !t.effect || t.effect === 'NoExecute');
    let best: { atMs: number; seconds: number; taint: Taint } | undefined;
    let tolerated = true;
    for (const taint of taints) {
      const used = tolerations.filter((t) => tolerates(t, taint));
      if (used.length === 0) {
        tolerated = false;
        break;
      }
      // getMinTolerationTime: no tolerationSeconds on a used toleration → tolerated forever.
      const seconds = used.map((t) => t.tolerationSeconds).filter((s): s is number => typeof s === 'number');
      if (seconds.length < used.length) continue;
      const min = Math.max(0, Math.min(...seconds));
      const added = time(taint.timeAdded) ?? nowMs;
      const atMs = added + min * 1000;
      if (!best || atMs < best.atMs) best = { atMs, seconds: min, taint };
    }
    if (!tolerated || !best) continue;
    out.push({
      key: objectKey(pod),
      name: pod.metadata.name ?? '',
      namespace: pod.metadata.namespace ?? '',
      node: nodeName!,
      atMs: best.atMs,
      remainingMs: best.atMs - nowMs,
      durationMs: best.seconds * 1000,
      rule: `tolerationSeconds ${best.seconds} on ${best.taint.key}`,
    });
  }
  return out.sort((a, b) => a.atMs - b.atMs || a.name.localeCompare(b.name));
}

// ---- deployments -------------------------------------------------------------------------------

export interface ProgressDeadline {
  key: ObjectKey;
  name: string;
  namespace: string;
  reason: string;
  /** Unix ms when the rollout times out; undefined once it has (ProgressDeadlineExceeded). */
  atMs: number | undefined;
  remainingMs: number | undefined;
  rule: string;
}

/** progressDeadlineSeconds' "no deadline" value (math.MaxInt32). */
const NO_DEADLINE = 2147483647;

/**
 * DeploymentTimedOut (pkg/controller/deployment/util): a rollout in progress (Progressing=True,
 * reason not NewReplicaSetAvailable) fails with ProgressDeadlineExceeded when its Progressing
 * condition's lastUpdateTime is more than progressDeadlineSeconds ago. Paused deployments are
 * not checked.
 */
export function progressDeadlines(deployments: readonly KObject[], nowMs: number): ProgressDeadline[] {
  const out: ProgressDeadline[] = [];
  for (const d of deployments) {
    const seconds = d.spec?.progressDeadlineSeconds;
    if (typeof seconds !== 'number' || seconds === NO_DEADLINE || d.spec?.paused) continue;
    const conditions = (d.status?.conditions ?? []) as {
      type: string;
      status: string;
      reason?: string;
      lastUpdateTime?: string;
    }[];
    const c = conditions.find((x) => x.type === 'Progressing');
    if (!c || c.reason === 'NewReplicaSetAvailable') continue;
    const base = {
      key: objectKey(d),
      name: d.metadata.name ?? '',
      namespace: d.metadata.namespace ?? '',
      reason: c.reason ?? '',
      rule: `progressDeadlineSeconds ${seconds} from the Progressing condition's lastUpdateTime`,
    };
    if (c.reason === 'ProgressDeadlineExceeded') {
      out.push({ ...base, atMs: undefined, remainingMs: undefined });
      continue;
    }
    if (c.status !== 'True') continue;
    const from = time(c.lastUpdateTime);
    if (from === undefined) continue;
    const atMs = from + seconds * 1000;
    out.push({ ...base, atMs, remainingMs: atMs - nowMs });
  }
  return out.sort((a, b) => (a.atMs ?? -Infinity) - (b.atMs ?? -Infinity) || a.name.localeCompare(b.name));
}

// ---- crash loops ------------------------------------------------------------------------------

export interface CrashLoopRestart {
  key: ObjectKey;
  pod: string;
  namespace: string;
  /** The pod's node ('' when unbound). */
  node: string;
  container: string;
  backOffMs: number;
  /** Unix ms of the next restart attempt. */
  atMs: number | undefined;
  remainingMs: number | undefined;
  rule: string;
}

const BACK_OFF = /back-off (\S+) restarting/;

/** The back-off duration in a CrashLoopBackOff waiting message (`back-off 40s restarting failed container=…`). */
export function parseBackOff(message: string | undefined): number | undefined {
  const m = message ? BACK_OFF.exec(message) : null;
  if (!m) return undefined;
  try {
    return parseGoDuration(m[1]);
  } catch {
    return undefined;
  }
}

const crashLooping = new WeakMap<KObject, boolean>();

/**
 * A container or init container waits in CrashLoopBackOff. Remembered per pod object: callers
 * run it over every pod of the mirror on each change, and most pods never crash.
 */
export function hasCrashLoopingContainer(pod: KObject): boolean {
  let hit = crashLooping.get(pod);
  if (hit === undefined) {
    const waiting = (statuses: unknown) =>
      ((statuses ?? []) as { state?: { waiting?: { reason?: string } } }[]).some(
        (cs) => cs.state?.waiting?.reason === 'CrashLoopBackOff',
      );
    hit = waiting(pod.status?.initContainerStatuses) || waiting(pod.status?.containerStatuses);
    crashLooping.set(pod, hit);
  }
  return hit;
}

/**
 * The kubelet's crash back-off (flowcontrol.Backoff in kuberuntime): a container waiting in
 * CrashLoopBackOff is started again `back-off D` after it last exited — the message names D, the
 * last termination's finishedAt is when it exited.
 */
export function crashLoopRestarts(pods: readonly KObject[], nowMs: number): CrashLoopRestart[] {
  const out: CrashLoopRestart[] = [];
  for (const pod of pods) {
    if (!hasCrashLoopingContainer(pod)) continue;
    const statuses = [...(pod.status?.initContainerStatuses ?? []), ...(pod.status?.containerStatuses ?? [])] as {
      name: string;
      state?: { waiting?: { reason?: string; message?: string } };
      lastState?: { terminated?: { finishedAt?: string } };
    }[];
    for (const cs of statuses) {
      const waiting = cs.state?.waiting;
      if (waiting?.reason !== 'CrashLoopBackOff') continue;
      const backOffMs = parseBackOff(waiting.message);
      if (backOffMs === undefined) continue;
      const finished = time(cs.lastState?.terminated?.finishedAt);
      const atMs = finished === undefined ? undefined : finished + backOffMs;
      out.push({
        key: objectKey(pod),
        pod: pod.metadata.name ?? '',
        namespace: pod.metadata.namespace ?? '',
        node: (pod.spec?.nodeName as string | undefined) ?? '',
        container: cs.name,
        backOffMs,
        atMs,
        remainingMs: atMs === undefined ? undefined : atMs - nowMs,
        rule: `kubelet crash back-off ${waiting.message?.match(BACK_OFF)?.[1]} after the last exit (doubles per crash, up to 5m)`,
      });
    }
  }
  return out.sort((a, b) => (a.atMs ?? Infinity) - (b.atMs ?? Infinity) || a.pod.localeCompare(b.pod));
}

// ---- per pod (the graph's countdown rings) -----------------------------------------------------

export interface PodCountdown {
  kind: 'eviction' | 'restart';
  /** Unix ms when it happens. */
  atMs: number;
  /** The whole wait (tolerationSeconds, or the crash back-off), for a ring filling up to atMs. */
  durationMs: number;
  /** Names the rule, for the tooltip. */
  rule: string;
}

/**
 * The soonest countdown of each pod — eviction under a tolerated NoExecute taint
 * (evictionCountdowns) or a crash-looping container's next restart (crashLoopRestarts) — by pod
 * key. `nowMs` only matters for a taint without timeAdded.
 */
export function podCountdowns(pods: readonly KObject[], nodes: readonly KObject[], nowMs: number): Map<ObjectKey, PodCountdown> {
  const out = new Map<ObjectKey, PodCountdown>();
  const offer = (key: ObjectKey, c: PodCountdown) => {
    const had = out.get(key);
    if (!had || c.atMs < had.atMs) out.set(key, c);
  };
  for (const e of evictionCountdowns(pods, nodes, nowMs)) {
    offer(e.key, { kind: 'eviction', atMs: e.atMs, durationMs: e.durationMs, rule: e.rule });
  }
  for (const r of crashLoopRestarts(pods, nowMs)) {
    if (r.atMs === undefined) continue;
    const backOff = formatGoDuration(r.backOffMs);
    offer(r.key, {
      kind: 'restart',
      atMs: r.atMs,
      durationMs: r.backOffMs,
      rule: `container ${r.container}, crash back-off ${backOff}`,
    });
  }
  return out;
}

/** The tooltip: `evicted in 4:12 (tolerationSeconds 300 on node.kubernetes.io/unreachable)`, `restart in 0:28 (…)`. */
export function countdownText(c: PodCountdown, nowMs: number): string {
  return `${c.kind === 'eviction' ? 'evicted' : 'restart'} in ${formatCountdown(c.atMs - nowMs)} (${c.rule})`;
}

/** How much of the wait has passed, 0..1 (the ring's fill). */
export function countdownFraction(c: PodCountdown, nowMs: number): number {
  if (c.durationMs <= 0) return 1;
  return Math.min(1, Math.max(0, 1 - (c.atMs - nowMs) / c.durationMs));
}
