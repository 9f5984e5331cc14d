// ClusterGraph: the live cluster graph. Zones hold node cards, node cards hold pod chips coloured
// by the STATUS kubectl prints; below, a Pending lane (with the scheduler's reason) and a
// Workloads lane. Edges are drawn only around the hovered or selected object. Everything shown
// is read from the store's mirror through pure derivations (model.ts, layout.ts, relations.ts),
// plus the playground's machine states (powered off, cut) and the control plane's countdowns
// (timers.ts) on pod chips. Right-click opens the context menu (ContextMenu.tsx). Motion: chips
// grow in and deleted ones leave a brief ghost (graph.css), a replaced pod is linked to its
// replacement by a short-lived arc (ReplacementArcs.tsx, motion.ts), workload counts tick. Keyboard:
// everything is in the Tab order and the arrows walk the structure (keyboard.ts). The objects come
// paced from the store (graph-objects.ts) so a busy cluster does not cost frames.

import '@xyflow/react/dist/style.css';
import './graph.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Background,
  BackgroundVariant,
  Controls,
  Panel,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
  useStoreApi,
  type Node,
} from '@xyflow/react';
import { applyZoomDetail } from './zoom-detail';
import { useSelection } from '../state/selection';
import { useTheme } from '../theme';
import { kubeplayStore } from '../state/store';
import { GraphContextMenu, openGraphMenu, useGraphMenu } from './ContextMenu';
import { useGraphObjects } from './graph-objects';
import {
  anchorNodes,
  flowCache,
  toFlowEdges,
  toFlowNodes,
  updateGhosts,
  type Ghost,
  type NodeCardFlowData,
  type PlacedChip,
} from './flow';
import { layoutGraph, type GraphLayout } from './layout';
import { graphCountdowns, graphModel } from './graph-model';
import type { GraphModel, PodView } from './model';
import type { SharedMap } from '../../protocol/shared-map';
import { CountHistory } from './history';
import { useGraphView } from './view-state';
import { NamespaceFilter } from './NamespaceFilter';
import { StatusIcon } from './StatusIcon';
import { ChipSlots } from './chip-slots';
import { nodeTypes } from './nodes';
import { zoneAt } from './menu';
import { focusRelations, relationIndex } from './relations';
import { navIndex, navTarget, setGraphNavigator } from './keyboard';
import { absoluteBoxes } from './motion';
import { ReplacementArcs, useReplacementArcs } from './ReplacementArcs';
import { minOf } from '../../k8s/arrays';

/** Fitting never zooms out below 0.45: in a small frame the user pans a legible graph instead of squinting at a thumbnail. */
const FIT = { padding: { top: '12px', left: '12px', bottom: '12px', right: '50px' }, maxZoom: 1.25, minZoom: 0.45 } as const;
/** Above this many laid-out items (cards, chips, …), only what is in view is rendered. */
const RENDER_VISIBLE_ABOVE = 800;
/** Up to this many pods, cards and chips slide when the layout shifts (graph.css data-motion). */
const SLIDE_MAX_PODS = 120;

/** Recently deleted pods, kept GHOST_MS so they fade out where they were. */
function useGhosts(pods: SharedMap<PodView>): PodView[] {
  const [prev, setPrev] = useState(pods);
  const [ghosts, setGhosts] = useState<Ghost[]>([]);
  if (prev !== pods) {
    // derived from the previous render (React's "storing information from previous renders")
    setPrev(pods);
    const next = updateGhosts(ghosts, prev, pods, Date.now());
    if (next !== ghosts) setGhosts(next);
  }
  useEffect(() => {
    if (ghosts.length === 0) return;
    const wait = Math.max(0, minOf(ghosts.map((g) => g.until)) - Date.now());
    const timer = window.setTimeout(() => setGhosts((gs) => gs.filter((g) => g.until > Date.now())), wait + 10);
    return () => window.clearTimeout(timer);
  }, [ghosts]);
  return useMemo(() => ghosts.map((g) => g.view), [ghosts]);
}

