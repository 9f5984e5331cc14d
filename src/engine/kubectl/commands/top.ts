// kubectl top pod | node (kubectl pkg/cmd/top, metricsutil's TopCmdPrinter), read from the
// simulated metrics pipeline the HPA uses (metrics/metrics-server.ts): a pod has metrics once
// Running with its containers started two scrapes (15 s apart) ago; its CPU is the playground
// load or the teaching annotation. A node's usage is the sum of its pods' usage — the simulated
// machines have no system daemons of their own to add — and a node whose kubelet is not Ready
// has no metrics (`<unknown>`), as metrics-server cannot scrape it.

import { formatGoDuration } from '../../../k8s/duration';
import { parseQuantity } from '../../../k8s/quantity';
import type { KObject } from '../../../k8s/types';
import { errors } from '../../api/errors';
import { metricsServerFor, type PodMetric } from '../../metrics/metrics-server';
import { KubectlError, type KubectlEnv, type KubectlIO } from '../context';
import type { FlagSpec, ParsedArgs } from '../flags';
import { helpText } from '../help';
import { formatTable } from '../printers/tabwriter';
import { requestNamespace } from './common-flags';

/** metricsCreationDelay: a pod younger than this may simply not have been scraped yet. */
const METRICS_CREATION_DELAY_MS = 2 * 60_000;

export const topPodFlags: FlagSpec[] = [
  { name: 'namespace', short: 'n', type: 'string' },
  { name: 'all-namespaces', short: 'A', type: 'bool' },
  { name: 'containers', type: 'bool' },
  { name: 'selector', short: 'l', type: 'string', default: '' },
  { name: 'field-selector', type: 'string', default: '' },
  { name: 'no-headers', type: 'bool' },
  { name: 'sort-by', type: 'string', default: '' },
  { name: 'sum', type: 'bool' },
  { name: 'use-protocol-buffers', type: 'bool', default: true },
];

export const topNodeFlags: FlagSpec[] = [
  { name: 'selector', short: 'l', type: 'string', default: '' },
  { name: 'no-headers', type: 'bool' },
  { name: 'show-capacity', type: 'bool' },
  { name: 'sort-by', type: 'string', default: '' },
  { name: 'use-protocol-buffers', type: 'bool', default: true },
];

/** `kubectl top` alone: DefaultSubCommandRun prints the help on stderr and fails. */
export function runTop(_parsed: ParsedArgs, io: KubectlIO): number {
  io.err(helpText(['top']));
  return 1;
}

interface Usage {
  milliCpu: number;
  /** Bytes. */
  memory: number;
}

const cpuText = (u: Usage) => `${u.milliCpu}m`;
const memoryText = (u: Usage) => `${Math.floor(u.memory / (1024 * 1024))}Mi`;

function usageOf(metric: PodMetric, container?: string): Usage {
  let milliCpu = 0;
  let memory = 0;
  for (const [name, c] of metric.containers) {
    if (container !== undefined && name !== container) continue;
    milliCpu += c.cpu;
    memory += c.memory / 1000;
  }
  return { milliCpu, memory };
}

function checkSortBy(sortBy: string): void {
  if (sortBy && sortBy !== 'cpu' && sortBy !== 'memory') throw new KubectlError('--sort-by accepts only cpu or memory');
}

/** The sorters: by CPU or memory (largest first), else by namespace and name. */
function compareBy<T>(sortBy: string, usage: (x: T) => Usage, key: (x: T) => string) {
  return (a: T, b: T) => {
    if (sortBy === 'cpu') return usage(b).milliCpu - usage(a).milliCpu;
    if (sortBy === 'memory') return usage(b).memory - usage(a).memory;
    return key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
  };
}

/** Every pod's metrics, grouped by namespace as the pipeline computes them. */
function metricsOf(env: KubectlEnv, pods: KObject[]): Map<KObject, PodMetric> {
  return metricsServerFor(env.api).podMetricsByPod(pods);
}

