// SeededRandom: the engine's only source of randomness (sfc32 seeded through splitmix32), so a
// run is replayable from its seed. Never use Math.random in the engine.

/** Two lowercase hex digits for every byte value. */
const HEX_BYTE: readonly string[] = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

/** uuid()'s pieces: 16 bytes and the four dashes (at 4, 7, 10 and 13). */
const UUID_PARTS: string[] = ['', '', '', '', '-', '', '', '-', '', '', '-', '', '', '-', '', '', '', '', '', ''];

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

  /**
   * An independent generator for one purpose, seeded from this one's state and `label` without
   * drawing from it: a feature that draws from its own stream leaves every other draw (pod
   * names, uids) where it was.
   */
  derive(label: string): SeededRandom {
    let h = (this.a ^ Math.imul(this.b, 31) ^ Math.imul(this.c, 131) ^ Math.imul(this.d, 1031)) >>> 0;
    for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 0x01000193) >>> 0;
    return new SeededRandom(h);
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
    const w0 = this.nextUint32();
    const w1 = this.nextUint32();
    const w2 = this.nextUint32();
    const w3 = this.nextUint32();
    const timeHiAndVersion = ((w1 & 0x0fff) | 0x4000) >>> 0;
    const clockSeq = (((w2 >>> 16) & 0x3fff) | 0x8000) >>> 0;
    // One join of byte-sized pieces gives a flat string: a template literal would build a rope of
    // cons strings that every stored uid keeps on the heap.
    const p = UUID_PARTS;
    p[0] = HEX_BYTE[w0 >>> 24];
    p[1] = HEX_BYTE[(w0 >>> 16) & 0xff];
    p[2] = HEX_BYTE[(w0 >>> 8) & 0xff];
    p[3] = HEX_BYTE[w0 & 0xff];
    p[5] = HEX_BYTE[w1 >>> 24];
    p[6] = HEX_BYTE[(w1 >>> 16) & 0xff];
    p[8] = HEX_BYTE[timeHiAndVersion >>> 8];
    p[9] = HEX_BYTE[timeHiAndVersion & 0xff];
    p[11] = HEX_BYTE[clockSeq >>> 8];
    p[12] = HEX_BYTE[clockSeq & 0xff];
    p[14] = HEX_BYTE[(w2 >>> 8) & 0xff];
    p[15] = HEX_BYTE[w2 & 0xff];
    p[16] = HEX_BYTE[w3 >>> 24];
    p[17] = HEX_BYTE[(w3 >>> 16) & 0xff];
    p[18] = HEX_BYTE[(w3 >>> 8) & 0xff];
    p[19] = HEX_BYTE[w3 & 0xff];
    return p.join('');
  }
}
