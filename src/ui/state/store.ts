// store: the UI's one zustand store. The bridge writes it with setState from outside React as
// worker messages arrive; components select narrowly. `objects` mirrors the cluster by object
// key (copy-on-write, so unchanged objects keep their identity); `clock` changes every frame
// while playing and is read by subscription where it is painted.

import { createStore, type StoreApi } from 'zustand/vanilla';
import { useStore } from 'zustand';
import type { KObject } from '../../k8s/types';
import type { ClockState, MachineInfo, ObjectKey } from '../../protocol/messages';
import { emptyTranscript, type ConsoleTranscript } from './console';

export type ConnectionStatus = 'connecting' | 'ready' | 'failed';

export interface KubeplayState {
  connection: ConnectionStatus;
  /** Why the connection failed, for the page to show. */
  connectionError: string | null;
  objects: Record<ObjectKey, KObject>;
  clock: ClockState;
  /**
   * The simulated machines (powered on? connected to the control plane?), sorted by name: what
   * the API cannot say. Replaced whole whenever the worker sends a new snapshot.
   */
  machines: MachineInfo[];
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
    objects: {},
    clock: initialClock,
    machines: [],
    deltaSeq: 0,
    transcript: emptyTranscript,
    history: [],
    running: [],
  };
}

export type KubeplayStore = StoreApi<KubeplayState>;

export function createKubeplayStore(): KubeplayStore {
  return createStore<KubeplayState>()(() => initialState());
}

/** The page's store. */
export const kubeplayStore = createKubeplayStore();

/** React hook over the page's store: `useKubeplay((s) => s.clock.playing)`. */
export function useKubeplay<T>(selector: (state: KubeplayState) => T): T {
  return useStore(kubeplayStore, selector);
}
