// framework.NodeInfo maintenance (pkg/scheduler/framework/types.go): a node, the pods assigned or
// assumed on it, their summed requests, the host ports they hold, and a generation.
//
// Every mutation goes through these functions so that three things stay true:
//  - `generation` comes from one process-wide counter (upstream's nextGeneration()), so a
//    (node name, generation) pair identifies a node's content for per-node caches;
//  - each change is appended to a change journal (node name, generations before/after, and the
//    pod for a single pod added/removed). Plugin indexes (PodTopologySpread and InterPodAffinity
//    counts per topology domain, ImageLocality) replay it to update only what changed since they
//    last looked, instead of rescanning every pod of the cluster;
//  - hidden copies of hot data kept on the NodeInfo object (not in the NodeInfo interface: a
//    node slot, the resource numbers in one small Float64Array, labels, hostname/zone label,
//    taints, unschedulable, image ids) match the public fields. The plugins read those copies
//    through the accessors below, which derive them for a NodeInfo built elsewhere.
// Code outside this module must not mutate a NodeInfo's fields directly; copy with cloneNodeInfo.

import { namespacedLabels } from '../../../k8s/labels';
import type { KObject, Taint } from '../../../k8s/types';
import { podHasAffinity, podHasRequiredAntiAffinity, podLabels, podNamespace } from './pod-info';
import {
  addResource,
  cloneResource,
  emptyResource,
  memoByObjects,
  nodeAllocatable,
  soleContainerKey,
  subtractResource,
} from './resources';
import type { NodeInfo, PodInfo, Resource } from './types';
import { StringInterner } from '../../runtime/string-interner';

let generationCounter = 0;

/** nextGeneration(): a process-wide, strictly increasing generation. */
export function nextGeneration(): number {
  return ++generationCounter;
}

// ---------------------------------------------------------------------------
// Change journal
// ---------------------------------------------------------------------------

/** One journal entry: a NodeInfo changed from generation `before` to `after`. */
export interface NodeChange {
  readonly name: string;
  /** nodeSlot of the name. */
  readonly slot: number;
  readonly before: number;
  readonly after: number;
  /** Set when the change was exactly one pod added (delta 1) or removed (delta −1). */
  readonly pod?: PodInfo;
  readonly delta?: 1 | -1;
}

/**
 * How many entries are kept: 64 per node, at least 4,096, at most 65,536 (from 1,024 nodes). An index that fell
 * further behind rebuilds (O(nodes)); entries hold their pods, so in a small cluster running for
 * hours a big journal would mostly keep deleted pods alive.
 */
const JOURNAL_MAX = 1 << 16;
const JOURNAL_MIN = 1 << 12;
const JOURNAL_PER_NODE = 64;
let journalLimit = JOURNAL_MAX;
let journal: NodeChange[] = [];
/** Absolute position of journal[0]. */
let journalBase = 0;

/** Sizes the journal for a cluster of `nodeCount` nodes (the scheduler's cache calls it). */
export function sizeJournalFor(nodeCount: number): void {
  journalLimit = Math.min(JOURNAL_MAX, Math.max(JOURNAL_MIN, nodeCount * JOURNAL_PER_NODE));
}

function record(change: NodeChange): void {
  if (journal.length >= journalLimit) {
    // keep the newest half of the limit
    const drop = journal.length - (journalLimit >> 1);
    journal = journal.slice(drop);
    journalBase += drop;
  }
  journal.push(change);
}

function touch(info: NodeInfo, pod?: PodInfo, delta?: 1 | -1): void {
  const before = info.generation;
  const after = nextGeneration();
  (info as { generation: number }).generation = after;
  const slot = nodeSlot(info);
  record(pod === undefined ? { name: info.name, slot, before, after } : { name: info.name, slot, before, after, pod, delta });
}

