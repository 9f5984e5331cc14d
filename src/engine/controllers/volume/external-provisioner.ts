// The playground's external provisioners (what sig-storage-lib-external-provisioner runs inside a
// provisioner pod, e.g. kind's local-path-provisioner): for a claim the PV controller annotated
// with their name (volume.kubernetes.io/storage-provisioner) they create the PersistentVolume,
// and they delete the volumes they made once Released with reclaim policy Delete.
//
//  - rancher.io/local-path (kind's `standard`): a directory on one node. It needs the node the
//    scheduler chose (volume.kubernetes.io/selected-node), so with an Immediate class it fails as
//    the real one does (`configuration error, no node was specified`). Its PV is a hostPath with
//    node affinity on kubernetes.io/hostname, which pins every later pod of the claim there.
//  - kubeplay.dev/network: a network volume every node can reach (a CSI volume with no topology).
// Any other provisioner name has nothing serving it: its claims wait with ExternalProvisioning
// events, as on a cluster where that provisioner is not installed.
//
// Events come from the provisioner's identity (`<provisioner>_<pod>_<uuid>`, fixed here so
// transcripts are reproducible): Normal Provisioning, then ProvisioningSucceeded after the
// provisioning time (2 s: the helper pod creating the directory), or Warning ProvisioningFailed.

import type { KObject } from '../../../k8s/types';
import type { ApiServer } from '../../api/apiserver';
import { isApiError } from '../../api/errors';
import { persistentVolumeClaimKind, persistentVolumeKind, storageClassKind } from '../../api/kinds';
import { storageClassOf } from '../../api/kinds/persistentvolume';
import type { Clock } from '../../clock/clock';
import { LOCAL_PATH_PROVISIONER } from '../../cluster/default-storage-class';
import { Controller } from '../../runtime/controller';
import type { EventRecorder } from '../../runtime/events';
import { objectKey, splitKey, type Informer, type InformerFactory } from '../../runtime/informer';
import { ANN_PROVISIONED_BY, ANN_SELECTED_NODE, ANN_STORAGE_PROVISIONER } from './volume-matching';

export const NETWORK_PROVISIONER = 'kubeplay.dev/network';
export const PROVISIONING_TIME_MS = 2_000;
const RETRY_MS = 15_000;
const LOCAL_PATH_ROOT = '/var/local-path-provisioner';

interface SimulatedProvisioner {
  name: string;
  identity: string;
  /** Node-local volumes need the selected node. */
  local: boolean;
}

export const SIMULATED_PROVISIONERS: readonly SimulatedProvisioner[] = [
  {
    name: LOCAL_PATH_PROVISIONER,
    identity: 'rancher.io/local-path_local-path-provisioner-7577fdbbfb-4hq6d_0f4c3a2e-5d7b-4c1e-9a8f-2b6e1d3c4a5f',
    local: true,
  },
  {
    name: NETWORK_PROVISIONER,
    identity: 'kubeplay.dev/network_network-provisioner-0_5b1d9c3e-2a4f-4e6b-8c7d-9e0f1a2b3c4d',
    local: false,
  },
];

export interface ExternalProvisionerDeps {
  api: ApiServer;
  clock: Clock;
  informers: InformerFactory;
  events: EventRecorder;
}

/** The PV a provisioner makes for a claim. */
export function provisionedVolume(p: SimulatedProvisioner, claim: KObject, sc: KObject, node: string | undefined): KObject {
  const name = `pvc-${claim.metadata.uid}`;
  const ns = claim.metadata.namespace ?? '';
  const annotations: Record<string, string> = { [ANN_PROVISIONED_BY]: p.name };
  const spec: Record<string, unknown> = {
    accessModes: claim.spec?.accessModes ?? [],
    capacity: { storage: claim.spec?.resources?.requests?.storage },
    claimRef: {
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      name: claim.metadata.name,
      namespace: ns,
      resourceVersion: claim.metadata.resourceVersion,
      uid: claim.metadata.uid,
    },
    persistentVolumeReclaimPolicy: sc.reclaimPolicy ?? 'Delete',
    storageClassName: sc.metadata.name,
    volumeMode: claim.spec?.volumeMode ?? 'Filesystem',
  };
  if (p.local) {
    annotations['local.path.provisioner/selected-node'] = node ?? '';
    spec.hostPath = { path: `${LOCAL_PATH_ROOT}/${name}_${ns}_${claim.metadata.name}`, type: 'DirectoryOrCreate' };
    spec.nodeAffinity = {
      required: {
        nodeSelectorTerms: [{ matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: [node] }] }],
      },
    };
  } else {
    spec.csi = { driver: p.name, volumeHandle: name, fsType: 'ext4' };
  }
  return { apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name, annotations }, spec };
}

