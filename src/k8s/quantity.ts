/**
 * resource.Quantity (k8s.io/apimachinery/pkg/api/resource): fixed-point
 * amounts such as `500m`, `1.5Gi`, `2e3`, parsed and printed exactly like
 * Kubernetes does.
 *
 * Internally a quantity is an exact BigInt count of nano-units (1e-9), which
 * is the finest precision Kubernetes keeps: parsing rounds anything smaller
 * up (away from zero) to 1n, as upstream does.
 *
 * Printing follows Quantity.String(): the input text is kept verbatim when
 * upstream's fast parser judges it canonical (so "+1" stays "+1" and "1.500k"
 * stays "1.500k", upstream quirks included); otherwise the canonical form is
 * produced in the input's format family (`1.5Gi` → `1536Mi`, `1.5` → `1500m`).
 */

export type QuantityFormat = 'BinarySI' | 'DecimalSI' | 'DecimalExponent';

export const ERR_FORMAT_WRONG = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
export const ERR_NUMERIC = 'unable to parse numeric part of quantity';
export const ERR_SUFFIX = "unable to parse quantity's suffix";

export class QuantityError extends Error {
  override name = 'QuantityError';
}

const NANOS_PER_UNIT = 1_000_000_000n;
const INT64_MAX = 2n ** 63n - 1n;
const INT32_MAX = 2n ** 31n - 1n;
/** Values near 1024 print as plain decimals rather than e.g. "1Ki"-style fractions. */
const BINARY_DECIMAL_CUTOFF = 1024n * NANOS_PER_UNIT;
/**
 * Guard against absurd exponents (e.g. "1e999999999") that upstream stores
 * lazily but that would need a gigantic BigInt here. Such inputs are rejected
 * with ERR_NUMERIC; no real manifest comes near this.
 */
const MAX_DECIMAL_SHIFT = 10_000;

const DECIMAL_SUFFIX_EXPONENT: Record<string, number> = {
  n: -9,
  u: -6,
  m: -3,
  '': 0,
  k: 3,
  M: 6,
  G: 9,
  T: 12,
  P: 15,
  E: 18,
};
const BINARY_SUFFIX_EXPONENT: Record<string, number> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };
const DECIMAL_SUFFIX_FOR_EXPONENT = invert(DECIMAL_SUFFIX_EXPONENT);
const BINARY_SUFFIX_FOR_EXPONENT = invert(BINARY_SUFFIX_EXPONENT);

function invert(table: Record<string, number>): Map<number, string> {
  return new Map(Object.entries(table).map(([suffix, exp]) => [exp, suffix]));
}

function own(table: Record<string, number>, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(table, key);
}

const SMALL_POW10 = Array.from({ length: 40 }, (_, i) => 10n ** BigInt(i));

function pow10(n: number): bigint {
  if (n < SMALL_POW10.length) return SMALL_POW10[n];
  if (n > MAX_DECIMAL_SHIFT) throw new QuantityError(ERR_NUMERIC);
  return 10n ** BigInt(n);
}

function abs(n: bigint): bigint {
  return n < 0n ? -n : n;
}

/** Divides magnitudes, rounding a non-zero remainder away from zero (upstream's "round up"). */
function divRoundAway(n: bigint, d: bigint): bigint {
  const q = n / d;
  if (n % d === 0n) return q;
  return n < 0n ? q - 1n : q + 1n;
}

const WITH_TEXT: unique symbol = Symbol('withText');

export class Quantity {
  /** Exact amount in units of 1e-9. */
  readonly nanos: bigint;
  readonly format: QuantityFormat;
  private text: string | undefined;
  // Hot paths (scheduler fit checks) call these repeatedly on shared parsed instances.
  private valueCache: number | undefined;
  private milliCache: number | undefined;

  private constructor(nanos: bigint, format: QuantityFormat, text?: string) {
    this.nanos = nanos;
    this.format = format;
    this.text = text;
  }

  /** resource.NewQuantity(value, format). */
  static fromValue(value: number | bigint, format: QuantityFormat = 'DecimalSI'): Quantity {
    return new Quantity(toBigInt(value) * NANOS_PER_UNIT, format);
  }

