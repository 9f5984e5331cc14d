// Strategic merge patch, the `application/strategic-merge-patch+json` patch type: the server
// half of k8s.io/apimachinery pkg/util/strategicpatch (StrategicMergeMapPatch), re-implemented
// over plain JSON with the patch metadata supplied by a PatchSchema instead of Go struct tags.
//
// Semantics, as the API server applies a patch:
// - Objects merge key by key; `null` deletes a key. A key the target lacks takes the patch value
//   with its nulls and directives removed.
// - Lists whose field has strategy `merge`:
//   - lists of objects merge by the field's merge key: an element whose key matches is merged
//     recursively, the others are added;
//   - lists of primitives are unioned (and de-duplicated);
//   - order: patch elements keep the patch's order, elements only on the server keep theirs, and
//     the two are interleaved by the server order; an element the server does not have goes in
//     as early as it can, so a new container lands *before* the existing ones (that is what the
//     `kubectl patch` docs' patch-demo Deployment shows: redis ahead of nginx).
//   Every other list (no strategy, e.g. tolerations) is replaced by the patch's list.
// - Directives:
//   - `$patch: replace` in an object replaces the whole object with the rest of the patch object;
//     in a merging list, the list is replaced by the patch's other elements;
//   - `$patch: delete` in an object empties it (`{}`, the key stays); in a merging list it deletes
//     every element with the item's merge key;
//   - `$patch: merge` is rejected, as the server rejects it ("merging lists cannot yet be
//     specified in the patch" in a list, "unknown patch type" in an object);
//   - `$deleteFromPrimitiveList/<field>: [...]` removes those values from a list of primitives
//     (whatever the field's strategy; a missing list is left missing);
//   - `$setElementOrder/<field>: [...]` gives the final relative order of the listed elements
//     (objects by merge key, primitives by value) and must agree with the patch list's order;
//   - `$retainKeys: [...]` drops every key of the target object not in the list (every non-null
//     key of the patch object must be listed).
// - Errors are PatchErrors with the server's status: 400 for a malformed directive, 422 for lists
//   of lists, and 500 with the library's message for the rest (missing merge key, bad `$patch`).
//
// Differences from the server, which decodes the result into a typed object afterwards: values
// taken from the patch are cleaned the way that decode ends up (nulls and directive keys are
// dropped instead of left for the decoder to ignore), and numbers are not split into int64 and
// float64 (so a list mixing 1 and 1.5 merges instead of failing).
//
// Nothing is modified: the result shares every untouched sub-tree with the target, and is the
// target itself when the patch changes nothing.

import { deepEqual } from '../deep';
import {
  goFormat,
  goTypeName,
  hasOwn,
  isPlainObject,
  jsonKindName,
  sameArrayOr,
  sameObjectOr,
  setKey,
  type JsonObject,
} from './json-value';
import { patchErrors, type PatchError } from './patch-error';
import { toLookup, type PatchMeta, type PatchSchema, type PatchSchemaLookup } from './schema';

export type { PatchMeta, PatchMetaTable, PatchSchema, PatchSchemaLookup, PatchStrategy } from './schema';
export { containerPatchMeta, objectMetaPatchMeta, patchMetaTableFor, patchSchemaFor, podSpecPatchMeta } from './schema';

const DIRECTIVE = '$patch';
const RETAIN_KEYS = '$retainKeys';
const DELETE_FROM_PRIMITIVE_LIST = '$deleteFromPrimitiveList';
const SET_ELEMENT_ORDER = '$setElementOrder';

type Path = readonly string[];
type ElementKind = 'map' | 'slice' | 'string' | 'number' | 'bool' | 'null';

/** %s of a value the way fmt prints it (a non-string shows as `%!s(type=value)`). */
function goString(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === null || v === undefined) return '%!s(<nil>)';
  if (typeof v === 'object') return goFormat(v);
  return `%!s(${goTypeName(v)}=${goFormat(v)})`;
}

