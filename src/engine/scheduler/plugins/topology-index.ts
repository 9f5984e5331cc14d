// Incremental per-topology-domain pod counts for PodTopologySpread and InterPodAffinity.
//
// Upstream recomputes these counts in every scheduling cycle by visiting every pod of every
// node (PodTopologySpread PreFilter/PreScore, InterPodAffinity PreFilter for the incoming pod's
// terms) or every pod with affinity (InterPodAffinity's existing-pod terms). At 5,000 nodes and
// 150,000 pods that is the whole budget of a cycle, so here the same sums are kept up to date
// instead, and a cycle only reads them:
//
//  - PodCounter: per node, how many of its pods match a predicate, kept per (node slot,
//    NodeInfo.generation).
//  - DomainCounts: attached to a PodCounter, the sum of its per-node counts per domain value
//    ("domain of a node" = a topology label value, or nothing when the node is not counted), the
//    number of counted nodes per domain and, optionally, the minimum over domains (for maxSkew).
//  - ExistingTermIndex: the (anti-)affinity terms of the pods already placed, each with how many
//    pods carry it per topology value of their nodes.
//
// PodCounter and ExistingTermIndex replay node-info.ts's change journal since their last refresh:
// a pod added or removed is a ±1 (one predicate evaluation), any other change recomputes that
// node; a counter pushes its changes to its DomainCounts. Every node's generation is re-verified
// when an index is refreshed against a different snapshot object, when the number of nodes
// differs (a node removed without a journal entry), or when the journal dropped entries the index
// had not seen. Per-node entries live in arrays indexed by node slot, so a cycle's per-node reads
// are array reads. The results equal a from-scratch recount (tests compare the two).
//
// The first refresh of a new index counts every pod once (O(pods)); indexes are kept per selector
// or term in LRU caches of the plugin instance.

import { changedNodesSince, journalPosition, nameOfSlot, nodeLabel, nodeLabels, nodeSlot } from '../framework/node-info';
import type { AffinityTerm, NodeInfo, PodInfo, Snapshot, WeightedAffinityTerm } from '../framework/types';

export type PodPredicate = (pod: PodInfo) => boolean;
/** The domain (topology value) a node contributes to, or undefined when it is not counted. */
export type DomainOf = (node: NodeInfo) => string | undefined;

const ids = new WeakMap<object, number>();
let nextId = 1;

/** A stable small id for an object (term, function) to build cache keys from identities. */
export function objectId(o: object): number {
  let id = ids.get(o);
  if (id === undefined) {
    id = nextId++;
    ids.set(o, id);
  }
  return id;
}

export function grow<T extends Float64Array | Int32Array | Uint8Array>(arr: T, slot: number, fill: number): T {
  if (slot < arr.length) return arr;
  let n = arr.length * 2;
  while (n <= slot) n *= 2;
  const out = new (arr.constructor as new (n: number) => T)(n);
  out.fill(fill);
  out.set(arr);
  return out;
}

/**
 * Refresh bookkeeping shared by the indexes: per-node entries in arrays indexed by node slot
 * (nodeSlot), the generation each entry was computed at, the journal cursor and the snapshot
 * last seen.
 */
export abstract class JournalFollower {
  /** Generation of each slot's entry; −1 = no entry. */
  protected gens = new Float64Array(64).fill(-1);
  private entryCount = 0;
  private cursor = -1;
  private snapshot: Snapshot | undefined;
  private touched: number[] = [];

