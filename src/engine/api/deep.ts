// Small structural helpers for immutable plain-data objects.

/** Structural equality of JSON data; identical references short-circuit (structural sharing). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  let count = 0;
  for (const k in ao) {
    if (ao[k] === undefined) continue;
    count++;
    if (!deepEqual(ao[k], bo[k])) return false;
  }
  for (const k in bo) if (bo[k] !== undefined) count--;
  return count === 0;
}

/** Freezes a value and everything reachable from it (stops at already frozen sub-trees). */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) freezeTree(value);
  return value;
}

/**
 * deepFreeze of an unfrozen object. It runs on every write, where most of the tree is shared and
 * frozen already: no array of values per object (for-in over plain data, an index loop over
 * arrays) and no call for a primitive or a frozen child.
 */
function freezeTree(obj: object): void {
  Object.freeze(obj);
  if (Array.isArray(obj)) {
    for (let i = 0; i < obj.length; i++) {
      const v: unknown = obj[i];
      if (typeof v === 'object' && v !== null && !Object.isFrozen(v)) freezeTree(v);
    }
    return;
  }
  for (const k in obj) {
    const v: unknown = (obj as Record<string, unknown>)[k];
    if (typeof v === 'object' && v !== null && !Object.isFrozen(v)) freezeTree(v);
  }
}

/** A deep copy of JSON data (for callers that want to edit an object they read). */
export function clone<T>(value: T): T {
  return structuredClone(value);
}

const hasOwn = (obj: object, key: string): boolean => Object.prototype.hasOwnProperty.call(obj, key);

/**
 * A shallow copy of a plain object, meant to get NEW keys assigned: `const out = copyForNewKeys(o);
 * out.x = 1` is `{ ...o, x: 1 }`, key order included. On Node 20 (V8 11), adding a key that the
 * source lacks to a spread copy in optimised code gives every result a hidden class of its own: ~10×
 * slower, and each stored object keeps its own Map and DescriptorArray (~200 B). Object.assign
 * builds the copy through V8's shared transition tree instead. (Spread is right for copies that
 * only replace existing keys, and is used for a source with an own `__proto__` key, which
 * Object.assign would turn into a prototype.)
 */
export function copyForNewKeys<T extends object>(obj: T): T {
  return hasOwn(obj, '__proto__') ? { ...obj } : Object.assign({}, obj);
}

/** `{ ...obj, [key]: value }` (see copyForNewKeys): spread when `key` is already there, else Object.assign. */
export function withKey<T extends object>(obj: T, key: string, value: unknown): T {
  const out = hasOwn(obj, key) ? { ...obj } : copyForNewKeys(obj);
  (out as Record<string, unknown>)[key] = value;
  return out;
}

/**
 * Whether `obj`'s own keys are exactly `keys`, in that order: the check before rebuilding an
 * object as one literal of those keys (same JSON and YAML output, every field in the object).
 */
export function hasKeysInOrder(obj: object, keys: readonly string[]): boolean {
  const own = Object.keys(obj);
  if (own.length !== keys.length) return false;
  for (let i = 0; i < own.length; i++) if (own[i] !== keys[i]) return false;
  return true;
}
