// The next fire time of a schedule after an instant, with robfig/cron v3's rules (SpecSchedule.Next
// and ConstantDelaySchedule.Next), which the CronJob controller uses:
//  - start at the next whole second; give up (no time) past five years;
//  - find the month, then the day, the hour, the minute, the second; the first field that does not
//    match resets the smaller ones, and each step that wraps a larger field starts over;
//  - hours and minutes advance in absolute time, so a wall time that DST skips is skipped (a daily
//    02:30 does not run on the night clocks jump from 02:00 to 03:00) and a wall time that occurs
//    twice matches twice (a daily 01:30 runs at both 01:30s of the night clocks go back);
//  - day-of-month and day-of-week are ANDed when either has the star bit, ORed otherwise.

import type { CronSchedule, SpecSchedule } from './schedule';
import { scheduleZone } from './schedule';
import { wallTime, zonedDate, type Zone } from './time-zone';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

function dayMatches(s: SpecSchedule, day: number, weekday: number): boolean {
  const domMatch = s.dom[day];
  const dowMatch = s.dow[weekday];
  if (s.domStar || s.dowStar) return domMatch && dowMatch;
  return domMatch || dowMatch;
}

/** Go's AddDate(years, months, days) on a zoned instant: time.Date with the shifted fields. */
function addDate(t: number, zone: Zone, months: number, days: number): number {
  const w = wallTime(t, zone);
  return zonedDate(zone, w.year, w.month + months, w.day + days, w.hour, w.minute, w.second);
}

function nextSpec(s: SpecSchedule, from: number): number | undefined {
  const zone = scheduleZone(s);
  // The upcoming whole second.
  let t = Math.floor(from / SECOND) * SECOND + SECOND;
  let added = false;
  const yearLimit = wallTime(t, zone).year + 5;

  for (;;) {
    let w = wallTime(t, zone);
    if (w.year > yearLimit) return undefined;
    let wrapped = false;

    while (!s.month[w.month]) {
      if (!added) {
        added = true;
        t = zonedDate(zone, w.year, w.month, 1, 0, 0, 0);
      }
      t = addDate(t, zone, 1, 0);
      w = wallTime(t, zone);
      if (w.month === 1) {
        wrapped = true;
        break;
      }
    }
    if (wrapped) continue;

    while (!dayMatches(s, w.day, w.weekday)) {
      if (!added) {
        added = true;
        t = zonedDate(zone, w.year, w.month, w.day, 0, 0, 0);
      }
      t = addDate(t, zone, 0, 1);
      w = wallTime(t, zone);
      // Midnight may not exist on a DST day: land back on hour 0.
      if (w.hour !== 0) {
        t += w.hour > 12 ? (24 - w.hour) * HOUR : -w.hour * HOUR;
        w = wallTime(t, zone);
      }
      if (w.day === 1) {
        wrapped = true;
        break;
      }
    }
    if (wrapped) continue;

    while (!s.hour[w.hour]) {
      if (!added) {
        added = true;
        t = zonedDate(zone, w.year, w.month, w.day, w.hour, 0, 0);
      }
      t += HOUR;
      w = wallTime(t, zone);
      if (w.hour === 0) {
        wrapped = true;
        break;
      }
    }
    if (wrapped) continue;

    while (!s.minute[w.minute]) {
      if (!added) {
        added = true;
        t = Math.floor(t / MINUTE) * MINUTE;
      }
      t += MINUTE;
      w = wallTime(t, zone);
      if (w.minute === 0) {
        wrapped = true;
        break;
      }
    }
    if (wrapped) continue;

    // The standard parser fires on second 0 only.
    while (w.second !== 0) {
      if (!added) {
        added = true;
        t = Math.floor(t / SECOND) * SECOND;
      }
      t += SECOND;
      w = wallTime(t, zone);
      if (w.second === 0) {
        wrapped = true;
        break;
      }
    }
    if (wrapped) continue;

    return t;
  }
}

/**
 * schedule.Next(from): the first fire time strictly after `from` (ms since the Unix epoch), or
 * undefined when none comes within five years (robfig's zero time), e.g. `0 0 30 2 *`.
 */
export function nextFireTime(schedule: CronSchedule, from: number): number | undefined {
  if (schedule.kind === 'every') {
    // ConstantDelaySchedule.Next: from + delay, on the second.
    return from + schedule.delayMs - (((from % SECOND) + SECOND) % SECOND);
  }
  return nextSpec(schedule, from);
}