const fail = {
  noMergeKey: (m: unknown, key: string): PatchError =>
    patchErrors.unmapped(`map: ${goFormat(m)} does not contain declared merge key: ${key}`),
  badArgType: (expected: string, actual: unknown): PatchError =>
    patchErrors.unmapped(`expected a ${expected}, but received a ${goTypeName(actual)}`),
  badPatchType: (directive: unknown, m: unknown): PatchError =>
    patchErrors.unmapped(`unknown patch type: ${goString(directive)} in map: ${goFormat(m)}`),
  primitiveListFormat: (): PatchError => patchErrors.badRequest('invalid patch format of primitive list'),
  retainKeysFormat: (): PatchError => patchErrors.badRequest('invalid patch format of retainKeys'),
  setElementOrderFormat: (): PatchError => patchErrors.badRequest('invalid patch format of setElementOrder list'),
  listOfLists: (): PatchError => patchErrors.unprocessable('lists of lists are not supported'),
};

const MAP_TYPE = 'map[string]interface {}';
const SLICE_TYPE = '[]interface {}';

interface Ctx {
  lookup: PatchSchemaLookup;
}

// ---------------------------------------------------------------------------------------------
// Values taken from the patch

const DROP: unique symbol = Symbol('drop');

function isDirectiveKey(key: string): boolean {
  return key === RETAIN_KEYS || key.startsWith(SET_ELEMENT_ORDER) || key.startsWith(DELETE_FROM_PRIMITIVE_LIST);
}

/**
 * A fresh copy of a patch value to store as is: null members dropped, an object that carries a
 * `$patch` directive dropped (DROP), directive keys removed.
 */
function fromPatch(v: unknown): unknown {
  if (Array.isArray(v)) {
    const out: unknown[] = [];
    for (const x of v) {
      const c = fromPatch(x);
      if (c !== DROP) out.push(c);
    }
    return out;
  }
  if (isPlainObject(v)) {
    if (hasOwn(v, DIRECTIVE)) return DROP;
    return fromPatchMembers(v);
  }
  return v;
}

/** The members of a patch object, cleaned; `keep` survives even with a null value. */
function fromPatchMembers(v: JsonObject, keep?: string): JsonObject {
  const out: JsonObject = {};
  for (const [k, x] of Object.entries(v)) {
    if (k === DIRECTIVE || isDirectiveKey(k)) continue;
    if (x === null) {
      if (k === keep) setKey(out, k, null);
      continue;
    }
    const c = fromPatch(x);
    if (c !== DROP) setKey(out, k, c);
  }
  return out;
}

/** The cleaned patch value, or `current` itself when it is already equal to it. */
function replaceWith(current: unknown, cleaned: unknown): unknown {
  return deepEqual(current, cleaned) ? current : cleaned;
}

// ---------------------------------------------------------------------------------------------
// Helpers mirroring the library's

function valueKind(v: unknown): string {
  if (Array.isArray(v)) return 'slice';
  if (isPlainObject(v)) return 'map';
  return v === null ? 'null' : typeof v;
}

function elementKind(v: unknown): ElementKind {
  if (Array.isArray(v)) return 'slice';
  if (isPlainObject(v)) return 'map';
  if (v === null) return 'null';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'number') return 'number';
  return 'bool';
}

/** The common element kind of the lists; lists of lists and mixed lists are errors. */
function sliceElementType(...lists: readonly unknown[][]): ElementKind {
  let kind: ElementKind | undefined;
  for (const list of lists) {
    for (const v of list) {
      const k = elementKind(v);
      if (kind === undefined) {
        kind = k;
        if (k === 'slice') throw fail.listOfLists();
      } else if (k !== kind) {
        throw patchErrors.unmapped(`list element types are not identical: ${goFormat(lists)}`);
      }
    }
  }
  if (kind === undefined) throw patchErrors.unmapped('no elements in any of the given slices');
  return kind;
}

