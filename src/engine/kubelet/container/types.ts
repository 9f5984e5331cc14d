// Types shared by the simulated container process interpreter.

/** What the kubelet tells a process about its world. Queried lazily, at the virtual time of use. */
export interface ProcessEnv {
  /** The Pod's namespace (the service-account namespace file's content). */
  namespace: string;
  podName: string;
  /** The container's hostname (normally the Pod name). */
  hostname: string;
  /** The container's environment variables, in spec order (HOSTNAME, PATH and HOME are added). */
  env: Record<string, string>;
  /** Does a Service `name` exist in `namespace` right now? Used by `nslookup`. */
  serviceExists(name: string, namespace: string): boolean;
  /** Optional: the Service's real ClusterIP; otherwise a stable 10.96.x.y is derived from the name. */
  serviceIP?(name: string, namespace: string): string | undefined;
  /** Wall-clock epoch of virtual time 0 (for `date`); defaults to the engine's DEFAULT_EPOCH_MS. */
  epochMs?: number;
}

export interface LogLine {
  atMs: number;
  stream: 'stdout' | 'stderr';
  text: string;
}

export type Step =
  /** Sleeping (or throttled): call resume again at (or after) untilMs. */
  | { kind: 'wait'; untilMs: number; logs: LogLine[] }
  /** Finished; every later resume returns the same code with no logs. */
  | { kind: 'exit'; code: number; logs: LogLine[] }
  /** A long-lived server that never exits by itself; later resumes return serve with no logs. */
  | { kind: 'serve'; logs: LogLine[] };

export interface Process {
  /** Run the process up to virtual time nowMs (or until it blocks); returns what it did. */
  resume(nowMs: number): Step;
}

/** What interpreter code yields to the process runner. */
export type Effect =
  | { type: 'out'; stream: 'stdout' | 'stderr'; text: string }
  | { type: 'sleep'; ms: number }
  /** 1 ms of busy CPU (charged per loop iteration that did not otherwise let time pass). */
  | { type: 'tick' }
  /** The process has become a long-lived server. */
  | { type: 'serve' };

/** Interpreter coroutines yield effects and return an exit status. */
export type Proc = Generator<Effect, number, void>;