  /** resource.NewMilliQuantity(milli, format). */
  static fromMilli(milli: number | bigint, format: QuantityFormat = 'DecimalSI'): Quantity {
    return new Quantity(toBigInt(milli) * 1_000_000n, format);
  }

  /** Builds a quantity from an exact nano-unit amount. */
  static fromNanos(nanos: bigint, format: QuantityFormat = 'DecimalSI'): Quantity {
    return new Quantity(nanos, format);
  }

  /** Parser-only factory (the key is not exported) that can attach the printed text. */
  static [WITH_TEXT](nanos: bigint, format: QuantityFormat, text: string | undefined): Quantity {
    return new Quantity(nanos, format, text);
  }

  isZero(): boolean {
    return this.nanos === 0n;
  }

  sign(): -1 | 0 | 1 {
    return this.nanos === 0n ? 0 : this.nanos < 0n ? -1 : 1;
  }

  /** Quantity.Value(): whole units, rounded up away from zero (100m → 1). */
  value(): number {
    return (this.valueCache ??= this.scaledValue(0));
  }

  /** Quantity.MilliValue(): thousandths, rounded up away from zero (1n → 1). */
  milliValue(): number {
    return (this.milliCache ??= this.scaledValue(-3));
  }

  /** Quantity.ScaledValue(scale): amount in units of 10^scale, rounded up away from zero. */
  scaledValue(scale: number): number {
    const shift = scale + 9; // nanos are units of 10^-9
    if (shift <= 0) return Number(this.nanos * pow10(-shift));
    return Number(divRoundAway(this.nanos, pow10(shift)));
  }

  /** Nearest float; may lose precision for very large or precise amounts. */
  asApproximateFloat64(): number {
    const whole = this.nanos / NANOS_PER_UNIT;
    const frac = this.nanos % NANOS_PER_UNIT;
    return Number(whole) + Number(frac) / 1e9;
  }

  cmp(other: Quantity): -1 | 0 | 1 {
    return this.nanos < other.nanos ? -1 : this.nanos > other.nanos ? 1 : 0;
  }

  equals(other: Quantity): boolean {
    return this.nanos === other.nanos;
  }

  /** Quantity.Add: keeps this format, unless this is zero, then takes the other's. */
  add(other: Quantity): Quantity {
    return new Quantity(this.nanos + other.nanos, this.isZero() ? other.format : this.format);
  }

  /** Quantity.Sub: same format rule as add. */
  sub(other: Quantity): Quantity {
    return new Quantity(this.nanos - other.nanos, this.isZero() ? other.format : this.format);
  }

  neg(): Quantity {
    return new Quantity(-this.nanos, this.format);
  }

  /** Quantity.String(). */
  toString(): string {
    if (this.text === undefined) this.text = canonicalString(this.nanos, this.format);
    return this.text;
  }

  /** Serialises like Quantity.MarshalJSON (a JSON string). */
  toJSON(): string {
    return this.toString();
  }
}

function toBigInt(n: number | bigint): bigint {
  if (typeof n === 'bigint') return n;
  if (!Number.isInteger(n)) throw new RangeError(`expected an integer, got ${n}`);
  return BigInt(n);
}

// ---------------------------------------------------------------------------
// Printing (CanonicalizeBytes)
// ---------------------------------------------------------------------------

function canonicalString(nanos: bigint, format: QuantityFormat): string {
  if (nanos === 0n) return '0';
  const sign = nanos < 0n ? '-' : '';
  const magnitude = abs(nanos);

  if (format === 'BinarySI') {
    // Small or fractional binary amounts are shown in decimal to avoid rounding.
    if (magnitude < BINARY_DECIMAL_CUTOFF || magnitude % NANOS_PER_UNIT !== 0n) {
      return sign + canonicalDecimal(magnitude, 'DecimalSI');
    }
    let mantissa = magnitude / NANOS_PER_UNIT;
    let exp1024 = 0;
    while (mantissa >= 1024n && mantissa % 1024n === 0n) {
      mantissa /= 1024n;
      exp1024++;
    }
    const suffix = exp1024 === 0 ? '' : BINARY_SUFFIX_FOR_EXPONENT.get(exp1024 * 10);
    // Past Ei there is no binary suffix: print the exact value in exponent notation instead.
    if (suffix === undefined) return sign + canonicalDecimal(magnitude, 'DecimalExponent');
    return sign + mantissa.toString() + suffix;
  }
  return sign + canonicalDecimal(magnitude, format);
}

