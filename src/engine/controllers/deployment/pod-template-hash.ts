// pod-template-hash (pkg/controller/controller_utils.go ComputeHash): FNV-1a 32-bit over a dump
// of the Deployment's pod template, then — when status.collisionCount is set — its value as 8
// little-endian bytes (uint32 + 4 zero bytes); the sum printed in decimal and every digit mapped
// through rand.SafeEncodeString's alphabet (0→4 … 9→f).
//
// Deviation: Go hashes spew's `%#v` dump of the internal Go struct, which plain JSON cannot
// reproduce; we hash a canonical JSON (keys sorted) of the template instead. Same algorithm and
// alphabet, so names look real (`nginx-deployment-75675f5897`) and are stable per template.

/** apimachinery pkg/util/rand alphanums: no vowels, no confusable digits. */
export const SAFE_ALPHANUMS = 'bcdfghjklmnpqrstvwxz2456789';

/** rand.SafeEncodeString: each byte of `s` mapped to alphanums[byte % 27]. */
export function safeEncodeString(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) out += SAFE_ALPHANUMS[s.charCodeAt(i) % SAFE_ALPHANUMS.length];
  return out;
}

const FNV32_OFFSET = 0x811c9dc5;
const FNV32_PRIME = 0x01000193;

/** hash/fnv New32a over `bytes`, continuing from `hash`. */
export function fnv32a(bytes: Iterable<number>, hash = FNV32_OFFSET): number {
  let h = hash >>> 0;
  for (const b of bytes) {
    h ^= b & 0xff;
    h = Math.imul(h, FNV32_PRIME) >>> 0;
  }
  return h >>> 0;
}

/** UTF-8 bytes of a string (no TextEncoder in the engine's portable subset). */
export function utf8Bytes(s: string): number[] {
  const out: number[] = [];
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x80) out.push(cp);
    else if (cp < 0x800) out.push(0xc0 | (cp >> 6), 0x80 | (cp & 63));
    else if (cp < 0x10000) out.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
    else out.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
  }
  return out;
}

/** JSON with object keys sorted at every level: the same template always dumps the same. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj)
    .filter((k) => obj[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(',')}}`;
}

/** controller.ComputeHash(template, collisionCount). */
export function computeHash(template: unknown, collisionCount?: number | null): string {
  let h = fnv32a(utf8Bytes(canonicalJson(template)));
  if (collisionCount !== undefined && collisionCount !== null) {
    const c = collisionCount >>> 0;
    h = fnv32a([c & 0xff, (c >>> 8) & 0xff, (c >>> 16) & 0xff, (c >>> 24) & 0xff, 0, 0, 0, 0], h);
  }
  return safeEncodeString(String(h));
}
