/**
 * Durations as Kubernetes and Go print and parse them:
 *  - humanDuration / shortHumanDuration: apimachinery pkg/util/duration,
 *    used for kubectl's AGE and similar columns (`3m20s`, `5h12m`, `2d3h`).
 *  - parseGoDuration / formatGoDuration: Go's time.ParseDuration and
 *    Duration.String(), used by flags such as `--timeout=5m30s`.
 *
 * The public API works in milliseconds (the simulation clock unit); the
 * *Nanos variants work on exact BigInt nanoseconds like Go's time.Duration.
 */

const MS_PER_SECOND = 1000;
const MS_PER_MINUTE = 60 * MS_PER_SECOND;
const MS_PER_HOUR = 60 * MS_PER_MINUTE;

/**
 * duration.HumanDuration: ~2-3 significant figures, e.g. `45s`, `119s`,
 * `3m20s`, `45m`, `4h`, `5h12m`, `20h`, `2d3h`, `45d`, `2y30d`, `9y`.
 * Up to 2s in the future is treated as now (`0s`) to absorb clock skew.
 */
export function humanDuration(ms: number): string {
  const seconds = Math.trunc(ms / MS_PER_SECOND);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 60 * 2) return `${seconds}s`;

  const minutes = Math.trunc(ms / MS_PER_MINUTE);
  if (minutes < 10) {
    const s = seconds % 60;
    return s === 0 ? `${minutes}m` : `${minutes}m${s}s`;
  }
  if (minutes < 60 * 3) return `${minutes}m`;

  const hours = Math.trunc(ms / MS_PER_HOUR);
  if (hours < 8) {
    const m = minutes % 60;
    return m === 0 ? `${hours}h` : `${hours}h${m}m`;
  }
  if (hours < 48) return `${hours}h`;
  const days = Math.trunc(hours / 24);
  if (hours < 24 * 8) {
    const h = hours % 24;
    return h === 0 ? `${days}d` : `${days}d${h}h`;
  }
  if (hours < 24 * 365 * 2) return `${days}d`;
  const years = Math.trunc(days / 365);
  if (hours < 24 * 365 * 8) {
    const dy = days % 365;
    return dy === 0 ? `${years}y` : `${years}y${dy}d`;
  }
  return `${years}y`;
}

/** duration.ShortHumanDuration: a single unit, `Ns` < 1m, `Nm` < 1h, `Nh` < 1d, `Nd` < 1y, else `Ny`. */
export function shortHumanDuration(ms: number): string {
  const seconds = Math.trunc(ms / MS_PER_SECOND);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.trunc(ms / MS_PER_MINUTE);
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.trunc(ms / MS_PER_HOUR);
  if (hours < 24) return `${hours}h`;
  if (hours < 24 * 365) return `${Math.trunc(hours / 24)}d`;
  return `${Math.trunc(ms / MS_PER_HOUR / 24 / 365)}y`;
}

// ---------------------------------------------------------------------------
// Go time.Duration
// ---------------------------------------------------------------------------

const NS_PER_MS = 1_000_000n;
const UNIT_NANOS: Record<string, bigint> = {
  ns: 1n,
  us: 1_000n,
  '\u00b5s': 1_000n, // µ micro sign
  '\u03bcs': 1_000n, // μ Greek mu
  ms: 1_000_000n,
  s: 1_000_000_000n,
  m: 60_000_000_000n,
  h: 3_600_000_000_000n,
};
const TWO_63 = 1n << 63n;
const utf8 = new TextEncoder();

/** The quoting Go's time package uses in its errors: non-ASCII and control bytes become \xNN. */
function timeQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp >= 0x80 || cp < 0x20) {
      const bytes = utf8.encode(cp >= 0xd800 && cp <= 0xdfff ? '\ufffd' : ch);
      for (const b of bytes) out += `\\x${b.toString(16).padStart(2, '0')}`;
    } else {
      if (ch === '"' || ch === '\\') out += '\\';
      out += ch;
    }
  }
  return `${out}"`;
}

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';

/**
 * time.ParseDuration, returning exact nanoseconds. Accepts e.g. `300ms`,
 * `-1.5h`, `2h45m`, `1h0m0s`, `0`. Throws Error with Go's message, e.g.
 * `time: invalid duration "x"`, `time: missing unit in duration "1"`,
 * `time: unknown unit "d" in duration "1d"`.
 */
