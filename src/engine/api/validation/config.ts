// core/v1 ConfigMap, Secret and ServiceAccount validation (pkg/apis/core/validation/validation.go
// ValidateConfigMap(Update), ValidateSecret(Update), ValidateServiceAccount(Update)) and
// IsConfigMapKey (apimachinery/pkg/util/validation).

import type { KObject } from '../../../k8s/types';
import { maxLenError, nameIsDNSSubdomain, regexError, utf8Length } from '../../../k8s/names';
import { field, type FieldError } from '../errors';
import { validateCommonUpdateFields, validateObjectMeta, validateObjectMetaUpdate } from './objectmeta';
import { child, isObj, key, semanticEqual, validateImmutableField } from './util';
import { base64DecodedLength, decodeBase64 } from '../../../k8s/base64';

/** core.MaxSecretSize: 1 MiB, the limit of a ConfigMap's or Secret's data. */
export const MAX_SECRET_SIZE = 1024 * 1024;
const DNS1123_SUBDOMAIN_MAX_LENGTH = 253;
const CONFIG_MAP_KEY_FMT = '[-._a-zA-Z0-9]+';
const CONFIG_MAP_KEY_RE = /^[-._a-zA-Z0-9]+$/;
const CONFIG_MAP_KEY_ERR_MSG = "a valid config key must consist of alphanumeric characters, '-', '_' or '.'";
const IMMUTABLE_SET = 'field is immutable when `immutable` is set';

export const SECRET_TYPE = {
  opaque: 'Opaque',
  serviceAccountToken: 'kubernetes.io/service-account-token',
  dockercfg: 'kubernetes.io/dockercfg',
  dockerConfigJson: 'kubernetes.io/dockerconfigjson',
  basicAuth: 'kubernetes.io/basic-auth',
  sshAuth: 'kubernetes.io/ssh-auth',
  tls: 'kubernetes.io/tls',
} as const;

/** IsConfigMapKey: the messages for a key that cannot be a ConfigMap / Secret key. */
export function isConfigMapKey(value: string): string[] {
  const errs: string[] = [];
  if (utf8Length(value) > DNS1123_SUBDOMAIN_MAX_LENGTH) errs.push(maxLenError(DNS1123_SUBDOMAIN_MAX_LENGTH));
  if (!CONFIG_MAP_KEY_RE.test(value))
    errs.push(regexError(CONFIG_MAP_KEY_ERR_MSG, CONFIG_MAP_KEY_FMT, 'key.name', 'KEY_NAME', 'key-name'));
  if (value === '.') errs.push("must not be '.'");
  else if (value === '..') errs.push("must not be '..'");
  else if (value.startsWith('..')) errs.push("must not start with '..'");
  return errs;
}

const stringMap = (v: unknown): Record<string, unknown> => (isObj(v) ? v : {});

/** ValidateConfigMap. */
export function validateConfigMap(cm: KObject): FieldError[] {
  const errs = validateObjectMeta(cm.metadata, { namespaced: true, validateName: nameIsDNSSubdomain, kubeFinalizers: true });
  const data = stringMap(cm.data);
  const binary = stringMap(cm.binaryData);
  let total = 0;
  for (const [k, v] of Object.entries(data)) {
    for (const msg of isConfigMapKey(k)) errs.push(field.invalid(key('data', k), k, msg));
    if (Object.prototype.hasOwnProperty.call(binary, k)) {
      errs.push(field.invalid(key('data', k), k, 'duplicate of key present in binaryData'));
    }
    total += utf8Length(String(v ?? ''));
  }
  for (const [k, v] of Object.entries(binary)) {
    for (const msg of isConfigMapKey(k)) errs.push(field.invalid(key('binaryData', k), k, msg));
    total += base64DecodedLength(String(v ?? ''));
  }
  // Upstream reports the whole object, at the empty path (printed `[]`).
  if (total > MAX_SECRET_SIZE) errs.push(field.tooLong('[]', MAX_SECRET_SIZE));
  return errs;
}

/** ValidateConfigMapUpdate: metadata rules, `immutable` kept and data frozen once set, then the object. */
export function validateConfigMapUpdate(cm: KObject, old: KObject): FieldError[] {
  const errs = [
    ...validateCommonUpdateFields(cm.metadata, old.metadata, true),
    ...validateObjectMetaUpdate(cm.metadata, old.metadata, 'metadata', { kubeFinalizers: true }),
  ];
  if (old.immutable === true) {
    if (cm.immutable !== true) errs.push(field.forbidden('immutable', IMMUTABLE_SET));
    if (!semanticEqual(cm.data, old.data)) errs.push(field.forbidden('data', IMMUTABLE_SET));
    if (!semanticEqual(cm.binaryData, old.binaryData)) errs.push(field.forbidden('binaryData', IMMUTABLE_SET));
  }
  errs.push(...validateConfigMap(cm));
  return errs;
}

