// The simulated metrics pipeline: what metrics-server serves through metrics.k8s.io (PodMetrics),
// computed on demand from the cluster's state instead of scraped from cAdvisor.
//
// CPU usage of a container, in millicores:
//   - when a playground load is set on a workload whose selector matches the pod
//     (`kubeplay load deployment/x --cpu 90%`): load % × the container's CPU request;
//   - else the pod's `kubeplay.dev/cpu-usage` teaching annotation (container-scoped wins);
//   - else 0.
// A pod has metrics only while Running with every container (app containers and sidecars)
// started; metrics-server needs two scrapes of a container's cumulative counters before it reports
// a rate, so a container must have been running at the scrape before the last one.
//
// Resolution: metrics-server scrapes every --metric-resolution=15s; values are as of the last
// scrape on that grid (a load change shows within 15 s), with the scrape's time as `timestamp` and
// the 15 s between the two samples as `window`. The load history is kept for that; teaching
// annotations are read as they are now.
//
// Nothing runs on the clock: the values are computed when asked (by the HPA controller), so the
// pipeline costs nothing until an autoscaler exists.

import { selectorFromLabelSelector, selectorFromSet, type Selector } from '../../k8s/labels';
import { parseQuantity } from '../../k8s/quantity';
import type { KObject } from '../../k8s/types';
import type { ApiServer } from '../api/apiserver';
import type { KindDefinition } from '../api/kinds/kind-definition';
import type { Clock } from '../clock/clock';
import { teachingFor } from '../kubelet/teaching';

/** metrics-server --metric-resolution. */
export const METRIC_RESOLUTION_MS = 15_000;

/** One container's usage in PodMetrics, as milli-values (CPU millicores; memory bytes × 1000). */
export interface ContainerUsage {
  cpu: number;
  memory: number;
}

/** One pod's PodMetrics. */
export interface PodMetric {
  /** CPU millicores summed over the pod's containers. */
  milliCpu: number;
  /** Per container name. */
  containers: Map<string, ContainerUsage>;
  /** Clock time (ms since the clock's epoch) of the scrape the values come from. */
  timestampMs: number;
  windowMs: number;
}

interface LoadEntry {
  def: KindDefinition;
  namespace: string;
  name: string;
  /** (clock time, percent or undefined for "no load"), oldest first. */
  history: { atMs: number; percent: number | undefined }[];
}

type Container = { name: string; resources?: { requests?: Record<string, string | number> }; restartPolicy?: string };

/** The containers metrics-server reports for a pod: app containers and restartable init containers. */
export function meteredContainers(pod: KObject): Container[] {
  const spec = pod.spec ?? {};
  const sidecars = ((spec.initContainers ?? []) as Container[]).filter((c) => c.restartPolicy === 'Always');
  return [...((spec.containers ?? []) as Container[]), ...sidecars];
}

/** A container's CPU request in millicores (0 when none). */
export function cpuRequestMilli(container: Container): number {
  const raw = container.resources?.requests?.cpu;
  if (raw === undefined || raw === null) return 0;
  try {
    return parseQuantity(raw).milliValue();
  } catch {
    return 0;
  }
}

/** The label selector a workload selects its pods with (a Pod selects itself: undefined). */
export function workloadSelector(obj: KObject): Selector | undefined {
  if (obj.kind === 'Pod') return undefined;
  const sel = obj.spec?.selector;
  if (sel === undefined || sel === null) return selectorFromSet({});
  if (obj.kind === 'ReplicationController' || obj.kind === 'Service') return selectorFromSet(sel);
  return selectorFromLabelSelector(sel);
}

export class MetricsServer {
  private readonly loads = new Map<string, LoadEntry>();

  constructor(
    private readonly api: ApiServer,
    private readonly clock: Clock,
  ) {}

  /** The time of the last scrape: the 15 s grid point at or before now. */
  lastScrapeMs(nowMs = this.clock.now()): number {
    return Math.floor(nowMs / METRIC_RESOLUTION_MS) * METRIC_RESOLUTION_MS;
  }

  /** Sets (percent) or clears (undefined) the simulated CPU load of a workload, from now on. */
  setLoad(def: KindDefinition, namespace: string, name: string, percent: number | undefined): void {
    const key = `${def.group}/${def.plural}/${namespace}/${name}`;
    let entry = this.loads.get(key);
    if (!entry) {
      if (percent === undefined) return;
      entry = { def, namespace, name, history: [] };
      this.loads.set(key, entry);
    }
    const now = this.clock.now();
    // Changes in the same instant replace each other.
    while (entry.history.length > 0 && entry.history[entry.history.length - 1].atMs === now) entry.history.pop();
    entry.history.push({ atMs: now, percent });
    // Keep only what a scrape still needs: the newest entry at or before the last scrape, and later ones.
    const cutoff = this.lastScrapeMs(now) - METRIC_RESOLUTION_MS;
    while (entry.history.length > 1 && entry.history[1].atMs < cutoff) entry.history.shift();
  }

