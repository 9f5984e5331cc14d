// PodDisruptionBudget status helpers shared by the disruption controller and the eviction check:
// the DisruptionAllowed condition (component-helpers apps/poddisruptionbudget helpers.go,
// apimachinery meta.SetStatusCondition) and the status object in policy/v1 field order.

import { selectorFromLabelSelector, type LabelSelector, type Selector } from '../../../k8s/labels';
import type { KObject } from '../../../k8s/types';

export const DISRUPTION_ALLOWED = 'DisruptionAllowed';
export const SUFFICIENT_PODS = 'SufficientPods';
export const INSUFFICIENT_PODS = 'InsufficientPods';
export const SYNC_FAILED = 'SyncFailed';

/** metav1.Condition in its JSON field order. */
export interface MetaCondition {
  type: string;
  status: string;
  observedGeneration?: number;
  lastTransitionTime: string;
  reason: string;
  message: string;
}

export interface PdbStatus {
  observedGeneration?: number;
  disruptedPods?: Record<string, string>;
  disruptionsAllowed: number;
  currentHealthy: number;
  desiredHealthy: number;
  expectedPods: number;
  conditions?: MetaCondition[];
}

/** The stored status with the counters Go would read as zero when absent. */
export function pdbStatusOf(pdb: KObject): PdbStatus {
  const s = (pdb.status ?? {}) as Partial<PdbStatus>;
  const out: PdbStatus = {
    disruptionsAllowed: s.disruptionsAllowed ?? 0,
    currentHealthy: s.currentHealthy ?? 0,
    desiredHealthy: s.desiredHealthy ?? 0,
    expectedPods: s.expectedPods ?? 0,
  };
  if (s.observedGeneration !== undefined) out.observedGeneration = s.observedGeneration;
  if (s.disruptedPods && Object.keys(s.disruptedPods).length > 0) out.disruptedPods = s.disruptedPods;
  if (s.conditions) out.conditions = s.conditions;
  return orderStatus(out);
}

/** PodDisruptionBudgetStatus field order (omitempty fields left out when empty). */
export function orderStatus(s: PdbStatus): PdbStatus {
  const out: Partial<PdbStatus> = {};
  if (s.observedGeneration) out.observedGeneration = s.observedGeneration;
  if (s.disruptedPods && Object.keys(s.disruptedPods).length > 0) out.disruptedPods = s.disruptedPods;
  out.disruptionsAllowed = s.disruptionsAllowed;
  out.currentHealthy = s.currentHealthy;
  out.desiredHealthy = s.desiredHealthy;
  out.expectedPods = s.expectedPods;
  if (s.conditions && s.conditions.length > 0) out.conditions = s.conditions;
  return out as PdbStatus;
}

/**
 * meta.SetStatusCondition: adds the condition (transition time now), or updates the existing one
 * — its transition time moves only when the status changes. Returns a new list.
 */
export function setStatusCondition(
  conditions: readonly MetaCondition[] | undefined,
  next: Omit<MetaCondition, 'lastTransitionTime'>,
  now: string,
): MetaCondition[] {
  const list = conditions ? [...conditions] : [];
  const i = list.findIndex((c) => c.type === next.type);
  const build = (lastTransitionTime: string): MetaCondition => {
    const c: MetaCondition = { type: next.type, status: next.status } as MetaCondition;
    if (next.observedGeneration) c.observedGeneration = next.observedGeneration;
    c.lastTransitionTime = lastTransitionTime;
    c.reason = next.reason;
    c.message = next.message;
    return c;
  };
  if (i < 0) list.push(build(now));
  else list[i] = build(list[i].status === next.status ? list[i].lastTransitionTime : now);
  return list;
}

/** pdbhelper.UpdateDisruptionAllowedCondition. */
export function withDisruptionAllowedCondition(status: PdbStatus, now: string): PdbStatus {
  const allowed = status.disruptionsAllowed > 0;
  const conditions = setStatusCondition(
    status.conditions,
    {
      type: DISRUPTION_ALLOWED,
      status: allowed ? 'True' : 'False',
      observedGeneration: status.observedGeneration,
      reason: allowed ? SUFFICIENT_PODS : INSUFFICIENT_PODS,
      message: '',
    },
    now,
  );
  return { ...status, conditions };
}

/** pdbhelper.ConditionsAreUpToDate. */
export function conditionsAreUpToDate(pdb: KObject, status: PdbStatus): boolean {
  const cond = status.conditions?.find((c) => c.type === DISRUPTION_ALLOWED);
  if (!cond) return false;
  if ((status.observedGeneration ?? 0) !== (pdb.metadata.generation ?? 0)) return false;
  if (status.disruptionsAllowed > 0) return cond.status === 'True' && cond.reason === SUFFICIENT_PODS;
  return cond.status === 'False' && cond.reason === INSUFFICIENT_PODS;
}

/**
 * metav1.LabelSelectorAsSelector of the budget's selector (null → nothing, `{}` → everything);
 * undefined when it cannot be converted.
 */
export function pdbSelector(pdb: KObject): Selector | undefined {
  try {
    return selectorFromLabelSelector(pdb.spec?.selector as LabelSelector | null | undefined);
  } catch {
    return undefined;
  }
}
