// Which pods `kubectl logs TYPE/NAME` reads (kubectl polymorphichelpers: SelectorsForObject,
// GetFirstPod and podutils.ByLogging): the workload's or Service's selector picks the pods, the
// "most interesting" one first — scheduled, running, ready for longest, most restarts, oldest.

import { selectorFromLabelSelector, selectorFromSet, type Selector } from '../../../k8s/labels';
import type { KObject } from '../../../k8s/types';
import type { KindDefinition } from '../../api/kinds/kind-definition';
import { KubectlError, type KubectlEnv } from '../context';

/** Kinds whose spec.selector is a LabelSelector (matchLabels / matchExpressions). */
const LABEL_SELECTOR_KINDS = new Set(['apps/ReplicaSet', 'apps/Deployment', 'apps/DaemonSet', 'apps/StatefulSet', 'batch/Job']);

/**
 * SelectorsForObject: the pod selector of a workload or Service, or kubectl's refusal, worded for
 * the command (`cannot get the logs from …`, `cannot attach to …`).
 */
export function podSelectorOf(def: KindDefinition, obj: KObject, action = 'get the logs from'): Selector {
  const key = `${def.group}/${def.kind}`;
  const cannotGetLogs = (d: KindDefinition, why: string) => new KubectlError(`cannot ${action} ${goType(d)}: ${why}`);
  const selector = obj.spec?.selector;
  if (LABEL_SELECTOR_KINDS.has(key)) {
    if (!selector) throw cannotGetLogs(def, 'invalid label selector: <nil>');
    return selectorFromLabelSelector(selector);
  }
  if (key === '/ReplicationController') return selectorFromSet(selector);
  if (key === '/Service') {
    if (!selector || Object.keys(selector).length === 0) {
      throw cannotGetLogs(def, `invalid service '${obj.metadata.name ?? ''}': Service is defined without a selector`);
    }
    return selectorFromSet(selector);
  }
  throw cannotGetLogs(def, `selector for ${goType(def)} not implemented`);
}

function goType(def: KindDefinition): string {
  return `*${def.version}.${def.kind}`;
}

/**
 * GetFirstPod / GetPodList: the selector's pods sorted ByLogging; when none exists yet, waits (on
 * the virtual clock) up to `timeoutMs` for one to appear, as kubectl's watch does.
 */
export function podsForSelector(env: KubectlEnv, namespace: string, selector: Selector, timeoutMs: number): KObject[] {
  const podDef = env.registry.resolveResource('pods')!;
  const list = () => env.api.list(podDef, { namespace, labelSelector: selector }).items;
  let pods = list();
  if (pods.length === 0) {
    const appeared = env.clock.runUntilCondition(() => list().length > 0, timeoutMs);
    if (!appeared) throw new KubectlError('timed out waiting for the condition');
    pods = list();
  }
  return [...pods].sort(byLogging);
}

const PHASE_RANK: Record<string, number> = { Running: 0, Unknown: 1, Pending: 2 };

/** podutils.ByLogging as a comparator (a negative result puts `a` first). */
function byLogging(a: KObject, b: KObject): number {
  const aNode = a.spec?.nodeName ?? '';
  const bNode = b.spec?.nodeName ?? '';
  if (aNode !== bNode && (!aNode || !bNode)) return aNode ? -1 : 1;
  const aPhase = PHASE_RANK[a.status?.phase ?? ''] ?? 0;
  const bPhase = PHASE_RANK[b.status?.phase ?? ''] ?? 0;
  if (aPhase !== bPhase) return aPhase - bPhase;
  const aReady = readySince(a);
  const bReady = readySince(b);
  if ((aReady !== undefined) !== (bReady !== undefined)) return aReady !== undefined ? -1 : 1;
  // Ready for longer first (an unknown transition time counts as latest).
  if (aReady !== undefined && bReady !== undefined && aReady !== bReady) return aReady - bReady;
  const restarts = maxRestarts(b) - maxRestarts(a);
  if (restarts !== 0) return restarts;
  const aCreated = Date.parse(a.metadata.creationTimestamp ?? '') || Infinity;
  const bCreated = Date.parse(b.metadata.creationTimestamp ?? '') || Infinity;
  if (aCreated !== bCreated) return aCreated < bCreated ? -1 : 1;
  return 0;
}

/** When the pod became Ready (Infinity when the time is unknown), or undefined when not ready. */
function readySince(pod: KObject): number | undefined {
  const ready = (pod.status?.conditions ?? []).find((c: { type: string }) => c.type === 'Ready');
  if (!ready || ready.status !== 'True') return undefined;
  return Date.parse(ready.lastTransitionTime ?? '') || Infinity;
}

function maxRestarts(pod: KObject): number {
  const statuses: { restartCount?: number }[] = pod.status?.containerStatuses ?? [];
  return statuses.reduce((m, s) => Math.max(m, s.restartCount ?? 0), 0);
}
