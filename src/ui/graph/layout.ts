// layout: deterministic positions for the graph, computed from sorted zone / node / pod names
// only, so an object changing never moves an unrelated one. Zones sit side by side (wrapping
// after ZONES_PER_ROW), node cards in a small grid inside each zone, pod chips in rows inside
// each card; below, the Pending lane and the Workloads lane. Positions of children are relative
// to their parent (React Flow's parentId), sizes are explicit so nothing needs measuring.

import type { ObjectKey } from '../../protocol/messages';
import type { PodCountdown } from '../controlplane/timers';
import { ChipSlots } from './chip-slots';
import { CountHistory, type CountSample } from './history';
import {
  cardTags,
  podOrder,
  statusCounts,
  type GraphModel,
  type NodeView,
  type PodTone,
  type PodView,
  type WorkloadView,
} from './model';
import { appendAll } from '../../k8s/arrays';

export const CHIP_W = 68;
export const CHIP_H = 22;
export const CHIP_GAP = 4;
export const CARD_W = 236;
export const CARD_PAD = 10;
/** Name + pill row, usage bars with their numbers, one timeline line (the heartbeat), tag row. */
export const CARD_HEADER = 130;
/** One more line of a node's timeline (heartbeat.ts): a node in trouble has five (two steps ahead, each with its rule). */
export const TIMELINE_LINE_H = 15;
export const NODE_GAP = 10;
export const ZONE_PAD = 10;
export const ZONE_TITLE = 30;
export const ZONE_GAP = 18;
export const ZONES_PER_ROW = 4;
export const LANE_GAP = 18;
export const LANE_TITLE = 30;
export const LANE_PAD = 10;
export const LANE_MIN_H = 86;
export const WL_W = 150;
export const WL_H = 40;
export const WL_GAP = 8;
export const WL_INDENT = 12;
/** The third line of a CronJob card (schedule, last run) or a StatefulSet card (its members). */
export const WL_DETAIL_H = 17;

/** The one-line card of a CronJob's Job (its history would otherwise make the lane tall). */
export const WL_LINE_H = 24;

/** A workload card's height: taller when it has a detail line, one line for a CronJob's Job. */
export function workloadHeight(w: WorkloadView): number {
  if (w.scheduled) return WL_LINE_H;
  return w.cron || w.members?.length ? WL_H + WL_DETAIL_H : WL_H;
}
export const PENDING_MAX = 8;
/**
 * Workload groups (a Deployment with its ReplicaSets, a CronJob with its Jobs) the lane draws at
 * most; it says how many more there are. React Flow adopts and positions every card on each change
 * of the graph, so at 1,500 Deployments (3,000 cards) that was most of the page's work, and a lane
 * of 3,000 cards is past reading anyway: the namespace filter and kubectl list them. The selected
 * workload's group is drawn whatever its place.
 */
export const WORKLOAD_GROUPS_MAX = 100;
/** A pending row: chip and up to two lines of the scheduler's reason. */
export const PENDING_ROW_H = 30;
export const STATUS_TILE_H = 20;
export const STATUS_TILES_MAX = 8;
/** The sparkline row of an aggregated card or a zone summary. */
export const SPARK_H = 26;
/**
 * Beyond this many pods in view, node cards show per-status counts and a sparkline instead of
 * chips (at 300 pods a card of 50 chips is a column of specks); the selected node keeps its chips.
 */
export const AGGREGATE_ABOVE = 150;
/** Beyond this many pods in view, or this many nodes, zones are summaries until opened. */
export const ZONE_SUMMARY_ABOVE_PODS = 2000;
export const ZONE_SUMMARY_ABOVE_NODES = 60;
/** The zone summary's "Show … pods on nodes" button row. */
export const ZONE_TOGGLE_H = 30;
/** A zone summary's box. */
export const ZONE_SUMMARY_W = CARD_W + 2 * ZONE_PAD;

export const CHIPS_PER_ROW = Math.max(1, Math.floor((CARD_W - 2 * CARD_PAD + CHIP_GAP) / (CHIP_W + CHIP_GAP)));