/** Largest exponent that is a multiple of 3 and keeps an integer mantissa. */
function canonicalDecimal(magnitude: bigint, format: 'DecimalSI' | 'DecimalExponent'): string {
  let mantissa = magnitude;
  let exponent = -9;
  while (mantissa >= 10n && mantissa % 10n === 0n) {
    mantissa /= 10n;
    exponent++;
  }
  const rem = exponent % 3; // JS % truncates like Go's, so rem is in -2..2
  if (rem === 1 || rem === -2) {
    mantissa *= 10n;
    exponent -= 1;
  } else if (rem === 2 || rem === -1) {
    mantissa *= 100n;
    exponent -= 2;
  }
  // Past E (10^18) DecimalSI has no suffix, so it falls back to exponent notation ("1e21").
  const siSuffix = format === 'DecimalSI' ? DECIMAL_SUFFIX_FOR_EXPONENT.get(exponent) : undefined;
  const suffix = siSuffix ?? (exponent === 0 ? '' : `e${exponent}`);
  return mantissa.toString() + suffix;
}

// ---------------------------------------------------------------------------
// Parsing (ParseQuantity)
// ---------------------------------------------------------------------------

interface Scanned {
  positive: boolean;
  /** sign + digits + optional fraction, as written */
  value: string;
  /** integer digits with leading zeros removed ("0" if none) */
  num: string;
  /** fraction digits */
  denom: string;
  suffix: string;
}

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const SUFFIX_CHARS = 'eEinumkKMGTP';

/** Port of upstream's hand-written scanner (parseQuantityString), quirks included. */
function scan(str: string): Scanned {
  let positive = true;
  let pos = 0;
  const end = str.length;
  if (pos < end && (str[0] === '-' || str[0] === '+')) {
    positive = str[0] !== '-';
    pos++;
  }
  for (;;) {
    if (pos >= end) return { positive, value: '0', num: '0', denom: '', suffix: '' };
    if (str[pos] !== '0') break;
    pos++;
  }
  let i = pos;
  while (i < end && isDigit(str[i])) i++;
  let num = str.slice(pos, i);
  if (i >= end) return { positive, value: str, num: num || '0', denom: '', suffix: '' };
  pos = i;
  if (num.length === 0) num = '0';

  let denom = '';
  if (str[pos] === '.') {
    pos++;
    let j = pos;
    while (j < end && isDigit(str[j])) j++;
    denom = str.slice(pos, j);
    if (j >= end) return { positive, value: str, num, denom, suffix: '' };
    pos = j;
  }
  const value = str.slice(0, pos);

  const suffixStart = pos;
  while (pos < end && SUFFIX_CHARS.includes(str[pos])) pos++;
  if (pos >= end) return { positive, value, num, denom, suffix: str.slice(suffixStart) };
  if (str[pos] === '-' || str[pos] === '+') pos++;
  while (pos < end && isDigit(str[pos])) pos++;
  if (pos >= end) return { positive, value, num, denom, suffix: str.slice(suffixStart) };
  throw new QuantityError(ERR_FORMAT_WRONG);
}

interface Suffix {
  base: 2 | 10;
  exponent: number;
  format: QuantityFormat;
}

function interpretSuffix(suffix: string): Suffix | undefined {
  if (own(DECIMAL_SUFFIX_EXPONENT, suffix)) {
    return { base: 10, exponent: DECIMAL_SUFFIX_EXPONENT[suffix], format: 'DecimalSI' };
  }
  if (own(BINARY_SUFFIX_EXPONENT, suffix)) {
    return { base: 2, exponent: BINARY_SUFFIX_EXPONENT[suffix], format: 'BinarySI' };
  }
  if (suffix.length > 1 && (suffix[0] === 'e' || suffix[0] === 'E')) {
    const rest = suffix.slice(1);
    if (!/^[+-]?[0-9]+$/.test(rest)) return undefined;
    const parsed = BigInt(rest);
    // Exponents outside ±MaxInt32 are rejected rather than wrapped.
    if (parsed > INT32_MAX || parsed < -INT32_MAX) return undefined;
    return { base: 10, exponent: Number(parsed), format: 'DecimalExponent' };
  }
  return undefined;
}

