import { describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT, type PaneLayout } from './pane-layout';
import { workspaceGrid, workspaceStyle, type Region } from './workspace-grid';

const all = new Set<Region>(['graph', 'side', 'bottom']);
const layout = (patch: Partial<PaneLayout> = {}): PaneLayout => ({ ...DEFAULT_LAYOUT, ...patch });

describe('workspaceGrid', () => {
  it('puts the graph beside the side column over the bottom panel, with splitters between', () => {
    const g = workspaceGrid(all, layout());
    expect(g.areas).toBe(`'graph vsplit side' 'hsplit hsplit hsplit' 'bottom bottom bottom'`);
    expect(g.columns).toBe('minmax(0, 1fr) 10px var(--side-width)');
    expect(g.rows).toBe('minmax(0, 1fr) 10px minmax(var(--bottom-min), var(--bottom-height))');
    expect([...g.placed].sort()).toEqual(['bottom', 'graph', 'hsplit', 'side', 'vsplit']);
  });

  it('gives the graph the full width when the side column is collapsed', () => {
    const g = workspaceGrid(all, layout({ sideCollapsed: true }));
    expect(g.areas).toBe(`'graph' 'hsplit' 'bottom'`);
    expect(g.placed.has('side')).toBe(false);
    expect(g.placed.has('vsplit')).toBe(false);
  });

  it('shrinks a collapsed bottom panel to its tab strip, without a splitter', () => {
    const g = workspaceGrid(all, layout({ bottomCollapsed: true }));
    expect(g.rows).toBe('minmax(0, 1fr) 10px auto');
    expect(g.areas).toBe(`'graph vsplit side' '. . .' 'bottom bottom bottom'`);
    expect(g.placed.has('hsplit')).toBe(false);
  });

  it('gives a maximised bottom panel the whole workspace', () => {
    const g = workspaceGrid(all, layout({ bottomMaximized: true, sideCollapsed: true }));
    expect(g.areas).toBe(`'bottom'`);
    expect([...g.placed]).toEqual(['bottom']);
  });

  it('gives the side column the whole height in short frames', () => {
    const g = workspaceGrid(all, layout(), { tallSide: true });
    expect(g.areas).toBe(`'graph vsplit side' 'hsplit vsplit side' 'bottom vsplit side'`);
    expect(workspaceGrid(all, layout({ bottomCollapsed: true }), { tallSide: true }).areas).toBe(
      `'graph vsplit side' '. vsplit side' 'bottom vsplit side'`,
    );
    // without the side column (collapsed, or left out) there is nothing to make tall
    expect(workspaceGrid(all, layout({ sideCollapsed: true }), { tallSide: true }).areas).toBe(`'graph' 'hsplit' 'bottom'`);
  });

  it('closes up around the panes an embed leaves out', () => {
    expect(workspaceGrid(new Set<Region>(['graph', 'bottom']), layout()).areas).toBe(`'graph' 'hsplit' 'bottom'`);
    expect(workspaceGrid(new Set<Region>(['graph', 'side']), layout()).areas).toBe(`'graph vsplit side'`);
    expect(workspaceGrid(new Set<Region>(['side', 'bottom']), layout()).areas).toBe(`'bottom vsplit side'`);
    expect(workspaceGrid(new Set<Region>(['graph']), layout()).areas).toBe(`'graph'`);
    expect(workspaceGrid(new Set<Region>(['bottom']), layout({ bottomCollapsed: true })).areas).toBe(`'bottom'`);
    // a lone side column cannot be collapsed away
    expect(workspaceGrid(new Set<Region>(['side']), layout({ sideCollapsed: true })).areas).toBe(`'side'`);
  });
});

describe('workspaceStyle', () => {
  it('sets only the sizes the user chose, over the page defaults', () => {
    const g = workspaceGrid(all, layout());
    expect(workspaceStyle(g, layout())).toEqual({
      gridTemplateColumns: g.columns,
      gridTemplateRows: g.rows,
      gridTemplateAreas: g.areas,
    });
    const style = workspaceStyle(g, layout({ sideWidth: 420, bottomShare: 0.25, controlShare: 0.6 })) as Record<string, string>;
    expect(style['--side-width']).toBe('min(420px, 60%)');
    expect(style['--bottom-height']).toBe('25.00%');
    expect(style['--control-height']).toBe('60.00%');
  });
});
