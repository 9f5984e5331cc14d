import { describe, expect, it } from 'vitest';
import { nextFireTime } from './next';
import { parseStandard } from './schedule';
import { formatRFC1123ZUtc, formatRFC3339In, loadLocation, type Zone } from './time-zone';

/** The next `n` fire times after `start`, as ISO strings (or the parse error). */
function fireTimes(spec: string, start: string, n: number): string[] | string {
  const parsed = parseStandard(spec);
  if (parsed.error !== undefined) return parsed.error;
  const out: string[] = [];
  let t = Date.parse(start);
  for (let i = 0; i < n; i++) {
    const next = nextFireTime(parsed.schedule, t);
    if (next === undefined) break;
    out.push(new Date(next).toISOString().replace('.000Z', 'Z'));
    t = next;
  }
  return out;
}

describe('parseStandard: what robfig/cron accepts', () => {
  it.each([
    ['*/1 * * * *', '2026-11-26T08:00:30Z', ['2026-11-26T08:01:00Z', '2026-11-26T08:02:00Z']],
    ['0 9 * * mon-fri', '2026-11-27T10:00:00Z', ['2026-11-30T09:00:00Z', '2026-12-01T09:00:00Z']],
    ['0 0 1 JAN,jul ?', '2026-11-26T00:00:00Z', ['2027-01-01T00:00:00Z', '2027-07-01T00:00:00Z']],
    // N/step means N through the maximum.
    ['5/20 * * * *', '2026-11-26T08:00:00Z', ['2026-11-26T08:05:00Z', '2026-11-26T08:25:00Z', '2026-11-26T08:45:00Z']],
    // A step past the range keeps only the start: once an hour.
    ['*/61 * * * *', '2026-11-26T08:00:00Z', ['2026-11-26T09:00:00Z', '2026-11-26T10:00:00Z']],
    ['10-40/15 3 * * *', '2026-11-26T00:00:00Z', ['2026-11-26T03:10:00Z', '2026-11-26T03:25:00Z', '2026-11-26T03:40:00Z']],
    ['@hourly', '2026-11-26T08:10:00Z', ['2026-11-26T09:00:00Z', '2026-11-26T10:00:00Z']],
    ['@daily', '2026-11-26T08:10:00Z', ['2026-11-27T00:00:00Z']],
    ['@midnight', '2026-11-26T08:10:00Z', ['2026-11-27T00:00:00Z']],
    ['@weekly', '2026-11-26T08:10:00Z', ['2026-11-29T00:00:00Z']],
    ['@monthly', '2026-11-26T08:10:00Z', ['2026-12-01T00:00:00Z']],
    ['@yearly', '2026-11-26T08:10:00Z', ['2027-01-01T00:00:00Z']],
    ['@annually', '2026-11-26T08:10:00Z', ['2027-01-01T00:00:00Z']],
    // @every counts from the given time, on the second.
    ['@every 1h30m', '2026-11-26T08:10:00.400Z', ['2026-11-26T09:40:00Z', '2026-11-26T11:10:00Z']],
    ['@every 90s', '2026-11-26T08:10:00Z', ['2026-11-26T08:11:30Z', '2026-11-26T08:13:00Z']],
    // Under a second becomes a second.
    ['@every 10ms', '2026-11-26T08:10:00Z', ['2026-11-26T08:10:01Z']],
    // Tabs and several spaces separate fields too.
    ['0\t12  * * *', '2026-11-26T08:10:00Z', ['2026-11-26T12:00:00Z']],
    // Feb 30 never comes: no fire time within five years.
    ['0 0 30 2 *', '2026-11-26T08:10:00Z', []],
  ])('%s after %s', (spec, start, expected) => {
    expect(fireTimes(spec, start, expected.length || 1)).toEqual(expected);
  });

  it('ANDs the day fields when either has a star (also `*/1` and `*,5`), ORs them otherwise', () => {
    const mondays = ['2026-11-30T09:00:00Z', '2026-12-07T09:00:00Z'];
    expect(fireTimes('0 9 * * mon', '2026-11-26T00:00:00Z', 2)).toEqual(mondays);
    expect(fireTimes('0 9 */1 * mon', '2026-11-26T00:00:00Z', 2)).toEqual(mondays);
    expect(fireTimes('0 9 *,5 * mon', '2026-11-26T00:00:00Z', 2)).toEqual(mondays);
    // A step above 1 clears the star: odd days or Mondays.
    expect(fireTimes('0 9 */2 * mon', '2026-11-26T00:00:00Z', 3)).toEqual([
      '2026-11-27T09:00:00Z',
      '2026-11-29T09:00:00Z',
      '2026-11-30T09:00:00Z',
    ]);
    expect(fireTimes('0 9 1 * mon', '2026-11-26T00:00:00Z', 3)).toEqual([
      '2026-11-30T09:00:00Z',
      '2026-12-01T09:00:00Z',
      '2026-12-07T09:00:00Z',
    ]);
  });
});

