// format: how the UI prints simulated time.

const pad = (n: number) => String(n).padStart(2, '0');

/** `HH:MM:SS` of the simulated wall clock, in UTC (the cluster's timestamps are UTC). */
export function formatClockTime(unixMs: number): string {
  const d = new Date(unixMs);
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `Thu 1 Jan 2026` of the simulated wall clock, in UTC. */
export function formatClockDate(unixMs: number): string {
  const d = new Date(unixMs);
  return `${DAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** Simulated time since the start, like kubectl's ages: `0s`, `4m12s`, `2h03m`, `3d4h`. */
export function formatElapsed(ms: number): string {
  const s = Math.floor(Math.max(0, ms) / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${pad(s % 60)}s`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h}h${pad(m % 60)}m`;
  return `${Math.floor(h / 24)}d${h % 24}h`;
}
