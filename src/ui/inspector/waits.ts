// waits: why the inspected object is waiting, in words on screen — each with the rule and its
// number, and a countdown where the wait has an end (the inspector's Summary shows them first).
// Pure: it reads the object, its node and that node's Lease and machine, and the simulated now,
// and reuses the control-plane panel's timer arithmetic (controlplane/timers.ts, heartbeats.ts)
// so the two never disagree.

import { humanDuration } from '../../k8s/duration';
import type { KObject } from '../../k8s/types';
import type { MachineInfo } from '../../protocol/messages';
import { NODE_MONITOR_GRACE_MS, silentNodes } from '../controlplane/heartbeats';
import { crashLoopRestarts, evictionCountdowns, formatCountdown, notReadyNodes, progressDeadlines } from '../controlplane/timers';

export interface Wait {
  /** What it waits for, first words: `Waiting for a node`, `Restart in 0:38`. */
  title: string;
  /** What the component said (a condition or waiting message), if anything. */
  detail?: string;
  /** The rule and its number: `kubelet crash back-off 40s (10s, doubling per crash, up to 5m)`. */
  rule: string;
  tone: 'warn' | 'bad';
}

export interface WaitContext {
  nowMs: number;
  /** The pod's node (for a pod) or the node itself. */
  node?: KObject;
  /** kube-node-lease/<node>. */
  lease?: KObject;
  machine?: MachineInfo;
  /** The controller manager's node-monitor-grace-period (its default when not given). */
  graceMs?: number;
}

type Condition = { type: string; status: string; reason?: string; message?: string };
type ContainerStatus = {
  name: string;
  ready?: boolean;
  state?: { waiting?: { reason?: string; message?: string }; running?: unknown };
  lastState?: { terminated?: { reason?: string; exitCode?: number } };
};
type Probe = { periodSeconds?: number; failureThreshold?: number };

const conditions = (obj: KObject) => (obj.status?.conditions ?? []) as Condition[];
const condition = (obj: KObject, type: string) => conditions(obj).find((c) => c.type === type);
const readyStatusOf = (node: KObject | undefined) => (node ? condition(node, 'Ready')?.status : undefined);
const time = (ts: unknown) => (typeof ts === 'string' && !Number.isNaN(Date.parse(ts)) ? Date.parse(ts) : undefined);

/** The reasons `obj` is waiting, most pressing first; none when it is not waiting. */
export function whyWaiting(obj: KObject, ctx: WaitContext): Wait[] {
  switch (obj.kind) {
    case 'Pod':
      return podWaits(obj, ctx);
    case 'Node':
      return nodeWaits(obj, ctx);
    case 'Deployment':
      return deploymentWaits(obj, ctx.nowMs);
    default:
      return [];
  }
}

/** Why a node's pods may look healthy while it is lost, or why it is NotReady. */
function nodeHealthWaits(node: KObject, ctx: WaitContext, forPod: boolean): Wait[] {
  const name = node.metadata.name ?? '';
  const leases = new Map(ctx.lease ? [[name, ctx.lease]] : []);
  const [silent] = silentNodes([node], leases, ctx.machine ? [ctx.machine] : [], ctx.nowMs, ctx.graceMs);
  if (silent) {
    const left = silent.unknownAtMs === undefined ? undefined : silent.unknownAtMs - ctx.nowMs;
    const since =
      silent.lastHeartbeatMs === undefined ? '' : `, last heartbeat ${humanDuration(ctx.nowMs - silent.lastHeartbeatMs)} ago`;
    return [
      {
        title:
          left === undefined
            ? `Node ${name} not heard from`
            : left > 0
              ? `Node ${name} turns Unknown in ${formatCountdown(left)}`
              : `Node ${name} turns Unknown at the next check`,
        detail: forPod
          ? `Its node is ${silent.cause}${since}: the pod keeps its last reported status until the node lifecycle controller notices.`
          : `The machine is ${silent.cause}${since}: the API still says Ready until the node lifecycle controller notices the silence.`,
        rule: silent.rule,
        tone: 'warn',
      },
    ];
  }
  const [down] = notReadyNodes([node], ctx.nowMs);
  if (!down) return [];
  const since = down.sinceMs === undefined ? '' : ` for ${humanDuration(down.sinceMs)}`;
  return [
    {
      title: `Node ${name} is not Ready (${down.status || 'no Ready condition'}${since})`,
      detail: down.noExecute
        ? `The node lifecycle controller tainted it ${down.noExecute.key}:NoExecute; pods that tolerate the taint for a while are evicted when their time runs out.`
        : 'The node lifecycle controller adds a NoExecute taint at its zone’s eviction rate (0.1 node/s in a healthy zone).',
      rule: `Ready turns Unknown node-monitor-grace-period (${humanDuration(ctx.graceMs ?? NODE_MONITOR_GRACE_MS)}) after the last heartbeat; then NoExecute taint → eviction after tolerationSeconds (300 by default)`,
      tone: 'bad',
    },
  ];
}

