// Test fixtures for the scheduler plugins: small nodes and pods, an in-memory Snapshot, and
// helpers that run one plugin's PreFilter/Filter or PreScore/Score/NormalizeScore the way the
// framework does (Skip honoured).

import type { KObject, Taint, Toleration } from '../../../k8s/types';
import { addPod, newNodeInfo, removeNode, removePod, setNode } from '../framework/node-info';
import { podInfoFor } from '../framework/pod-info';
import {
  SUCCESS,
  type CycleState,
  type FilterPlugin,
  type LabelPredicate,
  type NodeInfo,
  type NodeScore,
  type PodInfo,
  type ScorePlugin,
  type Snapshot,
  type Status,
} from '../framework/types';

export interface NodeOptions {
  labels?: Record<string, string>;
  /** cpu, memory, pods, ephemeral-storage, extended resources. Default cpu 4, memory 8Gi, pods 110. */
  allocatable?: Record<string, string>;
  taints?: Taint[];
  unschedulable?: boolean;
  images?: { names: string[]; sizeBytes: number }[];
}

export function makeNode(name: string, o: NodeOptions = {}): KObject {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name, uid: `uid-node-${name}`, labels: { 'kubernetes.io/hostname': name, ...o.labels } },
    spec: { ...(o.taints ? { taints: o.taints } : {}), ...(o.unschedulable ? { unschedulable: true } : {}) },
    status: {
      allocatable: o.allocatable ?? { cpu: '4', memory: '8Gi', pods: '110' },
      ...(o.images ? { images: o.images } : {}),
    },
  };
}

export interface ContainerOptions {
  requests?: Record<string, string>;
  image?: string;
  hostPorts?: { hostPort: number; protocol?: string; hostIP?: string }[];
  restartPolicy?: 'Always';
}

export interface PodOptions {
  namespace?: string;
  labels?: Record<string, string>;
  /** One entry per container; default one container without requests. */
  containers?: ContainerOptions[];
  initContainers?: ContainerOptions[];
  nodeName?: string;
  tolerations?: Toleration[];
  nodeSelector?: Record<string, string>;
  affinity?: unknown;
  topologySpreadConstraints?: unknown[];
  overhead?: Record<string, string>;
  /** Pod-level resources. */
  resources?: { requests?: Record<string, string> };
  deletionTimestamp?: string;
  priority?: number;
  spec?: Record<string, unknown>;
}

let podSeq = 0;

function container(name: string, c: ContainerOptions): Record<string, unknown> {
  return {
    name,
    image: c.image ?? 'busybox',
    ...(c.requests ? { resources: { requests: c.requests } } : {}),
    ...(c.hostPorts ? { ports: c.hostPorts.map((p) => ({ containerPort: p.hostPort, ...p })) } : {}),
    ...(c.restartPolicy ? { restartPolicy: c.restartPolicy } : {}),
  };
}

export function makePod(name: string, o: PodOptions = {}): KObject {
  const spec: Record<string, unknown> = {
    containers: (o.containers ?? [{}]).map((c, i) => container(`c${i}`, c)),
    ...(o.initContainers ? { initContainers: o.initContainers.map((c, i) => container(`i${i}`, c)) } : {}),
    ...(o.nodeName ? { nodeName: o.nodeName } : {}),
    ...(o.tolerations ? { tolerations: o.tolerations } : {}),
    ...(o.nodeSelector ? { nodeSelector: o.nodeSelector } : {}),
    ...(o.affinity ? { affinity: o.affinity } : {}),
    ...(o.topologySpreadConstraints ? { topologySpreadConstraints: o.topologySpreadConstraints } : {}),
    ...(o.overhead ? { overhead: o.overhead } : {}),
    ...(o.resources ? { resources: o.resources } : {}),
    ...(o.priority !== undefined ? { priority: o.priority } : {}),
    ...o.spec,
  };
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: o.namespace ?? 'default',
      uid: `uid-pod-${name}-${++podSeq}`,
      ...(o.labels ? { labels: o.labels } : {}),
      ...(o.deletionTimestamp ? { deletionTimestamp: o.deletionTimestamp } : {}),
    },
    spec,
  };
}

/** A minimal in-memory Snapshot over NodeInfos built with node-info.ts. */
export class FakeSnapshot implements Snapshot {
  readonly nodes: NodeInfo[] = [];
  private readonly byName = new Map<string, NodeInfo>();
  namespaces: Record<string, Record<string, string>> = {};
  spreadSelectors: (pod: KObject) => LabelPredicate[] = () => [];

  constructor(nodes: KObject[] = [], pods: KObject[] = []) {
    for (const n of nodes) this.addNode(n);
    for (const p of pods) this.addPod(p);
  }

