// The HPA's replica calculation (pkg/controller/podautoscaler/replica_calculator.go and
// metrics/utilization.go), as pure functions over pods and their metrics:
//
//   utilization = Σ usage × 100 / Σ requests (integer division), ratio = utilization / target;
//   within the tolerance (0.9 ≤ ratio ≤ 1.1 by default) the count stays; otherwise
//   desired = ceil(ratio × ready pods).
//
// Pods are grouped first (groupPods): deleted or Failed pods are ignored; Pending pods are unready;
// pods without metrics are missing; for CPU, a pod is also unready while it is inside the CPU
// initialization period (5 min from its start) and not Ready, or Ready for less than one metric
// window; after that period only if it is not Ready and never was (its Ready condition last changed
// within the initial readiness delay, 30 s, of its start). Then, if there are missing pods or a
// scale-up with unready pods, the ratio is recomputed with missing pods at 100 % of their request
// (or the target, if that is higher) on a scale-down and 0 % on a scale-up, unready pods at 0 % on a
// scale-up; a recomputed ratio that is within tolerance or flips direction keeps the count.

import { parseQuantity } from '../../../k8s/quantity';

export type Resource = string;

/** One pod's metric: a milli-value, and the sample's time and window (clock ms). */
export interface PodMetricSample {
  value: number;
  timestampMs: number;
  windowMs: number;
}

export type PodMetricsInfo = Map<string, PodMetricSample>;

export interface Tolerances {
  scaleDown: number;
  scaleUp: number;
}

export function tolerances(t: number): Tolerances {
  return { scaleDown: t, scaleUp: t };
}

export function isWithin(t: Tolerances, ratio: number): boolean {
  return 1.0 - t.scaleDown <= ratio && ratio <= 1.0 + t.scaleUp;
}

export interface CalcTiming {
  /** Clock now (ms). */
  nowMs: number;
  /** --horizontal-pod-autoscaler-cpu-initialization-period (5 min). */
  cpuInitializationPeriodMs: number;
  /** --horizontal-pod-autoscaler-initial-readiness-delay (30 s). */
  delayOfInitialReadinessStatusMs: number;
  /** Parses a metav1.Time into clock ms. */
  parseTime(ts: string): number;
}

/** A failure of the calculation, worded as upstream's error. */
export class CalcError extends Error {}

type Pod = {
  metadata: { name?: string; deletionTimestamp?: string | null };
  spec?: Record<string, any>;
  status?: Record<string, any>;
};

function podName(p: Pod): string {
  return p.metadata.name ?? '';
}

export interface PodGroups {
  readyPodCount: number;
  unready: Set<string>;
  missing: Set<string>;
  ignored: Set<string>;
}

/**
 * The metrics the calculation may use: the pods grouped, with the ignored (not yet started) and
 * unready pods' samples left out — the common start of GetResourceReplicas and GetMetricReplicas.
 */
function usableMetrics(
  pods: readonly Pod[],
  all: PodMetricsInfo,
  resource: Resource,
  timing: CalcTiming,
): { metrics: PodMetricsInfo; g: PodGroups } {
  const metrics: PodMetricsInfo = new Map(all);
  if (pods.length === 0) throw new CalcError('no pods returned by selector while calculating replica count');
  const g = groupPods(pods, metrics, resource, timing);
  for (const n of g.ignored) metrics.delete(n);
  for (const n of g.unready) metrics.delete(n);
  if (metrics.size === 0) throw new CalcError('did not receive metrics for targeted pods (pods might be unready)');
  return { metrics, g };
}

