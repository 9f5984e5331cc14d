// π digits for `perl -Mbignum=bpi -wle 'print bpi(N)'`: Math::BigFloat's bpi(N) returns π rounded to
// N significant digits, so bpi(2000) prints "3." followed by 1999 decimals. Computed with Machin's
// formula π = 16·atan(1/5) − 4·atan(1/239) in BigInt fixed point (with guard digits), then rounded.

function arctanInverse(x: bigint, unity: bigint): bigint {
  // atan(1/x) = 1/x − 1/(3x³) + 1/(5x⁵) − …
  const x2 = x * x;
  let power = unity / x;
  let sum = power;
  let n = 1n;
  let sign = -1n;
  while (power !== 0n) {
    power /= x2;
    n += 2n;
    sum += (sign * power) / n;
    sign = -sign;
  }
  return sum;
}

const cache = new Map<number, string>();

/** π rounded to `significant` significant digits, formatted like Math::BigFloat ("3.14…"). */
export function piDigits(significant: number): string {
  const n = Math.max(1, Math.floor(significant));
  const hit = cache.get(n);
  if (hit !== undefined) return hit;
  const guard = 12;
  const decimals = n - 1;
  const unity = 10n ** BigInt(decimals + guard);
  const pi = 16n * arctanInverse(5n, unity) - 4n * arctanInverse(239n, unity);
  const scale = 10n ** BigInt(guard);
  const rounded = (pi + scale / 2n) / scale; // round half up (π is never exactly half-way)
  const s = rounded.toString();
  const out = decimals === 0 ? s : `${s.slice(0, 1)}.${s.slice(1)}`;
  cache.set(n, out);
  return out;
}