export type StatusCount = { status: string; tone: PodTone; count: number };
export type ZoneData = {
  zone: string;
  nodes: number;
  ready: number;
  /** Every node's machine is cut off from the control plane (a zone partition). */
  partitioned: boolean;
  /** Zones are summaries (big cluster): this one is one (counts), or is open (`open`). */
  summary?: {
    open: boolean;
    /** The zone holds the selected node (or the selected pod's node), which keeps it open. */
    holdsSelection: boolean;
    pods: number;
    counts: StatusCount[];
    spark: readonly CountSample[];
  };
};
export type NodeCardData = {
  view: NodeView;
  aggregated: boolean;
  counts: StatusCount[] | null;
  /** The node's pod counts over the last minutes (aggregated cards). */
  spark?: readonly CountSample[];
  /** Aggregated view, but this node (selected) shows its chips. */
  expanded?: boolean;
};
export type PodChipData = {
  view: PodView;
  ghost: boolean;
  /** The pod's node reports Ready=Unknown: the API no longer hears from it. */
  nodeUnknown: boolean;
  /** Eviction or crash-loop restart counting down (absolute times; the chip ticks it). */
  countdown?: PodCountdown;
};
export type LaneData = {
  lane: 'pending' | 'workloads';
  title: string;
  meta: string;
  empty: string | null;
};
export type WorkloadData = {
  view: WorkloadView;
};
export type MoreData = {
  text: string;
};

interface Base<T extends string, D> {
  id: string;
  type: T;
  parentId?: string;
  x: number;
  y: number;
  width: number;
  height: number;
  data: D;
}

export type LayoutItem =
  | Base<'zone', ZoneData>
  | Base<'node', NodeCardData>
  | Base<'pod', PodChipData>
  | Base<'pendingPod', PodChipData>
  | Base<'lane', LaneData>
  | Base<'workload', WorkloadData>
  | Base<'more', MoreData>;

export interface GraphLayout {
  items: LayoutItem[];
  width: number;
  height: number;
  aggregated: boolean;
  /** Zones are drawn as summaries until opened. */
  zoneSummaries: boolean;
}

