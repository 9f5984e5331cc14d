// zoom-detail: the graph's level of detail by zoom. At zoom 1 or more no text of the graph is
// under 11 px. Below 1 ("scaled") every text is drawn at MIN_TEXT_PX on screen whatever the zoom
// (graph.css, `--inv-zoom`); below COMPACT_BELOW ("compact") secondary details (usage bars, chip
// names, workload kinds, cron and member lines) also step aside to make room, so a 1024×640 embed
// never shows text under 11 px; below OVERVIEW_BELOW only shapes and colours remain. Written straight onto the canvas element from React Flow's store:
// zooming re-renders nothing.

/** Smallest on-screen text of the graph, px. */
export const MIN_TEXT_PX = 11;
/** Zoom below which text is scaled up (the full detail has no text under 11 px at zoom 1). */
export const SCALED_BELOW = 1;
/** Zoom below which the compact level of detail applies. */
export const COMPACT_BELOW = 0.8;
/** Zoom below which 11 px text no longer fits its boxes: shapes and colours only ("overview"). */
export const OVERVIEW_BELOW = 0.35;

export type Detail = 'full' | 'scaled' | 'compact' | 'overview';

export interface ZoomDetail {
  detail: Detail;
  /** 1 / zoom, rounded to 2 decimals (up, so text never falls under MIN_TEXT_PX). */
  invZoom: number;
}

export function zoomDetail(zoom: number): ZoomDetail {
  const z = zoom > 0 && Number.isFinite(zoom) ? zoom : 1;
  const detail: Detail = z < OVERVIEW_BELOW ? 'overview' : z < COMPACT_BELOW ? 'compact' : z < SCALED_BELOW ? 'scaled' : 'full';
  return { detail, invZoom: Math.ceil((1 / z) * 100) / 100 };
}

/** Writes the level of detail onto `el` (data-lod, --inv-zoom), only when it changed. */
export function applyZoomDetail(el: HTMLElement, zoom: number): void {
  const { detail, invZoom } = zoomDetail(zoom);
  if (el.dataset.lod !== detail) el.dataset.lod = detail;
  const inv = String(invZoom);
  if (el.style.getPropertyValue('--inv-zoom') !== inv) el.style.setProperty('--inv-zoom', inv);
}
