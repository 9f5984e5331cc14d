// metrics.k8s.io/v1beta1 (what metrics-server serves, read by kubectl top and k9s) from the
// engine's simulated metrics pipeline (metrics/metrics-server.ts, the one the HPA reads): a pod's
// usage once two scrapes have seen it running; a node's usage is the sum of its pods' (the
// simulated machines run nothing else), and a node whose kubelet is not Ready has no metrics.

import type { KObject } from '../k8s/types';
import type { ApiServer } from '../engine/api/apiserver';
import { errors } from '../engine/api/errors';
import { METRICS } from '../engine/api/kinds/non-stored-groups';
import { metricsServerFor, type PodMetric } from '../engine/metrics/metrics-server';
import { sendJson } from './http';
import type { SideGroup } from './side-group';

const GROUP = METRICS.group;
const API_VERSION = `${METRICS.group}/${METRICS.version}`;

function usage(milliCpu: number, milliMemory: number): { cpu: string; memory: string } {
  return { cpu: `${milliCpu}m`, memory: String(Math.round(milliMemory / 1000)) };
}

function meta(obj: KObject): Record<string, unknown> {
  const m: Record<string, unknown> = { name: obj.metadata.name };
  if (obj.metadata.namespace) m.namespace = obj.metadata.namespace;
  m.creationTimestamp = obj.metadata.creationTimestamp;
  if (obj.metadata.labels) m.labels = obj.metadata.labels;
  return m;
}

/** PodMetrics of the pods that have metrics. */
function podMetrics(api: ApiServer, pods: KObject[]): [KObject, PodMetric][] {
  return [...metricsServerFor(api).podMetricsByPod(pods)];
}

function podMetricsObject(api: ApiServer, pod: KObject, metric: PodMetric): object {
  return {
    metadata: meta(pod),
    timestamp: api.clock.timestamp(metric.timestampMs),
    window: `${metric.windowMs / 1000}s`,
    containers: [...metric.containers].map(([name, c]) => ({ name, usage: usage(c.cpu, c.memory) })),
  };
}

function isReady(node: KObject): boolean {
  return (node.status?.conditions ?? []).some((c: { type: string; status: string }) => c.type === 'Ready' && c.status === 'True');
}

function nodeMetrics(api: ApiServer, nodes: KObject[]): object[] {
  const ready = nodes.filter(isReady);
  const sums = new Map(ready.map((n) => [n.metadata.name ?? '', { cpu: 0, memory: 0, timestampMs: 0, windowMs: 15_000 }]));
  const podDef = api.registry.forObject('v1', 'Pod')!;
  const pods = api.list(podDef).items.filter((p) => sums.has(p.spec?.nodeName ?? ''));
  for (const [pod, metric] of podMetrics(api, pods)) {
    const sum = sums.get(pod.spec.nodeName)!;
    for (const c of metric.containers.values()) {
      sum.cpu += c.cpu;
      sum.memory += c.memory;
    }
  }
  const scrape = metricsServerFor(api).lastScrapeMs();
  return ready.map((node) => {
    const sum = sums.get(node.metadata.name ?? '')!;
    return { metadata: meta(node), timestamp: api.clock.timestamp(scrape), window: '15s', usage: usage(sum.cpu, sum.memory) };
  });
}

function list(kind: string, items: object[]): object {
  return { kind: `${kind}List`, apiVersion: API_VERSION, metadata: {}, items };
}

function one(kind: string, item: object | undefined, resource: string, name: string): object {
  if (!item) throw errors.notFound({ group: GROUP, resource }, name);
  return { kind, apiVersion: API_VERSION, ...item };
}

export const metricsGroup: SideGroup = {
  served: METRICS,
  handle: (ctx, req, res, rest, query) => {
    if ((req.method ?? 'GET') !== 'GET')
      throw errors.methodNotAllowed(`the server does not allow this method on the requested resource (${req.method})`);
    const api = ctx.api();
    const labelSelector = query.get('labelSelector') ?? undefined;
    const namespaced = rest[0] === 'namespaces' && rest.length >= 3;
    const namespace = namespaced ? decodeURIComponent(rest[1]) : undefined;
    const [resource, rawName] = namespaced ? rest.slice(2) : rest;
    const name = rawName === undefined ? undefined : decodeURIComponent(rawName);
    if (resource === 'nodes' && !namespaced && rest.length <= 2) {
      const nodeDef = api.registry.forObject('v1', 'Node')!;
      const nodes = name ? [api.get(nodeDef, undefined, name)] : api.list(nodeDef, { labelSelector }).items;
      const items = nodeMetrics(api, nodes);
      sendJson(res, 200, name ? one('NodeMetrics', items[0], 'nodemetrics', name) : list('NodeMetrics', items));
      return;
    }
    if (resource === 'pods' && (namespaced ? rest.length <= 4 : rest.length === 1)) {
      const podDef = api.registry.forObject('v1', 'Pod')!;
      const pods = name ? [api.get(podDef, namespace, name)] : api.list(podDef, { namespace, labelSelector }).items;
      const items = podMetrics(api, pods).map(([pod, metric]) => podMetricsObject(api, pod, metric));
      sendJson(res, 200, name ? one('PodMetrics', items[0], 'podmetrics', name) : list('PodMetrics', items));
      return;
    }
    throw errors.resourceNotFound();
  },
};
