import { describe, expect, it } from 'vitest';
import { deepFreeze } from '../deep';
import { applyMergePatch } from './merge-patch';
import { PatchError } from './patch-error';
import {
  applyStrategicMergePatch,
  patchMetaTableFor,
  patchSchemaFor,
  podSpecPatchMeta,
  type PatchMetaTable,
} from './strategic-merge-patch';

type Json = Record<string, unknown>;

function smp(target: unknown, patch: unknown, kind: string): Json {
  return applyStrategicMergePatch(deepFreeze(target), deepFreeze(patch), patchSchemaFor(kind)) as Json;
}

function at(obj: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((o, k) => (o as Json | undefined)?.[k], obj);
}

function thrown(fn: () => unknown): PatchError {
  try {
    fn();
  } catch (e) {
    if (e instanceof PatchError) return e;
    throw e;
  }
  throw new Error('expected a PatchError');
}

// The Deployment of the "Update API Objects in Place Using kubectl patch" task.
const patchDemo = () =>
  deepFreeze({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'patch-demo', labels: { app: 'nginx', tier: 'web' }, finalizers: ['a.example.com/x'] },
    spec: {
      replicas: 2,
      selector: { matchLabels: { app: 'nginx' } },
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: '30%' } },
      template: {
        metadata: { labels: { app: 'nginx' } },
        spec: {
          containers: [{ name: 'patch-demo-ctr', image: 'nginx', env: [{ name: 'A', value: '1' }] }],
          tolerations: [{ effect: 'NoSchedule', key: 'dedicated', value: 'test-team' }],
        },
      },
    },
  });

const templateSpec = (c: unknown) => ({ spec: { template: { spec: c } } });

describe('strategic merge patch: the kubectl patch task', () => {
  it('adds a second container instead of replacing the list (patch-file.yaml)', () => {
    const out = smp(patchDemo(), templateSpec({ containers: [{ name: 'patch-demo-ctr-2', image: 'redis' }] }), 'Deployment');
    // The server puts an element it did not have before the ones it had.
    expect(at(out, 'spec.template.spec.containers')).toEqual([
      { name: 'patch-demo-ctr-2', image: 'redis' },
      { name: 'patch-demo-ctr', image: 'nginx', env: [{ name: 'A', value: '1' }] },
    ]);
  });

  it('while a JSON merge patch replaces the list', () => {
    const out = applyMergePatch(patchDemo(), templateSpec({ containers: [{ name: 'patch-demo-ctr-2', image: 'redis' }] }));
    expect(at(out, 'spec.template.spec.containers')).toEqual([{ name: 'patch-demo-ctr-2', image: 'redis' }]);
  });

  it('replaces the tolerations, which have no patch strategy (patch-file-tolerations.yaml)', () => {
    const out = smp(
      patchDemo(),
      templateSpec({ tolerations: [{ effect: 'NoSchedule', key: 'disktype', value: 'ssd' }] }),
      'Deployment',
    );
    expect(at(out, 'spec.template.spec.tolerations')).toEqual([{ effect: 'NoSchedule', key: 'disktype', value: 'ssd' }]);
  });

  it('without $retainKeys, changing the strategy type keeps rollingUpdate (patch-file-no-retainkeys.yaml)', () => {
    const out = smp(patchDemo(), { spec: { strategy: { type: 'Recreate' } } }, 'Deployment');
    expect(at(out, 'spec.strategy')).toEqual({ type: 'Recreate', rollingUpdate: { maxSurge: '30%' } });
  });

  it('$retainKeys drops the keys not listed (patch-file-retainkeys.yaml)', () => {
    const out = smp(patchDemo(), { spec: { strategy: { $retainKeys: ['type'], type: 'Recreate' } } }, 'Deployment');
    expect(at(out, 'spec.strategy')).toEqual({ type: 'Recreate' });
  });
});

