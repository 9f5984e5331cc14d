// `kubeplay pod crash|fail-readiness`: make a running container misbehave, to watch the kubelet
// and the controllers react (restart with back-off, endpoints dropping the pod). They act on
// the simulated node, not through the API, as a real crash would. `kubeplay pod evict` is the
// exception: it asks the API server, like drain does for each pod.

import { parseGoDuration } from '../../k8s/duration';
import { podKind } from '../api/kinds';
import { errors } from '../api/errors';
import type { Cluster } from '../cluster/cluster';
import { parseFlags } from '../kubectl/flags';
import type { PodWorker } from '../kubelet/pods/pod-worker';
import { UsageError } from './usage-error';

interface IO {
  out(text: string): void;
  err(text: string): void;
}

interface Host {
  cluster(): Cluster;
}

function target(args: string[], host: Host, extra: Parameters<typeof parseFlags>[1] = []) {
  const p = parseFlags(args, [
    { name: 'namespace', short: 'n', type: 'string', default: 'default' },
    { name: 'container', short: 'c', type: 'string', default: '' },
    ...extra,
  ]);
  if (p.args.length !== 1) throw new UsageError('expected exactly one POD');
  const name = p.args[0].replace(/^pods?\//, '');
  const namespace = (p.flags.namespace as string) || 'default';
  const cluster = host.cluster();
  const pod = cluster.api.tryGet(podKind, namespace, name);
  if (!pod) throw errors.notFound({ group: '', resource: 'pods' }, name);
  const worker: PodWorker | undefined = pod.spec?.nodeName
    ? cluster.kubelets.node(pod.spec.nodeName)?.workers.get(pod.metadata.uid!)
    : undefined;
  if (!worker) throw new Error(`pod ${name} is not running on any node`);
  const containers: any[] = pod.spec.containers ?? [];
  const container = (p.flags.container as string) || containers[0]?.name;
  const known = [...containers, ...(pod.spec.initContainers ?? []).filter((c: any) => c.restartPolicy === 'Always')];
  if (!known.some((c) => c.name === container)) throw new Error(`container ${container} is not valid for pod ${name}`);
  return { worker, container, name, flags: p.flags };
}

/** `kubeplay pod crash POD [-c C]`: the container's process dies with exit code 1. */
export function podCrash(args: string[], io: IO, host: Host): number {
  const { worker, container, name } = target(args, host);
  if (!worker.crash(container)) throw new Error(`container ${container} of pod ${name} is not running`);
  io.out(`container ${container} of pod ${name} crashed (exit code 1)\n`);
  return 0;
}

/** `kubeplay pod fail-readiness POD [-c C] [--for DURATION]`: readiness fails (for a while). */
export function podFailReadiness(args: string[], io: IO, host: Host): number {
  const { worker, container, name, flags } = target(args, host, [{ name: 'for', type: 'string', default: '' }]);
  const clock = host.cluster().clock;
  const forText = flags.for as string;
  let until = Infinity;
  if (forText) {
    let ms: number;
    try {
      ms = parseGoDuration(forText);
    } catch (e) {
      throw new UsageError(`--for: ${(e as Error).message}`);
    }
    if (ms < 0) throw new UsageError(`--for must not be negative`);
    until = clock.now() + ms;
  }
  worker.failReadiness(container, until);
  if (until === clock.now()) io.out(`readiness of container ${container} in pod ${name} restored\n`);
  else if (until === Infinity) io.out(`readiness of container ${container} in pod ${name} now fails\n`);
  else io.out(`readiness of container ${container} in pod ${name} fails for ${forText}\n`);
  return 0;
}

/**
 * `kubeplay pod evict POD [-n NS] [--grace-period N]`: POSTs a policy/v1 Eviction for the pod,
 * as `kubectl drain` does for each pod (kubectl has no single-pod evict command; this is the
 * docs' "API-initiated eviction" request). Disruption budgets apply: a refusal prints the API
 * server's 429 like kubectl does. Unlike drain it does not wait for the pod to be gone.
 */
export function podEvict(args: string[], io: IO, host: Host): number {
  const p = parseFlags(args, [
    { name: 'namespace', short: 'n', type: 'string', default: 'default' },
    { name: 'grace-period', type: 'int', default: -1 },
  ]);
  if (p.args.length !== 1) throw new UsageError('expected exactly one POD');
  const name = p.args[0].replace(/^pods?\//, '');
  const namespace = (p.flags.namespace as string) || 'default';
  const grace = p.flags['grace-period'] as number;
  host.cluster().api.evict(namespace, name, {
    apiVersion: 'policy/v1',
    kind: 'Eviction',
    metadata: { name, namespace },
    deleteOptions: grace >= 0 ? { gracePeriodSeconds: grace } : {},
  });
  io.out(`pod/${name} evicted\n`);
  return 0;
}
