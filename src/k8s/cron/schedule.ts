// CronJob schedules exactly as Kubernetes reads them: robfig/cron v3's ParseStandard (five fields
// minute hour day-of-month month day-of-week, names, `?`, ranges, steps, the `@` descriptors and
// `@every <duration>`, an optional `TZ=`/`CRON_TZ=` prefix) with its error texts, which the API
// server returns as `spec.schedule: Invalid value: …`.
//
// The field expressions are checked here against robfig's grammar (what it accepts and refuses
// differs from other crons: `5/15` means 5-59/15, a step larger than the range keeps only the
// start, `*/61` is accepted, `7` is no Sunday) and each one is then expanded to its values by
// croner's CronPattern. The fire times are walked by nextFireTime (./next.ts) with robfig's rules,
// not by croner's own nextRun, because they differ where users meet them: across DST robfig
// skips a fixed time that does not exist and runs one that occurs twice twice, and a `*` in a
// list or with step 1 keeps day-of-month and day-of-week ANDed.

import { CronPattern } from 'croner';
import { parseGoDurationNanos } from '../duration';
import { loadLocation, UTC_ZONE, type Zone } from './time-zone';

/** A five-field schedule: which values of each field fire. */
export interface SpecSchedule {
  kind: 'spec';
  minute: readonly boolean[];
  hour: readonly boolean[];
  /** Index 1–31. */
  dom: readonly boolean[];
  /** Index 1–12. */
  month: readonly boolean[];
  /** Index 0–6, 0 = Sunday. */
  dow: readonly boolean[];
  /** robfig's star bit: the field had `*` or `?` without a step above 1. */
  domStar: boolean;
  dowStar: boolean;
  /** The schedule's zone (`TZ=` prefix), or the zone of the time it is asked about. */
  zone: Zone | undefined;
}

/** `@every <duration>`: a constant delay of whole seconds (at least one). */
export interface EverySchedule {
  kind: 'every';
  delayMs: number;
}

export type CronSchedule = SpecSchedule | EverySchedule;

export type ParseResult = { schedule: CronSchedule; error?: undefined } | { schedule?: undefined; error: string };

interface Bounds {
  min: number;
  max: number;
  names?: Readonly<Record<string, number>>;
}

const MONTH_NAMES = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

const MINUTES: Bounds = { min: 0, max: 59 };
const HOURS: Bounds = { min: 0, max: 23 };
const DOM: Bounds = { min: 1, max: 31 };
const MONTHS: Bounds = { min: 1, max: 12, names: Object.fromEntries(MONTH_NAMES.map((n, i) => [n, i + 1])) };
const DOW: Bounds = { min: 0, max: 6, names: Object.fromEntries(DAY_NAMES.map((n, i) => [n, i])) };

/** Thrown inside the parser with robfig's message. */
class ScheduleError extends Error {}

