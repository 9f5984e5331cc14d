// podutil.UpdatePodCondition (pkg/api/v1/pod/util.go): sets one condition of a pod status. A new
// condition, or one whose status changes, gets lastTransitionTime = now; otherwise the old
// transition time is kept. Returns the same status object when nothing changed, so callers can
// skip a no-op write.

export interface PodConditionInput {
  type: string;
  status: string;
  reason?: string;
  message?: string;
  observedGeneration?: number;
}

interface StoredCondition {
  type: string;
  status?: string;
  reason?: string;
  message?: string;
  lastProbeTime?: string | null;
  lastTransitionTime?: string | null;
  observedGeneration?: number;
}

/** The condition as the Go struct serialises it (field order of v1.PodCondition). */
function build(c: PodConditionInput, lastTransitionTime: string | null | undefined): StoredCondition {
  const out: StoredCondition = { type: c.type };
  if (c.observedGeneration) out.observedGeneration = c.observedGeneration;
  out.status = c.status;
  out.lastProbeTime = null;
  out.lastTransitionTime = lastTransitionTime ?? null;
  if (c.reason) out.reason = c.reason;
  if (c.message) out.message = c.message;
  return out;
}

export function setPodCondition<S extends Record<string, any>>(status: S, condition: PodConditionInput, now: string): S {
  const conditions: StoredCondition[] = Array.isArray(status.conditions) ? status.conditions : [];
  const i = conditions.findIndex((c) => c.type === condition.type);
  if (i < 0) return { ...status, conditions: [...conditions, build(condition, now)] };
  const old = conditions[i];
  const transition = old.status === condition.status ? old.lastTransitionTime : now;
  const next = build(condition, transition);
  const same =
    old.status === next.status &&
    (old.reason ?? '') === (next.reason ?? '') &&
    (old.message ?? '') === (next.message ?? '') &&
    (old.lastProbeTime ?? null) === null &&
    (old.lastTransitionTime ?? null) === (next.lastTransitionTime ?? null) &&
    (old.observedGeneration ?? 0) === (next.observedGeneration ?? 0);
  if (same) return status;
  const list = conditions.slice();
  list[i] = next;
  return { ...status, conditions: list };
}

/** The condition of `type`, if the status has one. */
export function getPodCondition(status: { conditions?: unknown } | undefined, type: string): StoredCondition | undefined {
  const conditions = status?.conditions;
  if (!Array.isArray(conditions)) return undefined;
  return (conditions as StoredCondition[]).find((c) => c.type === type);
}
