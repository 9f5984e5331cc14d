// Reading `-f` inputs the way kubectl does: files, bundled example URLs or stdin; several YAML
// documents, JSON, and `kind: List` flattened; errors worded like kubectl's.
//
// YAML is read as kubectl's YAML-to-JSON conversion reads it (go-yaml v2, YAML 1.1): `yes` / `on`
// are booleans, a repeated key keeps its last value, timestamps and sexagesimal numbers stay
// strings, and a document whose aliases expand too far is refused. Each object then passes
// kubectl's own checks: `apiVersion` and `kind` strings, and its metadata decoding.

import { parseAllDocuments, type DocumentOptions, type ParseOptions, type SchemaOptions, type ToJSOptions } from 'yaml';
import { metadataDecodeError } from '../api/decoding/decode';
import type { KObject } from '../../k8s/types';
import { KubectlError, type KubectlEnv, type KubectlIO } from './context';
import { isRemoteLocation } from './examples';
import { appendAll } from '../../k8s/arrays';

export interface ManifestObject {
  object: KObject;
  /** The name kubectl uses for the input in messages: the path, the URL, or `STDIN`. */
  source: string;
}

/** Loads every object named by the `-f` values, in order. Throws KubectlError on bad input. */
export function loadManifests(filenames: string[], io: KubectlIO, env: KubectlEnv, validate = true): ManifestObject[] {
  const objects: ManifestObject[] = [];
  for (const name of filenames) {
    const source = name === '-' ? 'STDIN' : name;
    const text = readInput(name, io, env);
    for (const object of parseManifestText(text, source, validate)) objects.push({ object, source });
  }
  return objects;
}

function readInput(name: string, io: KubectlIO, env: KubectlEnv): string {
  if (name === '-') return io.stdin ?? '';
  const text = env.readManifest(name);
  if (text !== undefined) return text;
  if (isRemoteLocation(name)) {
    throw new KubectlError(`unable to read URL "${name}", server reported 404 Not Found, status code=404`);
  }
  throw new KubectlError(`the path "${name}" does not exist`);
}

/**
 * go-yaml v2's YAML 1.1 as the yaml library's options: its core 1.1 tags without `!!timestamp`
 * and the sexagesimal (`1:20`) forms, which go-yaml leaves as strings.
 */
const YAML_OPTIONS: ParseOptions & DocumentOptions & SchemaOptions = {
  prettyErrors: true,
  uniqueKeys: false,
  version: '1.1',
  merge: true,
  customTags: (tags) =>
    tags.filter((t) => {
      const tag = t as { tag?: string; format?: string };
      return tag.tag !== 'tag:yaml.org,2002:timestamp' && tag.format !== 'TIME';
    }),
};

/**
 * How far aliases may expand (the yaml library's measure): documents like the `lol` bomb, which
 * go-yaml refuses as excessive aliasing, pass this bound long before they grow large.
 */
const JSON_OPTIONS: ToJSOptions = { maxAliasCount: 10_000 };

/** Parses YAML (several documents) or JSON into objects, flattening `kind: List`. */
export function parseManifestText(text: string, source: string, validate = true): KObject[] {
  const docs = parseAllDocuments(text, YAML_OPTIONS);
  const list = Array.isArray(docs) ? docs : [docs];
  const out: KObject[] = [];
  const yamlError = (message: string) =>
    new KubectlError(`error parsing ${source}: error converting YAML to JSON: yaml: ${message}`);
  for (const doc of list) {
    const err = doc.errors[0];
    if (err) {
      const pos = err.linePos?.[0];
      const where = pos ? `line ${pos.line}, column ${pos.col}: ` : '';
      const message = err.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
      throw yamlError(`${where}${message}`);
    }
    let value: unknown;
    try {
      value = doc.toJS(JSON_OPTIONS) as unknown;
    } catch (e) {
      if (e instanceof ReferenceError) throw yamlError('document contains excessive aliasing');
      throw e;
    }
    if (value === null || value === undefined) continue;
    // JSON has no infinities or NaN (`.inf`, `.nan`): encoding/json refuses the first it meets.
    const unsupported = firstNonFinite(value);
    if (unsupported !== undefined) {
      throw new KubectlError(`error parsing ${source}: error converting YAML to JSON: json: unsupported value: ${unsupported}`);
    }
    appendAll(out, flatten(value, source, validate));
  }
  return out;
}

/** The first infinity or NaN in encoding/json's order (map keys sorted), as Go prints it. */
function firstNonFinite(value: unknown): string | undefined {
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return 'NaN';
    if (!Number.isFinite(value)) return value > 0 ? '+Inf' : '-Inf';
    return undefined;
  }
  if (Array.isArray(value)) {
    for (const v of value) {
      const found = firstNonFinite(v);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof value === 'object' && value !== null) {
    const o = value as Record<string, unknown>;
    for (const k of Object.keys(o).sort()) {
      const found = firstNonFinite(o[k]);
      if (found) return found;
    }
  }
  return undefined;
}

/** How encoding/json names a JSON value's kind in its errors. */
function jsonKind(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'boolean') return 'bool';
  return typeof v === 'object' ? 'object' : typeof v;
}

/** Go's json.Marshal of decoded YAML: map keys sorted. */
function goJson(value: unknown): string {
  const sorted = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sorted);
    if (typeof v !== 'object' || v === null) return v;
    const o = v as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(o)
        .sort()
        .map((k) => [k, sorted(o[k])]),
    );
  };
  return JSON.stringify(sorted(value));
}

function flatten(value: unknown, source: string, validate: boolean): KObject[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new KubectlError(
      `error validating "${source}": error validating data: invalid object to validate; if you choose to ignore these errors, turn validation off with --validate=false`,
    );
  }
  const obj = value as KObject;
  const notString = (['apiVersion', 'kind'] as const).find((k) => obj[k] != null && typeof obj[k] !== 'string');
  if (notString && validate) {
    throw new KubectlError(
      `error validating "${source}": error validating data: ${notString} isn't string type; if you choose to ignore these errors, turn validation off with --validate=false`,
    );
  }
  if (!validate && (typeof obj.kind !== 'string' || !obj.kind)) {
    throw new KubectlError(`unable to decode "${source}": Object 'Kind' is missing in '${goJson(obj)}'`);
  }
  if (notString) {
    throw new KubectlError(
      `unable to decode "${source}": json: cannot unmarshal ${jsonKind(obj.apiVersion)} into Go struct field metadataOnlyObject.apiVersion of type string`,
    );
  }
  const missing: string[] = [];
  if (!obj.apiVersion) missing.push('apiVersion not set');
  if (!obj.kind) missing.push('kind not set');
  if (missing.length && validate) {
    const detail = missing.length === 1 ? missing[0] : `[${missing.join(', ')}]`;
    throw new KubectlError(
      `error validating "${source}": error validating data: ${detail}; if you choose to ignore these errors, turn validation off with --validate=false`,
    );
  }
  if (obj.kind === 'List' || (obj.kind.endsWith('List') && Array.isArray(obj.items))) {
    return ((obj.items as unknown[]) ?? []).flatMap((item) => flatten(item, source, validate));
  }
  const metadataError = metadataDecodeError(obj.metadata);
  if (metadataError) throw new KubectlError(`unable to decode "${source}": ${metadataError}`);
  return [{ ...obj, metadata: (obj.metadata as KObject['metadata']) ?? {} }];
}
