// main: starts the simulation worker (through the bridge) and renders the page. The bridge is
// created outside React so StrictMode's double effects never start a second worker.

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './ui/App';
import { startBridge } from './ui/bridge';
import './ui/styles.css';

const bridge = startBridge();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App bridge={bridge} />
  </StrictMode>,
);
