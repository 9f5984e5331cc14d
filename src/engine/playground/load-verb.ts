// `kubeplay load TYPE/NAME --cpu 80%` (or `TYPE NAME`): the simulated CPU load of every pod of a
// workload — the pods its selector matches, now and later — as a percentage of each container's
// CPU request. metrics-server reports it from its next scrape (within 15 s), and a
// HorizontalPodAutoscaler reacts from its next sync. `--cpu 0%` or `--off` removes the load: the
// pods report their `kubeplay.dev/cpu-usage` annotation again, or nothing.

import { errors } from '../api/errors';
import type { KindDefinition } from '../api/kinds/kind-definition';
import type { Cluster } from '../cluster/cluster';
import { parseFlags } from '../kubectl/flags';
import { kindPrefix, parseResourceArgs } from '../kubectl/resources';
import { metricsServerFor, workloadSelector } from '../metrics/metrics-server';
import { podKind } from '../api/kinds';
import { UsageError } from './usage-error';

interface IO {
  out(text: string): void;
  err(text: string): void;
}

interface Host {
  cluster(): Cluster;
}

/** The most a load may be (10× the request: a container can burst far above its request). */
export const MAX_LOAD_PERCENT = 1000;

function parsePercent(text: string): number {
  const m = /^\s*(\d+)\s*%?\s*$/.exec(text);
  if (!m) throw new UsageError(`--cpu must be a percentage of the CPU request such as 80%, got "${text}"`);
  const n = Number(m[1]);
  if (n > MAX_LOAD_PERCENT) throw new UsageError(`--cpu must be at most ${MAX_LOAD_PERCENT}%`);
  return n;
}

/** `kubeplay load TYPE/NAME --cpu P% | --off [-n NAMESPACE]`. */
export function loadVerb(args: string[], io: IO, host: Host): number {
  const p = parseFlags(args, [
    { name: 'namespace', short: 'n', type: 'string', default: 'default' },
    { name: 'cpu', type: 'string', default: '' },
    { name: 'off', type: 'bool' },
  ]);
  const cpuText = p.flags.cpu as string;
  const off = !!p.flags.off;
  if (off && cpuText) throw new UsageError('--cpu and --off cannot be used together');
  if (!off && !cpuText) throw new UsageError('say how much CPU load: --cpu 80% (of the CPU request), or --off');
  if (p.args.length === 0) throw new UsageError('expected TYPE/NAME (e.g. deployment/web)');
  const cluster = host.cluster();
  const requests = parseResourceArgs(cluster.api.registry, p.args);
  if (requests.length !== 1 || requests[0].names.length !== 1) throw new UsageError('expected exactly one TYPE/NAME');
  const def: KindDefinition = requests[0].def;
  const name = requests[0].names[0];
  const namespace = (p.flags.namespace as string) || 'default';
  if (!def.namespaced) throw new UsageError(`a ${def.kind} has no pods to load`);
  const obj = cluster.api.tryGet(def, namespace, name);
  if (!obj) throw errors.notFound({ group: def.group, resource: def.plural }, name);
  let selector;
  try {
    selector = workloadSelector(obj);
  } catch (e) {
    throw new Error(`cannot read the selector of ${kindPrefix(def)}/${name}: ${(e as Error).message}`, { cause: e });
  }
  if (def.kind !== 'Pod' && (!obj.spec?.selector || selector?.empty())) {
    throw new Error(`${kindPrefix(def)}/${name} has no pod selector, so it has no pods to load`);
  }
  const percent = off ? 0 : parsePercent(cpuText);
  const metrics = metricsServerFor(cluster.api);
  const ref = `${kindPrefix(def)}/${name}`;
  if (percent === 0) {
    metrics.setLoad(def, namespace, name, undefined);
    io.out(`${ref}: simulated CPU load removed\n`);
    return 0;
  }
  metrics.setLoad(def, namespace, name, percent);
  const pods = cluster.api
    .list(podKind, { namespace })
    .items.filter((pod) => (selector ? selector.matches(pod.metadata.labels) : pod.metadata.name === name));
  const count = pods.length;
  io.out(
    `${ref}: simulated CPU load set to ${percent}% of the CPU request of each of its pods (${count} pod${count === 1 ? '' : 's'} now)\n`,
  );
  return 0;
}
