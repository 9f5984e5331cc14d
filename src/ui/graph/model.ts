// model: the graph's view of the mirrored cluster — pure functions from store objects to small
// plain "views" (what each card and chip shows). Nothing here decides cluster behaviour: STATUS,
// READY and RESTARTS come from kubectl's printing helpers in src/k8s, node STATUS likewise, and
// everything else is read straight from the objects (conditions, taints, status counts).

import { nodeStatus } from '../../k8s/node-status';
import { podPrintSummary } from '../../k8s/pod-status';
import { formatBytes, formatMilli, parseQuantity } from '../../k8s/quantity';
import type { KObject } from '../../k8s/types';
import { podRequests as effectiveRequests } from '../../k8s/pod-resources';
import { progressDeadlines } from '../controlplane/timers';
import { nodeOutlook, type NodeOutlook } from './heartbeat';
import { jobCounts, jobTtlDeadline } from './job-view';
import type { MachineInfo, ObjectKey } from '../../protocol/messages';
import { SharedMap } from '../../protocol/shared-map';
import { countdownCandidates, hasNoExecuteTaint } from './countdown-pods';
import { orderedReadyWait, statefulSetCount, statefulSetOrdinal, statefulSetRollout } from './statefulset-view';
import { cronJobCard, newestJobsFirst, type CronCardView } from './cronjob-view';
import {
  claimIndex,
  claimMark,
  claimText,
  podClaimNames,
  statefulSetMembers,
  type ClaimIndex,
  type ClaimMark,
  type OrdinalMember,
} from './storage-view';

export const ZONE_LABEL = 'topology.kubernetes.io/zone';

/** Colour families of a pod chip, from the STATUS kubectl prints. */
export type PodTone = 'ok' | 'done' | 'warn' | 'bad' | 'terminating' | 'unknown';
export type NodeTone = 'ok' | 'bad' | 'unknown';

export interface PodView {
  key: ObjectKey;
  namespace: string;
  name: string;
  /** What the chip shows: the random suffix of a generated name, else the name. */
  short: string;
  nodeName: string | null;
  status: string;
  ready: string;
  restarts: number;
  /** Ready containers / containers, 0..1, for the readiness ring. */
  readyFraction: number;
  tone: PodTone;
  /** The scheduler's PodScheduled=False message, for unscheduled pods. */
  pendingReason: string | null;
  /** Tooltip text. */
  title: string;
  /** Accessible name: `Pod <namespace>/<name>: <STATUS>`. */
  label: string;
  /** uid of the controller owner (ownerReferences controller=true), for pairing replacements. */
  ownerUid: string | null;
  /** metadata.deletionTimestamp is set (kubectl prints Terminating, or Unknown on a lost node). */
  deleting: boolean;
  /** Controlled by a DaemonSet: the node's own copy, marked on the node card. */
  daemon: boolean;
  /** A StatefulSet's pod: `<set>-<zero-padded ordinal>`, so web-2 sorts before web-10. */
  sortName?: string;
  /** The PersistentVolumeClaims its volumes name, with their phase (absent when none). */
  claims?: ClaimMark[];
}

export interface UsageBar {
  requested: number;
  allocatable: number;
  /** 0..1, capped. */
  fraction: number;
  text: string;
  /** The numbers the card prints next to the bar: `0.25/3.9`, `1.2/7.6Gi`, `12/110`. */
  short: string;
}

export interface TagView {
  text: string;
  title: string;
  tone: 'warn' | 'bad' | 'unknown';
}

/** A tag on a node card: the machine's state, the cordon, then pressures and taints. */
export interface CardTag {
  text: string;
  title: string;
  className: string;
}

/** Every tag a node card shows, in order (the card draws them; layout.ts sizes the tag rows). */
export function cardTags(view: NodeView): CardTag[] {
  const out: CardTag[] = [];
  if (!view.running) {
    out.push({
      text: 'powered off',
      title: 'The machine is powered off: no kubelet, no heartbeats (kubeplay node start)',
      className: 'tag-machine',
    });
  }
  if (view.shuttingDown) {
    out.push({
      text: 'shutting down',
      title: 'Graceful node shutdown: the kubelet stops regular pods, then critical ones, then the machine powers off',
      className: 'tag-machine tag-shutdown',
    });
  }
  if (!view.reachable) {
    out.push({
      text: 'cut',
      title: 'The machine is cut off from the control plane: its kubelet runs but cannot report (kubeplay node reconnect)',
      className: 'tag-machine tag-cut',
    });
  }
  // a cordoned Ready node says so in its pill already
  if (view.cordoned && view.pill !== 'SchedulingDisabled') {
    out.push({
      text: 'SchedulingDisabled',
      title: 'spec.unschedulable: kubectl prints SchedulingDisabled',
      className: 'pill-warn',
    });
  }
  for (const t of view.tags) out.push({ text: t.text, title: t.title, className: `pill-${t.tone}` });
  return out;
}

