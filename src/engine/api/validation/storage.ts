// Storage validation: storage.k8s.io/v1 StorageClass (pkg/apis/storage/validation
// ValidateStorageClass / ValidateStorageClassUpdate) and core/v1 PersistentVolume and
// PersistentVolumeClaim (pkg/apis/core/validation ValidatePersistentVolume*,
// ValidatePersistentVolumeClaim*), for the fields this build models.
//
// Expects defaulted objects. Every unparsable quantity was refused by the decoder before.

import { isQualifiedName, nameIsDNSSubdomain } from '../../../k8s/names';
import type { KObject } from '../../../k8s/types';
import { field, type FieldError } from '../errors';
import { validateCommonUpdateFields, validateObjectMeta, validateObjectMetaUpdate } from './objectmeta';
import { decodeQuantity } from './resources';
import { validateLabelSelector, validateNodeSelector } from './selectors';
import { asArray, asObj, asString, child, isObj, isSet, key, semanticEqual, validateImmutableField, type Obj } from './util';

export const ACCESS_MODES = ['ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOnce', 'ReadWriteOncePod'];
export const RECLAIM_POLICIES_PV = ['Delete', 'Recycle', 'Retain'];
export const RECLAIM_POLICIES_CLASS = ['Delete', 'Retain'];
export const VOLUME_BINDING_MODES = ['Immediate', 'WaitForFirstConsumer'];
export const VOLUME_MODES = ['Block', 'Filesystem'];
const IS_NOT_POSITIVE = 'must be greater than zero';
const MAX_PROVISIONER_PARAMETER_LEN = 512;
const MAX_PROVISIONER_PARAMETER_SIZE = 256 * 1024;

/** The volume sources a PersistentVolume may have (one of them). */
const PV_SOURCES = [
  'gcePersistentDisk',
  'awsElasticBlockStore',
  'hostPath',
  'glusterfs',
  'nfs',
  'rbd',
  'quobyte',
  'cephfs',
  'iscsi',
  'cinder',
  'fc',
  'flocker',
  'flexVolume',
  'azureFile',
  'vsphereVolume',
  'azureDisk',
  'photonPersistentDisk',
  'portworxVolume',
  'scaleIO',
  'local',
  'storageos',
  'csi',
];

/** ValidateClassName: a DNS subdomain. */
function validateClassName(name: string, path: string): FieldError[] {
  return nameIsDNSSubdomain(name, false).map((msg) => field.invalid(path, name, msg));
}

// ---- StorageClass -----------------------------------------------------------------------------

export function validateStorageClass(sc: KObject): FieldError[] {
  const errs = validateObjectMeta(sc.metadata, { namespaced: false, validateName: nameIsDNSSubdomain });
  const provisioner = asString(sc.provisioner);
  if (provisioner === '') errs.push(field.required('provisioner', provisioner));
  else {
    for (const msg of isQualifiedName(provisioner.toLowerCase())) errs.push(field.invalid('provisioner', provisioner, msg));
  }
  errs.push(...validateParameters(sc.parameters));
  const reclaim = asString(sc.reclaimPolicy);
  if (reclaim !== '' && !RECLAIM_POLICIES_CLASS.includes(reclaim))
    errs.push(field.notSupported('reclaimPolicy', reclaim, RECLAIM_POLICIES_CLASS));
  const mode = sc.volumeBindingMode;
  if (!isSet(mode)) errs.push(field.required('volumeBindingMode', ''));
  else if (!VOLUME_BINDING_MODES.includes(asString(mode)))
    errs.push(field.notSupported('volumeBindingMode', mode, VOLUME_BINDING_MODES));
  return errs;
}

function validateParameters(params: unknown): FieldError[] {
  const entries = Object.entries(asObj(params));
  const errs: FieldError[] = [];
  if (entries.length > MAX_PROVISIONER_PARAMETER_LEN) {
    errs.push(field.tooLong('parameters', MAX_PROVISIONER_PARAMETER_LEN));
    return errs;
  }
  let size = 0;
  for (const [k, v] of entries) {
    if (k === '') errs.push(field.invalid('parameters', k, 'field can not be empty.'));
    size += k.length + asString(v).length;
  }
  if (size > MAX_PROVISIONER_PARAMETER_SIZE) errs.push(field.tooLong('parameters', MAX_PROVISIONER_PARAMETER_SIZE));
  return errs;
}

