// Small predicates over a pod spec and its statuses that the status generator, the pod workers
// and the printers share (podutil / kubecontainer helpers in Kubernetes).

import type { KObject } from '../../../../k8s/types';
import type { RuntimePod } from '../runtime-types';
import type { ApiContainerStatus, ContainerSpec } from './types';

/** A sidecar: an init container with `restartPolicy: Always` (podutil.IsRestartableInitContainer). */
export function isRestartableInitContainer(c: { restartPolicy?: string } | undefined): boolean {
  return c?.restartPolicy === 'Always';
}

export function initContainerSpecs(pod: KObject): ContainerSpec[] {
  return pod.spec?.initContainers ?? [];
}

export function regularContainerSpecs(pod: KObject): ContainerSpec[] {
  return pod.spec?.containers ?? [];
}

export function ephemeralContainerSpecs(pod: KObject): ContainerSpec[] {
  return pod.spec?.ephemeralContainers ?? [];
}

export function statusByName(statuses: readonly ApiContainerStatus[], name: string): ApiContainerStatus | undefined {
  return statuses.find((s) => s.name === name);
}

/**
 * kubecontainer.HasAnyRegularContainerStarted: some app container's status is running or
 * terminated. Once true the pod counts as initialized even while a sidecar restarts.
 */
export function hasAnyRegularContainerStarted(pod: KObject, statuses: readonly ApiContainerStatus[]): boolean {
  const names = new Set(regularContainerSpecs(pod).map((c) => c.name));
  return statuses.some((s) => names.has(s.name) && (s.state.running !== undefined || s.state.terminated !== undefined));
}

/**
 * The `podHasInitialized` flag getPhase takes (HasAnyActiveRegularContainerStarted): an app
 * container instance exists in the current sandbox. Instances do not record their sandbox, so
 * "current" means created no earlier than the newest sandbox.
 */
export function podHasInitialized(pod: KObject, runtime: RuntimePod): boolean {
  const names = new Set(regularContainerSpecs(pod).map((c) => c.name));
  const newest = newestSandbox(runtime);
  const since = newest?.createdAtMs ?? -Infinity;
  return runtime.containers.some((c) => c.kind === 'regular' && names.has(c.name) && c.createdAtMs >= since);
}

export function newestSandbox(runtime: RuntimePod) {
  let best = runtime.sandboxes[0];
  for (const s of runtime.sandboxes) {
    if (s.createdAtMs > best.createdAtMs || (s.createdAtMs === best.createdAtMs && s.attempt > best.attempt)) best = s;
  }
  return best;
}

/** Go's `fmt.Sprintf("%s", []string{...})`: `[a b]`. */
export function goList(names: readonly string[]): string {
  return `[${names.join(' ')}]`;
}