/**
 * Drops every entry: each follower rebuilds on its next refresh, as when it falls behind. The
 * journal is process-wide and its entries hold PodInfos (with their pods), so a new scheduler —
 * a cluster reset in the page — clears it rather than keep the old cluster's pods alive.
 */
export function clearJournal(): void {
  journalBase += journal.length;
  journal = [];
}

/** The journal position after the latest change (a cursor for changedNodesSince). */
export function journalPosition(): number {
  return journalBase + journal.length;
}

/**
 * Calls `visit` with every change recorded since `position`, in order, and returns the new
 * position; returns -1 without visiting when the entries since `position` were already discarded
 * (the caller must then rebuild from scratch).
 */
export function changedNodesSince(position: number, visit: (change: NodeChange) => void): number {
  if (position < journalBase) return -1;
  const end = journalBase + journal.length;
  for (let i = position - journalBase, n = journal.length; i < n; i++) visit(journal[i]);
  return end;
}

// ---------------------------------------------------------------------------
// NodeInfo
// ---------------------------------------------------------------------------

// ---------------------------------------------------------------------------
// Node slots: a small integer per node name, for per-node arrays in the plugin indexes
// ---------------------------------------------------------------------------

const slotByName = new Map<string, number>();
const slotNames: string[] = [];

/** The slot of a node name (assigned on first use, never reused for another name). */
export function slotOfName(name: string): number {
  let slot = slotByName.get(name);
  if (slot === undefined) {
    slot = slotNames.length;
    slotNames.push(name);
    slotByName.set(name, slot);
  }
  return slot;
}

/** The node name of a slot. */
export function nameOfSlot(slot: number): string {
  return slotNames[slot];
}

// ---------------------------------------------------------------------------
// NodeInfo
// ---------------------------------------------------------------------------

/**
 * Indexes into nodeHot(info): the numbers the resource plugins read per node, in one 8-slot
 * Float64Array (small enough for V8 to keep its data inline with the array object).
 */
/** allocatable pods − pods on the node. */
export const HOT_FREE_PODS = 0;
export const HOT_ALLOC_CPU = 1;
export const HOT_ALLOC_MEM = 2;
export const HOT_REQ_CPU = 3;
export const HOT_REQ_MEM = 4;
/** allocatable − requested ephemeral-storage. */
export const HOT_FREE_EPH = 5;
export const HOT_NZ_CPU = 6;
export const HOT_NZ_MEM = 7;
const HOT_SIZE = 8;

interface MutableNodeInfo {
  name: string;
  node: KObject;
  pods: PodInfo[];
  podsWithAffinity: PodInfo[];
  podsWithRequiredAntiAffinity: PodInfo[];
  requested: Resource;
  nonZeroRequested: Resource;
  allocatable: Resource;
  usedPorts: Set<string>;
  generation: number;
  // Not part of the NodeInfo interface: copies of hot data laid out for the plugins' per-node work.
  slot: number;
  hot: Float64Array;
  labels: Record<string, string> | undefined;
  /** kubernetes.io/hostname and topology.kubernetes.io/zone label values (system default spreading). */
  hostnameLabel: string | undefined;
  zoneLabel: string | undefined;
  taints: Taint[] | undefined;
  unschedulable: boolean;
  imageNames: Set<string>;
  imageIds: Int32Array;
  /**
   * How many of the node's pods carry each `namespace␀key=value` label (namespacedLabel); undefined
   * for a NodeInfo built elsewhere (tests), which then never rules a node out (nodeMayHavePodLabel).
   */
  podLabelCounts: Map<string, number> | undefined;
  /** Counted in nodesWithPodLabel (a NodeInfo of newNodeInfo; copies are not). */
  primary: boolean;
}

export const LABEL_HOSTNAME = 'kubernetes.io/hostname';
export const LABEL_ZONE = 'topology.kubernetes.io/zone';

function labelOf(labels: Record<string, string> | undefined, key: string): string | undefined {
  if (labels === undefined) return undefined;
  const v = labels[key];
  // Object.prototype has no string-valued properties: a string is an own label.
  return typeof v === 'string' ? v : undefined;
}

