// PersistentVolume controller (pkg/controller/volume/persistentvolume/pv_controller.go): binds
// claims to volumes, asks for provisioning, and moves volumes through their phases.
//
// Watches PVCs and PVs (their own keys; a PV event also wakes the claim its claimRef names) and
// StorageClasses (a class created late wakes its waiting claims). Unbound claims are re-synced
// every 15 s (the --pvclaimbinder-sync-period resync), which is why ExternalProvisioning and
// ProvisioningFailed events repeat "(xN over …)".
//
// syncClaim, unbound claim (no spec.volumeName):
//  - the best matching volume (volume-matching.ts) is bound: PV spec.claimRef (annotated
//    bound-by-controller when the controller chose it), PV phase Bound, PVC spec.volumeName with
//    bind-completed / bound-by-controller, PVC status Bound with the volume's capacity and modes;
//  - none, class WaitForFirstConsumer and no selected-node yet: Normal WaitForFirstConsumer;
//  - none and a class name: provisionClaim — a missing class is Warning ProvisioningFailed
//    `storageclass.storage.k8s.io "x" not found`; otherwise the claim is annotated with the
//    class's provisioner and Normal ExternalProvisioning says it waits for it (every provisioner
//    is external here, as rancher.io/local-path is on kind);
//  - none and no class: Normal FailedBinding.
// A claim pre-bound by its author (spec.volumeName set, no bind-completed annotation) binds to
// that volume once it is free; a bound claim whose volume is gone is Lost (Warning ClaimLost).
//
// syncVolume: no claimRef → Available; claimRef to an existing claim → Bound (or wakes the claim
// to finish binding); claimRef to a claim that is gone → Released, then the reclaim policy:
// Retain keeps it Released, Delete of a provisioned volume is the provisioner's (it deletes the
// PV), Delete of a hand-made volume fails as upstream's missing deleter plugin does (Failed,
// Warning VolumeFailedDelete). Recycle is deprecated and not simulated: the volume stays Released.

import type { KObject } from '../../../k8s/types';
import type { ApiServer } from '../../api/apiserver';
import { isApiError } from '../../api/errors';
import { persistentVolumeClaimKind, persistentVolumeKind, storageClassKind } from '../../api/kinds';
import { storageClassOf } from '../../api/kinds/persistentvolume';
import { isDefaultStorageClass } from '../../api/kinds/storageclass';
import { defaultStorageClass } from '../../api/admission-plugins/storage';
import type { Clock } from '../../clock/clock';
import { Controller } from '../../runtime/controller';
import type { Recorder } from '../../runtime/events';
import { keyFor, objectKey, splitKey, type Informer, type InformerFactory } from '../../runtime/informer';
import {
  ANN_BETA_STORAGE_PROVISIONER,
  ANN_BIND_COMPLETED,
  ANN_BOUND_BY_CONTROLLER,
  ANN_SELECTED_NODE,
  ANN_STORAGE_PROVISIONER,
  findMatchingVolume,
  isVolumeBoundToClaim,
} from './volume-matching';
import { appendAll } from '../../../k8s/arrays';

export const PV_CONTROLLER = 'persistentvolume-controller';
/** --pvclaimbinder-sync-period. */
export const PV_RESYNC_MS = 15_000;
export const PVS_BY_CLASS_INDEX = 'storageClassName';
const PVCS_BY_CLASS_INDEX = 'storageClassName';
const BETA_CLASS_ANNOTATION = 'volume.beta.kubernetes.io/storage-class';

/** A claim that names no class at all (not even ""), which the default class may still adopt. */
function hasNilClass(claim: KObject): boolean {
  return claim.spec?.storageClassName == null && claim.metadata.annotations?.[BETA_CLASS_ANNOTATION] === undefined;
}
const CLAIM_PREFIX = 'claim:';
const VOLUME_PREFIX = 'volume:';

export interface PersistentVolumeControllerDeps {
  api: ApiServer;
  clock: Clock;
  informers: InformerFactory;
  recorder: Recorder;
}

export function externalProvisioningMessage(provisioner: string): string {
  return `Waiting for a volume to be created either by the external provisioner '${provisioner}' or manually by the system administrator. If volume creation is delayed, please verify that the provisioner is running and correctly registered.`;
}

export class PersistentVolumeController {
  readonly controller: Controller;
  private readonly pvcs: Informer;
  private readonly pvs: Informer;
  private readonly classes: Informer;

