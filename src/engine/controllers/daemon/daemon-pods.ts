// What makes a DaemonSet pod (pkg/controller/daemon/util/daemonset_util.go,
// daemon_controller.go NodeShouldRunDaemonPod / predicates / NewPod):
//  - the automatic tolerations (AddOrUpdateDaemonPodTolerations): not-ready and unreachable
//    NoExecute with no tolerationSeconds (kept for ever), disk-, memory-, pid-pressure and
//    unschedulable NoSchedule, and network-unavailable NoSchedule only with hostNetwork; a
//    toleration of the template equal in key, operator, value and effect is replaced in place;
//  - which nodes should run one: the template's nodeName (if any) is the node, its nodeSelector and
//    required node affinity match the node, and no NoSchedule / NoExecute taint is left
//    untolerated. When only taints fail, a pod already there keeps running unless a NoExecute
//    taint is untolerated (so cordon — the tolerated unschedulable taint — and a new NoSchedule
//    taint never remove it). Node resources are not the controller's business;
//  - the pod template: the tolerations above, the labels pod-template-generation and
//    controller-revision-hash (CreatePodTemplate), and per node a required node affinity of one
//    term `matchFields metadata.name In [node]` replacing any required terms of the template
//    (ReplaceDaemonSetPodNodeNameNodeAffinity): the scheduler binds it, the controller never sets
//    spec.nodeName;
//  - a pod's target node (GetTargetNodeName): spec.nodeName, else that matchFields value.

import type { KObject, Taint, Toleration } from '../../../k8s/types';
import { requiredNodeAffinity } from '../../scheduler/plugins/node-affinity';
import { findUntoleratedTaint } from '../../scheduler/plugins/taint-toleration';
import { CONTROLLER_REVISION_HASH_LABEL } from '../history/controller-history';
import type { PodTemplateSpec } from '../pod-control';

/** extensions.DaemonSetTemplateGenerationKey. */
export const POD_TEMPLATE_GENERATION_LABEL = 'pod-template-generation';

export const TAINT_NODE_NOT_READY = 'node.kubernetes.io/not-ready';
export const TAINT_NODE_UNREACHABLE = 'node.kubernetes.io/unreachable';
export const TAINT_NODE_DISK_PRESSURE = 'node.kubernetes.io/disk-pressure';
export const TAINT_NODE_MEMORY_PRESSURE = 'node.kubernetes.io/memory-pressure';
export const TAINT_NODE_PID_PRESSURE = 'node.kubernetes.io/pid-pressure';
export const TAINT_NODE_UNSCHEDULABLE = 'node.kubernetes.io/unschedulable';
export const TAINT_NODE_NETWORK_UNAVAILABLE = 'node.kubernetes.io/network-unavailable';

/** The automatic tolerations, in the order they are added. */
export function automaticTolerations(hostNetwork: boolean): Toleration[] {
  const out: Toleration[] = [
    { key: TAINT_NODE_NOT_READY, operator: 'Exists', effect: 'NoExecute' },
    { key: TAINT_NODE_UNREACHABLE, operator: 'Exists', effect: 'NoExecute' },
    { key: TAINT_NODE_DISK_PRESSURE, operator: 'Exists', effect: 'NoSchedule' },
    { key: TAINT_NODE_MEMORY_PRESSURE, operator: 'Exists', effect: 'NoSchedule' },
    { key: TAINT_NODE_PID_PRESSURE, operator: 'Exists', effect: 'NoSchedule' },
    { key: TAINT_NODE_UNSCHEDULABLE, operator: 'Exists', effect: 'NoSchedule' },
  ];
  if (hostNetwork) out.push({ key: TAINT_NODE_NETWORK_UNAVAILABLE, operator: 'Exists', effect: 'NoSchedule' });
  return out;
}

/** Toleration.MatchToleration: same key, operator, value and effect. */
function sameToleration(a: Toleration, b: Toleration): boolean {
  return (
    (a.key ?? '') === (b.key ?? '') &&
    (a.operator ?? '') === (b.operator ?? '') &&
    (a.value ?? '') === (b.value ?? '') &&
    (a.effect ?? '') === (b.effect ?? '')
  );
}

/** AddOrUpdateTolerationInPodSpec, for each automatic toleration in turn. */
export function withDaemonPodTolerations(tolerations: readonly Toleration[] | undefined, hostNetwork: boolean): Toleration[] {
  let out = [...(tolerations ?? [])];
  for (const auto of automaticTolerations(hostNetwork)) {
    if (out.some((t) => sameToleration(t, auto))) {
      // An equal one (tolerationSeconds aside) is replaced by the automatic one, in place.
      out = out.map((t) => (sameToleration(t, auto) ? auto : t));
    } else {
      out.push(auto);
    }
  }
  return out;
}

const tolerationsBySpec = new WeakMap<object, Toleration[]>();

/** The tolerations of a daemon pod made from this template spec, built once per spec object. */
export function daemonPodTolerations(spec: KObject['spec']): Toleration[] {
  if (!spec || typeof spec !== 'object') return withDaemonPodTolerations(undefined, false);
  let t = tolerationsBySpec.get(spec);
  if (!t) {
    t = withDaemonPodTolerations(spec.tolerations, spec.hostNetwork === true);
    tolerationsBySpec.set(spec, t);
  }
  return t;
}