function nodeWaits(node: KObject, ctx: WaitContext): Wait[] {
  const out = nodeHealthWaits(node, ctx, false);
  if (node.spec?.unschedulable) {
    out.push({
      title: 'Cordoned: no new pods',
      rule: 'spec.unschedulable: the scheduler places no new pod here (the node.kubernetes.io/unschedulable taint); pods already on it stay until drained',
      tone: 'warn',
    });
  }
  return out;
}

function probeText(pod: KObject, container: string): string | undefined {
  const spec = ((pod.spec?.containers ?? []) as { name: string; readinessProbe?: Probe }[]).find((c) => c.name === container);
  const probe = spec?.readinessProbe;
  if (!probe) return undefined;
  const period = probe.periodSeconds ?? 10;
  const threshold = probe.failureThreshold ?? 3;
  return `readinessProbe of ${container}: not Ready after ${threshold} failures ${period}s apart (failureThreshold ${threshold} × periodSeconds ${period})`;
}

function podWaits(pod: KObject, ctx: WaitContext): Wait[] {
  const out: Wait[] = [];
  const { nowMs } = ctx;
  const nodeName = pod.spec?.nodeName as string | undefined;
  const phase = pod.status?.phase as string | undefined;

  if (pod.metadata.deletionTimestamp) {
    const end = time(pod.metadata.deletionTimestamp);
    const grace = pod.metadata.deletionGracePeriodSeconds;
    const left = end === undefined ? undefined : end - nowMs;
    out.push({
      title: left !== undefined && left > 0 ? `Terminating: grace period ends in ${formatCountdown(left)}` : 'Terminating',
      detail: ctx.node
        ? ctx.machine && (!ctx.machine.running || !ctx.machine.reachable)
          ? `Its node ${nodeName} does not answer: the pod stays Terminating until the kubelet confirms, or the Node is deleted.`
          : 'The kubelet runs preStop hooks, sends SIGTERM, and SIGKILL when the grace period ends.'
        : undefined,
      rule: `terminationGracePeriodSeconds${grace === undefined ? '' : ` ${grace}`}: the API keeps the pod until its kubelet reports the containers stopped`,
      tone: 'warn',
    });
    return out;
  }

  if (!nodeName && phase !== 'Succeeded' && phase !== 'Failed') {
    const gates = (pod.spec?.schedulingGates ?? []) as { name: string }[];
    const scheduled = condition(pod, 'PodScheduled');
    if (gates.length) {
      out.push({
        title: 'Waiting for its scheduling gates',
        detail: `spec.schedulingGates: ${gates.map((g) => g.name).join(', ')}`,
        rule: 'the scheduler skips a pod until every scheduling gate is removed',
        tone: 'warn',
      });
    } else if (scheduled?.status === 'False') {
      out.push({
        title: 'Waiting for a node',
        detail: scheduled.message,
        rule: 'kube-scheduler tries again when a change in the cluster could make room, and at least every 5 min (podMaxInUnschedulablePodsDuration); the Why tab shows each node’s verdict',
        tone: 'warn',
      });
    } else {
      out.push({
        title: 'Waiting for the scheduler',
        rule: 'kube-scheduler binds pending pods one at a time, in priority order',
        tone: 'warn',
      });
    }
  }

  // a lost node's kubelet restarts nothing: no restart countdown then
  const nodeLost =
    (!!ctx.machine && (!ctx.machine.running || !ctx.machine.reachable)) || (!!ctx.node && readyStatusOf(ctx.node) !== 'True');
  const restarts = new Map(nodeLost ? [] : crashLoopRestarts([pod], nowMs).map((r) => [r.container, r]));
  const statuses = [...(pod.status?.initContainerStatuses ?? []), ...(pod.status?.containerStatuses ?? [])] as ContainerStatus[];
  for (const cs of statuses) {
    const waiting = cs.state?.waiting;
    if (!waiting?.reason) continue;
    const restart = restarts.get(cs.name);
    switch (waiting.reason) {
      case 'CrashLoopBackOff':
        out.push({
          title:
            restart?.remainingMs !== undefined && restart.remainingMs > 0
              ? `${cs.name} restarts in ${formatCountdown(restart.remainingMs)}`
              : `${cs.name} is in CrashLoopBackOff`,
          detail: cs.lastState?.terminated
            ? `Last exit: ${cs.lastState.terminated.reason ?? 'terminated'} (exit code ${cs.lastState.terminated.exitCode ?? '?'})`
            : undefined,
          rule: `kubelet crash back-off${restart ? ` ${humanDuration(restart.backOffMs)}` : ''}: 10s after the first crash, doubled per crash up to 5m, reset after 10 min running`,
          tone: 'bad',
        });
        break;
      case 'ImagePullBackOff':
      case 'ErrImagePull':
        out.push({
          title: `${cs.name}: ${waiting.reason === 'ErrImagePull' ? 'the image pull failed' : 'waiting to pull the image again'}`,
          detail: waiting.message,
          rule: 'kubelet image pull back-off: 10s after a failed pull, doubled per failure up to 5m',
          tone: 'bad',
        });
        break;
      case 'ContainerCreating':
      case 'PodInitializing':
        out.push({
          title: `${cs.name}: starting`,
          detail: waiting.message,
          rule: 'the kubelet pulls images (one at a time per node), mounts volumes, then runs init containers in order before the app containers',
          tone: 'warn',
        });
        break;
      default:
        out.push({
          title: `${cs.name}: ${waiting.reason}`,
          detail: waiting.message,
          rule: 'the kubelet retries the container at its next sync (with back-off)',
          tone: 'bad',
        });
    }
  }

  if (phase === 'Running' && out.length === 0) {
    const ready = condition(pod, 'Ready');
    if (ready?.status === 'False' || ready?.status === 'Unknown') {
      const unready = statuses.filter((c) => c.ready === false && c.state?.running !== undefined).map((c) => c.name);
      const probe = unready.map((c) => probeText(pod, c)).find(Boolean);
      out.push({
        title: 'Running, not Ready: no Service traffic',
        detail: ready.message ?? ready.reason,
        rule:
          ready.reason === 'NodeNotReady' || ready.status === 'Unknown'
            ? 'the node lifecycle controller marks a lost node’s pods Ready=False'
            : (probe ?? 'Ready needs every container Ready (its readiness probe passing, or started without one)'),
        tone: 'warn',
      });
    }
  }

  if (phase === 'Failed' && pod.status?.reason) {
    out.push({
      title: `Failed: ${pod.status.reason}`,
      detail: pod.status.message,
      rule: 'a Failed pod is not restarted; its controller (if any) creates a replacement, PodGC deletes it later',
      tone: 'bad',
    });
  }

  if (ctx.node) {
    for (const e of evictionCountdowns([pod], [ctx.node], nowMs)) {
      out.unshift({
        title: e.remainingMs > 0 ? `Evicted in ${formatCountdown(e.remainingMs)}` : 'Being evicted',
        detail: `Node ${e.node} has a NoExecute taint this pod tolerates only for a while.`,
        rule: `${e.rule}: the taint eviction controller deletes the pod when it runs out`,
        tone: 'bad',
      });
    }
    if (phase === 'Running' || phase === 'Pending') {
      const health = nodeHealthWaits(ctx.node, ctx, true);
      // what happens to the node comes first: it decides what happens to the pod
      out.splice(out.length && out[0].title.startsWith('Evicted') ? 1 : 0, 0, ...health);
    }
  }
  return out;
}

