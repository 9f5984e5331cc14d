// App: the page — top bar over the workspace (layout/Workspace.tsx): the live cluster graph
// beside the inspector and the control-plane panel; below, tabs for the kubectl console, the
// manifest editor and the events timeline, with splitters between the panes. In embed mode (see
// embed/params.ts) only the chrome the URL lists is rendered, and the workspace grid closes up
// around what is left.

import type { Bridge } from './bridge';
import { BridgeContext } from './bridge-context';
import { TopBar } from './components/TopBar';
import { BOTTOM_TABS } from './components/BottomTabs';
import { parsePageParams, type PageConfig } from './embed/params';
import { Workspace } from './layout/Workspace';
import { useSelection } from './state/selection';

/** The whole page, as without any URL parameter. */
const FULL_PAGE: PageConfig = parsePageParams('');

export function App({ bridge, config = FULL_PAGE }: { bridge: Bridge; config?: PageConfig }) {
  const selectedTab = useSelection((s) => s.tab);
  const { show, embed } = config;
  const tabs = BOTTOM_TABS.filter((t) => show.has(t));
  // a button may bring a tab forward that this page does not show: stay on one it does
  const tab = tabs.includes(selectedTab) ? selectedTab : tabs[0];
  return (
    <BridgeContext.Provider value={bridge}>
      <div className={embed ? 'app is-embed' : 'app'}>
        <TopBar config={config} />
        <Workspace
          graph={show.has('graph')}
          inspector={show.has('inspector')}
          controlPlane={show.has('controlplane')}
          tabs={tabs}
          tab={tab}
          tabStrip={!embed || tabs.length > 1}
        />
      </div>
    </BridgeContext.Provider>
  );
}