describe('strategic merge patch: merging lists', () => {
  const cases: [string, string, unknown, unknown, string, unknown][] = [
    [
      'merges a container by name, recursing into it',
      'Deployment',
      patchDemo(),
      templateSpec({ containers: [{ name: 'patch-demo-ctr', image: 'nginx:1.26', env: [{ name: 'B', value: '2' }] }] }),
      'spec.template.spec.containers',
      [
        {
          name: 'patch-demo-ctr',
          image: 'nginx:1.26',
          env: [
            { name: 'B', value: '2' },
            { name: 'A', value: '1' },
          ],
        },
      ],
    ],
    [
      '$patch: delete removes a container by name',
      'Deployment',
      patchDemo(),
      templateSpec({ containers: [{ name: 'patch-demo-ctr', $patch: 'delete' }] }),
      'spec.template.spec.containers',
      [],
    ],
    [
      '$patch: replace in a list replaces it with the other elements',
      'Deployment',
      patchDemo(),
      templateSpec({ containers: [{ $patch: 'replace' }, { name: 'only', image: 'busybox' }] }),
      'spec.template.spec.containers',
      [{ name: 'only', image: 'busybox' }],
    ],
    [
      'an existing env var changes in place',
      'Pod',
      {
        spec: {
          containers: [
            {
              name: 'c',
              env: [
                { name: 'A', value: '1' },
                { name: 'B', value: '2' },
              ],
            },
          ],
        },
      },
      { spec: { containers: [{ name: 'c', env: [{ name: 'B', value: '3' }] }] } },
      'spec.containers.0.env',
      [
        { name: 'A', value: '1' },
        { name: 'B', value: '3' },
      ],
    ],
    [
      'env var deleted with null value field removed',
      'Pod',
      { spec: { containers: [{ name: 'c', env: [{ name: 'A', value: '1' }] }] } },
      {
        spec: {
          containers: [{ name: 'c', env: [{ name: 'A', value: null, valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } }] }],
        },
      },
      'spec.containers.0.env',
      [{ name: 'A', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } }],
    ],
    [
      'ports merge by containerPort',
      'Pod',
      { spec: { containers: [{ name: 'c', ports: [{ containerPort: 80, name: 'http' }] }] } },
      { spec: { containers: [{ name: 'c', ports: [{ containerPort: 80, protocol: 'TCP' }, { containerPort: 443 }] }] } },
      'spec.containers.0.ports',
      [{ containerPort: 80, name: 'http', protocol: 'TCP' }, { containerPort: 443 }],
    ],
    [
      'volumeMounts merge by mountPath, volumeDevices by devicePath',
      'Pod',
      {
        spec: {
          containers: [
            {
              name: 'c',
              volumeMounts: [{ name: 'v', mountPath: '/data' }],
              volumeDevices: [{ name: 'd', devicePath: '/dev/x' }],
            },
          ],
        },
      },
      {
        spec: {
          containers: [
            {
              name: 'c',
              volumeMounts: [{ mountPath: '/data', readOnly: true }],
              volumeDevices: [{ devicePath: '/dev/y', name: 'e' }],
            },
          ],
        },
      },
      'spec.containers.0',
      {
        name: 'c',
        volumeMounts: [{ name: 'v', mountPath: '/data', readOnly: true }],
        volumeDevices: [
          { devicePath: '/dev/y', name: 'e' },
          { name: 'd', devicePath: '/dev/x' },
        ],
      },
    ],
    [
      'initContainers and ephemeralContainers merge by name',
      'Pod',
      { spec: { initContainers: [{ name: 'i', image: 'a' }], ephemeralContainers: [{ name: 'e', image: 'a' }] } },
      { spec: { initContainers: [{ name: 'i', image: 'b' }], ephemeralContainers: [{ name: 'f', image: 'c' }] } },
      'spec',
      {
        initContainers: [{ name: 'i', image: 'b' }],
        ephemeralContainers: [
          { name: 'f', image: 'c' },
          { name: 'e', image: 'a' },
        ],
      },
    ],
    [
      'volumes merge by name',
      'Pod',
      {
        spec: {
          volumes: [
            { name: 'a', emptyDir: {} },
            { name: 'b', configMap: { name: 'cm' } },
          ],
        },
      },
      { spec: { volumes: [{ name: 'b', configMap: { name: 'cm2' } }] } },
      'spec.volumes',
      [
        { name: 'a', emptyDir: {} },
        { name: 'b', configMap: { name: 'cm2' } },
      ],
    ],
    [
      'a volume source switched with $retainKeys',
      'Pod',
      { spec: { volumes: [{ name: 'a', emptyDir: {} }] } },
      { spec: { volumes: [{ name: 'a', $retainKeys: ['name', 'hostPath'], hostPath: { path: '/tmp' } }] } },
      'spec.volumes',
      [{ name: 'a', hostPath: { path: '/tmp' } }],
    ],
    [
      'imagePullSecrets merge by name, hostAliases by ip',
      'Pod',
      { spec: { imagePullSecrets: [{ name: 'a' }], hostAliases: [{ ip: '10.0.0.1', hostnames: ['a'] }] } },
      { spec: { imagePullSecrets: [{ name: 'b' }], hostAliases: [{ ip: '10.0.0.1', hostnames: ['b'] }] } },
      'spec',
      { imagePullSecrets: [{ name: 'b' }, { name: 'a' }], hostAliases: [{ ip: '10.0.0.1', hostnames: ['b'] }] },
    ],
    [
      'pod conditions merge by type, keeping the server order',
      'Pod',
      {
        status: {
          conditions: [
            { type: 'PodScheduled', status: 'True' },
            { type: 'Ready', status: 'False' },
          ],
        },
      },
      { status: { conditions: [{ type: 'Ready', status: 'True' }] } },
      'status.conditions',
      [
        { type: 'PodScheduled', status: 'True' },
        { type: 'Ready', status: 'True' },
      ],
    ],
    [
      'finalizers are unioned',
      'Deployment',
      patchDemo(),
      { metadata: { finalizers: ['a.example.com/x', 'b.example.com/y'] } },
      'metadata.finalizers',
      ['a.example.com/x', 'b.example.com/y'],
    ],
    [
      'a new finalizer goes before the existing ones',
      'ConfigMap',
      { metadata: { finalizers: ['a', 'b'] } },
      { metadata: { finalizers: ['c'] } },
      'metadata.finalizers',
      ['c', 'a', 'b'],
    ],
    [
      '$deleteFromPrimitiveList removes finalizers',
      'ConfigMap',
      { metadata: { finalizers: ['a', 'b', 'c'] } },
      { metadata: { '$deleteFromPrimitiveList/finalizers': ['b', 'zzz'] } },
      'metadata.finalizers',
      ['a', 'c'],
    ],
    [
      'ownerReferences merge by uid',
      'ReplicaSet',
      { metadata: { ownerReferences: [{ uid: '1', kind: 'Deployment', name: 'd', controller: true }] } },
      {
        metadata: {
          ownerReferences: [
            { uid: '1', blockOwnerDeletion: true },
            { uid: '2', kind: 'Foo', name: 'f' },
          ],
        },
      },
      'metadata.ownerReferences',
      [
        { uid: '1', kind: 'Deployment', name: 'd', controller: true, blockOwnerDeletion: true },
        { uid: '2', kind: 'Foo', name: 'f' },
      ],
    ],
    [
      'node taints are replaced',
      'Node',
      { spec: { taints: [{ key: 'a', effect: 'NoSchedule' }] } },
      { spec: { taints: [{ key: 'b', effect: 'NoExecute' }] } },
      'spec.taints',
      [{ key: 'b', effect: 'NoExecute' }],
    ],
    [
      'node addresses merge by type',
      'Node',
      {
        status: {
          addresses: [
            { type: 'InternalIP', address: '10.0.0.1' },
            { type: 'Hostname', address: 'n1' },
          ],
        },
      },
      { status: { addresses: [{ type: 'InternalIP', address: '10.0.0.2' }] } },
      'status.addresses',
      [
        { type: 'InternalIP', address: '10.0.0.2' },
        { type: 'Hostname', address: 'n1' },
      ],
    ],
    [
      'node conditions merge by type',
      'Node',
      {
        status: {
          conditions: [
            { type: 'Ready', status: 'True' },
            { type: 'MemoryPressure', status: 'False' },
          ],
        },
      },
      { status: { conditions: [{ type: 'MemoryPressure', status: 'True' }] } },
      'status.conditions',
      [
        { type: 'Ready', status: 'True' },
        { type: 'MemoryPressure', status: 'True' },
      ],
    ],
    [
      'node images are replaced',
      'Node',
      { status: { images: [{ names: ['a'], sizeBytes: 1 }] } },
      { status: { images: [{ names: ['b'], sizeBytes: 2 }] } },
      'status.images',
      [{ names: ['b'], sizeBytes: 2 }],
    ],
    [
      'a CronJob job template merges containers by name',
      'CronJob',
      { spec: { jobTemplate: { spec: { template: { spec: { containers: [{ name: 'a', image: 'x' }] } } } } } },
      { spec: { jobTemplate: { spec: { template: { spec: { containers: [{ name: 'a', image: 'y' }] } } } } } },
      'spec.jobTemplate.spec.template.spec.containers',
      [{ name: 'a', image: 'y' }],
    ],
    ...['ReplicaSet', 'StatefulSet', 'DaemonSet', 'Job', 'ReplicationController'].map(
      (kind): [string, string, unknown, unknown, string, unknown] => [
        `a ${kind} pod template merges containers by name`,
        kind,
        { spec: { template: { spec: { containers: [{ name: 'a', image: 'x' }] } } } },
        { spec: { template: { spec: { containers: [{ name: 'b', image: 'y' }] } } } },
        'spec.template.spec.containers',
        [
          { name: 'b', image: 'y' },
          { name: 'a', image: 'x' },
        ],
      ],
    ),
    [
      '$setElementOrder (as kubectl apply sends it) puts a new container after the existing one',
      'Deployment',
      { spec: { template: { spec: { containers: [{ name: 'a', image: 'x' }] } } } },
      templateSpec({ '$setElementOrder/containers': [{ name: 'a' }, { name: 'b' }], containers: [{ name: 'b', image: 'y' }] }),
      'spec.template.spec.containers',
      [
        { name: 'a', image: 'x' },
        { name: 'b', image: 'y' },
      ],
    ],
    [
      // The listed ones take the given order; b, unlisted, goes before c as it did on the server.
      '$setElementOrder reorders finalizers without changing them',
      'ConfigMap',
      { metadata: { finalizers: ['a', 'b', 'c'] } },
      { metadata: { '$setElementOrder/finalizers': ['c', 'a'] } },
      'metadata.finalizers',
      ['b', 'c', 'a'],
    ],
    [
      'a kind with no schema replaces its lists',
      'Widget',
      { spec: { containers: [{ name: 'a' }] } },
      { spec: { containers: [{ name: 'b' }] } },
      'spec.containers',
      [{ name: 'b' }],
    ],
  ];
  it.each(cases)('%s', (_name, kind, target, patch, path, expected) => {
    expect(at(smp(target, patch, kind), path)).toEqual(expected);
  });
});

