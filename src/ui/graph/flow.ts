// flow: turning a layout into React Flow nodes and edges while keeping object identity for
// everything that did not change (so memoised node components and React Flow's own node
// wrappers skip re-rendering), the ghost list of recently deleted pods, and edge routing.

import type { Edge, Node } from '@xyflow/react';
import type { ObjectKey } from '../../protocol/messages';
import type { LayoutItem } from './layout';
import type { PodView } from './model';
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

const NOT_INTERACTIVE = new Set(['zone', 'lane', 'more']);

/**
 * React Flow nodes for a layout; a node whose type, parent, box and data are unchanged is the
 * very object of the previous call (looked up in and written back to `cache`).
 */
export function toFlowNodes(items: readonly LayoutItem[], cache: Map<string, Node>): Node[] {
  const out: Node[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    seen.add(item.id);
    const prev = cache.get(item.id);
    if (
      prev &&
      prev.type === item.type &&
      prev.parentId === item.parentId &&
      prev.position.x === item.x &&
      prev.position.y === item.y &&
      prev.width === item.width &&
      prev.height === item.height &&
      sameData(prev.data, item.data)
    ) {
      out.push(prev);
      continue;
    }
    const node: Node = {
      id: item.id,
      type: item.type,
      position: { x: item.x, y: item.y },
      width: item.width,
      height: item.height,
      data: item.data as Record<string, unknown>,
      draggable: false,
      connectable: false,
      selectable: false,
      focusable: false,
      ...(item.parentId ? { parentId: item.parentId } : {}),
      ...(NOT_INTERACTIVE.has(item.type) ? { className: 'graph-static' } : {}),
    };
    cache.set(item.id, node);
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

/** Pods present in `prev` and gone from `next`. */
export function removedPods(prev: ReadonlyMap<ObjectKey, PodView>, next: ReadonlyMap<ObjectKey, PodView>): PodView[] {
  const gone: PodView[] = [];
  for (const [key, view] of prev) if (!next.has(key)) gone.push(view);
  return gone;
}

/** The ghost list after the pods changed from `prev` to `next` at `now`. */
export function updateGhosts(
  ghosts: readonly Ghost[],
  prev: ReadonlyMap<ObjectKey, PodView>,
  next: ReadonlyMap<ObjectKey, PodView>,
  now: number,
): Ghost[] {
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
