// DaemonSet controller (pkg/controller/daemon/daemon_controller.go, update.go): one pod on every
// node that should run one.
//
// syncDaemonSet(key):
//  1. the DaemonSet from the cache (gone → forget its expectations); a selector `{}` only gets the
//     Warning SelectingAll; a DaemonSet being deleted is left alone;
//  2. constructHistory: claim its ControllerRevisions (owner-uid ∪ orphans, adopting matching
//     ones), split them into the one matching the template (by its data, a `$patch: replace`
//     patch of spec.template) and the old ones; create `<ds>-<hash>` with revision max(old)+1 if
//     none matches (a name taken by other data raises status.collisionCount), else raise the
//     current one's revision to max(old)+1; the pods' hash is the current revision's
//     controller-revision-hash label;
//  3. expectations not yet satisfied → only the status (observedGeneration untouched);
//  4. manage: per node (podsShouldBeOnNode): create where one should run and none is; delete
//     Failed pods (Warning FailedDaemonPod, per-node back-off 1 s → 15 min) and Succeeded ones
//     (Normal SucceededDaemonPod); keep only the oldest running pod (without surge) or the oldest
//     old and oldest new pod (with surge); delete every pod on a node that must not keep one;
//     delete unscheduled pods aimed at nodes that no longer exist. syncNodes: at most 250
//     creates and 250 deletes per sync, creates in slow-start batches 1, 2, 4, …;
//  5. RollingUpdate (rolling-update.ts) when expectations are satisfied and old pods remain;
//     OnDelete never deletes;
//  6. cleanupHistory: old revisions beyond revisionHistoryLimit, oldest first, unless a live pod
//     still carries their hash;
//  7. status from the oldest pod of each node that should run one, written when it changed; with
//     minReadySeconds a re-check after minReadySeconds while ready ≠ available.
// What a node holds is kept between syncs (node-states.ts): a full pass claims the pods
// (owner-uid ∪ orphans of the namespace, adopting and releasing) and builds an entry per node; a
// pod or node event then marks its node only, the next sync recomputes those entries (pods from
// the daemon-target index) and the manage loop visits just those nodes, with the status a running
// sum. A full pass runs when the spec or the revision hash changes, when a timer it set is due
// (back-off, minReadySeconds), after an error, for orphans or owner / label changes (claims), and
// when the burst limit left work undone.
// Event handlers: a DaemonSet enqueues itself; a pod with a controllerRef wakes that DaemonSet (an
// add is CreationObserved, a deletion DeletionObserved) — only when something the controller reads
// changed (labels, owners, deletion, phase, readiness, node); an orphan wakes the DaemonSets whose
// selector matches it (SelectorIndex); revisions likewise; a node added wakes the DaemonSets that
// should run there, a node whose labels, taints or name changed wakes those whose verdict for it
// changed. That is O(#DaemonSets) per node event (a handful), never O(pods).
//
// Differences from upstream: creates and deletes run one after the other (the watch delivers each
// before the next, so expectations are met within the sync and the rolling update runs in the
// same sync as the manage loop); nodes are visited in node-list order (upstream: Go map order);
// a deleted node also wakes the DaemonSets it concerned, so the desired count drops at once
// (upstream waits for PodGC to remove the pod).

import { errorText, specSelectorOf } from '../../runtime/owner-selector';
import { templateRevisionData } from '../history/controller-history';
import type { Selector } from '../../../k8s/labels';
import type { KObject } from '../../../k8s/types';
import type { ApiServer } from '../../api/apiserver';
import { deepEqual } from '../../api/deep';
import { isApiError } from '../../api/errors';
import { controllerRevisionKind } from '../../api/kinds/controllerrevision';
import { daemonSetKind, templateGeneration } from '../../api/kinds/daemonset';
import { nodeKind } from '../../api/kinds/node';
import { podKind } from '../../api/kinds/pod';
import type { Clock } from '../../clock/clock';
import { Controller } from '../../runtime/controller';
import type { Recorder } from '../../runtime/events';
import { ControllerExpectations } from '../../runtime/expectations';
import { Backoff } from '../../runtime/flowcontrol-backoff';
import { objectKey, type Informer, type InformerFactory } from '../../runtime/informer';
import { claimCandidates } from '../../runtime/lookups';
import { indexSelectorsOf } from '../../runtime/selector-index';
import { isPodAvailable, isPodReady, replicaStateChanged } from '../active-pods';
import { ControllerRefManager, freshOwnerCanAdopt, getControllerOf, newControllerRef } from '../controller-ref-manager';
import { computeHash } from '../deployment/pod-template-hash';
import {
  claimRevisions,
  CONTROLLER_REVISION_HASH_LABEL,
  controllerRevisionName,
  maxRevision,
  revisionsToTruncate,
} from '../history/controller-history';
import { hasStatusCause, NAMESPACE_TERMINATING_CAUSE, PodControl } from '../pod-control';
import { slowStartBatch } from '../replicaset/replicaset-controller';
import {
  compareDaemonPods,
  daemonPodTemplate,
  isPodUpdated,
  nodeShouldRunDaemonPod,
  podTemplateForNode,
  targetNodeName,
  type NodeVerdict,
} from './daemon-pods';
import { countsAsDaemonPod, DAEMON_TARGET_INDEX, daemonTargetIndex, daemonTargetKey, nodeEntry, NodeStates } from './node-states';
import { rollingUpdateStep, rolloutLimits } from './rolling-update';
import { orderDaemonSetStatus, statusUnchanged, type DaemonSetCounts } from './status';

