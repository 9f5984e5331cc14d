// relations: which objects the graph connects with an edge, for the hovered or selected object
// only. Ownership comes from metadata.ownerReferences (Deployment → ReplicaSet → Pod,
// CronJob → Job → Pod, ReplicationController / StatefulSet / DaemonSet → Pod); Services and PodDisruptionBudgets reach the pods their selector
// matches in their namespace; an HPA points at its scaleTargetRef.

import { selectorFromLabelSelector, selectorFromSet, type Selector } from '../../k8s/labels';
import type { KObject } from '../../k8s/types';
import type { ObjectKey } from '../../protocol/messages';
import { keyOf } from './model';

export interface Relation {
  from: ObjectKey;
  to: ObjectKey;
  kind: 'owns' | 'selects' | 'scales';
}

export interface RelationIndex {
  byKey: Map<ObjectKey, KObject>;
  byUid: Map<string, KObject>;
  /** Owner uid → owned objects. */
  owned: Map<string, KObject[]>;
  podsByNamespace: Map<string, KObject[]>;
  /** Services, PDBs and HPAs. */
  selectors: KObject[];
}

export function relationIndex(objects: readonly KObject[]): RelationIndex {
  const byKey = new Map<ObjectKey, KObject>();
  const byUid = new Map<string, KObject>();
  const owned = new Map<string, KObject[]>();
  const podsByNamespace = new Map<string, KObject[]>();
  const selectors: KObject[] = [];
  for (const obj of objects) {
    byKey.set(keyOf(obj), obj);
    if (obj.metadata.uid) byUid.set(obj.metadata.uid, obj);
    for (const ref of obj.metadata.ownerReferences ?? []) {
      let list = owned.get(ref.uid);
      if (!list) owned.set(ref.uid, (list = []));
      list.push(obj);
    }
    if (obj.kind === 'Pod') {
      const ns = obj.metadata.namespace ?? '';
      let list = podsByNamespace.get(ns);
      if (!list) podsByNamespace.set(ns, (list = []));
      list.push(obj);
    } else if (obj.kind === 'Service' || obj.kind === 'PodDisruptionBudget' || obj.kind === 'HorizontalPodAutoscaler') {
      selectors.push(obj);
    }
  }
  return { byKey, byUid, owned, podsByNamespace, selectors };
}

const selectorCache = new WeakMap<object, Selector | null>();

/** The pod selector of a Service (map form; none when empty) or a PDB (LabelSelector). */
export function podSelector(obj: KObject): Selector | null {
  const raw = obj.spec?.selector;
  if (!raw || typeof raw !== 'object') return null;
  const hit = selectorCache.get(raw);
  if (hit !== undefined) return hit;
  let sel: Selector | null = null;
  try {
    if (obj.kind === 'Service') sel = Object.keys(raw).length ? selectorFromSet(raw) : null;
    else if (obj.kind === 'PodDisruptionBudget') sel = selectorFromLabelSelector(raw);
  } catch {
    sel = null;
  }
  selectorCache.set(raw, sel);
  return sel;
}

function ownedOfKind(index: RelationIndex, owner: KObject, kind: string): KObject[] {
  return (index.owned.get(owner.metadata.uid ?? '') ?? []).filter((o) => o.kind === kind);
}

function ownerOf(index: RelationIndex, obj: KObject): KObject | undefined {
  const ref = (obj.metadata.ownerReferences ?? []).find((r) => r.controller) ?? obj.metadata.ownerReferences?.[0];
  return ref ? index.byUid.get(ref.uid) : undefined;
}

function scaleTarget(index: RelationIndex, hpa: KObject): KObject | undefined {
  const ref = hpa.spec?.scaleTargetRef;
  if (!ref?.kind || !ref?.name) return undefined;
  return index.byKey.get(`${ref.kind}/${hpa.metadata.namespace ?? ''}/${ref.name}`);
}

/** The edges to draw around one object. */
export function relationsOf(index: RelationIndex, key: ObjectKey): Relation[] {
  const obj = index.byKey.get(key);
  if (!obj) return [];
  const out: Relation[] = [];
  const owns = (from: KObject, to: KObject) => out.push({ from: keyOf(from), to: keyOf(to), kind: 'owns' });
  const ns = obj.metadata.namespace ?? '';
  switch (obj.kind) {
    case 'Pod': {
      const owner = ownerOf(index, obj);
      if (owner) {
        owns(owner, obj);
        const grand = ownerOf(index, owner);
        if (grand) owns(grand, owner);
      }
      for (const s of index.selectors) {
        if (s.metadata.namespace !== ns) continue;
        const sel = podSelector(s);
        if (sel && sel.matches(obj.metadata.labels)) out.push({ from: keyOf(s), to: key, kind: 'selects' });
      }
      break;
    }
    case 'Deployment':
      for (const rs of ownedOfKind(index, obj, 'ReplicaSet')) {
        owns(obj, rs);
        for (const pod of ownedOfKind(index, rs, 'Pod')) owns(rs, pod);
      }
      break;
    case 'CronJob':
      for (const job of ownedOfKind(index, obj, 'Job')) {
        owns(obj, job);
        for (const pod of ownedOfKind(index, job, 'Pod')) owns(job, pod);
      }
      break;
    case 'ReplicaSet':
    case 'ReplicationController':
    case 'StatefulSet':
    case 'DaemonSet':
    case 'Job': {
      const owner = ownerOf(index, obj);
      if (owner) owns(owner, obj);
      for (const pod of ownedOfKind(index, obj, 'Pod')) owns(obj, pod);
      break;
    }
    case 'Service':
    case 'PodDisruptionBudget': {
      const sel = podSelector(obj);
      if (sel) {
        for (const pod of index.podsByNamespace.get(ns) ?? []) {
          if (sel.matches(pod.metadata.labels)) out.push({ from: key, to: keyOf(pod), kind: 'selects' });
        }
      }
      break;
    }
    case 'HorizontalPodAutoscaler': {
      const target = scaleTarget(index, obj);
      if (target) out.push({ from: key, to: keyOf(target), kind: 'scales' });
      break;
    }
  }
  if (obj.kind !== 'HorizontalPodAutoscaler' && obj.kind !== 'Pod') {
    for (const s of index.selectors) {
      if (s.kind === 'HorizontalPodAutoscaler' && s.metadata.namespace === ns && scaleTarget(index, s) === obj) {
        out.push({ from: keyOf(s), to: key, kind: 'scales' });
      }
    }
  }
  return out;
}

/** Relations of several focused objects (hovered, selected), without duplicates. */
export function focusRelations(index: RelationIndex, keys: readonly (ObjectKey | null)[]): Relation[] {
  const seen = new Set<string>();
  const out: Relation[] = [];
  for (const key of keys) {
    if (!key) continue;
    for (const r of relationsOf(index, key)) {
      const id = `${r.from}->${r.to}`;
      if (seen.has(id)) continue;
      seen.add(id);
      out.push(r);
    }
  }
  return out;
}