/** Resolves maxSurge / maxUnavailable (`25%` or a number) against the desired replicas, as the Deployment controller does. */
export function rollingBounds(strategy: unknown, replicas: number): { surge: number; unavailable: number } {
  const ru = ((strategy as { rollingUpdate?: { maxSurge?: unknown; maxUnavailable?: unknown } })?.rollingUpdate ?? {}) as {
    maxSurge?: unknown;
    maxUnavailable?: unknown;
  };
  const resolve = (v: unknown, fallback: string, roundUp: boolean) => {
    const value = v ?? fallback;
    if (typeof value === 'number') return value;
    const m = /^(\d+)%$/.exec(String(value));
    if (!m) return Number(value) || 0;
    const exact = (Number(m[1]) * replicas) / 100;
    return roundUp ? Math.ceil(exact) : Math.floor(exact);
  };
  const surge = resolve(ru.maxSurge, '25%', true);
  let unavailable = resolve(ru.maxUnavailable, '25%', false);
  // ResolveFenceposts: both zero would block the rollout, so one may be unavailable
  if (surge === 0 && unavailable === 0) unavailable = 1;
  return { surge, unavailable };
}

function deploymentWaits(d: KObject, nowMs: number): Wait[] {
  const out: Wait[] = [];
  const desired = typeof d.spec?.replicas === 'number' ? d.spec.replicas : 1;
  const st = (d.status ?? {}) as { updatedReplicas?: number; availableReplicas?: number; replicas?: number };
  if (d.spec?.paused) {
    out.push({
      title: 'Rollout paused',
      rule: 'spec.paused: the Deployment controller makes no rollout step until kubectl rollout resume',
      tone: 'warn',
    });
    return out;
  }
  const [deadline] = progressDeadlines([d], nowMs);
  const progressing = condition(d, 'Progressing');
  const rolling = progressing && progressing.reason !== 'NewReplicaSetAvailable';
  if (deadline?.remainingMs === undefined && deadline) {
    out.push({
      title: 'Rollout failed: ProgressDeadlineExceeded',
      detail: progressing?.message,
      rule: deadline.rule,
      tone: 'bad',
    });
  } else if (rolling) {
    const type = d.spec?.strategy?.type ?? 'RollingUpdate';
    const bounds = rollingBounds(d.spec?.strategy, desired);
    out.push({
      title: `Rolling out: ${st.updatedReplicas ?? 0}/${desired} updated, ${st.availableReplicas ?? 0} available`,
      detail:
        deadline?.remainingMs !== undefined
          ? `Progress deadline in ${formatCountdown(deadline.remainingMs)}.`
          : progressing?.message,
      rule:
        type === 'Recreate'
          ? 'Recreate: every old pod is deleted before the new ReplicaSet scales up'
          : `maxSurge ${bounds.surge} and maxUnavailable ${bounds.unavailable} of ${desired}: at most ${desired + bounds.surge} pods, at least ${Math.max(0, desired - bounds.unavailable)} available at each step`,
      tone: 'warn',
    });
  }
  const available = condition(d, 'Available');
  if (available?.status === 'False') {
    out.push({
      title: 'Fewer pods available than required',
      detail: available.message,
      rule: `Available needs at least ${desired} − maxUnavailable pods available (Ready for minReadySeconds ${d.spec?.minReadySeconds ?? 0})`,
      tone: 'warn',
    });
  }
  return out;
}
