// flow: turning a layout into React Flow nodes and edges while keeping object identity for
// everything that did not change (so memoised node components and React Flow's own node
// wrappers skip re-rendering), the ghost list of recently deleted pods, and edge routing.

import type { Edge, Node } from '@xyflow/react';
import { CHIP_H, CHIP_W, type LayoutItem, type NodeCardData, type PodChipData } from './layout';
import { podOrder, type PodView } from './model';
import type { SharedMap } from '../../protocol/shared-map';
import type { Relation } from './relations';

/** How long a deleted pod's ghost stays, ms. */
export const GHOST_MS = 600;

/** Structural equality for plain view data (primitives, arrays, plain objects). */
export function sameData(a: unknown, b: unknown, depth = 5): boolean {
  if (a === b) return true;
  if (depth === 0 || typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameData(a[i], b[i], depth - 1)) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (const k of ka) {
    if (!sameData((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], depth - 1)) return false;
  }
  return true;
}

const NOT_INTERACTIVE = new Set(['zone', 'lane', 'more', 'anchor']);

/** A pod chip drawn inside its node card (not a React Flow node of its own), at its place in the card. */
export interface PlacedChip {
  id: string;
  x: number;
  y: number;
  data: PodChipData;
}

/** A node card's data as React Flow gets it: the layout's, plus the chips it draws. */
export type NodeCardFlowData = NodeCardData & { chips: readonly PlacedChip[] };

/** Identity caches kept between layouts: React Flow nodes by id, and placed chips by pod key. */
export interface FlowCache {
  nodes: Map<string, Node>;
  chips: Map<string, PlacedChip>;
}

export function flowCache(): FlowCache {
  return { nodes: new Map(), chips: new Map() };
}

const NO_CHIPS: readonly PlacedChip[] = [];

/** The chip of a pod item: the previous object when its place and data are unchanged. */
function placedChip(item: LayoutItem & { type: 'pod' }, cache: Map<string, PlacedChip>): PlacedChip {
  const prev = cache.get(item.id);
  if (prev && prev.x === item.x && prev.y === item.y && sameData(prev.data, item.data)) return prev;
  const chip: PlacedChip = { id: item.id, x: item.x, y: item.y, data: item.data };
  cache.set(item.id, chip);
  return chip;
}

/** `next` unless it holds exactly the elements of `prev`. */
function sameList<T>(prev: readonly T[] | undefined, next: readonly T[]): readonly T[] {
  if (!prev || prev.length !== next.length) return next;
  for (let i = 0; i < next.length; i++) if (prev[i] !== next[i]) return next;
  return prev;
}

/**
 * React Flow nodes for a layout; a node whose type, parent, box and data are unchanged is the
 * very object of the previous call (looked up in and written back to `cache`). Pod chips are no
 * nodes of their own: each node card gets its chips in `data.chips` (stable objects, see
 * PlacedChip), so a rollout re-renders a few cards and, in them, only the chips that changed.
 */
export function toFlowNodes(items: readonly LayoutItem[], cache: FlowCache): Node[] {
  const out: Node[] = [];
  const seen = new Set<string>();
  const chipsByCard = new Map<string, PlacedChip[]>();
  for (const item of items) {
    if (item.type !== 'pod') continue;
    seen.add(item.id);
    const chip = placedChip(item, cache.chips);
    const list = chipsByCard.get(item.parentId!);
    if (list) list.push(chip);
    else chipsByCard.set(item.parentId!, [chip]);
  }
  for (const id of [...cache.chips.keys()]) if (!seen.has(id)) cache.chips.delete(id);
  seen.clear();
  for (const item of items) {
    if (item.type === 'pod') continue;
    seen.add(item.id);
    const prev = cache.nodes.get(item.id);
    const same =
      prev &&
      prev.type === item.type &&
      prev.parentId === item.parentId &&
      prev.position.x === item.x &&
      prev.position.y === item.y &&
      prev.width === item.width &&
      prev.height === item.height;
    let data = item.data as Record<string, unknown>;
    if (item.type === 'node') {
      const prevData = prev?.type === 'node' ? (prev.data as NodeCardFlowData) : undefined;
      const chips = sameList(prevData?.chips, chipsByCard.get(item.id) ?? NO_CHIPS);
      const card: NodeCardData = item.data;
      const prevCard = prevData && (({ chips: _chips, ...rest }) => rest)(prevData);
      if (prevData && sameData(prevCard, card)) {
        if (same && chips === prevData.chips) {
          out.push(prev!);
          continue;
        }
        // the card itself is unchanged: keep its objects, so only the chip layer re-renders
        data = { ...prevData, chips };
      } else data = { ...card, chips };
    } else if (same && sameData(prev!.data, item.data)) {
      out.push(prev!);
      continue;
    }
    const node: Node = {
      id: item.id,
      type: item.type,
      position: { x: item.x, y: item.y },
      width: item.width,
      height: item.height,
      data,
      draggable: false,
      connectable: false,
      selectable: false,
      focusable: false,
      ...(item.parentId ? { parentId: item.parentId } : {}),
      ...(NOT_INTERACTIVE.has(item.type) ? { className: 'graph-static' } : {}),
    };
    cache.nodes.set(item.id, node);
    out.push(node);
  }
  for (const id of [...cache.nodes.keys()]) if (!seen.has(id)) cache.nodes.delete(id);
  return out;
}