describe('parseStandard: what robfig/cron refuses, with its text', () => {
  it.each([
    ['', 'empty spec string'],
    ['* * * *', 'expected exactly 5 fields, found 4: [* * * *]'],
    ['0 * * * * *', 'expected exactly 5 fields, found 6: [0 * * * * *]'],
    ['   ', 'expected exactly 5 fields, found 0: []'],
    ['61 * * * *', 'end of range (61) above maximum (59): 61'],
    ['* 24 * * *', 'end of range (24) above maximum (23): 24'],
    ['* * 0 * *', 'beginning of range (0) below minimum (1): 0'],
    ['* * * 13 *', 'end of range (13) above maximum (12): 13'],
    // 7 is no Sunday here.
    ['* * * * 7', 'end of range (7) above maximum (6): 7'],
    ['5-1 * * * *', 'beginning of range (5) beyond end of range (1): 5-1'],
    ['*/0 * * * *', 'step of range should be a positive number: */0'],
    ['*/-5 * * * *', 'negative number (-5) not allowed: -5'],
    ['1-2-3 * * * *', 'too many hyphens: 1-2-3'],
    ['1/2/3 * * * *', 'too many slashes: 1/2/3'],
    ['a * * * *', 'failed to parse int from a: strconv.Atoi: parsing "a": invalid syntax'],
    ['* * * foo *', 'failed to parse int from foo: strconv.Atoi: parsing "foo": invalid syntax'],
    // Names belong to their own field.
    ['mon * * * *', 'failed to parse int from mon: strconv.Atoi: parsing "mon": invalid syntax'],
    ['* * L * *', 'failed to parse int from L: strconv.Atoi: parsing "L": invalid syntax'],
    [
      '99999999999999999999 * * * *',
      'failed to parse int from 99999999999999999999: strconv.Atoi: parsing "99999999999999999999": value out of range',
    ],
    ['@reboot', 'unrecognized descriptor: @reboot'],
    ['@Daily', 'unrecognized descriptor: @Daily'],
    ['@every 5', 'failed to parse duration @every 5: time: missing unit in duration "5"'],
    ['@every 1d', 'failed to parse duration @every 1d: time: unknown unit "d" in duration "1d"'],
    ['TZ=Europe/Pariss * * * * *', 'provided bad location Europe/Pariss: unknown time zone Europe/Pariss'],
  ])('%j', (spec, error) => {
    expect(parseStandard(spec).error).toBe(error);
  });
});

describe('time zones and DST', () => {
  it('evaluates TZ= in that zone', () => {
    expect(fireTimes('TZ=Europe/Paris 0 9 * * *', '2026-11-26T00:00:00Z', 1)).toEqual(['2026-11-26T08:00:00Z']);
    expect(fireTimes('CRON_TZ=Asia/Tokyo 0 9 * * *', '2026-11-26T00:00:00Z', 1)).toEqual(['2026-11-27T00:00:00Z']);
  });

  it('skips a wall time DST jumps over (New York, 8 March 2026, 02:00 → 03:00)', () => {
    expect(fireTimes('TZ=America/New_York 30 2 * * *', '2026-03-07T08:00:00Z', 2)).toEqual([
      '2026-03-09T06:30:00Z',
      '2026-03-10T06:30:00Z',
    ]);
  });

  it('runs a wall time DST repeats twice (New York, 1 November 2026, 02:00 → 01:00)', () => {
    expect(fireTimes('TZ=America/New_York 30 1 * * *', '2026-10-31T08:00:00Z', 3)).toEqual([
      '2026-11-01T05:30:00Z',
      '2026-11-01T06:30:00Z',
      '2026-11-02T06:30:00Z',
    ]);
  });

  it('keeps intervals in absolute time across the jump (Paris, 29 March 2026)', () => {
    expect(fireTimes('TZ=Europe/Paris 0 * * * *', '2026-03-29T00:30:00Z', 3)).toEqual([
      '2026-03-29T01:00:00Z',
      '2026-03-29T02:00:00Z',
      '2026-03-29T03:00:00Z',
    ]);
  });

  it('loads IANA names as Go does', () => {
    const name = (z: Zone | string) => (typeof z === 'string' ? z : z.name);
    expect(name(loadLocation('Europe/Paris'))).toBe('Europe/Paris');
    expect(name(loadLocation('UTC'))).toBe('UTC');
    expect(name(loadLocation('US/Eastern'))).toBe('US/Eastern');
    expect(loadLocation('Europe/Pariss')).toBe('unknown time zone Europe/Pariss');
    expect(loadLocation('europe/paris')).toBe('unknown time zone europe/paris');
    expect(loadLocation('utc')).toBe('unknown time zone utc');
  });

  it('formats the scheduled-timestamp annotation and the MissSchedule time', () => {
    const paris = loadLocation('Europe/Paris') as Zone;
    const t = Date.parse('2026-07-01T07:00:00Z');
    expect(formatRFC3339In(t, paris)).toBe('2026-07-01T09:00:00+02:00');
    expect(formatRFC3339In(t, loadLocation('UTC') as Zone)).toBe('2026-07-01T07:00:00Z');
    expect(formatRFC1123ZUtc(t)).toBe('Wed, 01 Jul 2026 07:00:00 +0000');
  });
});
