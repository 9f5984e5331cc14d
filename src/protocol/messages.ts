// messages: the one versioned protocol between the UI (main thread) and the simulation worker.
// Every user action — a typed line, an editor apply, a playground button, a clock control —
// becomes a ToWorker message; everything the worker reports is a FromWorker message. Both are
// discriminated unions on `type`, handled by exhaustive switches (see assertNever).

import type { KObject } from '../k8s/types';

/**
 * Bump when a message changes shape. The UI sends it in `hello`; a worker built from a
 * different version refuses with an `error` instead of mis-reading messages.
 */
export const PROTOCOL_VERSION = 3;

/** Multipliers of real time, or 'max': run events as fast as the worker can. */
export type Speed = 0.5 | 1 | 2 | 5 | 10 | 100 | 'max';

/** The speeds the UI offers, slowest first. */
export const SPEEDS: readonly Speed[] = [0.5, 1, 2, 5, 10, 100, 'max'];

export function isSpeed(value: unknown): value is Speed {
  return SPEEDS.includes(value as Speed);
}

/** How a speed is shown: `0.5×`, `10×`, `max`. */
export function formatSpeed(speed: Speed): string {
  return speed === 'max' ? 'max' : `${speed}×`;
}

/** Options of a fresh simulation (mirrors the engine's SimulationOptions, kept plain data). */
export interface ResetOptions {
  seed?: number;
  empty?: boolean;
  zones?: number;
  nodesPerZone?: number;
}

/** Where a command came from; decides which console session runs it. */
export type CommandSource = 'console' | 'apply' | 'action';

// ---------------------------------------------------------------------------------------------
// UI → worker

/** First message: announces the UI's protocol version and asks for `ready` + a snapshot. */
export interface HelloMessage {
  type: 'hello';
  version: number;
}

/** A line typed into the console: `kubectl …`, `kubeplay …`, `sleep 30s`. */
export interface ConsoleMessage {
  type: 'console';
  id: string;
  line: string;
  stdin?: string;
}

/** Manifests from the editor; runs as `kubectl apply -f -` with the text on stdin. */
export interface ApplyMessage {
  type: 'apply';
  id: string;
  yaml: string;
}

/**
 * A playground button (cordon, stop node, cut zone…) expressed as its console-equivalent line,
 * so it runs through the same implementation and is echoed in the console.
 */
export interface ActionMessage {
  type: 'action';
  id: string;
  line: string;
}

/**
 * A read-only question whose output comes back in a `result` instead of the console (v2): the
 * inspector's Describe and Scheduling tabs. Only `kubectl describe …` and `kubeplay explain
 * scheduling …` lines are answered; nothing is echoed.
 */
export interface QueryMessage {
  type: 'query';
  id: string;
  line: string;
}

/** The object whose Events an `events` query asks for (an ObjectReference, as kubectl describe builds it). */
export interface EventSubject {
  kind: string;
  /** '' for cluster-scoped objects. */
  namespace: string;
  name: string;
  /** When given, only Events about this incarnation of the object. */
  uid?: string;
}

/**
 * The Events about one object, answered with an `eventList` (v3): the inspector's Events tab.
 * The page mirrors only the cluster's newest Events, so it asks the API for the rest, as
 * `kubectl describe` does.
 */
export interface EventsQueryMessage {
  type: 'events';
  id: string;
  about: EventSubject;
}

/** Ctrl+C: ends a streaming `-w` watch in the console session. */
export interface InterruptMessage {
  type: 'interrupt';
}

export type ClockControl =
  | { op: 'play' }
  | { op: 'pause' }
  | { op: 'speed'; speed: Speed }
  /** Pauses, then jumps to the next pending event and runs everything due then. */
  | { op: 'step' };

export type ClockMessage = { type: 'clock' } & ClockControl;

/** Throws the cluster away and starts a new one; speed and play state are kept. */
export interface ResetMessage {
  type: 'reset';
  options?: ResetOptions;
}

export type ToWorker =
  | HelloMessage
  | ConsoleMessage
  | ApplyMessage
  | ActionMessage
  | QueryMessage
  | EventsQueryMessage
  | InterruptMessage
  | ClockMessage
  | ResetMessage;

// ---------------------------------------------------------------------------------------------
// worker → UI

/** What the UI needs to show the simulated clock. */
export interface ClockState {
  /** Virtual milliseconds since the simulation epoch. */
  now: number;
  /** Milliseconds since the Unix epoch that `now` represents. */
  unixMs: number;
  /** RFC 3339, second precision, as the cluster writes timestamps. */
  timestamp: string;
  speed: Speed;
  playing: boolean;
  /** Virtual time of the next pending event, or null when nothing is scheduled. */
  nextEventTime: number | null;
}

