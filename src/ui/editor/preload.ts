// preload: fetches and evaluates the manifest editor (Monaco, its YAML language service) once the
// page is idle, so opening the Manifests tab shows the editor at once instead of after seconds
// of download and parsing. The page itself still starts without Monaco (App.tsx loads it lazily).

/** Starts loading the editor after the page settles (idle callback, or a timeout without one). */
export function preloadEditorWhenIdle(): void {
  if (typeof window === 'undefined') return;
  const load = () => {
    // the same chunks App.tsx's lazy import asks for: the module cache makes that import instant
    void Promise.all([import('./ManifestEditor'), import('./monaco-setup')]).then(
      ([, setup]) => setup.setupMonaco(),
      () => undefined, // offline or a stale deployment: the tab loads (or reports) on its own
    );
  };
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(load, { timeout: 4000 });
  else setTimeout(load, 1500);
}
