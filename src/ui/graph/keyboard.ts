// keyboard: arrow-key movement between the graph's focusable things. Every zone, node card, pod
// chip and workload card is also in the Tab order; the arrows walk the structure:
//   zone       ←/→ previous/next zone          ↓ its first node card
//   node card  ←/→ previous/next node card     ↑ its zone   ↓ its first pod chip
//   pod chip   ←/→ previous/next chip          ↑/↓ a row up/down (↑ from the top row: its node card)
//   pending    ↑/↓ or ←/→ previous/next pending pod
//   workload   ↑/↓ previous/next card          ←/→ first card of the previous/next column
// Home/End go to the first/last of the same group. navTarget is pure (layout in, id out); the
// graph registers the function that actually moves focus (setGraphNavigator).

import type { LayoutItem } from './layout';
import { CHIPS_PER_ROW } from './layout';

export const NAV_KEYS: ReadonlySet<string> = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End']);

/** Ids of the focusable items of a layout, grouped the way the arrows walk them. */
export interface NavIndex {
  zones: string[];
  /** Node card ids in layout order (zone by zone). */
  nodes: string[];
  nodesByZone: Map<string, string[]>;
  /** Pod chip ids (ghosts excluded) by node card id. */
  chipsByNode: Map<string, string[]>;
  pending: string[];
  /** Workload ids in lane order, and the first of each column group. */
  workloads: string[];
  groupStarts: string[];
  /** Item id → the id of its parent (zone of a card, card of a chip). */
  parent: Map<string, string>;
  type: Map<string, LayoutItem['type']>;
}

export function navIndex(items: readonly LayoutItem[]): NavIndex {
  const idx: NavIndex = {
    zones: [],
    nodes: [],
    nodesByZone: new Map(),
    chipsByNode: new Map(),
    pending: [],
    workloads: [],
    groupStarts: [],
    parent: new Map(),
    type: new Map(),
  };
  const push = <K>(map: Map<K, string[]>, k: K, v: string) => {
    const list = map.get(k);
    if (list) list.push(v);
    else map.set(k, [v]);
  };
  for (const item of items) {
    switch (item.type) {
      case 'zone':
        if (item.data.zone === '') continue; // "No zone" offers no actions
        idx.zones.push(item.id);
        break;
      case 'node':
        idx.nodes.push(item.id);
        push(idx.nodesByZone, item.parentId!, item.id);
        break;
      case 'pod':
        if (item.data.ghost) continue;
        push(idx.chipsByNode, item.parentId!, item.id);
        break;
      case 'pendingPod':
        if (item.data.ghost) continue;
        idx.pending.push(item.id);
        break;
      case 'workload':
        idx.workloads.push(item.id);
        if (!item.data.view.parentKey) idx.groupStarts.push(item.id);
        break;
      default:
        continue;
    }
    idx.type.set(item.id, item.type);
    if (item.parentId) idx.parent.set(item.id, item.parentId);
  }
  return idx;
}

function step(list: readonly string[], id: string, key: string, back: string, fwd: string): string | null {
  const i = list.indexOf(id);
  if (i < 0 || list.length === 0) return null;
  if (key === 'Home') return list[0];
  if (key === 'End') return list[list.length - 1];
  if (key === back) return i > 0 ? list[i - 1] : null;
  if (key === fwd) return i < list.length - 1 ? list[i + 1] : null;
  return null;
}

/** Where an arrow (or Home/End) from item `id` goes, or null when nowhere. */
export function navTarget(idx: NavIndex, id: string, key: string): string | null {
  switch (idx.type.get(id)) {
    case 'zone':
      if (key === 'ArrowDown') return idx.nodesByZone.get(id)?.[0] ?? null;
      return step(idx.zones, id, key, 'ArrowLeft', 'ArrowRight');
    case 'node': {
      const zone = idx.parent.get(id)!;
      if (key === 'ArrowUp') return idx.type.has(zone) ? zone : null;
      if (key === 'ArrowDown') return idx.chipsByNode.get(id)?.[0] ?? null;
      if (key === 'Home' || key === 'End') return step(idx.nodesByZone.get(zone) ?? [], id, key, '', '');
      return step(idx.nodes, id, key, 'ArrowLeft', 'ArrowRight');
    }
    case 'pod': {
      const node = idx.parent.get(id)!;
      const chips = idx.chipsByNode.get(node) ?? [];
      const i = chips.indexOf(id);
      if (key === 'ArrowUp') return i < CHIPS_PER_ROW ? node : chips[i - CHIPS_PER_ROW];
      if (key === 'ArrowDown') return chips[i + CHIPS_PER_ROW] ?? null;
      return step(chips, id, key, 'ArrowLeft', 'ArrowRight');
    }
    case 'pendingPod':
      return (
        step(idx.pending, id, key, 'ArrowUp', 'ArrowDown') ??
        (key === 'ArrowLeft' || key === 'ArrowRight' ? step(idx.pending, id, key, 'ArrowLeft', 'ArrowRight') : null)
      );
    case 'workload': {
      if (key === 'ArrowLeft' || key === 'ArrowRight') {
        // the column group this card belongs to starts at the last group start at or before it
        const i = idx.workloads.indexOf(id);
        let g = -1;
        for (let j = i; j >= 0 && g < 0; j--) g = idx.groupStarts.indexOf(idx.workloads[j]);
        if (g < 0) return null;
        return step(idx.groupStarts, idx.groupStarts[g], key, 'ArrowLeft', 'ArrowRight');
      }
      return step(idx.workloads, id, key, 'ArrowUp', 'ArrowDown');
    }
    default:
      return null;
  }
}

type Navigator = (from: string, key: string) => boolean;
let navigator: Navigator | null = null;

/** The graph registers how to move focus (it knows the current layout); returns the unregister. */
export function setGraphNavigator(fn: Navigator): () => void {
  navigator = fn;
  return () => {
    if (navigator === fn) navigator = null;
  };
}

/** Moves focus from item `from` for a key; true if it handled the key. */
export function navigateFrom(from: string, key: string): boolean {
  return NAV_KEYS.has(key) && !!navigator && navigator(from, key);
}
