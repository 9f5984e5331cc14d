import { describe, expect, it } from 'vitest';
import type { ObjectMeta } from '../../../k8s/types';
import { nameIsDNSLabel, nameIsDNSSubdomain } from '../../../k8s/names';
import { validateCommonUpdateFields, validateObjectMeta, validateObjectMetaUpdate } from './objectmeta';
import { LABEL_MSG, LABEL_VALUE_MSG, NAME_PART_MSG, SUBDOMAIN_MSG, messages } from './testing';

const namespaced = { namespaced: true, validateName: nameIsDNSSubdomain };
const clusterScoped = { namespaced: false, validateName: nameIsDNSSubdomain };

describe('validateObjectMeta', () => {
  it.each<[string, ObjectMeta, string[]]>([
    ['valid', { name: 'web', namespace: 'default' }, []],
    ['no name', { namespace: 'default' }, ['metadata.name: Required value: name or generateName is required']],
    ['bad name', { name: 'Bad_Name', namespace: 'default' }, [`metadata.name: Invalid value: "Bad_Name": ${SUBDOMAIN_MSG}`]],
    [
      'bad generateName (trailing dash masked) and no generated name',
      { generateName: 'Web-', namespace: 'default' },
      [
        `metadata.generateName: Invalid value: "Web-": ${SUBDOMAIN_MSG}`,
        'metadata.name: Required value: name or generateName is required',
      ],
    ],
    ['generateName with trailing dash is fine', { generateName: 'web-', name: 'web-abcde', namespace: 'default' }, []],
    ['missing namespace', { name: 'web' }, ['metadata.namespace: Required value']],
    ['bad namespace', { name: 'web', namespace: 'Prod' }, [`metadata.namespace: Invalid value: "Prod": ${LABEL_MSG}`]],
    [
      'negative generation',
      { name: 'web', namespace: 'ns', generation: -1 },
      ['metadata.generation: Invalid value: -1: must be greater than or equal to 0'],
    ],
    [
      'label key and value',
      { name: 'web', namespace: 'ns', labels: { 'app!': 'web', tier: 'front end' } },
      [
        `metadata.labels: Invalid value: "app!": ${NAME_PART_MSG}`,
        `metadata.labels: Invalid value: "front end": ${LABEL_VALUE_MSG}`,
      ],
    ],
    [
      'label key with bad prefix',
      { name: 'web', namespace: 'ns', labels: { 'Example.com/app': 'x' } },
      [`metadata.labels: Invalid value: "Example.com/app": prefix part ${SUBDOMAIN_MSG}`],
    ],
    [
      'annotation keys are case-insensitive qualified names',
      { name: 'web', namespace: 'ns', annotations: { 'Example.com/Note': 'ok', 'bad key': 'x' } },
      [`metadata.annotations: Invalid value: "bad key": ${NAME_PART_MSG}`],
    ],
    [
      'unknown unqualified finalizer',
      { name: 'web', namespace: 'ns', finalizers: ['kubernetes', 'mine', 'example.com/mine'] },
      ['metadata.finalizers[1]: Invalid value: "mine": name is neither a standard finalizer name nor is it fully qualified'],
    ],
    [
      'orphan and foregroundDeletion together',
      { name: 'web', namespace: 'ns', finalizers: ['orphan', 'foregroundDeletion'] },
      [
        'metadata.finalizers: Invalid value: ["orphan","foregroundDeletion"]: finalizer orphan and foregroundDeletion cannot be both set',
      ],
    ],
    [
      'finalizer format errors are reported without index',
      { name: 'web', namespace: 'ns', finalizers: ['example.com/a b'] },
      [`metadata.finalizers: Invalid value: "example.com/a b": ${NAME_PART_MSG}`],
    ],
  ])('%s', (_, meta, want) => {
    expect(messages(validateObjectMeta(meta, namespaced))).toEqual(want);
  });

  it('forbids a namespace on cluster-scoped kinds', () => {
    expect(messages(validateObjectMeta({ name: 'n1', namespace: 'default' }, clusterScoped))).toEqual([
      'metadata.namespace: Forbidden: not allowed on this type',
    ]);
  });

  it('uses the kind name rule', () => {
    expect(messages(validateObjectMeta({ name: 'a.b' }, { namespaced: false, validateName: nameIsDNSLabel }))).toEqual([
      'metadata.name: Invalid value: "a.b": must not contain dots',
    ]);
  });

  it('limits total annotation size to 256 KiB', () => {
    const meta = { name: 'web', namespace: 'ns', annotations: { big: 'x'.repeat(256 * 1024) } };
    expect(messages(validateObjectMeta(meta, namespaced))).toEqual([
      'metadata.annotations: Too long: may not be more than 262144 bytes',
    ]);
  });

  it.each<[string, ObjectMeta['ownerReferences'], string[]]>([
    [
      'required fields (reported without index)',
      [{ apiVersion: '', kind: '', name: '', uid: '' }],
      [
        'metadata.ownerReferences.apiVersion: Invalid value: "": version must not be empty',
        'metadata.ownerReferences.kind: Invalid value: "": must not be empty',
        'metadata.ownerReferences.name: Invalid value: "": must not be empty',
        'metadata.ownerReferences.uid: Invalid value: "": must not be empty',
      ],
    ],
    [
      'group without version',
      [{ apiVersion: 'apps/', kind: 'ReplicaSet', name: 'rs', uid: 'u1' }],
      ['metadata.ownerReferences.apiVersion: Invalid value: "apps/": version must not be empty'],
    ],
    [
      'two controllers',
      [
        { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'a', uid: 'u1', controller: true },
        { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'b', uid: 'u2', controller: true, blockOwnerDeletion: true },
      ],
      [
        'metadata.ownerReferences: Invalid value: [{"apiVersion":"apps/v1","kind":"ReplicaSet","name":"a","uid":"u1","controller":true},{"apiVersion":"apps/v1","kind":"ReplicaSet","name":"b","uid":"u2","controller":true,"blockOwnerDeletion":true}]: Only one reference can have Controller set to true. Found "true" in references for ReplicaSet/a and ReplicaSet/b',
      ],
    ],
    [
      'events cannot own objects',
      [{ apiVersion: 'v1', kind: 'Event', name: 'e', uid: 'u' }],
      [
        'metadata.ownerReferences: Invalid value: {"apiVersion":"v1","kind":"Event","name":"e","uid":"u"}: /v1, Kind=Event is disallowed from being an owner',
      ],
    ],
  ])('ownerReferences: %s', (_, refs, want) => {
    expect(messages(validateObjectMeta({ name: 'web', namespace: 'ns', ownerReferences: refs }, namespaced))).toEqual(want);
  });
});

