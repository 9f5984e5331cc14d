// App: the page — top bar; the live cluster graph beside the inspector and the control-plane
// panel; below, tabs for the kubectl console, the manifest editor and the events timeline.

import { lazy, Suspense } from 'react';
import type { Bridge } from './bridge';
import { BridgeContext } from './bridge-context';
import { Console } from './components/Console';
import { TopBar } from './components/TopBar';
import { ClusterGraph } from './graph/ClusterGraph';
import { Inspector } from './inspector/Inspector';
import { ControlPlanePanel } from './controlplane/ControlPlanePanel';
import { EventsTimeline } from './events/EventsTimeline';
import { BottomTabs } from './components/BottomTabs';
import { useSelection } from './state/selection';

// Monaco is large: it loads when the Manifests tab is first opened, not with the page.
const ManifestEditor = lazy(() => import('./editor/ManifestEditor'));

export function App({ bridge }: { bridge: Bridge }) {
  const tab = useSelection((s) => s.tab);
  return (
    <BridgeContext.Provider value={bridge}>
      <div className="app">
        <TopBar />
        <main className="workspace">
          <section className="graph-area" aria-label="Cluster">
            <ClusterGraph />
          </section>
          <aside className="side-area">
            <Inspector />
            <ControlPlanePanel />
          </aside>
          <section className="bottom-area">
            <BottomTabs />
            <div className="bottom-panel" hidden={tab !== 'console'}>
              <Console />
            </div>
            {tab === 'manifests' && (
              <div className="bottom-panel">
                <Suspense fallback={<p className="loading">Loading the editor…</p>}>
                  <ManifestEditor />
                </Suspense>
              </div>
            )}
            {tab === 'events' && (
              <div className="bottom-panel">
                <EventsTimeline />
              </div>
            )}
          </section>
        </main>
      </div>
    </BridgeContext.Provider>
  );
}
