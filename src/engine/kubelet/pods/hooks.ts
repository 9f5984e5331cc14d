// Lifecycle hooks as the kubelet runs them: postStart right after the container starts (a
// failure kills the container: FailedPostStartHook, waiting reason PostStartHookError), preStop
// before SIGTERM, bounded by the grace period (a failure is reported as FailedPreStopHook and the
// stop goes on). Events carry the kubelet's fixed texts; the details go to the waiting message.

import { referenceTo } from '../../runtime/events';
import { POST_START_HOOK_FAILED, PRE_STOP_HOOK_FAILED, runHook, type HookContext } from '../lifecycle-hooks';
import type { ContainerInstance, ContainerKind } from './runtime-types';
import type { PodWorker } from './pod-worker';
import { fieldPath } from './pod-worker';

/**
 * The real kubelet waits for postStart without a limit (a hook that never returns leaves the
 * container ContainerCreating for good); the simulation gives up after this long so a stuck hook
 * cannot hold the pod worker forever.
 */
const POST_START_LIMIT_MS = 120_000;

function hookContext(worker: PodWorker, container: any, instance: ContainerInstance): HookContext {
  return {
    process: worker.node.runtime.process(instance.id),
    podIP: worker.sandboxIP(),
    container,
    pod: worker.pod,
    listenPorts: instance.listenPorts,
  };
}

export function runPostStart(worker: PodWorker, container: any, kind: ContainerKind, instance: ContainerInstance): void {
  const node = worker.node;
  const result = runHook(
    container.lifecycle.postStart,
    hookContext(worker, container, instance),
    node.clock.now(),
    POST_START_LIMIT_MS,
  );
  worker.beginAsync();
  node.clock.after(Math.min(result.durationMs, POST_START_LIMIT_MS), () => {
    if (!result.ok) {
      const ref = referenceTo(worker.pod, fieldPath(kind, container.name));
      node.recorder.event(ref, 'Warning', 'FailedPostStartHook', POST_START_HOOK_FAILED);
      node.runtime.killContainer(instance.id);
      worker.setReason(container.name, { reason: 'PostStartHookError', message: result.message });
      worker.containerChanged();
    }
    worker.endAsync();
  });
}

export function runPreStop(
  worker: PodWorker,
  container: any,
  instance: ContainerInstance,
  graceMs: number,
  then: (usedMs: number) => void,
): void {
  const node = worker.node;
  const result = runHook(container.lifecycle.preStop, hookContext(worker, container, instance), node.clock.now(), graceMs);
  const used = Math.min(result.durationMs, graceMs);
  node.clock.after(used, () => {
    if (!result.ok) {
      const ref = referenceTo(worker.pod, fieldPath(instance.kind, instance.name));
      node.recorder.event(ref, 'Warning', 'FailedPreStopHook', PRE_STOP_HOOK_FAILED);
    }
    then(used);
  });
}
