// How the teaching annotations (../teaching.ts) act on a container instance: a forced exit
// (`exit-after` / `exit-code`), an OOM kill when `memory-usage` exceeds the memory limit, and
// readiness held back by `ready-after`.

import type { KObject } from '../../../k8s/types';
import { parseQuantity } from '../../../k8s/quantity';
import { teachingFor } from '../teaching';
import type { ContainerInstance } from './runtime-types';

/** How long after its start an over-limit container is OOM-killed (the allocation takes a moment). */
const OOM_AFTER_MS = 1_000;

export function forcedExitFor(pod: KObject, container: any): { afterMs: number; code: number; reason?: string } | undefined {
  const t = teachingFor(pod.metadata.annotations ?? {}, container.name);
  const limit = container.resources?.limits?.memory;
  if (t.memoryUsageBytes !== undefined && limit !== undefined) {
    const limitBytes = Number(parseQuantity(String(limit)).value());
    if (t.memoryUsageBytes > limitBytes) return { afterMs: OOM_AFTER_MS, code: 137, reason: 'OOMKilled' };
  }
  if (t.exitAfterMs !== undefined) return { afterMs: t.exitAfterMs, code: t.exitCode ?? 1 };
  return undefined;
}

/** When `ready-after` lets the instance be ready (undefined: no such annotation). */
export function readyAfterAt(pod: KObject, instance: ContainerInstance): number | undefined {
  const t = teachingFor(pod.metadata.annotations ?? {}, instance.name);
  return t.readyAfterMs === undefined ? undefined : (instance.startedAtMs ?? 0) + t.readyAfterMs;
}

/** When liveness probes start failing (undefined: never). */
export function failLivenessAt(pod: KObject, instance: ContainerInstance): number | undefined {
  const t = teachingFor(pod.metadata.annotations ?? {}, instance.name);
  return t.failLivenessAfterMs === undefined ? undefined : (instance.startedAtMs ?? 0) + t.failLivenessAfterMs;
}
