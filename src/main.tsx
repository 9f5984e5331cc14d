// main: reads the URL (embed mode, clock, theme, a start-up script — see docs/embedding.md),
// starts the simulation worker (through the bridge), restores the saved session of the plain
// page (docs/layout-and-session.md) and renders the page. The bridge is created outside React so
// StrictMode's double effects never start a second worker.

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './ui/App';
import { startBridge, WELCOME } from './ui/bridge';
import { preloadEditorWhenIdle } from './ui/editor/preload';
import { startPage, whenConnected } from './ui/embed/boot';
import { parsePageParams } from './ui/embed/params';
import { openIndexedDbStore } from './ui/session/idb';
import { onPageHide, persists, startPersistence } from './ui/session/persistence';
import { cachedLayout } from './ui/session/layout-cache';
import { claimSession } from './ui/session/tab-claim';
import { usePaneLayout } from './ui/layout/pane-layout';
import { useSelection } from './ui/state/selection';
import { useTheme } from './ui/theme';
import './ui/styles.css';

const config = parsePageParams(location.search);
// an embed's theme= wins for this page only; otherwise the stored choice (or the system's) applies
if (config.theme) useTheme.getState().setPreference(config.theme, { remember: false });

// the panes as the user left them from the first render on (the session itself comes from IndexedDB)
const cached = persists(config) ? cachedLayout() : null;
if (cached) {
  useSelection.getState().showTab(cached.tab);
  usePaneLayout.getState().replace(cached.layout);
}

const bridge = startBridge();
startPage(bridge, config);
if (persists(config)) {
  startPersistence(bridge, {
    open: () => openIndexedDbStore(),
    claim: () => claimSession(),
    greeting: WELCOME,
    connected: () => whenConnected(),
    ...(config.speed !== undefined || config.paused ? { urlClock: { paused: config.paused } } : {}),
    onHide: onPageHide,
    hideStorage: globalThis.localStorage,
  });
}
if (config.show.has('manifests')) preloadEditorWhenIdle();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App bridge={bridge} config={config} />
  </StrictMode>,
);
