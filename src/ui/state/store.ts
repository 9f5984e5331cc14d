// store: the UI's one zustand store. The bridge writes it with setState from outside React as
// worker messages arrive; components select narrowly. `objects` mirrors the cluster by object
// key (an ObjectMirror: a delta costs what it changes, unchanged objects and kinds keep their
// identity), Events apart in `events`: the worker sends only the newest of them (they are most of
// the objects of a busy cluster), and `eventsTotal` says how many there are. `clock` changes
// every frame while playing and is read by subscription where it is painted.

import { createStore, type StoreApi } from 'zustand/vanilla';
import { useStore } from 'zustand';
import type { KObject } from '../../k8s/types';
import type { ClockState, MachineInfo, ObjectKey } from '../../protocol/messages';
import { ObjectMirror } from '../../protocol/mirror';
import { NODE_MONITOR_GRACE_MS } from '../controlplane/heartbeats';
import { emptyTranscript, type ConsoleTranscript } from './console';

export type ConnectionStatus = 'connecting' | 'ready' | 'failed';

export interface KubeplayState {
  connection: ConnectionStatus;
  /** Why the connection failed, for the page to show. */
  connectionError: string | null;
  /** Every mirrored object but Events. */
  objects: ObjectMirror;
  /** The mirrored Events (core/v1): the newest the cluster holds (see eventsTotal). */
  events: ObjectMirror;
  /** How many Events the cluster holds, as the worker last reported; at least the mirrored ones. */
  eventsTotal: number;
  clock: ClockState;
  /**
   * The simulated machines (powered on? connected to the control plane?), sorted by name: what
   * the API cannot say. Replaced whole whenever the worker sends a new snapshot.
   */
  machines: MachineInfo[];
  /** The controller manager's node-monitor-grace-period, as the worker last reported it. */
  nodeMonitorGracePeriodMs: number;
  /** seq of the last applied delta. */
  deltaSeq: number;
  transcript: ConsoleTranscript;
  history: string[];
  /** Ids of commands sent and not yet done. */
  running: string[];
}

export const initialClock: ClockState = {
  now: 0,
  unixMs: Date.UTC(2026, 0, 1),
  timestamp: '2026-01-01T00:00:00Z',
  speed: 1,
  playing: true,
  nextEventTime: null,
};

export function initialState(): KubeplayState {
  return {
    connection: 'connecting',
    connectionError: null,
    objects: ObjectMirror.EMPTY,
    events: ObjectMirror.EMPTY,
    eventsTotal: 0,
    clock: initialClock,
    machines: [],
    nodeMonitorGracePeriodMs: NODE_MONITOR_GRACE_MS,
    deltaSeq: 0,
    transcript: emptyTranscript,
    history: [],
    running: [],
  };
}

export type KubeplayStore = StoreApi<KubeplayState>;

/** The mirrored object with this key, Events included. */
export function objectAt(state: Pick<KubeplayState, 'objects' | 'events'>, key: ObjectKey): KObject | undefined {
  return (key.startsWith('Event/') ? state.events : state.objects).get(key);
}

export function createKubeplayStore(): KubeplayStore {
  return createStore<KubeplayState>()(() => initialState());
}

type Listener<T> = (state: T, previous: T) => void;

/** Runs `flush` before the next frame is painted — or after `fallbackMs` where frames are throttled (hidden tabs). */
export function beforeNextFrame(flush: () => void, fallbackMs = 50): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    flush();
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(once);
  setTimeout(once, fallbackMs);
}

/**
 * The store with its listeners told at most once per frame. getState() is always current; only
 * the notifications wait, so every message the worker posts between two frames (a delta each
 * ~16 ms, output, done…) costs one React render, not one each. Without it a busy page falls
 * behind the worker: each delta re-rendered the whole graph synchronously (useSyncExternalStore),
 * the messages queued up and the page showed the cluster seconds late (docs/performance.md).
 * Listeners get the state at the flush and the state before the first change since the last one.
 */
export function frameBatched<T>(api: StoreApi<T>, schedule: (flush: () => void) => void = beforeNextFrame): StoreApi<T> {
  const listeners = new Set<Listener<T>>();
  let pending = false;
  let previous: T | undefined;
  const flush = () => {
    if (!pending) return;
    pending = false;
    const before = previous as T;
    previous = undefined;
    const state = api.getState();
    if (Object.is(state, before)) return;
    for (const listener of [...listeners]) listener(state, before);
  };
  api.subscribe((_state, prev) => {
    if (pending) return;
    pending = true;
    previous = prev;
    schedule(flush);
  });
  return {
    ...api,
    subscribe(listener: Listener<T>) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** The page's store: notifications batched per frame. */
export const kubeplayStore = frameBatched(createKubeplayStore());

/** React hook over the page's store: `useKubeplay((s) => s.clock.playing)`. */
export function useKubeplay<T>(selector: (state: KubeplayState) => T): T {
  return useStore(kubeplayStore, selector);
}