  addNode(node: KObject): NodeInfo {
    const info = newNodeInfo(node);
    this.nodes.push(info);
    this.byName.set(info.name, info);
    return info;
  }

  updateNode(node: KObject): void {
    setNode(this.byName.get(node.metadata.name!)!, node);
  }

  removeNode(name: string): void {
    const i = this.nodes.findIndex((n) => n.name === name);
    if (i >= 0) this.nodes.splice(i, 1);
    const info = this.byName.get(name);
    this.byName.delete(name);
    if (info) removeNode(info);
  }

  /** Adds a pod to the node named in its spec.nodeName. */
  addPod(pod: KObject): void {
    addPod(this.byName.get(pod.spec.nodeName)!, podInfoFor(pod));
  }

  removePod(pod: KObject): void {
    removePod(this.byName.get(pod.spec.nodeName)!, pod);
  }

  get(name: string): NodeInfo | undefined {
    return this.byName.get(name);
  }

  get havePodsWithAffinity(): NodeInfo[] {
    return this.nodes.filter((n) => n.podsWithAffinity.length > 0);
  }

  get havePodsWithRequiredAntiAffinity(): NodeInfo[] {
    return this.nodes.filter((n) => n.podsWithRequiredAntiAffinity.length > 0);
  }

  namespaceLabels(namespace: string): Record<string, string> | undefined {
    return this.namespaces[namespace];
  }

  imageState(image: string): { nodes: number; size: number } | undefined {
    let nodes = 0;
    let size = 0;
    for (const n of this.nodes) {
      for (const img of (n.node.status?.images ?? []) as { names: string[]; sizeBytes: number }[]) {
        if (img.names.includes(image)) {
          if (nodes === 0) size = img.sizeBytes;
          nodes++;
          break;
        }
      }
    }
    return nodes === 0 ? undefined : { nodes, size };
  }

  defaultSpreadSelectors(pod: KObject): LabelPredicate[] {
    return this.spreadSelectors(pod);
  }
}

export interface FilterRun {
  state: CycleState;
  /** PreFilter's status when it rejected or skipped. */
  preFilter?: Status;
  nodeNames?: Set<string>;
  /** Filter status per node name (SUCCESS when it passed). */
  statuses: Map<string, Status>;
}

/** Runs one plugin's PreFilter, then Filter on every node (unless PreFilter skipped or rejected). */
export function runFilter(
  plugin: FilterPlugin,
  pod: KObject | PodInfo,
  snapshot: Snapshot,
  state: CycleState = new Map(),
): FilterRun {
  const pi = 'kind' in pod ? podInfoFor(pod as KObject) : (pod as PodInfo);
  const run: FilterRun = { state, statuses: new Map() };
  const r = plugin.preFilter?.(state, pi, snapshot);
  if (r?.status && r.status.code !== 'Success') {
    run.preFilter = r.status;
    if (r.status.code === 'Skip') for (const n of snapshot.nodes) run.statuses.set(n.name, SUCCESS);
    return run;
  }
  run.nodeNames = r?.nodeNames;
  for (const n of snapshot.nodes) run.statuses.set(n.name, plugin.filter(state, pi, n, snapshot));
  return run;
}

/** `name: code reason; ...` for the nodes that did not pass, for compact assertions. */
export function failures(run: FilterRun): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, s] of run.statuses) if (s.code !== 'Success') out[name] = `${s.code}: ${s.reasons.join(', ')}`;
  return out;
}

/** PreScore, Score and NormalizeScore of one plugin on `nodes` (default: all). Skip → all 0. */
export function runScore(
  plugin: ScorePlugin,
  pod: KObject | PodInfo,
  snapshot: Snapshot,
  nodes: NodeInfo[] = snapshot.nodes,
): { raw: Record<string, number>; normalized: Record<string, number>; skipped: boolean } {
  const pi = 'kind' in pod ? podInfoFor(pod as KObject) : (pod as PodInfo);
  const state: CycleState = new Map();
  const s = plugin.preScore?.(state, pi, nodes, snapshot);
  const raw: Record<string, number> = {};
  const normalized: Record<string, number> = {};
  if (s?.code === 'Skip') {
    for (const n of nodes) raw[n.name] = normalized[n.name] = 0;
    return { raw, normalized, skipped: true };
  }
  const list: NodeScore[] = nodes.map((n) => ({ name: n.name, score: plugin.score(state, pi, n, snapshot) }));
  for (const e of list) raw[e.name] = e.score;
  plugin.normalize?.(state, pi, list);
  for (const e of list) normalized[e.name] = e.score;
  return { raw, normalized, skipped: false };
}
