// getPhase (pkg/kubelet/kubelet_pods.go): the pod phase from the container statuses just
// generated, as of v1.34 with the alpha ContainerRestartRules gate off (pod-level restartPolicy
// decides). Regular init containers, sidecars and app containers are counted separately.

import type { KObject } from '../../../../k8s/types';
import { initContainerSpecs, isRestartableInitContainer, regularContainerSpecs, statusByName } from './helpers';
import type { ApiContainerStatus, PodPhase } from './types';

export interface PhaseInput {
  readonly pod: KObject;
  /** Init and app container statuses together (names are unique across both). */
  readonly statuses: readonly ApiContainerStatus[];
  /** The pod is being shut down for good: stopped containers won't restart. */
  readonly podIsTerminal: boolean;
  /** An app container of the current sandbox exists (sidecar restarts don't re-pend the pod). */
  readonly podHasInitialized: boolean;
}

export function getPhase({ pod, statuses, podIsTerminal, podHasInitialized }: PhaseInput): PodPhase {
  const restartPolicy: string = pod.spec?.restartPolicy ?? 'Always';
  let pendingRegularInit = 0;
  let pendingSidecars = 0;
  let failedInitialization = 0;

  for (const c of initContainerSpecs(pod)) {
    if (isRestartableInitContainer(c)) continue;
    const s = statusByName(statuses, c.name);
    if (!s) pendingRegularInit++;
    else if (s.state.running) pendingRegularInit++;
    else if (s.state.terminated) {
      if (s.state.terminated.exitCode !== 0) failedInitialization++;
    } else if (s.state.waiting) {
      const last = s.lastState.terminated;
      if (!last) pendingRegularInit++;
      else if (last.exitCode !== 0) failedInitialization++;
    } else pendingRegularInit++;
  }

  let unknown = 0;
  let running = 0;
  let waiting = 0;
  let stopped = 0;
  let succeeded = 0;

  // Sidecars: a running one counts as running (and pending until started); an exited one is
  // ignored, since it will be restarted and does not decide whether the pod is done.
  for (const c of initContainerSpecs(pod)) {
    if (!isRestartableInitContainer(c)) continue;
    const s = statusByName(statuses, c.name);
    if (!s) unknown++;
    else if (s.state.running) {
      if (!s.started) pendingSidecars++;
      running++;
    } else if (s.state.terminated) {
      // ignored
    } else if (s.state.waiting) {
      if (!s.lastState.terminated) {
        pendingSidecars++;
        waiting++;
      }
    } else {
      pendingSidecars++;
      unknown++;
    }
  }

  for (const c of regularContainerSpecs(pod)) {
    const s = statusByName(statuses, c.name);
    if (!s) unknown++;
    else if (s.state.running) running++;
    else if (s.state.terminated) {
      stopped++;
      if (s.state.terminated.exitCode === 0) succeeded++;
    } else if (s.state.waiting) {
      if (s.lastState.terminated) stopped++;
      else waiting++;
    } else unknown++;
  }

  if (failedInitialization > 0 && restartPolicy === 'Never') return 'Failed';
  if (pendingRegularInit > 0 || (pendingSidecars > 0 && !podHasInitialized) || waiting > 0) return 'Pending';
  if (running > 0 && unknown === 0) return 'Running';
  if (running === 0 && stopped > 0 && unknown === 0) {
    // A terminal pod's containers won't be restarted whatever the policy says.
    if (podIsTerminal) return stopped === succeeded ? 'Succeeded' : 'Failed';
    if (restartPolicy === 'Always') return 'Running';
    if (stopped === succeeded) return 'Succeeded';
    if (restartPolicy === 'Never') return 'Failed';
    return 'Running';
  }
  return 'Pending';
}
