// One string instance for text that many stored objects repeat — an event's message ("Started
// container nginx"), a container's field path: at 150,000 pods each copy is tens of bytes a pod.
// Bounded: when full it starts over, so one-off strings (a pod's name in a message) cannot grow
// it without limit.

export class StringInterner {
  private readonly strings = new Map<string, string>();

  constructor(private readonly max = 10_000) {}

  /** The first instance of `s` seen (since the last start-over). */
  intern(s: string): string {
    const known = this.strings.get(s);
    if (known !== undefined) return known;
    if (this.strings.size >= this.max) this.strings.clear();
    this.strings.set(s, s);
    return s;
  }
}

/**
 * `parts` as one flat string. `a + b` and template literals make a rope (a "cons string": a
 * 32-byte node per `+` holding both halves); a string kept for the whole run — a container ID, a
 * generated file — is smaller and faster to read flat, and Array.join builds it flat.
 */
export function flatString(...parts: string[]): string {
  return parts.join('');
}
