// Forced garbage collection and heap readings for the bench. `node --expose-gc` provides
// globalThis.gc; without the flag we switch it on at run time (V8 accepts --expose-gc late and
// exposes gc() to contexts created afterwards), so `tsx bench/index.ts` still measures heap.

import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type GcFn = () => void;

function resolveGc(): { gc: GcFn; exposed: boolean } {
  const existing = (globalThis as { gc?: GcFn }).gc;
  if (typeof existing === 'function') return { gc: existing, exposed: true };
  setFlagsFromString('--expose-gc');
  return { gc: runInNewContext('gc') as GcFn, exposed: false };
}

const resolved = resolveGc();

/** Whether node was started with --expose-gc (else gc() was enabled late, which works as well). */
export const gcExposedByFlag = resolved.exposed;

/** Full, repeated GC so weak maps and finalisation settle before a heap reading. */
export function fullGc(): void {
  for (let i = 0; i < 3; i++) resolved.gc();
}

/** heapUsed after a full GC, in bytes. */
export function settledHeapUsed(): number {
  fullGc();
  return process.memoryUsage().heapUsed;
}

export function nowMs(): number {
  return performance.now();
}

/** CPU time (user + system) this process has used, in ms: less sensitive than wall time to other load. */
export function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}