/** encoding/json's error for a document that does not decode into a map (the common cases). */
function jsonMapError(text: string): string | undefined {
  try {
    const v = JSON.parse(text);
    if (isObj(v)) return undefined;
    const kind = Array.isArray(v)
      ? 'array'
      : v === null
        ? undefined
        : typeof v === 'string'
          ? 'string'
          : typeof v === 'number'
            ? 'number'
            : 'bool';
    return kind ? `json: cannot unmarshal ${kind} into Go value of type map[string]interface {}` : undefined;
  } catch {
    // encoding/json's scanner messages for the first bad character of the common cases.
    const trimmed = text.trimStart();
    if (trimmed === '') return 'unexpected end of JSON input';
    const c = trimmed[0];
    if (!'{["-0123456789tfn'.includes(c)) return `invalid character '${c}' looking for beginning of value`;
    if (c === '{') {
      const next = trimmed.slice(1).trimStart()[0];
      if (next === undefined) return 'unexpected end of JSON input';
      if (next !== '"' && next !== '}') return `invalid character '${next}' looking for beginning of object key string`;
    }
    return 'unexpected end of JSON input';
  }
}

/** ValidateSecret: keys, the 1 MiB limit, and the keys each type requires. */
export function validateSecret(secret: KObject): FieldError[] {
  const errs = validateObjectMeta(secret.metadata, { namespaced: true, validateName: nameIsDNSSubdomain, kubeFinalizers: true });
  const data = stringMap(secret.data);
  let total = 0;
  for (const [k, v] of Object.entries(data)) {
    for (const msg of isConfigMapKey(k)) errs.push(field.invalid(key('data', k), k, msg));
    total += base64DecodedLength(String(v ?? ''));
  }
  if (total > MAX_SECRET_SIZE) errs.push(field.tooLong('data', MAX_SECRET_SIZE));
  const has = (k: string) => Object.prototype.hasOwnProperty.call(data, k);
  const type = typeof secret.type === 'string' ? secret.type : '';
  const requireJson = (k: string) => {
    if (!has(k)) {
      errs.push(field.required(key('data', k)));
      return;
    }
    const problem = jsonMapError(decodeBase64(String(data[k] ?? '')) ?? '');
    if (problem) errs.push(field.invalid(key('data', k), '<secret contents redacted>', problem));
  };
  switch (type) {
    case SECRET_TYPE.serviceAccountToken: {
      const name = secret.metadata.annotations?.['kubernetes.io/service-account.name'];
      if (!name) errs.push(field.required(key(child('metadata', 'annotations'), 'kubernetes.io/service-account.name')));
      break;
    }
    case SECRET_TYPE.dockercfg:
      requireJson('.dockercfg');
      break;
    case SECRET_TYPE.dockerConfigJson:
      requireJson('.dockerconfigjson');
      break;
    case SECRET_TYPE.basicAuth:
      if (!has('username') && !has('password')) {
        errs.push(field.required(key('data', 'username')), field.required(key('data', 'password')));
      }
      break;
    case SECRET_TYPE.sshAuth:
      if (base64DecodedLength(String(data['ssh-privatekey'] ?? '')) === 0)
        errs.push(field.required(key('data', 'ssh-privatekey')));
      break;
    case SECRET_TYPE.tls:
      if (!has('tls.crt')) errs.push(field.required(key('data', 'tls.crt')));
      if (!has('tls.key')) errs.push(field.required(key('data', 'tls.key')));
      break;
  }
  return errs;
}

/** ValidateSecretUpdate: metadata rules, type immutable, `immutable` rules, then the object. */
export function validateSecretUpdate(secret: KObject, old: KObject): FieldError[] {
  const errs = [
    ...validateCommonUpdateFields(secret.metadata, old.metadata, true),
    ...validateObjectMetaUpdate(secret.metadata, old.metadata, 'metadata', { kubeFinalizers: true }),
    ...validateImmutableField(secret.type, old.type, 'type'),
  ];
  if (old.immutable === true) {
    if (secret.immutable !== true) errs.push(field.forbidden('immutable', IMMUTABLE_SET));
    if (!semanticEqual(secret.data, old.data)) errs.push(field.forbidden('data', IMMUTABLE_SET));
  }
  errs.push(...validateSecret(secret));
  return errs;
}

/** ValidateServiceAccount: metadata only (secrets and imagePullSecrets are references). */
export function validateServiceAccount(sa: KObject): FieldError[] {
  return validateObjectMeta(sa.metadata, { namespaced: true, validateName: nameIsDNSSubdomain, kubeFinalizers: true });
}

export function validateServiceAccountUpdate(sa: KObject, old: KObject): FieldError[] {
  return [
    ...validateCommonUpdateFields(sa.metadata, old.metadata, true),
    ...validateObjectMetaUpdate(sa.metadata, old.metadata, 'metadata', { kubeFinalizers: true }),
    ...validateServiceAccount(sa),
  ];
}
