// How the HPA turns the metrics' recommendation into the replica count it sets
// (pkg/controller/podautoscaler/horizontal.go), with the controller's memory of recent
// recommendations and scale events per HPA:
//
// Without spec.behavior (normalizeDesiredReplicas): the recommendation is the highest of the last
// --horizontal-pod-autoscaler-downscale-stabilization (5 min) of recommendations, then clamped to
// [minReplicas, min(maxReplicas, max(2 × current, 4))].
// With spec.behavior (normalizeDesiredReplicasWithBehaviors): a scale-up takes the lowest
// recommendation of the scale-up window, a scale-down the highest of the scale-down window (unset:
// the 5 min flag); then the policies cap the change per period (replicas at the period's start
// ± Pods value or × (1 ± Percent/100); selectPolicy Max takes the largest change, Min the smallest,
// Disabled none), and the result is clamped to [minReplicas, maxReplicas].
// Each returns the conditions it would set: AbleToScale (ReadyForNewScale / ScaleUpStabilized /
// ScaleDownStabilized) and ScalingLimited (DesiredWithinRange, TooFewReplicas, TooManyReplicas,
// ScaleUpLimit, ScaleDownLimit).
//
// Times are clock ms; "after"/"before" are strict, as time.Time's are.

export interface TimestampedRecommendation {
  recommendation: number;
  timestampMs: number;
}

export interface TimestampedScaleEvent {
  /** Absolute value of the change. */
  replicaChange: number;
  timestampMs: number;
  outdated: boolean;
}

export interface HpaMemory {
  recommendations: TimestampedRecommendation[] | undefined;
  scaleUpEvents: TimestampedScaleEvent[];
  scaleDownEvents: TimestampedScaleEvent[];
}

export function newHpaMemory(): HpaMemory {
  return { recommendations: undefined, scaleUpEvents: [], scaleDownEvents: [] };
}

export interface ScalingPolicy {
  type: string;
  value: number;
  periodSeconds: number;
}

export interface ScalingRules {
  stabilizationWindowSeconds?: number;
  selectPolicy?: string;
  policies?: ScalingPolicy[];
}

export interface Behavior {
  scaleUp?: ScalingRules;
  scaleDown?: ScalingRules;
}

export interface ConditionResult {
  reason: string;
  message: string;
}

export interface Normalized {
  desired: number;
  ableToScale: ConditionResult;
  scalingLimited: ConditionResult & { status: 'True' | 'False' };
}

/** scaleUpLimitFactor / scaleUpLimitMinimum of the behavior-less path. */
const SCALE_UP_LIMIT_FACTOR = 2.0;
const SCALE_UP_LIMIT_MINIMUM = 4.0;

const READY_FOR_NEW_SCALE: ConditionResult = { reason: 'ReadyForNewScale', message: 'recommended size matches current size' };

/** recordInitialRecommendation. */
export function recordInitialRecommendation(mem: HpaMemory, currentReplicas: number, nowMs: number): void {
  if (!mem.recommendations) mem.recommendations = [{ recommendation: currentReplicas, timestampMs: nowMs }];
}

/** stabilizeRecommendation: the max over the window; the new recommendation replaces an old one. */
export function stabilizeRecommendation(mem: HpaMemory, desired: number, windowMs: number, nowMs: number): number {
  let max = desired;
  let oldIndex = -1;
  const cutoff = nowMs - windowMs;
  const recs = (mem.recommendations ??= []);
  recs.forEach((rec, i) => {
    if (rec.timestampMs < cutoff) oldIndex = i;
    else if (rec.recommendation > max) max = rec.recommendation;
  });
  const entry = { recommendation: desired, timestampMs: nowMs };
  if (oldIndex >= 0) recs[oldIndex] = entry;
  else recs.push(entry);
  return max;
}

/** convertDesiredReplicasWithRules. */
export function convertDesiredReplicasWithRules(
  current: number,
  desired: number,
  min: number,
  max: number,
): { replicas: number } & ConditionResult {
  const scaleUpLimit = Math.trunc(Math.max(SCALE_UP_LIMIT_FACTOR * current, SCALE_UP_LIMIT_MINIMUM));
  let maximumAllowed: number;
  let reason: string;
  let message: string;
  if (max > scaleUpLimit) {
    maximumAllowed = scaleUpLimit;
    reason = 'ScaleUpLimit';
    message = 'the desired replica count is increasing faster than the maximum scale rate';
  } else {
    maximumAllowed = max;
    reason = 'TooManyReplicas';
    message = 'the desired replica count is more than the maximum replica count';
  }
  if (desired < min) {
    return {
      replicas: min,
      reason: 'TooFewReplicas',
      message: 'the desired replica count is less than the minimum replica count',
    };
  }
  if (desired > maximumAllowed) return { replicas: maximumAllowed, reason, message };
  return { replicas: desired, reason: 'DesiredWithinRange', message: 'the desired count is within the acceptable range' };
}