describe('validateObjectMetaUpdate', () => {
  const old: ObjectMeta = {
    name: 'web',
    namespace: 'ns',
    uid: 'u1',
    resourceVersion: '5',
    generation: 2,
    creationTimestamp: '2024-01-01T00:00:00Z',
  };

  it.each<[string, ObjectMeta, ObjectMeta, string[]]>([
    ['unchanged', old, old, []],
    ['name', { ...old, name: 'web2' }, old, ['metadata.name: Invalid value: "web2": field is immutable']],
    ['namespace', { ...old, namespace: 'other' }, old, ['metadata.namespace: Invalid value: "other": field is immutable']],
    ['uid', { ...old, uid: 'u2' }, old, ['metadata.uid: Invalid value: "u2": field is immutable']],
    [
      'creationTimestamp',
      { ...old, creationTimestamp: '2025-01-01T00:00:00Z' },
      old,
      ['metadata.creationTimestamp: Invalid value: "2025-01-01T00:00:00Z": field is immutable'],
    ],
    [
      'deletionTimestamp cannot be unset',
      { ...old },
      { ...old, deletionTimestamp: '2024-02-01T00:00:00Z' },
      ['metadata.deletionTimestamp: Invalid value: null: field is immutable'],
    ],
    [
      'missing resourceVersion',
      { ...old, resourceVersion: undefined },
      old,
      ['metadata.resourceVersion: Invalid value: "": must be specified for an update'],
    ],
    [
      'generation decremented',
      { ...old, generation: 1 },
      old,
      ['metadata.generation: Invalid value: 1: must not be decremented'],
    ],
    [
      'no new finalizers while deleting',
      { ...old, deletionTimestamp: 'x', finalizers: ['b/x', 'a/y', 'keep/z'] },
      { ...old, deletionTimestamp: 'x', finalizers: ['keep/z'] },
      [
        'metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"a/y", "b/x"}',
      ],
    ],
    [
      'labels are validated',
      { ...old, labels: { 'a/b/c': 'x' } },
      old,
      [
        "metadata.labels: Invalid value: \"a/b/c\": a valid label key must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
      ],
    ],
    [
      'kube finalizer names',
      { ...old, finalizers: ['custom'] },
      old,
      ['metadata.finalizers[0]: Invalid value: "custom": name is neither a standard finalizer name nor is it fully qualified'],
    ],
  ])('%s', (_, n, o, want) => {
    expect(messages(validateObjectMetaUpdate(n, o))).toEqual(want);
  });

  it('common update fields use path-segment names and skip the kube finalizer rule', () => {
    expect(messages(validateCommonUpdateFields({ ...old, finalizers: ['custom'] }, old, true))).toEqual([]);
    expect(messages(validateCommonUpdateFields({ ...old, name: 'a/b' }, old, true))).toEqual([
      'metadata.name: Invalid value: "a/b": may not contain \'/\'',
      'metadata.name: Invalid value: "a/b": field is immutable',
    ]);
  });
});