  /** The load currently set on a workload (what the next scrape will see). */
  loadOf(def: KindDefinition, namespace: string, name: string): number | undefined {
    const entry = this.loads.get(`${def.group}/${def.plural}/${namespace}/${name}`);
    return entry?.history[entry.history.length - 1]?.percent;
  }

  /** The loads in force at `atMs`, with their workloads' current selectors, in one namespace. */
  private loadsAt(namespace: string, atMs: number): { selector: Selector | undefined; name: string; percent: number }[] {
    const out: { selector: Selector | undefined; name: string; percent: number }[] = [];
    for (const entry of this.loads.values()) {
      if (entry.namespace !== namespace) continue;
      let percent: number | undefined;
      // A change in the very instant of a scrape is not in the window that scrape measured.
      for (const h of entry.history) if (h.atMs < atMs) percent = h.percent;
      if (percent === undefined) continue;
      const obj = this.api.tryGet(entry.def, namespace, entry.name);
      if (!obj) continue;
      let selector: Selector | undefined;
      try {
        selector = workloadSelector(obj);
      } catch {
        continue;
      }
      // An empty selector selects nothing for a workload (it would be refused by validation anyway).
      if (selector && selector.empty()) continue;
      out.push({ selector, name: entry.name, percent });
    }
    return out;
  }

  /** PodMetrics of pods in any namespaces (scraped per namespace), by pod; pods without are absent. */
  podMetricsByPod(pods: readonly KObject[]): Map<KObject, PodMetric> {
    const byNamespace = new Map<string, KObject[]>();
    for (const p of pods) {
      const ns = p.metadata.namespace ?? 'default';
      let group = byNamespace.get(ns);
      if (!group) byNamespace.set(ns, (group = []));
      group.push(p);
    }
    const out = new Map<KObject, PodMetric>();
    for (const group of byNamespace.values()) {
      const metrics = this.podMetrics(group);
      for (const p of group) {
        const m = metrics.get(p.metadata.name ?? '');
        if (m) out.set(p, m);
      }
    }
    return out;
  }

  /**
   * PodMetrics of `pods` (all in one namespace) as of the last scrape: an entry per pod that has
   * metrics. Pods without (not Running, a container not started two scrapes ago) are absent.
   */
  podMetrics(pods: readonly KObject[], nowMs = this.clock.now()): Map<string, PodMetric> {
    const out = new Map<string, PodMetric>();
    if (pods.length === 0) return out;
    const scrape = this.lastScrapeMs(nowMs);
    const firstSample = scrape - METRIC_RESOLUTION_MS;
    const namespace = pods[0].metadata.namespace ?? 'default';
    const loads = this.loadsAt(namespace, scrape);
    for (const pod of pods) {
      if (pod.status?.phase !== 'Running') continue;
      const containers = meteredContainers(pod);
      const statuses = [
        ...((pod.status?.containerStatuses ?? []) as Record<string, any>[]),
        ...((pod.status?.initContainerStatuses ?? []) as Record<string, any>[]),
      ];
      let started = containers.length > 0;
      for (const c of containers) {
        const at = statuses.find((s) => s.name === c.name)?.state?.running?.startedAt as string | undefined;
        if (!at || this.clock.parseTimestamp(at) > firstSample) {
          started = false;
          break;
        }
      }
      if (!started) continue;
      const load = loads.find((l) =>
        l.selector ? l.selector.matches(pod.metadata.labels) : l.name === pod.metadata.name,
      )?.percent;
      const perContainer = new Map<string, ContainerUsage>();
      let total = 0;
      for (const c of containers) {
        const teaching = teachingFor(pod.metadata.annotations, c.name);
        const cpu = load !== undefined ? Math.floor((cpuRequestMilli(c) * load) / 100) : (teaching.cpuUsageMilli ?? 0);
        perContainer.set(c.name, { cpu, memory: (teaching.memoryUsageBytes ?? 0) * 1000 });
        total += cpu;
      }
      out.set(pod.metadata.name ?? '', {
        milliCpu: total,
        containers: perContainer,
        timestampMs: scrape,
        windowMs: METRIC_RESOLUTION_MS,
      });
    }
    return out;
  }
}

const servers = new WeakMap<ApiServer, MetricsServer>();

/** A pod's usage of `resource` (cpu or memory) as a milli-value: one container's, or the sum. */
export function podUsage(metric: PodMetric, resource: string, container = ''): number | undefined {
  if (resource !== 'cpu' && resource !== 'memory') return undefined;
  if (container) {
    const c = metric.containers.get(container);
    return c ? c[resource] : undefined;
  }
  let sum = 0;
  for (const c of metric.containers.values()) sum += c[resource];
  return sum;
}

/** The metrics pipeline of the cluster this API server belongs to (created on first use). */
export function metricsServerFor(api: ApiServer): MetricsServer {
  let server = servers.get(api);
  if (!server) {
    server = new MetricsServer(api, api.clock);
    servers.set(api, server);
  }
  return server;
}