  constructor(private readonly deps: PersistentVolumeControllerDeps) {
    this.pvcs = deps.informers.informerFor(persistentVolumeClaimKind);
    this.pvs = deps.informers.informerFor(persistentVolumeKind);
    this.classes = deps.informers.informerFor(storageClassKind);
    if (!this.pvs.hasIndex(PVS_BY_CLASS_INDEX)) this.pvs.addIndex(PVS_BY_CLASS_INDEX, (pv) => [storageClassOf(pv)]);
    if (!this.pvcs.hasIndex(PVCS_BY_CLASS_INDEX)) this.pvcs.addIndex(PVCS_BY_CLASS_INDEX, (c) => [storageClassOf(c)]);
    this.controller = new Controller({ name: PV_CONTROLLER, clock: deps.clock, sync: (key) => this.sync(key) });
    this.controller.handle(this.pvcs, {
      onAdd: (pvc) => CLAIM_PREFIX + objectKey(pvc),
      onUpdate: (_old, pvc) => CLAIM_PREFIX + objectKey(pvc),
      // deleteClaim: the volume it was bound to is released now.
      onDelete: (pvc) => (pvc.spec?.volumeName ? VOLUME_PREFIX + pvc.spec.volumeName : undefined),
    });
    this.controller.watch(this.pvs, (pv) => {
      const keys = [VOLUME_PREFIX + objectKey(pv)];
      const ref = pv.spec?.claimRef;
      if (ref?.name) keys.push(CLAIM_PREFIX + keyFor(ref.namespace, ref.name));
      return keys;
    });
    // A class created or changed after its claims: they are retried at once, not at the resync.
    this.controller.handle(this.classes, {
      onAdd: (sc) => this.waitingClaimsOf(sc),
      onUpdate: (_old, sc) => this.waitingClaimsOf(sc),
    });
  }

  stop(): void {
    this.controller.stop();
  }

  /** The unbound claims of a class (and, for a default class, those naming none). */
  private waitingClaimsOf(sc: KObject): string[] {
    const claims = this.pvcs.byIndex(PVCS_BY_CLASS_INDEX, sc.metadata.name ?? '');
    if (isDefaultStorageClass(sc)) appendAll(claims, this.pvcs.byIndex(PVCS_BY_CLASS_INDEX, '').filter(hasNilClass));
    return claims.filter((c) => !c.spec?.volumeName).map((c) => CLAIM_PREFIX + objectKey(c));
  }

  private sync(key: string) {
    if (key.startsWith(CLAIM_PREFIX)) return this.syncClaim(key.slice(CLAIM_PREFIX.length));
    return this.syncVolume(key.slice(VOLUME_PREFIX.length));
  }

  // ---- claims -------------------------------------------------------------------------------

  private syncClaim(key: string) {
    const { namespace, name } = splitKey(key);
    const claim = this.pvcs.get(namespace, name);
    if (!claim) return undefined;
    const bindCompleted = claim.metadata.annotations?.[ANN_BIND_COMPLETED] !== undefined;
    if (!bindCompleted) return this.syncUnboundClaim(claim);
    return this.syncBoundClaim(claim);
  }

  private syncUnboundClaim(claim: KObject) {
    const recorder = this.deps.recorder;
    const volumeName: string = claim.spec?.volumeName ?? '';
    if (volumeName) {
      // Pre-bound by its author: only that volume will do.
      const volume = this.pvs.get(undefined, volumeName);
      if (!volume) {
        this.setClaimPhase(claim, 'Pending');
        return { requeueAfterMs: PV_RESYNC_MS };
      }
      if (!volume.spec?.claimRef || isVolumeBoundToClaim(volume, claim)) {
        this.bind(volume, claim);
        return undefined;
      }
      recorder.event(claim, 'Warning', 'FailedBinding', `volume "${volumeName}" already bound to a different claim.`);
      this.setClaimPhase(claim, 'Pending');
      return { requeueAfterMs: PV_RESYNC_MS };
    }
    if (hasNilClass(claim)) {
      // Retroactive default StorageClass assignment (GA in 1.28): a claim created while no class
      // was the default gets the one that is now.
      const def = defaultStorageClass(this.classes.list());
      if (def) {
        this.write(() => this.deps.api.update({ ...claim, spec: { ...claim.spec, storageClassName: def.metadata.name } }));
        return undefined;
      }
    }
    const className = storageClassOf(claim);
    const sc = className ? this.classes.get(undefined, className) : undefined;
    const selectedNode = claim.metadata.annotations?.[ANN_SELECTED_NODE];
    const delayBinding = sc?.volumeBindingMode === 'WaitForFirstConsumer' && !selectedNode;
    const volume = findMatchingVolume(claim, this.pvs.byIndex(PVS_BY_CLASS_INDEX, className), { delayBinding });
    if (volume) {
      this.bind(volume, claim);
      return undefined;
    }
    if (sc?.volumeBindingMode === 'WaitForFirstConsumer' && !selectedNode) {
      recorder.event(claim, 'Normal', 'WaitForFirstConsumer', 'waiting for first consumer to be created before binding');
    } else if (className) {
      this.provisionClaim(claim, className, sc);
    } else {
      recorder.event(
        claim,
        'Normal',
        'FailedBinding',
        'no persistent volumes available for this claim and no storage class is set',
      );
    }
    this.setClaimPhase(claim, 'Pending');
    return { requeueAfterMs: PV_RESYNC_MS };
  }

