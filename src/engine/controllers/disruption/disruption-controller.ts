// Disruption controller (pkg/controller/disruption/disruption.go): keeps every
// PodDisruptionBudget's status in line with the pods it selects, and installs the eviction API's
// budget check (eviction-checker.ts) on the API server.
//
// Watches: PodDisruptionBudgets (their key), Pods (the budgets of the pod's namespace whose
// selector matches its old or new labels — a map of selectors per namespace, no scan of all
// budgets; only changes that matter: labels, Ready, deletion, controllerRef, phase), and the
// workload kinds the build serves among ReplicationController, ReplicaSet, Deployment and
// StatefulSet (a change of spec.replicas re-syncs the budgets of the pods they own, found through
// the ownerUid indexes). Upstream does not watch the workloads — its status follows once a pod
// changes; this controller also follows a scale change at once.
//
// sync(key) = trySync, and on any error but a conflict the fail-safe (disruptionsAllowed 0,
// DisruptionAllowed=False reason SyncFailed with the error). trySync:
//  - pods = the namespace's pods matching spec.selector; none → Normal `NoPods` "No matching pods
//    found"; a selector that does not convert → Warning `NoPods` "Failed to get pods: …";
//  - expected / desired (expected-pods.ts); an error → Warning `CalculateExpectedPodCountFailed`
//    "Failed to calculate the number of expected pods: <err>"; unmanaged pods → Warning
//    `UnmanagedPods`;
//  - disruptedPods: entries of pods not yet terminating and younger than DeletionTimeout (2 min)
//    are kept, older ones dropped with Warning `NotDeleted` on the pod; the budget is re-synced
//    when the earliest kept entry expires;
//  - currentHealthy = pods not terminating, not in disruptedPods, Ready;
//  - disruptionsAllowed = currentHealthy − desiredHealthy, 0 when negative or expectedPods ≤ 0;
//  - one status write (skipped when nothing changes) with observedGeneration = generation and the
//    DisruptionAllowed condition (SufficientPods / InsufficientPods).
// A pod matching several budgets gets Warning `MultiplePodDisruptionBudgets` (upstream then syncs
// only the first; here every matching budget is synced).
//
// The stale-DisruptionTarget cleanup runs on its own queue: a pod that is not terminating, not
// terminal, and whose DisruptionTarget=True condition (not from the kubelet) is 2 min old gets the
// condition set to False.
//
// Events come from the source component `controllermanager`, as upstream's recorder names it.

import { selectorFromLabelSelector, type LabelSelector, type Selector } from '../../../k8s/labels';
import type { KObject } from '../../../k8s/types';
import type { ApiServer } from '../../api/apiserver';
import { deepEqual } from '../../api/deep';
import { isApiError } from '../../api/errors';
import { podDisruptionBudgetKind, podKind } from '../../api/kinds';
import type { KindDefinition } from '../../api/kinds/kind-definition';
import { allowAllDisruptions } from '../../api/subresources/eviction';
import { getPodCondition, setPodCondition } from '../../api/subresources/pod-conditions';
import type { Clock } from '../../clock/clock';
import { Controller } from '../../runtime/controller';
import type { Recorder } from '../../runtime/events';
import { keyFor, objectKey, OWNER_UID_INDEX, splitKey, type Informer, type InformerFactory } from '../../runtime/informer';
import { ensureLabelIndex, listMatching } from '../../runtime/lookups';
import { isPodReady } from '../active-pods';
import { checkDisruptionBudgets } from './eviction-checker';
import { controllerRefOf, ExpectedPodCounter } from './expected-pods';
import {
  conditionsAreUpToDate,
  DISRUPTION_ALLOWED,
  orderStatus,
  pdbSelector,
  pdbStatusOf,
  setStatusCondition,
  SYNC_FAILED,
  withDisruptionAllowedCondition,
  type PdbStatus,
} from './pdb-status';
import { appendAll } from '../../../k8s/arrays';

