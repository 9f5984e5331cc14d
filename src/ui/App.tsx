// App: the page — top bar; the live cluster graph beside the inspector and the control-plane
// panel; below, tabs for the kubectl console, the manifest editor and the events timeline.
// In embed mode (see embed/params.ts) only the chrome the URL lists is rendered, and the
// workspace grid closes up around what is left.

import { lazy, Suspense } from 'react';
import type { Bridge } from './bridge';
import { BridgeContext } from './bridge-context';
import { Console } from './components/Console';
import { TopBar } from './components/TopBar';
import { ClusterGraph } from './graph/ClusterGraph';
import { Inspector } from './inspector/Inspector';
import { ControlPlanePanel } from './controlplane/ControlPlanePanel';
import { EventsTimeline } from './events/EventsTimeline';
import { BOTTOM_TABS, BottomTabs } from './components/BottomTabs';
import { parsePageParams, type PageConfig } from './embed/params';
import { useSelection } from './state/selection';

// Monaco is large: it loads when the Manifests tab is first opened, not with the page.
const ManifestEditor = lazy(() => import('./editor/ManifestEditor'));

/** The whole page, as without any URL parameter. */
const FULL_PAGE: PageConfig = parsePageParams('');

export function App({ bridge, config = FULL_PAGE }: { bridge: Bridge; config?: PageConfig }) {
  const selectedTab = useSelection((s) => s.tab);
  const { show, embed } = config;
  const tabs = BOTTOM_TABS.filter((t) => show.has(t));
  // a button may bring a tab forward that this page does not show: stay on one it does
  const tab = tabs.includes(selectedTab) ? selectedTab : tabs[0];
  const graph = show.has('graph');
  const inspector = show.has('inspector');
  const controlPlane = show.has('controlplane');
  const side = inspector || controlPlane;
  const layout = [graph && 'graph', side && 'side', tabs.length > 0 && 'bottom'].filter(Boolean).join('-');
  return (
    <BridgeContext.Provider value={bridge}>
      <div className={embed ? 'app is-embed' : 'app'}>
        <TopBar config={config} />
        <main className="workspace" data-layout={layout}>
          {graph && (
            <section className="graph-area" aria-label="Cluster">
              <ClusterGraph />
            </section>
          )}
          {side && (
            <aside className="side-area">
              {inspector && <Inspector />}
              {controlPlane && <ControlPlanePanel />}
            </aside>
          )}
          {tab && (
            <section className="bottom-area">
              {(!embed || tabs.length > 1) && <BottomTabs tabs={tabs} current={tab} />}
              {tabs.includes('console') && (
                <div className="bottom-panel" hidden={tab !== 'console'}>
                  <Console />
                </div>
              )}
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
          )}
        </main>
      </div>
    </BridgeContext.Provider>
  );
}
