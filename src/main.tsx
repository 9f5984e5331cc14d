// main: reads the URL (embed mode, clock, theme, a start-up script — see docs/embedding.md),
// starts the simulation worker (through the bridge), restores the saved session of the plain
// page (docs/layout-and-session.md) and renders the page. The bridge is created outside React so
// StrictMode's double effects never start a second worker.

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './ui/App';
import { startBridge, WELCOME } from './ui/bridge';
import { startPage, whenConnected } from './ui/embed/boot';
import { parsePageParams } from './ui/embed/params';
import { openIndexedDbStore } from './ui/session/idb';
import { onPageHide, persists, startPersistence } from './ui/session/persistence';
import { claimSession } from './ui/session/tab-claim';
import { useTheme } from './ui/theme';
import './ui/styles.css';

/** Longest the first render waits for the saved layout (IndexedDB answers in a few ms). */
const LAYOUT_WAIT_MS = 300;

const config = parsePageParams(location.search);
// an embed's theme= wins for this page only; otherwise the stored choice (or the system's) applies
if (config.theme) useTheme.getState().setPreference(config.theme, { remember: false });

const bridge = startBridge();
startPage(bridge, config);
const session = persists(config)
  ? startPersistence(bridge, {
      open: () => openIndexedDbStore(),
      claim: () => claimSession(),
      greeting: WELCOME,
      connected: () => whenConnected(),
      ...(config.speed !== undefined || config.paused ? { urlClock: { paused: config.paused } } : {}),
      onHide: onPageHide,
    })
  : null;

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const render = () =>
  createRoot(root).render(
    <StrictMode>
      <App bridge={bridge} config={config} />
    </StrictMode>,
  );

// the saved layout first, so the panes do not jump once it arrives
if (session) void Promise.race([session.ready, new Promise((resolve) => setTimeout(resolve, LAYOUT_WAIT_MS))]).then(render);
else render();
