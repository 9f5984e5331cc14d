// Garbage collector (pkg/controller/garbagecollector): carries out deletion propagation through
// ownerReferences for every kind with `garbageCollected: true`.
//
// Watches: one shared informer per collected kind; dependents are found through OWNER_UID_INDEX.
// Writes: updates that drop ownerReferences from dependents, updates that drop the `orphan` /
// `foregroundDeletion` finalizers from owners, and DELETEs (with a uid precondition) of dependents.
//
// One key per object (`Kind.group:namespace/name`), and one sync that plays both roles upstream
// splits over two queues:
// - as an owner being deleted (attemptToOrphan / processDeletingDependentsItem): with `orphan` it
//   removes its references from every dependent, then the finalizer; with `foregroundDeletion` it
//   waits until no dependent referencing it with blockOwnerDeletion: true remains, then removes
//   the finalizer (the dependents are deleted by their own syncs, below);
// - as a dependent (attemptToDeleteItem): each owner reference is resolved by kind, name and
//   namespace (cluster-scoped owners without one) and compared by uid. Absent or uid-mismatched
//   owners are dangling; owners being deleted in foreground are "waiting". With at least one live
//   owner, only the dangling and waiting references are removed; otherwise the dependent is
//   deleted — Foreground when it has dependents of its own and an owner waits for it, else with
//   the policy its own GC finalizer names, else Background.
//
// Differences from upstream: no dependency graph (the informer caches and the owner-uid index are
// the graph, and they are synchronous, so no absentOwnerCache and no virtual nodes are needed);
// no unblocking patch of blockOwnerDeletion before a foreground cascade; owners of kinds the
// collector does not watch, or a namespaced owner named by a cluster-scoped object, are never
// treated as dangling.

import type { KObject, ObjectMeta, OwnerReference } from '../../../k8s/types';
import type { ApiServer, PropagationPolicy } from '../../api/apiserver';
import { deepEqual } from '../../api/deep';
import { isApiError } from '../../api/errors';
import type { KindDefinition } from '../../api/kinds/kind-definition';
import type { Clock } from '../../clock/clock';
import { Controller, type Keys } from '../../runtime/controller';
import type { SyncResult } from '../../runtime/work-queue';
import { OWNER_UID_INDEX, keyFor, objectKey, splitKey, type Informer, type InformerFactory } from '../../runtime/informer';
import { flatString } from '../../runtime/string-interner';

export const FINALIZER_ORPHAN = 'orphan';
export const FINALIZER_FOREGROUND = 'foregroundDeletion';

/** A safety re-check while a foreground owner waits for its blocking dependents. */
const FOREGROUND_RECHECK_MS = 10_000;

/** How an owner reference resolves, as attemptToDeleteItem classifies it. */
export type OwnerState = 'solid' | 'dangling' | 'waiting';

/** Whether two versions agree on what the collector reads: references, deletion, finalizers. */
function sameCollectorMeta(a: ObjectMeta, b: ObjectMeta): boolean {
  return (
    a.uid === b.uid &&
    a.deletionTimestamp === b.deletionTimestamp &&
    (a.ownerReferences === b.ownerReferences || deepEqual(a.ownerReferences ?? [], b.ownerReferences ?? [])) &&
    (a.finalizers === b.finalizers || deepEqual(a.finalizers ?? [], b.finalizers ?? []))
  );
}

/** `Pod:default/web`, `Node:n1`, `Deployment.apps:default/web`. */
export function gcKey(def: KindDefinition, obj: KObject): string {
  // Flat: the work queue keeps it until the graph is synced (see keyFor).
  return flatString(kindId(def), ':', objectKey(obj));
}

function kindId(def: KindDefinition): string {
  return def.group ? `${def.kind}.${def.group}` : def.kind;
}

export function hasFinalizer(obj: KObject, finalizer: string): boolean {
  return obj.metadata.finalizers?.includes(finalizer) ?? false;
}

/** The object without the ownerReferences whose uid is in `uids` (the same object if none). */
export function withoutOwnerRefs(obj: KObject, uids: ReadonlySet<string>): KObject {
  const refs = obj.metadata.ownerReferences ?? [];
  const kept = refs.filter((r) => !uids.has(r.uid));
  if (kept.length === refs.length) return obj;
  const metadata: ObjectMeta = { ...obj.metadata, ownerReferences: kept };
  if (kept.length === 0) delete metadata.ownerReferences;
  return { ...obj, metadata };
}

