import { describe, expect, it } from 'vitest';
import {
  formatGoDuration,
  formatGoDurationNanos,
  humanDuration,
  parseGoDuration,
  parseGoDurationNanos,
  shortHumanDuration,
} from './duration';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;
const Y = 365 * D;
const NS = 1e-6; // one nanosecond in ms

describe('humanDuration (kubectl AGE)', () => {
  it.each([
    [-2 * S, '<invalid>'],
    [-5 * M, '<invalid>'],
    [-2 * S + NS, '0s'],
    [-1 * S, '0s'],
    [-1, '0s'],
    [0, '0s'],
    [S - 1, '0s'],
    [S, '1s'],
    [5 * S, '5s'],
    [70 * S, '70s'],
    [2 * M - 1, '119s'],
    [2 * M, '2m'],
    [2 * M + S, '2m1s'],
    [190 * S, '3m10s'],
    [10 * M - 1, '9m59s'],
    [10 * M, '10m'],
    [10 * M + S, '10m'],
    [45 * M, '45m'],
    [70 * M, '70m'],
    [150 * M, '150m'],
    [3 * H - 1, '179m'],
    [3 * H, '3h'],
    [3 * H + M, '3h1m'],
    [5 * H + 12 * M, '5h12m'],
    [8 * H - 1, '7h59m'],
    [8 * H, '8h'],
    [8 * H + 59 * M, '8h'],
    [20 * H, '20h'],
    [47 * H, '47h'],
    [2 * D - 1, '47h'],
    [2 * D, '2d'],
    [49 * H, '2d1h'],
    [2 * D + 3 * H, '2d3h'],
    [7 * D, '7d'],
    [8 * D - 1, '7d23h'],
    [8 * D, '8d'],
    [8 * D + 2 * H, '8d'],
    [8 * D + 23 * H, '8d'],
    [45 * D, '45d'],
    [367 * D, '367d'],
    [2 * Y - 1, '729d'],
    [2 * Y, '2y'],
    [2 * Y + 23 * H, '2y'],
    [2 * Y + 23 * H + 59 * M, '2y'],
    [2 * Y + D - 1, '2y'],
    [2 * Y + D, '2y1d'],
    [2 * Y + 25 * H, '2y1d'],
    [2 * Y + 30 * D, '2y30d'],
    [3 * Y, '3y'],
    [7 * Y, '7y'],
    [8 * Y - 1, '7y364d'],
    [8 * Y, '8y'],
    [8 * Y + 2 * H, '8y'],
    [8 * Y + 364 * D, '8y'],
    [9 * Y, '9y'],
  ])('%d ms → %j', (ms, want) => {
    expect(humanDuration(ms)).toBe(want);
  });
});

describe('shortHumanDuration', () => {
  it.each([
    [-2 * S, '<invalid>'],
    [-2 * S + NS, '0s'],
    [0, '0s'],
    [S - 1, '0s'],
    [S, '1s'],
    [2 * S - 1, '1s'],
    [M - 1, '59s'],
    [M, '1m'],
    [2 * M - 1, '1m'],
    [H - 1, '59m'],
    [H, '1h'],
    [2 * H - 1, '1h'],
    [D - 1, '23h'],
    [D, '1d'],
    [2 * D - 1, '1d'],
    [Y - 1, '364d'],
    [Y, '1y'],
    [2 * Y - 1, '1y'],
    [2 * Y, '2y'],
  ])('%d ms → %j', (ms, want) => {
    expect(shortHumanDuration(ms)).toBe(want);
  });
});

