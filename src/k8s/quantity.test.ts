import { describe, expect, it } from 'vitest';
import {
  ERR_FORMAT_WRONG,
  ERR_NUMERIC,
  ERR_SUFFIX,
  formatBytes,
  formatMilli,
  parseQuantity,
  Quantity,
  QuantityError,
  type QuantityFormat,
} from './quantity';

describe('parseQuantity → toString / format', () => {
  it.each<[string, string, QuantityFormat]>([
    // zero
    ['0', '0', 'DecimalSI'],
    ['0m', '0', 'DecimalSI'],
    ['0Mi', '0', 'BinarySI'],
    ['-0', '0', 'DecimalSI'],
    ['000', '0', 'DecimalSI'],
    ['.', '0', 'DecimalSI'],
    ['-.', '0', 'DecimalSI'],
    ['Ki', '0', 'BinarySI'],
    // decimal SI
    ['1', '1', 'DecimalSI'],
    ['100m', '100m', 'DecimalSI'],
    ['0.1', '100m', 'DecimalSI'],
    ['.001', '1m', 'DecimalSI'],
    ['1.5', '1500m', 'DecimalSI'],
    ['1500m', '1500m', 'DecimalSI'],
    ['2000m', '2', 'DecimalSI'],
    ['1000', '1k', 'DecimalSI'],
    ['1000M', '1G', 'DecimalSI'],
    ['50k', '50k', 'DecimalSI'],
    ['1.5k', '1500', 'DecimalSI'],
    ['100.0351', '100035100u', 'DecimalSI'],
    ['10.0355M', '10035500', 'DecimalSI'],
    ['2.5P', '2500T', 'DecimalSI'],
    ['12E', '12E', 'DecimalSI'],
    ['1001E', '1001E', 'DecimalSI'],
    ['1000E', '1e21', 'DecimalSI'], // no SI suffix past E: exponent notation
    ['3.001n', '4n', 'DecimalSI'], // rounded up to whole nanos
    ['0.0000000001', '1n', 'DecimalSI'],
    ['0.00000012345', '124n', 'DecimalSI'],
    ['0.9n', '1n', 'DecimalSI'],
    ['-1.5', '-1500m', 'DecimalSI'],
    ['-100m', '-100m', 'DecimalSI'],
    ['-1000m', '-1', 'DecimalSI'],
    // input text kept verbatim when upstream's fast path deems it canonical (quirks included)
    ['+1', '+1', 'DecimalSI'],
    ['010', '010', 'DecimalSI'],
    ['1.500k', '1.500k', 'DecimalSI'],
    ['100.035', '100.035', 'DecimalSI'],
    ['100.035k', '100.035k', 'DecimalSI'],
    ['10.035M', '10.035M', 'DecimalSI'],
    ['1.', '1.', 'DecimalSI'],
    ['1.G', '1.G', 'DecimalSI'],
    ['+1Gi', '+1Gi', 'BinarySI'],
    // binary SI
    ['1Ki', '1Ki', 'BinarySI'],
    ['8Ki', '8Ki', 'BinarySI'],
    ['7Mi', '7Mi', 'BinarySI'],
    ['8Gi', '8Gi', 'BinarySI'],
    ['1024Mi', '1Gi', 'BinarySI'],
    ['2048Ki', '2Mi', 'BinarySI'],
    ['1025Mi', '1025Mi', 'BinarySI'],
    ['1536Mi', '1536Mi', 'BinarySI'],
    ['1.5Gi', '1536Mi', 'BinarySI'],
    ['0.5Mi', '512Ki', 'BinarySI'],
    ['4Pi', '4Pi', 'BinarySI'],
    ['1Ei', '1Ei', 'BinarySI'],
    ['-1Gi', '-1Gi', 'BinarySI'],
    ['1Gi', '1Gi', 'BinarySI'],
    ['.001Ki', '1024m', 'BinarySI'], // small binary amounts print as decimal
    ['100.035Ki', '102435840m', 'BinarySI'], // fractional bytes print as decimal
    ['.000000000001Ki', '2n', 'DecimalSI'], // below 1 the format itself becomes DecimalSI
    ['9Ei', '9223372036854775807', 'BinarySI'], // capped at int64 max
    ['9223372036854775807Ki', '9223372036854775807', 'BinarySI'],
    // decimal exponent
    ['1e3', '1e3', 'DecimalExponent'],
    ['1E3', '1E3', 'DecimalExponent'],
    ['12e6', '12e6', 'DecimalExponent'],
    ['1e1', '10', 'DecimalExponent'],
    ['1.5e3', '1500', 'DecimalExponent'],
    ['1.3E+6', '1300e3', 'DecimalExponent'],
    ['1E-3', '1E-3', 'DecimalExponent'],
    ['0.5e-9', '1e-9', 'DecimalExponent'],
    ['1e0', '1e0', 'DecimalExponent'],
    ['100e-2', '1', 'DecimalExponent'],
    ['1e100', '10e99', 'DecimalExponent'],
    ['e5', '0', 'DecimalExponent'],
  ])('%j → %j (%s)', (input, want, format) => {
    const q = parseQuantity(input);
    expect(q.toString()).toBe(want);
    expect(q.format).toBe(format);
  });

  it.each([
    [0.5, '500m'],
    [2, '2'],
    [-3, '-3'],
    [1e21, '1e+21'],
    [0.1 + 0.2, '300000001n'],
  ])('number %j is parsed like its JSON text → %j', (input, want) => {
    expect(parseQuantity(input).toString()).toBe(want);
  });

  it('canonical strings re-parse to the same value', () => {
    for (const s of ['1.5Gi', '0.1', '1000E', '100.035Ki', '1.3E+6', '.000000000001Ki', '-1.5']) {
      const q = parseQuantity(s);
      expect(parseQuantity(q.toString()).cmp(q)).toBe(0);
    }
  });
});

