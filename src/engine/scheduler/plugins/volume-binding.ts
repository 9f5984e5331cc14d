// VolumeBinding (pkg/scheduler/framework/plugins/volumebinding): a pod's PersistentVolumeClaims
// decide where it can run.
//  - PreFilter: no claims → Skip. A missing claim → `persistentvolumeclaim "x" not found`, one being
//    deleted → `persistentvolumeclaim "x" is being deleted`, an unbound claim of an Immediate (or
//    missing) class → `pod has unbound immediate PersistentVolumeClaims` — all
//    UnschedulableAndUnresolvable, so no node is tried.
//  - Filter: a bound claim's volume must exist (`node(s) unavailable due to one or more pvc(s)
//    bound to non-existent pv(s)`) and be reachable from the node (`node(s) had volume node
//    affinity conflict`); an unbound WaitForFirstConsumer claim needs a free matching volume
//    reachable from the node, or a class that can provision (`node(s) didn't find available
//    persistent volumes to bind` otherwise; `kubernetes.io/no-provisioner` provisions nothing).
//  - PreBind (preBindVolumes): for each unbound WaitForFirstConsumer claim, the chosen static
//    volume gets the claim in its claimRef, or the claim gets `volume.kubernetes.io/selected-node`
//    so the PV controller and the provisioner act for that node.
//  - then the binding cycle waits (up to bindTimeoutSeconds, 600 s) until every claim of the pod
//    is bound (claimsBound) before the pod itself is bound: a pod whose volume is being
//    provisioned stays Pending, without a node, meanwhile.

import type { KObject } from '../../../k8s/types';
import type { ApiServer } from '../../api/apiserver';
import { isApiError } from '../../api/errors';
import { persistentVolumeClaimKind, persistentVolumeKind, storageClassKind } from '../../api/kinds';
import { storageClassOf } from '../../api/kinds/persistentvolume';
import { podClaimNames } from '../../controllers/volume/pod-claims';
import { ANN_SELECTED_NODE, findMatchingVolume, volumeFitsNode } from '../../controllers/volume/volume-matching';
import type { Informer, InformerFactory } from '../../runtime/informer';
import { SUCCESS, unresolvable, type CycleState, type FilterPlugin, type Status } from '../framework/types';
import { rejection, SKIP } from './helpers';

export const NAME = 'VolumeBinding';
export const ERR_UNBOUND_IMMEDIATE = 'pod has unbound immediate PersistentVolumeClaims';
export const ERR_NODE_CONFLICT = 'node(s) had volume node affinity conflict';
export const ERR_BIND_CONFLICT = "node(s) didn't find available persistent volumes to bind";
export const ERR_PV_NOT_EXIST = 'node(s) unavailable due to one or more pvc(s) bound to non-existent pv(s)';
export const NO_PROVISIONER = 'kubernetes.io/no-provisioner';
const PVS_BY_CLASS_INDEX = 'storageClassName';

interface PodVolumes {
  /** Volume names of the pod's bound claims. */
  bound: string[];
  /** Unbound claims of WaitForFirstConsumer classes, with their class. */
  delayed: { claim: KObject; sc: KObject }[];
}

export interface VolumeListers {
  pvcs: Informer;
  pvs: Informer;
  classes: Informer;
}

export function volumeListers(informers: InformerFactory): VolumeListers {
  const pvs = informers.informerFor(persistentVolumeKind);
  if (!pvs.hasIndex(PVS_BY_CLASS_INDEX)) pvs.addIndex(PVS_BY_CLASS_INDEX, (pv) => [storageClassOf(pv)]);
  return {
    pvcs: informers.informerFor(persistentVolumeClaimKind),
    pvs,
    classes: informers.informerFor(storageClassKind),
  };
}

function delayed(claim: KObject, listers: VolumeListers): KObject | undefined {
  const sc = listers.classes.get(undefined, storageClassOf(claim));
  return sc?.volumeBindingMode === 'WaitForFirstConsumer' ? sc : undefined;
}

