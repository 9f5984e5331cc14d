// Copy-on-write helpers for pure defaulting over frozen plain-data objects: every helper returns
// its input unchanged (same reference) when nothing differs, so untouched sub-trees stay shared.

import { deepFreeze } from '../deep';

export type Obj = Record<string, unknown>;

export function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** `obj` with `changes` applied, or `obj` itself when every change is already in place. */
export function patch<T extends object>(obj: T, changes: Partial<T>): T {
  let out: T | undefined;
  for (const key of Object.keys(changes) as (keyof T)[]) {
    const value = changes[key];
    if ((obj as T)[key] === value) continue;
    if (value === undefined && !(key in obj)) continue;
    out ??= { ...obj };
    (out as T)[key] = value as T[keyof T];
  }
  return out ?? obj;
}

/** Maps an array, returning the original array when no element changed. */
export function mapArray<T>(arr: readonly T[], fn: (item: T, index: number) => T): T[] {
  let out: T[] | undefined;
  for (let i = 0; i < arr.length; i++) {
    const next = fn(arr[i], i);
    if (next !== arr[i]) {
      out ??= arr.slice();
      out[i] = next;
    }
  }
  return out ?? (arr as T[]);
}

/** Applies `fn` to `v` when it is a plain object, else returns `v`. */
export function mapObj<T>(v: T, fn: (o: Obj) => Obj): T {
  return isObj(v) ? (fn(v) as T) : v;
}

/** Applies `fn` to every object element of `v` when it is an array, else returns `v`. */
export function mapObjArray<T>(v: T, fn: (o: Obj) => Obj): T {
  if (!Array.isArray(v)) return v;
  return mapArray(v as unknown[], (item) => (isObj(item) ? fn(item) : item)) as T;
}

/**
 * Memoises a pure object -> object function on frozen inputs. A frozen input's result is deep-frozen
 * (it is shared by every caller from then on) and cached as a fixed point too, so defaulting an
 * already-defaulted value is a single lookup.
 */
export function memoizeFrozen<T extends object>(fn: (input: T) => T): (input: T) => T {
  const cache = new WeakMap<object, T>();
  return (input: T): T => {
    const hit = cache.get(input);
    if (hit !== undefined) return hit;
    const out = fn(input);
    // Only frozen inputs are safe to key on: a mutable one could change behind the cache's back.
    if (Object.isFrozen(input)) {
      deepFreeze(out);
      cache.set(input, out);
      if (out !== input) cache.set(out, out);
    }
    return out;
  };
}