export function parseGoDurationNanos(input: string): bigint {
  const orig = input;
  const invalid = () => new Error(`time: invalid duration ${timeQuote(orig)}`);
  let s = input;
  let neg = false;
  if (s !== '' && (s[0] === '-' || s[0] === '+')) {
    neg = s[0] === '-';
    s = s.slice(1);
  }
  if (s === '0') return 0n;
  if (s === '') throw invalid();

  let total = 0n;
  while (s !== '') {
    if (!(s[0] === '.' || isDigit(s[0]))) throw invalid();

    // Integer part; overflow past 2^63 is an error.
    let v = 0n;
    let i = 0;
    for (; i < s.length && isDigit(s[i]); i++) {
      if (v > TWO_63 / 10n) throw invalid();
      v = v * 10n + BigInt(s.charCodeAt(i) - 48);
      if (v > TWO_63) throw invalid();
    }
    const pre = i > 0;
    s = s.slice(i);

    // Fraction; extra digits beyond int64 precision are ignored, not an error.
    let f = 0n;
    let scale = 1;
    let post = false;
    if (s !== '' && s[0] === '.') {
      s = s.slice(1);
      let j = 0;
      let overflow = false;
      for (; j < s.length && isDigit(s[j]); j++) {
        if (overflow) continue;
        if (f > (TWO_63 - 1n) / 10n) {
          overflow = true;
          continue;
        }
        const y = f * 10n + BigInt(s.charCodeAt(j) - 48);
        if (y > TWO_63) {
          overflow = true;
          continue;
        }
        f = y;
        scale *= 10;
      }
      post = j > 0;
      s = s.slice(j);
    }
    if (!pre && !post) throw invalid(); // e.g. ".s"

    let k = 0;
    while (k < s.length && s[k] !== '.' && !isDigit(s[k])) k++;
    if (k === 0) throw new Error(`time: missing unit in duration ${timeQuote(orig)}`);
    const unitName = s.slice(0, k);
    s = s.slice(k);
    const unit = Object.prototype.hasOwnProperty.call(UNIT_NANOS, unitName) ? UNIT_NANOS[unitName] : undefined;
    if (unit === undefined) {
      throw new Error(`time: unknown unit ${timeQuote(unitName)} in duration ${timeQuote(orig)}`);
    }
    if (v > TWO_63 / unit) throw invalid();
    v *= unit;
    if (f > 0n) {
      // Go computes the fraction in float64, which is nanosecond-accurate for up to an hour.
      v += BigInt(Math.trunc(Number(f) * (Number(unit) / scale)));
      if (v > TWO_63) throw invalid();
    }
    total += v;
    if (total > TWO_63) throw invalid();
  }
  if (neg) return -total;
  if (total > TWO_63 - 1n) throw invalid();
  return total;
}

/** time.ParseDuration in milliseconds (fractional for sub-millisecond parts, e.g. `1500us` → 1.5). */
export function parseGoDuration(input: string): number {
  const ns = parseGoDurationNanos(input);
  return Number(ns / NS_PER_MS) + Number(ns % NS_PER_MS) / 1e6;
}

/** Fraction of v / 10^prec as ".ddd" without trailing zeros ("" when zero). */
function fraction(v: bigint, prec: number): string {
  const digits = v % 10n ** BigInt(prec);
  if (digits === 0n) return '';
  return `.${digits.toString().padStart(prec, '0').replace(/0+$/, '')}`;
}

/** Duration.String() for exact nanoseconds: `1h2m3.5s`, `5m0s`, `300ms`, `1.5µs`, `0s`. */
export function formatGoDurationNanos(ns: bigint): string {
  const neg = ns < 0n;
  const u = neg ? -ns : ns;
  let out: string;
  if (u < 1_000_000_000n) {
    // Below one second, use the largest sub-second unit: 1.2ms, 3µs, 5ns.
    if (u === 0n) return '0s';
    let prec: number;
    let unit: string;
    if (u < 1_000n) {
      prec = 0;
      unit = 'ns';
    } else if (u < 1_000_000n) {
      prec = 3;
      unit = '\u00b5s';
    } else {
      prec = 6;
      unit = 'ms';
    }
    out = `${u / 10n ** BigInt(prec)}${fraction(u, prec)}${unit}`;
  } else {
    const seconds = u / 1_000_000_000n;
    out = `${seconds % 60n}${fraction(u, 9)}s`;
    const minutes = seconds / 60n;
    if (minutes > 0n) {
      out = `${minutes % 60n}m${out}`;
      // Stops at hours: days have no fixed length.
      const hours = minutes / 60n;
      if (hours > 0n) out = `${hours}h${out}`;
    }
  }
  return neg ? `-${out}` : out;
}

/** Duration.String() for a millisecond amount (fractions keep sub-millisecond precision). */
export function formatGoDuration(ms: number): string {
  if (!Number.isFinite(ms)) throw new RangeError(`invalid duration: ${ms}`);
  const whole = Math.trunc(ms);
  const ns = BigInt(whole) * NS_PER_MS + BigInt(Math.round((ms - whole) * 1e6));
  return formatGoDurationNanos(ns);
}
