// The PATCH verb's patch types, dispatched by name or by Content-Type.
//
// 'apply' (server-side apply, `application/apply-patch+yaml`) is not implemented as field-managed
// apply yet: it is applied as a strategic merge patch of the submitted object, which gives the
// same result for the common "apply a full manifest to an object I own" case but ignores field
// ownership (no conflicts, no removal of fields a previous apply set and this one omits).

import { applyJsonPatch } from './json-patch';
import { applyMergePatch } from './merge-patch';
import { isPlainObject, jsonKindName } from './json-value';
import { patchErrors } from './patch-error';
import { applyStrategicMergePatch, patchSchemaFor } from './strategic-merge-patch';

export { applyJsonPatch } from './json-patch';
export { applyMergePatch } from './merge-patch';
export { PatchError } from './patch-error';
export {
  applyStrategicMergePatch,
  containerPatchMeta,
  objectMetaPatchMeta,
  patchMetaTableFor,
  patchSchemaFor,
  podSpecPatchMeta,
  type PatchMeta,
  type PatchMetaTable,
  type PatchSchema,
  type PatchSchemaLookup,
  type PatchStrategy,
} from './strategic-merge-patch';

export type PatchType = 'json' | 'merge' | 'strategic' | 'apply';

/** The Content-Type of each patch type, in the order the server lists them. */
export const patchContentTypes: Readonly<Record<PatchType, string>> = {
  json: 'application/json-patch+json',
  merge: 'application/merge-patch+json',
  apply: 'application/apply-patch+yaml',
  strategic: 'application/strategic-merge-patch+json',
};

const byContentType = new Map<string, PatchType>(
  (Object.entries(patchContentTypes) as [PatchType, string][]).map(([type, contentType]) => [contentType, type]),
);

/** The patch type of a Content-Type header value (parameters such as `; charset=utf-8` ignored). */
export function patchTypeFromContentType(contentType: string): PatchType | undefined {
  const semi = contentType.indexOf(';');
  return byContentType.get((semi > 0 ? contentType.slice(0, semi) : contentType).trim());
}

const VERSION_KIND_STRUCT =
  'struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }';

function resolveType(type: string): PatchType {
  if (type === 'json' || type === 'merge' || type === 'strategic' || type === 'apply') return type;
  const fromHeader = patchTypeFromContentType(type);
  if (fromHeader) return fromHeader;
  throw patchErrors.unsupportedMediaType(Object.values(patchContentTypes));
}

/**
 * Applies a patch of the given type (a PatchType or its Content-Type) to `target`, an object of
 * `kind` as stored, and returns the patched object. Never modifies its inputs; throws PatchError.
 */
export function applyPatch(type: PatchType | string, target: unknown, patch: unknown, kind: string): unknown {
  let result: unknown;
  switch (resolveType(type)) {
    case 'json':
      result = applyJsonPatch(target, patch);
      break;
    case 'merge':
      // The server's merge patch library refuses a null or scalar patch outright.
      if (!isPlainObject(patch) && !Array.isArray(patch)) throw patchErrors.badRequest('Invalid JSON Patch');
      result = applyMergePatch(target, patch);
      break;
    case 'strategic':
    case 'apply':
      result = applyStrategicMergePatch(target, patch, patchSchemaFor(kind));
      break;
  }
  // The server decodes the patched document into the kind's type, which needs an object.
  if (!isPlainObject(result)) {
    const detail =
      result === null
        ? "Object 'Kind' is missing in 'null'"
        : `couldn't get version/kind; json parse error: json: cannot unmarshal ${jsonKindName(result)} into Go value of type ${VERSION_KIND_STRUCT}`;
    throw patchErrors.notAnObject(result, detail);
  }
  return result;
}
