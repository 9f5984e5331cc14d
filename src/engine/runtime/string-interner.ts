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
