// ClusterGraph: the live cluster graph. Zones hold node cards, node cards hold pod chips coloured
// by the STATUS kubectl prints; below, a Pending lane (with the scheduler's reason) and a
// Workloads lane. Edges are drawn only around the hovered or selected object. Everything shown
// is read from the store's mirror through pure derivations (model.ts, layout.ts, relations.ts),
// plus the playground's machine states (powered off, cut) and the control plane's countdowns
// (timers.ts) on pod chips. Right-click opens the context menu (ContextMenu.tsx).

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
  type Node,
} from '@xyflow/react';
import type { KObject } from '../../k8s/types';
import { podCountdowns } from '../controlplane/timers';
import { useShallow } from 'zustand/react/shallow';
import { selectGraphObjects } from '../state/selectors';
import { useSelection } from '../state/selection';
import { kubeplayStore, useKubeplay } from '../state/store';
import { GraphContextMenu, openGraphMenu, useGraphMenu } from './ContextMenu';
import { toFlowEdges, toFlowNodes, updateGhosts, type Ghost } from './flow';
import { layoutGraph } from './layout';
import { deriveModel, type PodView } from './model';
import { nodeTypes } from './nodes';
import { zoneAt } from './menu';
import { focusRelations, relationIndex } from './relations';

const FIT = { padding: { top: '12px', left: '12px', bottom: '12px', right: '50px' }, maxZoom: 1.25 } as const;
/** Above this many React Flow nodes, only what is in view is rendered. */
const RENDER_VISIBLE_ABOVE = 800;

/** Recently deleted pods, kept GHOST_MS so they fade out where they were. */
function useGhosts(pods: ReadonlyMap<string, PodView>): PodView[] {
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
    const wait = Math.max(0, Math.min(...ghosts.map((g) => g.until)) - Date.now());
    const timer = window.setTimeout(() => setGhosts((gs) => gs.filter((g) => g.until > Date.now())), wait + 10);
    return () => window.clearTimeout(timer);
  }, [ghosts]);
  return useMemo(() => ghosts.map((g) => g.view), [ghosts]);
}

/** Fits the view on first render, when nodes come or go, when the layout grows or the pane
 * resizes — unless the user has panned or zoomed since (then only node changes refit). */
function AutoFit({
  nodeSignature,
  bounds,
  userMoved,
}: {
  nodeSignature: string;
  bounds: string;
  userMoved: { current: boolean };
}) {
  const { fitView } = useReactFlow();
  const first = useRef(true);
  useEffect(() => {
    if (!nodeSignature) return;
    userMoved.current = false;
    const frame = requestAnimationFrame(() => {
      void fitView({ ...FIT, duration: first.current ? 0 : 250 });
      first.current = false;
    });
    return () => cancelAnimationFrame(frame);
  }, [nodeSignature, fitView, userMoved]);
  useEffect(() => {
    if (first.current || userMoved.current) return;
    const frame = requestAnimationFrame(() => void fitView({ ...FIT, duration: 200 }));
    return () => cancelAnimationFrame(frame);
  }, [bounds, fitView, userMoved]);
  return null;
}

function Legend() {
  return (
    <div className="graph-legend" aria-hidden="true">
      <span className="lg tone-ok">Running</span>
      <span className="lg tone-done">Completed</span>
      <span className="lg tone-warn">Pending</span>
      <span className="lg tone-bad">Failing</span>
      <span className="lg tone-terminating">Terminating</span>
      <span className="lg tone-unknown">Unknown</span>
    </div>
  );
}

/** Pod countdowns (eviction, crash-loop restart) by pod key; times are absolute, so they change only with the objects. */
function countdownsOf(objects: readonly KObject[]) {
  const pods = objects.filter((o) => o.kind === 'Pod');
  const nodes = objects.filter((o) => o.kind === 'Node');
  // the clock only fills in for a taint without timeAdded
  return podCountdowns(pods, nodes, kubeplayStore.getState().clock.unixMs);
}

function Graph() {
  const objects = useKubeplay(useShallow(selectGraphObjects));
  const machines = useKubeplay((s) => s.machines);
  const model = useMemo(() => deriveModel(objects, machines), [objects, machines]);
  const countdowns = useMemo(() => countdownsOf(objects), [objects]);
  const ghosts = useGhosts(model.pods);
  const layout = useMemo(() => layoutGraph(model, ghosts, countdowns), [model, ghosts, countdowns]);
  const { screenToFlowPosition } = useReactFlow();

  const cache = useRef(new Map<string, Node>());
  const nodes = useMemo(() => toFlowNodes(layout.items, cache.current), [layout]);
  const types = useMemo(() => new Map(layout.items.map((i) => [i.id, i.type] as const)), [layout]);

  const selected = useSelection((s) => s.selected);
  const hovered = useSelection((s) => s.hovered);
  const index = useMemo(() => (selected || hovered ? relationIndex(objects) : null), [objects, selected, hovered]);
  const edges = useMemo(
    () => (index ? toFlowEdges(focusRelations(index, [selected, hovered]), types) : []),
    [index, selected, hovered, types],
  );

  const nodeSignature = model.nodes.map((n) => n.name).join(',');
  const userMoved = useRef(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState('');
  useEffect(() => {
    const el = wrapper.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      const { width, height } = entry.contentRect;
      setSize(`${Math.round(width / 24)}x${Math.round(height / 24)}`);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const podCount = model.pods.size;
  const ready = model.nodes.filter((n) => n.condition === 'Ready').length;
  return (
    <div className="cluster-graph" data-pods={podCount} data-aggregated={layout.aggregated || undefined}>
      <header className="graph-header">
        <h2>Cluster</h2>
        <span className="graph-summary">
          {model.nodes.length === 0
            ? 'no nodes'
            : `${ready}/${model.nodes.length} nodes Ready · ${podCount} ${podCount === 1 ? 'pod' : 'pods'}${layout.aggregated ? ' · counts per node' : ''}`}
        </span>
        <Legend />
      </header>
      <div className="graph-canvas" ref={wrapper}>
        <ReactFlow
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          colorMode="system"
          onlyRenderVisibleElements={layout.aggregated || nodes.length > RENDER_VISIBLE_ABOVE}
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
          <AutoFit nodeSignature={nodeSignature} bounds={`${layout.width}x${layout.height}@${size}`} userMoved={userMoved} />
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
