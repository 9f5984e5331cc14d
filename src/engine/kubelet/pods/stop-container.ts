// killContainer (kuberuntime_container.go): `Killing` event, the preStop hook (its time comes out
// of the grace period), then StopContainer with what is left — never less than 2 s
// (minimumGracePeriodInSeconds), which is the docs' "one-off 2 second extension" when preStop
// used up the whole period. A zero grace period kills at once.

import { referenceTo } from '../../runtime/events';
import type { ContainerInstance } from './runtime-types';
import type { PodWorker } from './pod-worker';
import { fieldPath } from './pod-worker';
import { runPreStop } from './hooks';

const MINIMUM_GRACE_MS = 2_000;

export function stopContainerFlow(
  worker: PodWorker,
  container: any,
  instance: ContainerInstance,
  graceMs: number,
  message: string | undefined,
  done: () => void,
): void {
  const node = worker.node;
  const ref = referenceTo(worker.pod, fieldPath(instance.kind, instance.name));
  node.recorder.event(ref, 'Normal', 'Killing', message ?? `Stopping container ${instance.name}`);
  if (graceMs <= 0) {
    node.runtime.killContainer(instance.id);
    done();
    return;
  }
  const stop = (usedMs: number) => {
    const remaining = Math.max(graceMs - usedMs, MINIMUM_GRACE_MS);
    node.runtime.stopContainer(instance.id, remaining, done);
  };
  if (container.lifecycle?.preStop && node.runtime.isRunning(instance.id)) {
    runPreStop(worker, container, instance, graceMs, stop);
  } else {
    stop(0);
  }
}
