// Key order of the emitted container statuses: Go struct order, so a status serialises the way
// the API server returns it however it was assembled (copied from the old status, patched by
// the reason cache, completed by the prober).

import { emptyObject, runningState } from './shared-parts';
import type { ApiContainerStatus, ContainerState } from './types';

/** Rebuilds a status with its keys in Go struct order, dropping unset optional ones. */
export function orderedContainerStatus(s: ApiContainerStatus): ApiContainerStatus {
  const state = orderedState(s.state);
  const lastState = orderedState(s.lastState);
  // A started container's usual status as one literal: keys added one by one would put four of
  // them in a separate property array (~30 B more for every status the API server keeps).
  if (s.containerID && s.started !== undefined && !s.allocatedResources && s.resources && s.volumeMounts) {
    return {
      name: s.name,
      state,
      lastState,
      ready: s.ready,
      restartCount: s.restartCount,
      image: s.image,
      imageID: s.imageID,
      containerID: s.containerID,
      started: s.started,
      resources: s.resources,
      volumeMounts: s.volumeMounts,
    };
  }
  const out: ApiContainerStatus = {
    name: s.name,
    state,
    lastState,
    ready: s.ready,
    restartCount: s.restartCount,
    image: s.image,
    imageID: s.imageID,
  };
  if (s.containerID) out.containerID = s.containerID;
  if (s.started !== undefined) out.started = s.started;
  if (s.allocatedResources) out.allocatedResources = s.allocatedResources;
  if (s.resources) out.resources = s.resources;
  if (s.volumeMounts) out.volumeMounts = s.volumeMounts;
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
