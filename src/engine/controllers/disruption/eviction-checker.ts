// The PodDisruptionBudget step of pods/eviction (pkg/registry/core/pod/storage/eviction.go
// getPodDisruptionBudgets + the unhealthy-pod rules + checkAndDecrement), installed on the API
// server as `api.disruptionBudgets` by the disruption controller. It reads the budgets from the
// API (not a cache), like the apiserver's own PDB client:
//
//  - the budgets of the pod's namespace whose selector matches its labels (a selector that does
//    not convert matches nothing): none → allowed; more than one → 500;
//  - a pod that is not Ready: `unhealthyPodEvictionPolicy: AlwaysAllow`, or the default
//    IfHealthyBudget with currentHealthy ≥ desiredHealthy > 0 → allowed without touching the
//    budget (the delete then carries the pod's resourceVersion as precondition);
//  - checkAndDecrement: observedGeneration behind generation → 429 "still being processed";
//    disruptionsAllowed < 0 → 403; more than 2000 disruptedPods → 403; 0 → 429 with the
//    budget's numbers; else disruptionsAllowed − 1 (the DisruptionAllowed condition turns
//    InsufficientPods at 0) and, unless a dry run, disruptedPods[pod] = now in one status write.

import type { KObject } from '../../../k8s/types';
import { ApiError } from '../../api/errors';
import { podDisruptionBudgetKind } from '../../api/kinds/poddisruptionbudget';
import { evictionErrors, type DisruptionBudgetChecker, type DisruptionDecision } from '../../api/subresources/eviction';
import { isPodReady } from '../active-pods';
import { orderStatus, pdbSelector, pdbStatusOf, withDisruptionAllowedCondition } from './pdb-status';

/** eviction.go MaxDisruptedPodSize. */
export const MAX_DISRUPTED_POD_SIZE = 2000;

/** getPodDisruptionBudgets: the budgets of the pod's namespace that select it. */
export function budgetsForPod(budgets: readonly KObject[], pod: KObject): KObject[] {
  return budgets.filter(
    (pdb) => pdb.metadata.namespace === pod.metadata.namespace && !!pdbSelector(pdb)?.matches(pod.metadata.labels),
  );
}

export const checkDisruptionBudgets: DisruptionBudgetChecker = (pod, { api, dryRun }): DisruptionDecision => {
  const all = api.list(podDisruptionBudgetKind, { namespace: pod.metadata.namespace }).items;
  const pdbs = budgetsForPod(all, pod);
  if (pdbs.length > 1) return { allowed: false, error: evictionErrors.multipleBudgets() };
  if (pdbs.length === 0) return { allowed: true };
  const pdb = pdbs[0];
  const name = pdb.metadata.name ?? '';
  const status = pdbStatusOf(pdb);

  if (!isPodReady(pod)) {
    if (pdb.spec?.unhealthyPodEvictionPolicy === 'AlwaysAllow')
      return { allowed: true, guardResourceVersion: true, pdbName: name };
    if (status.currentHealthy >= status.desiredHealthy && status.desiredHealthy > 0) {
      return { allowed: true, guardResourceVersion: true, pdbName: name };
    }
  }

  // checkAndDecrement
  if ((status.observedGeneration ?? 0) < (pdb.metadata.generation ?? 0)) {
    return { allowed: false, error: evictionErrors.budgetProcessing(name) };
  }
  if (status.disruptionsAllowed < 0) return { allowed: false, error: evictionErrors.negativeDisruptionsAllowed(name) };
  if (Object.keys(status.disruptedPods ?? {}).length > MAX_DISRUPTED_POD_SIZE) {
    return { allowed: false, error: evictionErrors.tooManyDisruptedPods(name) };
  }
  if (status.disruptionsAllowed === 0) {
    return { allowed: false, error: evictionErrors.budgetViolated(name, status.desiredHealthy, status.currentHealthy) };
  }
  if (dryRun) return { allowed: true };

  const now = api.timestamp();
  let next = { ...status, disruptionsAllowed: status.disruptionsAllowed - 1 };
  if (next.disruptionsAllowed === 0) next = withDisruptionAllowedCondition(next, now);
  next.disruptedPods = { ...next.disruptedPods, [pod.metadata.name ?? '']: now };
  try {
    api.updateStatus({ ...pdb, status: orderStatus(next) });
  } catch (e) {
    if (e instanceof ApiError) return { allowed: false, error: e };
    throw e;
  }
  return { allowed: true };
};