/** The field name after `prefix/`. */
function extractKey(key: string, prefix: string): string {
  const slash = key.indexOf('/');
  if (slash < 0 || key.slice(0, slash) !== prefix) {
    throw prefix === DELETE_FROM_PRIMITIVE_LIST ? fail.primitiveListFormat() : fail.setElementOrderFormat();
  }
  return key.slice(slash + 1);
}

/** The patchStrategy other than retainKeys (which only matters when computing patches). */
function strategyOf(meta: PatchMeta | undefined): string {
  if (!meta) return '';
  const parts = meta.strategy.split(',');
  if (parts.length === 1) return parts[0] === 'retainKeys' ? '' : parts[0];
  if (parts.length === 2) {
    if (parts[0] === 'retainKeys') return parts[1];
    if (parts[1] === 'retainKeys') return parts[0];
  }
  throw patchErrors.unmapped(`unexpected patch strategy: [${parts.join(' ')}]`);
}

function asMap(v: unknown): JsonObject {
  if (!isPlainObject(v)) throw fail.badArgType(MAP_TYPE, v);
  return v;
}

/** The element's merge key value; the element must be an object that has it. */
function keyOf(v: unknown, mergeKey: string): unknown {
  const m = asMap(v);
  if (!hasOwn(m, mergeKey)) throw fail.noMergeKey(m, mergeKey);
  return m[mergeKey];
}

function findByKey(list: readonly unknown[], mergeKey: string, value: unknown): number {
  for (let i = 0; i < list.length; i++) {
    const m = list[i];
    if (!isPlainObject(m)) throw patchErrors.unmapped(`value for key ${i} is not a map.`);
    if (hasOwn(m, mergeKey) && m[mergeKey] === value) return i;
  }
  return -1;
}

/** Position of each element in `order` (first occurrence), by merge key for objects. */
function positions(order: readonly unknown[], mergeKey: string, kind: ElementKind): (v: unknown) => number {
  const ident = (v: unknown): unknown => (kind === 'map' ? (isPlainObject(v) ? v[mergeKey] : undefined) : v);
  const index = new Map<unknown, number>();
  order.forEach((v, i) => {
    const id = ident(v);
    if (!index.has(id)) index.set(id, i);
  });
  return (v) => index.get(ident(v)) ?? -1;
}

/** Splits `merged` into the elements present in `by` and the others, keeping their order. */
function partition(merged: readonly unknown[], by: readonly unknown[], mergeKey: string): [unknown[], unknown[]] {
  const inPatch: unknown[] = [];
  const serverOnly: unknown[] = [];
  if (!mergeKey) {
    const set = new Set(by);
    for (const v of merged) (set.has(v) ? inPatch : serverOnly).push(v);
  } else {
    for (const v of merged) {
      const value = keyOf(v, mergeKey);
      (findByKey(by, mergeKey, value) >= 0 ? inPatch : serverOnly).push(v);
    }
  }
  return [inPatch, serverOnly];
}

/** `toSort` stably sorted by position in `order`; `$patch: delete` elements go last. */
function normalizeSliceOrder(
  toSort: readonly unknown[],
  order: readonly unknown[],
  mergeKey: string,
  kind: ElementKind,
): unknown[] {
  let rest: readonly unknown[] = toSort;
  let deletions: unknown[] = [];
  if (kind === 'map') {
    for (const v of toSort) keyOf(v, mergeKey);
    for (const v of order) keyOf(v, mergeKey);
    rest = toSort.filter((v) => (v as JsonObject)[DIRECTIVE] !== 'delete');
    deletions = toSort.filter((v) => (v as JsonObject)[DIRECTIVE] === 'delete');
  }
  const pos = positions(order, mergeKey, kind);
  const rank = (v: unknown): number => {
    const p = pos(v);
    return p < 0 ? Number.POSITIVE_INFINITY : p;
  };
  const sorted = rest
    .map((v, i) => ({ v, i, r: rank(v) }))
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map((x) => x.v);
  return [...sorted, ...deletions];
}

