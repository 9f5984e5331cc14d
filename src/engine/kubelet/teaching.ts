// Teaching annotations: pod annotations under `kubeplay.dev/` that make a container misbehave on
// cue, so lessons can show crashes, slow readiness, failing liveness and OOM kills without
// writing a program that does it (user docs: docs/teaching-annotations.md).
//
//   kubeplay.dev/exit-after            Go duration: the container's process exits this long after it starts
//   kubeplay.dev/exit-code             0-255, the code it exits with (default 1: the common case is a crash)
//   kubeplay.dev/ready-after           Go duration: readiness probes fail until then
//   kubeplay.dev/fail-liveness-after   Go duration: liveness probes fail from then on
//   kubeplay.dev/memory-usage          quantity: above limits.memory the container is OOMKilled
//   kubeplay.dev/cpu-usage             quantity: the CPU the container uses (for the autoscaler)
//
// Each key may be scoped to one container with a `.NAME` suffix (`kubeplay.dev/exit-after.app`);
// the scoped value wins over the pod-wide one. Invalid values are ignored for behaviour and
// reported by teachingProblems (the kubelet turns them into Warning events).

import { parseGoDuration } from '../../k8s/duration';
import { parseQuantity } from '../../k8s/quantity';

export const TEACHING_PREFIX = 'kubeplay.dev/';

export interface TeachingBehaviour {
  exitAfterMs?: number;
  /** Set (default 1) whenever exitAfterMs is. */
  exitCode?: number;
  readyAfterMs?: number;
  failLivenessAfterMs?: number;
  memoryUsageBytes?: number;
  cpuUsageMilli?: number;
}

type Key = 'exit-after' | 'exit-code' | 'ready-after' | 'fail-liveness-after' | 'memory-usage' | 'cpu-usage';
const KEYS: readonly Key[] = ['exit-after', 'exit-code', 'ready-after', 'fail-liveness-after', 'memory-usage', 'cpu-usage'];

type Parsed = { ok: true; value: number } | { ok: false; error: string };

function parseDuration(v: string): Parsed {
  try {
    const ms = parseGoDuration(v.trim());
    return ms < 0 ? { ok: false, error: 'must not be negative' } : { ok: true, value: ms };
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
}

function parseQty(v: string, milli: boolean): Parsed {
  try {
    const q = parseQuantity(v.trim());
    if (q.sign() < 0) return { ok: false, error: 'must not be negative' };
    return { ok: true, value: milli ? q.milliValue() : q.value() };
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
}

const PARSERS: Record<Key, (v: string) => Parsed> = {
  'exit-after': parseDuration,
  'ready-after': parseDuration,
  'fail-liveness-after': parseDuration,
  'exit-code': (v) =>
    /^\s*\d+\s*$/.test(v) && Number(v) <= 255
      ? { ok: true, value: Number(v) }
      : { ok: false, error: 'must be an integer between 0 and 255' },
  'memory-usage': (v) => parseQty(v, false),
  'cpu-usage': (v) => parseQty(v, true),
};

/** Splits `kubeplay.dev/KEY[.CONTAINER]`; undefined for other annotations. */
function splitKey(annotation: string): { key: string; container?: string } | undefined {
  if (!annotation.startsWith(TEACHING_PREFIX)) return undefined;
  const rest = annotation.slice(TEACHING_PREFIX.length);
  const dot = rest.indexOf('.');
  return dot < 0 ? { key: rest } : { key: rest.slice(0, dot), container: rest.slice(dot + 1) };
}

function valueFor(annotations: Readonly<Record<string, string>>, key: Key, container: string): number | undefined {
  for (const name of [`${TEACHING_PREFIX}${key}.${container}`, `${TEACHING_PREFIX}${key}`]) {
    const raw = annotations[name];
    if (raw === undefined) continue;
    const r = PARSERS[key](String(raw));
    if (r.ok) return r.value;
    return undefined; // an invalid scoped value does not fall back: the user meant this container
  }
  return undefined;
}

/** The teaching behaviour of one container (container-scoped annotations win). */
export function teachingFor(annotations: Readonly<Record<string, string>> | undefined, containerName: string): TeachingBehaviour {
  const a = annotations ?? {};
  const t: TeachingBehaviour = {};
  const exitAfter = valueFor(a, 'exit-after', containerName);
  if (exitAfter !== undefined) {
    t.exitAfterMs = exitAfter;
    t.exitCode = valueFor(a, 'exit-code', containerName) ?? 1;
  }
  const ready = valueFor(a, 'ready-after', containerName);
  if (ready !== undefined) t.readyAfterMs = ready;
  const liveness = valueFor(a, 'fail-liveness-after', containerName);
  if (liveness !== undefined) t.failLivenessAfterMs = liveness;
  const memory = valueFor(a, 'memory-usage', containerName);
  if (memory !== undefined) t.memoryUsageBytes = memory;
  const cpu = valueFor(a, 'cpu-usage', containerName);
  if (cpu !== undefined) t.cpuUsageMilli = cpu;
  return t;
}

/**
 * Human-readable problems with a pod's teaching annotations: invalid values, unknown keys, a
 * container suffix naming no container (when `containerNames` is given), exit-code without
 * exit-after. Empty when all is well.
 */
export function teachingProblems(
  annotations: Readonly<Record<string, string>> | undefined,
  containerNames?: readonly string[],
): string[] {
  const problems: string[] = [];
  const a = annotations ?? {};
  for (const [name, raw] of Object.entries(a)) {
    const split = splitKey(name);
    if (!split) continue;
    if (!(KEYS as readonly string[]).includes(split.key)) {
      problems.push(`unknown annotation ${name}: supported keys are ${KEYS.map((k) => TEACHING_PREFIX + k).join(', ')}`);
      continue;
    }
    if (split.container !== undefined && containerNames && !containerNames.includes(split.container)) {
      problems.push(`annotation ${name}: the pod has no container named "${split.container}"`);
    }
    const r = PARSERS[split.key as Key](String(raw));
    if (!r.ok) problems.push(`invalid annotation ${name}="${raw}": ${r.error}`);
    if (split.key === 'exit-code' && r.ok) {
      const scoped = split.container === undefined ? '' : `.${split.container}`;
      const hasExitAfter =
        a[`${TEACHING_PREFIX}exit-after${scoped}`] !== undefined || a[`${TEACHING_PREFIX}exit-after`] !== undefined;
      if (!hasExitAfter) problems.push(`annotation ${name} has no effect without ${TEACHING_PREFIX}exit-after`);
    }
  }
  return problems;
}