export const DAEMONSET_CONTROLLER = 'daemonset-controller';
/** BurstReplicas: creates or deletes per sync. */
export const DAEMONSET_BURST_REPLICAS = 250;
/** The failed-pods back-off (cmd/kube-controller-manager/app/apps.go). */
export const FAILED_PODS_BACKOFF_INITIAL_MS = 1000;
export const FAILED_PODS_BACKOFF_MAX_MS = 15 * 60 * 1000;
const STATUS_UPDATE_RETRIES = 1;

export const SELECTING_ALL_REASON = 'SelectingAll';
export const FAILED_DAEMON_POD_REASON = 'FailedDaemonPod';
export const SUCCEEDED_DAEMON_POD_REASON = 'SucceededDaemonPod';

const OWNER_KIND = { apiVersion: 'apps/v1', kind: 'DaemonSet' };

export interface DaemonSetControllerDeps {
  api: ApiServer;
  clock: Clock;
  informers: InformerFactory;
  recorder: Recorder;
  burstReplicas?: number;
}

export interface DaemonSetController extends Controller {
  readonly expectations: ControllerExpectations;
}

/** getPatch: the revision data of a DaemonSet, a patch that replaces spec.template. */
export const revisionData = templateRevisionData;

const selectorOf = specSelectorOf;

/** Whether a pod update can change a DaemonSet decision: replica state, or where it runs. */
function daemonPodChanged(oldPod: KObject, cur: KObject): boolean {
  return replicaStateChanged(oldPod, cur) || oldPod.spec?.nodeName !== cur.spec?.nodeName;
}

function sameVerdict(a: NodeVerdict, b: NodeVerdict): boolean {
  return a.shouldRun === b.shouldRun && a.shouldContinueRunning === b.shouldContinueRunning;
}

