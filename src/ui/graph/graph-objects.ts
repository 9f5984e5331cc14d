// graph-objects: what the graph draws, read from the store at a pace the page can paint. The store
// changes every frame while the clock runs (clock.unixMs) and on every worker delta; the graph only
// cares about `objects` and `machines`, and re-drawing for every delta at 100× speed would cost
// frames. So: the store's `objects` is looked at only when it is a new mirror, the drawn kinds are
// picked out (selectGraphSource, the same object while none of them changed: a Lease renewal
// publishes nothing) and published with the machines to React at most once per frame — and, while
// the cluster is big (pods and nodes), at most every BUSY_MS (HUGE_MS beyond HUGE_PODS, and beyond
// that HUGE_MS_PER_POD per pod or node, up to MAX_PUBLISH_MS). The machines are paced with the
// objects: building 5,000 nodes sends a snapshot per `node add`, each a redraw of every node.

import { startTransition, useEffect, useState } from 'react';
import type { MachineInfo } from '../../protocol/messages';
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
 * Beyond this many pods the graph draws counts per node (layout.ts) and a publication lays out and
 * renders every node card or zone and workload: publish at most every HUGE_MS, so that work stays
 * a small share of each second.
 */
export const HUGE_PODS = 1000;
export const HUGE_MS = 250;
/**
 * Real time between two publications per pod or node beyond HUGE_MS / HUGE_MS_PER_POD of them
 * (ms): the model costs what changed (incremental-model.ts), but the layout and React Flow still
 * go over every node, zone and workload, which grow with the cluster; this keeps their share of
 * each second the same at any size. The worker paces its deltas alike.
 */
export const HUGE_MS_PER_POD = 0.01;
/** Longest real time between two publications (ms). */
export const MAX_PUBLISH_MS = 2000;

/** Real time between two publications for `pods` pods and nodes. */
export function publishPeriodMs(pods: number): number {
  if (pods > HUGE_PODS) return Math.min(MAX_PUBLISH_MS, Math.max(HUGE_MS, pods * HUGE_MS_PER_POD));
  return pods > BUSY_PODS ? BUSY_MS : CALM_MS;
}

/** How long to wait before the next publication, given the last one's time and the pods and nodes. */
export function publishDelay(lastMs: number, nowMs: number, pods: number): number {
  return Math.max(0, lastMs + publishPeriodMs(pods) - nowMs);
}

/** What the graph draws from: the drawn kinds' tables and the machines' states, published together. */
export interface GraphInput {
  source: GraphSource;
  machines: readonly MachineInfo[];
}

let published: GraphInput | null = null;
let publishedFrom: object | null = null;
/** Pods and nodes of the last publication: what its pacing goes by. */
let publishedSize = 0;
let lastPublish = 0;
let timer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();
let unsubscribe: (() => void) | null = null;

function read(): GraphInput {
  const state = kubeplayStore.getState();
  if (published && publishedFrom === state.objects && published.machines === state.machines) return published;
  const source = selectGraphSource(state);
  publishedFrom = state.objects;
  if (!published || published.source !== source || published.machines !== state.machines) {
    published = { source, machines: state.machines };
    // a big cluster's nodes cost each publication too (a machines snapshot per `node add`)
    publishedSize = source.ofKind('Pod').size + source.ofKind('Node').size;
  }
  return published;
}

function publish() {
  timer = null;
  const before = published;
  read();
  lastPublish = Date.now();
  if (published === before || !published) return;
  // the model now, React's render in a task of its own (graph-model.ts): input is answered between
  graphCountdowns(graphModel(published.source, published.machines, useGraphView.getState().namespace));
  timer = setTimeout(notify, 0);
}

function notify() {
  timer = null;
  for (const l of listeners) l();
  // changes that came meanwhile wait for the next publication
  const state = kubeplayStore.getState();
  if ((state.objects !== publishedFrom || state.machines !== published?.machines) && listeners.size > 0) schedulePublish();
}

function schedulePublish() {
  timer = setTimeout(publish, publishDelay(lastPublish, Date.now(), publishedSize));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  unsubscribe ??= kubeplayStore.subscribe((state, prev) => {
    if ((state.objects === prev.objects && state.machines === prev.machines) || timer) return;
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

/**
 * The objects the graph draws (selectGraphSource) and the machines, published at a paintable pace.
 * React renders each publication as a transition: a big cluster's redraw (thousands of cards and
 * workloads through React Flow) yields to input every few ms instead of holding the page.
 */
export function useGraphObjects(): GraphInput {
  const [input, setInput] = useState(snapshot);
  useEffect(() => {
    const update = () => startTransition(() => setInput(snapshot()));
    const unsubscribe = subscribe(update);
    // a publication between the first render and this subscription
    update();
    return unsubscribe;
  }, []);
  return input;
}