/** The object without `finalizer` (the same object if it does not carry it). */
export function withoutFinalizer(obj: KObject, finalizer: string): KObject {
  if (!hasFinalizer(obj, finalizer)) return obj;
  const finalizers = obj.metadata.finalizers!.filter((f) => f !== finalizer);
  const metadata: ObjectMeta = { ...obj.metadata, finalizers };
  if (finalizers.length === 0) delete metadata.finalizers;
  return { ...obj, metadata };
}

/** The policy a dependent is deleted with when it has no reason to cascade in foreground. */
export function ownPolicy(obj: KObject): PropagationPolicy {
  if (hasFinalizer(obj, FINALIZER_ORPHAN)) return 'Orphan';
  if (hasFinalizer(obj, FINALIZER_FOREGROUND)) return 'Foreground';
  return 'Background';
}

export function startGarbageCollector(api: ApiServer, clock: Clock, informers: InformerFactory): Controller {
  const byId = new Map<string, Informer>();
  const byDef = new Map<KindDefinition, Informer>();
  for (const def of api.registry.kinds()) {
    if (!def.garbageCollected) continue;
    const informer = informers.informerFor(def);
    byId.set(kindId(def), informer);
    byDef.set(def, informer);
  }
  const all = Array.from(byDef.values());

  /** Every cached object (of any collected kind) with an ownerReference to `uid`. */
  const dependentsOf = (uid: string): { def: KindDefinition; obj: KObject }[] => {
    const out: { def: KindDefinition; obj: KObject }[] = [];
    for (const informer of all) for (const obj of informer.byIndex(OWNER_UID_INDEX, uid)) out.push({ def: informer.kind, obj });
    return out;
  };
  const hasDependents = (uid: string): boolean => all.some((i) => i.countByIndex(OWNER_UID_INDEX, uid) > 0);

  /** The informer of the kind a reference names, if the collector watches it. */
  const ownerInformer = (ref: OwnerReference): Informer | undefined => {
    const def = api.registry.forObject(ref.apiVersion, ref.kind);
    return def ? byDef.get(def) : undefined;
  };

  /** The key of the owner a reference names (it may not exist). */
  const ownerKey = (dependent: KObject, ref: OwnerReference): string | undefined => {
    const informer = ownerInformer(ref);
    if (!informer) return undefined;
    const ns = informer.kind.namespaced ? dependent.metadata.namespace : undefined;
    return `${kindId(informer.kind)}:${keyFor(ns, ref.name)}`;
  };

  /** isDangling plus the deletingDependents check: what an owner reference stands for now. */
  const classify = (dependent: KObject, ref: OwnerReference): OwnerState => {
    const informer = ownerInformer(ref);
    // Not ours to judge: unknown kinds and kinds without garbage collection.
    if (!informer) return 'solid';
    const ns = dependent.metadata.namespace;
    // A namespaced owner cannot own a cluster-scoped object: upstream reports it and leaves it.
    if (informer.kind.namespaced && !ns) return 'solid';
    const owner = informer.get(informer.kind.namespaced ? ns : undefined, ref.name);
    if (!owner || owner.metadata.uid !== ref.uid) return 'dangling';
    if (owner.metadata.deletionTimestamp && hasFinalizer(owner, FINALIZER_FOREGROUND)) return 'waiting';
    return 'solid';
  };

  /** Keys for an object: itself, the owners it names, and (when it is going) its dependents. */
  const keysOf = (def: KindDefinition, obj: KObject, going: boolean): string[] => {
    const keys = [gcKey(def, obj)];
    for (const ref of obj.metadata.ownerReferences ?? []) {
      const k = ownerKey(obj, ref);
      if (k) keys.push(k);
    }
    if (going && obj.metadata.uid) for (const d of dependentsOf(obj.metadata.uid)) keys.push(gcKey(d.def, d.obj));
    return keys;
  };

  /** Runs a write; NotFound means the target is already gone, which is what we wanted. */
  const tolerateNotFound = (write: () => void): void => {
    try {
      write();
    } catch (e) {
      if (!isApiError(e, 'NotFound')) throw e;
    }
  };

  /** attemptToOrphan: drop the owner's references from every dependent, then the finalizer. */
  const orphan = (owner: KObject): void => {
    const uids = new Set([owner.metadata.uid!]);
    for (const { obj } of dependentsOf(owner.metadata.uid!)) {
      tolerateNotFound(() => api.update(withoutOwnerRefs(obj, uids)));
    }
    tolerateNotFound(() => api.update(withoutFinalizer(owner, FINALIZER_ORPHAN)));
  };

  /** processDeletingDependentsItem: finalize once nothing blocks; make sure dependents are handled. */
  const foreground = (owner: KObject): SyncResult => {
    const uid = owner.metadata.uid!;
    let blocking = 0;
    for (const { def, obj } of dependentsOf(uid)) {
      const ref = obj.metadata.ownerReferences!.find((r) => r.uid === uid);
      if (ref?.blockOwnerDeletion === true) blocking++;
      // Dependents not yet being deleted get a sync of their own, which deletes them.
      if (!obj.metadata.deletionTimestamp) controller.enqueue(gcKey(def, obj));
    }
    if (blocking > 0) return { requeueAfterMs: FOREGROUND_RECHECK_MS };
    tolerateNotFound(() => api.update(withoutFinalizer(owner, FINALIZER_FOREGROUND)));
    return undefined;
  };

  /** attemptToDeleteItem for an object that is not being deleted itself. */
  const collect = (def: KindDefinition, obj: KObject): void => {
    const refs = obj.metadata.ownerReferences ?? [];
    if (refs.length === 0) return;
    const states = refs.map((r) => classify(obj, r));
    const solid = states.includes('solid');
    if (solid) {
      const drop = new Set(refs.filter((_, i) => states[i] !== 'solid').map((r) => r.uid));
      if (drop.size > 0) tolerateNotFound(() => api.update(withoutOwnerRefs(obj, drop)));
      return;
    }
    const waiting = states.includes('waiting');
    const policy: PropagationPolicy = waiting && hasDependents(obj.metadata.uid!) ? 'Foreground' : ownPolicy(obj);
    tolerateNotFound(() => {
      api.delete(def, obj.metadata.namespace, obj.metadata.name!, {
        propagationPolicy: policy,
        preconditions: { uid: obj.metadata.uid },
      });
    });
  };

  const controller: Controller = new Controller({
    name: 'garbage-collector',
    clock,
    sync: (key) => {
      const colon = key.indexOf(':');
      const informer = byId.get(key.slice(0, colon));
      if (!informer) return;
      const { namespace, name } = splitKey(key.slice(colon + 1));
      const obj = informer.get(namespace || undefined, name);
      if (!obj) return;
      if (obj.metadata.deletionTimestamp) {
        if (hasFinalizer(obj, FINALIZER_ORPHAN)) {
          orphan(obj);
          return;
        }
        if (hasFinalizer(obj, FINALIZER_FOREGROUND)) return foreground(obj);
        // Being deleted without a GC finalizer: its dependents are handled once it is gone.
        return;
      }
      collect(informer.kind, obj);
      return;
    },
  });

  for (const informer of all) {
    const def = informer.kind;
    controller.handle(informer, {
      onAdd: (obj): Keys => keysOf(def, obj, false),
      onUpdate: (oldObj, newObj): Keys => {
        // Like the graph builder (processGraphChanges), only a change of references, deletion or
        // finalizers concerns the collector: status writes (a pod's, a lease's renewal) do not.
        if (sameCollectorMeta(oldObj.metadata, newObj.metadata)) return undefined;
        const keys = keysOf(def, newObj, !!newObj.metadata.deletionTimestamp && !oldObj.metadata.deletionTimestamp);
        // References the update removed still concern those owners (a foreground owner may be unblocked).
        for (const ref of oldObj.metadata.ownerReferences ?? []) {
          const k = ownerKey(oldObj, ref);
          if (k) keys.push(k);
        }
        return keys;
      },
      onDelete: (obj): Keys => keysOf(def, obj, true),
    });
  }
  return controller;
}