/**
 * Interleaves the server-only elements (`left`) with the patch's (`right`), each already in its
 * own order: a server-only element goes first only when both are on the server and it comes
 * earlier there, so patch elements new to the server are placed as early as possible.
 */
function mergeSortedSlice(
  left: readonly unknown[],
  right: readonly unknown[],
  serverOrder: readonly unknown[],
  mergeKey: string,
  kind: ElementKind,
): unknown[] {
  const pos = positions(serverOrder, mergeKey, kind);
  const out: unknown[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length && j < right.length) {
    const li = pos(left[i]);
    const ri = pos(right[j]);
    if (li >= 0 && ri >= 0 && li < ri) out.push(left[i++]);
    else out.push(right[j++]);
  }
  return out.concat(left.slice(i), right.slice(j));
}

function normalizeElementOrder(
  patchItems: readonly unknown[],
  serverOnly: readonly unknown[],
  patchOrder: readonly unknown[],
  serverOrder: readonly unknown[],
  mergeKey: string,
  kind: ElementKind,
): unknown[] {
  const p = normalizeSliceOrder(patchItems, patchOrder, mergeKey, kind);
  const s = normalizeSliceOrder(serverOnly, serverOrder, mergeKey, kind);
  return mergeSortedSlice(s, p, serverOrder, mergeKey, kind);
}

function mergeKeyValueEqual(left: unknown, right: unknown, mergeKey: string): boolean {
  if (!mergeKey) return left === right;
  return keyOf(left, mergeKey) === keyOf(right, mergeKey);
}