export function startDaemonSetController(deps: DaemonSetControllerDeps): DaemonSetController {
  const { api, clock, informers, recorder } = deps;
  const burst = deps.burstReplicas ?? DAEMONSET_BURST_REPLICAS;
  const daemonSets = informers.informerFor(daemonSetKind);
  const pods: Informer = informers.informerFor(podKind);
  if (!pods.hasIndex(DAEMON_TARGET_INDEX)) pods.addIndex(DAEMON_TARGET_INDEX, daemonTargetIndex);
  const nodes: Informer = informers.informerFor(nodeKind);
  const revisions: Informer = informers.informerFor(controllerRevisionKind);
  const expectations = new ControllerExpectations(clock);
  const failedPodsBackoff = new Backoff(FAILED_PODS_BACKOFF_INITIAL_MS, FAILED_PODS_BACKOFF_MAX_MS);
  const podControl = new PodControl(api, recorder);
  const dsSelectors = indexSelectorsOf(daemonSets, selectorOf);

  // sync (below) is only called once the queue drains, after this function returned.
  const controller = new Controller({ name: DAEMONSET_CONTROLLER, clock, sync: (key) => sync(key) });

  const resolveControllerRef = (namespace: string | undefined, ref: { kind: string; name: string; uid: string }) => {
    if (ref.kind !== 'DaemonSet') return undefined;
    const ds = daemonSets.get(namespace, ref.name);
    return ds && ds.metadata.uid === ref.uid ? ds : undefined;
  };

  /** getDaemonSetsForPod / ForHistory: DaemonSets whose selector matches the object's labels. */
  const daemonSetsMatching = (obj: KObject): string[] => {
    const labels = obj.metadata.labels;
    if (!labels || Object.keys(labels).length === 0) return [];
    return dsSelectors.matching(obj.metadata.namespace ?? '', labels);
  };

  /**
   * getNodesToDaemonPods: the claimed pods by target node, in node order of first appearance.
   * Terminal pods already being deleted are left out unless `includeDeletedTerminal`.
   */
  const nodesToDaemonPods = (ds: KObject, selector: Selector, includeDeletedTerminal = false): Map<string, KObject[]> => {
    const namespace = ds.metadata.namespace ?? '';
    const manager = new ControllerRefManager({
      api,
      owner: ds,
      ownerKind: OWNER_KIND,
      selector,
      canAdopt: freshOwnerCanAdopt(api, daemonSetKind, ds),
    });
    const { claimed, errors } = manager.claimPods(claimCandidates(pods, namespace, ds.metadata.uid ?? ''));
    if (errors.length > 0) throw errors[0];
    const byNode = new Map<string, KObject[]>();
    for (const pod of claimed) {
      const phase = pod.status?.phase;
      if (!includeDeletedTerminal && pod.metadata.deletionTimestamp && (phase === 'Failed' || phase === 'Succeeded')) continue;
      const node = targetNodeName(pod);
      if (node === undefined) continue;
      const list = byNode.get(node);
      if (list) list.push(pod);
      else byNode.set(node, [pod]);
    }
    return byNode;
  };

  /** Match: the revision holds this DaemonSet's template. */
  const matches = (ds: KObject, revision: KObject) => deepEqual(revision.data, revisionData(ds));

  /** snapshot: create the revision of the current template. */
  const snapshot = (ds: KObject, revision: number): KObject => {
    const namespace = ds.metadata.namespace ?? '';
    const hash = computeHash(ds.spec?.template, ds.status?.collisionCount);
    const name = controllerRevisionName(ds.metadata.name ?? '', hash);
    const metadata: KObject['metadata'] = {
      name,
      namespace,
      labels: { ...(ds.spec?.template?.metadata?.labels ?? {}), [CONTROLLER_REVISION_HASH_LABEL]: hash },
      ownerReferences: [newControllerRef(ds, OWNER_KIND)],
    };
    if (ds.metadata.annotations) metadata.annotations = ds.metadata.annotations;
    try {
      return api.create({ apiVersion: 'apps/v1', kind: 'ControllerRevision', metadata, data: revisionData(ds), revision });
    } catch (e) {
      if (!isApiError(e, 'AlreadyExists')) throw e;
      const existing = api.get(controllerRevisionKind, namespace, name);
      if (matches(ds, existing)) return existing;
      // A hash collision: another template has this name. Raise collisionCount (from a fresh read).
      const fresh = api.get(daemonSetKind, namespace, ds.metadata.name ?? '');
      if ((fresh.status?.collisionCount ?? null) !== (ds.status?.collisionCount ?? null)) {
        throw new Error(
          `found a stale collision count (${ds.status?.collisionCount ?? 0}, expected ${fresh.status?.collisionCount ?? 0}) of DaemonSet ${JSON.stringify(ds.metadata.name ?? '')} while processing; will retry until it is updated`,
          { cause: e },
        );
      }
      api.updateStatus({ ...fresh, status: { ...fresh.status, collisionCount: (fresh.status?.collisionCount ?? 0) + 1 } });
      throw e;
    }
  };

  /** constructHistory: the current revision (created or renumbered) and the old ones. */
  const constructHistory = (ds: KObject, selector: Selector): { cur: KObject; old: KObject[] } => {
    const { claimed, errors } = claimRevisions(
      api,
      revisions,
      ds,
      OWNER_KIND,
      selector,
      freshOwnerCanAdopt(api, daemonSetKind, ds),
    );
    if (errors.length > 0) throw errors[0];
    const current: KObject[] = [];
    const old: KObject[] = [];
    for (let history of claimed) {
      if (history.metadata.labels?.[CONTROLLER_REVISION_HASH_LABEL] === undefined) {
        const labels = { ...(history.metadata.labels ?? {}), [CONTROLLER_REVISION_HASH_LABEL]: history.metadata.name ?? '' };
        history = api.update({ ...history, metadata: { ...history.metadata, labels } });
      }
      (matches(ds, history) ? current : old).push(history);
    }
    const currRevision = maxRevision(old) + 1;
    if (current.length === 0) return { cur: snapshot(ds, currRevision), old };
    let cur = dedupCurrentHistories(ds, selector, current);
    if ((typeof cur.revision === 'number' ? cur.revision : 0) < currRevision) {
      cur = api.update({ ...cur, revision: currRevision });
    }
    return { cur, old };
  };

  /** dedupCurHistories: keep the highest revision, move pods to its hash, delete the others. */
  const dedupCurrentHistories = (ds: KObject, selector: Selector, current: KObject[]): KObject => {
    if (current.length === 1) return current[0];
    let keep = current[0];
    for (const c of current) if ((c.revision ?? 0) >= (keep.revision ?? 0)) keep = c;
    const hash = keep.metadata.labels?.[CONTROLLER_REVISION_HASH_LABEL] ?? '';
    for (const list of nodesToDaemonPods(ds, selector, true).values()) {
      for (const pod of list) {
        if (pod.metadata.labels?.[CONTROLLER_REVISION_HASH_LABEL] === hash) continue;
        api.patch(podKind, pod.metadata.namespace, pod.metadata.name ?? '', 'merge', {
          metadata: { labels: { [CONTROLLER_REVISION_HASH_LABEL]: hash } },
        });
      }
    }
    for (const c of current) {
      if (c !== keep) api.delete(controllerRevisionKind, c.metadata.namespace, c.metadata.name ?? '');
    }
    return keep;
  };

  /** syncNodes: the deletes and creates of one sync, within the burst limit. */
  const syncNodes = (ds: KObject, key: string, podsToDelete: string[], nodesNeedingPods: string[], hash: string): unknown => {
    const namespace = ds.metadata.namespace ?? '';
    const createDiff = Math.min(nodesNeedingPods.length, burst);
    const deleteDiff = Math.min(podsToDelete.length, burst);
    expectations.setExpectations(key, createDiff, deleteDiff);
    const errors: unknown[] = [];
    if (createDiff > 0) {
      const generation = templateGeneration(ds) || undefined;
      const template = daemonPodTemplate(ds.spec?.template ?? {}, generation, hash);
      const controllerRef = newControllerRef(ds, OWNER_KIND);
      let next = 0;
      const { error } = slowStartBatch(createDiff, 1, () => {
        const node = nodesNeedingPods[next++];
        try {
          podControl.createPod(namespace, podTemplateForNode(template, node), ds, controllerRef);
        } catch (e) {
          // The namespace is going away: every create would fail, and none is an error.
          if (hasStatusCause(e, NAMESPACE_TERMINATING_CAUSE)) return;
          expectations.creationObserved(key);
          errors.push(e);
          throw e;
        }
      });
      // Creates never attempted after a failed batch will not be observed.
      if (error !== undefined && createDiff - next > 0) expectations.lowerExpectations(key, createDiff - next, 0);
    }
    for (let i = 0; i < deleteDiff; i++) {
      try {
        podControl.deletePod(namespace, podsToDelete[i], ds);
      } catch (e) {
        expectations.deletionObserved(key);
        if (!isApiError(e, 'NotFound')) errors.push(e);
      }
    }
    if (errors.length === 0) return undefined;
    return errors.length === 1 ? errors[0] : new Error(`[${errors.map(errorText).join(', ')}]`);
  };

  /**
   * The per-node cache of each DaemonSet and what is stale in it: nodes whose entry must be
   * recomputed, nodes the next manage loop must visit, and DaemonSets needing a full rebuild.
   */
  const states = new Map<string, NodeStates>();
  const stale = new Map<string, Set<string>>();
  const toManage = new Map<string, Set<string>>();
  const fullPending = new Set<string>();
  /** When a timer asked for a full pass (back-off, minReadySeconds): availability moves with time. */
  const fullDueAt = new Map<string, number>();

  const markNode = (key: string, node: string | undefined) => {
    if (node === undefined) {
      fullPending.add(key);
      return;
    }
    for (const m of [stale, toManage]) {
      let set = m.get(key);
      if (!set) m.set(key, (set = new Set()));
      set.add(node);
    }
  };
  const requeueFullAfter = (key: string, delayMs: number) => {
    const at = clock.now() + delayMs;
    const due = fullDueAt.get(key);
    if (due === undefined || at < due) fullDueAt.set(key, at);
    controller.enqueueAfter(key, delayMs);
  };
  const forget = (key: string) => {
    states.delete(key);
    stale.delete(key);
    toManage.delete(key);
    fullPending.delete(key);
    fullDueAt.delete(key);
  };

  /** A full pass: claim every pod (adopting and releasing), entries for every node and stray target. */
  const rebuild = (ds: KObject, selector: Selector, hash: string): NodeStates => {
    const byNode = nodesToDaemonPods(ds, selector);
    const st = new NodeStates(ds.spec, ds.metadata.uid ?? '', hash);
    const now = clock.nowUnixMs();
    for (const node of nodes.list()) {
      const name = node.metadata.name ?? '';
      st.set(name, nodeEntry(ds, node, byNode.get(name) ?? [], hash, now));
      byNode.delete(name);
    }
    for (const [name, list] of byNode) st.set(name, nodeEntry(ds, undefined, list, hash, now));
    return st;
  };

  /** Recomputes the entries of the nodes whose pods or node changed since. */
  const refresh = (ds: KObject, key: string, selector: Selector, st: NodeStates) => {
    const set = stale.get(key);
    if (!set || set.size === 0) return;
    stale.delete(key);
    const now = clock.nowUnixMs();
    for (const name of set) {
      const list = pods
        .byIndex(DAEMON_TARGET_INDEX, daemonTargetKey(st.uid, name))
        .filter((pod) => countsAsDaemonPod(pod) && selector.matches(pod.metadata.labels));
      st.set(name, nodeEntry(ds, nodes.get(undefined, name), list, st.hash, now));
    }
  };

  /** podsShouldBeOnNode for the visited nodes: what manage creates and deletes. */
  const manage = (ds: KObject, key: string, st: NodeStates, visit: Iterable<string>, hash: string): unknown => {
    const nodesNeedingPods: string[] = [];
    const podsToDelete: string[] = [];
    const surge = rolloutLimits(ds, 1).maxSurge > 0 && ds.spec?.updateStrategy?.type === 'RollingUpdate';
    const nowMs = clock.nowUnixMs();
    const minReadySeconds: number = ds.spec?.minReadySeconds ?? 0;
    for (const nodeName of visit) {
      const entry = st.entries.get(nodeName);
      if (!entry) continue;
      if (!entry.node) {
        // getUnscheduledPodsWithoutNode: never scheduled, for a node that is gone; PodGC cannot see them.
        for (const pod of entry.pods) if (!pod.spec?.nodeName) podsToDelete.push(pod.metadata.name ?? '');
        continue;
      }
      const { shouldRun, shouldContinueRunning } = entry.verdict;
      const daemonPods = entry.pods;
      if (shouldRun && daemonPods.length === 0) {
        nodesNeedingPods.push(nodeName);
      } else if (shouldContinueRunning) {
        const running: KObject[] = [];
        for (const pod of daemonPods) {
          if (pod.metadata.deletionTimestamp) continue;
          const phase = pod.status?.phase;
          const where = `${pod.metadata.namespace ?? ''}/${pod.metadata.name ?? ''}`;
          if (phase === 'Failed') {
            // Kubelets that reject a pod would otherwise fight the controller in a hot loop.
            const backoffKey = `${ds.metadata.uid ?? ''}/${ds.status?.observedGeneration ?? 0}/${nodeName}`;
            if (failedPodsBackoff.isInBackOffSinceUpdate(backoffKey, clock.now())) {
              requeueFullAfter(key, failedPodsBackoff.get(backoffKey));
              continue;
            }
            failedPodsBackoff.next(backoffKey, clock.now());
            recorder.event(
              ds,
              'Warning',
              FAILED_DAEMON_POD_REASON,
              `Found failed daemon pod ${where} on node ${nodeName}, will try to kill it`,
            );
            podsToDelete.push(pod.metadata.name ?? '');
          } else if (phase === 'Succeeded') {
            recorder.event(
              ds,
              'Normal',
              SUCCEEDED_DAEMON_POD_REASON,
              `Found succeeded daemon pod ${where} on node ${nodeName}, will try to delete it`,
            );
            podsToDelete.push(pod.metadata.name ?? '');
          } else {
            running.push(pod);
          }
        }
        if (!surge) {
          if (running.length > 1) {
            running.sort(compareDaemonPods);
            for (let i = 1; i < running.length; i++) podsToDelete.push(running[i].metadata.name ?? '');
          }
        } else if (running.length <= 1) {
          if (running.length === 0 && shouldRun) nodesNeedingPods.push(nodeName);
        } else {
          // Surging: at most the oldest new pod and the oldest old pod stay.
          running.sort(compareDaemonPods);
          const generation = templateGeneration(ds) || undefined;
          let oldestNew: KObject | undefined;
          let oldestOld: KObject | undefined;
          for (const pod of running) {
            if (isPodUpdated(pod, hash, generation)) {
              if (!oldestNew) {
                oldestNew = pod;
                continue;
              }
            } else if (!oldestOld) {
              oldestOld = pod;
              continue;
            }
            podsToDelete.push(pod.metadata.name ?? '');
          }
          if (oldestNew && oldestOld) {
            if (!isPodReady(oldestOld) || isPodAvailable(oldestNew, minReadySeconds, nowMs)) {
              podsToDelete.push(oldestOld.metadata.name ?? '');
            }
          }
        }
      } else {
        for (const pod of daemonPods) if (!pod.metadata.deletionTimestamp) podsToDelete.push(pod.metadata.name ?? '');
      }
    }
    // What the burst limit leaves for later is only found by a full pass.
    if (nodesNeedingPods.length > burst || podsToDelete.length > burst) fullPending.add(key);
    return syncNodes(ds, key, podsToDelete, nodesNeedingPods, hash);
  };

  /** rollingUpdate over every node that should run a pod or has one. */
  const rollingUpdate = (ds: KObject, key: string, st: NodeStates, hash: string): unknown => {
    const entries: [string, KObject[]][] = [];
    for (const [name, entry] of st.entries)
      if (entry.verdict.shouldRun || entry.pods.length > 0) entries.push([name, entry.pods]);
    const desired = st.totals.desiredNumberScheduled;
    const step = rollingUpdateStep({
      nodes: entries,
      hash,
      generation: templateGeneration(ds) || undefined,
      limits: rolloutLimits(ds, desired),
      desiredNumberScheduled: desired,
      minReadySeconds: ds.spec?.minReadySeconds ?? 0,
      nowUnixMs: clock.nowUnixMs(),
      shouldRun: (node) => st.entries.get(node)?.verdict.shouldRun ?? false,
    });
    if (step.podsToDelete.length === 0 && step.nodesToCreate.length === 0) return undefined;
    if (step.podsToDelete.length > burst || step.nodesToCreate.length > burst) fullPending.add(key);
    return syncNodes(ds, key, step.podsToDelete, step.nodesToCreate, hash);
  };

  const cleanupHistory = (ds: KObject, selector: Selector, old: KObject[]) => {
    const toKill = old.length - (ds.spec?.revisionHistoryLimit ?? 10);
    if (toKill <= 0) return;
    const liveHashes = new Set<string>();
    for (const list of nodesToDaemonPods(ds, selector, true).values()) {
      for (const pod of list) {
        const hash = pod.metadata.labels?.[CONTROLLER_REVISION_HASH_LABEL];
        if (hash) liveHashes.add(hash);
      }
    }
    const isLive = (r: KObject) => liveHashes.has(r.metadata.labels?.[CONTROLLER_REVISION_HASH_LABEL] ?? '');
    for (const r of revisionsToTruncate(old, isLive, toKill)) {
      api.delete(controllerRevisionKind, r.metadata.namespace, r.metadata.name ?? '');
    }
  };

  /** updateDaemonSetStatus: the summed shares, stored when changed; re-check availability later. */
  const updateStatus = (ds: KObject, key: string, st: NodeStates, observe: boolean) => {
    const counts: DaemonSetCounts = { ...st.totals };
    if (!statusUnchanged(ds, counts) || (observe && (ds.status?.observedGeneration ?? 0) < (ds.metadata.generation ?? 0))) {
      let current = ds;
      for (let i = 0; ; i++) {
        const status: Record<string, unknown> = { ...(current.status ?? {}), ...counts };
        if (observe) status.observedGeneration = ds.metadata.generation;
        try {
          api.updateStatus({ ...current, status: orderDaemonSetStatus(status) });
          break;
        } catch (e) {
          if (i >= STATUS_UPDATE_RETRIES)
            throw new Error(`error storing status for daemon set ${key}: ${errorText(e)}`, { cause: e });
          current = api.get(daemonSetKind, ds.metadata.namespace, ds.metadata.name ?? '');
        }
      }
    }
    const minReady: number = ds.spec?.minReadySeconds ?? 0;
    if (minReady > 0 && counts.numberReady !== counts.numberAvailable) requeueFullAfter(key, minReady * 1000);
  };

  const sync = (key: string) => {
    const ds = daemonSets.getByKey(key);
    if (!ds) {
      expectations.deleteExpectations(key);
      forget(key);
      return undefined;
    }
    const sel = ds.spec?.selector;
    if (sel && typeof sel === 'object' && Object.keys(sel.matchLabels ?? {}).length + (sel.matchExpressions ?? []).length === 0) {
      recorder.event(
        ds,
        'Warning',
        SELECTING_ALL_REASON,
        'This daemon set is selecting all pods. A non-empty selector is required.',
      );
      return undefined;
    }
    const selector = selectorOf(ds);
    // An invalid selector is a user error that a retry does not fix.
    if (!selector) return undefined;
    if (ds.metadata.deletionTimestamp) return undefined;
    let history: { cur: KObject; old: KObject[] };
    try {
      history = constructHistory(ds, selector);
    } catch (e) {
      return { error: new Error(`failed to construct revisions of DaemonSet: ${errorText(e)}`, { cause: e }) };
    }
    const hash = history.cur.metadata.labels?.[CONTROLLER_REVISION_HASH_LABEL] ?? '';
    let error: unknown;
    try {
      let st = states.get(key);
      const due = fullDueAt.get(key);
      const timerDue = due !== undefined && due <= clock.now();
      const full =
        !st || st.spec !== ds.spec || st.uid !== ds.metadata.uid || st.hash !== hash || fullPending.has(key) || timerDue;
      if (full) {
        fullPending.delete(key);
        if (timerDue) fullDueAt.delete(key);
        stale.delete(key);
        st = rebuild(ds, selector, hash);
        states.set(key, st);
      } else {
        refresh(ds, key, selector, st!);
      }
      const state = st!;
      if (!expectations.satisfiedExpectations(key)) {
        // The nodes to visit stay noted for the manage loop that runs once expectations are met.
        if (full) toManage.set(key, new Set(state.entries.keys()));
        updateStatus(ds, key, state, false);
        return undefined;
      }
      let visit: Iterable<string>;
      if (full) {
        visit = [...state.entries.keys()];
        toManage.delete(key);
      } else {
        visit = toManage.get(key) ?? [];
        toManage.delete(key);
      }
      error = manage(ds, key, state, visit, hash);
      refresh(ds, key, selector, state);
      if (
        error === undefined &&
        state.oldNodes > 0 &&
        expectations.satisfiedExpectations(key) &&
        ds.spec?.updateStrategy?.type === 'RollingUpdate'
      ) {
        error = rollingUpdate(ds, key, state, hash);
        refresh(ds, key, selector, state);
      }
      if (error === undefined) cleanupHistory(ds, selector, history.old);
      updateStatus(ds, key, state, true);
    } catch (e) {
      if (error === undefined) error = e;
    }
    if (error === undefined) return undefined;
    fullPending.add(key);
    return { error };
  };

  controller.handle(daemonSets, {
    onAdd: objectKey,
    onUpdate: (_old, cur) => objectKey(cur),
    onDelete: (ds) => {
      const key = objectKey(ds);
      forget(key);
      return key;
    },
  });

  /** deletePod: a controlled pod going away is DeletionObserved and wakes its DaemonSet. */
  const podGone = (pod: KObject): string | undefined => {
    const ref = getControllerOf(pod);
    if (!ref) return undefined;
    const ds = resolveControllerRef(pod.metadata.namespace, ref);
    if (!ds) return undefined;
    const key = objectKey(ds);
    expectations.deletionObserved(key);
    markNode(key, targetNodeName(pod));
    return key;
  };

  /** Orphans (and pods changing owner or labels) may change a claim: only a full pass sees that. */
  const fullFor = (keys: string[]): string[] => {
    for (const key of keys) fullPending.add(key);
    return keys;
  };

  controller.handle(pods, {
    onAdd: (pod) => {
      if (pod.metadata.deletionTimestamp) return podGone(pod);
      const ref = getControllerOf(pod);
      if (ref) {
        const ds = resolveControllerRef(pod.metadata.namespace, ref);
        if (!ds) return undefined;
        const key = objectKey(ds);
        expectations.creationObserved(key);
        markNode(key, targetNodeName(pod));
        return key;
      }
      return fullFor(daemonSetsMatching(pod));
    },
    onUpdate: (oldPod, cur) => {
      if (oldPod.metadata.resourceVersion === cur.metadata.resourceVersion) return undefined;
      if (!daemonPodChanged(oldPod, cur)) return undefined;
      const curRef = getControllerOf(cur);
      const oldRef = getControllerOf(oldPod);
      const refChanged = !deepEqual(curRef ?? null, oldRef ?? null);
      const labelChanged =
        oldPod.metadata.labels !== cur.metadata.labels && !deepEqual(oldPod.metadata.labels ?? {}, cur.metadata.labels ?? {});
      if (cur.metadata.deletionTimestamp) {
        const key = podGone(cur);
        if (key && (refChanged || labelChanged)) fullPending.add(key);
        return key;
      }
      const keys: string[] = [];
      if (refChanged && oldRef) {
        const old = resolveControllerRef(oldPod.metadata.namespace, oldRef);
        if (old) keys.push(...fullFor([objectKey(old)]));
      }
      if (curRef) {
        const ds = resolveControllerRef(cur.metadata.namespace, curRef);
        if (!ds) return keys;
        const key = objectKey(ds);
        keys.push(key);
        if (refChanged || labelChanged) fullPending.add(key);
        markNode(key, targetNodeName(oldPod));
        markNode(key, targetNodeName(cur));
        const minReady: number = ds.spec?.minReadySeconds ?? 0;
        if (!isPodReady(oldPod) && isPodReady(cur) && minReady > 0) requeueFullAfter(key, minReady * 1000 + 1000);
        return keys;
      }
      if (labelChanged || refChanged) keys.push(...fullFor(daemonSetsMatching(cur)));
      return keys;
    },
    onDelete: podGone,
  });

  controller.handle(revisions, {
    onAdd: (history) => {
      const ref = getControllerOf(history);
      if (ref) {
        const ds = resolveControllerRef(history.metadata.namespace, ref);
        // An owned revision showing up changes nothing until something else does.
        return history.metadata.deletionTimestamp && ds ? objectKey(ds) : undefined;
      }
      return daemonSetsMatching(history);
    },
    onUpdate: (oldHistory, cur) => {
      if (oldHistory.metadata.resourceVersion === cur.metadata.resourceVersion) return undefined;
      const curRef = getControllerOf(cur);
      const oldRef = getControllerOf(oldHistory);
      const refChanged = !deepEqual(curRef ?? null, oldRef ?? null);
      const keys: string[] = [];
      if (refChanged && oldRef) {
        const old = resolveControllerRef(oldHistory.metadata.namespace, oldRef);
        if (old) keys.push(objectKey(old));
      }
      if (curRef) {
        const ds = resolveControllerRef(cur.metadata.namespace, curRef);
        if (ds) keys.push(objectKey(ds));
        return keys;
      }
      const labelChanged = !deepEqual(oldHistory.metadata.labels ?? {}, cur.metadata.labels ?? {});
      if (labelChanged || refChanged) keys.push(...daemonSetsMatching(cur));
      return keys;
    },
    onDelete: (history) => {
      const ref = getControllerOf(history);
      const ds = ref ? resolveControllerRef(history.metadata.namespace, ref) : undefined;
      return ds ? objectKey(ds) : undefined;
    },
  });

  /** The DaemonSets a node event concerns, each told which node changed. */
  const nodeKeys = (node: KObject, concerns: (ds: KObject) => boolean): string[] => {
    const keys: string[] = [];
    for (const ds of daemonSets.list()) {
      if (!concerns(ds)) continue;
      const key = objectKey(ds);
      markNode(key, node.metadata.name ?? '');
      keys.push(key);
    }
    return keys;
  };

  controller.handle(nodes, {
    onAdd: (node) => nodeKeys(node, (ds) => nodeShouldRunDaemonPod(node, ds).shouldRun),
    onUpdate: (oldNode, cur) => {
      // Eligibility reads the name, labels and taints only: heartbeats and status writes change none.
      if (oldNode.metadata.labels === cur.metadata.labels && oldNode.spec === cur.spec) return undefined;
      return nodeKeys(cur, (ds) => !sameVerdict(nodeShouldRunDaemonPod(oldNode, ds), nodeShouldRunDaemonPod(cur, ds)));
    },
    onDelete: (node) =>
      nodeKeys(node, (ds) => {
        const verdict = nodeShouldRunDaemonPod(node, ds);
        return verdict.shouldRun || verdict.shouldContinueRunning;
      }),
  });

  return Object.assign(controller, { expectations });
}
