// The READY / STATUS / RESTARTS cells of `kubectl get pods`, computed the way printers.go printPod
// does (walk of init containers, then app containers from last to first, Terminating last).

import type { KObject } from './types';

interface ContainerStatus {
  name: string;
  ready?: boolean;
  started?: boolean;
  restartCount?: number;
  state?: {
    waiting?: { reason?: string };
    running?: { startedAt?: string };
    terminated?: { reason?: string; exitCode?: number; signal?: number; finishedAt?: string };
  };
  lastState?: { terminated?: { finishedAt?: string } };
}

export interface PodPrintSummary {
  ready: string;
  status: string;
  restarts: number;
  /** Unix ms of the most recent container termination, for `N (45s ago)`. */
  lastRestartMs?: number;
}

export function podPrintSummary(pod: KObject): PodPrintSummary {
  const spec = pod.spec ?? {};
  const status = pod.status ?? {};
  const initSpecs: { name: string; restartPolicy?: string }[] = spec.initContainers ?? [];
  const sidecarNames = new Set(initSpecs.filter((c) => c.restartPolicy === 'Always').map((c) => c.name));
  const totalContainers = (spec.containers?.length ?? 0) + sidecarNames.size;
  let readyContainers = 0;
  let restarts = 0;
  let lastRestartMs: number | undefined;
  let sidecarRestarts = 0;
  let sidecarLastRestartMs: number | undefined;

  let reason: string = status.phase ?? '';
  if (status.reason) reason = status.reason;
  const conditions: { type: string; status: string; reason?: string }[] = status.conditions ?? [];
  if (conditions.some((c) => c.type === 'PodScheduled' && c.reason === 'SchedulingGated')) reason = 'SchedulingGated';

  const later = (a: number | undefined, ts: string | undefined) => {
    if (!ts) return a;
    const t = Date.parse(ts);
    return a === undefined || t > a ? t : a;
  };

  let initializing = false;
  const initStatuses: ContainerStatus[] = status.initContainerStatuses ?? [];
  for (let i = 0; i < initStatuses.length; i++) {
    const cs = initStatuses[i];
    restarts += cs.restartCount ?? 0;
    lastRestartMs = later(lastRestartMs, cs.lastState?.terminated?.finishedAt);
    const isSidecar = sidecarNames.has(cs.name);
    if (isSidecar) {
      sidecarRestarts += cs.restartCount ?? 0;
      sidecarLastRestartMs = later(sidecarLastRestartMs, cs.lastState?.terminated?.finishedAt);
    }
    const term = cs.state?.terminated;
    const waiting = cs.state?.waiting;
    if (term && term.exitCode === 0) continue;
    if (isSidecar && cs.started) {
      if (cs.ready) readyContainers++;
      continue;
    }
    if (term) {
      reason = term.reason
        ? `Init:${term.reason}`
        : term.signal
          ? `Init:Signal:${term.signal}`
          : `Init:ExitCode:${term.exitCode}`;
    } else if (waiting?.reason && waiting.reason !== 'PodInitializing') {
      reason = `Init:${waiting.reason}`;
    } else {
      reason = `Init:${i}/${initSpecs.length}`;
    }
    initializing = true;
    break;
  }

  const initialized = conditions.some((c) => c.type === 'Initialized' && c.status === 'True');
  if (!initializing || initialized) {
    restarts = sidecarRestarts;
    lastRestartMs = sidecarLastRestartMs;
    let hasRunning = false;
    const statuses: ContainerStatus[] = status.containerStatuses ?? [];
    for (let i = statuses.length - 1; i >= 0; i--) {
      const cs = statuses[i];
      restarts += cs.restartCount ?? 0;
      lastRestartMs = later(lastRestartMs, cs.lastState?.terminated?.finishedAt);
      const waiting = cs.state?.waiting;
      const term = cs.state?.terminated;
      if (waiting?.reason) reason = waiting.reason;
      else if (term?.reason) reason = term.reason;
      else if (term) reason = term.signal ? `Signal:${term.signal}` : `ExitCode:${term.exitCode}`;
      else if (cs.ready && cs.state?.running) {
        hasRunning = true;
        readyContainers++;
      }
    }
    if (reason === 'Completed' && hasRunning) {
      reason = conditions.some((c) => c.type === 'Ready' && c.status === 'True') ? 'Running' : 'NotReady';
    }
  }

  if (pod.metadata.deletionTimestamp) {
    if (status.reason === 'NodeLost') reason = 'Unknown';
    else if (status.phase !== 'Succeeded' && status.phase !== 'Failed') reason = 'Terminating';
  }

  return { ready: `${readyContainers}/${totalContainers}`, status: reason, restarts, lastRestartMs };
}
