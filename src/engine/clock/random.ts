// SeededRandom: the engine's only source of randomness (sfc32 seeded through splitmix32), so a
// run is replayable from its seed. Never use Math.random in the engine.

export class SeededRandom {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    let s = seed >>> 0;
    const next = (): number => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  nextUint32(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) >>> 0;
    return t;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** A string of `length` characters drawn from `alphabet`. */
  string(alphabet: string, length: number): string {
    if (alphabet.length === 0) throw new Error('SeededRandom.string: empty alphabet');
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[this.int(alphabet.length)];
    return out;
  }

  /** A version-4 UUID in the canonical lowercase form, like github.com/google/uuid.New(). */
  uuid(): string {
    const hex = (n: number, len: number) => n.toString(16).padStart(len, '0');
    const w0 = this.nextUint32();
    const w1 = this.nextUint32();
    const w2 = this.nextUint32();
    const w3 = this.nextUint32();
    const timeHiAndVersion = ((w1 & 0x0fff) | 0x4000) >>> 0;
    const clockSeq = (((w2 >>> 16) & 0x3fff) | 0x8000) >>> 0;
    return `${hex(w0, 8)}-${hex(w1 >>> 16, 4)}-${hex(timeHiAndVersion, 4)}-${hex(clockSeq, 4)}-${hex(w2 & 0xffff, 4)}${hex(w3, 8)}`;
  }
}
