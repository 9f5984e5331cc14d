// workspace-grid: the workspace's CSS grid for the regions a page shows (an embed may leave
// some out) and the user's layout (collapsed, maximised). Splitters are tracks of their own
// between the regions; sizes come from CSS variables (styles.css sets the defaults per frame
// size, a user's drag overrides them inline, see paneStyle).

import type { CSSProperties } from 'react';
import type { PaneLayout } from './pane-layout';

export type Region = 'graph' | 'side' | 'bottom';
export type GridItem = Region | 'vsplit' | 'hsplit';

export interface WorkspaceGrid {
  columns: string;
  rows: string;
  areas: string;
  /** What has a place in the grid; the rest is rendered hidden (it keeps its state). */
  placed: ReadonlySet<GridItem>;
}

/** Width of a splitter track (it is also the gap between panes). */
export const SPLIT_PX = 10;

const SIDE = 'var(--side-width)';
const BOTTOM = 'minmax(var(--bottom-min), var(--bottom-height))';

function grid(columns: string[], rows: { size: string; cells: string[] }[]): WorkspaceGrid {
  const placed = new Set<GridItem>();
  for (const row of rows) for (const cell of row.cells) if (cell !== '.') placed.add(cell as GridItem);
  return {
    columns: columns.join(' '),
    rows: rows.map((r) => r.size).join(' '),
    areas: rows.map((r) => `'${r.cells.join(' ')}'`).join(' '),
    placed,
  };
}

/**
 * `tallSide`: the side column takes the whole height beside the graph and the bottom panel
 * (wide frames): the top row alone would leave the inspector a few lines.
 */
export function workspaceGrid(present: ReadonlySet<Region>, layout: PaneLayout, { tallSide = false } = {}): WorkspaceGrid {
  const fill = 'minmax(0, 1fr)';
  const bottom = present.has('bottom');
  if (bottom && layout.bottomMaximized) return grid([fill], [{ size: fill, cells: ['bottom'] }]);
  const graph = present.has('graph');
  const side = present.has('side') && !(layout.sideCollapsed && (graph || bottom));
  // without the graph, the side column stands beside the bottom panel (an embed of console + inspector)
  if (!graph && side && bottom) return grid([fill, `${SPLIT_PX}px`, SIDE], [{ size: fill, cells: ['bottom', 'vsplit', 'side'] }]);
  const top: string[] = graph && side ? ['graph', 'vsplit', 'side'] : graph ? ['graph'] : side ? ['side'] : [];
  const columns = top.length === 3 ? [fill, `${SPLIT_PX}px`, SIDE] : [fill];
  const span = (cell: string) => columns.map(() => cell);
  if (top.length === 0) return grid([fill], bottom ? [{ size: fill, cells: ['bottom'] }] : []);
  if (!bottom) return grid(columns, [{ size: fill, cells: top }]);
  if (tallSide && top.length === 3)
    return grid(columns, [
      { size: fill, cells: ['graph', 'vsplit', 'side'] },
      { size: `${SPLIT_PX}px`, cells: [layout.bottomCollapsed ? '.' : 'hsplit', 'vsplit', 'side'] },
      { size: layout.bottomCollapsed ? 'auto' : BOTTOM, cells: ['bottom', 'vsplit', 'side'] },
    ]);
  if (layout.bottomCollapsed)
    return grid(columns, [
      { size: fill, cells: top },
      { size: `${SPLIT_PX}px`, cells: span('.') },
      { size: 'auto', cells: span('bottom') },
    ]);
  return grid(columns, [
    { size: fill, cells: top },
    { size: `${SPLIT_PX}px`, cells: span('hsplit') },
    { size: BOTTOM, cells: span('bottom') },
  ]);
}

/** The inline style of the workspace: its grid, and the sizes the user dragged to. */
export function workspaceStyle(g: WorkspaceGrid, layout: PaneLayout): CSSProperties {
  const style: Record<string, string> = {
    gridTemplateColumns: g.columns,
    gridTemplateRows: g.rows,
    gridTemplateAreas: g.areas,
  };
  if (layout.sideWidth !== null) style['--side-width'] = `min(${layout.sideWidth}px, 60%)`;
  if (layout.bottomShare !== null) style['--bottom-height'] = `${(layout.bottomShare * 100).toFixed(2)}%`;
  if (layout.controlShare !== null) style['--control-height'] = `${(layout.controlShare * 100).toFixed(2)}%`;
  return style as CSSProperties;
}
