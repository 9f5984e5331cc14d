// What a DaemonSet's sync knows per node, kept between syncs so that a pod event costs work for
// its own node only (docs/ARCHITECTURE.md, "How a controller finds its objects"). For each node:
// the eligibility verdict, the claimed pods aimed at it (target node: spec.nodeName or the
// matchFields pin), and its share of the status counters (from its oldest pod). The DaemonSet's
// status is the sum of the shares, kept as the entries change; `oldNodes` counts the nodes that
// still run a pod of an old revision (no rolling update step is needed while it is 0).
//
// The cache is valid for one DaemonSet object spec and one current hash; the controller rebuilds
// it from a full claim whenever either changes, on timers (availability that changes with time),
// after errors, and for orphans (adoption).

import type { KObject } from '../../../k8s/types';
import { templateGeneration } from '../../api/kinds/daemonset';
import { isPodAvailable, isPodReady } from '../active-pods';
import { getControllerOf } from '../controller-ref-manager';
import { compareDaemonPods, isPodUpdated, nodeShouldRunDaemonPod, targetNodeName, type NodeVerdict } from './daemon-pods';
import type { DaemonSetCounts } from './status';

/** Pods by `<DaemonSet uid>\0<target node>`: a DaemonSet's pods for one node, scheduled or not. */
export const DAEMON_TARGET_INDEX = 'daemonTarget';

const NONE: readonly string[] = Object.freeze([]);
const targetKeys = new WeakMap<object, WeakMap<object, readonly string[]>>();

/** The index function: DaemonSet-controlled pods under their owner's uid and target node. */
export function daemonTargetIndex(pod: KObject): readonly string[] {
  const refs = pod.metadata.ownerReferences;
  const spec = pod.spec;
  if (!refs || !spec || typeof spec !== 'object') return NONE;
  let bySpec = targetKeys.get(refs);
  if (!bySpec) targetKeys.set(refs, (bySpec = new WeakMap()));
  let keys = bySpec.get(spec);
  if (!keys) {
    const ref = getControllerOf(pod);
    const node = ref?.kind === 'DaemonSet' ? targetNodeName(pod) : undefined;
    keys = node === undefined ? NONE : Object.freeze([`${ref!.uid}\u0000${node}`]);
    bySpec.set(spec, keys);
  }
  return keys;
}

export function daemonTargetKey(dsUid: string, node: string): string {
  return `${dsUid}\u0000${node}`;
}

/** getNodesToDaemonPods' filter: terminal pods already being deleted are left out. */
export function countsAsDaemonPod(pod: KObject): boolean {
  if (!pod.metadata.deletionTimestamp) return true;
  const phase = pod.status?.phase;
  return phase !== 'Failed' && phase !== 'Succeeded';
}

export interface NodeEntry {
  /** undefined: no such node (pods may still aim at it). */
  node: KObject | undefined;
  verdict: NodeVerdict;
  pods: KObject[];
  share: DaemonSetCounts;
  /** A non-deleted pod of an old revision runs here. */
  hasOld: boolean;
}

const NO_NODE: NodeVerdict = Object.freeze({ shouldRun: false, shouldContinueRunning: false });

export function zeroCounts(): DaemonSetCounts {
  return {
    currentNumberScheduled: 0,
    numberMisscheduled: 0,
    desiredNumberScheduled: 0,
    numberReady: 0,
    updatedNumberScheduled: 0,
    numberAvailable: 0,
    numberUnavailable: 0,
  };
}

/** One node's entry: verdict, pods, and its share of updateDaemonSetStatus's counters. */
export function nodeEntry(ds: KObject, node: KObject | undefined, pods: KObject[], hash: string, nowUnixMs: number): NodeEntry {
  const verdict = node ? nodeShouldRunDaemonPod(node, ds) : NO_NODE;
  const share = zeroCounts();
  const generation = templateGeneration(ds) || undefined;
  let hasOld = false;
  for (const pod of pods) if (!pod.metadata.deletionTimestamp && !isPodUpdated(pod, hash, generation)) hasOld = true;
  if (node) {
    const scheduled = pods.length > 0;
    if (!verdict.shouldRun) {
      if (scheduled) share.numberMisscheduled = 1;
    } else {
      share.desiredNumberScheduled = 1;
      if (scheduled) {
        share.currentNumberScheduled = 1;
        let oldest = pods[0];
        for (let i = 1; i < pods.length; i++) if (compareDaemonPods(pods[i], oldest) < 0) oldest = pods[i];
        if (isPodReady(oldest)) {
          share.numberReady = 1;
          if (isPodAvailable(oldest, ds.spec?.minReadySeconds ?? 0, nowUnixMs)) share.numberAvailable = 1;
        }
        if (isPodUpdated(oldest, hash, generation)) share.updatedNumberScheduled = 1;
      }
      share.numberUnavailable = share.desiredNumberScheduled - share.numberAvailable;
    }
  }
  return { node, verdict, pods, share, hasOld };
}

const COUNTERS: (keyof DaemonSetCounts)[] = [
  'currentNumberScheduled',
  'numberMisscheduled',
  'desiredNumberScheduled',
  'numberReady',
  'updatedNumberScheduled',
  'numberAvailable',
  'numberUnavailable',
];

/** A DaemonSet's entries with the running sums of their shares. */
export class NodeStates {
  readonly entries = new Map<string, NodeEntry>();
  readonly totals = zeroCounts();
  oldNodes = 0;

  constructor(
    /** The DaemonSet spec object and hash the entries were computed for. */
    readonly spec: unknown,
    readonly uid: string,
    readonly hash: string,
  ) {}

  set(name: string, entry: NodeEntry): void {
    this.drop(name);
    if (!entry.node && entry.pods.length === 0) return;
    this.entries.set(name, entry);
    for (const k of COUNTERS) this.totals[k] += entry.share[k];
    if (entry.hasOld) this.oldNodes++;
  }

  private drop(name: string): void {
    const old = this.entries.get(name);
    if (!old) return;
    this.entries.delete(name);
    for (const k of COUNTERS) this.totals[k] -= old.share[k];
    if (old.hasOld) this.oldNodes--;
  }
}