/** groupPods. */
export function groupPods(pods: readonly Pod[], metrics: PodMetricsInfo, resource: Resource, t: CalcTiming): PodGroups {
  const g: PodGroups = { readyPodCount: 0, unready: new Set(), missing: new Set(), ignored: new Set() };
  for (const pod of pods) {
    const name = podName(pod);
    const phase = pod.status?.phase;
    if (pod.metadata.deletionTimestamp || phase === 'Failed') {
      g.ignored.add(name);
      continue;
    }
    if (phase === 'Pending') {
      g.unready.add(name);
      continue;
    }
    const metric = metrics.get(name);
    if (!metric) {
      g.missing.add(name);
      continue;
    }
    if (resource === 'cpu') {
      const condition = ((pod.status?.conditions ?? []) as Record<string, any>[]).find((c) => c.type === 'Ready');
      const startTime = pod.status?.startTime as string | undefined;
      let unready: boolean;
      if (!condition || !startTime) {
        unready = true;
      } else {
        const start = t.parseTime(startTime);
        const transition = condition.lastTransitionTime ? t.parseTime(condition.lastTransitionTime) : -Infinity;
        if (start + t.cpuInitializationPeriodMs > t.nowMs) {
          // Inside the initialization period: unready, or no full metric window since it changed.
          unready = condition.status === 'False' || metric.timestampMs < transition + metric.windowMs;
        } else {
          // Unready and never ready.
          unready = condition.status === 'False' && start + t.delayOfInitialReadinessStatusMs > transition;
        }
      }
      if (unready) {
        g.unready.add(name);
        continue;
      }
    }
    g.readyPodCount++;
  }
  return g;
}

function milliOf(q: unknown): number | undefined {
  if (q === undefined || q === null) return undefined;
  try {
    return parseQuantity(q as string | number).milliValue();
  } catch {
    return undefined;
  }
}

/** calculateRequests: per pod, the pod-level request or the containers' (one container's) sum. */
export function calculateRequests(pods: readonly Pod[], container: string, resource: Resource): Map<string, number> {
  const out = new Map<string, number>();
  for (const pod of pods) {
    const spec = pod.spec ?? {};
    const podLevel = spec.resources?.requests as Record<string, unknown> | undefined;
    const podLevelSet = !!podLevel && (podLevel.cpu !== undefined || podLevel.memory !== undefined);
    if (podLevelSet && container === '') {
      const v = milliOf(podLevel[resource]);
      if (v === undefined) throw new CalcError(`missing pod-level request for ${resource} in Pod ${podName(pod)}`);
      out.set(podName(pod), v);
      continue;
    }
    const containers = [
      ...((spec.containers ?? []) as Record<string, any>[]),
      ...((spec.initContainers ?? []) as Record<string, any>[]).filter((c) => c.restartPolicy === 'Always'),
    ];
    let request = 0;
    let found = false;
    for (const c of containers) {
      if (container === '' || container === c.name) {
        const v = milliOf(c.resources?.requests?.[resource]);
        if (v === undefined) {
          throw new CalcError(`missing request for ${resource} in container ${c.name} of Pod ${podName(pod)}`);
        }
        request += v;
      }
      if (container === c.name) {
        found = true;
        break;
      }
    }
    if (container !== '' && !found) throw new CalcError(`container ${container} not found in Pod ${podName(pod)}`);
    out.set(podName(pod), request);
  }
  return out;
}

/** GetResourceUtilizationRatio. */
export function resourceUtilizationRatio(
  metrics: PodMetricsInfo,
  requests: Map<string, number>,
  targetUtilization: number,
): { ratio: number; utilization: number; rawAverage: number } {
  let metricsTotal = 0;
  let requestsTotal = 0;
  let entries = 0;
  for (const [name, metric] of metrics) {
    const request = requests.get(name);
    if (request === undefined) continue;
    metricsTotal += metric.value;
    requestsTotal += request;
    entries++;
  }
  if (requestsTotal === 0) throw new CalcError('no metrics returned matched known pods');
  const utilization = Math.trunc((metricsTotal * 100) / requestsTotal);
  return { ratio: utilization / targetUtilization, utilization, rawAverage: Math.trunc(metricsTotal / entries) };
}

/** GetMetricUsageRatio. */
export function metricUsageRatio(metrics: PodMetricsInfo, targetUsage: number): { ratio: number; usage: number } {
  let total = 0;
  for (const m of metrics.values()) total += m.value;
  const usage = Math.trunc(total / metrics.size);
  return { ratio: usage / targetUsage, usage };
}

export interface ResourceReplicas {
  replicas: number;
  utilization: number;
  rawUtilization: number;
}

