// SchedulerCache (pkg/scheduler/backend/cache): the scheduler's own view of nodes and the pods on
// them, kept incrementally from the pod and node informers, plus the pods it has *assumed* on a
// node while their binding is under way (so the next cycle already counts them).
//
// It is also the cycle's Snapshot. Upstream copies changed NodeInfos into a snapshot at the start
// of each cycle because informers run concurrently with the cycle; here informer events only
// arrive when the cycle itself writes (bind, preempt) — after it has decided — so the cycle reads
// the live cache.
//
// Node order is the NodeTree's: nodes grouped by zone (region + zone labels), the list taking
// one node from each zone in turn, so that a search that stops early (numFeasibleNodesToFind)
// still sees every zone.
//
// Pods whose node is unknown (bound before the node registered, or the node was deleted) are
// kept aside and join the node's NodeInfo when it appears, like upstream's node-less NodeInfo.

import type { KObject } from '../../k8s/types';
import { requiredLabel, selectorFromLabelSelector, selectorFromSet, type LabelSelector, type Selector } from '../../k8s/labels';
import type { KindRegistry } from '../api/kinds/registry';
import type { InformerFactory, Informer } from '../runtime/informer';
import { indexSelectorsOf, type SelectorIndex } from '../runtime/selector-index';
import { addPod, newNodeInfo, removeNode as markNodeRemoved, removePod, setNode, sizeJournalFor } from './framework/node-info';
import type { LabelPredicate, NodeInfo, PodInfo, Snapshot } from './framework/types';
import { podKey } from './queue/scheduling-queue';

export const ZONE_LABEL = 'topology.kubernetes.io/zone';
export const REGION_LABEL = 'topology.kubernetes.io/region';
const LEGACY_ZONE_LABEL = 'failure-domain.beta.kubernetes.io/zone';
const LEGACY_REGION_LABEL = 'failure-domain.beta.kubernetes.io/region';

/** utilnode.GetZoneKey: "" for a node without region and zone labels. */
export function zoneKey(node: KObject): string {
  const labels = node.metadata.labels ?? {};
  const zone = labels[ZONE_LABEL] ?? labels[LEGACY_ZONE_LABEL] ?? '';
  const region = labels[REGION_LABEL] ?? labels[LEGACY_REGION_LABEL] ?? '';
  if (!zone && !region) return '';
  return `${region}:\u0000:${zone}`;
}

interface PodState {
  podInfo: PodInfo;
  nodeName: string;
  /** Assumed by this scheduler, binding not yet seen in the informer. */
  assumed: boolean;
}

interface ImageSummary {
  size: number;
  nodes: Set<string>;
}

type LabelMatcher = LabelPredicate;

/** The kinds whose selectors give a pod its default spreading (DefaultSelector). */
const SPREAD_SOURCES: readonly { apiVersion: string; kind: string; selector: 'map' | 'labelSelector'; byOwner: boolean }[] = [
  { apiVersion: 'v1', kind: 'Service', selector: 'map', byOwner: false },
  { apiVersion: 'v1', kind: 'ReplicationController', selector: 'map', byOwner: true },
  { apiVersion: 'apps/v1', kind: 'ReplicaSet', selector: 'labelSelector', byOwner: true },
  { apiVersion: 'apps/v1', kind: 'StatefulSet', selector: 'labelSelector', byOwner: true },
];

export class SchedulerCache implements Snapshot {
  private readonly infos = new Map<string, NodeInfo>();
  private readonly podStates = new Map<string, PodState>();
  /** nodeName → pods bound to a node the cache does not know. */
  private readonly orphans = new Map<string, Map<string, PodInfo>>();
  /** zone key → node names in the order they were added. */
  private readonly zones = new Map<string, string[]>();
  private readonly zoneOf = new Map<string, string>();
  private ordered: NodeInfo[] = [];
  private orderDirty = false;
  private affinityLists: { withAffinity: NodeInfo[]; withAnti: NodeInfo[] } | undefined;
  private readonly images = new Map<string, ImageSummary>();
  private readonly namespaces: Informer | undefined;
  private readonly spreadSources: {
    informer: Informer;
    selector: 'map' | 'labelSelector';
    byOwner: boolean;
    kind: string;
    apiVersion: string;
    /** For the sources found by selector (Services): their selectors, found from a pod's labels. */
    selectors?: SelectorIndex;
  }[] = [];