export interface NodeVerdict {
  /** A pod should be created here if none is. */
  shouldRun: boolean;
  /** A pod already here may stay. */
  shouldContinueRunning: boolean;
}

const RUN: NodeVerdict = Object.freeze({ shouldRun: true, shouldContinueRunning: true });
const NEVER: NodeVerdict = Object.freeze({ shouldRun: false, shouldContinueRunning: false });
const ONLY_CONTINUE: NodeVerdict = Object.freeze({ shouldRun: false, shouldContinueRunning: true });

const noExecute = (t: Taint) => t.effect === 'NoExecute';

/** NodeShouldRunDaemonPod(node, ds). */
export function nodeShouldRunDaemonPod(node: KObject, ds: KObject): NodeVerdict {
  const spec = ds.spec?.template?.spec;
  const nodeName = node.metadata.name ?? '';
  const pinned: unknown = spec?.nodeName;
  if (typeof pinned === 'string' && pinned !== '' && pinned !== nodeName) return NEVER;
  if (!requiredNodeAffinity({ apiVersion: 'v1', kind: 'Pod', metadata: {}, spec }).match(node)) return NEVER;
  const taints: Taint[] | undefined = node.spec?.taints;
  if (!taints || taints.length === 0) return RUN;
  const tolerations = daemonPodTolerations(spec);
  if (!findUntoleratedTaint(taints, tolerations)) return RUN;
  return findUntoleratedTaint(taints, tolerations, noExecute) ? NEVER : ONLY_CONTINUE;
}

const METADATA_NAME = 'metadata.name';

/** GetTargetNodeName: spec.nodeName, else the matchFields metadata.name In [node] value. */
export function targetNodeName(pod: KObject): string | undefined {
  const nodeName: unknown = pod.spec?.nodeName;
  if (typeof nodeName === 'string' && nodeName !== '') return nodeName;
  const terms = pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms;
  if (!Array.isArray(terms)) return undefined;
  for (const term of terms) {
    for (const f of term?.matchFields ?? []) {
      if (f?.key === METADATA_NAME && f.operator === 'In')
        return Array.isArray(f.values) && f.values.length === 1 ? f.values[0] : undefined;
    }
  }
  return undefined;
}

/** ReplaceDaemonSetPodNodeNameNodeAffinity: the affinity pinning a pod to `node`. */
export function pinnedAffinity(affinity: Record<string, any> | undefined, node: string): Record<string, unknown> {
  const terms = [{ matchFields: [{ key: METADATA_NAME, operator: 'In', values: [node] }] }];
  const nodeAffinity = affinity?.nodeAffinity;
  const required = nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  const nextRequired = required ? { ...required, nodeSelectorTerms: terms } : { nodeSelectorTerms: terms };
  return {
    ...(affinity ?? {}),
    nodeAffinity: { ...(nodeAffinity ?? {}), requiredDuringSchedulingIgnoredDuringExecution: nextRequired },
  };
}

/**
 * CreatePodTemplate: the DaemonSet's template with the automatic tolerations and the
 * pod-template-generation / controller-revision-hash labels.
 */
export function daemonPodTemplate(template: PodTemplateSpec, generation: number | undefined, hash: string): PodTemplateSpec {
  const labels: Record<string, string> = { ...(template.metadata?.labels ?? {}) };
  if (generation !== undefined) labels[POD_TEMPLATE_GENERATION_LABEL] = String(generation);
  if (hash) labels[CONTROLLER_REVISION_HASH_LABEL] = hash;
  const spec = { ...(template.spec ?? {}), tolerations: daemonPodTolerations(template.spec) };
  return { ...template, metadata: { ...(template.metadata ?? {}), labels }, spec };
}

/** The template of the pod for one node: pinned there through node affinity. */
export function podTemplateForNode(template: PodTemplateSpec, node: string): PodTemplateSpec {
  return { ...template, spec: { ...template.spec, affinity: pinnedAffinity(template.spec?.affinity, node) } };
}

/** IsPodUpdated: the pod carries the current hash, or the current template generation. */
export function isPodUpdated(pod: KObject, hash: string, generation: number | undefined): boolean {
  const labels = pod.metadata.labels;
  const templateMatches = generation !== undefined && labels?.[POD_TEMPLATE_GENERATION_LABEL] === String(generation);
  const hashMatches = hash.length > 0 && labels?.[CONTROLLER_REVISION_HASH_LABEL] === hash;
  return hashMatches || templateMatches;
}

/** podByCreationTimestampAndPhase: scheduled pods first, then the oldest, then by name. */
export function compareDaemonPods(a: KObject, b: KObject): number {
  const sa = !!a.spec?.nodeName;
  const sb = !!b.spec?.nodeName;
  if (sa !== sb) return sa ? -1 : 1;
  const ta = a.metadata.creationTimestamp ?? '';
  const tb = b.metadata.creationTimestamp ?? '';
  if (ta !== tb) return ta < tb ? -1 : 1;
  const na = a.metadata.name ?? '';
  const nb = b.metadata.name ?? '';
  return na < nb ? -1 : na > nb ? 1 : 0;
}
