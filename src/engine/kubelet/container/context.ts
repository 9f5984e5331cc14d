// What interpreter code can see: the pod's world (ProcessEnv), the container's filesystem, the
// virtual time, and the process host (the runner that owns PID 1: its signal traps, its server).

import type { ContainerFS } from './fs';
import type { Effect, ProcessEnv } from './types';

export interface ProcessHost {
  /** Traps set by the PID-1 shell: signal name (TERM, INT, EXIT…) → action ('' = ignore). */
  readonly traps: Map<string, string>;
  /** A delivered signal the PID-1 shell has not run its trap for yet. */
  takePendingSignal(): string | undefined;
  hasPendingSignal(): boolean;
  /** Is a program called `name` running in the container at virtual time atMs? (killall -0, pidof) */
  isRunning(name: string, atMs: number): boolean;
  /** `nginx -s quit` and friends: asks the container's server `name` to stop at atMs. */
  controlServer(name: string, action: string, atMs: number): void;
  /** Exit status of the last foreground server that stopped (what `nginx` returns to its shell). */
  childExitCode(): number;
}

export interface Context {
  env: ProcessEnv;
  fs: ContainerFS;
  host: ProcessHost;
  /** Current virtual time (ms), as maintained by the process runner. */
  now(): number;
  /** Commands run by Process.exec: unknown programs exit 0 at once instead of serving. */
  exec: boolean;
}

export const out = (text: string): Effect => ({ type: 'out', stream: 'stdout', text });
export const err = (text: string): Effect => ({ type: 'out', stream: 'stderr', text });
export const basename = (p: string) => p.slice(p.lastIndexOf('/') + 1);
