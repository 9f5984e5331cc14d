// Types shared by the simulated container process interpreter.

import type { DnsAnswer } from '../dns/cluster-dns';

/** What the kubelet tells a process about its world. Queried lazily, at the virtual time of use. */
export interface ProcessEnv {
  /** The Pod's namespace (the service-account namespace file's content). */
  namespace: string;
  podName: string;
  /** The container's hostname (normally the Pod name). */
  hostname: string;
  /** The container's environment variables, in spec order (HOSTNAME, PATH and HOME are added). */
  env: Record<string, string>;
  /** The cluster DNS through the pod's resolver (search path from its namespace), at the time of the query. */
  resolve(query: string): DnsAnswer | undefined;
  /** The container's image (`busybox:1.28`): its nslookup's output format depends on it. */
  image?: string;
  /** Wall-clock epoch of virtual time 0 (for `date`); defaults to the engine's DEFAULT_EPOCH_MS. */
  epochMs?: number;
  /** A TCP connection from the pod to ip:port at virtual time nowMs (undefined: no network). */
  connect?(ip: string, port: number, nowMs: number): Connection;
}

/** What a TCP connect from a container meets on the cluster network. */
export type Connection =
  /** Nothing listens there (or a Service without ready endpoints: kube-proxy rejects). */
  | { kind: 'refused' }
  /** No host answers (an address nobody owns, a stopped machine): the SYN goes unanswered. */
  | { kind: 'timeout' }
  | { kind: 'open'; get(path: string): HttpAnswer };

/** A server's answer to `GET path`; `notHttp` is what a non-HTTP server sends back instead. */
export type HttpAnswer = { status: number; body: string } | { notHttp: string };

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

/** What `Process.exec` reports: the command ran synchronously from startMs, in virtual time. */
export interface ExecResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** Virtual time the command took (its sleeps and busy loops), at most limitMs. */
  durationMs: number;
  /** The command was still running at startMs + limitMs (exitCode is then -1). */
  timedOut: boolean;
  /** The container's main process had already exited: nothing ran (exitCode -1). */
  notRunning?: boolean;
}

export type Signal = 'TERM' | 'KILL';

/** What a signal did, as seen at the time it was sent. Call resume() afterwards for logs/exit. */
export type SignalResult =
  /** The process exits with `code` at atMs (≥ the signal time): KILL, or a server that handles TERM. */
  | { kind: 'exits'; atMs: number; code: number }
  /** A shell trap will run: at once if the shell is in `wait`, else when its foreground command ends. */
  | { kind: 'trapped' }
  /** PID 1 without a handler: the kernel drops the signal, only KILL will stop it. */
  | { kind: 'ignored' }
  /** The process had already exited. */
  | { kind: 'not-running' };

/** The server a process is (or is waiting on), for probes and `killall`. */
export interface ServingInfo {
  /** Program basename, `nginx`, `redis-server`, `agnhost`. */
  program: string;
  /** Its argv (program first). */
  argv: string[];
  /** When it started serving (virtual ms). */
  sinceMs: number;
}

export interface Process {
  /** Run the process up to virtual time nowMs (or until it blocks); returns what it did. */
  resume(nowMs: number): Step;
  /**
   * Runs a command inside the running container (exec probes, exec lifecycle hooks), sharing its
   * filesystem and environment. Computed synchronously; the main process is first advanced to
   * startMs (its logs are kept for the next resume()).
   */
  exec(argv: string[], startMs: number, limitMs: number): ExecResult;
  /** Delivers a signal at nowMs (after advancing to nowMs). */
  signal(signal: Signal, nowMs: number): SignalResult;
  /** The server the container is running at nowMs, if any (something listening on ports). */
  serving(nowMs: number): ServingInfo | undefined;
}

/** What interpreter code yields to the process runner. */
export type Effect =
  | { type: 'out'; stream: 'stdout' | 'stderr'; text: string }
  /** Time passes; `interruptible` (the `wait` builtin) ends early when a trapped signal arrives. */
  | { type: 'sleep'; ms: number; interruptible?: boolean }
  /** 1 ms of busy CPU (charged per loop iteration that did not otherwise let time pass). */
  | { type: 'tick' }
  /**
   * The process has become (or waits on) a long-lived program that never exits by itself. pid1: it
   * is the container's PID 1; interruptible: the shell's `wait` on a background job.
   */
  | { type: 'serve'; argv: string[]; pid1: boolean; interruptible?: boolean };

/** Interpreter coroutines yield effects and return an exit status. */
export type Proc = Generator<Effect, number, void>;
