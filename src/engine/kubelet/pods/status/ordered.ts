// Key order of the emitted container statuses: Go struct order, so a status serialises the way
// the API server returns it however it was assembled (copied from the old status, patched by
// the reason cache, completed by the prober).

import { emptyObject, runningState } from './shared-parts';
import type { ApiContainerStatus, ContainerState } from './types';

/** Rebuilds a status with its keys in Go struct order, dropping unset optional ones. */
export function orderedContainerStatus(s: ApiContainerStatus): ApiContainerStatus {
  const { name, ready, restartCount, image, imageID, containerID, started, allocatedResources, resources, volumeMounts } = s;
  const state = orderedState(s.state);
  const lastState = orderedState(s.lastState);
  // A started container's usual status as one literal: keys added one by one would put four of
  // them in a separate property array (~30 B more for every status the API server keeps).
  if (containerID && started !== undefined && !allocatedResources && resources && volumeMounts) {
    return { name, state, lastState, ready, restartCount, image, imageID, containerID, started, resources, volumeMounts };
  }
  const out: ApiContainerStatus = { name, state, lastState, ready, restartCount, image, imageID };
  if (containerID) out.containerID = containerID;
  if (started !== undefined) out.started = started;
  if (allocatedResources) out.allocatedResources = allocatedResources;
  if (resources) out.resources = resources;
  if (volumeMounts) out.volumeMounts = volumeMounts;
  return out;
}

function orderedState(state: ContainerState | undefined): ContainerState {
  if (!state) return emptyObject();
  if (state.waiting) {
    const w = state.waiting;
    return { waiting: w.message ? { reason: w.reason, message: w.message } : w.reason ? { reason: w.reason } : {} };
  }
  if (state.running) return runningState(state.running.startedAt);
  if (state.terminated) {
    const t = state.terminated;
    // Rebuild in Go order: exitCode, signal, reason, message, startedAt, finishedAt, containerID.
    const ordered: Record<string, unknown> = { exitCode: t.exitCode };
    if (t.signal) ordered.signal = t.signal;
    if (t.reason) ordered.reason = t.reason;
    if (t.message) ordered.message = t.message;
    ordered.startedAt = t.startedAt ?? null;
    ordered.finishedAt = t.finishedAt ?? null;
    if (t.containerID) ordered.containerID = t.containerID;
    return { terminated: ordered as unknown as ContainerState['terminated'] };
  }
  return emptyObject();
}