export function runTopPod(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  const { flags, args } = parsed;
  const sortBy = flags['sort-by'] as string;
  checkSortBy(sortBy);
  const name = args[0] ?? '';
  const labelSelector = flags.selector as string;
  const fieldSelector = flags['field-selector'] as string;
  if (name && (labelSelector || fieldSelector)) throw new KubectlError('only one of NAME or selector can be provided');
  const allNamespaces = !!flags['all-namespaces'];
  const namespace = requestNamespace(parsed);
  const podDef = env.registry.resolveResource('pods')!;
  const nowMs = env.clock.nowUnixMs();

  let pods: KObject[];
  if (name) {
    const pod = env.api.tryGet(podDef, namespace, name);
    pods = pod ? [pod] : [];
  } else {
    pods = env.api.list(podDef, {
      namespace: allNamespaces ? undefined : namespace,
      labelSelector: labelSelector || undefined,
      fieldSelector: fieldSelector || undefined,
    }).items;
  }
  const metrics = metricsOf(env, pods);
  if (name && metrics.size === 0) {
    // PodMetricses.Get: metrics-server knows no such pod (yet).
    throw errors.notFound({ group: 'metrics.k8s.io', resource: 'podmetrics' }, `${namespace}/${name}`);
  }
  if (metrics.size === 0) {
    // verifyEmptyMetrics: an old enough pod without metrics is an error; young ones just wait.
    const old = pods.find((p) => nowMs - Date.parse(p.metadata.creationTimestamp ?? '') > METRICS_CREATION_DELAY_MS);
    if (old) {
      const ageMs = nowMs - Date.parse(old.metadata.creationTimestamp ?? '');
      throw new KubectlError(
        `Metrics not available for pod ${old.metadata.namespace}/${old.metadata.name}, age: ${formatGoDuration(ageMs)}`,
      );
    }
    if (pods.length > 0) throw new KubectlError('metrics not available yet');
    io.err(allNamespaces ? 'No resources found\n' : `No resources found in ${namespace} namespace.\n`);
    return 0;
  }

  const entries = [...metrics].map(([pod, metric]) => ({ pod, metric, usage: usageOf(metric) }));
  entries.sort(
    compareBy(
      sortBy,
      (e) => e.usage,
      (e) => `${allNamespaces ? (e.pod.metadata.namespace ?? '') : ''}\u0000${e.pod.metadata.name ?? ''}`,
    ),
  );
  const containers = !!flags.containers;
  const rows: string[][] = [];
  if (!flags['no-headers']) {
    rows.push([
      ...(allNamespaces ? ['NAMESPACE'] : []),
      ...(containers ? ['POD'] : []),
      'NAME',
      'CPU(cores)',
      'MEMORY(bytes)',
      '',
    ]);
  }
  const total: Usage = { milliCpu: 0, memory: 0 };
  for (const { pod, metric, usage } of entries) {
    const ns = allNamespaces ? [pod.metadata.namespace ?? ''] : [];
    if (containers) {
      const names = [...metric.containers.keys()].sort();
      const sorted = names.sort(
        compareBy(
          sortBy,
          (n: string) => usageOf(metric, n),
          (n) => n,
        ),
      );
      for (const c of sorted) {
        const u = usageOf(metric, c);
        rows.push([...ns, pod.metadata.name ?? '', c, cpuText(u), memoryText(u), '']);
      }
    } else {
      rows.push([...ns, pod.metadata.name ?? '', cpuText(usage), memoryText(usage), '']);
    }
    total.milliCpu += usage.milliCpu;
    total.memory += usage.memory;
  }
  if (flags.sum) {
    // The sum line: dashes under the usage columns, then the totals.
    const lead = Array<string>((allNamespaces ? 1 : 0) + (containers ? 1 : 0) + 1).fill('');
    rows.push([...lead, '________', '________', '']);
    rows.push([...lead, cpuText(total), memoryText(total), '']);
  }
  io.out(formatTable(rows));
  return 0;
}

export function runTopNode(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  const { flags, args } = parsed;
  const sortBy = flags['sort-by'] as string;
  checkSortBy(sortBy);
  const name = args[0] ?? '';
  const selector = flags.selector as string;
  if (name && selector) throw new KubectlError('only one of NAME or --selector can be provided');
  const nodeDef = env.registry.resolveResource('nodes')!;
  const podDef = env.registry.resolveResource('pods')!;
  const nodes = name
    ? [env.api.get(nodeDef, undefined, name)]
    : env.api.list(nodeDef, { labelSelector: selector || undefined }).items;
  const scraped = nodes.filter(isReady);
  if (scraped.length === 0) {
    if (name) throw errors.notFound({ group: 'metrics.k8s.io', resource: 'nodemetrics' }, name);
    throw new KubectlError('metrics not available yet');
  }
  const usage = new Map<string, Usage>(scraped.map((n) => [n.metadata.name ?? '', { milliCpu: 0, memory: 0 }]));
  const pods = env.api.list(podDef, {}).items.filter((p) => usage.has(p.spec?.nodeName ?? ''));
  for (const [pod, metric] of metricsOf(env, pods)) {
    const u = usage.get(pod.spec.nodeName)!;
    const m = usageOf(metric);
    u.milliCpu += m.milliCpu;
    u.memory += m.memory;
  }
  const capacityKey = flags['show-capacity'] ? 'capacity' : 'allocatable';
  const rows: string[][] = [];
  if (!flags['no-headers']) rows.push(['NAME', 'CPU(cores)', 'CPU(%)', 'MEMORY(bytes)', 'MEMORY(%)', '']);
  const measured = scraped
    .map((n) => ({ node: n, usage: usage.get(n.metadata.name ?? '')! }))
    .sort(
      compareBy(
        sortBy,
        (e) => e.usage,
        (e) => e.node.metadata.name ?? '',
      ),
    );
  for (const { node, usage: u } of measured) {
    const available = node.status?.[capacityKey] ?? {};
    rows.push([
      node.metadata.name ?? '',
      cpuText(u),
      percent(u.milliCpu, available.cpu, true),
      memoryText(u),
      percent(u.memory, available.memory, false),
      '',
    ]);
  }
  // Nodes without metrics follow, with `<unknown>` in every usage column.
  for (const node of nodes
    .filter((n) => !isReady(n))
    .sort((a, b) => ((a.metadata.name ?? '') < (b.metadata.name ?? '') ? -1 : 1))) {
    rows.push([node.metadata.name ?? '', '<unknown>', '<unknown>', '<unknown>', '<unknown>', '']);
  }
  io.out(formatTable(rows));
  return 0;
}

function isReady(node: KObject): boolean {
  const ready = (node.status?.conditions ?? []).find((c: { type: string }) => c.type === 'Ready');
  return ready?.status === 'True';
}

/** `%d%%` of int64(usage ÷ available × 100), both as milli-values. */
function percent(used: number, available: unknown, isCpu: boolean): string {
  if (available === undefined || available === null) return '0%';
  let milli: number;
  try {
    milli = parseQuantity(available as string).milliValue();
  } catch {
    return '0%';
  }
  if (milli === 0) return '0%';
  const usedMilli = isCpu ? used : used * 1000;
  return `${Math.trunc((usedMilli / milli) * 100)}%`;
}