  constructor(informers?: InformerFactory, registry?: KindRegistry) {
    if (informers && registry) {
      const ns = registry.forObject('v1', 'Namespace');
      this.namespaces = ns ? informers.informerFor(ns) : undefined;
      for (const src of SPREAD_SOURCES) {
        const def = registry.forObject(src.apiVersion, src.kind);
        if (!def) continue;
        const informer = informers.informerFor(def);
        this.spreadSources.push({ ...src, informer, selectors: src.byOwner ? undefined : selectorIndexOf(informer) });
      }
    }
  }

  // ---- Snapshot ---------------------------------------------------------------------------

  /** NodeInfos in NodeTree order. */
  get nodes(): NodeInfo[] {
    if (this.orderDirty) this.rebuildOrder();
    return this.ordered;
  }

  get(nodeName: string): NodeInfo | undefined {
    return this.infos.get(nodeName);
  }

  get havePodsWithAffinity(): NodeInfo[] {
    return this.affinity().withAffinity;
  }

  get havePodsWithRequiredAntiAffinity(): NodeInfo[] {
    return this.affinity().withAnti;
  }

  namespaceLabels(namespace: string): Record<string, string> | undefined {
    return this.namespaces?.get(undefined, namespace)?.metadata.labels;
  }

  imageState(image: string): { nodes: number; size: number } | undefined {
    const s = this.images.get(image);
    return s ? { nodes: s.nodes.size, size: s.size } : undefined;
  }

  /**
   * helper.DefaultSelector, one matcher per source: the Services in the pod's namespace whose
   * selector matches it, and its controller if that is a ReplicationController, ReplicaSet or
   * StatefulSet. Every matcher must match (upstream merges them into one selector). Only kinds
   * this API server serves are consulted; none → [] (no default spreading).
   */
  defaultSpreadSelectors(pod: KObject): LabelMatcher[] {
    if (this.spreadSources.length === 0) return [];
    const out: LabelMatcher[] = [];
    const ns = pod.metadata.namespace ?? '';
    const owner = pod.metadata.ownerReferences?.find((r) => r.controller === true);
    for (const src of this.spreadSources) {
      if (!src.byOwner) {
        const selectors = src.selectors!;
        for (const key of selectors.matching(ns, pod.metadata.labels)) out.push(keyedMatcher(selectors.get(key)!));
        continue;
      }
      if (!owner || owner.kind !== src.kind || owner.apiVersion !== src.apiVersion) continue;
      const obj = src.informer.get(ns, owner.name);
      if (!obj) continue;
      out.push(keyedMatcher(ownerSelector(obj.spec?.selector, src.selector)));
    }
    return out;
  }

  // ---- nodes ------------------------------------------------------------------------------

  addNode(node: KObject): NodeInfo {
    const name = node.metadata.name ?? '';
    let info = this.infos.get(name);
    if (info) {
      this.updateNode(info.node, node);
      return info;
    }
    info = newNodeInfo(node);
    this.infos.set(name, info);
    sizeJournalFor(this.infos.size);
    const orphans = this.orphans.get(name);
    if (orphans) {
      this.orphans.delete(name);
      for (const pi of orphans.values()) addPod(info, pi);
      this.affinityLists = undefined;
    }
    this.placeInZone(name, zoneKey(node));
    this.addImages(node);
    return info;
  }

  updateNode(oldNode: KObject, node: KObject): void {
    const name = node.metadata.name ?? '';
    const info = this.infos.get(name);
    if (!info) {
      this.addNode(node);
      return;
    }
    setNode(info, node);
    const zone = zoneKey(node);
    if (this.zoneOf.get(name) !== zone) {
      this.removeFromZone(name);
      this.placeInZone(name, zone);
    }
    if (oldNode.status?.images !== node.status?.images) {
      this.removeImages(oldNode);
      this.addImages(node);
    }
  }

  removeNode(node: KObject): void {
    const name = node.metadata.name ?? '';
    const info = this.infos.get(name);
    if (!info) return;
    this.infos.delete(name);
    sizeJournalFor(this.infos.size);
    markNodeRemoved(info);
    this.removeFromZone(name);
    this.removeImages(info.node);
    if (info.pods.length > 0) {
      const keep = new Map<string, PodInfo>();
      for (const pi of info.pods) keep.set(podKey(pi.pod), pi);
      this.orphans.set(name, keep);
    }
    this.affinityLists = undefined;
  }