describe('strategic merge patch: maps and directives', () => {
  const cases: [string, unknown, unknown, unknown][] = [
    [
      'null deletes a label',
      { metadata: { labels: { a: '1', b: '2' } } },
      { metadata: { labels: { b: null } } },
      { metadata: { labels: { a: '1' } } },
    ],
    ['null for a missing key is ignored', { metadata: {} }, { metadata: { labels: null } }, { metadata: {} }],
    [
      'a new map is taken without its nulls',
      { metadata: {} },
      { metadata: { labels: { a: '1', b: null } } },
      { metadata: { labels: { a: '1' } } },
    ],
    [
      'a new value is taken without its directives',
      { spec: {} },
      { spec: { containers: [{ name: 'a', env: [{ name: 'X', $patch: 'delete' }, { name: 'Y' }], $retainKeys: ['name'] }] } },
      { spec: { containers: [{ name: 'a', env: [{ name: 'Y' }] }] } },
    ],
    [
      '$patch: replace on a map replaces it',
      { metadata: { labels: { a: '1', b: '2' } } },
      { metadata: { labels: { $patch: 'replace', c: '3' } } },
      { metadata: { labels: { c: '3' } } },
    ],
    [
      '$patch: delete on a map leaves it empty',
      { spec: { selector: { matchLabels: { a: '1' } } } },
      { spec: { selector: { $patch: 'delete' } } },
      { spec: { selector: {} } },
    ],
    ['$patch: replace at the top replaces the object', { a: 1, b: 2 }, { $patch: 'replace', c: 3 }, { c: 3 }],
    ['a type change replaces the value', { spec: { x: { a: 1 } } }, { spec: { x: [1] } }, { spec: { x: [1] } }],
    [
      '$deleteFromPrimitiveList on a list without merge strategy still deletes',
      { spec: { args: ['a', 'b', 'c'] } },
      { spec: { '$deleteFromPrimitiveList/args': ['b'] } },
      { spec: { args: ['a', 'c'] } },
    ],
    [
      '$deleteFromPrimitiveList on a missing list does not add it',
      { metadata: { name: 'x' } },
      { metadata: { '$deleteFromPrimitiveList/finalizers': ['a'] } },
      { metadata: { name: 'x' } },
    ],
  ];
  it.each(cases)('%s', (_name, target, patch, expected) => {
    expect(smp(target, patch, 'Pod')).toEqual(expected);
  });
});

