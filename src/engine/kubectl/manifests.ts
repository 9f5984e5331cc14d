// Reading `-f` inputs the way kubectl does: files, bundled example URLs or stdin; several YAML
// documents, JSON, and `kind: List` flattened; errors worded like kubectl's.

import { parseAllDocuments } from 'yaml';
import type { KObject } from '../../k8s/types';
import { KubectlError, type KubectlEnv, type KubectlIO } from './context';
import { isRemoteLocation } from './examples';

export interface ManifestObject {
  object: KObject;
  /** The name kubectl uses for the input in messages: the path, the URL, or `STDIN`. */
  source: string;
}

/** Loads every object named by the `-f` values, in order. Throws KubectlError on bad input. */
export function loadManifests(filenames: string[], io: KubectlIO, env: KubectlEnv): ManifestObject[] {
  const objects: ManifestObject[] = [];
  for (const name of filenames) {
    const source = name === '-' ? 'STDIN' : name;
    const text = readInput(name, io, env);
    for (const object of parseManifestText(text, source)) objects.push({ object, source });
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

/** Parses YAML (several documents) or JSON into objects, flattening `kind: List`. */
export function parseManifestText(text: string, source: string): KObject[] {
  const docs = parseAllDocuments(text, { prettyErrors: true, uniqueKeys: false });
  const list = Array.isArray(docs) ? docs : [docs];
  const out: KObject[] = [];
  for (const doc of list) {
    const err = doc.errors[0];
    if (err) {
      const pos = err.linePos?.[0];
      const where = pos ? `line ${pos.line}, column ${pos.col}: ` : '';
      const message = err.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
      throw new KubectlError(`error parsing ${source}: error converting YAML to JSON: yaml: ${where}${message}`);
    }
    const value = doc.toJSON() as unknown;
    if (value === null || value === undefined) continue;
    out.push(...flatten(value, source));
  }
  return out;
}

function flatten(value: unknown, source: string): KObject[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new KubectlError(
      `error validating "${source}": error validating data: invalid object to validate; if you choose to ignore these errors, turn validation off with --validate=false`,
    );
  }
  const obj = value as KObject;
  const missing: string[] = [];
  if (!obj.apiVersion) missing.push('apiVersion not set');
  if (!obj.kind) missing.push('kind not set');
  if (missing.length) {
    const detail = missing.length === 1 ? missing[0] : `[${missing.join(', ')}]`;
    throw new KubectlError(
      `error validating "${source}": error validating data: ${detail}; if you choose to ignore these errors, turn validation off with --validate=false`,
    );
  }
  if (obj.kind === 'List' || (obj.kind.endsWith('List') && Array.isArray(obj.items))) {
    return ((obj.items as unknown[]) ?? []).flatMap((item) => flatten(item, source));
  }
  return [{ ...obj, metadata: (obj.metadata as KObject['metadata']) ?? {} }];
}