/** normalizeDesiredReplicas (no spec.behavior). */
export function normalizeDesiredReplicas(
  mem: HpaMemory,
  args: { current: number; desired: number; min: number; max: number; downscaleStabilizationMs: number; nowMs: number },
): Normalized {
  const stabilized = stabilizeRecommendation(mem, args.desired, args.downscaleStabilizationMs, args.nowMs);
  const ableToScale =
    stabilized !== args.desired
      ? {
          reason: 'ScaleDownStabilized',
          message: 'recent recommendations were higher than current one, applying the highest recent recommendation',
        }
      : READY_FOR_NEW_SCALE;
  const r = convertDesiredReplicasWithRules(args.current, stabilized, args.min, args.max);
  return {
    desired: r.replicas,
    ableToScale,
    scalingLimited: { status: r.replicas === stabilized ? 'False' : 'True', reason: r.reason, message: r.message },
  };
}

/** getReplicasChangePerPeriod: changes strictly after now − period. */
export function replicasChangePerPeriod(periodSeconds: number, events: readonly TimestampedScaleEvent[], nowMs: number): number {
  const cutoff = nowMs - periodSeconds * 1000;
  let replicas = 0;
  for (const e of events) if (e.timestampMs > cutoff) replicas += e.replicaChange;
  return replicas;
}

/** calculateScaleUpLimitWithScalingRules. */
export function scaleUpLimitWithRules(
  current: number,
  upEvents: readonly TimestampedScaleEvent[],
  downEvents: readonly TimestampedScaleEvent[],
  rules: ScalingRules,
  nowMs: number,
): number {
  const select = rules.selectPolicy ?? 'Max';
  if (select === 'Disabled') return current;
  let result = select === 'Min' ? Number.MAX_SAFE_INTEGER : Number.MIN_SAFE_INTEGER;
  const pick = select === 'Min' ? Math.min : Math.max;
  for (const p of rules.policies ?? []) {
    const added = replicasChangePerPeriod(p.periodSeconds, upEvents, nowMs);
    const deleted = replicasChangePerPeriod(p.periodSeconds, downEvents, nowMs);
    const periodStart = current - added + deleted;
    let proposed = 0;
    if (p.type === 'Pods') proposed = periodStart + p.value;
    else if (p.type === 'Percent') proposed = Math.ceil(periodStart * (1 + p.value / 100));
    result = pick(result, proposed);
  }
  return result;
}

/** calculateScaleDownLimitWithBehaviors. */
export function scaleDownLimitWithRules(
  current: number,
  upEvents: readonly TimestampedScaleEvent[],
  downEvents: readonly TimestampedScaleEvent[],
  rules: ScalingRules,
  nowMs: number,
): number {
  const select = rules.selectPolicy ?? 'Max';
  if (select === 'Disabled') return current;
  let result = select === 'Min' ? Number.MIN_SAFE_INTEGER : Number.MAX_SAFE_INTEGER;
  const pick = select === 'Min' ? Math.max : Math.min;
  for (const p of rules.policies ?? []) {
    const added = replicasChangePerPeriod(p.periodSeconds, upEvents, nowMs);
    const deleted = replicasChangePerPeriod(p.periodSeconds, downEvents, nowMs);
    const periodStart = current - added + deleted;
    let proposed = 0;
    if (p.type === 'Pods') proposed = periodStart - p.value;
    else if (p.type === 'Percent') proposed = Math.trunc(periodStart * (1 - p.value / 100));
    result = pick(result, proposed);
  }
  return result;
}

/** stabilizeRecommendationWithBehaviors. */
export function stabilizeRecommendationWithBehaviors(
  mem: HpaMemory,
  args: { current: number; desired: number; upWindowSeconds: number; downWindowSeconds: number; nowMs: number },
): { recommendation: number } & ConditionResult {
  const { nowMs } = args;
  let up = args.desired;
  let down = args.desired;
  const upCutoff = nowMs - args.upWindowSeconds * 1000;
  const downCutoff = nowMs - args.downWindowSeconds * 1000;
  let oldIndex = -1;
  const recs = (mem.recommendations ??= []);
  recs.forEach((rec, i) => {
    if (rec.timestampMs > upCutoff) up = Math.min(rec.recommendation, up);
    if (rec.timestampMs > downCutoff) down = Math.max(rec.recommendation, down);
    if (rec.timestampMs < upCutoff && rec.timestampMs < downCutoff) oldIndex = i;
  });
  let recommendation = args.current;
  if (recommendation < up) recommendation = up;
  if (recommendation > down) recommendation = down;
  const entry = { recommendation: args.desired, timestampMs: nowMs };
  if (oldIndex >= 0) recs[oldIndex] = entry;
  else recs.push(entry);
  if (args.desired >= args.current) {
    return {
      recommendation,
      reason: 'ScaleUpStabilized',
      message: 'recent recommendations were lower than current one, applying the lowest recent recommendation',
    };
  }
  return {
    recommendation,
    reason: 'ScaleDownStabilized',
    message: 'recent recommendations were higher than current one, applying the highest recent recommendation',
  };
}

