import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { fieldErrorMessage } from '../errors';
import { isConfigMapKey, validateConfigMap, validateConfigMapUpdate, validateSecret, validateSecretUpdate } from './config';

const meta = { name: 'x', namespace: 'default' };
const texts = (errs: ReturnType<typeof validateConfigMap>) => errs.map(fieldErrorMessage);

describe('ConfigMap and Secret validation', () => {
  it('IsConfigMapKey', () => {
    expect(isConfigMapKey('game.properties')).toEqual([]);
    expect(isConfigMapKey('bad key')).toEqual([
      "a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')",
    ]);
    expect(isConfigMapKey('..data')).toEqual(["must not start with '..'"]);
    expect(isConfigMapKey('.')).toEqual(["must not be '.'"]);
  });

  it('refuses a ConfigMap over 1 MiB at the whole object, and keys in both data and binaryData', () => {
    const big = {
      ...{ apiVersion: 'v1', kind: 'ConfigMap' },
      metadata: meta,
      data: { a: 'x'.repeat(1024 * 1024 + 1) },
    } as KObject;
    expect(texts(validateConfigMap(big))).toEqual(['[]: Too long: may not be more than 1048576 bytes']);
    const dup = { metadata: meta, data: { k: 'v' }, binaryData: { k: 'dg==' } } as unknown as KObject;
    expect(texts(validateConfigMap(dup))).toEqual(['data[k]: Invalid value: "k": duplicate of key present in binaryData']);
  });

  it('freezes data once immutable', () => {
    const old = { metadata: { ...meta, resourceVersion: '1' }, data: { a: '1' }, immutable: true } as unknown as KObject;
    const changed = { ...old, data: { a: '2' } } as KObject;
    expect(texts(validateConfigMapUpdate(changed, old))).toEqual(['data: Forbidden: field is immutable when `immutable` is set']);
    const unset = { ...old, immutable: false } as KObject;
    expect(texts(validateConfigMapUpdate(unset, old))).toEqual([
      'immutable: Forbidden: field is immutable when `immutable` is set',
    ]);
  });

  it.each<[string, Record<string, string>, string[]]>([
    ['kubernetes.io/tls', { 'tls.crt': 'YQ==' }, ['data[tls.key]: Required value']],
    ['kubernetes.io/dockerconfigjson', {}, ['data[.dockerconfigjson]: Required value']],
    [
      'kubernetes.io/dockerconfigjson',
      { '.dockerconfigjson': 'eHl6' },
      [
        'data[.dockerconfigjson]: Invalid value: "<secret contents redacted>": invalid character \'x\' looking for beginning of value',
      ],
    ],
    ['kubernetes.io/basic-auth', {}, ['data[username]: Required value', 'data[password]: Required value']],
    [
      'Opaque',
      { 'a b': 'YQ==' },
      [expect.stringContaining('data[a b]: Invalid value: "a b": a valid config key') as unknown as string],
    ],
  ])('a %s Secret with %j', (type, data, expected) => {
    expect(texts(validateSecret({ metadata: meta, type, data } as unknown as KObject))).toEqual(expected);
  });

  it('requires the service account name annotation on a token Secret, and keeps the type', () => {
    const sa = { metadata: meta, type: 'kubernetes.io/service-account-token' } as unknown as KObject;
    expect(texts(validateSecret(sa))).toEqual(['metadata.annotations[kubernetes.io/service-account.name]: Required value']);
    const old = { metadata: { ...meta, resourceVersion: '1' }, type: 'Opaque' } as unknown as KObject;
    expect(
      texts(validateSecretUpdate({ ...old, type: 'kubernetes.io/tls', data: { 'tls.crt': '', 'tls.key': '' } } as KObject, old)),
    ).toEqual(['type: Invalid value: "kubernetes.io/tls": field is immutable']);
  });
});