export function validateStorageClassUpdate(sc: KObject, old: KObject): FieldError[] {
  const errs = [
    ...validateCommonUpdateFields(sc.metadata, old.metadata, false),
    ...validateObjectMetaUpdate(sc.metadata, old.metadata),
    ...validateStorageClass(sc),
  ];
  if (!semanticEqual(sc.parameters, old.parameters))
    errs.push(field.forbidden('parameters', 'updates to parameters are forbidden.'));
  if (asString(sc.provisioner) !== asString(old.provisioner))
    errs.push(field.forbidden('provisioner', 'updates to provisioner are forbidden.'));
  if (asString(sc.reclaimPolicy) !== asString(old.reclaimPolicy))
    errs.push(field.forbidden('reclaimPolicy', 'updates to reclaimPolicy are forbidden.'));
  errs.push(...validateImmutableField(sc.volumeBindingMode, old.volumeBindingMode, 'volumeBindingMode'));
  return errs;
}

// ---- shared by PV and PVC ---------------------------------------------------------------------

/** ValidatePositiveQuantityValue + ValidateResourceQuantityValue for `storage`. */
function validateStorageQuantity(v: unknown, path: string): FieldError[] {
  const q = decodeQuantity(v);
  if (!q) return [];
  if (q.sign() <= 0) return [field.invalid(path, q.toString(), IS_NOT_POSITIVE)];
  return [];
}

function validateAccessModes(modes: unknown, path: string, required: string | undefined): FieldError[] {
  const list = asArray(modes).map(asString);
  const errs: FieldError[] = [];
  if (list.length === 0) errs.push(field.required(path, required ?? ''));
  for (const m of list) if (!ACCESS_MODES.includes(m)) errs.push(field.notSupported(path, m, ACCESS_MODES));
  if (list.includes('ReadWriteOncePod') && list.length > 1)
    errs.push(field.forbidden(path, 'may not use ReadWriteOncePod with other access modes'));
  return errs;
}

function validateVolumeMode(mode: unknown, path: string): FieldError[] {
  if (!isSet(mode)) return [];
  return VOLUME_MODES.includes(asString(mode)) ? [] : [field.notSupported(path, mode, VOLUME_MODES)];
}

// ---- PersistentVolume -------------------------------------------------------------------------

/** ValidatePersistentVolumeSpec (the fields this build models). */
export function validatePersistentVolumeSpec(specIn: unknown, path = 'spec'): FieldError[] {
  const spec = asObj(specIn);
  const errs: FieldError[] = [];
  errs.push(...validateAccessModes(spec.accessModes, child(path, 'accessModes'), undefined));
  const capacity = asObj(spec.capacity);
  const capPath = child(path, 'capacity');
  if (Object.keys(capacity).length === 0) errs.push(field.required(capPath, ''));
  if (!('storage' in capacity) || Object.keys(capacity).length > 1) errs.push(field.notSupported(capPath, capacity, ['storage']));
  for (const [r, q] of Object.entries(capacity)) errs.push(...validateStorageQuantity(q, key(capPath, r)));
  const reclaim = asString(spec.persistentVolumeReclaimPolicy);
  if (reclaim !== '' && !RECLAIM_POLICIES_PV.includes(reclaim))
    errs.push(field.notSupported(child(path, 'persistentVolumeReclaimPolicy'), reclaim, RECLAIM_POLICIES_PV));
  if (asString(spec.storageClassName) !== '')
    errs.push(...validateClassName(asString(spec.storageClassName), child(path, 'storageClassName')));
  errs.push(...validateVolumeMode(spec.volumeMode, child(path, 'volumeMode')));
  const sources = PV_SOURCES.filter((s) => isObj(spec[s]));
  if (sources.length === 0) errs.push(field.required(path, 'must specify a volume type'));
  for (const extra of sources.slice(1)) errs.push(field.forbidden(child(path, extra), 'may not specify more than 1 volume type'));
  if (sources[0] === 'hostPath') {
    const hp = asObj(spec.hostPath);
    if (asString(hp.path) === '') errs.push(field.required(child(path, 'hostPath', 'path'), ''));
  }
  if (sources[0] === 'local') {
    if (asString(asObj(spec.local).path) === '') errs.push(field.required(child(path, 'local', 'path'), ''));
    if (!isObj(spec.nodeAffinity)) errs.push(field.required(child(path, 'nodeAffinity'), 'Local volume requires node affinity'));
  }
  if (isObj(spec.nodeAffinity)) {
    const required = asObj(spec.nodeAffinity).required;
    if (!isObj(required)) errs.push(field.required(child(path, 'nodeAffinity', 'required'), ''));
    else
      errs.push(
        ...validateNodeSelector(required, false, child(path, 'nodeAffinity', 'required'), (n) => nameIsDNSSubdomain(n, false)),
      );
  }
  return errs;
}