/**
 * Zone values as one string object per value (each Node object carries its own copy): the
 * per-domain maps of the spreading indexes look zones up node after node, and a shared string
 * compares by identity and stays in cache.
 */
const zoneValues = new StringInterner(4096);

function internZone(value: string | undefined): string | undefined {
  return value === undefined ? undefined : zoneValues.intern(value);
}

function setNodeFields(m: MutableNodeInfo, node: KObject): void {
  m.node = node;
  m.allocatable = nodeAllocatable(node);
  m.labels = node.metadata.labels;
  m.hostnameLabel = labelOf(m.labels, LABEL_HOSTNAME);
  m.zoneLabel = internZone(labelOf(m.labels, LABEL_ZONE));
  const taints = node.spec?.taints as Taint[] | undefined;
  m.taints = taints && taints.length > 0 ? taints : undefined;
  m.unschedulable = node.spec?.unschedulable === true;
  m.imageNames = imageNamesOf(node);
  m.imageIds = imageIdsOf(m.imageNames);
  fillHotTotals(m);
}

/** NewNodeInfo + SetNode(node). */
export function newNodeInfo(node: KObject): NodeInfo {
  const name = node.metadata.name ?? '';
  const info: MutableNodeInfo = {
    name,
    node,
    pods: [],
    podsWithAffinity: [],
    podsWithRequiredAntiAffinity: [],
    requested: emptyResource(),
    nonZeroRequested: emptyResource(),
    allocatable: nodeAllocatable(node),
    usedPorts: new Set(),
    generation: 0,
    slot: slotOfName(name),
    hot: new Float64Array(HOT_SIZE),
    labels: undefined,
    hostnameLabel: undefined,
    zoneLabel: undefined,
    taints: undefined,
    unschedulable: false,
    imageNames: NO_IMAGES,
    imageIds: NO_IDS,
    podLabelCounts: new Map(),
    primary: true,
  };
  setNodeFields(info, node);
  touch(info);
  return info;
}

/** SetNode: a new version of the node object (labels, taints, allocatable may have changed). */
export function setNode(info: NodeInfo, node: KObject): void {
  const m = info as Partial<MutableNodeInfo>;
  if (m.hot !== undefined) {
    setNodeFields(m as MutableNodeInfo, node);
  } else {
    m.node = node;
    m.allocatable = nodeAllocatable(node);
  }
  touch(info);
}

/**
 * Marks a NodeInfo as gone (RemoveNode): bumps its generation and records the change so indexes
 * drop the node. The caller removes it from its cache/snapshot.
 */
export function removeNode(info: NodeInfo): void {
  touch(info);
}

const NO_IMAGES = new Set<string>();
const imageNamesCache = new WeakMap<object, Set<string>>();

function imageNamesOf(node: KObject): Set<string> {
  const images = node.status?.images as { names?: string[] }[] | undefined;
  if (!Array.isArray(images) || images.length === 0) return NO_IMAGES;
  let set = imageNamesCache.get(images);
  if (!set) {
    set = new Set();
    for (const img of images) for (const n of img?.names ?? []) set.add(n);
    imageNamesCache.set(images, set);
  }
  return set;
}

const NO_IDS = new Int32Array(0);
const imageIdByName = new Map<string, number>();
const imageIdsCache = new WeakMap<Set<string>, Int32Array>();

/** A process-wide small integer for an image name (ImageLocality compares ids, not strings). */
export function imageId(name: string): number {
  let id = imageIdByName.get(name);
  if (id === undefined) {
    id = imageIdByName.size;
    imageIdByName.set(name, id);
  }
  return id;
}

function imageIdsOf(names: Set<string>): Int32Array {
  if (names.size === 0) return NO_IDS;
  let ids = imageIdsCache.get(names);
  if (!ids) {
    ids = Int32Array.from(names, imageId);
    imageIdsCache.set(names, ids);
  }
  return ids;
}