export const DISRUPTION_CONTROLLER = 'disruption-controller';
/** The event source upstream's recorder uses. */
export const DISRUPTION_EVENT_SOURCE = 'controllermanager';
/** DeletionTimeout: how long an admitted eviction keeps a pod out of currentHealthy. */
export const DELETION_TIMEOUT_MS = 2 * 60_000;
/** stalePodDisruptionTimeout. */
export const STALE_POD_DISRUPTION_TIMEOUT_MS = 2 * 60_000;
/**
 * The recheck queue hands keys back through AddRateLimited, whose first delay is 5 ms: in
 * virtual time this keeps the recheck strictly after the expiry it waits for.
 */
const RECHECK_SLACK_MS = 5;

/** The workload kinds whose listers the controller reads, by (group, kind). */
const WORKLOAD_KINDS: readonly [string, string][] = [
  ['', 'ReplicationController'],
  ['apps', 'ReplicaSet'],
  ['apps', 'Deployment'],
  ['apps', 'StatefulSet'],
];

export interface DisruptionControllerDeps {
  api: ApiServer;
  clock: Clock;
  informers: InformerFactory;
  recorder: Recorder;
}

/** The part of a pod a budget's status depends on. */
function podRelevant(pod: KObject): unknown {
  return {
    ready: isPodReady(pod),
    deleting: !!pod.metadata.deletionTimestamp,
    phase: pod.status?.phase,
    owner: controllerRefOf(pod)?.uid,
  };
}

export class DisruptionController {
  readonly controller: Controller;
  readonly staleController: Controller;
  private readonly pdbs: Informer;
  private readonly pods: Informer;
  private readonly workloads = new Map<KindDefinition, Informer>();
  /** namespace → budget name → its selector (undefined when it does not convert: matches nothing). */
  private readonly selectors = new Map<string, Map<string, Selector | undefined>>();
  private readonly counter: ExpectedPodCounter;

  constructor(private readonly deps: DisruptionControllerDeps) {
    const { api, clock, informers } = deps;
    this.pdbs = informers.informerFor(podDisruptionBudgetKind);
    this.pods = ensureLabelIndex(informers.informerFor(podKind));
    for (const [group, kind] of WORKLOAD_KINDS) {
      const def = api.registry.byKindName(kind).find((d) => d.group === group);
      if (def) this.workloads.set(def, informers.informerFor(def));
    }
    this.counter = new ExpectedPodCounter(api, (def, ns, name) => {
      const informer = this.workloads.get(def);
      return informer ? informer.get(ns, name) : api.tryGet(def, ns, name);
    });

    this.controller = new Controller({ name: DISRUPTION_CONTROLLER, clock, sync: (key) => this.sync(key) });
    this.staleController = new Controller({
      name: `${DISRUPTION_CONTROLLER}: stale pod disruption`,
      clock,
      sync: (key) => this.syncStalePodDisruption(key),
    });

    this.controller.handle(this.pdbs, {
      onAdd: (pdb) => {
        this.setSelector(pdb, true);
        return objectKey(pdb);
      },
      onUpdate: (_old, pdb) => {
        this.setSelector(pdb, true);
        return objectKey(pdb);
      },
      onDelete: (pdb) => {
        this.setSelector(pdb, false);
        return objectKey(pdb);
      },
    });
    this.controller.handle(this.pods, {
      onAdd: (pod) => this.budgetKeysFor([pod], true),
      onUpdate: (oldPod, pod) => {
        // No budget in the pod's namespace (which never changes) selects anything: nothing to compare.
        if (!this.selectors.has(pod.metadata.namespace ?? '')) return undefined;
        const labelsChanged = !deepEqual(oldPod.metadata.labels ?? {}, pod.metadata.labels ?? {});
        if (!labelsChanged && deepEqual(podRelevant(oldPod), podRelevant(pod))) return undefined;
        return this.budgetKeysFor(labelsChanged ? [oldPod, pod] : [pod], true);
      },
      onDelete: (pod) => this.budgetKeysFor([pod], false),
    });
    for (const informer of this.workloads.values()) {
      this.controller.handle(informer, {
        onAdd: (w) => this.budgetKeysForWorkload(w),
        onUpdate: (oldW, w) =>
          oldW.spec?.replicas === w.spec?.replicas && controllerRefOf(oldW)?.uid === controllerRefOf(w)?.uid
            ? undefined
            : this.budgetKeysForWorkload(w),
        onDelete: (w) => this.budgetKeysForWorkload(w),
      });
    }
    this.staleController.handle(this.pods, {
      onAdd: (pod) => this.staleKey(pod),
      onUpdate: (_old, pod) => this.staleKey(pod),
    });
    api.disruptionBudgets = checkDisruptionBudgets;
  }