  /**
   * Brings the index up to date with `snapshot`: replays the journal since the last refresh
   * (a pod added/removed is applied as a ±1 when the entry is exactly one change behind; anything
   * else is recomputed from the node), then checks the touched nodes' generations.
   */
  refresh(snapshot: Snapshot): void {
    if (this.cursor < 0 || snapshot !== this.snapshot) {
      this.verifyAll(snapshot);
      return;
    }
    const touched = this.touched;
    const next = changedNodesSince(this.cursor, (c) => {
      const slot = c.slot;
      if (c.pod !== undefined && slot < this.gens.length && this.gens[slot] === c.before) {
        this.applyDelta(slot, c.pod, c.delta!);
        this.gens[slot] = c.after;
      }
      touched.push(slot);
    });
    if (next < 0) {
      touched.length = 0;
      this.verifyAll(snapshot);
      return;
    }
    this.cursor = next;
    for (let i = 0; i < touched.length; i++) this.check(snapshot, touched[i]);
    touched.length = 0;
    if (this.entryCount !== snapshot.nodes.length) this.verifyAll(snapshot);
  }

  /** Makes the slot's entry match the snapshot's node of that name (or drops it). */
  private check(snapshot: Snapshot, slot: number): void {
    const node = snapshot.get(nameOfSlot(slot));
    const has = slot < this.gens.length && this.gens[slot] >= 0;
    if (node === undefined) {
      if (has) {
        this.retract(slot);
        this.gens[slot] = -1;
        this.entryCount--;
      }
    } else if (!has || this.gens[slot] !== node.generation) {
      this.update(node, slot);
    }
  }

  /** Recomputes one node's entry. */
  protected update(node: NodeInfo, slot: number): void {
    if (slot >= this.gens.length) {
      this.gens = grow(this.gens, slot, -1);
      this.resize(this.gens.length);
    }
    const had = this.gens[slot] >= 0;
    if (had) this.retract(slot);
    else this.entryCount++;
    this.apply(node, slot);
    this.gens[slot] = node.generation;
  }

  /** Checks every node of the snapshot (and drops nodes it no longer has). */
  private verifyAll(snapshot: Snapshot): void {
    this.snapshot = snapshot;
    this.cursor = journalPosition();
    const nodes = snapshot.nodes;
    let present = 0;
    for (let i = 0; i < nodes.length; i++) {
      const node = nodes[i];
      const slot = nodeSlot(node);
      if (slot >= this.gens.length || this.gens[slot] !== node.generation) this.update(node, slot);
      present++;
    }
    if (this.entryCount !== present) {
      for (let slot = 0; slot < this.gens.length; slot++) {
        if (this.gens[slot] >= 0 && snapshot.get(nameOfSlot(slot)) === undefined) {
          this.retract(slot);
          this.gens[slot] = -1;
          this.entryCount--;
        }
      }
    }
  }

  /** Whether the slot's entry is current for `node`. */
  protected current(node: NodeInfo, slot: number): boolean {
    return slot < this.gens.length && this.gens[slot] === node.generation;
  }

  /** Grows the subclass's per-slot arrays to `length`. */
  protected abstract resize(length: number): void;
  /** Computes the node's contribution into the slot (the previous one was retracted). */
  protected abstract apply(node: NodeInfo, slot: number): void;
  /** Withdraws the slot's contribution. */
  protected abstract retract(slot: number): void;
  /** Applies one pod added (+1) or removed (−1) to the slot's contribution. */
  protected abstract applyDelta(slot: number, pod: PodInfo, delta: 1 | -1): void;
}

/** Receives a PodCounter's per-node changes (DomainCounts). */
interface CountListener {
  added(node: NodeInfo, slot: number, count: number): void;
  removed(slot: number): void;
  delta(slot: number, delta: number): void;
}

/**
 * Per-node number of pods matching a predicate. refresh() keeps it current from the journal;
 * count() also recounts a node on the spot when its generation moved since. Attached
 * DomainCounts receive every change.
 */
export class PodCounter extends JournalFollower {
  private counts = new Int32Array(64);
  private readonly listeners: CountListener[] = [];

  /**
   * @param mayMatch when given, false for a node none of whose pods can match (its pods are then
   *   not looked at: a new counter costs O(nodes), not O(pods)).
   */
  constructor(
    readonly match: PodPredicate,
    private readonly mayMatch?: (node: NodeInfo) => boolean,
  ) {
    super();
  }