export class ExternalProvisioners {
  readonly controller: Controller;
  private readonly pvcs: Informer;
  private readonly pvs: Informer;
  private readonly classes: Informer;
  /** Claim keys being provisioned → when the volume is ready. */
  private readonly inProgress = new Map<string, number>();

  constructor(private readonly deps: ExternalProvisionerDeps) {
    this.pvcs = deps.informers.informerFor(persistentVolumeClaimKind);
    this.pvs = deps.informers.informerFor(persistentVolumeKind);
    this.classes = deps.informers.informerFor(storageClassKind);
    this.controller = new Controller({ name: 'external-provisioners', clock: deps.clock, sync: (key) => this.sync(key) });
    this.controller.watch(this.pvcs, (pvc) => (this.provisionerOf(pvc) ? `claim:${objectKey(pvc)}` : undefined));
    this.controller.watch(this.pvs, (pv) =>
      pv.status?.phase === 'Released' && this.provisioner(pv.metadata.annotations?.[ANN_PROVISIONED_BY])
        ? `volume:${pv.metadata.name}`
        : undefined,
    );
  }

  stop(): void {
    this.controller.stop();
  }

  private provisioner(name: string | undefined): SimulatedProvisioner | undefined {
    return SIMULATED_PROVISIONERS.find((p) => p.name === name);
  }

  private provisionerOf(pvc: KObject): SimulatedProvisioner | undefined {
    return this.provisioner(pvc.metadata.annotations?.[ANN_STORAGE_PROVISIONER]);
  }

  private sync(key: string) {
    if (key.startsWith('volume:')) return this.syncVolume(key.slice('volume:'.length));
    return this.syncClaim(key.slice('claim:'.length));
  }

  private syncClaim(key: string) {
    const { namespace, name } = splitKey(key);
    const claim = this.pvcs.get(namespace, name);
    const p = claim && this.provisionerOf(claim);
    if (!claim || !p || claim.spec?.volumeName || claim.metadata.deletionTimestamp) {
      this.inProgress.delete(key);
      return undefined;
    }
    const sc = this.classes.get(undefined, storageClassOf(claim));
    if (!sc || sc.provisioner !== p.name) return undefined;
    const node = claim.metadata.annotations?.[ANN_SELECTED_NODE];
    // The external provisioner leaves WaitForFirstConsumer claims to the scheduler.
    if (sc.volumeBindingMode === 'WaitForFirstConsumer' && !node) return undefined;
    const recorder = this.deps.events.recorder(p.identity);
    if (this.pvs.get(undefined, `pvc-${claim.metadata.uid}`)) return undefined;
    if (p.local && !node) {
      recorder.event(
        claim,
        'Warning',
        'ProvisioningFailed',
        `failed to provision volume with StorageClass "${sc.metadata.name}": configuration error, no node was specified`,
      );
      return { requeueAfterMs: RETRY_MS };
    }
    const now = this.deps.clock.now();
    const readyAt = this.inProgress.get(key);
    if (readyAt === undefined) {
      recorder.event(claim, 'Normal', 'Provisioning', `External provisioner is provisioning volume for claim "${key}"`);
      this.inProgress.set(key, now + PROVISIONING_TIME_MS);
      return { requeueAfterMs: PROVISIONING_TIME_MS };
    }
    if (now < readyAt) return { requeueAfterMs: readyAt - now };
    this.inProgress.delete(key);
    const pv = provisionedVolume(p, claim, sc, node);
    try {
      this.deps.api.create(pv);
    } catch (e) {
      if (!isApiError(e, 'AlreadyExists')) throw e;
    }
    recorder.event(claim, 'Normal', 'ProvisioningSucceeded', `Successfully provisioned volume ${pv.metadata.name}`);
    return undefined;
  }

  /** A Released volume of ours with reclaim policy Delete is removed (the data with it). */
  private syncVolume(name: string) {
    const pv = this.pvs.get(undefined, name);
    if (!pv || pv.metadata.deletionTimestamp || pv.status?.phase !== 'Released') return undefined;
    if (pv.spec?.persistentVolumeReclaimPolicy !== 'Delete') return undefined;
    try {
      this.deps.api.delete(persistentVolumeKind, undefined, name);
    } catch (e) {
      if (!isApiError(e, 'NotFound')) throw e;
    }
    return undefined;
  }
}

export function startExternalProvisioners(deps: ExternalProvisionerDeps): ExternalProvisioners {
  return new ExternalProvisioners(deps);
}