/** The patch list's elements must appear in `$setElementOrder`, in the same relative order. */
function validatePatchWithSetOrderList(patchList: readonly unknown[], order: readonly unknown[], mergeKey: string): void {
  if (order.length === 0 || patchList.length === 0) return;
  let nonDelete = patchList;
  if (mergeKey) nonDelete = patchList.filter((v) => asMap(v)[DIRECTIVE] !== 'delete');
  let p = 0;
  let s = 0;
  while (p < nonDelete.length && s < order.length) {
    const item = nonDelete[p];
    if (isPlainObject(item) && hasOwn(item, DIRECTIVE)) {
      p++;
      continue;
    }
    if (mergeKeyValueEqual(item, order[s], mergeKey)) p++;
    s++;
  }
  if (p < nonDelete.length && s >= order.length) {
    throw patchErrors.unmapped(
      `The order in patch list:\n${goFormat(patchList)}\n doesn't match ${SET_ELEMENT_ORDER} list:\n${goFormat(order)}\n`,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// The merge

function mergeMap(original: JsonObject, patch: JsonObject, path: Path, ctx: Ctx): JsonObject {
  if (hasOwn(patch, DIRECTIVE)) {
    const directive = patch[DIRECTIVE];
    if (directive === 'replace') return replaceWith(original, fromPatchMembers(patch)) as JsonObject;
    if (directive === 'delete') return Object.keys(original).length === 0 ? original : {};
    throw fail.badPatchType(directive, patch);
  }

  const out: JsonObject = { ...original };

  if (hasOwn(patch, RETAIN_KEYS)) {
    const retain = patch[RETAIN_KEYS];
    if (!Array.isArray(retain)) throw fail.retainKeysFormat();
    const keep = new Set<unknown>(retain);
    for (const [k, v] of Object.entries(patch)) {
      if (k === RETAIN_KEYS || v === null || k.startsWith(DELETE_FROM_PRIMITIVE_LIST) || k.startsWith(SET_ELEMENT_ORDER))
        continue;
      if (!keep.has(k)) throw fail.retainKeysFormat();
    }
    for (const k of Object.keys(out)) if (!keep.has(k)) delete out[k];
  }

  // Lists named by $setElementOrder are merged and ordered here, and skipped below.
  const ordered = new Set<string>();
  for (const key of Object.keys(patch)) {
    if (!key.startsWith(SET_ELEMENT_ORDER)) continue;
    const order = patch[key];
    if (!Array.isArray(order)) throw fail.badArgType(SLICE_TYPE, order);
    const field = extractKey(key, SET_ELEMENT_ORDER);
    const inOriginal = hasOwn(out, field);
    const inPatch = hasOwn(patch, field);
    if (!inOriginal && !inPatch) continue;
    const originalList = out[field];
    const patchList = patch[field];
    if (inOriginal && !Array.isArray(originalList)) throw fail.badArgType(SLICE_TYPE, originalList);
    if (inPatch && !Array.isArray(patchList)) throw fail.badArgType(SLICE_TYPE, patchList);
    const originalItems: unknown[] = inOriginal ? (originalList as unknown[]) : [];
    const patchItems: unknown[] = inPatch ? (patchList as unknown[]) : [];

    const fieldPath = [...path, field];
    const meta = ctx.lookup(fieldPath);
    const strategy = strategyOf(meta);
    const mergeKey = meta?.mergeKey ?? '';
    validatePatchWithSetOrderList(patchItems, order, mergeKey);

    let merged: unknown[];
    if (!inPatch) merged = originalItems;
    else if (!inOriginal) merged = fromPatch(patchItems) as unknown[];
    else merged = mergeSliceHandler(originalItems, patchItems, fieldPath, strategy, mergeKey, false, ctx);

    const [listed, unlisted] = partition(merged, order, mergeKey);
    const kind = sliceElementType(originalItems, patchItems);
    const result = normalizeElementOrder(listed, unlisted, order, originalItems, mergeKey, kind);
    setKey(out, field, inOriginal ? sameArrayOr(originalItems, result) : result);
    ordered.add(field);
  }

  for (const [key, patchValue] of Object.entries(patch)) {
    if (key === RETAIN_KEYS || key.startsWith(SET_ELEMENT_ORDER) || ordered.has(key)) continue;
    let k = key;
    let isDeleteList = false;
    if (key.startsWith(DELETE_FROM_PRIMITIVE_LIST)) {
      k = extractKey(key, DELETE_FROM_PRIMITIVE_LIST);
      isDeleteList = true;
    }

    if (patchValue === null) {
      delete out[k];
      continue;
    }
    if (!hasOwn(out, k) || valueKind(out[k]) !== valueKind(patchValue)) {
      // Not merged: the patch value as is (a deletion list has nothing to delete from).
      if (isDeleteList) continue;
      const cleaned = fromPatch(patchValue);
      if (cleaned === DROP) delete out[k];
      else setKey(out, k, hasOwn(out, k) ? replaceWith(out[k], cleaned) : cleaned);
      continue;
    }

    const current = out[k];
    const fieldPath = [...path, k];
    const meta = ctx.lookup(fieldPath);
    const strategy = strategyOf(meta);
    if (isPlainObject(current)) {
      const p = patchValue as JsonObject;
      setKey(out, k, strategy === 'replace' ? replaceWith(current, fromPatchMembers(p)) : mergeMap(current, p, fieldPath, ctx));
    } else if (Array.isArray(current)) {
      setKey(
        out,
        k,
        mergeSliceHandler(current, patchValue as unknown[], fieldPath, strategy, meta?.mergeKey ?? '', isDeleteList, ctx),
      );
    } else {
      setKey(out, k, patchValue);
    }
  }
  return sameObjectOr(original, out);
}

function mergeSliceHandler(
  original: unknown[],
  patch: unknown[],
  path: Path,
  strategy: string,
  mergeKey: string,
  isDeleteList: boolean,
  ctx: Ctx,
): unknown[] {
  // Deletion lists apply whatever the field's strategy.
  if (strategy === 'merge' || isDeleteList) return mergeSlice(original, patch, path, mergeKey, isDeleteList, ctx);
  return replaceWith(original, fromPatch(patch)) as unknown[];
}

function mergeSlice(
  original: unknown[],
  patch: unknown[],
  path: Path,
  mergeKey: string,
  isDeleteList: boolean,
  ctx: Ctx,
): unknown[] {
  if (original.length === 0 && patch.length === 0) return original;
  const kind = sliceElementType(original, patch);

  let serverOrder: unknown[] = original;
  let patchOrder: unknown[] = patch;
  let merged: unknown[];
  if (kind !== 'map') {
    if (isDeleteList) {
      const remove = new Set(patch);
      return sameArrayOr(
        original,
        original.filter((v) => !remove.has(v)),
      );
    }
    const seen = new Set<unknown>();
    merged = [];
    for (const v of [...original, ...patch]) {
      if (seen.has(v)) continue;
      seen.add(v);
      merged.push(v);
    }
  } else {
    if (!mergeKey) throw patchErrors.unmapped(`cannot merge lists without merge key for ${path.join('.')}`);
    [serverOrder, patchOrder] = applySpecialElements(original, patch, mergeKey);
    merged = serverOrder.slice();
    for (const item of patchOrder) {
      const value = keyOf(item, mergeKey);
      const at = findByKey(merged, mergeKey, value);
      if (at >= 0) merged[at] = mergeMap(merged[at] as JsonObject, item as JsonObject, path, ctx);
      else merged.push(fromPatchMembers(item as JsonObject, mergeKey));
    }
  }

  const [inPatch, serverOnly] = partition(merged, patchOrder, mergeKey);
  return sameArrayOr(original, normalizeElementOrder(inPatch, serverOnly, patchOrder, serverOrder, mergeKey, kind));
}

/**
 * Handles the `$patch` elements of a merging list of objects: deletions are applied to the
 * server list, `replace` makes the patch's other elements the whole list. Returns the server list
 * to merge into and the patch elements left to merge.
 */
function applySpecialElements(original: unknown[], patch: unknown[], mergeKey: string): [unknown[], unknown[]] {
  const plain: unknown[] = [];
  let server = original;
  let replace = false;
  for (const v of patch) {
    const item = v as JsonObject;
    if (!hasOwn(item, DIRECTIVE)) {
      plain.push(item);
      continue;
    }
    const directive = item[DIRECTIVE];
    if (directive === 'delete') {
      if (!hasOwn(item, mergeKey)) throw fail.noMergeKey(item, mergeKey);
      const value = item[mergeKey];
      server = server.filter((x) => !(isPlainObject(x) && hasOwn(x, mergeKey) && x[mergeKey] === value));
    } else if (directive === 'replace') {
      // Keep going: the other directives are still pruned from the list.
      replace = true;
    } else if (directive === 'merge') {
      throw patchErrors.unmapped('merging lists cannot yet be specified in the patch');
    } else {
      throw fail.badPatchType(directive, item);
    }
  }
  if (replace) return [plain.map((item) => fromPatchMembers(item as JsonObject, mergeKey)), []];
  return [server, plain];
}

/**
 * Applies a strategic merge patch to `target` (an object as stored) and returns the result.
 * A `null` patch changes nothing; any other non-object patch is a 400, as the server cannot
 * decode it into a map.
 */
export function applyStrategicMergePatch(target: unknown, patch: unknown, schema: PatchSchema): unknown {
  if (patch === null) return target;
  if (!isPlainObject(patch)) {
    throw patchErrors.badRequest(`json: cannot unmarshal ${jsonKindName(patch)} into Go value of type ${MAP_TYPE}`);
  }
  const original = isPlainObject(target) ? target : {};
  return mergeMap(original, patch, [], { lookup: toLookup(schema) });
}
