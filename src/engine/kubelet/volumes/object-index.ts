// Which pods mount which ConfigMaps and Secrets, so that an update reaches exactly the pods whose
// files it changes (the kubelet's watch-based configmap/secret managers register the objects a
// pod references when the pod is added and drop them when it goes). Keyed by object, never
// scanned.

import type { KObject } from '../../../k8s/types';
import { Interner, StringInterner } from '../../runtime/string-interner';

export type ReferencedKind = 'configmap' | 'secret';

const key = (kind: ReferencedKind, namespace: string, name: string) => keyStrings.intern(`${kind}/${namespace}/${name}`);

/** Every pod of a namespace mounts its kube-root-ca.crt: one key string, and one list of them, for all. */
const keyStrings = new StringInterner();
const keyLists = new Interner<readonly string[]>();

/** The ConfigMaps and Secrets a pod's volumes project (configMap, secret, projected sources). */
export function mountedObjectKeys(pod: KObject): readonly string[] {
  const ns = pod.metadata.namespace ?? '';
  const found = new Set<string>();
  for (const v of (pod.spec?.volumes ?? []) as any[]) {
    if (typeof v?.configMap?.name === 'string') found.add(key('configmap', ns, v.configMap.name));
    if (typeof v?.secret?.secretName === 'string') found.add(key('secret', ns, v.secret.secretName));
    for (const s of (v?.projected?.sources ?? []) as any[]) {
      if (typeof s?.configMap?.name === 'string') found.add(key('configmap', ns, s.configMap.name));
      if (typeof s?.secret?.name === 'string') found.add(key('secret', ns, s.secret.name));
    }
  }
  const list = [...found];
  const id = list.join('\n');
  return keyLists.getOrAdd(id, () => Object.freeze(list));
}

/**
 * Told when an object its pod mounts changes: an object with a method (the pod's worker), not a
 * closure, which would cost a function and a context for every pod.
 */
export interface MountedObjectListener {
  mountedObjectChanged(): void;
}

export class MountedObjectIndex {
  private readonly byObject = new Map<string, Map<string, MountedObjectListener>>();
  private readonly byPod = new Map<string, readonly string[]>();

  /** Tracks the objects `pod` mounts; `listener` is told when one of them changes. */
  track(pod: KObject, listener: MountedObjectListener): void {
    const uid = pod.metadata.uid!;
    this.untrack(uid);
    const keys = mountedObjectKeys(pod);
    if (keys.length === 0) return;
    this.byPod.set(uid, keys);
    for (const k of keys) {
      let pods = this.byObject.get(k);
      if (!pods) this.byObject.set(k, (pods = new Map()));
      pods.set(uid, listener);
    }
  }

  untrack(uid: string): void {
    const keys = this.byPod.get(uid);
    if (!keys) return;
    this.byPod.delete(uid);
    for (const k of keys) {
      const pods = this.byObject.get(k);
      pods?.delete(uid);
      if (pods?.size === 0) this.byObject.delete(k);
    }
  }

  /** An object changed (added, updated or deleted): every pod mounting it is told. */
  changed(kind: ReferencedKind, namespace: string, name: string): void {
    const pods = this.byObject.get(key(kind, namespace, name));
    if (!pods) return;
    for (const listener of [...pods.values()]) listener.mountedObjectChanged();
  }
}