  // ---- pods -------------------------------------------------------------------------------

  isAssumed(key: string): boolean {
    return this.podStates.get(key)?.assumed === true;
  }

  /** The pod's accounting entry (bound or assumed), if any. */
  podState(key: string): { nodeName: string; assumed: boolean; podInfo: PodInfo } | undefined {
    return this.podStates.get(key);
  }

  get podCount(): number {
    return this.podStates.size;
  }

  /** AssumePod: the scheduler decided; count the pod on `podInfo.pod.spec.nodeName` already. */
  assumePod(podInfo: PodInfo, nodeName: string): void {
    const key = podKey(podInfo.pod);
    if (this.podStates.has(key)) throw new Error(`scheduler cache: pod ${key} is in the cache, so can't be assumed`);
    this.attach(podInfo, nodeName);
    this.podStates.set(key, { podInfo, nodeName, assumed: true });
  }

  /** ForgetPod: the binding failed; release what the assumed pod held. */
  forgetPod(key: string): void {
    const state = this.podStates.get(key);
    if (!state || !state.assumed) return;
    this.detach(state);
    this.podStates.delete(key);
  }

  /**
   * AddPod / UpdatePod from the informer for a pod bound to a node. An assumed pod is confirmed
   * (its PodInfo is reused when the spec is unchanged: binding only sets nodeName).
   */
  addOrUpdateBoundPod(pod: KObject, makeInfo: (pod: KObject, previous?: PodInfo) => PodInfo): void {
    const key = podKey(pod);
    const nodeName = pod.spec?.nodeName as string;
    const state = this.podStates.get(key);
    if (state) {
      const info = makeInfo(pod, state.podInfo);
      if (state.nodeName === nodeName && info === state.podInfo) {
        state.assumed = false;
        return;
      }
      this.detach(state);
      this.attach(info, nodeName);
      this.podStates.set(key, { podInfo: info, nodeName, assumed: false });
      return;
    }
    const info = makeInfo(pod);
    this.attach(info, nodeName);
    this.podStates.set(key, { podInfo: info, nodeName, assumed: false });
  }

  /** RemovePod: the pod is gone (or terminal). */
  removePod(pod: KObject): void {
    const key = podKey(pod);
    const state = this.podStates.get(key);
    if (!state) return;
    this.detach(state);
    this.podStates.delete(key);
  }

  private attach(podInfo: PodInfo, nodeName: string): void {
    const info = this.infos.get(nodeName);
    if (info) {
      addPod(info, podInfo);
    } else {
      let m = this.orphans.get(nodeName);
      if (!m) {
        m = new Map();
        this.orphans.set(nodeName, m);
      }
      m.set(podKey(podInfo.pod), podInfo);
    }
    if (hasAffinity(podInfo)) this.affinityLists = undefined;
  }

  private detach(state: PodState): void {
    const info = this.infos.get(state.nodeName);
    if (info) {
      removePod(info, state.podInfo.pod);
    } else {
      const m = this.orphans.get(state.nodeName);
      if (m) {
        m.delete(podKey(state.podInfo.pod));
        if (m.size === 0) this.orphans.delete(state.nodeName);
      }
    }
    if (hasAffinity(state.podInfo)) this.affinityLists = undefined;
  }

  // ---- node tree --------------------------------------------------------------------------

  private placeInZone(name: string, zone: string): void {
    let list = this.zones.get(zone);
    if (!list) {
      list = [];
      this.zones.set(zone, list);
    }
    list.push(name);
    this.zoneOf.set(name, zone);
    this.orderDirty = true;
  }

  private removeFromZone(name: string): void {
    const zone = this.zoneOf.get(name);
    if (zone === undefined) return;
    this.zoneOf.delete(name);
    const list = this.zones.get(zone);
    if (list) {
      const i = list.indexOf(name);
      if (i >= 0) list.splice(i, 1);
      if (list.length === 0) this.zones.delete(zone);
    }
    this.orderDirty = true;
  }

  /** nodeTree.list(): one node of each zone in turn. */
  private rebuildOrder(): void {
    const out: NodeInfo[] = [];
    const lists = [...this.zones.values()];
    let max = 0;
    for (const l of lists) max = Math.max(max, l.length);
    for (let i = 0; i < max; i++) {
      for (const l of lists) {
        if (i < l.length) out.push(this.infos.get(l[i])!);
      }
    }
    this.ordered = out;
    this.orderDirty = false;
  }