  stop(): void {
    this.controller.stop();
    this.staleController.stop();
    if (this.deps.api.disruptionBudgets === checkDisruptionBudgets) this.deps.api.disruptionBudgets = allowAllDisruptions;
  }

  // ---- event mapping ----------------------------------------------------------------------

  private setSelector(pdb: KObject, present: boolean): void {
    const ns = pdb.metadata.namespace ?? '';
    const name = pdb.metadata.name ?? '';
    let byName = this.selectors.get(ns);
    if (!present) {
      byName?.delete(name);
      if (byName?.size === 0) this.selectors.delete(ns);
      return;
    }
    if (!byName) {
      byName = new Map();
      this.selectors.set(ns, byName);
    }
    byName.set(name, pdbSelector(pdb));
  }

  /** Names of the budgets (GetPodPodDisruptionBudgets) that select `pod`, sorted. */
  budgetsSelecting(pod: KObject): string[] {
    const byName = this.selectors.get(pod.metadata.namespace ?? '');
    if (!byName) return [];
    const out: string[] = [];
    for (const [name, selector] of byName) if (selector?.matches(pod.metadata.labels)) out.push(name);
    return out.sort();
  }

  /** The keys of the budgets selecting any of `pods`; tells a pod that several budgets select it. */
  private budgetKeysFor(pods: readonly KObject[], warnMultiple: boolean): string[] {
    const keys = new Set<string>();
    for (const pod of pods) {
      const names = this.budgetsSelecting(pod);
      for (const name of names) keys.add(keyFor(pod.metadata.namespace, name));
      if (warnMultiple && names.length > 1 && pod === pods[pods.length - 1]) {
        this.deps.recorder.event(
          pod,
          'Warning',
          'MultiplePodDisruptionBudgets',
          `Pod ${JSON.stringify(pod.metadata.namespace ?? '')}/${JSON.stringify(pod.metadata.name ?? '')} matches multiple PodDisruptionBudgets.  Chose ${JSON.stringify(names[0])} arbitrarily.`,
        );
      }
    }
    return [...keys];
  }

  /** The budgets of the pods a workload owns, directly or through the ReplicaSets it owns. */
  private budgetKeysForWorkload(workload: KObject): string[] {
    const uid = workload.metadata.uid;
    if (!uid || this.selectors.size === 0) return [];
    const pods = this.pods.byIndex(OWNER_UID_INDEX, uid);
    if (workload.kind === 'Deployment') {
      for (const informer of this.workloads.values()) {
        if (informer.kind.kind !== 'ReplicaSet') continue;
        for (const rs of informer.byIndex(OWNER_UID_INDEX, uid)) {
          if (rs.metadata.uid) appendAll(pods, this.pods.byIndex(OWNER_UID_INDEX, rs.metadata.uid));
        }
      }
    }
    return this.budgetKeysFor(pods, false);
  }

  // ---- sync -------------------------------------------------------------------------------

  private sync(key: string) {
    const pdb = this.pdbs.getByKey(key);
    if (!pdb) return;
    try {
      return this.trySync(pdb);
    } catch (e) {
      // A conflict is retried without the fail-safe.
      if (isApiError(e, 'Conflict')) return { error: e };
      const message = e instanceof Error ? e.message : String(e);
      try {
        this.failSafe(pdb, message);
      } catch (writeError) {
        if (isApiError(writeError)) return { error: writeError };
        throw writeError;
      }
      return;
    }
  }