/** How the user looks at the graph (view-state.ts) and the sparklines' memory. */
export interface LayoutOptions {
  /** The node that keeps its chips in the aggregated view: the selected node, or the selected pod's. */
  expandedNode?: string | null;
  /** Zones drawn node by node while zones are summaries. */
  openZones?: ReadonlySet<string>;
  /** The selected object: a workload's group stays drawn beyond WORKLOAD_GROUPS_MAX. */
  selectedKey?: ObjectKey | null;
  /** Records the counts the sparklines draw, at simulated `nowMs`. */
  history?: CountHistory;
  nowMs?: number;
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The first WORKLOAD_GROUPS_MAX groups, and the selected workload's group wherever it is. */
function drawnGroups(groups: WorkloadView[][], selectedKey: ObjectKey | null): WorkloadView[][] {
  if (groups.length <= WORKLOAD_GROUPS_MAX) return groups;
  const drawn = groups.slice(0, WORKLOAD_GROUPS_MAX);
  const selected = selectedKey && groups.slice(WORKLOAD_GROUPS_MAX).find((g) => g.some((w) => w.key === selectedKey));
  if (selected) drawn.push(selected);
  return drawn;
}

/** The line at the end of a lane that says what it leaves out. */
function laneNote(lane: 'pending' | 'workloads', y: number, laneWidth: number, text: string): LayoutItem {
  return {
    id: `more:${lane}`,
    type: 'more',
    parentId: `lane:${lane}`,
    x: LANE_PAD,
    y,
    width: laneWidth - 2 * LANE_PAD,
    height: CHIP_H,
    data: { text },
  };
}

export function zoneId(zone: string): string {
  return `zone:${zone}`;
}

/** Node cards per row inside a zone of n nodes. */
export function zoneColumns(n: number): number {
  return n <= 3 ? 1 : Math.ceil(Math.sqrt(n));
}

export function chipRows(pods: number): number {
  return Math.max(1, Math.ceil(pods / CHIPS_PER_ROW));
}

/** A second row of tags (when they do not fit one) adds this much to the card's header. */
export const TAG_ROW_H = 20;
/** Width of the tag row, and of one character of the tags. 11 px monospace font. */
const TAG_ROW_W = CARD_W - 2 * CARD_PAD;
const TAG_CHAR_W = 6.7;

/** How many rows the tags take (1 or 2; a third would be cut): estimated from their text. */
export function tagRows(texts: readonly string[]): number {
  let x = 0;
  let rows = 1;
  for (const text of texts) {
    const w = Math.min(TAG_ROW_W, text.length * TAG_CHAR_W + 12);
    if (x > 0 && x + w > TAG_ROW_W) {
      rows++;
      x = 0;
    }
    x += w + 4;
  }
  return Math.min(rows, 2);
}

/** The card's header: name, bars, its timeline lines and its tag rows. */
export function cardHeader(rows = 1, timelineLines = 1): number {
  return CARD_HEADER + (rows - 1) * TAG_ROW_H + (timelineLines - 1) * TIMELINE_LINE_H;
}

/** The header of a node's card: a node in trouble explains itself in five lines (heartbeat.ts). */
export function nodeHeader(node: NodeView): number {
  return cardHeader(tagRows(cardTags(node).map((t) => t.text)), node.outlook ? 5 : 1);
}

/** Rows of status tiles, two per row. */
const tileRows = (tiles: number) => Math.max(1, Math.ceil(tiles / 2));

export function nodeCardHeight(pods: number, aggregatedTiles: number | null, header = CARD_HEADER): number {
  if (aggregatedTiles !== null) {
    return header + SPARK_H + tileRows(aggregatedTiles) * (STATUS_TILE_H + CHIP_GAP) - CHIP_GAP + CARD_PAD;
  }
  return header + chipRows(pods) * (CHIP_H + CHIP_GAP) - CHIP_GAP + CARD_PAD;
}

/** Position of the i-th chip inside a node card. */
export function chipPosition(i: number, header = CARD_HEADER): { x: number; y: number } {
  const col = i % CHIPS_PER_ROW;
  const row = Math.floor(i / CHIPS_PER_ROW);
  return { x: CARD_PAD + col * (CHIP_W + CHIP_GAP), y: header + row * (CHIP_H + CHIP_GAP) };
}

/** Adds ghosts (recently deleted pods) to a sorted pod list, keeping the order by name. */
function withGhosts(list: readonly PodView[], ghosts: readonly PodView[]): { view: PodView; ghost: boolean }[] {
  const out = list.map((view) => ({ view, ghost: false }));
  if (ghosts.length === 0) return out;
  for (const g of ghosts) out.push({ view: g, ghost: true });
  return out.sort((a, b) => podOrder(a.view, b.view));
}

/** Counts and samples per list of pods: a node's list is the same array while its pods are (IncrementalModel). */
const countsCache = new WeakMap<readonly PodView[], StatusCount[]>();
const cappedCache = new WeakMap<readonly PodView[], StatusCount[]>();
const samplesCache = new WeakMap<readonly PodView[], CountSample>();

/** Per-status counts of a list of pods, every status. */
function allCounts(pods: readonly PodView[]): StatusCount[] {
  let counts = countsCache.get(pods);
  if (!counts) countsCache.set(pods, (counts = statusCounts(pods)));
  return counts;
}

/** At most STATUS_TILES_MAX tiles (the rest as `other`). */
function capped(all: StatusCount[]): StatusCount[] {
  if (all.length <= STATUS_TILES_MAX) return all;
  const rest = all.slice(STATUS_TILES_MAX - 1).reduce((sum, c) => sum + c.count, 0);
  return [...all.slice(0, STATUS_TILES_MAX - 1), { status: 'other', tone: 'unknown' as const, count: rest }];
}

/** Per-status counts, at most STATUS_TILES_MAX tiles (the rest as `other`). */
function cappedCounts(pods: readonly PodView[]): StatusCount[] {
  let counts = cappedCache.get(pods);
  if (!counts) cappedCache.set(pods, (counts = capped(allCounts(pods))));
  return counts;
}

/** A sparkline sample of pods: all, Running and Ready, failing. */
function sampleOf(pods: readonly PodView[]): CountSample {
  const hit = samplesCache.get(pods);
  if (hit) return hit;
  let ok = 0;
  let bad = 0;
  for (const p of pods) {
    if (p.tone === 'ok') ok++;
    else if (p.tone === 'bad') bad++;
  }
  const sample = { total: pods.length, ok, bad };
  samplesCache.set(pods, sample);
  return sample;
}

/**
 * A zone's counts and sample: its nodes' (cached per node) added up, so a zone summary costs its
 * nodes, not their pods. A status takes the tone of its first pod, node by node, as counting the
 * zone's pods in that order would.
 */
function zoneTotals(lists: readonly (readonly PodView[])[]): { counts: StatusCount[]; sample: CountSample } {
  const byStatus = new Map<string, StatusCount>();
  const sample = { total: 0, ok: 0, bad: 0 };
  for (const pods of lists) {
    for (const c of allCounts(pods)) {
      const hit = byStatus.get(c.status);
      if (hit) hit.count += c.count;
      else byStatus.set(c.status, { ...c });
    }
    const s = sampleOf(pods);
    sample.total += s.total;
    sample.ok += s.ok;
    sample.bad += s.bad;
  }
  const all = [...byStatus.values()].sort((a, b) => b.count - a.count || byName(a.status, b.status));
  return { counts: capped(all), sample };
}

/** A zone summary's height for `tiles` status tiles. */
export function zoneSummaryHeight(tiles: number): number {
  return ZONE_TITLE + SPARK_H + tileRows(tiles) * (STATUS_TILE_H + CHIP_GAP) - CHIP_GAP + ZONE_TOGGLE_H + ZONE_PAD;
}

/**
 * `slots` remembers chip places between calls (see chip-slots.ts); without it chips are packed in
 * name order, which is also where a fresh memory puts them. Level of detail: up to AGGREGATE_ABOVE
 * pods every pod is a chip; beyond, node cards show counts and a sparkline (the expanded node
 * keeps its chips); beyond ZONE_SUMMARY_ABOVE_* zones are one summary each until opened.
 */
export function layoutGraph(
  model: GraphModel,
  ghostList: readonly PodView[] = [],
  countdowns: ReadonlyMap<ObjectKey, PodCountdown> = new Map(),
  slots: ChipSlots = new ChipSlots(),
  options: LayoutOptions = {},
): GraphLayout {
  const items: LayoutItem[] = [];
  const aggregated = model.pods.size > AGGREGATE_ABOVE;
  const zoneSummaries = model.pods.size > ZONE_SUMMARY_ABOVE_PODS || model.nodes.length > ZONE_SUMMARY_ABOVE_NODES;
  const { expandedNode = null, openZones = new Set<string>(), history, nowMs = 0, selectedKey = null } = options;
  const ghosts = ghostList.filter((g) => !model.pods.has(g.key) && (!aggregated || g.nodeName === expandedNode));
  const ghostsByNode = new Map<string, PodView[]>();
  const pendingGhosts: PodView[] = [];
  for (const g of ghosts) {
    if (!g.nodeName) pendingGhosts.push(g);
    else {
      let list = ghostsByNode.get(g.nodeName);
      if (!list) ghostsByNode.set(g.nodeName, (list = []));
      list.push(g);
    }
  }
  const spark = (key: string, sample: CountSample) => (history ? history.record(key, nowMs, sample) : []);

  // ---- zones and nodes ----
  const zones = new Map<string, NodeView[]>();
  slots.retainNodes(new Set(model.nodes.map((n) => n.name)));
  for (const n of model.nodes) {
    let list = zones.get(n.zone);
    if (!list) zones.set(n.zone, (list = []));
    list.push(n);
  }
  const zoneNames = [...zones.keys()].sort((a, b) => (a === '' ? 1 : b === '' ? -1 : byName(a, b)));
  if (history) history.retain(new Set([...model.nodes.map((n) => n.name), ...zoneNames.map(zoneId)]));

  let zx = 0;
  let zy = 0;
  let rowH = 0;
  let zonesW = 0;
  zoneNames.forEach((zone, zi) => {
    if (zi > 0 && zi % ZONES_PER_ROW === 0) {
      zx = 0;
      zy += rowH + ZONE_GAP;
      rowH = 0;
    }
    const nodes = zones.get(zone)!;
    const base: ZoneData = {
      zone,
      nodes: nodes.length,
      ready: nodes.filter((n) => n.condition === 'Ready').length,
      partitioned: nodes.every((n) => !n.reachable),
    };
    const holdsSelection = nodes.some((n) => n.name === expandedNode);
    const open = !zoneSummaries || openZones.has(zone) || holdsSelection;
    if (zoneSummaries) {
      const { counts, sample } = zoneTotals(nodes.map((n) => model.podsByNode.get(n.name) ?? []));
      base.summary = { open, holdsSelection, pods: sample.total, counts: open ? [] : counts, spark: spark(zoneId(zone), sample) };
    }
    if (!open) {
      const zoneItem: LayoutItem = {
        id: zoneId(zone),
        type: 'zone',
        x: zx,
        y: zy,
        width: ZONE_SUMMARY_W,
        height: zoneSummaryHeight(base.summary!.counts.length),
        data: base,
      };
      items.push(zoneItem);
      rowH = Math.max(rowH, zoneItem.height);
      zx += zoneItem.width + ZONE_GAP;
      zonesW = Math.max(zonesW, zx - ZONE_GAP);
      return;
    }
    const cols = zoneColumns(nodes.length);
    const zoneItem: LayoutItem = { id: zoneId(zone), type: 'zone', x: zx, y: zy, width: 0, height: 0, data: base };
    items.push(zoneItem);
    const cards: {
      node: NodeView;
      pods: { view: PodView; ghost: boolean }[];
      slots: number[];
      header: number;
      h: number;
      data: NodeCardData;
    }[] = [];
    for (const node of nodes) {
      const bound = model.podsByNode.get(node.name) ?? [];
      const header = nodeHeader(node);
      if (aggregated && node.name !== expandedNode) {
        const counts = cappedCounts(bound);
        const data: NodeCardData = { view: node, aggregated, counts, spark: spark(node.name, sampleOf(bound)) };
        cards.push({ node, pods: [], slots: [], header, h: nodeCardHeight(0, counts.length, header), data });
      } else {
        const pods = withGhosts(bound, ghostsByNode.get(node.name) ?? []);
        const places = slots.assign(
          node.name,
          pods.map((p) => p.view.key),
          CHIPS_PER_ROW,
        );
        const span = places.reduce((m, s) => Math.max(m, s + 1), 0);
        const data: NodeCardData = aggregated
          ? { view: node, aggregated, counts: null, spark: spark(node.name, sampleOf(bound)), expanded: true }
          : { view: node, aggregated, counts: null };
        cards.push({ node, pods, slots: places, header, h: nodeCardHeight(span, null, header), data });
      }
    }
    let y = ZONE_TITLE;
    for (let r = 0; r * cols < cards.length; r++) {
      const row = cards.slice(r * cols, r * cols + cols);
      const h = Math.max(...row.map((c) => c.h));
      row.forEach((c, ci) => {
        const id = c.node.key;
        items.push({
          id,
          type: 'node',
          parentId: zoneItem.id,
          x: ZONE_PAD + ci * (CARD_W + NODE_GAP),
          y,
          width: CARD_W,
          height: h,
          data: c.data,
        });
        const nodeUnknown = c.node.condition === 'Unknown';
        c.pods.forEach((p, i) => {
          const pos = chipPosition(c.slots[i], c.header);
          const countdown = p.ghost ? undefined : countdowns.get(p.view.key);
          items.push({
            id: p.view.key,
            type: 'pod',
            parentId: id,
            x: pos.x,
            y: pos.y,
            width: CHIP_W,
            height: CHIP_H,
            data: { view: p.view, ghost: p.ghost, nodeUnknown, ...(countdown ? { countdown } : {}) },
          });
        });
      });
      y += h + NODE_GAP;
    }
    zoneItem.width = 2 * ZONE_PAD + cols * CARD_W + (cols - 1) * NODE_GAP;
    zoneItem.height = y - NODE_GAP + ZONE_PAD;
    rowH = Math.max(rowH, zoneItem.height);
    zx += zoneItem.width + ZONE_GAP;
    zonesW = Math.max(zonesW, zx - ZONE_GAP);
  });
  const zonesH = zoneNames.length ? zy + rowH : 0;

  // ---- lanes ----
  const totalW = Math.max(zonesW, 640);
  const laneY = zonesH ? zonesH + LANE_GAP : 0;
  const pendingW = Math.round(totalW * 0.32);
  const workloadsW = totalW - pendingW - LANE_GAP;

  // Pending lane: one row per pod, chip + the scheduler's reason.
  const pendingItems: LayoutItem[] = [];
  const pending = withGhosts(model.pending, pendingGhosts);
  const shown = pending.slice(0, PENDING_MAX);
  let py = LANE_TITLE;
  for (const p of shown) {
    pendingItems.push({
      id: p.view.key,
      type: 'pendingPod',
      parentId: 'lane:pending',
      x: LANE_PAD,
      y: py,
      width: pendingW - 2 * LANE_PAD,
      height: PENDING_ROW_H,
      data: { view: p.view, ghost: p.ghost, nodeUnknown: false },
    });
    py += PENDING_ROW_H + CHIP_GAP;
  }
  if (pending.length > shown.length) {
    pendingItems.push(laneNote('pending', py, pendingW, `+${pending.length - shown.length} more pending`));
    py += CHIP_H + CHIP_GAP;
  }
  const pendingH = py - CHIP_GAP + LANE_PAD;

  // Workloads lane: a Deployment with its ReplicaSets (a CronJob with its Jobs) stacked below it forms one group; groups
  // flow into columns left to right.
  const groups: WorkloadView[][] = [];
  for (const w of model.workloads) {
    if (w.parentKey && groups.length && groups[groups.length - 1][0].key === w.parentKey) groups[groups.length - 1].push(w);
    else groups.push([w]);
  }
  const drawn = drawnGroups(groups, selectedKey);
  const cols = Math.max(1, Math.floor((workloadsW - 2 * LANE_PAD + WL_GAP) / (WL_W + WL_GAP)));
  const workloadItems: LayoutItem[] = [];
  let wy = LANE_TITLE;
  for (let r = 0; r * cols < drawn.length; r++) {
    const row = drawn.slice(r * cols, r * cols + cols);
    let h = 0;
    row.forEach((group, ci) => {
      let gy = 0;
      group.forEach((w, gi) => {
        const indent = gi > 0 ? WL_INDENT : 0;
        const height = workloadHeight(w);
        workloadItems.push({
          id: w.key,
          type: 'workload',
          parentId: 'lane:workloads',
          x: LANE_PAD + ci * (WL_W + WL_GAP) + indent,
          y: wy + gy,
          width: WL_W - indent,
          height,
          data: { view: w },
        });
        gy += height + WL_GAP;
      });
      h = Math.max(h, gy - WL_GAP);
    });
    wy += h + WL_GAP;
  }
  const hiddenWorkloads = model.workloads.length - drawn.reduce((n, g) => n + g.length, 0);
  if (hiddenWorkloads > 0) {
    workloadItems.push(
      laneNote('workloads', wy, workloadsW, `+${hiddenWorkloads.toLocaleString('en-US')} more workloads (kubectl get all)`),
    );
    wy += CHIP_H + WL_GAP;
  }
  const workloadsH = groups.length ? wy - WL_GAP + LANE_PAD : 0;
  const laneH = Math.max(LANE_MIN_H, pendingH, workloadsH);

  const unschedulable = model.pending.length;
  items.push({
    id: 'lane:pending',
    type: 'lane',
    x: 0,
    y: laneY,
    width: pendingW,
    height: laneH,
    data: {
      lane: 'pending',
      title: 'Pending',
      meta: unschedulable ? `${unschedulable} unscheduled` : '',
      empty: pending.length ? null : 'No unscheduled pods',
    },
  });
  appendAll(items, pendingItems);
  items.push({
    id: 'lane:workloads',
    type: 'lane',
    x: pendingW + LANE_GAP,
    y: laneY,
    width: workloadsW,
    height: laneH,
    data: {
      lane: 'workloads',
      title: 'Workloads',
      meta: model.workloads.length ? `${model.workloads.length}` : '',
      empty: model.workloads.length ? null : 'No workloads yet — try kubectl create deployment web --image=nginx --replicas=3',
    },
  });
  appendAll(items, workloadItems);

  return { items, width: totalW, height: laneY + laneH, aggregated, zoneSummaries };
}

/** The ids of everything laid out, for filtering edges. */
export function layoutIds(layout: GraphLayout): Set<ObjectKey> {
  return new Set(layout.items.map((i) => i.id));
}