  count(node: NodeInfo): number {
    const slot = nodeSlot(node);
    if (!this.current(node, slot)) this.update(node, slot);
    return this.counts[slot];
  }

  /** Whether the slot's count is current for `node` (see count). */
  isCurrent(node: NodeInfo, slot: number): boolean {
    return this.current(node, slot);
  }

  /** Attaches a listener and replays the counts of the snapshot's nodes to it. */
  attach(l: CountListener, snapshot: Snapshot): void {
    this.refresh(snapshot);
    this.listeners.push(l);
    for (const node of snapshot.nodes) {
      const slot = nodeSlot(node);
      l.added(node, slot, this.counts[slot]);
    }
  }

  detach(l: CountListener): void {
    const i = this.listeners.indexOf(l);
    if (i >= 0) this.listeners.splice(i, 1);
  }

  protected resize(length: number): void {
    this.counts = grow(this.counts, length - 1, 0);
  }

  protected apply(node: NodeInfo, slot: number): void {
    let c = 0;
    const pods = node.pods;
    if (this.mayMatch === undefined || this.mayMatch(node)) for (let i = 0; i < pods.length; i++) if (this.match(pods[i])) c++;
    this.counts[slot] = c;
    for (let i = 0; i < this.listeners.length; i++) this.listeners[i].added(node, slot, c);
  }

  protected retract(slot: number): void {
    this.counts[slot] = 0;
    for (let i = 0; i < this.listeners.length; i++) this.listeners[i].removed(slot);
  }

  protected applyDelta(slot: number, pod: PodInfo, delta: 1 | -1): void {
    if (!this.match(pod)) return;
    this.counts[slot] += delta;
    for (let i = 0; i < this.listeners.length; i++) this.listeners[i].delta(slot, delta);
  }
}

/**
 * Σ per-node counts (of a PodCounter) per domain, over the nodes whose domain is defined. `sums`
 * holds every domain with at least one such node (possibly at 0), like upstream's
 * TpValueToMatchNum. Domains also get small ids so that per-node reads are array reads. It mirrors
 * its counter's entries: refresh() refreshes the counter, which pushes the changes here.
 */
export class DomainCounts implements CountListener {
  readonly sums = new Map<string, number>();
  /** Σ of all sums. */
  total = 0;
  /** sum value → number of domains having it (only with trackMin). */
  private readonly hist: Map<number, number> | undefined;
  private minValue = Infinity;
  private readonly ids = new Map<string, number>();
  private readonly names: string[] = [];
  /** Per domain id: Σ counts and number of counted nodes. */
  private sumById = new Float64Array(16);
  private nodesById = new Int32Array(16);
  /** Per slot: domain id (−1: not counted) and the node's count. */
  private slotDomain = new Int32Array(64).fill(-1);
  private counts = new Int32Array(64);
  private attached = false;

  constructor(
    private readonly counter: PodCounter,
    private readonly domainOf: DomainOf,
    trackMin = false,
  ) {
    this.hist = trackMin ? new Map() : undefined;
  }

  /** Brings the counts up to date with the snapshot. */
  refresh(snapshot: Snapshot): void {
    if (!this.attached) {
      this.attached = true;
      this.counter.attach(this, snapshot);
    } else {
      this.counter.refresh(snapshot);
    }
  }

  /** Stops following the counter (the instance is dropped). */
  dispose(): void {
    if (this.attached) this.counter.detach(this);
    this.attached = false;
  }

  /** The smallest sum over the domains (Infinity when there are none). Needs trackMin. */
  get min(): number {
    return this.minValue;
  }

  /** sum value → number of domains having it (trackMin only). */
  get histogram(): ReadonlyMap<number, number> {
    return this.hist ?? new Map();
  }

