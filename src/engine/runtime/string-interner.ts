// One instance for what many stored objects repeat — an event's message ("Started container
// nginx"), a container's field path, a pod condition that thousands of pods share: at 150,000
// pods each copy is tens of bytes a pod. Bounded: when full it starts over, so one-off values (a
// pod's name in a message) cannot grow it without limit.

/** Values by key, the first one added kept (since the last start-over). */
export class Interner<T> {
  private readonly values = new Map<string, T>();

  constructor(private readonly max = 10_000) {}

  get(key: string): T | undefined {
    return this.values.get(key);
  }

  /** The value kept for `key`, made by `create` (and kept) the first time. */
  getOrAdd(key: string, create: () => T): T {
    const known = this.values.get(key);
    return known !== undefined ? known : this.add(key, create());
  }

  /** Keeps `value` for `key` and returns it. */
  add(key: string, value: T): T {
    if (this.values.size >= this.max) this.values.clear();
    this.values.set(key, value);
    return value;
  }
}

export class StringInterner {
  private readonly strings: Interner<string>;

  constructor(max = 10_000) {
    this.strings = new Interner(max);
  }

  /** The first instance of `s` seen (since the last start-over), kept as a flat copy. */
  intern(s: string): string {
    const known = this.strings.get(s);
    if (known !== undefined) return known;
    const flat = flatCopy(s);
    return this.strings.add(flat, flat);
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

/**
 * `s` as a flat string of its own. V8 builds strings of 13 characters or more made by `+` as
 * ropes that keep every piece; a JSON round trip (cheap at these lengths) makes one flat copy.
 */
export function flatCopy(s: string): string {
  return s.length < 13 ? s : (JSON.parse(JSON.stringify(s)) as string);
}