// Cases from k8s.io/apimachinery strategicpatch's own tests, on its MergeItem test type.
describe('strategic merge patch: library test cases', () => {
  const mergeItem: PatchMetaTable = {
    mergingList: { strategy: 'merge', mergeKey: 'name' },
    'mergingList.mergingList': { strategy: 'merge', mergeKey: 'name' },
    mergingIntList: { strategy: 'merge' },
    retainKeysMap: { strategy: 'retainKeys' },
    retainKeysMergingList: { strategy: 'merge,retainKeys', mergeKey: 'name' },
  };
  const cases: [string, unknown, unknown, unknown][] = [
    ['unique scalars when merging lists', { mergingIntList: [1, 2] }, { mergingIntList: [2, 3] }, { mergingIntList: [1, 2, 3] }],
    ['delete map from nested map', { simpleMap: { key1: 1, key2: 1 } }, { simpleMap: { $patch: 'delete' } }, { simpleMap: {} }],
    [
      'delete all items from merging list',
      { mergingList: [{ name: 1 }, { name: 2 }] },
      { mergingList: [{ $patch: 'replace' }] },
      { mergingList: [] },
    ],
    ['merge empty merging lists', { mergingList: [] }, { mergingList: [] }, { mergingList: [] }],
    ['delete all keys from map', { name: 1, value: 1 }, { $patch: 'replace' }, {}],
    ['add key and delete all keys from map', { name: 1, value: 1 }, { other: 'a', $patch: 'replace' }, { other: 'a' }],
    [
      'delete all duplicate entries in a merging list',
      { mergingList: [{ name: 1 }, { name: 1 }, { name: 2, value: 'a' }, { name: 3 }, { name: 3 }] },
      {
        mergingList: [
          { name: 1, $patch: 'delete' },
          { name: 3, $patch: 'delete' },
        ],
      },
      { mergingList: [{ name: 2, value: 'a' }] },
    ],
    [
      'retainKeys list can delete a field when no retainKeys directive present',
      { retainKeysMergingList: [{ name: 'bar' }, { name: 'foo', value: 'a' }] },
      { retainKeysMergingList: [{ name: 'foo', value: null }] },
      { retainKeysMergingList: [{ name: 'bar' }, { name: 'foo' }] },
    ],
    [
      'preserve the order from the patch in a merging list',
      { mergingList: [{ name: 1 }, { name: 2, value: 'b' }, { name: 3 }] },
      {
        mergingList: [
          { name: 3, value: 'c' },
          { name: 1, value: 'a' },
          { name: 2, other: 'x' },
        ],
      },
      {
        mergingList: [
          { name: 3, value: 'c' },
          { name: 1, value: 'a' },
          { name: 2, value: 'b', other: 'x' },
        ],
      },
    ],
    [
      'preserve the order from the patch in a merging list 2',
      { mergingList: [{ name: 1 }, { name: 2, value: 'b' }, { name: 3 }] },
      {
        mergingList: [
          { name: 3, value: 'c' },
          { name: 1, value: 'a' },
        ],
      },
      {
        mergingList: [
          { name: 2, value: 'b' },
          { name: 3, value: 'c' },
          { name: 1, value: 'a' },
        ],
      },
    ],
    [
      'preserve the order from the patch in a merging int list',
      { mergingIntList: [1, 2, 3] },
      { mergingIntList: [3, 1, 2] },
      { mergingIntList: [3, 1, 2] },
    ],
    [
      'preserve the order from the patch in a merging int list 2',
      { mergingIntList: [1, 2, 3] },
      { mergingIntList: [3, 1] },
      { mergingIntList: [2, 3, 1] },
    ],
    [
      '$setElementOrder contains item that is not present in the list to be merged',
      { mergingList: [{ name: 1 }, { name: 3 }] },
      {
        '$setElementOrder/mergingList': [{ name: 3 }, { name: 2 }, { name: 1 }],
        mergingList: [
          { name: 3, value: 3 },
          { name: 1, value: 1 },
        ],
      },
      {
        mergingList: [
          { name: 3, value: 3 },
          { name: 1, value: 1 },
        ],
      },
    ],
    [
      '$setElementOrder contains item that is not present in the int list to be merged',
      { mergingIntList: [1, 3] },
      { '$setElementOrder/mergingIntList': [3, 2, 1] },
      { mergingIntList: [3, 1] },
    ],
    [
      '$deleteFromPrimitiveList of nonexistent item',
      { mergingIntList: [1, 2] },
      { '$deleteFromPrimitiveList/mergingIntList': [3] },
      { mergingIntList: [1, 2] },
    ],
    [
      '$deleteFromPrimitiveList on empty primitive list',
      { mergingIntList: null },
      { '$deleteFromPrimitiveList/mergingIntList': [3] },
      { mergingIntList: null },
    ],
    [
      '$deleteFromPrimitiveList on nonexistent primitive list',
      { foo: ['bar'] },
      { '$deleteFromPrimitiveList/mergingIntList': [3] },
      { foo: ['bar'] },
    ],
    [
      '$deleteFromPrimitiveList with merge strategy',
      { mergingIntList: [1, 2, 3] },
      { '$deleteFromPrimitiveList/mergingIntList': [2] },
      { mergingIntList: [1, 3] },
    ],
    [
      '$deleteFromPrimitiveList without merge strategy',
      { nonMergingIntList: [1, 2, 3] },
      { '$deleteFromPrimitiveList/nonMergingIntList': [2] },
      { nonMergingIntList: [1, 3] },
    ],
    [
      'delete items in lists of scalars',
      { mergingIntList: [1, 2, 3, 4] },
      { '$setElementOrder/mergingIntList': [1, 2], '$deleteFromPrimitiveList/mergingIntList': [3] },
      { mergingIntList: [1, 2, 4] },
    ],
    [
      'delete all duplicate items in lists of scalars',
      { mergingIntList: [1, 2, 3, 3, 4] },
      { '$setElementOrder/mergingIntList': [1, 2], '$deleteFromPrimitiveList/mergingIntList': [3] },
      { mergingIntList: [1, 2, 4] },
    ],
    [
      'merge lists of maps',
      {
        mergingList: [
          { name: 1, other: 'a' },
          { name: 2, value: 2, other: 'b' },
        ],
      },
      {
        '$setElementOrder/mergingList': [{ name: 4 }, { name: 1 }, { name: 2 }, { name: 3 }],
        mergingList: [
          { name: 4, value: 4 },
          { name: 3, value: 3 },
        ],
      },
      {
        mergingList: [
          { name: 4, value: 4 },
          { name: 1, other: 'a' },
          { name: 2, value: 2, other: 'b' },
          { name: 3, value: 3 },
        ],
      },
    ],
    [
      'nested patch merge with empty list',
      { name: 'hi', mergingList: [{ name: 'hello2' }] },
      {
        '$setElementOrder/mergingList': [{ name: 'hello' }, { name: 'doesntexist' }],
        mergingList: [{ name: 'hello' }, { $patch: 'delete', name: 'doesntexist' }],
      },
      { name: 'hi', mergingList: [{ name: 'hello' }, { name: 'hello2' }] },
    ],
    [
      'retainKeys map clears the keys it does not list',
      { retainKeysMap: { name: 'foo', value: 'a', other: 'b' } },
      { retainKeysMap: { $retainKeys: ['name', 'value'], value: 'c' } },
      { retainKeysMap: { name: 'foo', value: 'c' } },
    ],
  ];
  it.each(cases)('%s', (_name, target, patch, expected) => {
    expect(applyStrategicMergePatch(deepFreeze(target), deepFreeze(patch), mergeItem)).toEqual(expected);
  });

  const failures: [string, unknown, unknown, number, string][] = [
    [
      'should check if order in $setElementOrder and patch list match',
      { mergingList: [{ name: 1 }, { name: 3 }, { name: 2 }] },
      {
        '$setElementOrder/mergingList': [{ name: 1 }, { name: 2 }, { name: 3 }],
        mergingList: [
          { name: 3, value: 3 },
          { name: 1, value: 1 },
        ],
      },
      500,
      "The order in patch list:\n[map[name:3 value:3] map[name:1 value:1]]\n doesn't match $setElementOrder list:\n[map[name:1] map[name:2] map[name:3]]\n",
    ],
    [
      'missing merge key should error out',
      { mergingList: [{ name: 1, value: 'a' }] },
      { mergingList: [{ value: 'b' }] },
      500,
      'map: map[value:b] does not contain declared merge key: name',
    ],
    [
      'a $patch: delete without merge key',
      { mergingList: [{ name: 1 }] },
      { mergingList: [{ $patch: 'delete' }] },
      500,
      'map: map[$patch:delete] does not contain declared merge key: name',
    ],
    [
      '$patch: merge in a list',
      { mergingList: [{ name: 1 }] },
      { mergingList: [{ $patch: 'merge' }] },
      500,
      'merging lists cannot yet be specified in the patch',
    ],
    [
      '$patch: merge in a map',
      { simpleMap: { a: 1 } },
      { simpleMap: { $patch: 'merge' } },
      500,
      'unknown patch type: merge in map: map[$patch:merge]',
    ],
    [
      'an unknown $patch in a list',
      { mergingList: [{ name: 1 }] },
      { mergingList: [{ $patch: 'bogus', name: 1 }] },
      500,
      'unknown patch type: bogus in map: map[$patch:bogus name:1]',
    ],
    ['lists of lists', { mergingIntList: [[1]] }, { mergingIntList: [[2]] }, 422, 'lists of lists are not supported'],
    [
      'mixed element types',
      { mergingIntList: [1] },
      { mergingIntList: ['a'] },
      500,
      'list element types are not identical: [[1] [a]]',
    ],
    [
      '$retainKeys that is not a list',
      { retainKeysMap: { name: 'a' } },
      { retainKeysMap: { $retainKeys: 'name' } },
      400,
      'invalid patch format of retainKeys',
    ],
    [
      'a patched key missing from $retainKeys',
      { retainKeysMap: { name: 'a' } },
      { retainKeysMap: { $retainKeys: ['name'], value: 'b' } },
      400,
      'invalid patch format of retainKeys',
    ],
    [
      '$deleteFromPrimitiveList without a field',
      { mergingIntList: [1] },
      { $deleteFromPrimitiveList: [1] },
      400,
      'invalid patch format of primitive list',
    ],
    [
      '$setElementOrder without a field',
      { mergingIntList: [1] },
      { $setElementOrder: [1] },
      400,
      'invalid patch format of setElementOrder list',
    ],
    [
      '$setElementOrder that is not a list',
      { mergingIntList: [1] },
      { '$setElementOrder/mergingIntList': 'x' },
      500,
      'expected a []interface {}, but received a string',
    ],
  ];
  it.each(failures)('%s', (_name, target, patch, code, message) => {
    const err = thrown(() => applyStrategicMergePatch(deepFreeze(target), deepFreeze(patch), mergeItem));
    expect(err.code).toBe(code);
    if (code === 422) {
      expect(err.message).toBe('the server rejected our request due to an error in our request');
      expect(err.detail).toBe(message);
    } else {
      expect(err.message).toBe(message);
    }
  });
});