  /** provisionClaim for an external provisioner: annotate the claim, say what it waits for. */
  private provisionClaim(claim: KObject, className: string, sc: KObject | undefined): void {
    const recorder = this.deps.recorder;
    if (!sc) {
      recorder.event(claim, 'Warning', 'ProvisioningFailed', `storageclass.storage.k8s.io "${className}" not found`);
      return;
    }
    const provisioner = String(sc.provisioner ?? '');
    const annotations = claim.metadata.annotations ?? {};
    if (annotations[ANN_STORAGE_PROVISIONER] !== provisioner || annotations[ANN_BETA_STORAGE_PROVISIONER] !== provisioner) {
      const updated = this.write(() =>
        this.deps.api.update({
          ...claim,
          metadata: {
            ...claim.metadata,
            annotations: { ...annotations, [ANN_BETA_STORAGE_PROVISIONER]: provisioner, [ANN_STORAGE_PROVISIONER]: provisioner },
          },
        }),
      );
      if (!updated) return;
    }
    recorder.event(claim, 'Normal', 'ExternalProvisioning', externalProvisioningMessage(provisioner));
  }

  private syncBoundClaim(claim: KObject) {
    const volumeName: string = claim.spec?.volumeName ?? '';
    const volume = volumeName ? this.pvs.get(undefined, volumeName) : undefined;
    if (!volume) {
      if (claim.status?.phase !== 'Lost') {
        this.setClaimPhase(claim, 'Lost');
        this.deps.recorder.event(
          claim,
          'Warning',
          'ClaimLost',
          'Bound claim has lost its PersistentVolume. Data on the volume is lost!',
        );
      }
      return undefined;
    }
    if (!volume.spec?.claimRef || isVolumeBoundToClaim(volume, claim)) {
      this.bind(volume, claim);
      return undefined;
    }
    if (claim.status?.phase !== 'Lost') {
      this.setClaimPhase(claim, 'Lost');
      this.deps.recorder.event(
        claim,
        'Warning',
        'ClaimMisbound',
        'Two claims are bound to the same volume, this one is bound incorrectly',
      );
    }
    return undefined;
  }

  /** bind(): volume → claim, volume phase, claim → volume, claim status; each step only if needed. */
  private bind(volumeIn: KObject, claimIn: KObject): void {
    const api = this.deps.api;
    let volume: KObject | undefined = volumeIn;
    const ref = volume.spec?.claimRef;
    if (!ref || ref.uid !== claimIn.metadata.uid) {
      const annotations = { ...(volume.metadata.annotations ?? {}) };
      if (!ref) annotations[ANN_BOUND_BY_CONTROLLER] = 'yes';
      volume = this.write(() =>
        api.update({
          ...volumeIn,
          metadata: { ...volumeIn.metadata, annotations },
          spec: {
            ...volumeIn.spec,
            claimRef: {
              kind: 'PersistentVolumeClaim',
              namespace: claimIn.metadata.namespace,
              name: claimIn.metadata.name,
              uid: claimIn.metadata.uid,
              apiVersion: 'v1',
              resourceVersion: claimIn.metadata.resourceVersion,
            },
          },
        }),
      );
      if (!volume) return;
    }
    if (volume.status?.phase !== 'Bound') {
      const status = { ...(volume.status ?? {}), phase: 'Bound', lastPhaseTransitionTime: api.timestamp() };
      volume = this.write(() => api.updateStatus({ ...volume!, status }));
      if (!volume) return;
    }
    let claim: KObject | undefined = claimIn;
    const annotations = claimIn.metadata.annotations ?? {};
    if (claimIn.spec?.volumeName !== volume.metadata.name || annotations[ANN_BIND_COMPLETED] === undefined) {
      const next: Record<string, string> = { ...annotations, [ANN_BIND_COMPLETED]: 'yes' };
      if (claimIn.spec?.volumeName !== volume.metadata.name) next[ANN_BOUND_BY_CONTROLLER] = 'yes';
      claim = this.write(() =>
        api.update({
          ...claimIn,
          metadata: { ...claimIn.metadata, annotations: next },
          spec: { ...claimIn.spec, volumeName: volume!.metadata.name },
        }),
      );
      if (!claim) return;
    }
    const status = claim.status ?? {};
    const capacity = volume.spec?.capacity ?? {};
    const modes = volume.spec?.accessModes ?? [];
    if (
      status.phase !== 'Bound' ||
      JSON.stringify(status.capacity ?? {}) !== JSON.stringify(capacity) ||
      JSON.stringify(status.accessModes ?? []) !== JSON.stringify(modes)
    ) {
      this.write(() => api.updateStatus({ ...claim!, status: { ...status, phase: 'Bound', accessModes: modes, capacity } }));
    }
  }

