// Array helpers safe at any length: `target.push(...items)` and `Math.max(...values)` pass every
// element as an argument on the stack, and past about 100,000 elements (a `kubectl get events`
// of a 1,000-node cluster, completing a pod name among 150,000) they throw "Maximum call stack
// size exceeded". The engine and the page both use them.

/** Appends every item of `items` to `target` (push(...items) without the argument limit); returns `target`. */
export function appendAll<T>(target: T[], items: Iterable<T>): T[] {
  for (const item of items) target.push(item);
  return target;
}

/** The largest of `values`, or -Infinity for none (Math.max(...values) without the argument limit). */
export function maxOf(values: Iterable<number>): number {
  let max = -Infinity;
  for (const v of values) if (v > max || Number.isNaN(v)) max = v;
  return max;
}

/** The smallest of `values`, or Infinity for none (Math.min(...values) without the argument limit). */
export function minOf(values: Iterable<number>): number {
  let min = Infinity;
  for (const v of values) if (v < min || Number.isNaN(v)) min = v;
  return min;
}
