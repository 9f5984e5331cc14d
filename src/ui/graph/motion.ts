// motion: the pure bookkeeping behind the graph's motion — which pods just left a node and which
// just landed on one (podChanges), pairing a controller's lost pod with its replacement so the
// graph can draw a faint arc from old to new (trackReplacements), where each laid-out item sits
// in flow coordinates (absoluteBoxes), and which way a workload's count moved (countDirection).
// The CSS does the moving; nothing here runs per frame.

import type { ObjectKey } from '../../protocol/messages';
import type { LayoutItem } from './layout';
import type { PodView } from './model';
import type { SharedMap } from '../../protocol/shared-map';

/** A departure pairs with a replacement that lands within this much real time. */
export const REPLACE_WINDOW_MS = 4000;
/** How long an arc stays (its CSS fades it out over the same time). */
export const ARC_MS = 1000;
/** At most this many arcs at once: a 300-pod rollout must not draw 300. */
export const MAX_ARCS = 20;
/** Departures kept per owner (oldest dropped first). */
const MAX_PER_OWNER = 64;

export interface Point {
  x: number;
  y: number;
}

export interface Box extends Point {
  width: number;
  height: number;
}

/** A controller-owned pod on a node. */
export interface PodMove {
  key: ObjectKey;
  /** The controller owner's uid. */
  owner: string;
  node: string;
}

export interface PodChanges {
  /** Owned pods on a node that were deleted or started terminating. */
  departed: PodMove[];
  /** Owned pods that just got a node: created bound, or scheduled. */
  arrived: PodMove[];
}

const move = (v: PodView): PodMove => ({ key: v.key, owner: v.ownerUid!, node: v.nodeName! });

/**
 * What moved between two pod maps, in key order. The cost follows the change: the maps are two
 * versions of one immutable map (changesSince), and views are cached per object, so an unchanged
 * pod is the same view.
 */
export function podChanges(prev: SharedMap<PodView>, next: SharedMap<PodView>): PodChanges {
  const departed: PodMove[] = [];
  const arrived: PodMove[] = [];
  const changes = next.changesSince(prev).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  for (const { before: p, after: v } of changes) {
    if (!v) {
      if (p && p.ownerUid && p.nodeName && !p.deleting) departed.push(move(p));
      continue;
    }
    if (!v.ownerUid || !v.nodeName) continue;
    if (!v.deleting && (!p || !p.nodeName)) arrived.push(move(v));
    else if (v.deleting && p && !p.deleting) departed.push(move(v));
  }
  return { departed, arrived };
}

interface Departure extends PodMove {
  /** Wall-clock ms when it left. */
  at: number;
  /** Its chip's anchor then, in flow coordinates. */
  from: Point | null;
}

export interface Arc {
  id: string;
  /** The pod that left, and the replacement. */
  fromKey: ObjectKey;
  toKey: ObjectKey;
  fromNode: string;
  toNode: string;
  /** Chip anchors when paired, in flow coordinates. */
  from: Point;
  to: Point;
  /** Wall-clock ms when it goes. */
  until: number;
}

export interface ReplacementState {
  /** Recent departures by owner uid, oldest first. */
  departures: ReadonlyMap<string, readonly Departure[]>;
  arcs: readonly Arc[];
  seq: number;
}

export const emptyReplacements: ReplacementState = { departures: new Map(), arcs: [], seq: 0 };

export interface Positions {
  /** Where a departed pod's chip was (the previous layout, or the current one while it terminates). */
  before(key: ObjectKey): Point | null;
  /** Where an arrived pod's chip is now. */
  now(key: ObjectKey): Point | null;
}

/**
 * Pairs departures with arrivals of the same controller (owner uid) within REPLACE_WINDOW_MS:
 * each arrival takes its owner's oldest unexpired departure and, if both chips are laid out and
 * fewer than MAX_ARCS arcs are showing, gets an arc for ARC_MS. Work is per changed pod, looked
 * up by owner. Returns `state` itself when nothing changed.
 */