export interface NodeView {
  key: ObjectKey;
  name: string;
  zone: string;
  /** The STATUS column of `kubectl get nodes`. */
  status: string;
  /** What the pill says: the Ready condition's status as a word. */
  condition: 'Ready' | 'NotReady' | 'Unknown';
  tone: NodeTone;
  cordoned: boolean;
  /** Ready condition reason/message, for the pill's tooltip. */
  conditionTitle: string;
  tags: TagView[];
  cpu: UsageBar;
  memory: UsageBar;
  pods: UsageBar;
  /** Pods bound to the node (terminated ones included, as the node still lists them). */
  podCount: number;
  /** The machine is powered on (from the playground's machines; true when unknown). */
  running: boolean;
  /** The machine can reach the control plane (true when unknown). */
  reachable: boolean;
  /** Graceful node shutdown under way. */
  shuttingDown: boolean;
  /** What the status pill says: the Ready condition, or SchedulingDisabled for a cordoned Ready node. */
  pill: string;
  /** A node in trouble (silent machine, not Ready): the taint and evictions ahead (heartbeat.ts). */
  outlook?: NodeOutlook;
}

export type WorkloadKind =
  | 'Deployment'
  | 'ReplicaSet'
  | 'DaemonSet'
  | 'ReplicationController'
  | 'StatefulSet'
  | 'CronJob'
  | 'Job'
  | 'Service'
  | 'PodDisruptionBudget'
  | 'HorizontalPodAutoscaler';

export const WORKLOAD_KINDS: readonly WorkloadKind[] = [
  'Deployment',
  'ReplicaSet',
  'DaemonSet',
  'ReplicationController',
  'StatefulSet',
  'CronJob',
  'Job',
  'Service',
  'PodDisruptionBudget',
  'HorizontalPodAutoscaler',
];

/** kubectl's short names, shown on the cards. */
export const KIND_SHORT: Record<WorkloadKind, string> = {
  Deployment: 'deploy',
  ReplicaSet: 'rs',
  DaemonSet: 'ds',
  ReplicationController: 'rc',
  StatefulSet: 'sts',
  CronJob: 'cj',
  Job: 'job',
  Service: 'svc',
  PodDisruptionBudget: 'pdb',
  HorizontalPodAutoscaler: 'hpa',
};

export interface WorkloadView {
  key: ObjectKey;
  kind: WorkloadKind;
  namespace: string;
  name: string;
  /** e.g. `2/3`. */
  count: string;
  countTitle: string;
  tone: 'ok' | 'warn' | 'idle';
  /** For a ReplicaSet owned by a Deployment: the Deployment's key. */
  parentKey: ObjectKey | null;
  /**
   * A Deployment's ReplicaSet: its pod-template-hash (the name after the Deployment's) and its
   * images, which tell the old ReplicaSet from the new one where the full names would not fit.
   */
  revision?: { hash: string; images: string };
  /** Accessible name. */
  label: string;
  /** A Deployment's rollout while it is under way (kubectl rollout status not done). */
  rollout?: RolloutView;
  /** A Deployment's progress deadline while its Progressing condition runs toward it. */
  deadline?: DeadlineView;
  /** A CronJob's schedule, suspension, active Jobs and last run (the card counts down the next). */
  cron?: CronCardView;
  /** A StatefulSet's pods in ordinal order, each with its claims. */
  members?: OrdinalMember[];
  /**
   * A CronJob's Job: the scheduled time its name ends in (minutes since the epoch), which is all
   * its one-line card shows of the name (the CronJob's name is on the card above).
   */
  scheduled?: string;
}

export interface RolloutView {
  desired: number;
  updated: number;
  available: number;
  /** status.replicas: old and new pods. */
  total: number;
  /** What `kubectl rollout status` would say, e.g. `2 out of 6 new replicas have been updated`. */
  message: string;
  /** What the counts count: a Deployment's replicas, a DaemonSet's nodes. */
  unit?: 'replicas' | 'nodes';
  /** A DaemonSet's nodes whose pod is being replaced (old one terminating, new one not ready). */
  replacing?: string[];
}

export interface DeadlineView {
  /** Unix ms of the timeout; undefined once ProgressDeadlineExceeded. */
  atMs: number | undefined;
  durationMs: number;
  /** Names the rule, e.g. `progressDeadlineSeconds 600 from the Progressing condition's lastUpdateTime`. */
  rule: string;
  /** What the ring's title says before the countdown (default `progress deadline in`). */
  pending?: string;
  /** … and once it ran out (default `progress deadline exceeded`). */
  past?: string;
}

export interface GraphModel {
  nodes: NodeView[];
  /** The drawn pods by key (an immutable map: two models' pods differ cheaply, changesSince). */
  pods: SharedMap<PodView>;
  /** Pods bound to each node, sorted by namespace/name. */
  podsByNode: Map<string, PodView[]>;
  /** Pods with no node yet, sorted by namespace/name. */
  pending: PodView[];
  workloads: WorkloadView[];
  /** Pods per namespace, drawn or not (for the namespace filter's choices). */
  namespaces: Map<string, number>;
  /** Pods the namespace filter hides. */
  hiddenPods: number;
  /** The pods that may count down on their chip (countdown-pods.ts), drawn or not, in any order. */
  countdownPods: readonly KObject[];
  /** Nodes with a NoExecute taint, which the eviction countdowns read. */
  noExecuteNodes: readonly KObject[];
}