describe('parseQuantity errors', () => {
  it.each([
    ['', ERR_FORMAT_WRONG],
    ['abc', ERR_FORMAT_WRONG],
    ['aoeu', ERR_FORMAT_WRONG],
    ['1.1.M', ERR_FORMAT_WRONG],
    ['1+1.0M', ERR_FORMAT_WRONG],
    ['0.1am', ERR_FORMAT_WRONG],
    ['1e3.5', ERR_FORMAT_WRONG],
    [' 1', ERR_FORMAT_WRONG],
    ['1 ', ERR_FORMAT_WRONG],
    ['0.1mi', ERR_SUFFIX],
    ['.5i', ERR_SUFFIX],
    ['1i', ERR_SUFFIX],
    ['-3.01i', ERR_SUFFIX],
    ['-3.01e-', ERR_SUFFIX],
    ['1e', ERR_SUFFIX],
    ['1KI', ERR_FORMAT_WRONG],
    ['1ki', ERR_SUFFIX],
    ['1k1', ERR_SUFFIX],
    ['1Mi5', ERR_SUFFIX],
    ['--1', ERR_SUFFIX],
    ['1e4294967297', ERR_SUFFIX],
    ['1E2147483648', ERR_SUFFIX],
    ['Pi', ERR_NUMERIC],
    ['-Ei', ERR_NUMERIC],
    ['e-10', ERR_NUMERIC],
    // Deliberate limit (upstream would accept): astronomically large exponents.
    ['1e2147483647', ERR_NUMERIC],
  ])('%j → %j', (input, message) => {
    expect(() => parseQuantity(input)).toThrow(QuantityError);
    expect(() => parseQuantity(input)).toThrow(message);
  });

  it.each([NaN, Infinity, -Infinity])('number %s is rejected', (n) => {
    expect(() => parseQuantity(n)).toThrow(ERR_FORMAT_WRONG);
  });

  it('uses the exact upstream texts', () => {
    expect(ERR_FORMAT_WRONG).toBe("quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'");
    expect(ERR_NUMERIC).toBe('unable to parse numeric part of quantity');
    expect(ERR_SUFFIX).toBe("unable to parse quantity's suffix");
  });
});

