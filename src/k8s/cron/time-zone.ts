// Time zones as Go's time package uses them for CronJobs: time.LoadLocation's answer for a name,
// the UTC offset at an instant, wall-clock fields, and time.Date's choice of instant for a wall
// time (the one robfig/cron's schedule walk relies on across DST transitions). Offsets come from
// Intl (the IANA database of the host, in Node and browsers); nothing here reads the wall clock.

export interface Zone {
  /** The name as given (`Europe/Paris`, `UTC`). */
  readonly name: string;
  /** Seconds east of UTC at the instant `unixMs`. */
  offsetSeconds(unixMs: number): number;
}

/** Wall-clock fields of an instant in a zone (month 1–12, weekday 0 = Sunday). */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
  offsetSeconds: number;
}

const fixedZone = (name: string): Zone => ({ name, offsetSeconds: () => 0 });

/** time.UTC (also the zone of `Local`: the simulated kube-controller-manager runs in UTC). */
export const UTC_ZONE: Zone = fixedZone('UTC');

const MAX_OFFSET_CACHE = 20_000;

class IntlZone implements Zone {
  private readonly format: Intl.DateTimeFormat;
  private readonly cache = new Map<number, number>();

  constructor(readonly name: string) {
    this.format = new Intl.DateTimeFormat('en-US', {
      timeZone: name,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short',
    });
  }

  offsetSeconds(unixMs: number): number {
    // Offsets change on whole seconds; cache per second of the instant.
    const second = Math.floor(unixMs / 1000);
    const hit = this.cache.get(second);
    if (hit !== undefined) return hit;
    const fields: Record<string, number> = {};
    let bc = false;
    for (const part of this.format.formatToParts(second * 1000)) {
      if (part.type === 'era') bc = part.value.startsWith('B');
      else if (part.type !== 'literal') fields[part.type] = Number(part.value);
    }
    const year = bc ? 1 - fields.year : fields.year;
    const wallAsUtc = utcMs(year, fields.month, fields.day, fields.hour, fields.minute, fields.second);
    const offset = Math.round((wallAsUtc - second * 1000) / 1000);
    if (this.cache.size >= MAX_OFFSET_CACHE) this.cache.clear();
    this.cache.set(second, offset);
    return offset;
  }
}

/** Date.UTC without its 0–99 → 1900s year mapping; month 1–12, any field may overflow. */
export function utcMs(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(hour, minute, second, 0);
  return d.getTime();
}

const zones = new Map<string, Zone | string>();

/**
 * Go's tzdata names are file names: case-sensitive. Intl matches them case-insensitively (and
 * answers with the canonical id, which for a link such as `US/Eastern` is another name), so a name
 * is taken as Go would find it when it is the canonical id itself, or — for a link — when each
 * of its components starts as tzdata's do (an upper-case letter): `us/eastern` is unknown to Go.
 */
function spelledAsTzdata(name: string, canonical: string): boolean {
  if (name === canonical) return true;
  if (name.toLowerCase() === canonical.toLowerCase()) return false;
  return name.split('/').every((part) => /^[A-Z]/.test(part));
}

/**
 * time.LoadLocation: `""` and `UTC` are UTC, `Local` the process's zone (UTC here); any other
 * name must be an IANA zone. Returns the zone, or Go's error text (`unknown time zone X`).
 */
export function loadLocation(name: string): Zone | string {
  if (name === '' || name === 'UTC' || name === 'Local') return UTC_ZONE;
  const known = zones.get(name);
  if (known !== undefined) return known;
  let answer: Zone | string;
  try {
    const canonical = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    answer = spelledAsTzdata(name, canonical) ? new IntlZone(name) : `unknown time zone ${name}`;
  } catch {
    answer = `unknown time zone ${name}`;
  }
  zones.set(name, answer);
  return answer;
}

/** The wall-clock fields of `unixMs` in `zone` (whole seconds; the sub-second part is dropped). */
export function wallTime(unixMs: number, zone: Zone): WallTime {
  const offsetSeconds = zone.offsetSeconds(unixMs);
  const d = new Date(Math.floor(unixMs / 1000) * 1000 + offsetSeconds * 1000);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    weekday: d.getUTCDay(),
    offsetSeconds,
  };
}

/**
 * time.Date(year, month, day, hour, min, sec, 0, loc): fields may overflow (month 13, day 32 are
 * normalised). A wall time that occurs twice (DST ends) or never (DST starts) resolves as Go
 * resolves it: look the wall time up as if it were UTC, and if the instant that gives falls into
 * another offset period, take that period's offset instead.
 */
export function zonedDate(
  zone: Zone,
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
): number {
  const wallAsUtc = utcMs(year, month, day, hour, minute, second);
  let offset = zone.offsetSeconds(wallAsUtc);
  if (offset !== 0) {
    const guess = wallAsUtc - offset * 1000;
    const there = zone.offsetSeconds(guess);
    if (there !== offset) offset = there;
  }
  return wallAsUtc - offset * 1000;
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

function offsetText(offsetSeconds: number, colon: boolean): string {
  const sign = offsetSeconds < 0 ? '-' : '+';
  const abs = Math.abs(offsetSeconds);
  const hh = pad(Math.floor(abs / 3600));
  const mm = pad(Math.floor((abs % 3600) / 60));
  return `${sign}${hh}${colon ? ':' : ''}${mm}`;
}

/** time.RFC3339 of the instant in `zone`: `2026-11-26T09:00:00+01:00`, `…Z` at offset 0. */
export function formatRFC3339In(unixMs: number, zone: Zone): string {
  const w = wallTime(unixMs, zone);
  const date = `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
  return date + (w.offsetSeconds === 0 ? 'Z' : offsetText(w.offsetSeconds, true));
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** time.RFC1123Z of the instant in UTC: `Thu, 26 Nov 2026 08:30:00 +0000`. */
export function formatRFC1123ZUtc(unixMs: number): string {
  const w = wallTime(unixMs, UTC_ZONE);
  return `${DAYS[w.weekday]}, ${pad(w.day)} ${MONTHS[w.month - 1]} ${pad(w.year, 4)} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)} +0000`;
}