/** Go's unicode.IsSpace, which strings.Fields splits on. */
const GO_SPACE = /[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;
const MAX_INT64 = 9223372036854775807n;

/** strconv.Quote for the texts robfig quotes (ASCII in practice). */
function goQuote(s: string): string {
  return JSON.stringify(s);
}

/** strconv.Atoi and robfig's mustParseInt (no negative numbers). */
function mustParseInt(expr: string): number {
  const m = /^[+-]?[0-9]+$/.exec(expr);
  if (!m) throw new ScheduleError(`failed to parse int from ${expr}: strconv.Atoi: parsing ${goQuote(expr)}: invalid syntax`);
  const value = BigInt(expr);
  if (value > MAX_INT64 || value < -MAX_INT64 - 1n) {
    throw new ScheduleError(`failed to parse int from ${expr}: strconv.Atoi: parsing ${goQuote(expr)}: value out of range`);
  }
  if (value < 0n) throw new ScheduleError(`negative number (${value}) not allowed: ${expr}`);
  // Anything above a field's maximum is refused later; keep the number as written for the text.
  return Number(value);
}

function parseIntOrName(expr: string, bounds: Bounds): number {
  const named = bounds.names?.[expr.toLowerCase()];
  return named ?? mustParseInt(expr);
}

interface FieldRange {
  start: number;
  end: number;
  step: number;
  star: boolean;
}

/** robfig getRange: `*`, `?`, `a`, `a-b`, each with an optional `/step`. */
function parseRange(expr: string, bounds: Bounds): FieldRange {
  const rangeAndStep = expr.split('/');
  const lowAndHigh = rangeAndStep[0].split('-');
  const single = lowAndHigh.length === 1;
  let start: number;
  let end: number;
  let star = false;
  if (lowAndHigh[0] === '*' || lowAndHigh[0] === '?') {
    start = bounds.min;
    end = bounds.max;
    star = true;
  } else {
    start = parseIntOrName(lowAndHigh[0], bounds);
    if (lowAndHigh.length === 1) end = start;
    else if (lowAndHigh.length === 2) end = parseIntOrName(lowAndHigh[1], bounds);
    else throw new ScheduleError(`too many hyphens: ${expr}`);
  }
  let step = 1;
  if (rangeAndStep.length === 2) {
    step = mustParseInt(rangeAndStep[1]);
    if (single) end = bounds.max; // `N/step` means N-max/step
    if (step > 1) star = false;
  } else if (rangeAndStep.length > 2) {
    throw new ScheduleError(`too many slashes: ${expr}`);
  }
  if (start < bounds.min) throw new ScheduleError(`beginning of range (${start}) below minimum (${bounds.min}): ${expr}`);
  if (end > bounds.max) throw new ScheduleError(`end of range (${end}) above maximum (${bounds.max}): ${expr}`);
  if (start > end) throw new ScheduleError(`beginning of range (${start}) beyond end of range (${end}): ${expr}`);
  if (step === 0) throw new ScheduleError(`step of range should be a positive number: ${expr}`);
  return { start, end, step, star };
}

/** The range in croner's syntax; a step past the end keeps only the start, as robfig's loop does. */
function cronerRange(r: FieldRange): string {
  if (r.start === r.end || r.step > r.end - r.start) return String(r.start);
  return r.step === 1 ? `${r.start}-${r.end}` : `${r.start}-${r.end}/${r.step}`;
}

interface ParsedField {
  /** croner's spelling of the field, or undefined when the field has no range at all (`,`). */
  pattern: string | undefined;
  star: boolean;
}

/** robfig getField: comma-separated ranges (empty items are skipped). */
function parseField(field: string, bounds: Bounds): ParsedField {
  const ranges = field
    .split(',')
    .filter((r) => r !== '')
    .map((r) => parseRange(r, bounds));
  return { pattern: ranges.length ? ranges.map(cronerRange).join(',') : undefined, star: ranges.some((r) => r.star) };
}

const DESCRIPTORS: Readonly<Record<string, string>> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

const EVERY = '@every ';

function toFlags(values: readonly number[], offset: number, size: number): boolean[] {
  const flags = new Array<boolean>(size).fill(false);
  values.forEach((v, i) => {
    if (v) flags[i + offset] = true;
  });
  return flags;
}

const NONE = (size: number) => new Array<boolean>(size).fill(false);

function specSchedule(fields: readonly string[], zone: Zone | undefined): SpecSchedule {
  const parsed = [
    parseField(fields[0], MINUTES),
    parseField(fields[1], HOURS),
    parseField(fields[2], DOM),
    parseField(fields[3], MONTHS),
    parseField(fields[4], DOW),
  ];
  const [, , dom, , dow] = parsed;
  const missing = parsed.some((f) => f.pattern === undefined);
  // A field without any range (`,`) matches nothing: robfig parses it and never fires.
  const pattern = missing ? undefined : new CronPattern(parsed.map((f) => f.pattern).join(' '), undefined, { mode: '5-part' });
  return {
    kind: 'spec',
    minute: pattern ? toFlags(pattern.minute, 0, 60) : NONE(60),
    hour: pattern ? toFlags(pattern.hour, 0, 24) : NONE(24),
    dom: pattern ? toFlags(pattern.day, 1, 32) : NONE(32),
    month: pattern ? toFlags(pattern.month, 1, 13) : NONE(13),
    dow: pattern ? toFlags(pattern.dayOfWeek.slice(0, 7), 0, 7) : NONE(7),
    domStar: dom.star,
    dowStar: dow.star,
    zone,
  };
}

function everySchedule(descriptor: string): EverySchedule {
  let nanos: bigint;
  try {
    nanos = parseGoDurationNanos(descriptor.slice(EVERY.length));
  } catch (e) {
    throw new ScheduleError(`failed to parse duration ${descriptor}: ${(e as Error).message}`);
  }
  // cron.Every: under a second becomes a second; the sub-second part is dropped.
  const seconds = nanos < 1_000_000_000n ? 1n : nanos / 1_000_000_000n;
  return { kind: 'every', delayMs: Number(seconds) * 1000 };
}

/** cron.ParseStandard(spec): the schedule, or robfig's error text. */
export function parseStandard(specIn: string): ParseResult {
  try {
    if (specIn.length === 0) throw new ScheduleError('empty spec string');
    let spec = specIn;
    let zone: Zone | undefined;
    if (spec.startsWith('TZ=') || spec.startsWith('CRON_TZ=')) {
      // Upstream slices up to the first space and panics when there is none; here the whole
      // rest is the zone name and the (then empty) schedule is refused for its field count.
      const space = spec.indexOf(' ');
      const eq = spec.indexOf('=');
      const name = space < 0 ? spec.slice(eq + 1) : spec.slice(eq + 1, space);
      const loaded = loadLocation(name);
      if (typeof loaded === 'string') throw new ScheduleError(`provided bad location ${name}: ${loaded}`);
      zone = loaded;
      spec = space < 0 ? '' : spec.slice(space).trim();
    }
    if (spec.startsWith('@')) {
      const fields = DESCRIPTORS[spec];
      if (fields !== undefined) return { schedule: specSchedule(fields.split(' '), zone) };
      if (spec.startsWith(EVERY)) return { schedule: everySchedule(spec) };
      throw new ScheduleError(`unrecognized descriptor: ${spec}`);
    }
    const fields = spec.split(GO_SPACE).filter((f) => f !== '');
    if (fields.length !== 5) {
      throw new ScheduleError(`expected exactly 5 fields, found ${fields.length}: [${fields.join(' ')}]`);
    }
    return { schedule: specSchedule(fields, zone) };
  } catch (e) {
    if (e instanceof ScheduleError) return { error: e.message };
    throw e;
  }
}

/** The zone a schedule is evaluated in when it names none: the time's own (UTC here). */
export function scheduleZone(schedule: SpecSchedule): Zone {
  return schedule.zone ?? UTC_ZONE;
}