describe('value / milliValue (rounded up, away from zero)', () => {
  it.each([
    ['0', 0, 0],
    ['1', 1, 1000],
    ['-1', -1, -1000],
    ['100m', 1, 100],
    ['1500m', 2, 1500],
    ['-1500m', -2, -1500],
    ['0.0005', 1, 1],
    ['-0.0005', -1, -1],
    ['.484785E-1', 1, 49],
    ['-.484785E-1', -1, -49],
    ['.484785E-7466', 1, 1],
    ['-.484785E-7466', -1, -1],
    ['1n', 1, 1],
    ['9.5000000001Gi', 10200547329, 10200547328108],
    ['-9.5000000001Gi', -10200547329, -10200547328108],
    ['1Gi', 1073741824, 1073741824000],
    ['8Gi', 8589934592, 8589934592000],
    ['1P', 1e15, 1e18],
  ])('%j → value %d, milli %d', (input, value, milli) => {
    const q = parseQuantity(input);
    expect(q.value()).toBe(value);
    expect(q.milliValue()).toBe(milli);
  });

  it.each([
    [Quantity.fromNanos(1n), -6, 1],
    [Quantity.fromNanos(1n), 0, 1],
    [Quantity.fromNanos(1000n), -6, 1],
    [Quantity.fromValue(1), -9, 1e9],
    [Quantity.fromValue(1), -6, 1e6],
    [Quantity.fromValue(100), -2, 10000],
    [Quantity.fromValue(1234), 3, 2],
  ])('scaledValue(%s, %d) = %d', (q, scale, want) => {
    expect(q.scaledValue(scale)).toBe(want);
  });

  it('keeps exact nanos beyond 2^53', () => {
    expect(parseQuantity('1000000000000001').nanos).toBe(1000000000000001000000000n);
    expect(parseQuantity('1Ei').nanos).toBe(2n ** 60n * 1_000_000_000n);
  });
});

describe('cmp / equals', () => {
  it.each([
    ['0', '0', 0],
    ['100m', '50m', 1],
    ['50m', '100m', -1],
    ['10000T', '100Gi', 1],
    ['1Gi', '1073741824', 0],
    ['1', '1000m', 0],
    ['-1', '0', -1],
    ['1e3', '1k', 0],
    ['0.1', '100m', 0],
  ])('%j vs %j → %d', (a, b, want) => {
    expect(parseQuantity(a).cmp(parseQuantity(b))).toBe(want);
    expect(parseQuantity(b).cmp(parseQuantity(a))).toBe(-want || 0);
    expect(parseQuantity(a).equals(parseQuantity(b))).toBe(want === 0);
  });
});

describe('arithmetic', () => {
  it.each<[string, string, string, QuantityFormat]>([
    ['100m', '0', '100m', 'DecimalSI'],
    ['0', '100m', '100m', 'DecimalSI'],
    ['0', '1Gi', '1Gi', 'BinarySI'],
    ['1Gi', '0', '1Gi', 'BinarySI'],
    ['1Gi', '512Mi', '1536Mi', 'BinarySI'],
    ['1', '500m', '1500m', 'DecimalSI'],
    ['10', '1Ki', '1034', 'DecimalSI'],
    ['1Ki', '10', '1034', 'BinarySI'],
    ['8Ei', '8Ei', '18446744073709551614', 'BinarySI'],
  ])('%j + %j = %j (%s)', (a, b, want, format) => {
    const sum = parseQuantity(a).add(parseQuantity(b));
    expect(sum.toString()).toBe(want);
    expect(sum.format).toBe(format);
  });

  it.each<[string, string, string, QuantityFormat]>([
    ['1Gi', '1Gi', '0', 'BinarySI'],
    ['0', '1Gi', '-1Gi', 'BinarySI'],
    ['1', '250m', '750m', 'DecimalSI'],
    ['10', '1Ki', '-1014', 'DecimalSI'],
  ])('%j - %j = %j (%s)', (a, b, want, format) => {
    const diff = parseQuantity(a).sub(parseQuantity(b));
    expect(diff.toString()).toBe(want);
    expect(diff.format).toBe(format);
  });

  it.each([
    ['100m', '-100m'],
    ['-1Gi', '1Gi'],
    ['0', '0'],
  ])('neg(%j) = %j', (a, want) => {
    expect(parseQuantity(a).neg().toString()).toBe(want);
  });

  it('does not mutate operands (parsed quantities are shared)', () => {
    const a = parseQuantity('1Gi');
    a.add(parseQuantity('1Mi'));
    expect(parseQuantity('1Gi').toString()).toBe('1Gi');
    expect(a.value()).toBe(1073741824);
  });

  it.each([
    ['0', 0, true],
    ['5m', 1, false],
    ['-5m', -1, false],
  ])('sign/isZero of %j', (s, sign, zero) => {
    expect(parseQuantity(s).sign()).toBe(sign);
    expect(parseQuantity(s).isZero()).toBe(zero);
  });
});