const foreign = new WeakMap<NodeInfo, MutableNodeInfo>();

/**
 * The NodeInfo with its hidden fields. A NodeInfo built elsewhere (not by newNodeInfo or
 * cloneNodeInfo) gets them derived, once per generation.
 */
function internals(info: NodeInfo): MutableNodeInfo {
  const m = info as Partial<MutableNodeInfo>;
  if (m.hot !== undefined) return m as MutableNodeInfo;
  let d = foreign.get(info);
  if (d === undefined || d.generation !== info.generation) {
    d = {
      ...(info as NodeInfo),
      slot: slotOfName(info.name),
      hot: new Float64Array(HOT_SIZE),
      labels: undefined,
      hostnameLabel: undefined,
      zoneLabel: undefined,
      taints: undefined,
      unschedulable: false,
      imageNames: NO_IMAGES,
      imageIds: NO_IDS,
      podLabelCounts: undefined,
      primary: false,
    } as MutableNodeInfo;
    setNodeFields(d, info.node);
    d.allocatable = info.allocatable;
    fillHotTotals(d);
    foreign.set(info, d);
  }
  return d;
}

function fillHotTotals(m: MutableNodeInfo): void {
  const h = m.hot;
  h[HOT_FREE_PODS] = m.allocatable.allowedPodNumber - m.pods.length;
  h[HOT_ALLOC_CPU] = m.allocatable.milliCPU;
  h[HOT_ALLOC_MEM] = m.allocatable.memory;
  h[HOT_REQ_CPU] = m.requested.milliCPU;
  h[HOT_REQ_MEM] = m.requested.memory;
  h[HOT_FREE_EPH] = m.allocatable.ephemeralStorage - m.requested.ephemeralStorage;
  h[HOT_NZ_CPU] = m.nonZeroRequested.milliCPU;
  h[HOT_NZ_MEM] = m.nonZeroRequested.memory;
}

/** The node's slot (see slotOfName). */
export function nodeSlot(info: NodeInfo): number {
  const s = (info as Partial<MutableNodeInfo>).slot;
  return s !== undefined ? s : slotOfName(info.name);
}

/** Free pod slots, allocatable, requested and non-zero requested numbers (HOT_* indexes). Read only. */
export function nodeHot(info: NodeInfo): Float64Array {
  return internals(info).hot;
}

/** The node object's labels. */
export function nodeLabels(info: NodeInfo): Record<string, string> | undefined {
  return internals(info).labels;
}

/**
 * The value of one node label, or undefined. The hostname and zone labels are read from fields
 * kept with the NodeInfo (a keyed lookup on label objects of many shapes is comparatively slow).
 */
export function nodeLabel(info: NodeInfo, key: string): string | undefined {
  const m = internals(info);
  if (key === LABEL_HOSTNAME) return m.hostnameLabel;
  if (key === LABEL_ZONE) return m.zoneLabel;
  return labelOf(m.labels, key);
}

/** The node's taints (undefined when it has none). */
export function nodeTaints(info: NodeInfo): Taint[] | undefined {
  return internals(info).taints;
}

/** spec.unschedulable. */
export function nodeUnschedulable(info: NodeInfo): boolean {
  return internals(info).unschedulable;
}

/** The image names the node reports (status.images[].names). */
export function nodeImageNames(info: NodeInfo): Set<string> {
  return internals(info).imageNames;
}

/** The imageId of every name in nodeImageNames(info). */
export function nodeImageIds(info: NodeInfo): Int32Array {
  return internals(info).imageIds;
}

/** `protocol/hostIP/port` with upstream's sanitising (empty IP → 0.0.0.0, empty protocol → TCP). */
export function hostPortKey(protocol: string | undefined, hostIP: string | undefined, port: number): string {
  return `${protocol || 'TCP'}/${hostIP || '0.0.0.0'}/${port}`;
}