/**
 * Fits the view on first load (the first time there are nodes), and — only while the user has not
 * panned or zoomed — when the set of nodes, the level of detail or the pane's size changes. Never
 * on layout growth, and never once the user moved the view: their zoom and pan stay. The Fit
 * button fits on request.
 */
function AutoFit({
  signature,
  userMoved,
  pane,
}: {
  signature: string;
  userMoved: { current: boolean };
  pane: { current: HTMLElement | null };
}) {
  const { fitView, getViewport, setViewport } = useReactFlow();
  const first = useRef(true);
  const [size, setSize] = useState('');
  useEffect(() => {
    const el = pane.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      const { width, height } = entry.contentRect;
      setSize(`${Math.round(width / 24)}x${Math.round(height / 24)}`);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [pane]);
  useEffect(() => {
    if (!signature || (!first.current && userMoved.current)) return;
    const frame = requestAnimationFrame(() => {
      // a pane not laid out yet (a frame still loading, a pane just reopened) has nothing to fit into
      const el = pane.current;
      if (!el || el.clientWidth < 1 || el.clientHeight < 1) return;
      void fitView({ ...FIT, duration: first.current ? 0 : 250 }).then(() => {
        // fitting bounds not measured yet can yield NaN: never leave the canvas unpainted
        const { x, y, zoom } = getViewport();
        if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(zoom)) void setViewport({ x: 0, y: 0, zoom: 1 });
      });
      first.current = false;
    });
    return () => cancelAnimationFrame(frame);
  }, [signature, size, fitView, getViewport, setViewport, userMoved, pane]);
  return null;
}

const LEGEND = [
  ['ok', 'Running', 'Running'],
  ['done', 'Completed', 'Completed'],
  ['warn', 'Pending', 'Pending'],
  ['bad', 'CrashLoopBackOff', 'CrashLoop'],
  ['bad', 'ImagePullBackOff', 'ImagePull'],
  ['terminating', 'Terminating', 'Terminating'],
  ['unknown', 'Unknown', 'Unknown'],
] as const;

function Legend() {
  return (
    <div className="graph-legend" aria-hidden="true">
      {LEGEND.map(([tone, status, text]) => (
        <span key={text} className={`lg tone-${tone}`}>
          <StatusIcon status={status} tone={tone} />
          {text}
        </span>
      ))}
    </div>
  );
}

/** Keeps the canvas's zoom level of detail (zoom-detail.ts) in step with React Flow's zoom, without rendering. */
function ZoomLevel({ target }: { target: { current: HTMLElement | null } }) {
  const store = useStoreApi();
  useEffect(() => {
    const apply = (zoom: number) => {
      if (target.current) applyZoomDetail(target.current, zoom);
    };
    apply(store.getState().transform[2]);
    return store.subscribe((s, prev) => {
      if (s.transform[2] !== prev.transform[2]) apply(s.transform[2]);
    });
  }, [store, target]);
  return null;
}

/** What the summary line says about the level of detail. */
function detailNote(layout: GraphLayout): string {
  if (layout.zoneSummaries) return ' · zones summarised';
  if (layout.aggregated) return ' · counts per node (select one for its pods)';
  return '';
}

/** The node whose chips stay drawn in the aggregated view: the selected node, or the selected pod's. */
function expandedNodeOf(selected: string | null, model: GraphModel): string | null {
  if (!selected) return null;
  if (selected.startsWith('Node/')) return selected.slice('Node//'.length);
  return model.pods.get(selected)?.nodeName ?? null;
}

