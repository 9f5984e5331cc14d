// zoom-detail: the graph's level of detail by zoom. Below COMPACT_BELOW the graph is "compact":
// secondary details (bars, tags, chip names, rule lines, workload kinds) step aside and the text
// that stays is drawn at MIN_TEXT_PX on screen whatever the zoom (graph.css, `--inv-zoom`), so a
// 1024×640 embed never shows text under 11 px. Written straight onto the canvas element from React
// Flow's store: zooming re-renders nothing.

/** Smallest on-screen text of the graph, px. */
export const MIN_TEXT_PX = 11;
/** Zoom below which the compact level of detail applies (text of 12 px would fall under 11). */
export const COMPACT_BELOW = 0.92;

export interface ZoomDetail {
  compact: boolean;
  /** 1 / zoom, rounded to 2 decimals (up, so text never falls under MIN_TEXT_PX). */
  invZoom: number;
}

export function zoomDetail(zoom: number): ZoomDetail {
  const z = zoom > 0 && Number.isFinite(zoom) ? zoom : 1;
  return { compact: z < COMPACT_BELOW, invZoom: Math.ceil((1 / z) * 100) / 100 };
}

/** Writes the level of detail onto `el` (data-lod, --inv-zoom), only when it changed. */
export function applyZoomDetail(el: HTMLElement, zoom: number): void {
  const { compact, invZoom } = zoomDetail(zoom);
  const lod = compact ? 'compact' : 'full';
  if (el.dataset.lod !== lod) el.dataset.lod = lod;
  const inv = String(invZoom);
  if (el.style.getPropertyValue('--inv-zoom') !== inv) el.style.setProperty('--inv-zoom', inv);
}
