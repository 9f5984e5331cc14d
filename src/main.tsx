// main: reads the URL (embed mode, clock, theme, a start-up script — see docs/embedding.md),
// starts the simulation worker (through the bridge) and renders the page. The bridge is created
// outside React so StrictMode's double effects never start a second worker.

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './ui/App';
import { startBridge } from './ui/bridge';
import { preloadEditorWhenIdle } from './ui/editor/preload';
import { startPage } from './ui/embed/boot';
import { parsePageParams } from './ui/embed/params';
import { useTheme } from './ui/theme';
import './ui/styles.css';

const config = parsePageParams(location.search);
// an embed's theme= wins for this page only; otherwise the stored choice (or the system's) applies
if (config.theme) useTheme.getState().setPreference(config.theme, { remember: false });

const bridge = startBridge();
startPage(bridge, config);
if (config.show.has('manifests')) preloadEditorWhenIdle();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App bridge={bridge} config={config} />
  </StrictMode>,
);