export interface HostPort {
  protocol: string;
  hostIP: string;
  hostPort: number;
}

const hostPortsCache = new WeakMap<object, unknown>();
const NO_PORTS: HostPort[] = [];

/**
 * util.GetHostPorts: host ports (hostPort > 0) of sidecars (init containers with restartPolicy
 * Always) and containers, sanitised. Memoised per (containers' ports, initContainers) objects.
 */
export function podHostPorts(pod: KObject): HostPort[] {
  const spec = pod.spec;
  if (!spec || typeof spec !== 'object') return NO_PORTS;
  return memoByObjects(hostPortsCache, [soleContainerKey(spec, 'ports'), spec.initContainers], () => {
    const ports: HostPort[] = [];
    const collect = (c: any) => {
      for (const p of c?.ports ?? []) {
        if (typeof p?.hostPort === 'number' && p.hostPort > 0) {
          ports.push({ protocol: p.protocol || 'TCP', hostIP: p.hostIP || '0.0.0.0', hostPort: p.hostPort });
        }
      }
    };
    for (const c of spec.initContainers ?? []) if (c?.restartPolicy === 'Always') collect(c);
    for (const c of spec.containers ?? []) collect(c);
    return ports.length === 0 ? NO_PORTS : ports;
  });
}

/** HostPortInfo.CheckConflict: 0.0.0.0 conflicts with any IP on the same protocol/port. */
export function hostPortConflicts(used: Set<string>, port: HostPort): boolean {
  if (used.size === 0 || port.hostPort <= 0) return false;
  if (port.hostIP === '0.0.0.0') {
    const suffix = `/${port.hostPort}`;
    const prefix = `${port.protocol}/`;
    for (const key of used) if (key.startsWith(prefix) && key.endsWith(suffix)) return true;
    return false;
  }
  return (
    used.has(hostPortKey(port.protocol, '0.0.0.0', port.hostPort)) ||
    used.has(hostPortKey(port.protocol, port.hostIP, port.hostPort))
  );
}

function updateResources(m: MutableNodeInfo, pi: PodInfo, sign: 1 | -1): void {
  if (sign === 1) {
    addResource(m.requested, pi.requests);
    m.nonZeroRequested.milliCPU += pi.nonZeroRequests.milliCPU;
    m.nonZeroRequested.memory += pi.nonZeroRequests.memory;
  } else {
    subtractResource(m.requested, pi.requests);
    m.nonZeroRequested.milliCPU -= pi.nonZeroRequests.milliCPU;
    m.nonZeroRequested.memory -= pi.nonZeroRequests.memory;
  }
  fillHotTotals(m);
}

/** AddPod: O(1) plus the pod's host ports. */
export function addPod(info: NodeInfo, pi: PodInfo): void {
  const m = internals(info);
  m.pods.push(pi);
  if (podHasAffinity(pi)) m.podsWithAffinity.push(pi);
  if (podHasRequiredAntiAffinity(pi)) m.podsWithRequiredAntiAffinity.push(pi);
  updateResources(m, pi, 1);
  countPodLabels(m, pi, 1);
  const ports = podHostPorts(pi.pod);
  for (let i = 0; i < ports.length; i++) m.usedPorts.add(hostPortKey(ports[i].protocol, ports[i].hostIP, ports[i].hostPort));
  touch(info, pi, 1);
}

function removeByUid(list: PodInfo[], uid: string | undefined, pod: KObject): PodInfo | undefined {
  for (let i = 0; i < list.length; i++) {
    const p = list[i].pod;
    if (p === pod || (uid !== undefined && p.metadata.uid === uid)) {
      const found = list[i];
      // Upstream swaps the last element in (order is not preserved).
      list[i] = list[list.length - 1];
      list.pop();
      return found;
    }
  }
  return undefined;
}

/**
 * RemovePod (by uid, or by identity for uid-less test pods): O(pods on the node). Returns false
 * when the pod was not on the node (nothing changes then).
 */
