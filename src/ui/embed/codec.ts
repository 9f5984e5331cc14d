// codec: text ⇄ base64url (RFC 4648 §5, UTF-8, no padding) — how a script travels in `script=`.
// Decoding also accepts the standard alphabet, padding and stray whitespace, since links get
// hand-edited and re-wrapped; it throws on anything else instead of guessing.

export function encodeBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Throws Error with a short reason when the input is not base64 of UTF-8 text. */
export function decodeBase64Url(encoded: string): string {
  const compact = encoded.replace(/\s+/g, '').replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (!/^[A-Za-z0-9+/]*$/.test(compact) || compact.length % 4 === 1) throw new Error('not base64url');
  let binary: string;
  try {
    binary = atob(compact + '='.repeat((4 - (compact.length % 4)) % 4));
  } catch {
    throw new Error('not base64url');
  }
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new Error('not UTF-8 text');
  }
}