/** GetResourceReplicas (after the metrics were fetched): a utilization target. */
export function resourceReplicas(args: {
  currentReplicas: number;
  targetUtilization: number;
  resource: Resource;
  tolerances: Tolerances;
  pods: readonly Pod[];
  metrics: PodMetricsInfo;
  container?: string;
  timing: CalcTiming;
}): ResourceReplicas {
  const { currentReplicas, targetUtilization, resource, pods, timing } = args;
  const tol = args.tolerances;
  const { metrics, g } = usableMetrics(pods, args.metrics, resource, timing);
  const requests = calculateRequests(pods, args.container ?? '', resource);
  const { ratio, utilization, rawAverage } = resourceUtilizationRatio(metrics, requests, targetUtilization);
  const keep = { replicas: currentReplicas, utilization, rawUtilization: rawAverage };

  const scaleUpWithUnready = g.unready.size > 0 && ratio > 1.0;
  if (!scaleUpWithUnready && g.missing.size === 0) {
    if (isWithin(tol, ratio)) return keep;
    return { replicas: Math.ceil(ratio * g.readyPodCount), utilization, rawUtilization: rawAverage };
  }
  const sample = (value: number): PodMetricSample => ({ value, timestampMs: 0, windowMs: 0 });
  if (g.missing.size > 0) {
    if (ratio < 1.0) {
      const fallback = Math.max(100, targetUtilization);
      for (const n of g.missing) metrics.set(n, sample(Math.trunc(((requests.get(n) ?? 0) * fallback) / 100)));
    } else if (ratio > 1.0) {
      for (const n of g.missing) metrics.set(n, sample(0));
    }
  }
  if (scaleUpWithUnready) for (const n of g.unready) metrics.set(n, sample(0));
  const next = resourceUtilizationRatio(metrics, requests, targetUtilization).ratio;
  if (isWithin(tol, next) || (ratio < 1.0 && next > 1.0) || (ratio > 1.0 && next < 1.0)) return keep;
  const replicas = Math.ceil(next * metrics.size);
  if ((next < 1.0 && replicas > currentReplicas) || (next > 1.0 && replicas < currentReplicas)) return keep;
  return { replicas, utilization, rawUtilization: rawAverage };
}

/** calcPlainMetricReplicas (GetRawResourceReplicas): an average-value target. */
export function plainMetricReplicas(args: {
  currentReplicas: number;
  targetUsage: number;
  resource: Resource;
  tolerances: Tolerances;
  pods: readonly Pod[];
  metrics: PodMetricsInfo;
  timing: CalcTiming;
}): { replicas: number; usage: number } {
  const { currentReplicas, targetUsage, resource, pods, timing } = args;
  const tol = args.tolerances;
  const { metrics, g } = usableMetrics(pods, args.metrics, resource, timing);
  const { ratio, usage } = metricUsageRatio(metrics, targetUsage);
  const scaleUpWithUnready = g.unready.size > 0 && ratio > 1.0;
  if (!scaleUpWithUnready && g.missing.size === 0) {
    if (isWithin(tol, ratio)) return { replicas: currentReplicas, usage };
    return { replicas: Math.ceil(ratio * g.readyPodCount), usage };
  }
  const sample = (value: number): PodMetricSample => ({ value, timestampMs: 0, windowMs: 0 });
  if (g.missing.size > 0) {
    if (ratio < 1.0) for (const n of g.missing) metrics.set(n, sample(targetUsage));
    else if (ratio > 1.0) for (const n of g.missing) metrics.set(n, sample(0));
  }
  if (scaleUpWithUnready) for (const n of g.unready) metrics.set(n, sample(0));
  const next = metricUsageRatio(metrics, targetUsage).ratio;
  if (isWithin(tol, next) || (ratio < 1.0 && next > 1.0) || (ratio > 1.0 && next < 1.0)) {
    return { replicas: currentReplicas, usage };
  }
  const replicas = Math.ceil(next * metrics.size);
  if ((next < 1.0 && replicas > currentReplicas) || (next > 1.0 && replicas < currentReplicas)) {
    return { replicas: currentReplicas, usage };
  }
  return { replicas, usage };
}