describe('strategic merge patch: inputs and sharing', () => {
  it('never modifies its inputs and shares untouched sub-trees', () => {
    const target = patchDemo();
    const patch = deepFreeze({ spec: { replicas: 3 } });
    const before = JSON.stringify(target);
    const out = applyStrategicMergePatch(target, patch, patchSchemaFor('Deployment')) as ReturnType<typeof patchDemo>;
    expect(JSON.stringify(target)).toBe(before);
    expect(out.spec.replicas).toBe(3);
    expect(out.metadata).toBe(target.metadata);
    expect(out.spec.template).toBe(target.spec.template);
    expect(out.spec.template.spec.containers).toBe(target.spec.template.spec.containers);
  });

  it('keeps untouched list elements and siblings shared when merging a list', () => {
    const target = deepFreeze({
      spec: {
        containers: [
          { name: 'a', image: 'x' },
          { name: 'b', image: 'y' },
        ],
        tolerations: [{ key: 't' }],
      },
    });
    const out = smp(target, { spec: { containers: [{ name: 'b', image: 'z' }] } }, 'Pod') as typeof target;
    expect(out.spec.containers[0]).toBe(target.spec.containers[0]);
    expect(out.spec.containers[1]).toEqual({ name: 'b', image: 'z' });
    expect(out.spec.tolerations).toBe(target.spec.tolerations);
  });

  it.each([
    ['an empty patch', {}],
    ['a null patch', null],
    [
      'a patch setting current values',
      { spec: { replicas: 2, template: { spec: { containers: [{ name: 'patch-demo-ctr', image: 'nginx' }] } } } },
    ],
    ['a patch deleting a missing key', { metadata: { annotations: null } }],
    [
      'a replaced list equal to the current one',
      templateSpec({ tolerations: [{ effect: 'NoSchedule', key: 'dedicated', value: 'test-team' }] }),
    ],
    ['a union adding nothing', { metadata: { finalizers: ['a.example.com/x'] } }],
  ])('returns the target itself for %s', (_name, patch) => {
    const target = patchDemo();
    expect(applyStrategicMergePatch(target, patch, patchSchemaFor('Deployment'))).toBe(target);
  });

  it('does not alias the patch in its result', () => {
    const patch = { metadata: { annotations: { a: '1' } } };
    const out = applyStrategicMergePatch(patchDemo(), patch, patchSchemaFor('Deployment')) as Json;
    patch.metadata.annotations.a = 'changed';
    expect(at(out, 'metadata.annotations.a')).toBe('1');
  });

  it.each([
    ['an array', [{ a: 1 }], 'json: cannot unmarshal array into Go value of type map[string]interface {}'],
    ['a string', 'x', 'json: cannot unmarshal string into Go value of type map[string]interface {}'],
    ['a number', 1, 'json: cannot unmarshal number into Go value of type map[string]interface {}'],
  ])('rejects %s as the patch with a 400', (_name, patch, message) => {
    const err = thrown(() => applyStrategicMergePatch(patchDemo(), patch, patchSchemaFor('Deployment')));
    expect(err.code).toBe(400);
    expect(err.message).toBe(message);
  });

  it('accepts a schema given as a lookup function', () => {
    const out = applyStrategicMergePatch({ items: [{ id: 1, a: 1 }] }, { items: [{ id: 1, b: 2 }] }, (path) =>
      path.join('.') === 'items' ? { strategy: 'merge', mergeKey: 'id' } : undefined,
    );
    expect(out).toEqual({ items: [{ id: 1, a: 1, b: 2 }] });
  });

  it('matches schema paths by exact segments, so a map key with dots cannot alias a field', () => {
    // "template.spec" as a single key under spec is not spec.template.spec.
    const out = smp(
      { spec: { 'template.spec': { containers: [{ name: 'a' }] } } },
      { spec: { 'template.spec': { containers: [{ name: 'b' }] } } },
      'Deployment',
    );
    expect(at(out, 'spec')).toEqual({ 'template.spec': { containers: [{ name: 'b' }] } });
  });
});