  /**
   * The id of the domain `node` is counted under (−1: not counted), when the counts are current
   * for the node; undefined otherwise (the caller then reads the node itself).
   */
  domainIdOf(node: NodeInfo): number | undefined {
    const slot = nodeSlot(node);
    return slot < this.slotDomain.length && this.counter.isCurrent(node, slot) ? this.slotDomain[slot] : undefined;
  }

  /** The domain value of an id from domainIdOf. */
  domainName(id: number): string {
    return this.names[id];
  }

  /** The id of a domain value seen so far (ids are never reused), or undefined. */
  idOfValue(value: string): number | undefined {
    return this.ids.get(value);
  }

  /** Number of domain ids handed out so far (bound for per-id scratch arrays). */
  get idCount(): number {
    return this.names.length;
  }

  /** The sum of a domain id from domainIdOf. */
  sumOfId(id: number): number {
    return this.sumById[id];
  }

  private idOf(domain: string): number {
    let id = this.ids.get(domain);
    if (id === undefined) {
      id = this.names.length;
      this.names.push(domain);
      this.ids.set(domain, id);
      this.sumById = grow(this.sumById, id, 0);
      this.nodesById = grow(this.nodesById, id, 0);
    }
    return id;
  }

  added(node: NodeInfo, slot: number, count: number): void {
    if (slot >= this.slotDomain.length) {
      this.slotDomain = grow(this.slotDomain, slot, -1);
      this.counts = grow(this.counts, slot, 0);
    }
    if (this.slotDomain[slot] >= 0) this.removed(slot);
    const domain = this.domainOf(node);
    if (domain === undefined) return;
    const id = this.idOf(domain);
    this.slotDomain[slot] = id;
    this.counts[slot] = count;
    this.change(id, count, 1);
  }

  removed(slot: number): void {
    if (slot >= this.slotDomain.length) return;
    const id = this.slotDomain[slot];
    if (id >= 0) this.change(id, -this.counts[slot], -1);
    this.slotDomain[slot] = -1;
    this.counts[slot] = 0;
  }

  delta(slot: number, delta: number): void {
    if (slot >= this.slotDomain.length) return;
    const id = this.slotDomain[slot];
    if (id < 0) return;
    this.counts[slot] += delta;
    this.change(id, delta, 0);
  }

  private change(id: number, delta: number, nodeDelta: number): void {
    const domain = this.names[id];
    const prevNodes = this.nodesById[id];
    const nodes = prevNodes + nodeDelta;
    const before = this.sumById[id];
    const after = before + delta;
    this.total += delta;
    this.nodesById[id] = nodes;
    this.sumById[id] = after;
    // Unchanged sums are not written again (a new index adds every node, most of them at 0).
    if (nodes === 0) this.sums.delete(domain);
    else if (prevNodes === 0 || after !== before) this.sums.set(domain, after);
    if (this.hist !== undefined) {
      if (prevNodes > 0) this.histDec(before);
      if (nodes > 0) this.histInc(after);
    }
  }

  private histInc(v: number): void {
    const hist = this.hist!;
    hist.set(v, (hist.get(v) ?? 0) + 1);
    if (v < this.minValue) this.minValue = v;
  }

  private histDec(v: number): void {
    const hist = this.hist!;
    const n = (hist.get(v) ?? 0) - 1;
    if (n > 0) {
      hist.set(v, n);
      return;
    }
    hist.delete(v);
    if (v === this.minValue) {
      let m = Infinity;
      for (const k of hist.keys()) if (k < m) m = k;
      this.minValue = m;
    }
  }
}

export type TermKind = 'requiredAffinity' | 'requiredAntiAffinity' | 'preferredAffinity' | 'preferredAntiAffinity';

/** One distinct term of the placed pods: how many pods carry it per topology value. */
export interface ExistingTerm {
  term: AffinityTerm;
  kind: TermKind;
  /** Preferred terms' weight (required terms: 0). */
  weight: number;
  domains: Map<string, number>;
  total: number;
}