  private setClaimPhase(claim: KObject, phase: string): void {
    if (claim.status?.phase === phase) return;
    this.write(() => this.deps.api.updateStatus({ ...claim, status: { ...(claim.status ?? {}), phase } }));
  }

  // ---- volumes ------------------------------------------------------------------------------

  private syncVolume(key: string) {
    const volume = this.pvs.get(undefined, splitKey(key).name);
    if (!volume) return undefined;
    const ref = volume.spec?.claimRef;
    if (!ref) {
      this.setVolumePhase(volume, 'Available');
      return undefined;
    }
    const found = this.pvcs.get(ref.namespace, ref.name ?? '');
    if (!ref.uid) {
      // Pre-bound by the administrator to a claim that may not exist yet.
      this.setVolumePhase(volume, 'Available');
      if (found) this.controller.enqueue(CLAIM_PREFIX + objectKey(found));
      return undefined;
    }
    const claim = found && found.metadata.uid === ref.uid ? found : undefined;
    if (claim) {
      if (claim.spec?.volumeName === volume.metadata.name) this.setVolumePhase(volume, 'Bound');
      else if (!claim.spec?.volumeName) this.controller.enqueue(CLAIM_PREFIX + objectKey(claim));
      else if (volume.metadata.annotations?.[ANN_BOUND_BY_CONTROLLER]) this.unbind(volume);
      else this.setVolumePhase(volume, 'Released');
      return undefined;
    }
    if (volume.status?.phase === 'Released' || volume.status?.phase === 'Failed') return undefined;
    const released = this.setVolumePhase(volume, 'Released');
    if (
      released &&
      volume.spec?.persistentVolumeReclaimPolicy === 'Delete' &&
      !volume.metadata.annotations?.['pv.kubernetes.io/provisioned-by']
    ) {
      const message = `error getting deleter volume plugin for volume "${volume.metadata.name}": no deletable volume plugin matched`;
      const failed = { ...(released.status ?? {}), phase: 'Failed', message, lastPhaseTransitionTime: this.deps.api.timestamp() };
      this.write(() => this.deps.api.updateStatus({ ...released, status: failed }));
      this.deps.recorder.event(released, 'Warning', 'VolumeFailedDelete', message);
    }
    return undefined;
  }

  /** unbindVolume: a volume the controller bound to a claim that now uses another one is free again. */
  private unbind(volume: KObject): void {
    const annotations = { ...(volume.metadata.annotations ?? {}) };
    delete annotations[ANN_BOUND_BY_CONTROLLER];
    const spec = { ...volume.spec };
    delete spec.claimRef;
    const updated = this.write(() => this.deps.api.update({ ...volume, metadata: { ...volume.metadata, annotations }, spec }));
    if (updated) this.setVolumePhase(updated, 'Available');
  }

  private setVolumePhase(volume: KObject, phase: string): KObject | undefined {
    if (volume.status?.phase === phase) return volume;
    // lastPhaseTransitionTime (GA in 1.31): when the phase last changed.
    const status = { ...(volume.status ?? {}), phase, lastPhaseTransitionTime: this.deps.api.timestamp() };
    delete status.message;
    delete status.reason;
    return this.write(() => this.deps.api.updateStatus({ ...volume, status }));
  }

  /** A write that lost a race (conflict, gone) is dropped: the informer event re-syncs the key. */
  private write(fn: () => KObject): KObject | undefined {
    try {
      return fn();
    } catch (e) {
      if (isApiError(e, 'Conflict') || isApiError(e, 'NotFound')) return undefined;
      throw e;
    }
  }
}

export function startPersistentVolumeController(deps: PersistentVolumeControllerDeps): PersistentVolumeController {
  return new PersistentVolumeController(deps);
}
