// pane-layout: how the user arranged the workspace — the side column's width, the bottom
// panel's share of the height, the control-plane panel's share of the side column, and which
// panes are collapsed or maximised. Plain data with pure helpers (clamping, reading a stored
// value), in a small zustand store the session persistence saves. `null` sizes mean "the page's
// default for this frame size" (styles.css picks it per media query).

import { create } from 'zustand';

export interface PaneLayout {
  /** Width of the side column in CSS px. */
  sideWidth: number | null;
  /** The bottom panel's height as a fraction of the workspace's. */
  bottomShare: number | null;
  /** The control-plane panel's height as a fraction of the side column's (while an object is inspected). */
  controlShare: number | null;
  sideCollapsed: boolean;
  bottomCollapsed: boolean;
  /** The bottom panel (console, editor, events) takes the whole workspace. */
  bottomMaximized: boolean;
}

export const DEFAULT_LAYOUT: PaneLayout = {
  sideWidth: null,
  bottomShare: null,
  controlShare: null,
  sideCollapsed: false,
  bottomCollapsed: false,
  bottomMaximized: false,
};

/** The narrowest side column that still reads (inspector tabs, zone table). */
export const MIN_SIDE_PX = 220;
/** The side column never takes more of the workspace than this. */
export const MAX_SIDE_SHARE = 0.6;
/** Bounds of the bottom panel's and the control-plane panel's shares. */
export const MIN_SHARE = 0.12;
export const MAX_SHARE = 0.88;

export function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), Math.max(min, max));
}

/** A side width within bounds for a workspace `workspaceWidth` px wide. */
export function clampSideWidth(px: number, workspaceWidth: number): number {
  return Math.round(clamp(px, MIN_SIDE_PX, workspaceWidth * MAX_SIDE_SHARE));
}

/** A share (bottom panel, control-plane panel) within bounds, rounded to 0.01 % (a fraction of a pixel). */
export function clampShare(share: number): number {
  return Math.round(clamp(share, MIN_SHARE, MAX_SHARE) * 10_000) / 10_000;
}

function readSize(value: unknown, read: (n: number) => number): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? read(value) : null;
}

/** A stored layout, field by field: anything unusable falls back to the default. */
export function readLayout(value: unknown): PaneLayout {
  if (typeof value !== 'object' || value === null) return DEFAULT_LAYOUT;
  const v = value as Record<string, unknown>;
  const flag = (x: unknown) => x === true;
  return {
    sideWidth: readSize(v.sideWidth, (n) => Math.round(Math.max(MIN_SIDE_PX, Math.min(n, 4000)))),
    bottomShare: readSize(v.bottomShare, clampShare),
    controlShare: readSize(v.controlShare, clampShare),
    sideCollapsed: flag(v.sideCollapsed),
    bottomCollapsed: flag(v.bottomCollapsed),
    bottomMaximized: flag(v.bottomMaximized),
  };
}

interface LayoutState extends PaneLayout {
  set(patch: Partial<PaneLayout>): void;
  /** Replaces the whole layout (a restored session). */
  replace(layout: PaneLayout): void;
  toggleSide(): void;
  toggleBottom(): void;
  toggleMaximized(): void;
}

export const usePaneLayout = create<LayoutState>()((set) => ({
  ...DEFAULT_LAYOUT,
  set: (patch) => set(patch),
  replace: (layout) => set(layout),
  toggleSide: () => set((s) => ({ sideCollapsed: !s.sideCollapsed, bottomMaximized: false })),
  // collapsing the bottom panel and maximising it exclude each other
  toggleBottom: () => set((s) => ({ bottomCollapsed: !s.bottomCollapsed, bottomMaximized: false })),
  toggleMaximized: () => set((s) => ({ bottomMaximized: !s.bottomMaximized, bottomCollapsed: false })),
}));

/** The layout part of the store's state, as saved. */
export function paneLayoutOf(s: PaneLayout): PaneLayout {
  const { sideWidth, bottomShare, controlShare, sideCollapsed, bottomCollapsed, bottomMaximized } = s;
  return { sideWidth, bottomShare, controlShare, sideCollapsed, bottomCollapsed, bottomMaximized };
}
