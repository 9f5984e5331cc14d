// JSON patch (RFC 6902), the `application/json-patch+json` patch type, applied with
// fast-json-patch and failing the way the API server fails (it uses evanphx/json-patch v4):
//
// - a body that does not decode into a list of operation objects is a 400 Bad Request carrying
//   the decoder's message;
// - any operation that cannot be applied (unknown op, bad or missing path, failed test, ...)
//   is a 422 whose message is only "the server rejected our request due to an error in our
//   request" (kubectl prints it as `The request is invalid: ...`); the reason is kept in
//   PatchError.detail, worded like evanphx/json-patch words it.
// - operations apply in order and atomically: on any failure the target is left as it was.
//
// The target is never modified. Before each operation the containers on its path are copied
// (once), so the result shares every untouched sub-tree with the target; a patch of only `test`
// operations returns the target itself.

import { applyOperation, unescapePathComponent, JsonPatchError, type Operation } from 'fast-json-patch/index.mjs';
import { copyJson, hasOwn, isPlainObject, jsonKindName, type JsonObject } from './json-value';
import { PatchError, patchErrors } from './patch-error';

export { PatchError } from './patch-error';

const OPS = new Set(['add', 'remove', 'replace', 'move', 'copy', 'test']);

type Container = JsonObject | unknown[];

function isContainer(v: unknown): v is Container {
  return typeof v === 'object' && v !== null;
}

function shallowCopy(c: Container): Container {
  return Array.isArray(c) ? c.slice() : { ...c };
}

/** The array index a pointer token names, the way fast-json-patch reads it, or -1. */
function arrayIndex(token: string): number {
  if (!/^\d*$/.test(token)) return -1;
  return token === '' ? 0 : parseInt(token, 10);
}

/**
 * Copies (once per patch) every container the pointer walks through before its last token, so
 * that applying the operation in place only ever touches copies. Returns the (possibly new) root.
 */
function ownPath(doc: unknown, pointer: string, owned: WeakSet<object>): unknown {
  if (pointer === '' || !pointer.startsWith('/') || !isContainer(doc)) return doc;
  const tokens = pointer.split('/').slice(1).map(unescapePathComponent);
  let root = doc;
  if (!owned.has(root)) {
    root = shallowCopy(root);
    owned.add(root);
  }
  let parent: Container = root;
  for (let i = 0; i < tokens.length - 1; i++) {
    let key: string = tokens[i];
    if (Array.isArray(parent)) {
      const idx = arrayIndex(key);
      if (idx < 0 || idx >= parent.length) break;
      key = String(idx);
    } else if (key === '__proto__' || !hasOwn(parent, key)) {
      break;
    }
    const child = (parent as Record<string, unknown>)[key];
    if (!isContainer(child)) break;
    let own: Container = child;
    if (!owned.has(own)) {
      own = shallowCopy(child);
      owned.add(own);
      (parent as Record<string, unknown>)[key] = own;
    }
    parent = own;
  }
  return root;
}

/** Whether the pointer names a missing member of an existing object (not an array slot). */
function isMissingMember(doc: unknown, pointer: string): boolean {
  if (pointer === '' || !pointer.startsWith('/')) return false;
  const tokens = pointer.split('/').slice(1).map(unescapePathComponent);
  let cur: unknown = doc;
  for (let i = 0; i < tokens.length - 1; i++) {
    if (!isContainer(cur)) return false;
    let key = tokens[i];
    if (Array.isArray(cur)) {
      const idx = arrayIndex(key);
      if (idx < 0) return false;
      key = String(idx);
    }
    if (!hasOwn(cur, key)) return false;
    cur = (cur as Record<string, unknown>)[key];
  }
  return isPlainObject(cur) && !hasOwn(cur, tokens[tokens.length - 1]);
}

/** evanphx/json-patch's wording of why an operation did not apply. */
function describe(e: unknown, op: Record<string, unknown>): string {
  const kind = String(op.op);
  const path = String(op.path);
  if (e instanceof JsonPatchError) {
    switch (e.name) {
      case 'TEST_OPERATION_FAILED':
        return `testing value ${path} failed: test failed`;
      case 'OPERATION_PATH_CANNOT_ADD':
        return `add operation does not apply: doc is missing path: "${path}": missing value`;
      case 'OPERATION_PATH_UNRESOLVABLE':
        return kind === 'remove'
          ? `remove operation does not apply: doc is missing path: "${path}": missing value`
          : `${kind} operation does not apply: doc is missing key: ${path}: missing value`;
      case 'OPERATION_FROM_UNRESOLVABLE':
        return `${kind} operation does not apply: doc is missing from path: ${String(op.from)}: missing value`;
      case 'OPERATION_VALUE_OUT_OF_BOUNDS':
      case 'OPERATION_PATH_ILLEGAL_ARRAY_INDEX':
        return `Unable to access invalid index: ${path}: invalid index referenced`;
      default:
        return `${kind} operation failed: ${e.message.split('\n')[0]}`;
    }
  }
  return `${kind} operation failed: ${e instanceof Error ? e.message : String(e)}`;
}

/**
 * Applies a JSON patch (a list of RFC 6902 operations) to `target` and returns the patched copy.
 * Throws PatchError (400 for an undecodable body, 422 for an operation that does not apply).
 * A `null` body decodes to an empty patch, as it does on the server.
 */
export function applyJsonPatch(target: unknown, operations: unknown): unknown {
  if (operations === null) return target;
  if (!Array.isArray(operations)) {
    throw patchErrors.badRequest(`json: cannot unmarshal ${jsonKindName(operations)} into Go value of type jsonpatch.Patch`);
  }
  for (const raw of operations) {
    if (raw !== null && !isPlainObject(raw)) {
      throw patchErrors.badRequest(`json: cannot unmarshal ${jsonKindName(raw)} into Go value of type jsonpatch.Operation`);
    }
  }

  let doc = target;
  const owned = new WeakSet<object>();
  operations.forEach((raw: JsonObject | null, index) => {
    const op: JsonObject = copyJson(raw ?? {});
    const kind = typeof op.op === 'string' ? op.op : 'unknown';
    if (!OPS.has(kind)) throw patchErrors.unprocessable(`Unexpected kind: ${kind}`);
    if (typeof op.path !== 'string') throw patchErrors.unprocessable(`${kind} operation failed to decode path`);
    if ((kind === 'move' || kind === 'copy') && typeof op.from !== 'string') {
      throw patchErrors.unprocessable(`${kind} operation failed to decode from`);
    }
    // evanphx/json-patch reads a missing value as JSON null rather than rejecting the operation.
    if ((kind === 'add' || kind === 'replace' || kind === 'test') && !hasOwn(op, 'value')) op.value = null;

    if (kind === 'test') {
      // A missing member tests equal to null there; fast-json-patch would call that a failure.
      if (op.value === null && isMissingMember(doc, op.path)) return;
    } else {
      doc = ownPath(doc, op.path, owned);
      if (kind === 'move') doc = ownPath(doc, op.from as string, owned);
    }
    try {
      doc = applyOperation(doc, op as unknown as Operation, true, true, true, index).newDocument;
    } catch (e) {
      if (e instanceof PatchError) throw e;
      throw patchErrors.unprocessable(describe(e, op));
    }
  });
  return doc;
}
