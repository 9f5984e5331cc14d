// graph-objects: what the graph draws, read from the store at a pace the page can paint. The store
// changes every frame while the clock runs (clock.unixMs) and on every worker delta; the graph only
// cares about `objects`, and re-deriving hundreds of chips for every delta at 100× speed would cost
// frames. So: the store's `objects` is looked at only when it is a new mirror, the drawn kinds are
// picked out (selectGraphSource, the same object while none of them changed: a Lease renewal
// publishes nothing) and published to React at most once per frame — and, while the
// cluster is busy (many pods), at most every BUSY_MS (HUGE_MS beyond HUGE_PODS, and beyond that
// HUGE_MS_PER_POD per pod, up to MAX_PUBLISH_MS).

import { useSyncExternalStore } from 'react';
import { selectGraphSource, type GraphSource } from '../state/selectors';
import { kubeplayStore } from '../state/store';
import { graphCountdowns, graphModel } from './graph-model';
import { useGraphView } from './view-state';

/** Publications at most this often with many pods (ms). */
export const BUSY_MS = 100;
/** …and this often otherwise (about a frame). */
export const CALM_MS = 16;
/** "Many pods". */
export const BUSY_PODS = 150;
/**
 * Beyond this many pods the graph draws counts per node (layout.ts), and a publication re-derives
 * every pod: publish at most every HUGE_MS, so that work stays a small share of each second.
 */
export const HUGE_PODS = 1000;
export const HUGE_MS = 250;
/**
 * Real time between two publications per pod beyond HUGE_MS / HUGE_MS_PER_POD pods (ms): a
 * publication costs the main thread in proportion to the pods (≈ 3 µs each at 30,000), so this
 * keeps its share of each second the same at any size. The worker paces its deltas alike.
 */
export const HUGE_MS_PER_POD = 0.01;
/** Longest real time between two publications (ms). */
export const MAX_PUBLISH_MS = 2000;

/** Real time between two publications for `pods` pods. */
export function publishPeriodMs(pods: number): number {
  if (pods > HUGE_PODS) return Math.min(MAX_PUBLISH_MS, Math.max(HUGE_MS, pods * HUGE_MS_PER_POD));
  return pods > BUSY_PODS ? BUSY_MS : CALM_MS;
}

/** How long to wait before the next publication, given the last one's time and the pod count. */
export function publishDelay(lastMs: number, nowMs: number, pods: number): number {
  return Math.max(0, lastMs + publishPeriodMs(pods) - nowMs);
}

let published: GraphSource | null = null;
let publishedFrom: object | null = null;
let publishedPods = 0;
let lastPublish = 0;
let timer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();
let unsubscribe: (() => void) | null = null;

function read(): GraphSource {
  const state = kubeplayStore.getState();
  if (published && publishedFrom === state.objects) return published;
  published = selectGraphSource(state);
  publishedFrom = state.objects;
  publishedPods = published.ofKind('Pod').size;
  return published;
}

function publish() {
  timer = null;
  const before = published;
  read();
  lastPublish = Date.now();
  if (published === before || !published) return;
  // the model now, React's render in a task of its own (graph-model.ts): input is answered between
  graphCountdowns(graphModel(published, kubeplayStore.getState().machines, useGraphView.getState().namespace));
  timer = setTimeout(notify, 0);
}

function notify() {
  timer = null;
  for (const l of listeners) l();
  // changes that came meanwhile wait for the next publication
  if (kubeplayStore.getState().objects !== publishedFrom && listeners.size > 0) schedulePublish();
}

function schedulePublish() {
  timer = setTimeout(publish, publishDelay(lastPublish, Date.now(), publishedPods));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  unsubscribe ??= kubeplayStore.subscribe((state, prev) => {
    if (state.objects === prev.objects || timer) return;
    schedulePublish();
  });
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      unsubscribe?.();
      unsubscribe = null;
      if (timer) clearTimeout(timer);
      timer = null;
    }
  };
}

const snapshot = () => published ?? read();

/** The objects the graph draws (selectGraphSource), published at a paintable pace. */
export function useGraphObjects(): GraphSource {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
