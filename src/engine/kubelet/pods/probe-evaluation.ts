// One probe of a running container: the playground and teaching overrides first (a readiness
// failure forced by `kubeplay pod fail-readiness`, `kubeplay.dev/ready-after`,
// `kubeplay.dev/fail-liveness-after`), otherwise the real handler against the simulated process.

import { evaluateProbe } from '../probes/evaluate';
import type { ContainerSocket } from '../probes/network';
import type { ContainerInstance } from './runtime-types';
import type { PodWorker } from './pod-worker';
import type { ProbeOutcome, ProbeType } from './prober';
import { failLivenessAt, readyAfterAt } from './teaching-effects';

export function evaluateContainerProbe(
  worker: PodWorker,
  type: ProbeType,
  probe: any,
  container: any,
  instance: ContainerInstance,
): ProbeOutcome {
  const node = worker.node;
  const now = node.clock.now();
  let forcedFailure: string | undefined;
  if (type === 'readiness') {
    const until = worker.readinessFailsUntil(container.name);
    const readyAt = readyAfterAt(worker.pod, instance);
    if ((until !== undefined && now < until) || (readyAt !== undefined && now < readyAt)) forcedFailure = 'readiness';
  } else if (type === 'liveness') {
    const failAt = failLivenessAt(worker.pod, instance);
    if (failAt !== undefined && now >= failAt) forcedFailure = 'liveness';
  }
  return evaluateProbe(probe, {
    process: node.runtime.process(instance.id),
    podIP: worker.sandboxIP(),
    container,
    nowMs: now,
    listenPorts: instance.listenPorts,
    siblings: siblingSockets(worker, instance),
    forcedFailure,
  });
}

/** The pod's other running containers, which share its network namespace. */
function siblingSockets(worker: PodWorker, self: ContainerInstance): ContainerSocket[] {
  const runtime = worker.node.runtime;
  const spec = worker.pod.spec ?? {};
  const specs = [...((spec.containers ?? []) as any[]), ...((spec.initContainers ?? []) as any[])];
  const out: ContainerSocket[] = [];
  for (const instance of runtime.pod(worker.uid)?.containers ?? []) {
    if (instance.id === self.id || instance.state !== 'running') continue;
    const c = specs.find((s) => s.name === instance.name);
    out.push({ process: runtime.process(instance.id), ports: c?.ports, listenPorts: instance.listenPorts });
  }
  return out;
}