/** Whether upstream's int64 fast path would keep the input text as the printed form. */
function keepsInputText(s: Scanned, suf: Suffix): { fast: boolean; keep: boolean } {
  if (suf.base === 10) {
    const precision = 18 - (s.num.length + s.denom.length);
    const scale = suf.exponent - s.denom.length;
    if (precision < 0 || scale < -9) return { fast: false, keep: false };
    const shifted = s.num + s.denom;
    return { fast: true, keep: scale % 3 === 0 && !shifted.endsWith('000') && shifted[0] !== '0' };
  }
  if (s.denom.length > 0) return { fast: false, keep: false };
  const precision = 15 - s.num.length - Math.trunc((suf.exponent * 3) / 10) - 1;
  if (precision < 0) return { fast: false, keep: false };
  const mantissa = BigInt(s.num);
  if (mantissa << BigInt(suf.exponent) > INT64_MAX) return { fast: false, keep: false };
  return { fast: true, keep: suf.exponent % 10 === 0 && (mantissa & 7n) !== 0n };
}

function parseUncached(str: string): Quantity {
  if (str.length === 0) throw new QuantityError(ERR_FORMAT_WRONG);
  if (str === '0') return Quantity[WITH_TEXT](0n, 'DecimalSI', '0');

  const s = scan(str);
  const suf = interpretSuffix(s.suffix);
  if (!suf) throw new QuantityError(ERR_SUFFIX);
  const { fast, keep } = keepsInputText(s, suf);
  // The slow path re-parses the number text, which fails when it has no digits (e.g. "Pi").
  if (!fast && !/[0-9]/.test(s.value)) throw new QuantityError(ERR_NUMERIC);

  // amount = digits × 10^-len(denom) × base^exponent, expressed in nanos.
  let numerator = BigInt(s.num + s.denom);
  let decimalShift = 9 - s.denom.length;
  if (suf.base === 10) decimalShift += suf.exponent;
  else numerator <<= BigInt(suf.exponent);

  let nanos: bigint;
  if (decimalShift >= 0) {
    nanos = numerator * pow10(decimalShift);
  } else if (-decimalShift > numerator.toString().length) {
    nanos = numerator === 0n ? 0n : 1n; // far below a nano: rounds up to the smallest unit
  } else {
    nanos = divRoundAway(numerator, pow10(-decimalShift));
  }

  let format = suf.format;
  if (format === 'BinarySI') {
    // Binary amounts are capped at the int64 maximum; (0,1) is shown as decimal.
    if (nanos > INT64_MAX * NANOS_PER_UNIT) nanos = INT64_MAX * NANOS_PER_UNIT;
    if (nanos > 0n && nanos < NANOS_PER_UNIT) format = 'DecimalSI';
  }
  if (!s.positive) nanos = -nanos;
  return Quantity[WITH_TEXT](nanos, format, keep ? str : undefined);
}

// Quantities are immutable, so parsed results can be shared. The scheduler
// parses the same few strings over and over; cap the cache to bound memory.
const CACHE_LIMIT = 10_000;
const cache = new Map<string, Quantity>();

/**
 * resource.ParseQuantity. Numbers are treated like their JSON text (a
 * manifest's `cpu: 0.5` arrives as the number 0.5). Throws QuantityError.
 */
export function parseQuantity(input: string | number): Quantity {
  let str: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) throw new QuantityError(ERR_FORMAT_WRONG);
    str = String(input);
  } else {
    str = input;
  }
  const hit = cache.get(str);
  if (hit) return hit;
  const q = parseUncached(str);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(str, q);
  return q;
}

/** CPU-style printing of a milli amount, as NewMilliQuantity(m, DecimalSI).String(): 1500 → "1500m", 2000 → "2". */
export function formatMilli(milli: number | bigint): string {
  return Quantity.fromMilli(milli, 'DecimalSI').toString();
}

/** Memory-style printing of a byte count, as NewQuantity(b, BinarySI).String(): 8Gi, 8388609Ki, 1k (below 1024 it is decimal). */
export function formatBytes(bytes: number | bigint): string {
  return Quantity.fromValue(bytes, 'BinarySI').toString();
}