  private trySync(pdb: KObject) {
    const { clock, recorder } = this.deps;
    let selector: Selector;
    try {
      selector = selectorFromLabelSelector(pdb.spec?.selector as LabelSelector | null | undefined);
    } catch (e) {
      recorder.event(pdb, 'Warning', 'NoPods', `Failed to get pods: ${e instanceof Error ? e.message : String(e)}`);
      throw e;
    }
    const namespace = pdb.metadata.namespace ?? '';
    const pods = listMatching(this.pods, namespace, selector);
    sortByName(pods);
    if (pods.length === 0) recorder.event(pdb, 'Normal', 'NoPods', 'No matching pods found');

    let counts;
    try {
      counts = this.counter.expectedPodCount(pdb, pods);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      recorder.event(
        pdb,
        'Warning',
        'CalculateExpectedPodCountFailed',
        `Failed to calculate the number of expected pods: ${message}`,
      );
      throw e;
    }
    if (counts.unmanagedPods.length > 0) {
      recorder.event(
        pdb,
        'Warning',
        'UnmanagedPods',
        `Pods selected by this PodDisruptionBudget (selector: ${goLabelSelector(pdb.spec?.selector)}) were found to be unmanaged. As a result, the status of the PDB cannot be calculated correctly, which may result in undefined behavior. To account for these pods please set ".spec.minAvailable" field of the PDB to an integer value.`,
      );
    }

    const now = clock.now();
    const { disruptedPods, recheckAt } = this.buildDisruptedPodMap(pods, pdb, now);
    const currentHealthy = countHealthyPods(pods, disruptedPods, now, clock);
    this.updatePdbStatus(pdb, currentHealthy, counts.desiredHealthy, counts.expectedCount, disruptedPods);
    if (recheckAt !== undefined) return { requeueAfterMs: recheckAt - now + RECHECK_SLACK_MS };
    return;
  }

  /** buildDisruptedPodMap. */
  private buildDisruptedPodMap(
    pods: readonly KObject[],
    pdb: KObject,
    now: number,
  ): { disruptedPods: Record<string, string>; recheckAt?: number } {
    const { clock, recorder } = this.deps;
    const recorded = (pdb.status?.disruptedPods ?? {}) as Record<string, string>;
    const disruptedPods: Record<string, string> = {};
    let recheckAt: number | undefined;
    if (Object.keys(recorded).length === 0) return { disruptedPods };
    for (const pod of pods) {
      if (pod.metadata.deletionTimestamp) continue;
      const name = pod.metadata.name ?? '';
      const at = recorded[name];
      if (at === undefined) continue;
      const expectedDeletion = clock.parseTimestamp(at) + DELETION_TIMEOUT_MS;
      if (expectedDeletion < now) {
        // Upstream formats the budget as <namespace>/<namespace>.
        recorder.event(
          pod,
          'Warning',
          'NotDeleted',
          `Pod was expected by PDB ${pdb.metadata.namespace ?? ''}/${pdb.metadata.namespace ?? ''} to be deleted but it wasn't`,
        );
      } else {
        if (recheckAt === undefined || expectedDeletion < recheckAt) recheckAt = expectedDeletion;
        disruptedPods[name] = at;
      }
    }
    return { disruptedPods, recheckAt };
  }

  /** updatePdbStatus: skipped when nothing would change. */
  private updatePdbStatus(
    pdb: KObject,
    currentHealthy: number,
    desiredHealthy: number,
    expectedPods: number,
    disruptedPods: Record<string, string>,
  ): void {
    let disruptionsAllowed = currentHealthy - desiredHealthy;
    if (expectedPods <= 0 || disruptionsAllowed <= 0) disruptionsAllowed = 0;
    const old = pdbStatusOf(pdb);
    const generation = pdb.metadata.generation ?? 0;
    if (
      old.currentHealthy === currentHealthy &&
      old.desiredHealthy === desiredHealthy &&
      old.expectedPods === expectedPods &&
      old.disruptionsAllowed === disruptionsAllowed &&
      deepEqual(old.disruptedPods ?? {}, disruptedPods) &&
      (old.observedGeneration ?? 0) === generation &&
      conditionsAreUpToDate(pdb, old)
    ) {
      return;
    }
    let next: PdbStatus = {
      observedGeneration: generation,
      disruptedPods,
      disruptionsAllowed,
      currentHealthy,
      desiredHealthy,
      expectedPods,
      conditions: old.conditions,
    };
    next = withDisruptionAllowedCondition(next, this.deps.api.timestamp());
    this.deps.api.updateStatus({ ...pdb, status: orderStatus(next) });
  }

