// JSON merge patch (RFC 7386), the `application/merge-patch+json` patch type.
//
// Objects merge key by key, a null value deletes its key, and anything that is not an object
// (arrays included) replaces the target value wholesale. Inputs are never modified: the result
// is a new object along the changed paths and shares every untouched sub-tree with `target`;
// when the patch changes nothing the result is `target` itself.

import { copyJson, hasOwn, isPlainObject, sameObjectOr, setKey, type JsonObject } from './json-value';

export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (!isPlainObject(patch)) return copyJson(patch);
  const base: JsonObject = isPlainObject(target) ? target : {};
  const out: JsonObject = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) {
      delete out[key];
    } else {
      setKey(out, key, applyMergePatch(hasOwn(base, key) ? base[key] : undefined, value));
    }
  }
  // A non-object target is replaced by a fresh object even when the patch is empty.
  return isPlainObject(target) ? sameObjectOr(target, out) : out;
}