/** convertDesiredReplicasWithBehaviorRate. */
export function convertDesiredReplicasWithBehaviorRate(
  mem: HpaMemory,
  args: { current: number; desired: number; min: number; max: number; behavior: Behavior; nowMs: number },
): { replicas: number } & ConditionResult {
  const { current, desired, nowMs } = args;
  if (desired > current) {
    let limit = scaleUpLimitWithRules(current, mem.scaleUpEvents, mem.scaleDownEvents, args.behavior.scaleUp ?? {}, nowMs);
    if (limit < current) limit = current;
    let maximumAllowed = args.max;
    let reason = 'TooManyReplicas';
    let message = 'the desired replica count is more than the maximum replica count';
    if (maximumAllowed > limit) {
      maximumAllowed = limit;
      reason = 'ScaleUpLimit';
      message = 'the desired replica count is increasing faster than the maximum scale rate';
    }
    if (desired > maximumAllowed) return { replicas: maximumAllowed, reason, message };
  } else if (desired < current) {
    let limit = scaleDownLimitWithRules(current, mem.scaleUpEvents, mem.scaleDownEvents, args.behavior.scaleDown ?? {}, nowMs);
    if (limit > current) limit = current;
    let minimumAllowed = args.min;
    let reason = 'TooFewReplicas';
    let message = 'the desired replica count is less than the minimum replica count';
    if (minimumAllowed < limit) {
      minimumAllowed = limit;
      reason = 'ScaleDownLimit';
      message = 'the desired replica count is decreasing faster than the maximum scale rate';
    }
    if (desired < minimumAllowed) return { replicas: minimumAllowed, reason, message };
  }
  return { replicas: desired, reason: 'DesiredWithinRange', message: 'the desired count is within the acceptable range' };
}

/** normalizeDesiredReplicasWithBehaviors (the scale-down window defaults to the controller flag). */
export function normalizeDesiredReplicasWithBehaviors(
  mem: HpaMemory,
  args: {
    current: number;
    desired: number;
    min: number;
    max: number;
    behavior: Behavior;
    downscaleStabilizationMs: number;
    nowMs: number;
  },
): Normalized {
  const downWindow = args.behavior.scaleDown?.stabilizationWindowSeconds ?? Math.trunc(args.downscaleStabilizationMs / 1000);
  const behavior: Behavior = {
    scaleUp: args.behavior.scaleUp,
    scaleDown: { ...args.behavior.scaleDown, stabilizationWindowSeconds: downWindow },
  };
  const s = stabilizeRecommendationWithBehaviors(mem, {
    current: args.current,
    desired: args.desired,
    upWindowSeconds: behavior.scaleUp?.stabilizationWindowSeconds ?? 0,
    downWindowSeconds: downWindow,
    nowMs: args.nowMs,
  });
  const ableToScale = s.recommendation !== args.desired ? { reason: s.reason, message: s.message } : READY_FOR_NEW_SCALE;
  const r = convertDesiredReplicasWithBehaviorRate(mem, {
    current: args.current,
    desired: s.recommendation,
    min: args.min,
    max: args.max,
    behavior,
    nowMs: args.nowMs,
  });
  return {
    desired: r.replicas,
    ableToScale,
    scalingLimited: { status: r.replicas === s.recommendation ? 'False' : 'True', reason: r.reason, message: r.message },
  };
}

function longestPolicyPeriod(rules: ScalingRules | undefined): number {
  let longest = 0;
  for (const p of rules?.policies ?? []) if (p.periodSeconds > longest) longest = p.periodSeconds;
  return longest;
}

/** storeScaleEvent: records a rescale (reusing an outdated slot), only when the HPA has a behavior. */
export function storeScaleEvent(mem: HpaMemory, behavior: Behavior | undefined, prev: number, next: number, nowMs: number): void {
  if (!behavior) return;
  const up = next > prev;
  const events = up ? mem.scaleUpEvents : mem.scaleDownEvents;
  const cutoff = nowMs - longestPolicyPeriod(up ? behavior.scaleUp : behavior.scaleDown) * 1000;
  let oldIndex = -1;
  events.forEach((e, i) => {
    if (e.timestampMs < cutoff) e.outdated = true;
    if (e.outdated) oldIndex = i;
  });
  const entry = { replicaChange: Math.abs(next - prev), timestampMs: nowMs, outdated: false };
  if (oldIndex >= 0) events[oldIndex] = entry;
  else events.push(entry);
}
