// Matching claims to volumes (pkg/controller/volume/persistentvolume/index.go findByClaim and
// pkg/volume/util FindMatchingVolume), shared by the PV controller and the scheduler's
// VolumeBinding plugin: a volume fits a claim when it is pre-bound to it, or when it is free and
// has the claim's class and volume mode, every access mode the claim asks for, at least the
// requested size, the claim's selector's labels and (with a node) node affinity for that node.
// Among the free ones the smallest wins; a volume pre-bound to the claim wins outright.

import { selectorFromLabelSelector } from '../../../k8s/labels';
import { parseQuantity, type Quantity } from '../../../k8s/quantity';
import type { KObject } from '../../../k8s/types';
import { storageClassOf } from '../../api/kinds/persistentvolume';
import { nodeMatchesNodeSelectorTerms } from '../../scheduler/plugins/node-affinity';

export const ANN_BIND_COMPLETED = 'pv.kubernetes.io/bind-completed';
export const ANN_BOUND_BY_CONTROLLER = 'pv.kubernetes.io/bound-by-controller';
export const ANN_SELECTED_NODE = 'volume.kubernetes.io/selected-node';
export const ANN_STORAGE_PROVISIONER = 'volume.kubernetes.io/storage-provisioner';
export const ANN_BETA_STORAGE_PROVISIONER = 'volume.beta.kubernetes.io/storage-provisioner';
export const ANN_PROVISIONED_BY = 'pv.kubernetes.io/provisioned-by';

function quantity(v: unknown): Quantity | undefined {
  try {
    return typeof v === 'string' || typeof v === 'number' ? parseQuantity(v) : undefined;
  } catch {
    return undefined;
  }
}

export function claimRequest(claim: KObject): Quantity | undefined {
  return quantity(claim.spec?.resources?.requests?.storage);
}

export function volumeCapacity(pv: KObject): Quantity | undefined {
  return quantity(pv.spec?.capacity?.storage);
}

/** IsVolumeBoundToClaim: claimRef names the claim (and its uid, when the ref has one). */
export function isVolumeBoundToClaim(pv: KObject, claim: KObject): boolean {
  const ref = pv.spec?.claimRef;
  if (!ref) return false;
  if (ref.name !== claim.metadata.name || ref.namespace !== claim.metadata.namespace) return false;
  return !ref.uid || ref.uid === claim.metadata.uid;
}

/** CheckNodeAffinity: a volume without node affinity is reachable from every node. */
export function volumeFitsNode(pv: KObject, node: KObject): boolean {
  const required = pv.spec?.nodeAffinity?.required;
  if (!required) return true;
  return nodeMatchesNodeSelectorTerms(node, required.nodeSelectorTerms);
}

function accessModesContain(have: unknown, want: unknown): boolean {
  const h = Array.isArray(have) ? have : [];
  return (Array.isArray(want) ? want : []).every((m) => h.includes(m));
}

/**
 * FindMatchingVolume. `node`: only volumes reachable from it (the scheduler's check).
 * `delayBinding` without a node: free volumes are left for the scheduler (WaitForFirstConsumer).
 */
export function findMatchingVolume(
  claim: KObject,
  volumes: Iterable<KObject>,
  options: { node?: KObject; delayBinding?: boolean; excluded?: ReadonlySet<string> } = {},
): KObject | undefined {
  const request = claimRequest(claim);
  const className = storageClassOf(claim);
  const mode = claim.spec?.volumeMode ?? 'Filesystem';
  let selector;
  try {
    selector = claim.spec?.selector ? selectorFromLabelSelector(claim.spec.selector) : undefined;
  } catch {
    return undefined;
  }
  let best: KObject | undefined;
  let bestSize: Quantity | undefined;
  for (const pv of volumes) {
    if (options.excluded?.has(pv.metadata.name ?? '')) continue;
    if (pv.metadata.deletionTimestamp) continue;
    if ((pv.spec?.volumeMode ?? 'Filesystem') !== mode) continue;
    const size = volumeCapacity(pv);
    if (!size || (request && size.cmp(request) < 0)) continue;
    if (isVolumeBoundToClaim(pv, claim)) {
      if (options.node && !volumeFitsNode(pv, options.node)) continue;
      return pv;
    }
    if (pv.spec?.claimRef) continue;
    if (pv.status?.phase !== 'Available' && pv.status?.phase !== 'Pending') continue;
    if (storageClassOf(pv) !== className) continue;
    if (!accessModesContain(pv.spec?.accessModes, claim.spec?.accessModes)) continue;
    if (selector && !selector.matches(pv.metadata.labels)) continue;
    if (options.node ? !volumeFitsNode(pv, options.node) : options.delayBinding) continue;
    if (!bestSize || size.cmp(bestSize) < 0) {
      best = pv;
      bestSize = size;
    }
  }
  return best;
}
