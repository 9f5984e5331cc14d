// Small helpers over plain JSON values shared by the three patch implementations, plus the
// renderings of values that the API server's Go error messages use (fmt's %v and reflect type names).

export type JsonObject = Record<string, unknown>;

/** A JSON object (not an array, not null). */
export function isPlainObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function hasOwn(o: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(o, key);
}

/** Sets an own data property, even for a key like `__proto__` that plain assignment would not. */
export function setKey(o: JsonObject, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(o, key, { value, writable: true, enumerable: true, configurable: true });
  else o[key] = value;
}

/** A fresh deep copy of JSON data, so a result never aliases the caller's patch. */
export function copyJson<T>(v: T): T {
  if (Array.isArray(v)) return v.map(copyJson) as T;
  if (isPlainObject(v)) {
    const out: JsonObject = {};
    for (const [k, x] of Object.entries(v)) setKey(out, k, copyJson(x));
    return out as T;
  }
  return v;
}

/** `next` when it differs from `prev` in some own key, else `prev` (keeps untouched objects shared). */
export function sameObjectOr(prev: JsonObject, next: JsonObject): JsonObject {
  const prevKeys = Object.keys(prev);
  const nextKeys = Object.keys(next);
  if (prevKeys.length !== nextKeys.length) return next;
  for (let i = 0; i < prevKeys.length; i++) {
    const k = prevKeys[i];
    // Key order matters for equality of the rendering too, so compare position by position.
    if (nextKeys[i] !== k || next[k] !== prev[k]) return next;
  }
  return prev;
}

/** `next` when some element differs (by reference) from `prev`, else `prev`. */
export function sameArrayOr(prev: readonly unknown[], next: unknown[]): unknown[] {
  if (prev.length !== next.length) return next;
  for (let i = 0; i < prev.length; i++) if (prev[i] !== next[i]) return next;
  return prev as unknown[];
}

/** The name encoding/json uses for a JSON value's kind in "cannot unmarshal X into ..." errors. */
export function jsonKindName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  switch (typeof v) {
    case 'string':
      return 'string';
    case 'number':
      return 'number';
    case 'boolean':
      return 'bool';
    default:
      return 'object';
  }
}

/**
 * reflect.TypeOf(v).String() for a value decoded the way the API server decodes patches
 * (integers as int64, other numbers as float64); `%!s(<nil>)` is what %s prints for a nil type.
 */
export function goTypeName(v: unknown): string {
  if (v === null || v === undefined) return '%!s(<nil>)';
  if (Array.isArray(v)) return '[]interface {}';
  switch (typeof v) {
    case 'string':
      return 'string';
    case 'number':
      return Number.isSafeInteger(v) ? 'int64' : 'float64';
    case 'boolean':
      return 'bool';
    default:
      return 'map[string]interface {}';
  }
}

/** Go's %g with the shortest precision, as fmt prints a float64 for %v. */
function goFloat(n: number): string {
  if (!Number.isFinite(n)) return n > 0 ? '+Inf' : n < 0 ? '-Inf' : 'NaN';
  if (n === 0) return Object.is(n, -0) ? '-0' : '0';
  const exp = Math.floor(Math.log10(Math.abs(n)));
  // %e is used when the decimal exponent is < -4 or >= 6 (the shortest-precision rule).
  if (exp < -4 || exp >= 6) {
    const [mant, e] = n.toExponential().split('e');
    const sign = e.startsWith('-') ? '-' : '+';
    const digits = e.replace(/^[-+]/, '').padStart(2, '0');
    return `${mant}e${sign}${digits}`;
  }
  return String(n);
}

/** fmt's %v rendering of decoded JSON: `map[a:1 b:[x y]]` (map keys sorted), `<nil>` for null. */
export function goFormat(v: unknown): string {
  if (v === null || v === undefined) return '<nil>';
  if (Array.isArray(v)) return `[${v.map(goFormat).join(' ')}]`;
  if (isPlainObject(v)) {
    const keys = Object.keys(v).sort();
    return `map[${keys.map((k) => `${k}:${goFormat(v[k])}`).join(' ')}]`;
  }
  if (typeof v === 'number') return Number.isSafeInteger(v) ? String(v) : goFloat(v);
  return String(v);
}