/**
 * Invisible, inert nodes where the chips of `keys` sit (same parent card, same box), for the
 * edges of the hovered or selected object to end on; cached by pod key like the other nodes.
 */
export function anchorNodes(
  keys: Iterable<string>,
  chips: ReadonlyMap<string, PlacedChip>,
  parents: ReadonlyMap<string, string>,
  cache: Map<string, Node>,
): Node[] {
  const out: Node[] = [];
  const seen = new Set<string>();
  for (const key of keys) {
    const chip = chips.get(key);
    const parentId = parents.get(key);
    if (!chip || !parentId || seen.has(key)) continue;
    seen.add(key);
    let node = cache.get(key);
    if (!node || node.parentId !== parentId || node.position.x !== chip.x || node.position.y !== chip.y) {
      node = {
        id: key,
        type: 'anchor',
        parentId,
        position: { x: chip.x, y: chip.y },
        width: CHIP_W,
        height: CHIP_H,
        data: {},
        draggable: false,
        connectable: false,
        selectable: false,
        focusable: false,
        className: 'graph-static graph-anchor',
        domAttributes: { 'aria-hidden': true },
      };
      cache.set(key, node);
    }
    out.push(node);
  }
  for (const id of [...cache.keys()]) if (!seen.has(id)) cache.delete(id);
  return out;
}

export interface Ghost {
  view: PodView;
  /** Wall-clock ms when it goes. */
  until: number;
}

/** Pods present in `prev` and gone from `next`, by namespace and name: the cost follows the change (changesSince). */
export function removedPods(prev: SharedMap<PodView>, next: SharedMap<PodView>): PodView[] {
  const gone: PodView[] = [];
  for (const change of next.changesSince(prev)) if (!change.after && change.before) gone.push(change.before);
  return gone.sort(podOrder);
}

/** The ghost list after the pods changed from `prev` to `next` at `now`. */
export function updateGhosts(ghosts: readonly Ghost[], prev: SharedMap<PodView>, next: SharedMap<PodView>, now: number): Ghost[] {
  const kept = ghosts.filter((g) => g.until > now && !next.has(g.view.key));
  const gone = removedPods(prev, next).map((view) => ({ view, until: now + GHOST_MS }));
  if (gone.length === 0 && kept.length === ghosts.length) return ghosts as Ghost[];
  return [...kept, ...gone];
}

/** Edges for relations between laid-out items; handles chosen by where the ends sit. */
export function toFlowEdges(relations: readonly Relation[], types: ReadonlyMap<string, string>): Edge[] {
  const edges: Edge[] = [];
  for (const r of relations) {
    const fromType = types.get(r.from);
    const toType = types.get(r.to);
    if (!fromType || !toType) continue;
    let sourceHandle = 'top';
    let targetHandle: string | undefined;
    if (toType === 'workload') {
      sourceHandle = r.kind === 'owns' ? 'bottom' : 'top';
      targetHandle = 'in';
    } else if (toType === 'pendingPod') sourceHandle = 'left';
    if (fromType !== 'workload') continue;
    edges.push({
      id: `${r.from}->${r.to}`,
      source: r.from,
      target: r.to,
      sourceHandle,
      ...(targetHandle ? { targetHandle } : {}),
      className: `graph-edge edge-${r.kind}`,
      focusable: false,
      selectable: false,
      interactionWidth: 0,
      zIndex: 1000,
    });
  }
  return edges;
}
