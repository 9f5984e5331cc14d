// Workspace: the panes under the top bar — the cluster graph, the side column (inspector over
// the control-plane panel) and the bottom tabs (console, manifests, events) — with splitters
// between them and the bottom strip's pane buttons (hide the side column, collapse or maximise
// the bottom panel). The arrangement lives in usePaneLayout (saved with the session); a hidden
// pane stays mounted, so the graph keeps its zoom and the console its scroll.

import { lazy, Suspense, useEffect, useRef, type RefObject } from 'react';
import { Console } from '../components/Console';
import { BottomTabs } from '../components/BottomTabs';
import { ClusterGraph } from '../graph/ClusterGraph';
import { Inspector } from '../inspector/Inspector';
import { ControlPlanePanel } from '../controlplane/ControlPlanePanel';
import { EventsTimeline } from '../events/EventsTimeline';
import { useRestoring } from '../session/persistence';
import { useSelection, type BottomTab } from '../state/selection';
import { clampShare, clampSideWidth, MAX_SHARE, MAX_SIDE_SHARE, MIN_SHARE, MIN_SIDE_PX, usePaneLayout } from './pane-layout';
import { PaneButtons } from './PaneButtons';
import { Splitter } from './Splitter';
import { useMediaQuery } from './use-media-query';
import { workspaceGrid, workspaceStyle, type Region } from './workspace-grid';

/**
 * Frames this wide give the side column the whole height (see workspaceGrid): the inspector
 * and the control-plane panel need lines more than the console needs its last columns.
 */
const TALL_SIDE_FRAME = '(min-width: 960px)';

// Monaco is large: it loads when the Manifests tab is first opened, not with the page — and,
// after a reload, once the saved cluster is back (parsing it would hold the restore up).
const ManifestEditor = lazy(() => import('../editor/ManifestEditor'));
const EDITOR_LOADING = <p className="loading">Loading the editor…</p>;

/** An element's content box (without padding), in px. */
function contentBox(el: HTMLElement | null): { width: number; height: number } {
  if (!el) return { width: 0, height: 0 };
  const cs = getComputedStyle(el);
  return {
    width: el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight),
    height: el.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom),
  };
}

/** A splitter over a pane whose height is stored as a share of its container's (bottom panel, control plane). */
function ShareSplitter({
  pane,
  within,
  share,
  ...names
}: {
  label: string;
  controls: string;
  className: string;
  pane: RefObject<HTMLElement | null>;
  within: RefObject<HTMLElement | null>;
  share: 'bottomShare' | 'controlShare';
}) {
  const set = usePaneLayout((s) => s.set);
  const whole = () => Math.max(1, contentBox(within.current).height);
  return (
    <Splitter
      orientation="horizontal"
      {...names}
      measure={() => ({
        size: pane.current?.getBoundingClientRect().height ?? 0,
        min: whole() * MIN_SHARE,
        max: whole() * MAX_SHARE,
      })}
      resize={(px) => set({ [share]: clampShare(px / whole()) })}
      reset={() => set({ [share]: null })}
    />
  );
}

export interface WorkspaceProps {
  graph: boolean;
  inspector: boolean;
  controlPlane: boolean;
  /** The bottom tabs this page shows, and the one in front. */
  tabs: readonly BottomTab[];
  tab: BottomTab | undefined;
  /** Show the tab strip even with a single tab (the full page; an embed's lone console needs none). */
  tabStrip: boolean;
}

export function Workspace({ graph, inspector, controlPlane, tabs, tab, tabStrip }: WorkspaceProps) {
  const layout = usePaneLayout();
  const restoring = useRestoring((s) => s.restoring);
  const workspaceRef = useRef<HTMLElement>(null);
  const sideRef = useRef<HTMLElement>(null);
  const bottomRef = useRef<HTMLElement>(null);
  const controlRef = useRef<HTMLDivElement>(null);

  // a tab brought forward (a button, `kubectl edit`) opens a collapsed bottom panel
  useEffect(
    () =>
      useSelection.subscribe((s, previous) => {
        if (s.tab !== previous.tab && usePaneLayout.getState().bottomCollapsed)
          usePaneLayout.getState().set({ bottomCollapsed: false });
      }),
    [],
  );

  const present = new Set<Region>();
  if (graph) present.add('graph');
  if (inspector || controlPlane) present.add('side');
  if (tab) present.add('bottom');
  const grid = workspaceGrid(present, layout, { tallSide: useMediaQuery(TALL_SIDE_FRAME) });
  const placed = (item: Region) => grid.placed.has(item);
  const top = graph || inspector || controlPlane;
  // collapsed to its tab strip (only under other panes: alone it fills the workspace)
  const bottomOpen = !(layout.bottomCollapsed && !layout.bottomMaximized && top);

  return (
    <main
      ref={workspaceRef}
      className="workspace"
      data-layout={[...present].join('-')}
      data-bottom={layout.bottomMaximized && placed('bottom') ? 'maximized' : bottomOpen ? 'open' : 'collapsed'}
      style={workspaceStyle(grid, layout)}
    >
      {graph && (
        <section className="graph-area" aria-label="Cluster" hidden={!placed('graph')}>
          <ClusterGraph />
        </section>
      )}
      {grid.placed.has('vsplit') && (
        <Splitter
          orientation="vertical"
          label="Resize side panel"
          controls="kubeplay-side"
          className="split-side"
          measure={() => {
            const width = contentBox(workspaceRef.current).width;
            return {
              size: sideRef.current?.getBoundingClientRect().width ?? 0,
              min: MIN_SIDE_PX,
              max: width * MAX_SIDE_SHARE,
            };
          }}
          resize={(px) => layout.set({ sideWidth: clampSideWidth(px, contentBox(workspaceRef.current).width) })}
          reset={() => layout.set({ sideWidth: null })}
        />
      )}
      {(inspector || controlPlane) && (
        <aside ref={sideRef} id="kubeplay-side" className="side-area" hidden={!placed('side')}>
          {inspector && <Inspector />}
          {inspector && controlPlane && (
            <ShareSplitter
              label="Resize control plane panel"
              controls="kubeplay-controlplane"
              className="split-control"
              pane={controlRef}
              within={sideRef}
              share="controlShare"
            />
          )}
          {controlPlane && (
            <div ref={controlRef} id="kubeplay-controlplane" className="control-slot">
              <ControlPlanePanel />
            </div>
          )}
        </aside>
      )}
      {grid.placed.has('hsplit') && (
        <ShareSplitter
          label="Resize bottom panel"
          controls="kubeplay-bottom"
          className="split-bottom"
          pane={bottomRef}
          within={workspaceRef}
          share="bottomShare"
        />
      )}
      {tab && (
        <section ref={bottomRef} id="kubeplay-bottom" className="bottom-area">
          {tabStrip && (
            <div className="bottom-strip">
              <BottomTabs tabs={tabs} current={tab} />
              <PaneButtons side={graph && (inspector || controlPlane)} top={top} />
            </div>
          )}
          {tabs.includes('console') && (
            <div className="bottom-panel" hidden={tab !== 'console' || !bottomOpen}>
              <Console />
            </div>
          )}
          {tab === 'manifests' && (
            <div className="bottom-panel" hidden={!bottomOpen}>
              <Suspense fallback={EDITOR_LOADING}>{restoring ? EDITOR_LOADING : <ManifestEditor />}</Suspense>
            </div>
          )}
          {tab === 'events' && (
            <div className="bottom-panel" hidden={!bottomOpen}>
              <EventsTimeline />
            </div>
          )}
        </section>
      )}
    </main>
  );
}
