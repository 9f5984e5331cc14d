// preload: fetches and evaluates the manifest editor (Monaco, its YAML language service) once the
// page is up and idle, so opening the Manifests tab shows the editor at once instead of after
// seconds of download and parsing. It waits for the first cluster delta so Monaco's parsing never
// competes with the page's start; the page itself never needs Monaco (App.tsx loads it lazily).

import { kubeplayStore } from '../state/store';

/** Real ms after the cluster first shows before the idle wait starts. */
const SETTLE_MS = 1500;

function whenIdle(run: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 4000 });
  else setTimeout(run, 500);
}

/** Starts loading the editor after the cluster is mirrored and the page is idle. */
export function preloadEditorWhenIdle(): void {
  if (typeof window === 'undefined') return;
  const load = () => {
    // the same chunks App.tsx's lazy import asks for: the module cache makes that import instant
    void Promise.all([import('./ManifestEditor'), import('./monaco-setup')]).then(
      ([, setup]) => setup.setupMonaco(),
      () => undefined, // offline or a stale deployment: the tab loads (or reports) on its own
    );
  };
  const started = () => kubeplayStore.getState().deltaSeq > 0;
  const schedule = () => setTimeout(() => whenIdle(load), SETTLE_MS);
  if (started()) {
    schedule();
    return;
  }
  const unsubscribe = kubeplayStore.subscribe(() => {
    if (!started()) return;
    unsubscribe();
    schedule();
  });
}
