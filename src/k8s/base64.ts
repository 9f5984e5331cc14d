// Standard base64 as Go's encoding/base64 StdEncoding reads it (the `[]byte` fields of the API:
// Secret data, ConfigMap binaryData): padding required, CR and LF ignored, and the same
// "illegal base64 data at input byte N" position for bad input.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DECODE = new Map([...ALPHABET].map((c, i) => [c, i]));

/** Bytes → base64 (with padding). */
export function encodeBase64Bytes(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += ALPHABET[(n >> 18) & 63] + ALPHABET[(n >> 12) & 63];
    out += i + 1 < bytes.length ? ALPHABET[(n >> 6) & 63] : '=';
    out += i + 2 < bytes.length ? ALPHABET[n & 63] : '=';
  }
  return out;
}

/** A string's UTF-8 bytes → base64. */
export function encodeBase64(text: string): string {
  return encodeBase64Bytes(new TextEncoder().encode(text));
}

/** Decodes; returns the bytes or the index Go's CorruptInputError reports. */
export function decodeBase64Bytes(src: string): { ok: true; bytes: Uint8Array } | { ok: false; at: number } {
  const out: number[] = [];
  let si = 0;
  const isNewline = (c: string | undefined) => c === '\n' || c === '\r';
  for (;;) {
    const buf: number[] = [];
    let dlen = 4;
    let done = false;
    for (let j = 0; j < 4; j++) {
      if (si === src.length) {
        if (j === 0) return { ok: true, bytes: Uint8Array.from(out) };
        return { ok: false, at: si - j };
      }
      const c = src[si++];
      const v = DECODE.get(c);
      if (v !== undefined) {
        buf[j] = v;
        continue;
      }
      if (isNewline(c)) {
        j--;
        continue;
      }
      if (c !== '=') return { ok: false, at: si - 1 };
      // Padding: only after 2 or 3 symbols, and "==" after 2.
      if (j === 0 || j === 1) return { ok: false, at: si - 1 };
      if (j === 2) {
        while (si < src.length && isNewline(src[si])) si++;
        if (si === src.length) return { ok: false, at: src.length };
        if (src[si] !== '=') return { ok: false, at: si - 1 };
        si++;
      }
      while (si < src.length && isNewline(src[si])) si++;
      if (si < src.length) return { ok: false, at: si };
      dlen = j;
      done = true;
      break;
    }
    const n = ((buf[0] ?? 0) << 18) | ((buf[1] ?? 0) << 12) | ((buf[2] ?? 0) << 6) | (buf[3] ?? 0);
    out.push((n >> 16) & 255);
    if (dlen > 2) out.push((n >> 8) & 255);
    if (dlen > 3) out.push(n & 255);
    if (done) return { ok: true, bytes: Uint8Array.from(out) };
  }
}

/** Go's error text for input that is not base64, or undefined. */
export function base64Error(src: string): string | undefined {
  const r = decodeBase64Bytes(src);
  return r.ok ? undefined : `illegal base64 data at input byte ${r.at}`;
}

/** The decoded content as text (UTF-8, invalid sequences replaced); undefined if not base64. */
export function decodeBase64(src: string): string | undefined {
  const r = decodeBase64Bytes(src);
  return r.ok ? new TextDecoder().decode(r.bytes) : undefined;
}

/** Number of bytes the (valid) base64 text decodes to; 0 for invalid input. */
export function base64DecodedLength(src: string): number {
  const r = decodeBase64Bytes(src);
  return r.ok ? r.bytes.length : 0;
}