export function validatePersistentVolume(pv: KObject): FieldError[] {
  return [
    ...validateObjectMeta(pv.metadata, { namespaced: false, validateName: nameIsDNSSubdomain }),
    ...validatePersistentVolumeSpec(pv.spec),
  ];
}

/** ValidatePersistentVolumeUpdate: the volume source and volumeMode never change. */
export function validatePersistentVolumeUpdate(pv: KObject, old: KObject): FieldError[] {
  const errs = [
    ...validateCommonUpdateFields(pv.metadata, old.metadata, false),
    ...validateObjectMetaUpdate(pv.metadata, old.metadata),
    ...validatePersistentVolumeSpec(pv.spec),
  ];
  const ns = asObj(pv.spec);
  const os = asObj(old.spec);
  const source = (s: Obj) => Object.fromEntries(PV_SOURCES.filter((k) => isSet(s[k])).map((k) => [k, s[k]]));
  if (!semanticEqual(source(ns), source(os)))
    errs.push(field.forbidden('spec.persistentvolumesource', 'spec.persistentvolumesource is immutable after creation'));
  errs.push(...validateImmutableField(ns.volumeMode, os.volumeMode, 'volumeMode'));
  if (isSet(os.nodeAffinity)) errs.push(...validateImmutableField(ns.nodeAffinity, os.nodeAffinity, 'nodeAffinity'));
  return errs;
}

// ---- PersistentVolumeClaim --------------------------------------------------------------------

/** ValidatePersistentVolumeClaimSpec. */
export function validatePersistentVolumeClaimSpec(specIn: unknown, path = 'spec'): FieldError[] {
  const spec = asObj(specIn);
  const errs: FieldError[] = [];
  errs.push(...validateAccessModes(spec.accessModes, child(path, 'accessModes'), 'at least 1 access mode is required'));
  if (isSet(spec.selector)) errs.push(...validateLabelSelector(spec.selector, {}, child(path, 'selector')));
  const requests = asObj(asObj(spec.resources).requests);
  const storagePath = key(child(path, 'resources'), 'storage');
  if (!('storage' in requests)) errs.push(field.required(storagePath, ''));
  else errs.push(...validateStorageQuantity(requests.storage, storagePath));
  if (asString(spec.storageClassName) !== '')
    errs.push(...validateClassName(asString(spec.storageClassName), child(path, 'storageClassName')));
  errs.push(...validateVolumeMode(spec.volumeMode, child(path, 'volumeMode')));
  return errs;
}

export function validatePersistentVolumeClaim(pvc: KObject): FieldError[] {
  return [
    ...validateObjectMeta(pvc.metadata, { namespaced: true, validateName: nameIsDNSSubdomain }),
    ...validatePersistentVolumeClaimSpec(pvc.spec),
  ];
}