interface TermNodeEntry {
  labels: Record<string, string> | undefined;
  /** Per term carried by pods of the node: the node's value of its key and how many pods. */
  terms: Map<AffinityTerm, { t: ExistingTerm; value: string; n: number }> | undefined;
}

const KINDS: readonly [
  keyof Pick<
    PodInfo,
    'requiredAffinityTerms' | 'requiredAntiAffinityTerms' | 'preferredAffinityTerms' | 'preferredAntiAffinityTerms'
  >,
  TermKind,
][] = [
  ['requiredAffinityTerms', 'requiredAffinity'],
  ['requiredAntiAffinityTerms', 'requiredAntiAffinity'],
  ['preferredAffinityTerms', 'preferredAffinity'],
  ['preferredAntiAffinityTerms', 'preferredAntiAffinity'],
];

/**
 * The (anti-)affinity terms of the pods on the nodes (NodeInfo.podsWithAffinity), grouped by term
 * object (pods of one template share them), each with per-topology-value pod counts. A pod's term
 * counts on its node only when the node has the term's topology key.
 */
export class ExistingTermIndex extends JournalFollower {
  readonly terms = new Map<AffinityTerm, ExistingTerm>();
  private nodeEntries: (TermNodeEntry | undefined)[] = [];

  protected resize(): void {}

  protected apply(node: NodeInfo, slot: number): void {
    const entry: TermNodeEntry = { labels: nodeLabels(node), terms: undefined };
    this.nodeEntries[slot] = entry;
    const pods = node.podsWithAffinity;
    for (let i = 0; i < pods.length; i++) this.applyPod(entry, pods[i], 1);
  }

  protected retract(slot: number): void {
    const e = this.nodeEntries[slot];
    if (e === undefined) return;
    if (e.terms !== undefined) for (const c of e.terms.values()) this.adjust(c.t, c.value, -c.n);
    this.nodeEntries[slot] = undefined;
  }

  protected applyDelta(slot: number, pod: PodInfo, delta: 1 | -1): void {
    const e = this.nodeEntries[slot];
    if (e !== undefined) this.applyPod(e, pod, delta);
  }

  private applyPod(e: TermNodeEntry, pod: PodInfo, delta: 1 | -1): void {
    const labels = e.labels;
    if (labels === undefined) return;
    if (
      pod.requiredAffinityTerms.length +
        pod.requiredAntiAffinityTerms.length +
        pod.preferredAffinityTerms.length +
        pod.preferredAntiAffinityTerms.length ===
      0
    ) {
      return;
    }
    for (const [field, kind] of KINDS) {
      const terms = pod[field] as readonly AffinityTerm[];
      for (let i = 0; i < terms.length; i++) {
        const term = terms[i];
        const value = labels[term.topologyKey];
        if (value === undefined || !Object.prototype.hasOwnProperty.call(labels, term.topologyKey)) continue;
        e.terms ??= new Map();
        let c = e.terms.get(term);
        if (c === undefined) {
          let t = this.terms.get(term);
          if (t === undefined) {
            t = { term, kind, weight: (term as WeightedAffinityTerm).weight ?? 0, domains: new Map(), total: 0 };
            this.terms.set(term, t);
          }
          c = { t, value, n: 0 };
          e.terms.set(term, c);
        }
        c.n += delta;
        this.adjust(c.t, value, delta);
        if (c.n === 0) e.terms.delete(term);
      }
    }
  }

  private adjust(t: ExistingTerm, value: string, delta: number): void {
    const n = (t.domains.get(value) ?? 0) + delta;
    if (n > 0) t.domains.set(value, n);
    else t.domains.delete(value);
    t.total += delta;
    if (t.total === 0) this.terms.delete(t.term);
    else if (!this.terms.has(t.term)) this.terms.set(t.term, t);
  }
}

/** The value of a node label, or undefined (re-exported from node-info). */
export { nodeLabel };