describe('patch schemas', () => {
  it.each([
    ['Pod', 'spec.containers', { strategy: 'merge', mergeKey: 'name' }],
    ['Pod', 'spec.containers.env', { strategy: 'merge', mergeKey: 'name' }],
    ['Pod', 'spec.initContainers.ports', { strategy: 'merge', mergeKey: 'containerPort' }],
    ['Pod', 'spec.ephemeralContainers.volumeMounts', { strategy: 'merge', mergeKey: 'mountPath' }],
    ['Pod', 'spec.volumes', { strategy: 'merge,retainKeys', mergeKey: 'name' }],
    ['Pod', 'spec.tolerations', undefined],
    ['Pod', 'status.conditions', { strategy: 'merge', mergeKey: 'type' }],
    ['Pod', 'metadata.finalizers', { strategy: 'merge' }],
    ['Pod', 'metadata.ownerReferences', { strategy: 'merge', mergeKey: 'uid' }],
    ['Deployment', 'spec.template.spec.containers.volumeDevices', { strategy: 'merge', mergeKey: 'devicePath' }],
    ['Deployment', 'spec.template.metadata.finalizers', { strategy: 'merge' }],
    ['Deployment', 'spec.strategy', { strategy: 'retainKeys' }],
    ['CronJob', 'spec.jobTemplate.spec.template.spec.hostAliases', { strategy: 'merge', mergeKey: 'ip' }],
    ['Node', 'spec.taints', undefined],
    ['Node', 'status.addresses', { strategy: 'merge', mergeKey: 'type' }],
    ['Node', 'status.images', undefined],
    ['Service', 'spec.ports', { strategy: 'merge', mergeKey: 'port' }],
  ])('%s %s', (kind, path, expected) => {
    expect(patchSchemaFor(kind)(path.split('.'))).toEqual(expected);
    expect(patchMetaTableFor(kind)[path]).toEqual(expected);
  });

  it('podSpecPatchMeta is relative to a pod spec', () => {
    expect(podSpecPatchMeta.containers).toEqual({ strategy: 'merge', mergeKey: 'name' });
    expect(podSpecPatchMeta['containers.env']).toEqual({ strategy: 'merge', mergeKey: 'name' });
    expect(podSpecPatchMeta.imagePullSecrets).toEqual({ strategy: 'merge', mergeKey: 'name' });
  });
});
