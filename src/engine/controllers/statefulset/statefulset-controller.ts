// StatefulSet controller (pkg/controller/statefulset/stateful_set.go, stateful_set_control.go,
// stateful_set_status_updater.go): pods with stable names, ordered start and stop, their own
// claims, and rolling updates from the highest ordinal.
//
// sync(key):
//  1. the set from the cache (gone → nothing); a selector that does not parse is left alone;
//  2. its ControllerRevisions, matching orphans adopted (owner-uid ∪ orphans index);
//  3. its pods: claimed from owner-uid ∪ orphans, only those named `<set>-<ordinal>`;
//  4. getStatefulSetRevisions: the update revision is the one holding the present template — the
//     newest if it is that one, else an older equal one renumbered to the next revision (a
//     rollback), else a new `<set>-<hash>` (a name taken by other data raises collisionCount);
//     the current revision is status.currentRevision's, or the update revision at first;
//  5. the sync decisions (stateful-set-control.ts), then the status: a RollingUpdate whose pods
//     are all updated and ready completes (currentRevision := updateRevision), and the status is
//     written only when a field changed;
//  6. history: revisions no pod, current or update revision uses, beyond revisionHistoryLimit,
//     oldest first;
//  7. with minReadySeconds, a re-check after minReadySeconds while available ≠ replicas.
// Event handlers: a set enqueues itself; a pod with a controllerRef wakes that set (only when
// labels, owners, deletion, phase or readiness changed; minReadySeconds + 1 s after it turned
// Ready); an orphan wakes the sets whose selector matches it (SelectorIndex). A deleted claim that
// a pod or set owned wakes that set (a stale claim of a scaled-down pod may be holding it up).
//
// Differences from upstream: creates and deletes run one after the other and the watch delivers
// each at once, so there are no expectations to wait for; claims are created in template order.

import { errorText, specSelectorOf } from '../../runtime/owner-selector';
import { templateRevisionData } from '../history/controller-history';
import type { Selector } from '../../../k8s/labels';
import type { KObject } from '../../../k8s/types';
import type { ApiServer } from '../../api/apiserver';
import { deepEqual } from '../../api/deep';
import { MAX_UNAVAILABLE_STATEFULSET_GATE } from '../../api/defaulting/statefulset';
import { isApiError } from '../../api/errors';
import { controllerRevisionKind } from '../../api/kinds/controllerrevision';
import { persistentVolumeClaimKind } from '../../api/kinds/persistentvolumeclaim';
import { podKind } from '../../api/kinds/pod';
import { statefulSetKind } from '../../api/kinds/statefulset';
import type { Clock } from '../../clock/clock';
import type { SimulationConfig } from '../../config';
import { Controller } from '../../runtime/controller';
import type { Recorder } from '../../runtime/events';
import { keyFor, objectKey, type Informer, type InformerFactory } from '../../runtime/informer';
import { claimCandidates } from '../../runtime/lookups';
import { indexSelectorsOf } from '../../runtime/selector-index';
import { ownerKeysForPodUpdate } from '../pod-update-owners';
import { ControllerRefManager, freshOwnerCanAdopt, getControllerOf, newControllerRef } from '../controller-ref-manager';
import {
  claimRevisions,
  CONTROLLER_REVISION_HASH_LABEL,
  controllerRevisionName,
  hashControllerRevision,
  revisionsToTruncate,
  sortRevisions,
} from '../history/controller-history';
import { StatefulPodControl } from './stateful-pod-control';
import {
  completeRollingUpdate,
  inconsistentStatus,
  updateStatefulSet,
  type StatefulSetStatusFields,
} from './stateful-set-control';
import { applyRevision, isMemberOf, parentNameAndOrdinal, podRevision, STATEFULSET_OWNER_KIND } from './stateful-set-utils';

export const STATEFULSET_CONTROLLER = 'statefulset-controller';
const STATUS_UPDATE_RETRIES = 5;

export interface StatefulSetControllerDeps {
  api: ApiServer;
  clock: Clock;
  informers: InformerFactory;
  recorder: Recorder;
  config?: SimulationConfig;
}

/** getPatch: the revision data, a patch that replaces spec.template. */
export const statefulSetRevisionData = templateRevisionData;
const selectorOf = specSelectorOf;

function revisionNumber(r: KObject): number {
  return typeof r.revision === 'number' ? r.revision : 0;
}

/** The status object as apps/v1 serialises it (omitempty counters left out when 0). */
function statusObject(prev: Record<string, unknown>, s: StatefulSetStatusFields): Record<string, unknown> {
  const out: Record<string, unknown> = { ...prev };
  out.observedGeneration = s.observedGeneration;
  out.replicas = s.replicas;
  for (const [k, v] of [
    ['readyReplicas', s.readyReplicas],
    ['currentReplicas', s.currentReplicas],
    ['updatedReplicas', s.updatedReplicas],
  ] as const) {
    if (v) out[k] = v;
    else delete out[k];
  }
  if (s.currentRevision) out.currentRevision = s.currentRevision;
  else delete out.currentRevision;
  if (s.updateRevision) out.updateRevision = s.updateRevision;
  else delete out.updateRevision;
  out.collisionCount = s.collisionCount;
  out.availableReplicas = s.availableReplicas;
  return out;
}

