// clock-tick: the simulated time (the store's clock.unixMs) sampled a few times per second of
// real time, for countdowns painted on many small elements. Only components that ask for it
// subscribe, and the sampling timer runs only while one does.

import { useSyncExternalStore } from 'react';
import { kubeplayStore } from './store';

/** Real milliseconds between samples (4 per second). */
export const TICK_MS = 250;

const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;
let sampled = 0;

const read = () => kubeplayStore.getState().clock.unixMs;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    sampled = read();
    timer = setInterval(() => {
      const now = read();
      if (now === sampled) return;
      sampled = now;
      for (const l of listeners) l();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

const noSubscribe = () => () => {};
const snapshot = () => (timer ? sampled : read());
const zero = () => 0;

/** The simulated Unix ms, updated at most every TICK_MS; 0 (and no subscription) when disabled. */
export function useClockTick(enabled: boolean): number {
  return useSyncExternalStore(enabled ? subscribe : noSubscribe, enabled ? snapshot : zero, enabled ? snapshot : zero);
}
