import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import {
  validatePersistentVolume,
  validatePersistentVolumeClaim,
  validatePersistentVolumeClaimUpdate,
  validateStorageClass,
  validateStorageClassUpdate,
} from './storage';
import { messages, SUBDOMAIN_MSG } from './testing';

const pvc = (spec: Record<string, unknown>, extra: Partial<KObject> = {}): KObject => ({
  apiVersion: 'v1',
  kind: 'PersistentVolumeClaim',
  metadata: { name: 'data', namespace: 'default', resourceVersion: '1' },
  spec: { volumeMode: 'Filesystem', ...spec },
  ...extra,
});
const pv = (spec: Record<string, unknown>): KObject => ({
  apiVersion: 'v1',
  kind: 'PersistentVolume',
  metadata: { name: 'pv1' },
  spec: { persistentVolumeReclaimPolicy: 'Retain', volumeMode: 'Filesystem', ...spec },
});
const sc = (fields: Record<string, unknown>): KObject => ({
  apiVersion: 'storage.k8s.io/v1',
  kind: 'StorageClass',
  metadata: { name: 'fast', resourceVersion: '1' },
  reclaimPolicy: 'Delete',
  volumeBindingMode: 'Immediate',
  ...fields,
});
const request = (storage: string) => ({ requests: { storage } });

describe('PersistentVolumeClaim validation', () => {
  it.each<[string, KObject, string[]]>([
    ['valid', pvc({ accessModes: ['ReadWriteOnce'], resources: request('1Gi') }), []],
    [
      'nothing asked',
      pvc({}),
      ['spec.accessModes: Required value: at least 1 access mode is required', 'spec.resources[storage]: Required value'],
    ],
    [
      'bad values',
      pvc({ accessModes: ['Sometimes'], resources: request('0'), storageClassName: 'Fast_SSD', volumeMode: 'Raw' }),
      [
        'spec.accessModes: Unsupported value: "Sometimes": supported values: "ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce", "ReadWriteOncePod"',
        'spec.resources[storage]: Invalid value: "0": must be greater than zero',
        `spec.storageClassName: Invalid value: "Fast_SSD": ${SUBDOMAIN_MSG}`,
        'spec.volumeMode: Unsupported value: "Raw": supported values: "Block", "Filesystem"',
      ],
    ],
    [
      'ReadWriteOncePod alone',
      pvc({ accessModes: ['ReadWriteOncePod', 'ReadOnlyMany'], resources: request('1Gi') }),
      ['spec.accessModes: Forbidden: may not use ReadWriteOncePod with other access modes'],
    ],
  ])('%s', (_name, obj, want) => {
    expect(messages(validatePersistentVolumeClaim(obj))).toEqual(want);
  });

  it('keeps the spec immutable except volumeName (while empty) and, when bound, a larger request', () => {
    const old = pvc({ accessModes: ['ReadWriteOnce'], resources: request('1Gi'), storageClassName: 'standard' });
    expect(validatePersistentVolumeClaimUpdate({ ...old, spec: { ...old.spec, volumeName: 'pv-1' } }, old)).toEqual([]);
    const changed = messages(
      validatePersistentVolumeClaimUpdate({ ...old, spec: { ...old.spec, storageClassName: 'fast' } }, old),
    );
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatch(
      /^spec: Forbidden: spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims\n {2}core.PersistentVolumeClaimSpec\{\n/,
    );
    expect(changed[0]).toContain('- \tStorageClassName: "standard",\n+ \tStorageClassName: "fast",');
    // Unbound: the request may not change either.
    expect(
      messages(validatePersistentVolumeClaimUpdate({ ...old, spec: { ...old.spec, resources: request('2Gi') } }, old)),
    ).toHaveLength(1);
    const bound = { ...old, status: { phase: 'Bound', capacity: { storage: '1Gi' } } };
    expect(validatePersistentVolumeClaimUpdate({ ...bound, spec: { ...old.spec, resources: request('2Gi') } }, bound)).toEqual(
      [],
    );
    expect(
      messages(validatePersistentVolumeClaimUpdate({ ...bound, spec: { ...old.spec, resources: request('500Mi') } }, bound)),
    ).toEqual(['spec.resources.requests.storage: Forbidden: field can not be less than status.capacity']);
  });
});

describe('PersistentVolume validation', () => {
  it.each<[string, KObject, string[]]>([
    ['valid hostPath', pv({ capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'], hostPath: { path: '/mnt' } }), []],
    [
      'empty',
      pv({}),
      [
        'spec.accessModes: Required value',
        'spec.capacity: Required value',
        'spec.capacity: Unsupported value: {}: supported values: "storage"',
        'spec: Required value: must specify a volume type',
      ],
    ],
    [
      'two sources, bad policy',
      pv({
        capacity: { storage: '1Gi' },
        accessModes: ['ReadWriteOnce'],
        persistentVolumeReclaimPolicy: 'Keep',
        hostPath: { path: '/a' },
        nfs: { server: 's', path: '/b' },
      }),
      [
        'spec.persistentVolumeReclaimPolicy: Unsupported value: "Keep": supported values: "Delete", "Recycle", "Retain"',
        'spec.nfs: Forbidden: may not specify more than 1 volume type',
      ],
    ],
    [
      'local without node affinity',
      pv({ capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'], local: { path: '/mnt/ssd' } }),
      ['spec.nodeAffinity: Required value: Local volume requires node affinity'],
    ],
  ])('%s', (_name, obj, want) => {
    expect(messages(validatePersistentVolume(obj))).toEqual(want);
  });
});

describe('StorageClass validation', () => {
  it.each<[string, KObject, string[]]>([
    ['valid', sc({ provisioner: 'rancher.io/local-path' }), []],
    [
      'no provisioner, unsupported policy and mode',
      sc({ reclaimPolicy: 'Recycle', volumeBindingMode: 'Later' }),
      [
        'provisioner: Required value',
        'reclaimPolicy: Unsupported value: "Recycle": supported values: "Delete", "Retain"',
        'volumeBindingMode: Unsupported value: "Later": supported values: "Immediate", "WaitForFirstConsumer"',
      ],
    ],
  ])('%s', (_name, obj, want) => {
    expect(messages(validateStorageClass(obj))).toEqual(want);
  });

  it('forbids changing provisioner, parameters, reclaimPolicy and volumeBindingMode', () => {
    const old = sc({ provisioner: 'a.io/x', parameters: { type: 'ssd' } });
    const next = sc({
      provisioner: 'b.io/y',
      parameters: { type: 'hdd' },
      reclaimPolicy: 'Retain',
      volumeBindingMode: 'WaitForFirstConsumer',
    });
    expect(messages(validateStorageClassUpdate(next, old))).toEqual([
      'parameters: Forbidden: updates to parameters are forbidden.',
      'provisioner: Forbidden: updates to provisioner are forbidden.',
      'reclaimPolicy: Forbidden: updates to reclaimPolicy are forbidden.',
      'volumeBindingMode: Invalid value: "WaitForFirstConsumer": field is immutable',
    ]);
  });
});