export function startStatefulSetController(deps: StatefulSetControllerDeps): Controller {
  const { api, clock, informers, recorder, config } = deps;
  const sets = informers.informerFor(statefulSetKind);
  const pods: Informer = informers.informerFor(podKind);
  const revisions: Informer = informers.informerFor(controllerRevisionKind);
  const claims: Informer = informers.informerFor(persistentVolumeClaimKind);
  const podControl = new StatefulPodControl(api, claims, recorder);
  const setSelectors = indexSelectorsOf(sets, selectorOf);

  const controller = new Controller({ name: STATEFULSET_CONTROLLER, clock, sync: (key) => sync(key) });

  const resolveControllerRef = (namespace: string | undefined, ref: { kind: string; name: string; uid: string }) => {
    if (ref.kind !== 'StatefulSet') return undefined;
    const set = sets.get(namespace, ref.name);
    return set && set.metadata.uid === ref.uid ? set : undefined;
  };

  /** getStatefulSetsForPod: the sets whose selector matches an orphan's labels. */
  const setsMatching = (obj: KObject): string[] => {
    const labels = obj.metadata.labels;
    if (!labels || Object.keys(labels).length === 0) return [];
    return setSelectors.matching(obj.metadata.namespace ?? '', labels);
  };

  /** getPodsForStatefulSet: claim from owner-uid ∪ orphans, members by name only. */
  const podsForSet = (set: KObject, selector: Selector): KObject[] => {
    const manager = new ControllerRefManager({
      api,
      owner: set,
      ownerKind: STATEFULSET_OWNER_KIND,
      selector,
      canAdopt: freshOwnerCanAdopt(api, statefulSetKind, set),
    });
    const candidates = claimCandidates(pods, set.metadata.namespace ?? '', set.metadata.uid ?? '');
    const { claimed, errors } = manager.claimPods(candidates, (pod) => isMemberOf(set, pod));
    if (errors.length > 0) throw errors[0];
    return claimed;
  };

  /** CreateControllerRevision: `<set>-<hash>`, raising the collision count on a name clash. */
  const createRevision = (set: KObject, revision: number, collisionCount: { value: number }): KObject => {
    const namespace = set.metadata.namespace ?? '';
    const data = statefulSetRevisionData(set);
    for (;;) {
      const hash = hashControllerRevision(data, collisionCount.value);
      const name = controllerRevisionName(set.metadata.name ?? '', hash);
      const metadata: KObject['metadata'] = {
        name,
        namespace,
        labels: { ...(set.spec?.template?.metadata?.labels ?? {}), [CONTROLLER_REVISION_HASH_LABEL]: hash },
        ownerReferences: [newControllerRef(set, STATEFULSET_OWNER_KIND)],
      };
      if (set.metadata.annotations) metadata.annotations = { ...set.metadata.annotations };
      try {
        return api.create({ apiVersion: 'apps/v1', kind: 'ControllerRevision', metadata, data, revision });
      } catch (e) {
        if (!isApiError(e, 'AlreadyExists')) throw e;
        const existing = api.get(controllerRevisionKind, namespace, name);
        if (deepEqual(existing.data, data)) return existing;
        collisionCount.value++;
      }
    }
  };

  /** getStatefulSetRevisions. */
  const setRevisions = (set: KObject, history: KObject[]) => {
    const collisionCount = { value: typeof set.status?.collisionCount === 'number' ? set.status.collisionCount : 0 };
    const next = history.length > 0 ? revisionNumber(history[history.length - 1]) + 1 : 1;
    const data = statefulSetRevisionData(set);
    const equal = history.filter((r) => deepEqual(r.data, data));
    let update: KObject;
    if (equal.length > 0 && equal[equal.length - 1] === history[history.length - 1]) {
      update = history[history.length - 1];
    } else if (equal.length > 0) {
      // Back to an earlier template: that revision becomes the newest again.
      update = api.update({ ...equal[equal.length - 1], revision: next });
    } else {
      update = createRevision(set, next, collisionCount);
    }
    const current = history.find((r) => r.metadata.name === set.status?.currentRevision) ?? update;
    return { current, update, collisionCount: collisionCount.value };
  };

  /** StatefulSetStatusUpdater: write the status, re-reading the set on a conflict. */
  const writeStatus = (set: KObject, status: StatefulSetStatusFields) => {
    let current = set;
    for (let i = 0; ; i++) {
      try {
        api.updateStatus({ ...current, status: statusObject(current.status ?? {}, status) });
        return;
      } catch (e) {
        if (!isApiError(e, 'Conflict') || i >= STATUS_UPDATE_RETRIES) throw e;
        current = api.get(statefulSetKind, set.metadata.namespace, set.metadata.name ?? '');
      }
    }
  };

  const truncateHistory = (set: KObject, podList: KObject[], history: KObject[], current: KObject, update: KObject) => {
    const live = new Set<string>([current.metadata.name ?? '', update.metadata.name ?? '']);
    for (const pod of podList) live.add(podRevision(pod));
    const isLive = (r: KObject) => live.has(r.metadata.name ?? '');
    const nonLive = history.filter((r) => !isLive(r)).length;
    const limit: number = set.spec?.revisionHistoryLimit ?? 10;
    for (const r of revisionsToTruncate(history, isLive, nonLive - limit)) {
      api.delete(controllerRevisionKind, r.metadata.namespace, r.metadata.name ?? '');
    }
  };

  const sync = (key: string) => {
    const set = sets.getByKey(key);
    if (!set) return undefined;
    const selector = selectorOf(set);
    // A selector that does not parse is a user error a retry does not fix.
    if (!selector) return undefined;
    let history: KObject[];
    let podList: KObject[];
    try {
      const { claimed, errors } = claimRevisions(
        api,
        revisions,
        set,
        STATEFULSET_OWNER_KIND,
        selector,
        freshOwnerCanAdopt(api, statefulSetKind, set),
      );
      if (errors.length > 0) throw errors[0];
      history = sortRevisions(claimed);
      podList = podsForSet(set, selector);
    } catch (e) {
      return { error: e };
    }
    let revs: ReturnType<typeof setRevisions>;
    try {
      revs = setRevisions(set, history);
    } catch (e) {
      return { error: new Error(`failed to construct revisions of StatefulSet: ${errorText(e)}`, { cause: e }) };
    }
    const result = updateStatefulSet(
      {
        set,
        currentSet: applyRevision(set, revs.current),
        updateSet: applyRevision(set, revs.update),
        currentRevision: revs.current.metadata.name ?? '',
        updateRevision: revs.update.metadata.name ?? '',
        collisionCount: revs.collisionCount,
        pods: podList,
        nowUnixMs: clock.nowUnixMs(),
        maxUnavailableGate: config?.featureGate(MAX_UNAVAILABLE_STATEFULSET_GATE) ?? false,
      },
      podControl,
    );
    let error = result.error;
    const status = completeRollingUpdate(set, result.status);
    try {
      if (inconsistentStatus(set, status) || (set.status?.collisionCount ?? null) !== status.collisionCount)
        writeStatus(set, status);
    } catch (e) {
      error ??= e;
    }
    if (error !== undefined) return { error };
    try {
      truncateHistory(set, podList, history, revs.current, revs.update);
    } catch (e) {
      return { error: e };
    }
    const minReady: number = set.spec?.minReadySeconds ?? 0;
    if (minReady > 0 && status.availableReplicas !== (set.spec?.replicas ?? 1)) return { requeueAfterMs: minReady * 1000 };
    return undefined;
  };

  controller.handle(sets, {
    onAdd: objectKey,
    onUpdate: (_old, cur) => objectKey(cur),
    onDelete: objectKey,
  });

  controller.handle(pods, {
    onAdd: (pod) => {
      const ref = getControllerOf(pod);
      if (ref) {
        const set = resolveControllerRef(pod.metadata.namespace, ref);
        return set ? objectKey(set) : undefined;
      }
      return setsMatching(pod);
    },
    onUpdate: (oldPod, cur) => {
      // Every change wakes the set, as upstream's updatePod does: a Pending pod's scheduling
      // failure (PodScheduled condition) is what makes the set recreate a claim deleted under it.
      if (oldPod.metadata.resourceVersion === cur.metadata.resourceVersion) return undefined;
      return ownerKeysForPodUpdate(oldPod, cur, {
        resolve: resolveControllerRef,
        ownersMatching: setsMatching,
        enqueueAfter: (key, ms) => controller.enqueueAfter(key, ms),
      });
    },
    onDelete: (pod) => {
      const ref = getControllerOf(pod);
      const set = ref ? resolveControllerRef(pod.metadata.namespace, ref) : undefined;
      return set ? objectKey(set) : undefined;
    },
  });

  controller.handle(claims, {
    onDelete: (claim) => {
      const keys: string[] = [];
      for (const ref of claim.metadata.ownerReferences ?? []) {
        const setName =
          ref.kind === 'StatefulSet'
            ? ref.name
            : ref.kind === 'Pod'
              ? parentNameAndOrdinal({ metadata: { name: ref.name } } as KObject).parent
              : '';
        if (setName && sets.get(claim.metadata.namespace, setName)) keys.push(keyFor(claim.metadata.namespace, setName));
      }
      return keys;
    },
  });

  return controller;
}