  /** failSafe: disruptionsAllowed 0 and DisruptionAllowed=False (SyncFailed) with the error. */
  private failSafe(pdb: KObject, message: string): void {
    const old = pdbStatusOf(pdb);
    const conditions = setStatusCondition(
      old.conditions,
      {
        type: DISRUPTION_ALLOWED,
        status: 'False',
        observedGeneration: old.observedGeneration,
        reason: SYNC_FAILED,
        message,
      },
      this.deps.api.timestamp(),
    );
    this.deps.api.updateStatus({ ...pdb, status: orderStatus({ ...old, disruptionsAllowed: 0, conditions }) });
  }

  // ---- stale DisruptionTarget conditions ----------------------------------------------------

  /** nonTerminatingPodHasStaleDisruptionCondition: how long until the condition is stale. */
  private staleAfterMs(pod: KObject): number | undefined {
    if (pod.metadata.deletionTimestamp) return undefined;
    const cond = getPodCondition(pod.status, 'DisruptionTarget');
    const phase = pod.status?.phase;
    if (
      !cond ||
      cond.status !== 'True' ||
      cond.reason === 'TerminationByKubelet' ||
      phase === 'Succeeded' ||
      phase === 'Failed'
    ) {
      return undefined;
    }
    const since = cond.lastTransitionTime ? this.deps.clock.parseTimestamp(cond.lastTransitionTime) : 0;
    return Math.max(0, STALE_POD_DISRUPTION_TIMEOUT_MS - (this.deps.clock.now() - since));
  }

  private staleKey(pod: KObject): undefined {
    const wait = this.staleAfterMs(pod);
    if (wait !== undefined) this.staleController.enqueueAfter(objectKey(pod), wait);
    return undefined;
  }

  private syncStalePodDisruption(key: string) {
    const { namespace, name } = splitKey(key);
    const pod = this.pods.get(namespace, name);
    if (!pod) return;
    const wait = this.staleAfterMs(pod);
    if (wait === undefined) return;
    if (wait > 0) return { requeueAfterMs: wait };
    const status = setPodCondition(pod.status ?? {}, { type: 'DisruptionTarget', status: 'False' }, this.deps.api.timestamp());
    if (status === pod.status) return;
    this.deps.api.updateStatus({ ...pod, status });
    return;
  }
}

/** countHealthyPods. */
function countHealthyPods(pods: readonly KObject[], disruptedPods: Record<string, string>, now: number, clock: Clock): number {
  let healthy = 0;
  for (const pod of pods) {
    if (pod.metadata.deletionTimestamp) continue;
    const at = disruptedPods[pod.metadata.name ?? ''];
    if (at !== undefined && clock.parseTimestamp(at) + DELETION_TIMEOUT_MS > now) continue;
    if (isPodReady(pod)) healthy++;
  }
  return healthy;
}

function sortByName(pods: KObject[]): void {
  pods.sort((a, b) =>
    (a.metadata.name ?? '') < (b.metadata.name ?? '') ? -1 : (a.metadata.name ?? '') > (b.metadata.name ?? '') ? 1 : 0,
  );
}

/**
 * `%v` of a *metav1.LabelSelector (its generated String()):
 * `&LabelSelector{MatchLabels:map[string]string{app: web,},MatchExpressions:[]LabelSelectorRequirement{},}`.
 */
export function goLabelSelector(selector: unknown): string {
  if (selector === null || selector === undefined) return 'nil';
  const s = selector as {
    matchLabels?: Record<string, string>;
    matchExpressions?: { key: string; operator: string; values?: string[] }[];
  };
  const labels = Object.keys(s.matchLabels ?? {})
    .sort()
    .map((k) => `${k}: ${s.matchLabels![k]},`)
    .join('');
  const exprs = (s.matchExpressions ?? [])
    .map((e) => `LabelSelectorRequirement{Key:${e.key},Operator:${e.operator},Values:[${(e.values ?? []).join(' ')}],},`)
    .join('');
  return `&LabelSelector{MatchLabels:map[string]string{${labels}},MatchExpressions:[]LabelSelectorRequirement{${exprs}},}`;
}

export function startDisruptionController(deps: DisruptionControllerDeps): DisruptionController {
  return new DisruptionController(deps);
}