export function removePod(info: NodeInfo, pod: KObject): boolean {
  const m = internals(info);
  const uid = pod.metadata.uid;
  const removed = removeByUid(m.pods, uid, pod);
  if (!removed) return false;
  removeByUid(m.podsWithAffinity, uid, pod);
  removeByUid(m.podsWithRequiredAntiAffinity, uid, pod);
  updateResources(m, removed, -1);
  countPodLabels(m, removed, -1);
  const ports = podHostPorts(removed.pod);
  for (let i = 0; i < ports.length; i++) m.usedPorts.delete(hostPortKey(ports[i].protocol, ports[i].hostIP, ports[i].hostPort));
  touch(info, removed, -1);
  return true;
}

function countPodLabels(m: MutableNodeInfo, pi: PodInfo, delta: 1 | -1): void {
  const counts = m.podLabelCounts;
  if (counts === undefined) return;
  const keys = namespacedLabels(podNamespace(pi), podLabels(pi));
  for (let i = 0; i < keys.length; i++) {
    const n = (counts.get(keys[i]) ?? 0) + delta;
    if (n > 0) counts.set(keys[i], n);
    else counts.delete(keys[i]);
    // The node starts (1) or stops (0) carrying the label.
    if (m.primary && n === (delta > 0 ? 1 : 0)) {
      const holders = (nodesWithPodLabel.get(keys[i]) ?? 0) + delta;
      if (holders > 0) nodesWithPodLabel.set(keys[i], holders);
      else nodesWithPodLabel.delete(keys[i]);
    }
  }
}

/**
 * Per `namespacedLabel`: how many NodeInfos of newNodeInfo (process-wide) have a pod carrying it.
 * Absent: none has, so nodeMayHavePodLabel can answer without reading the node's own counts —
 * the common case for a new workload's selector, whose first count visits every node. A NodeInfo
 * dropped with pods on it stays counted, which only makes the answer "may" more often.
 */
const nodesWithPodLabel = new Map<string, number>();

/**
 * Whether one of the node's pods may carry the label (a `namespacedLabel`): false only when none
 * does. Lets a per-node count skip a node without looking at its pods.
 */
export function nodeMayHavePodLabel(info: NodeInfo, labelKey: string): boolean {
  const m = internals(info);
  const counts = m.podLabelCounts;
  if (counts === undefined) return true;
  if (m.primary && !nodesWithPodLabel.has(labelKey)) return false;
  return counts.has(labelKey);
}

/**
 * NodeInfo.Snapshot(): an independent copy (pod lists and totals copied, pod infos shared) with
 * the same generation, like upstream. The copy is recorded in the journal too, so that a snapshot
 * refreshed by cloning the cache's NodeInfos is always seen by the plugin indexes (an unchanged
 * generation makes that a no-op for them).
 */
export function cloneNodeInfo(info: NodeInfo): NodeInfo {
  const m = internals(info);
  const c: MutableNodeInfo = {
    name: info.name,
    node: info.node,
    pods: info.pods.slice(),
    podsWithAffinity: info.podsWithAffinity.slice(),
    podsWithRequiredAntiAffinity: info.podsWithRequiredAntiAffinity.slice(),
    requested: cloneResource(info.requested),
    nonZeroRequested: cloneResource(info.nonZeroRequested),
    allocatable: info.allocatable,
    usedPorts: new Set(info.usedPorts),
    generation: info.generation,
    slot: m.slot,
    hot: m.hot.slice(),
    labels: m.labels,
    hostnameLabel: m.hostnameLabel,
    zoneLabel: m.zoneLabel,
    taints: m.taints,
    unschedulable: m.unschedulable,
    imageNames: m.imageNames,
    imageIds: m.imageIds,
    podLabelCounts: m.podLabelCounts && new Map(m.podLabelCounts),
    primary: false,
  };
  record({ name: c.name, slot: c.slot, before: c.generation, after: c.generation });
  return c;
}