describe('constructors', () => {
  it.each<[Quantity, string]>([
    [Quantity.fromValue(1), '1'],
    [Quantity.fromValue(1000), '1k'],
    [Quantity.fromValue(1234000), '1234k'],
    [Quantity.fromValue(1024, 'BinarySI'), '1Ki'],
    [Quantity.fromValue(1024 * 1024, 'BinarySI'), '1Mi'],
    [Quantity.fromValue(2000, 'BinarySI'), '2000'],
    [Quantity.fromValue(-2000, 'BinarySI'), '-2000'],
    [Quantity.fromValue(1000000, 'DecimalExponent'), '1e6'],
    [Quantity.fromValue(2n ** 70n, 'BinarySI'), '1180591620717411303424'],
    [Quantity.fromValue(10n ** 70n, 'BinarySI'), '10e69'],
    [Quantity.fromValue(10n ** 21n), '1e21'],
    [Quantity.fromValue(5n * 10n ** 21n), '5e21'],
    [Quantity.fromMilli(1), '1m'],
    [Quantity.fromMilli(1000), '1'],
    [Quantity.fromMilli(1234000), '1234'],
    [Quantity.fromMilli(1024, 'BinarySI'), '1024m'],
    [Quantity.fromMilli(1024 * 1024, 'BinarySI'), '1048576m'],
    [Quantity.fromNanos(1000n), '1u'],
    [Quantity.fromNanos(1080n), '1080n'],
  ])('%s', (q, want) => {
    expect(q.toString()).toBe(want);
  });

  it('rejects non-integer constructor input', () => {
    expect(() => Quantity.fromValue(1.5)).toThrow(RangeError);
    expect(() => Quantity.fromMilli(0.5)).toThrow(RangeError);
  });
});

describe('formatMilli', () => {
  it.each([
    [1500, '1500m'],
    [2000, '2'],
    [0, '0'],
    [1, '1m'],
    [100, '100m'],
    [250, '250m'],
    [3500, '3500m'],
    [1_000_000, '1k'],
    [-500, '-500m'],
  ])('%d → %j', (milli, want) => {
    expect(formatMilli(milli)).toBe(want);
  });
});

describe('formatBytes', () => {
  it.each<[number | bigint, string]>([
    [0, '0'],
    [1000, '1k'],
    [1023, '1023'],
    [1024, '1Ki'],
    [1536, '1536'],
    [8 * 1024 ** 3, '8Gi'],
    [8 * 1024 ** 3 + 1024, '8388609Ki'],
    [16_318_508 * 1024, '16318508Ki'],
    [2n ** 63n, '8Ei'],
  ])('%s → %j', (bytes, want) => {
    expect(formatBytes(bytes)).toBe(want);
  });
});

describe('caching and serialisation', () => {
  it('memoises parse results by input string', () => {
    expect(parseQuantity('250m')).toBe(parseQuantity('250m'));
  });

  it('serialises as a JSON string', () => {
    expect(JSON.stringify({ cpu: parseQuantity('1.5'), memory: parseQuantity('1Gi') })).toBe('{"cpu":"1500m","memory":"1Gi"}');
  });

  it.each([
    ['1.1Ki', 1126.4],
    ['2Gi', 2147483648],
    ['100m', 0.1],
    ['-1.5', -1.5],
  ])('asApproximateFloat64(%j) = %d', (s, want) => {
    expect(parseQuantity(s).asApproximateFloat64()).toBe(want);
  });
});