export function volumeBinding(listers: VolumeListers): FilterPlugin {
  const nodeConflict = rejection(NAME, 'UnschedulableAndUnresolvable', ERR_NODE_CONFLICT);
  const bindConflict = rejection(NAME, 'UnschedulableAndUnresolvable', ERR_BIND_CONFLICT);
  const pvMissing = rejection(NAME, 'UnschedulableAndUnresolvable', ERR_PV_NOT_EXIST);
  return {
    name: NAME,
    preFilter(state: CycleState, pod) {
      const names = podClaimNames(pod.pod);
      if (names.length === 0) return { status: SKIP };
      const ns = pod.pod.metadata.namespace ?? '';
      const volumes: PodVolumes = { bound: [], delayed: [] };
      for (const name of names) {
        const claim = listers.pvcs.get(ns, name);
        if (!claim) return { status: unresolvable(`persistentvolumeclaim "${name}" not found`) };
        if (claim.metadata.deletionTimestamp) return { status: unresolvable(`persistentvolumeclaim "${name}" is being deleted`) };
        if (claim.spec?.volumeName) {
          volumes.bound.push(claim.spec.volumeName);
          continue;
        }
        const sc = delayed(claim, listers);
        if (!sc) return { status: unresolvable(ERR_UNBOUND_IMMEDIATE) };
        volumes.delayed.push({ claim, sc });
      }
      state.set(NAME, volumes);
      return undefined;
    },
    filter(state, _pod, node): Status {
      const volumes = state.get(NAME) as PodVolumes | undefined;
      if (!volumes) return SUCCESS;
      for (const name of volumes.bound) {
        const pv = listers.pvs.get(undefined, name);
        if (!pv) return pvMissing;
        if (!volumeFitsNode(pv, node.node)) return nodeConflict;
      }
      const chosen = new Set<string>();
      for (const { claim, sc } of volumes.delayed) {
        const pv = findMatchingVolume(claim, listers.pvs.byIndex(PVS_BY_CLASS_INDEX, storageClassOf(claim)), {
          node: node.node,
          excluded: chosen,
        });
        if (pv) chosen.add(pv.metadata.name ?? '');
        else if (sc.provisioner === NO_PROVISIONER) return bindConflict;
      }
      return SUCCESS;
    },
  };
}

/** bindTimeoutSeconds: how long PreBind waits for the claims to be bound. */
export const BIND_TIMEOUT_MS = 600_000;

/** checkBindings: every claim of the pod exists and is Bound to a volume. */
export function claimsBound(listers: VolumeListers, pod: KObject): boolean {
  const ns = pod.metadata.namespace ?? '';
  for (const name of podClaimNames(pod)) {
    const claim = listers.pvcs.get(ns, name);
    if (!claim?.spec?.volumeName || claim.status?.phase !== 'Bound') return false;
  }
  return true;
}

/**
 * What ends a PreBind wait before its timeout (upstream checkBindings, polled): a claim of the pod
 * that is gone from the cache. Returns the binding cycle's error, or undefined to keep waiting.
 */
export function volumeWaitError(listers: VolumeListers, pod: KObject): string | undefined {
  const ns = pod.metadata.namespace ?? '';
  for (const name of podClaimNames(pod)) {
    if (!listers.pvcs.get(ns, name)) {
      return `running PreBind plugin "VolumeBinding": binding volumes: failed to check provisioning pvc: PersistentVolumeClaim "${ns}/${name}" not found`;
    }
  }
  return undefined;
}

/**
 * PreBind: binds each unbound WaitForFirstConsumer claim of the pod for `node` — a matching free
 * volume is given the claim (the PV controller completes the binding), otherwise the claim is
 * annotated with the selected node (the PV controller then asks its provisioner). Returns an
 * error message when a write failed.
 */
export function preBindVolumes(api: ApiServer, listers: VolumeListers, pod: KObject, node: KObject): string | undefined {
  const ns = pod.metadata.namespace ?? '';
  const chosen = new Set<string>();
  for (const name of podClaimNames(pod)) {
    const claim = listers.pvcs.get(ns, name);
    if (!claim || claim.spec?.volumeName || !delayed(claim, listers)) continue;
    const pv = findMatchingVolume(claim, listers.pvs.byIndex(PVS_BY_CLASS_INDEX, storageClassOf(claim)), {
      node,
      excluded: chosen,
    });
    try {
      if (pv) {
        chosen.add(pv.metadata.name ?? '');
        if (pv.spec?.claimRef) continue;
        api.update({
          ...pv,
          metadata: {
            ...pv.metadata,
            annotations: { ...(pv.metadata.annotations ?? {}), 'pv.kubernetes.io/bound-by-controller': 'yes' },
          },
          spec: {
            ...pv.spec,
            claimRef: {
              kind: 'PersistentVolumeClaim',
              namespace: ns,
              name,
              uid: claim.metadata.uid,
              apiVersion: 'v1',
              resourceVersion: claim.metadata.resourceVersion,
            },
          },
        });
      } else if (claim.metadata.annotations?.[ANN_SELECTED_NODE] !== node.metadata.name) {
        api.update({
          ...claim,
          metadata: {
            ...claim.metadata,
            annotations: { ...(claim.metadata.annotations ?? {}), [ANN_SELECTED_NODE]: node.metadata.name ?? '' },
          },
        });
      }
    } catch (e) {
      if (!isApiError(e)) throw e;
      return `running PreBind plugin "VolumeBinding": binding volumes: ${e.message}`;
    }
  }
  return undefined;
}