  private affinity(): { withAffinity: NodeInfo[]; withAnti: NodeInfo[] } {
    if (!this.affinityLists) {
      const withAffinity: NodeInfo[] = [];
      const withAnti: NodeInfo[] = [];
      for (const info of this.nodes) {
        if (info.podsWithAffinity.length > 0) withAffinity.push(info);
        if (info.podsWithRequiredAntiAffinity.length > 0) withAnti.push(info);
      }
      this.affinityLists = { withAffinity, withAnti };
    }
    return this.affinityLists;
  }

  // ---- images -----------------------------------------------------------------------------

  private addImages(node: KObject): void {
    const images = node.status?.images;
    if (!Array.isArray(images)) return;
    const name = node.metadata.name ?? '';
    for (const img of images as { names?: string[]; sizeBytes?: number }[]) {
      for (const raw of img.names ?? []) {
        const n = normalizedImageName(raw);
        let s = this.images.get(n);
        if (!s) {
          s = { size: img.sizeBytes ?? 0, nodes: new Set() };
          this.images.set(n, s);
        }
        s.nodes.add(name);
      }
    }
  }

  private removeImages(node: KObject): void {
    const images = node.status?.images;
    if (!Array.isArray(images)) return;
    const name = node.metadata.name ?? '';
    for (const img of images as { names?: string[] }[]) {
      for (const raw of img.names ?? []) {
        const n = normalizedImageName(raw);
        const s = this.images.get(n);
        if (!s) continue;
        s.nodes.delete(name);
        if (s.nodes.size === 0) this.images.delete(n);
      }
    }
  }
}

/** normalizedImageName: `:latest` appended when the name has no tag after its last slash. */
function normalizedImageName(name: string): string {
  return name.lastIndexOf(':') <= name.lastIndexOf('/') ? `${name}:latest` : name;
}

function hasAffinity(pi: PodInfo): boolean {
  return (
    pi.requiredAffinityTerms.length > 0 ||
    pi.requiredAntiAffinityTerms.length > 0 ||
    pi.preferredAffinityTerms.length > 0 ||
    pi.preferredAntiAffinityTerms.length > 0
  );
}

/**
 * The selectors (plain label maps) of the objects of `informer` — Services — in a SelectorIndex:
 * GetPodServices without trying every Service of the namespace for every pod.
 */
function selectorIndexOf(informer: Informer): SelectorIndex {
  return indexSelectorsOf(informer, (obj) => {
    const sel = obj.spec?.selector as Record<string, string> | undefined;
    return sel && typeof sel === 'object' ? selectorFromSet(sel) : undefined;
  });
}

const keyedMatchers = new WeakMap<Selector, LabelMatcher>();

/**
 * A label predicate whose `key` is the selector's canonical text, so PodTopologySpread's counts,
 * cached per selector, survive from one cycle to the next (same text ⇔ same selector). One per
 * (immutable) selector: every pod of a set asks for the same one.
 */
function keyedMatcher(selector: Selector): LabelMatcher {
  let matcher = keyedMatchers.get(selector);
  if (!matcher) {
    matcher = Object.assign((labels: Record<string, string> | undefined) => selector.matches(labels), {
      key: selector.toString(),
      requiredLabel: requiredLabel(selector),
    });
    keyedMatchers.set(selector, matcher);
  }
  return matcher;
}

const ownerSelectors = { map: new WeakMap<object, Selector>(), labelSelector: new WeakMap<object, Selector>() };

/**
 * An owner's spec.selector parsed, once per (frozen, stored) selector object; an invalid one
 * throws every time, as the parse does.
 */
function ownerSelector(raw: unknown, form: 'map' | 'labelSelector'): Selector {
  const parse = () =>
    form === 'map' ? selectorFromSet(raw as Record<string, string>) : selectorFromLabelSelector(raw as LabelSelector);
  if (typeof raw !== 'object' || raw === null || !Object.isFrozen(raw)) return parse();
  let selector = ownerSelectors[form].get(raw);
  if (!selector) {
    selector = parse();
    ownerSelectors[form].set(raw, selector);
  }
  return selector;
}
