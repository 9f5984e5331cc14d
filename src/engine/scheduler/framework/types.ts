// The scheduler framework's contract (pkg/scheduler/framework): plugin extension points, their
// statuses, and the per-node view (NodeInfo) plugins decide from. Plugins are plain objects with
// pure functions of (pod, node view, cycle state) so each one is table-tested on its own.

import type { KObject } from '../../../k8s/types';

/** framework.Code: why a plugin said no. */
export type Code = 'Success' | 'Unschedulable' | 'UnschedulableAndUnresolvable' | 'Error' | 'Skip';

export interface Status {
  code: Code;
  /** The reasons counted in `0/6 nodes are available: …` (e.g. `Insufficient cpu`). */
  reasons: string[];
  /** The plugin that returned it (filled in by the framework). */
  plugin?: string;
}

export const SUCCESS: Status = Object.freeze({ code: 'Success', reasons: [] }) as Status;

export function unschedulable(...reasons: string[]): Status {
  return { code: 'Unschedulable', reasons };
}

export function unresolvable(...reasons: string[]): Status {
  return { code: 'UnschedulableAndUnresolvable', reasons };
}

export function isSuccess(s: Status | undefined): boolean {
  return !s || s.code === 'Success';
}

/** Resource amounts in base units: milli-CPU, bytes, pod count, extended resources by name. */
export interface Resource {
  milliCPU: number;
  memory: number;
  ephemeralStorage: number;
  allowedPodNumber: number;
  scalar: Record<string, number>;
}

/** A pod as the scheduler accounts for it (requests computed once per pod). */
export interface PodInfo {
  pod: KObject;
  /** PodRequests: containers, init containers, sidecars and overhead (C4). */
  requests: Resource;
  /** Requests with the non-zero defaults for scoring (100m CPU / 200Mi per container). */
  nonZeroRequests: Resource;
  /** Parsed required (anti-)affinity terms, when the pod has any. */
  requiredAffinityTerms: AffinityTerm[];
  requiredAntiAffinityTerms: AffinityTerm[];
  preferredAffinityTerms: WeightedAffinityTerm[];
  preferredAntiAffinityTerms: WeightedAffinityTerm[];
}

export interface AffinityTerm {
  namespaces: Set<string>;
  /** undefined: only `namespaces` count; otherwise also namespaces whose labels match. */
  namespaceSelector?: (namespaceLabels: Record<string, string> | undefined) => boolean;
  selector: (labels: Record<string, string> | undefined) => boolean;
  topologyKey: string;
}

export interface WeightedAffinityTerm extends AffinityTerm {
  weight: number;
}

/** framework.NodeInfo: a node with the pods assigned (or assumed) to it and their totals. */
export interface NodeInfo {
  readonly name: string;
  node: KObject;
  pods: PodInfo[];
  podsWithAffinity: PodInfo[];
  podsWithRequiredAntiAffinity: PodInfo[];
  /** Σ requests of the pods on the node. */
  requested: Resource;
  /** Σ non-zero requests of the pods on the node (for scoring). */
  nonZeroRequested: Resource;
  allocatable: Resource;
  /** host ports in use: `protocol/hostIP/port`. */
  usedPorts: Set<string>;
  /** Bumped on every change, so per-node caches can tell whether they are stale. */
  generation: number;
}

/** Data a plugin computes in PreFilter/PreScore and reads in Filter/Score, per cycle. */
export type CycleState = Map<string, unknown>;

/** A label selector as a predicate, optionally with a stable identity for caches. */
export type LabelPredicate = ((labels: Record<string, string> | undefined) => boolean) & {
  readonly key?: string;
  /** A (key, value) label every match has, when the selector requires one (see LabelMatcher). */
  readonly requiredLabel?: readonly [key: string, value: string];
};

/** What the plugins see of the cluster at the start of a cycle. */
export interface Snapshot {
  nodes: NodeInfo[];
  get(nodeName: string): NodeInfo | undefined;
  /** Nodes having at least one pod with required anti-affinity (for InterPodAffinity). */
  havePodsWithRequiredAntiAffinity: NodeInfo[];
  havePodsWithAffinity: NodeInfo[];
  /** Labels of a namespace, for namespaceSelector terms. */
  namespaceLabels(namespace: string): Record<string, string> | undefined;
  /** How many nodes hold an image (for ImageLocality's spread factor), and its size in bytes. */
  imageState(image: string): { nodes: number; size: number } | undefined;
  /**
   * Label selectors of the Services / RCs / RSs / StatefulSets selecting a pod (default spreading).
   * Give each a `key` (its canonical selector text, e.g. `app=web`): PodTopologySpread keeps its
   * per-node counts per selector across cycles under that key (or the function's identity).
   */
  defaultSpreadSelectors(pod: KObject): LabelPredicate[];
}

export interface PreFilterResult {
  status?: Status;
  /** Restricts the nodes Filter runs on (e.g. NodeAffinity with matchFields on metadata.name). */
  nodeNames?: Set<string>;
}

export interface FilterPlugin {
  readonly name: string;
  /** A result with status code 'Skip' means: do not run this plugin's Filter for this pod. */
  preFilter?(state: CycleState, pod: PodInfo, snapshot: Snapshot): PreFilterResult | undefined;
  filter(state: CycleState, pod: PodInfo, node: NodeInfo, snapshot: Snapshot): Status;
  /**
   * PreFilterExtensions.AddPod / RemovePod: adjust this plugin's PreFilter state as if `other`
   * were added to / removed from `node` (preemption dry runs, nominated pods). Call them on a
   * cloned state (cloneCycleState) together with a cloned NodeInfo.
   */
  addPod?(state: CycleState, pod: PodInfo, other: PodInfo, node: NodeInfo, snapshot: Snapshot): void;
  removePod?(state: CycleState, pod: PodInfo, other: PodInfo, node: NodeInfo, snapshot: Snapshot): void;
}

/** A cycle-state value that AddPod/RemovePod change: cloneCycleState copies it with clone(). */
export interface CloneableStateData {
  clone(): unknown;
}

/** CycleState.Clone: values with a clone() method are copied, the rest (read-only) shared. */
export function cloneCycleState(state: CycleState): CycleState {
  const out: CycleState = new Map();
  for (const [k, v] of state) {
    const c = v as Partial<CloneableStateData> | null;
    out.set(k, c !== null && typeof c === 'object' && typeof c.clone === 'function' ? c.clone() : v);
  }
  return out;
}

export interface ScorePlugin {
  readonly name: string;
  readonly weight: number;
  /** A status with code 'Skip' means: do not run this plugin's Score/NormalizeScore (it adds 0). */
  preScore?(state: CycleState, pod: PodInfo, nodes: NodeInfo[], snapshot: Snapshot): Status | undefined;
  /** Raw score of one node. */
  score(state: CycleState, pod: PodInfo, node: NodeInfo, snapshot: Snapshot): number;
  /** Rescales raw scores to [0, 100] in place (NormalizeScore). */
  normalize?(state: CycleState, pod: PodInfo, scores: NodeScore[]): void;
}

export interface NodeScore {
  name: string;
  score: number;
}

export const MAX_NODE_SCORE = 100;