const PVC_GO_FIELDS: Record<string, string> = {
  accessModes: 'AccessModes',
  selector: 'Selector',
  resources: 'Resources',
  volumeName: 'VolumeName',
  storageClassName: 'StorageClassName',
  volumeMode: 'VolumeMode',
  dataSource: 'DataSource',
  dataSourceRef: 'DataSourceRef',
  volumeAttributesClassName: 'VolumeAttributesClassName',
};

/**
 * An approximation of cmp.Diff(oldSpec, newSpec) at the level of the PVC spec's fields (the real
 * diff walks into nested values and randomises its whitespace, so it is never byte-exact).
 */
function pvcSpecDiff(oldSpec: Obj, newSpec: Obj): string {
  const lines = ['  core.PersistentVolumeClaimSpec{'];
  let identical = 0;
  const flush = () => {
    if (identical > 0) lines.push(`  \t... // ${identical} identical field${identical === 1 ? '' : 's'}`);
    identical = 0;
  };
  for (const [k, goName] of Object.entries(PVC_GO_FIELDS)) {
    if (semanticEqual(oldSpec[k], newSpec[k])) {
      identical++;
      continue;
    }
    flush();
    if (isSet(oldSpec[k])) lines.push(`- \t${goName}: ${JSON.stringify(oldSpec[k])},`);
    if (isSet(newSpec[k])) lines.push(`+ \t${goName}: ${JSON.stringify(newSpec[k])},`);
  }
  flush();
  lines.push('  }');
  return `${lines.join('\n')}\n`;
}

/**
 * ValidatePersistentVolumeClaimUpdate: the spec is immutable except spec.volumeName while it is
 * empty (the PV controller binds through it) and, for a bound claim, resources.requests.storage.
 * A smaller request than status.capacity is refused (RecoverVolumeExpansionFailure is GA in 1.34).
 */
export function validatePersistentVolumeClaimUpdate(pvc: KObject, old: KObject): FieldError[] {
  const errs = [
    ...validateCommonUpdateFields(pvc.metadata, old.metadata, true),
    ...validateObjectMetaUpdate(pvc.metadata, old.metadata),
    ...validatePersistentVolumeClaim(pvc),
  ];
  const newSpec = { ...asObj(pvc.spec) };
  const oldSpec = { ...asObj(old.spec) };
  if (!asString(oldSpec.volumeName)) oldSpec.volumeName = newSpec.volumeName;
  // validateStorageClassUpgradeFromNil: an unbound claim that named no class may be given one
  // (the PV controller's retroactive default class assignment).
  const betaClass = 'volume.beta.kubernetes.io/storage-class';
  if (
    !isSet(asObj(old.spec).volumeName) &&
    (old.spec?.storageClassName === undefined || old.spec?.storageClassName === null) &&
    old.metadata.annotations?.[betaClass] === undefined &&
    isSet(newSpec.storageClassName)
  ) {
    oldSpec.storageClassName = newSpec.storageClassName;
  }
  const bound = asObj(pvc.status).phase === 'Bound';
  const newStorage = decodeQuantity(asObj(asObj(newSpec.resources).requests).storage);
  const oldStorage = decodeQuantity(asObj(asObj(oldSpec.resources).requests).storage);
  if (bound && isObj(asObj(newSpec.resources).requests)) {
    const resources = asObj(newSpec.resources);
    newSpec.resources = {
      ...resources,
      requests: { ...asObj(resources.requests), storage: asObj(asObj(oldSpec.resources).requests).storage },
    };
  }
  if (!semanticEqual(newSpec, oldSpec)) {
    errs.push(
      field.forbidden(
        'spec',
        `spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims\n${pvcSpecDiff(oldSpec, newSpec)}`,
      ),
    );
  }
  const statusSize = decodeQuantity(asObj(asObj(old.status).capacity).storage);
  if (newStorage && oldStorage && newStorage.cmp(oldStorage) < 0 && (!statusSize || newStorage.cmp(statusSize) <= 0)) {
    errs.push(field.forbidden('spec.resources.requests.storage', 'field can not be less than status.capacity'));
  }
  return errs;
}