export function trackReplacements(
  state: ReplacementState,
  changes: PodChanges,
  now: number,
  positions: Positions,
): ReplacementState {
  let arcs = state.arcs.filter((a) => a.until > now);
  if (arcs.length === state.arcs.length) arcs = state.arcs as Arc[];
  if (changes.departed.length === 0 && changes.arrived.length === 0) {
    return arcs === state.arcs ? state : { ...state, arcs };
  }
  const departures = new Map(state.departures);
  const fresh = new Set<string>();
  /** The owner's list, copied once per call and pruned of expired departures. */
  const listOf = (owner: string): Departure[] => {
    let list = departures.get(owner) as Departure[] | undefined;
    if (!fresh.has(owner)) {
      fresh.add(owner);
      list = (list ?? []).filter((d) => now - d.at <= REPLACE_WINDOW_MS);
      departures.set(owner, list);
    }
    return list!;
  };

  for (const d of changes.departed) {
    const list = listOf(d.owner);
    if (list.some((x) => x.key === d.key)) continue;
    list.push({ ...d, at: now, from: positions.before(d.key) });
    if (list.length > MAX_PER_OWNER) list.shift();
  }
  let seq = state.seq;
  let added: Arc[] | null = null;
  for (const a of changes.arrived) {
    if (!departures.has(a.owner)) continue;
    const list = listOf(a.owner);
    const i = list.findIndex((d) => d.key !== a.key);
    if (i < 0) continue;
    const [d] = list.splice(i, 1);
    const to = positions.now(a.key);
    if (!d.from || !to || arcs.length + (added?.length ?? 0) >= MAX_ARCS) continue;
    (added ??= []).push({
      id: `arc-${++seq}`,
      fromKey: d.key,
      toKey: a.key,
      fromNode: d.node,
      toNode: a.node,
      from: d.from,
      to,
      until: now + ARC_MS,
    });
  }
  for (const owner of fresh) if (departures.get(owner)!.length === 0) departures.delete(owner);
  // owners not touched for a while: sweep when many have piled up
  if (departures.size > 32) {
    for (const [owner, list] of departures) if (list.every((d) => now - d.at > REPLACE_WINDOW_MS)) departures.delete(owner);
  }
  return { departures, arcs: added ? [...arcs, ...added] : arcs, seq };
}

/** Drops arcs whose time is up; the same state when none are. */
export function expireArcs(state: ReplacementState, now: number): ReplacementState {
  const arcs = state.arcs.filter((a) => a.until > now);
  return arcs.length === state.arcs.length ? state : { ...state, arcs };
}

/** Every laid-out item's box in flow coordinates (children are laid out relative to their parent, which comes first). */
export function absoluteBoxes(items: readonly LayoutItem[]): Map<string, Box> {
  const out = new Map<string, Box>();
  for (const item of items) {
    const parent = item.parentId ? out.get(item.parentId) : undefined;
    out.set(item.id, {
      x: item.x + (parent?.x ?? 0),
      y: item.y + (parent?.y ?? 0),
      width: item.width,
      height: item.height,
    });
  }
  return out;
}

/** Where an arc meets a chip: the middle of its top edge (arcs bow upward, clear of its text). */
export function anchor(box: Box): Point {
  return { x: box.x + box.width / 2, y: box.y };
}

/**
 * An arc's SVG path: a quadratic curve from `a` to `b` bowing up (away from the content below)
 * by a quarter of its length, at most 120 units.
 */
export function arcPath(a: Point, b: Point): string {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len = Math.hypot(dx, dy);
  const bow = Math.min(120, len * 0.25);
  // the normal pointing up (negative y), or left for a vertical hop
  let nx = len ? dy / len : 0;
  let ny = len ? -dx / len : -1;
  if (ny > 0 || (ny === 0 && nx > 0)) {
    nx = -nx;
    ny = -ny;
  }
  const cx = (a.x + b.x) / 2 + nx * bow;
  const cy = (a.y + b.y) / 2 + ny * bow;
  const r = (n: number) => Math.round(n * 10) / 10;
  return `M${r(a.x)},${r(a.y)} Q${r(cx)},${r(cy)} ${r(b.x)},${r(b.y)}`;
}

/** The leading number of a count (`3/5` → 3, `2 (1–4)` → 2), and the desired part after a slash. */
function parts(count: string): [number, number] | null {
  const m = /^(\d+)(?:\/(\d+))?/.exec(count);
  return m ? [Number(m[1]), m[2] === undefined ? NaN : Number(m[2])] : null;
}

/**
 * Which way a workload's count moved: by its first number (ready), else by the desired one;
 * null when unchanged or not numeric.
 */
export function countDirection(prev: string, next: string): 'up' | 'down' | null {
  if (prev === next) return null;
  const a = parts(prev);
  const b = parts(next);
  if (!a || !b) return null;
  if (a[0] !== b[0]) return b[0] > a[0] ? 'up' : 'down';
  if (!Number.isNaN(a[1]) && !Number.isNaN(b[1]) && a[1] !== b[1]) return b[1] > a[1] ? 'up' : 'down';
  return null;
}