export function keyOf(obj: Pick<KObject, 'kind' | 'metadata'>): ObjectKey {
  return `${obj.kind}/${obj.metadata.namespace ?? ''}/${obj.metadata.name ?? ''}`;
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

// ---- pods ----------------------------------------------------------------------------------

const BAD_STATUSES = new Set([
  'CrashLoopBackOff',
  'Error',
  'ImagePullBackOff',
  'ErrImagePull',
  'OOMKilled',
  'Failed',
  'Evicted',
  'InvalidImageName',
  'CreateContainerConfigError',
  'CreateContainerError',
  'RunContainerError',
  'StartError',
  'ContainerStatusUnknown',
  'ContainerCannotRun',
  'DeadlineExceeded',
  'NodeAffinity',
  'OutOfcpu',
  'OutOfmemory',
  'OutOfpods',
]);

const WARN_STATUSES = new Set(['Pending', 'ContainerCreating', 'PodInitializing', 'SchedulingGated', 'NotReady']);

/** The chip colour for a STATUS as kubectl prints it (and the READY column, for Running). */
export function podTone(status: string, ready: string): PodTone {
  if (status === 'Running') {
    const [r, t] = ready.split('/').map(Number);
    return r === t && t > 0 ? 'ok' : 'warn';
  }
  if (status === 'Completed' || status === 'Succeeded') return 'done';
  if (status === 'Terminating') return 'terminating';
  if (status === 'Unknown' || status === '') return 'unknown';
  if (WARN_STATUSES.has(status) || /^Init:\d+\/\d+$/.test(status)) return 'warn';
  if (BAD_STATUSES.has(status) || status.startsWith('Init:') || /^(ExitCode|Signal):/.test(status)) return 'bad';
  if (/(Error|BackOff)$/.test(status) || status.startsWith('OutOf')) return 'bad';
  return 'warn';
}

/** The random suffix of a generated name (`web-7d4b9-x7k2p` → `x7k2p`), else the whole name. */
export function shortPodName(pod: Pick<KObject, 'metadata'>): string {
  const name = pod.metadata.name ?? '';
  const prefix = pod.metadata.generateName;
  if (prefix && name.startsWith(prefix) && name.length > prefix.length) return name.slice(prefix.length);
  return name;
}

export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** The PodScheduled=False message the scheduler wrote, if any. */
export function schedulingMessage(pod: KObject): string | null {
  const conditions = (pod.status?.conditions ?? []) as { type: string; status: string; reason?: string; message?: string }[];
  const c = conditions.find((x) => x.type === 'PodScheduled' && x.status === 'False');
  if (!c) return null;
  return c.message || c.reason || 'Unschedulable';
}

const podViewCache = new WeakMap<KObject, PodView>();

/** The pod's view with its claims' phases, when its volumes name any. */
export function withClaims(view: PodView, pod: KObject, claims: ClaimIndex): PodView {
  const names = podClaimNames(pod);
  if (names.length === 0) return view;
  const marks = names.map((n) => claimMark(view.namespace, n, claims));
  return { ...view, claims: marks, title: `${view.title}\n${claimText(marks)}` };
}

export function podView(pod: KObject): PodView {
  const hit = podViewCache.get(pod);
  if (hit) return hit;
  const namespace = pod.metadata.namespace ?? '';
  const name = pod.metadata.name ?? '';
  const { ready, status, restarts } = podPrintSummary(pod);
  const [r, t] = ready.split('/').map(Number);
  const nodeName = (pod.spec?.nodeName as string | undefined) || null;
  const pendingReason = nodeName ? null : schedulingMessage(pod);
  const lines = [`${namespace}/${name}`, `STATUS ${status || '—'}   READY ${ready}   RESTARTS ${restarts}`];
  if (nodeName) lines.push(`node ${nodeName}`);
  if (pendingReason) lines.push(pendingReason);
  const controller = pod.metadata.ownerReferences?.find((r) => r.controller === true);
  const daemon = controller?.kind === 'DaemonSet';
  if (daemon) lines.push(`DaemonSet ${controller!.name}: this node's copy`);
  const ordinal = controller?.kind === 'StatefulSet' ? statefulSetOrdinal(name, controller.name) : undefined;
  const view: PodView = {
    key: keyOf(pod),
    namespace,
    name,
    short: shortPodName(pod),
    nodeName,
    status,
    ready,
    restarts,
    readyFraction: t > 0 ? r / t : 0,
    tone: podTone(status, ready),
    pendingReason,
    title: lines.join('\n'),
    label: `Pod ${name}: ${status}`,
    ownerUid: controller?.uid ?? null,
    deleting: !!pod.metadata.deletionTimestamp,
    daemon,
  };
  if (ordinal !== undefined) view.sortName = `${controller!.name}-${String(ordinal).padStart(10, '0')}`;
  podViewCache.set(pod, view);
  return view;
}

// ---- requests --------------------------------------------------------------------------------

export interface Requests {
  milliCPU: number;
  memory: number;
}

type ResourceList = Record<string, string | number> | undefined;

function amount(list: ResourceList, name: 'cpu' | 'memory'): number {
  const v = list?.[name];
  if (v === undefined || v === null) return 0;
  try {
    const q = parseQuantity(v);
    return name === 'cpu' ? q.milliValue() : q.value();
  } catch {
    return 0;
  }
}

function count(v: string | number | undefined): number {
  if (v === undefined || v === null) return 0;
  try {
    return parseQuantity(v).value();
  } catch {
    return 0;
  }
}

const requestsCache = new WeakMap<object, Requests>();

/**
 * A pod's cpu and memory requests for the usage bars, as `kubectl describe node` adds them up
 * (src/k8s/pod-resources.ts), with pod-level requests, when set, in place of the containers'.
 */
export function podRequests(spec: any): Requests {
  if (!spec || typeof spec !== 'object') return { milliCPU: 0, memory: 0 };
  const hit = requestsCache.get(spec);
  if (hit) return hit;
  const list = effectiveRequests({ spec } as KObject);
  const podLevel = spec.resources?.requests as ResourceList;
  const overhead = spec.overhead as ResourceList;
  const total = (res: 'cpu' | 'memory', fromList: number) =>
    podLevel && podLevel[res] !== undefined ? amount(podLevel, res) + amount(overhead, res) : fromList;
  const out: Requests = {
    milliCPU: total('cpu', list.get('cpu')?.milliValue() ?? 0),
    memory: total('memory', list.get('memory')?.value() ?? 0),
  };
  requestsCache.set(spec, out);
  return out;
}

function bar(requested: number, allocatable: number, text: string, short: string): UsageBar {
  const fraction = allocatable > 0 ? Math.min(1, requested / allocatable) : 0;
  return { requested, allocatable, fraction, text, short };
}

/** A number in at most 3 significant figures without trailing zeros: 0.25, 3.9, 12, 110. */
export function compactNumber(n: number): string {
  if (n === 0) return '0';
  if (Math.abs(n) >= 100) return String(Math.round(n));
  return String(Number(n.toPrecision(2)));
}

/** `requested/allocatable` CPU in cores. */
export function cpuShort(milli: number, allocMilli: number): string {
  return `${compactNumber(milli / 1000)}/${compactNumber(allocMilli / 1000)}`;
}

const GI = 1024 ** 3;
const MI = 1024 ** 2;

/** `requested/allocatable` memory in the allocatable's unit (Gi, else Mi). */
export function memoryShort(bytes: number, allocBytes: number): string {
  const [unit, div] = allocBytes >= GI ? ['Gi', GI] : ['Mi', MI];
  return `${compactNumber(bytes / div)}/${compactNumber(allocBytes / div)}${unit}`;
}

function pct(requested: number, allocatable: number): string {
  return allocatable > 0 ? ` (${Math.round((requested / allocatable) * 100)}%)` : '';
}

// ---- nodes ---------------------------------------------------------------------------------

const PRESSURES = ['MemoryPressure', 'DiskPressure', 'PIDPressure', 'NetworkUnavailable'];

/** `node.kubernetes.io/unreachable` + NoExecute → `unreachable:NoExecute`. */
export function taintTag(taint: { key: string; value?: string; effect: string }): string {
  const key = taint.key.includes('/') ? taint.key.slice(taint.key.lastIndexOf('/') + 1) : taint.key;
  return `${key}${taint.value ? `=${taint.value}` : ''}:${taint.effect}`;
}

/** What a node's bars add up: the requests and the count of its pods that are not terminated. */
export interface PodTotals extends Requests {
  active: number;
}

/** The totals of a node's pods (nodeView's bars), as `kubectl describe node` adds them up. */
export function podTotals(pods: readonly KObject[]): PodTotals {
  let milliCPU = 0;
  let memory = 0;
  let active = 0;
  for (const pod of pods) {
    const phase = pod.status?.phase;
    if (phase === 'Succeeded' || phase === 'Failed') continue;
    active++;
    const r = podRequests(pod.spec);
    milliCPU += r.milliCPU;
    memory += r.memory;
  }
  return { milliCPU, memory, active };
}

/** A node's card; `totals` of its pods when the caller kept them (a node's status changes far more often than its pods). */
export function nodeView(node: KObject, pods: readonly KObject[], machine?: MachineInfo, totals = podTotals(pods)): NodeView {
  const name = node.metadata.name ?? '';
  const outlook = nodeOutlook(node, pods, machine);
  const status = nodeStatus(node);
  const conditions = (node.status?.conditions ?? []) as { type: string; status: string; reason?: string; message?: string }[];
  const readyCond = conditions.find((c) => c.type === 'Ready');
  const condition = !readyCond || readyCond.status === 'Unknown' ? 'Unknown' : readyCond.status === 'True' ? 'Ready' : 'NotReady';
  const tone: NodeTone = condition === 'Ready' ? 'ok' : condition === 'NotReady' ? 'bad' : 'unknown';
  const cordoned = !!node.spec?.unschedulable;
  const conditionTitle = [
    `kubectl STATUS: ${status}`,
    readyCond ? `Ready=${readyCond.status}${readyCond.reason ? ` (${readyCond.reason})` : ''}` : 'no Ready condition',
    readyCond?.message ?? '',
  ]
    .filter(Boolean)
    .join('\n');

  const tags: TagView[] = [];
  for (const c of conditions) {
    if (PRESSURES.includes(c.type) && c.status === 'True') {
      tags.push({ text: c.type, title: `${c.type}=True${c.message ? `: ${c.message}` : ''}`, tone: 'bad' });
    }
  }
  // one tag per taint key and value: `unreachable:NoSchedule,NoExecute` fits a card where two
  // tags would not (the node lifecycle controller puts both effects on an unreachable node)
  const byKey = new Map<string, { key: string; value?: string; effects: string[] }>();
  for (const t of (node.spec?.taints ?? []) as { key: string; value?: string; effect: string }[]) {
    const id = `${t.key}=${t.value ?? ''}`;
    const group = byKey.get(id);
    if (group) group.effects.push(t.effect);
    else byKey.set(id, { key: t.key, value: t.value, effects: [t.effect] });
  }
  for (const g of byKey.values()) {
    const full = `${g.key}${g.value ? `=${g.value}` : ''}`;
    tags.push({
      text: taintTag({ key: g.key, value: g.value, effect: g.effects.join(',') }),
      title: g.effects.map((e) => `taint ${full}:${e}`).join('\n'),
      tone: g.effects.includes('NoExecute') ? 'bad' : 'warn',
    });
  }

  const alloc = (node.status?.allocatable ?? {}) as Record<string, string>;
  const allocCPU = amount(alloc, 'cpu');
  const allocMem = amount(alloc, 'memory');
  const allocPods = count(alloc.pods);
  const { milliCPU: cpu, memory, active } = totals;
  return {
    key: keyOf(node),
    name,
    zone: node.metadata.labels?.[ZONE_LABEL] ?? '',
    status,
    condition,
    tone,
    cordoned,
    conditionTitle,
    tags,
    cpu: bar(
      cpu,
      allocCPU,
      `CPU requests ${formatMilli(cpu)} of ${formatMilli(allocCPU)} allocatable${pct(cpu, allocCPU)}`,
      cpuShort(cpu, allocCPU),
    ),
    memory: bar(
      memory,
      allocMem,
      `Memory requests ${formatBytes(memory)} of ${formatBytes(allocMem)} allocatable${pct(memory, allocMem)}`,
      memoryShort(memory, allocMem),
    ),
    pods: bar(active, allocPods, `Pods ${active} of ${allocPods} allocatable${pct(active, allocPods)}`, `${active}/${allocPods}`),
    podCount: pods.length,
    running: machine?.running ?? true,
    reachable: machine?.reachable ?? true,
    shuttingDown: machine?.shuttingDown ?? false,
    pill: cordoned && condition === 'Ready' ? 'SchedulingDisabled' : condition,
    ...(outlook ? { outlook } : {}),
  };
}

// ---- workloads -----------------------------------------------------------------------------

function replicaCount(obj: KObject, desiredDefault: number): { ready: number; desired: number } {
  const desired = typeof obj.spec?.replicas === 'number' ? obj.spec.replicas : desiredDefault;
  return { ready: obj.status?.readyReplicas ?? 0, desired };
}

export interface EndpointCount {
  ready: number;
  total: number;
}

/** Ready / all endpoints of each Service (`namespace/name`), from its EndpointSlices. */
export function endpointCounts(objects: readonly KObject[]): Map<string, EndpointCount> {
  const out = new Map<string, EndpointCount>();
  for (const s of objects) {
    if (s.kind !== 'EndpointSlice') continue;
    const svc = s.metadata.labels?.['kubernetes.io/service-name'];
    if (!svc) continue;
    const id = `${s.metadata.namespace ?? ''}/${svc}`;
    let c = out.get(id);
    if (!c) out.set(id, (c = { ready: 0, total: 0 }));
    for (const ep of (s as any).endpoints ?? []) {
      c.total++;
      if (ep.conditions?.ready !== false) c.ready++;
    }
  }
  return out;
}

export function workloadView(
  obj: KObject,
  endpoints: ReadonlyMap<string, EndpointCount>,
  parentKey: ObjectKey | null,
  daemonPods: readonly PodView[] = [],
): WorkloadView {
  const kind = obj.kind as WorkloadKind;
  const namespace = obj.metadata.namespace ?? '';
  const name = obj.metadata.name ?? '';
  let count = '';
  let countTitle = '';
  let tone: WorkloadView['tone'] = 'ok';
  switch (kind) {
    case 'Deployment':
    case 'ReplicaSet':
    case 'ReplicationController': {
      const { ready, desired } = replicaCount(obj, 1);
      count = `${ready}/${desired}`;
      countTitle = `READY ${ready}/${desired}${kind === 'Deployment' ? `, UP-TO-DATE ${obj.status?.updatedReplicas ?? 0}` : ''}`;
      tone = desired === 0 ? 'idle' : ready === desired ? 'ok' : 'warn';
      break;
    }
    case 'DaemonSet': {
      const st = obj.status ?? {};
      const desired = st.desiredNumberScheduled ?? 0;
      const ready = st.numberReady ?? 0;
      count = `${ready}/${desired}`;
      countTitle = `DESIRED ${desired}, CURRENT ${st.currentNumberScheduled ?? 0}, READY ${ready}, UP-TO-DATE ${st.updatedNumberScheduled ?? 0}, AVAILABLE ${st.numberAvailable ?? 0}`;
      tone = desired === 0 ? 'idle' : ready === desired ? 'ok' : 'warn';
      break;
    }
    case 'StatefulSet': {
      ({ count, title: countTitle, tone } = statefulSetCount(obj));
      break;
    }
    case 'Service': {
      const hasSelector = obj.spec?.selector && Object.keys(obj.spec.selector).length > 0;
      const ep = endpoints.get(`${namespace}/${name}`);
      const readyEp = ep?.ready ?? 0;
      const totalEp = ep?.total ?? 0;
      count = hasSelector || totalEp > 0 ? `${readyEp}/${totalEp}` : '—';
      countTitle = `${obj.spec?.type ?? 'ClusterIP'} ${obj.spec?.clusterIP ?? ''}\n${readyEp} of ${totalEp} endpoints ready`;
      tone = totalEp === 0 ? 'idle' : readyEp === totalEp ? 'ok' : 'warn';
      break;
    }
    case 'PodDisruptionBudget': {
      const healthy = obj.status?.currentHealthy ?? 0;
      const desired = obj.status?.desiredHealthy ?? 0;
      const allowed = obj.status?.disruptionsAllowed ?? 0;
      count = `${healthy}/${desired}`;
      countTitle = `healthy ${healthy} of ${desired} desired, ALLOWED DISRUPTIONS ${allowed}`;
      tone = allowed > 0 ? 'ok' : 'warn';
      break;
    }
    case 'Job':
      ({ count, countTitle, tone } = jobCounts(obj));
      break;
    case 'CronJob':
      ({ count, countTitle, tone } = cronJobCard(obj));
      break;
    case 'HorizontalPodAutoscaler': {
      const current = obj.status?.currentReplicas ?? 0;
      const min = obj.spec?.minReplicas ?? 1;
      const max = obj.spec?.maxReplicas ?? 0;
      const target = obj.spec?.scaleTargetRef;
      count = `${current} (${min}–${max})`;
      countTitle = `REPLICAS ${current}, MINPODS ${min}, MAXPODS ${max}${target ? `\nscales ${target.kind}/${target.name}` : ''}`;
      tone = 'ok';
      break;
    }
  }
  const view: WorkloadView = {
    key: keyOf(obj),
    kind,
    namespace,
    name,
    count,
    countTitle,
    tone,
    parentKey,
    label: `${kind} ${namespace}/${name}: ${count}`,
  };
  if (kind === 'ReplicaSet' && parentKey) {
    const parentName = parentKey.split('/').slice(2).join('/');
    const containers = (obj.spec?.template?.spec?.containers ?? []) as { image?: string }[];
    const images = containers
      .map((c) => c.image ?? '')
      .filter(Boolean)
      .join(', ');
    if (name.startsWith(`${parentName}-`) && images) view.revision = { hash: name.slice(parentName.length + 1), images };
  }
  if (kind === 'CronJob') view.cron = cronJobCard(obj).cron;
  if (kind === 'Job' && parentKey?.startsWith('CronJob/')) {
    const parentName = parentKey.split('/').slice(2).join('/');
    if (name.startsWith(`${parentName}-`)) view.scheduled = name.slice(parentName.length + 1);
  }
  if (kind === 'Job') {
    const ttl = jobTtlDeadline(obj);
    if (ttl) view.deadline = ttl;
  }
  if (kind === 'DaemonSet') {
    const rollout = daemonSetRolloutView(obj, daemonPods);
    if (rollout) view.rollout = rollout;
  }
  if (kind === 'StatefulSet') {
    const rollout = statefulSetRollout(obj);
    if (rollout) view.rollout = rollout;
  }
  if (kind === 'Deployment') {
    const rollout = rolloutView(obj);
    if (rollout) view.rollout = rollout;
    const deadline = deadlineView(obj);
    if (deadline) view.deadline = deadline;
  }
  return view;
}

/**
 * A Deployment's rollout while it is not done, by the rule `kubectl rollout status` applies
 * (DeploymentStatusViewer): spec update not yet observed, fewer updated replicas than desired,
 * old replicas pending termination, or updated replicas not yet available. Undefined when done.
 */
export function rolloutView(d: KObject): RolloutView | undefined {
  const status = d.status ?? {};
  const desired = typeof d.spec?.replicas === 'number' ? d.spec.replicas : 1;
  const updated = status.updatedReplicas ?? 0;
  const total = status.replicas ?? 0;
  const available = status.availableReplicas ?? 0;
  const base = { desired, updated, available, total };
  if ((d.metadata.generation ?? 0) > (status.observedGeneration ?? 0)) {
    return { ...base, message: 'waiting for the spec update to be observed' };
  }
  const progressing = ((status.conditions ?? []) as { type: string; reason?: string }[]).find((c) => c.type === 'Progressing');
  if (progressing?.reason === 'ProgressDeadlineExceeded') return { ...base, message: 'exceeded its progress deadline' };
  if (updated < desired) return { ...base, message: `${updated} out of ${desired} new replicas have been updated` };
  if (total > updated) return { ...base, message: `${total - updated} old replicas are pending termination` };
  if (available < updated) return { ...base, message: `${available} of ${updated} updated replicas are available` };
  return undefined;
}

/**
 * A DaemonSet's rolling update while it is not done, by DaemonSetStatusViewer's rule (RollingUpdate
 * only): spec not yet observed, fewer nodes with an updated pod than desired, or fewer available.
 * `replacing` names the nodes whose pod is terminating or not yet ready meanwhile.
 */
export function daemonSetRolloutView(ds: KObject, pods: readonly PodView[]): RolloutView | undefined {
  if (ds.spec?.updateStrategy?.type !== 'RollingUpdate') return undefined;
  const status = ds.status ?? {};
  const desired = status.desiredNumberScheduled ?? 0;
  const updated = status.updatedNumberScheduled ?? 0;
  const available = status.numberAvailable ?? 0;
  let message: string | undefined;
  if ((ds.metadata.generation ?? 0) > (status.observedGeneration ?? 0)) message = 'waiting for the spec update to be observed';
  else if (updated < desired) message = `${updated} out of ${desired} new pods have been updated`;
  else if (available < desired) message = `${available} of ${desired} updated pods are available`;
  if (!message) return undefined;
  const replacing = [
    ...new Set(pods.filter((p) => p.nodeName && (p.deleting || p.readyFraction < 1)).map((p) => p.nodeName!)),
  ].sort(byName);
  if (replacing.length > 0) message += ` (replacing on ${replacing.join(', ')})`;
  return { desired, updated, available, total: status.currentNumberScheduled ?? 0, message, unit: 'nodes', replacing };
}

/** The progress deadline of a Deployment (timers.ts progressDeadlines, the DeploymentTimedOut rule). */
export function deadlineView(d: KObject): DeadlineView | undefined {
  const [p] = progressDeadlines([d], 0);
  if (!p) return undefined;
  return { atMs: p.atMs, durationMs: (d.spec?.progressDeadlineSeconds as number) * 1000, rule: p.rule };
}

// ---- the whole model ------------------------------------------------------------------------

/** Owner of a kind among `objects` by uid. */
export function controllerOf(obj: KObject, kind: string): { kind: string; name: string; uid: string } | undefined {
  return (obj.metadata.ownerReferences ?? []).find((r) => r.kind === kind && r.controller !== false);
}

/** Pods by namespace and name, a StatefulSet's in ordinal order (web-2 before web-10). */
export const podOrder = (a: PodView, b: PodView) =>
  byName(a.namespace, b.namespace) || byName(a.sortName ?? a.name, b.sortName ?? b.name);

/** A pod's view as the graph draws it: with its claims' phases (withClaims). */
export function drawnPodView(pod: KObject, claims: ClaimIndex): PodView {
  return withClaims(podView(pod), pod, claims);
}

/** The Pending lane's pods among the views of pods with no node: not those that are done. */
export function pendingOf(views: readonly PodView[]): PodView[] {
  return views.filter((p) => p.tone !== 'done' && p.status !== 'Failed');
}

/** The pods whose views a workload's card reads: a DaemonSet's (its rollout) and a StatefulSet's (its members). */
export function ownerReadByCard(pod: KObject): string | undefined {
  const controller = pod.metadata.ownerReferences?.find((r) => r.controller === true);
  return controller && (controller.kind === 'DaemonSet' || controller.kind === 'StatefulSet') ? controller.uid : undefined;
}

const workloadViewCache = new WeakMap<KObject, { parentKey: ObjectKey | null; endpoints?: EndpointCount; view: WorkloadView }>();

/**
 * workloadView of a workload whose card reads no pods (not a DaemonSet or StatefulSet), reused
 * while the object, its parent and (a Service's) endpoint counts are the same: a big cluster has
 * thousands of Deployments and ReplicaSets, and an unchanged view is also one React skips.
 */
function cachedWorkloadView(
  obj: KObject,
  endpoints: ReadonlyMap<string, EndpointCount>,
  parentKey: ObjectKey | null,
): WorkloadView {
  const ep = obj.kind === 'Service' ? endpoints.get(`${obj.metadata.namespace ?? ''}/${obj.metadata.name ?? ''}`) : undefined;
  const hit = workloadViewCache.get(obj);
  if (hit && hit.parentKey === parentKey && hit.endpoints?.ready === ep?.ready && hit.endpoints?.total === ep?.total)
    return hit.view;
  const view = workloadView(obj, endpoints, parentKey);
  workloadViewCache.set(obj, { parentKey, endpoints: ep && { ...ep }, view });
  return view;
}

/** The kind whose controller a workload nests under in the lane (ReplicaSet → Deployment, Job → CronJob). */
const NESTS_UNDER: Partial<Record<string, string>> = { ReplicaSet: 'Deployment', Job: 'CronJob' };

/**
 * The Workloads lane: Deployments each followed by their ReplicaSets, CronJobs by their Jobs
 * (newest first), then the other kinds in order. `owned(uid)`: the drawn pods of a DaemonSet or
 * StatefulSet (ownerReadByCard), in any order.
 */
export function deriveWorkloads(
  workloadObjs: readonly KObject[],
  endpoints: ReadonlyMap<string, EndpointCount>,
  owned: (uid: string) => readonly PodView[] | undefined,
  claims: ClaimIndex,
): WorkloadView[] {
  const uidToKey = new Map<string, ObjectKey>();
  for (const w of workloadObjs) if (w.metadata.uid) uidToKey.set(w.metadata.uid, keyOf(w));
  const kindRank = (k: string) => WORKLOAD_KINDS.indexOf(k as WorkloadKind);
  const sorted = [...workloadObjs].sort(
    (a, b) =>
      kindRank(a.kind) - kindRank(b.kind) ||
      byName(a.metadata.namespace ?? '', b.metadata.namespace ?? '') ||
      byName(a.metadata.name ?? '', b.metadata.name ?? ''),
  );
  const children = new Map<ObjectKey, KObject[]>();
  const roots: KObject[] = [];
  for (const w of sorted) {
    const parentKind = NESTS_UNDER[w.kind];
    const owner = parentKind ? controllerOf(w, parentKind) : undefined;
    const parentKey = owner ? uidToKey.get(owner.uid) : undefined;
    if (parentKey) {
      let list = children.get(parentKey);
      if (!list) children.set(parentKey, (list = []));
      list.push(w);
    } else roots.push(w);
  }
  const workloads: WorkloadView[] = [];
  for (const w of roots) {
    const key = keyOf(w);
    const pods = w.kind === 'DaemonSet' || w.kind === 'StatefulSet' ? owned(w.metadata.uid ?? '') : undefined;
    const view =
      w.kind === 'DaemonSet' || w.kind === 'StatefulSet'
        ? workloadView(w, endpoints, null, w.kind === 'DaemonSet' ? pods : undefined)
        : cachedWorkloadView(w, endpoints, null);
    if (w.kind === 'StatefulSet') {
      const wait = orderedReadyWait(w, pods ?? []);
      if (wait) view.countTitle += `\n${wait}`;
      view.members = statefulSetMembers(w, pods ?? [], claims);
    }
    workloads.push(view);
    const nested = children.get(key) ?? [];
    if (w.kind === 'CronJob') nested.sort(newestJobsFirst);
    for (const c of nested) workloads.push(cachedWorkloadView(c, endpoints, key));
  }
  return workloads;
}

/**
 * The graph's model of `objects`, derived from scratch (the page keeps it up to date
 * incrementally with IncrementalModel, incremental-model.ts, which must give the same model).
 * `machines`: the playground's machine states by name, for the powered-off and cut marks.
 * `shows`: which namespaces' pods and workloads are drawn (the namespace filter); the node cards'
 * bars and outlooks count every pod bound to them, drawn or not.
 */
export function deriveModel(
  objects: readonly KObject[],
  machines: readonly MachineInfo[] = [],
  shows: (namespace: string) => boolean = () => true,
): GraphModel {
  const nodeObjs: KObject[] = [];
  const podObjs: KObject[] = [];
  const podObjsByNode = new Map<string, KObject[]>();
  // drawn pods by node ('' for none yet), made into sorted views per node below
  const drawnByNode = new Map<string, KObject[]>();
  const workloadObjs: KObject[] = [];
  const claimObjs: KObject[] = [];
  const namespaces = new Map<string, number>();
  let hiddenPods = 0;
  for (const obj of objects) {
    if (obj.kind === 'Node') nodeObjs.push(obj);
    else if (obj.kind === 'Pod') {
      podObjs.push(obj);
      const ns = obj.metadata.namespace ?? '';
      namespaces.set(ns, (namespaces.get(ns) ?? 0) + 1);
      const nodeName = obj.spec?.nodeName as string | undefined;
      if (nodeName) {
        let list = podObjsByNode.get(nodeName);
        if (!list) podObjsByNode.set(nodeName, (list = []));
        list.push(obj);
      }
      if (!shows(ns)) {
        hiddenPods++;
        continue;
      }
      let group = drawnByNode.get(nodeName || '');
      if (!group) drawnByNode.set(nodeName || '', (group = []));
      group.push(obj);
    } else if (obj.kind === 'PersistentVolumeClaim') claimObjs.push(obj);
    else if ((WORKLOAD_KINDS as readonly string[]).includes(obj.kind) && shows(obj.metadata.namespace ?? '')) {
      workloadObjs.push(obj);
    }
  }
  nodeObjs.sort((a, b) => byName(a.metadata.name ?? '', b.metadata.name ?? ''));
  const claims = claimIndex(claimObjs);

  const podsByNode = new Map<string, PodView[]>();
  let pending: PodView[] = [];
  const drawnViews: [ObjectKey, PodView][] = [];
  const podsByOwner = new Map<string, PodView[]>();
  for (const [nodeName, objs] of drawnByNode) {
    const views = objs
      .map((o) => {
        const view = drawnPodView(o, claims);
        drawnViews.push([view.key, view]);
        const owner = ownerReadByCard(o);
        if (owner) {
          let list = podsByOwner.get(owner);
          if (!list) podsByOwner.set(owner, (list = []));
          list.push(view);
        }
        return view;
      })
      .sort(podOrder);
    if (nodeName) podsByNode.set(nodeName, views);
    else pending = pendingOf(views);
  }

  const machineByName = new Map(machines.map((m) => [m.name, m]));
  const nodes = nodeObjs.map((n) =>
    nodeView(n, podObjsByNode.get(n.metadata.name ?? '') ?? [], machineByName.get(n.metadata.name ?? '')),
  );
  const workloads = deriveWorkloads(workloadObjs, endpointCounts(objects), (uid) => podsByOwner.get(uid), claims);
  const noExecuteNodes = nodeObjs.filter(hasNoExecuteTaint);
  return {
    nodes,
    pods: SharedMap.empty<PodView>().with(drawnViews),
    podsByNode,
    pending,
    workloads,
    namespaces,
    hiddenPods,
    countdownPods: countdownCandidates(podObjs, noExecuteNodes),
    noExecuteNodes,
  };
}

/** Per-status counts for a node's pods (the aggregated view beyond ~1,000 pods), largest first. */
export function statusCounts(pods: readonly PodView[]): { status: string; tone: PodTone; count: number }[] {
  const counts = new Map<string, { status: string; tone: PodTone; count: number }>();
  for (const p of pods) {
    const status = p.status || 'Unknown';
    const hit = counts.get(status);
    if (hit) hit.count++;
    else counts.set(status, { status, tone: p.tone, count: 1 });
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || byName(a.status, b.status));
}