/** The worker is up and speaks `version`. A `delta` with `reset: true` follows. */
export interface ReadyMessage {
  type: 'ready';
  version: number;
  clock: ClockState;
}

/** A command began; the console echoes `$ line`. Sent for every source, so buttons teach kubectl. */
export interface StartedMessage {
  type: 'started';
  id: string;
  line: string;
  source: CommandSource;
  /** Virtual ms when the command started (lets Share replay sessions exactly). */
  now?: number;
}

/**
 * Text a command printed. Consecutive chunks of one stream are merged before sending.
 * A streaming watch keeps printing after `done`, still under the id of the command that
 * started it.
 */
export interface OutputMessage {
  type: 'output';
  id: string;
  text: string;
  stream: 'stdout' | 'stderr';
}

/** A command finished (its output was sent before this). */
export interface DoneMessage {
  type: 'done';
  id: string;
  exitCode: number;
  /** Virtual ms when the command ended (a command may wait on the clock, e.g. `kubectl wait`). */
  now?: number;
}

/** Identifies an object across the protocol: `kind/namespace/name` (namespace empty if cluster-scoped). */
export type ObjectKey = string;

/**
 * A machine as the playground sees it (the simulation's Topology): the API can say a node is
 * NotReady, but not that its machine is powered off or cut off from the control plane.
 */
export interface MachineInfo {
  name: string;
  /** topology.kubernetes.io/zone of the machine. */
  zone: string;
  /** Powered on (false after `kubeplay node stop` or a completed shutdown). */
  running: boolean;
  /** Can reach the control plane (false after `kubeplay node disconnect` / `zone partition`). */
  reachable: boolean;
  /** Graceful node shutdown under way (`kubeplay node shutdown`); absent means false. */
  shuttingDown?: boolean;
}

/**
 * Changes since the previous delta, coalesced per object: at most one upsert or delete per key.
 * With `reset: true` the receiver drops everything it had and `upserts` is the whole state.
 */
export interface DeltaMessage {
  type: 'delta';
  /** Increments per delta, so a receiver can notice a gap. */
  seq: number;
  reset: boolean;
  upserts: KObject[];
  deletes: ObjectKey[];
  clock: ClockState;
  /**
   * Every machine, sorted by name — present only when some machine changed since the previous
   * delta (and always with `reset: true`). Optional, so older receivers simply ignore it.
   */
  machines?: MachineInfo[];
  /**
   * The controller manager's current node-monitor-grace-period (`kubeplay config set` changes it),
   * for the UI's countdowns to Ready Unknown. Optional: a receiver keeps its default without it.
   */
  nodeMonitorGracePeriodMs?: number;
  /**
   * How many Events the cluster holds. The receiver mirrors only the newest of them (the sender
   * sends those and deletes the ones it forgets), so a timeline can say what it leaves out.
   */
  eventsTotal?: number;
}

/** The answer to a `query`: everything it printed, whole. */
export interface ResultMessage {
  type: 'result';
  id: string;
  stdout: string;
  stderr: string;
  exitCode: number;
}

/** Events a query returns at most: the newest (by write) of those about the object. */
export const MAX_QUERIED_EVENTS = 200;

/** The answer to an `events` query: the newest MAX_QUERIED_EVENTS Events about the object, and how many there are. */
export interface EventListMessage {
  type: 'eventList';
  id: string;
  events: KObject[];
  total: number;
}

/** Something went wrong outside a command (bad message, version mismatch, crash in a tick). */
export interface ErrorMessage {
  type: 'error';
  message: string;
  /** The command the error belongs to, if any. */
  id?: string;
}

/** `kubectl edit` in the console: show the object (as it is now) in the manifest editor. */
export interface EditMessage {
  type: 'edit';
  /** The command that asked. */
  id: string;
  key: ObjectKey;
}

export type FromWorker =
  | ReadyMessage
  | StartedMessage
  | OutputMessage
  | DoneMessage
  | DeltaMessage
  | ResultMessage
  | EventListMessage
  | ErrorMessage
  | EditMessage;

/** Compile-time exhaustiveness for `switch (msg.type)`; throws if a new variant slips through at runtime. */
export function assertNever(value: never, what = 'value'): never {
  throw new Error(`unexpected ${what}: ${JSON.stringify(value)}`);
}