describe('parseGoDuration', () => {
  it.each([
    ['0', 0],
    ['-0', 0],
    ['+0', 0],
    ['5s', 5000],
    ['30s', 30000],
    ['1478s', 1478000],
    ['-5s', -5000],
    ['+5s', 5000],
    ['-0s', 0],
    ['5.0s', 5000],
    ['5.6s', 5600],
    ['5.s', 5000],
    ['.5s', 500],
    ['1.004s', 1004],
    ['1.0040s', 1004],
    ['100.00100s', 100001],
    ['10ns', 0.00001],
    ['11us', 0.011],
    ['12µs', 0.012],
    ['12μs', 0.012],
    ['13ms', 13],
    ['300ms', 300],
    ['45s', 45000],
    ['15m', 900000],
    ['5m30s', 330000],
    ['1h', 3600000],
    ['1.5h', 5400000],
    ['16h', 57600000],
    ['2h45m', 9900000],
    ['3h30m', 12600000],
    ['1h0m0s', 3600000],
    ['10.5s4m', 250500],
    ['-2m3.4s', -123400],
    ['1h2m3s4ms5us6ns', 3723004.005006],
    ['39h9m14.425s', 140954425],
    ['52763797000ns', 52763.797],
    ['0.3333333333333333333h', 1200000],
    ['0.100000000000000000000h', 360000],
    ['0.830103483285477580700h', 2988372.539827],
  ])('%j → %d ms', (input, ms) => {
    expect(parseGoDuration(input)).toBeCloseTo(ms, 6);
  });

  it.each([
    ['9223372036854775807ns', 9223372036854775807n],
    ['9223372036854775.807us', 9223372036854775807n],
    ['9223372036s854ms775us807ns', 9223372036854775807n],
    ['-9223372036854775808ns', -9223372036854775808n],
    ['-9223372036854775.808us', -9223372036854775808n],
    ['-2562047h47m16.854775808s', -9223372036854775808n],
    ['1h2m3s4ms5us6ns', 3723004005006n],
    ['9007199254740993ns', 9007199254740993n],
    ['0.830103483285477580700h', 2988372539827n],
  ])('%j → %d ns exactly', (input, ns) => {
    expect(parseGoDurationNanos(input)).toBe(ns);
  });

  it.each([
    ['', 'time: invalid duration ""'],
    ['3', 'time: missing unit in duration "3"'],
    ['-', 'time: invalid duration "-"'],
    ['s', 'time: invalid duration "s"'],
    ['.', 'time: invalid duration "."'],
    ['-.', 'time: invalid duration "-."'],
    ['.s', 'time: invalid duration ".s"'],
    ['+.s', 'time: invalid duration "+.s"'],
    ['x', 'time: invalid duration "x"'],
    ['1d', 'time: unknown unit "d" in duration "1d"'],
    ['5 s', 'time: unknown unit " s" in duration "5 s"'],
    ['1.1.1s', 'time: missing unit in duration "1.1.1s"'],
    ['1s2', 'time: missing unit in duration "1s2"'],
    ['"x', 'time: invalid duration "\\"x"'],
    ['µ', 'time: invalid duration "\\xc2\\xb5"'],
    ['1µ', 'time: unknown unit "\\xc2\\xb5" in duration "1\\xc2\\xb5"'],
    ['1\ts', 'time: unknown unit "\\x09s" in duration "1\\x09s"'],
    ['9223372036854775808ns', 'time: invalid duration "9223372036854775808ns"'],
    ['9223372036854775.808us', 'time: invalid duration "9223372036854775.808us"'],
    ['9223372036854ms775us808ns', 'time: invalid duration "9223372036854ms775us808ns"'],
    ['-9223372036854775809ns', 'time: invalid duration "-9223372036854775809ns"'],
    ['3000000h', 'time: invalid duration "3000000h"'],
    ['99999999999999999999s', 'time: invalid duration "99999999999999999999s"'],
  ])('%j throws %j', (input, message) => {
    expect(() => parseGoDuration(input)).toThrow(Error);
    expect(() => parseGoDuration(input)).toThrow(message);
  });
});

describe('formatGoDuration (Duration.String)', () => {
  it.each([
    [0, '0s'],
    [300, '300ms'],
    [1.5, '1.5ms'],
    [0.001, '1µs'],
    [0.0011, '1.1µs'],
    [0.000001, '1ns'],
    [2.2, '2.2ms'],
    [999, '999ms'],
    [1000, '1s'],
    [3300, '3.3s'],
    [45000, '45s'],
    [60000, '1m0s'],
    [245000, '4m5s'],
    [245001, '4m5.001s'],
    [300000, '5m0s'],
    [330000, '5m30s'],
    [3600000, '1h0m0s'],
    [5400000, '1h30m0s'],
    [18367001, '5h6m7.001s'],
    [100 * H, '100h0m0s'],
    [-90000, '-1m30s'],
    [-300, '-300ms'],
  ])('%d ms → %j', (ms, want) => {
    expect(formatGoDuration(ms)).toBe(want);
  });

  it.each([
    [1n, '1ns'],
    [1100n, '1.1µs'],
    [8n * 60_000_000_000n + 1n, '8m0.000000001s'],
    [9223372036854775807n, '2562047h47m16.854775807s'],
    [-9223372036854775808n, '-2562047h47m16.854775808s'],
  ])('%d ns → %j', (ns, want) => {
    expect(formatGoDurationNanos(ns)).toBe(want);
  });

  it('round-trips through parseGoDuration', () => {
    for (const ms of [0, 1, 1.5, 999, 1000, 61000, 3723004.005006, 100 * H]) {
      expect(parseGoDuration(formatGoDuration(ms))).toBeCloseTo(ms, 6);
    }
  });

  it('rejects non-finite input', () => {
    expect(() => formatGoDuration(NaN)).toThrow(RangeError);
  });
});