function Graph() {
  const { source: objects, machines } = useGraphObjects();
  const namespace = useGraphView((s) => s.namespace);
  const openZones = useGraphView((s) => s.openZones);
  const model = useMemo(() => graphModel(objects, machines, namespace), [objects, machines, namespace]);
  const countdowns = useMemo(() => graphCountdowns(model), [model]);
  const ghosts = useGhosts(model.pods);
  // chips keep their place in a card while they live (a rollout redraws only what changed)
  const [chipSlots] = useState(() => new ChipSlots());
  const [history] = useState(() => new CountHistory());
  const selectedKey = useSelection((s) => s.selected);
  const expandedNode = expandedNodeOf(selectedKey, model);
  const layout = useMemo(
    () =>
      layoutGraph(model, ghosts, countdowns, chipSlots, {
        expandedNode,
        openZones,
        selectedKey,
        history,
        nowMs: kubeplayStore.getState().clock.unixMs,
      }),
    [model, ghosts, countdowns, chipSlots, expandedNode, openZones, selectedKey, history],
  );
  const arcs = useReplacementArcs(model.pods, layout.items);
  const { screenToFlowPosition, getViewport, setCenter } = useReactFlow();

  const [cache] = useState(flowCache);
  const cardNodes = useMemo(() => toFlowNodes(layout.items, cache), [layout, cache]);
  const types = useMemo(() => new Map(layout.items.map((i) => [i.id, i.type] as const)), [layout]);

  const hovered = useSelection((s) => s.hovered);
  // The index covers every object (100-170 ms at 150,000 pods): made again when the objects
  // change, not each time the pointer moves from one card to another.
  const related = Boolean(selectedKey || hovered);
  const index = useMemo(() => (related ? relationIndex(objects.objects()) : null), [objects, related]);
  const edges = useMemo(
    () => (index ? toFlowEdges(focusRelations(index, [selectedKey, hovered]), types) : []),
    [index, selectedKey, hovered, types],
  );
  // chips are drawn inside their cards: the edges that end on a chip end on an invisible anchor
  // node put at its place, only for the pods those edges reach
  const [anchorCache] = useState(() => new Map<string, Node>());
  const nodes = useMemo(() => {
    if (edges.length === 0) {
      anchorCache.clear();
      return cardNodes;
    }
    const chips = new Map<string, PlacedChip>();
    const parents = new Map<string, string>();
    for (const n of cardNodes) {
      if (n.type !== 'node') continue;
      for (const chip of (n.data as NodeCardFlowData).chips) {
        chips.set(chip.id, chip);
        parents.set(chip.id, n.id);
      }
    }
    const ends = edges.flatMap((e) => [e.source, e.target]).filter((id) => types.get(id) === 'pod');
    const anchors = anchorNodes(ends, chips, parents, anchorCache);
    return anchors.length ? [...cardNodes, ...anchors] : cardNodes;
  }, [cardNodes, edges, types, anchorCache]);
  const dark = useTheme((s) => s.dark);

  const nodeSignature = model.nodes.map((n) => n.name).join(',');
  const userMoved = useRef(false);
  const wrapper = useRef<HTMLDivElement>(null);

  // arrow keys: move focus along the layout's structure (keyboard.ts); an item not rendered
  // (only what is in view is, in big clusters) is scrolled to first
  const latest = useRef(layout.items);
  useEffect(() => {
    latest.current = layout.items;
  }, [layout.items]);
  useEffect(
    () =>
      setGraphNavigator((from, key) => {
        const items = latest.current;
        const to = navTarget(navIndex(items), from, key);
        if (!to) return false;
        const focusable = () =>
          wrapper.current?.querySelector<HTMLElement>(
            `.react-flow__node[data-id="${CSS.escape(to)}"] [tabindex="0"], .chip-slot [data-key="${CSS.escape(to)}"]`,
          );
        const el = focusable();
        if (el) {
          el.focus({ preventScroll: true });
          revealFocused(el);
        } else {
          const box = absoluteBoxes(items).get(to);
          if (!box) return false;
          void setCenter(box.x + box.width / 2, box.y + box.height / 2, { zoom: getViewport().zoom });
          requestAnimationFrame(() => requestAnimationFrame(() => focusable()?.focus({ preventScroll: true })));
        }
        return true;
      }),
    // registered once: it reads the latest layout from a ref
    [],
  );
  /** Pans (keeping the zoom) so a focused card or chip outside the visible pane comes into view. */
  const revealFocused = (el: HTMLElement) => {
    const pane = wrapper.current?.getBoundingClientRect();
    if (!pane || !el.closest('.react-flow__node')) return;
    const r = el.getBoundingClientRect();
    const margin = 8;
    const inside =
      r.left >= pane.left + margin &&
      r.top >= pane.top + margin &&
      r.right <= pane.right - margin &&
      r.bottom <= pane.bottom - margin;
    if (inside && r.width <= pane.width) return;
    // a zone bigger than the pane: bring its top-left corner in rather than its centre
    const big = r.width > pane.width - 2 * margin || r.height > pane.height - 2 * margin;
    const target = big
      ? { x: r.left + Math.min(r.width, pane.width) / 2 - margin, y: r.top + Math.min(r.height, pane.height) / 2 - margin }
      : { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    const p = screenToFlowPosition(target);
    userMoved.current = true;
    void setCenter(p.x, p.y, { zoom: getViewport().zoom, duration: 200 });
  };

  const podCount = model.pods.size;
  const ready = model.nodes.filter((n) => n.condition === 'Ready').length;
  return (
    <div
      className="cluster-graph"
      data-pods={podCount}
      data-aggregated={layout.aggregated || undefined}
      data-zone-summaries={layout.zoneSummaries || undefined}
      data-motion={podCount <= SLIDE_MAX_PODS ? 'full' : 'light'}
    >
      <header className="graph-header">
        <h2>Cluster</h2>
        <span className="graph-summary">
          {model.nodes.length === 0
            ? 'no nodes'
            : `${ready}/${model.nodes.length} nodes Ready · ${podCount} ${podCount === 1 ? 'pod' : 'pods'}${detailNote(layout)}`}
        </span>
        <NamespaceFilter namespaces={model.namespaces} hidden={model.hiddenPods} />
        <Legend />
      </header>
      <div
        className="graph-canvas"
        ref={wrapper}
        onFocus={(e) => {
          // Tab into a card or chip out of view: bring it in (React Flow undoes the browser's scroll)
          if (e.target instanceof HTMLElement && e.target.matches(':focus-visible')) revealFocused(e.target);
        }}
      >
        <ReactFlow
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          colorMode={dark ? 'dark' : 'light'}
          onlyRenderVisibleElements={layout.items.length > RENDER_VISIBLE_ABOVE}
          nodesDraggable={false}
          nodesConnectable={false}
          nodesFocusable={false}
          edgesFocusable={false}
          elementsSelectable={false}
          minZoom={0.05}
          maxZoom={2.5}
          proOptions={{ hideAttribution: true }}
          onPaneClick={() => useSelection.getState().select(null)}
          onPaneContextMenu={(event) => {
            // the zone regions let events through to the pane: find the one under the pointer
            const zone = zoneAt(layout.items, screenToFlowPosition({ x: event.clientX, y: event.clientY }));
            if (!zone) return;
            event.preventDefault();
            openGraphMenu({ kind: 'zone', zone }, event);
          }}
          onMoveStart={(event) => {
            if (event) userMoved.current = true;
            if (useGraphMenu.getState().menu) useGraphMenu.getState().close(false);
          }}
          aria-label="Cluster graph"
        >
          <Background variant={BackgroundVariant.Dots} gap={18} size={1} />
          <Controls showInteractive={false} position="bottom-right" />
          {nodeSignature === '' && (
            <Panel position="top-left">
              <p className="graph-waiting">Waiting for the cluster’s nodes…</p>
            </Panel>
          )}
          <ReplacementArcs arcs={arcs} items={layout.items} />
          <ZoomLevel target={wrapper} />
          <AutoFit
            signature={nodeSignature && `${nodeSignature}|${layout.aggregated}|${layout.zoneSummaries}`}
            userMoved={userMoved}
            pane={wrapper}
          />
        </ReactFlow>
        <GraphContextMenu />
      </div>
    </div>
  );
}

export function ClusterGraph() {
  return (
    <ReactFlowProvider>
      <Graph />
    </ReactFlowProvider>
  );
}
