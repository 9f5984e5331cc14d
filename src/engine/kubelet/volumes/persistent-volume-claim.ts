// persistentVolumeClaim: the PersistentVolume the claim is bound to, mounted where that volume's
// data lives, so it outlives the pod and follows the claim to the next pod:
//  - hostPath and local volumes (kind's local-path provisioner makes hostPath ones) are a
//    directory of the node's own disk: data stays on that node, which the volume's node affinity
//    makes every later pod of the claim run on; a hand-made hostPath PV without node affinity
//    shows each node's own directory, as on a real cluster;
//  - every other source (csi, nfs, cloud disks) is network storage: one tree per volume for the
//    whole cluster, reachable from every node.
// Until the claim exists, is bound and its volume exists, the volume is not set up and the pod
// waits in ContainerCreating with no FailedMount event (the kubelet's desired-state populator has
// not added the volume yet; after podAttachAndMountTimeout the pod sync reports the timeout).

import type { KObject } from '../../../k8s/types';
import type { ApiServer } from '../../api/apiserver';
import { persistentVolumeClaimKind, persistentVolumeKind } from '../../api/kinds';
import { FileTree, normalizePath } from '../container/file-tree';
import type { VolumePlugin } from './types';

/** Network volumes' data, per cluster (its API server) and volume name. */
const networkVolumes = new WeakMap<ApiServer, Map<string, FileTree>>();

function networkTree(api: ApiServer, pv: KObject): FileTree {
  let volumes = networkVolumes.get(api);
  if (!volumes) networkVolumes.set(api, (volumes = new Map()));
  // Keyed by uid too: a new volume of the same name starts empty.
  const key = `${pv.metadata.name}/${pv.metadata.uid}`;
  let tree = volumes.get(key);
  if (!tree) volumes.set(key, (tree = new FileTree()));
  return tree;
}

export const persistentVolumeClaimPlugin: VolumePlugin = {
  source: 'persistentVolumeClaim',
  requiresRemount: false,
  readOnly: false,
  setUp: (host, pod, volume) => {
    const ns = pod.metadata.namespace ?? '';
    const claimName = String(volume.persistentVolumeClaim?.claimName ?? '');
    const claim = host.api.tryGet(persistentVolumeClaimKind, ns, claimName);
    const waiting = (why: string) => ({
      ok: false as const,
      pending: true,
      message: `error processing PVC ${ns}/${claimName}: ${why}`,
    });
    if (!claim) return waiting(`failed to fetch PVC from API server: persistentvolumeclaims "${claimName}" not found`);
    const volumeName: string = claim.spec?.volumeName ?? '';
    if (!volumeName || claim.status?.phase !== 'Bound') return waiting('PVC is not bound');
    const pv = host.api.tryGet(persistentVolumeKind, undefined, volumeName);
    if (!pv) return waiting(`failed to fetch PV ${volumeName} from API server: persistentvolumes "${volumeName}" not found`);
    const local = pv.spec?.hostPath ?? pv.spec?.local;
    if (local) {
      const path = normalizePath(String(local.path ?? '/'));
      const existing = host.nodeDisk.get(path);
      if (pv.spec?.local && existing?.kind !== 'dir') {
        return { ok: false, message: `path "${path}" does not exist` };
      }
      if (!existing) host.nodeDisk.mkdirs(path);
      return { ok: true, tree: host.nodeDisk, root: path };
    }
    return { ok: true, tree: networkTree(host.api, pv) };
  },
};
