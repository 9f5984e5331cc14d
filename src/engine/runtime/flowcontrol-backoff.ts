// client-go's flowcontrol.Backoff: per key a delay that starts at `initialMs`, doubles on every
// Next up to `maxMs`, and is forgotten when the event it is asked about happened long after its
// last update (the entry "expired"). The kubelet uses one for container restarts (10 s → 300 s,
// expiry 600 s: a container that ran about ten minutes before crashing starts again at 10 s) and
// one for image pulls (10 s → 300 s). Source: client-go util/flowcontrol/backoff.go,
// pkg/kubelet/kubelet.go.

export interface BackoffEntry {
  delayMs: number;
  lastUpdateMs: number;
}

export class Backoff {
  private readonly entries = new Map<string, BackoffEntry>();

  constructor(
    readonly initialMs: number,
    readonly maxMs: number,
    /** An entry is ignored when the event is more than this after its last update. */
    readonly expireAfterMs: number = 2 * maxMs,
  ) {}

  /** The current delay for `key` (0 when none). */
  get(key: string): number {
    return this.entries.get(key)?.delayMs ?? 0;
  }

  /** Records an attempt at `eventMs`: first (or after expiry) → initial, else doubled, capped. */
  next(key: string, eventMs: number): void {
    const entry = this.entries.get(key);
    if (!entry || this.expired(entry, eventMs)) {
      this.entries.set(key, { delayMs: this.initialMs, lastUpdateMs: eventMs });
      return;
    }
    entry.delayMs = Math.min(entry.delayMs * 2, this.maxMs);
    entry.lastUpdateMs = eventMs;
  }

  /** IsInBackOffSince: is `nowMs` still inside the delay counted from `eventMs`? */
  isInBackOffSince(key: string, eventMs: number, nowMs: number): boolean {
    const entry = this.entries.get(key);
    if (!entry || this.expired(entry, eventMs)) return false;
    return nowMs - eventMs < entry.delayMs;
  }

  /** IsInBackOffSinceUpdate: counted from the entry's own last update (image pulls). */
  isInBackOffSinceUpdate(key: string, nowMs: number): boolean {
    const entry = this.entries.get(key);
    if (!entry || this.expired(entry, nowMs)) return false;
    return nowMs - entry.lastUpdateMs < entry.delayMs;
  }

  /** When the back-off for `key`, counted from `eventMs`, ends. */
  expiresAt(key: string, eventMs: number): number {
    return eventMs + this.get(key);
  }

  lastUpdate(key: string): number | undefined {
    return this.entries.get(key)?.lastUpdateMs;
  }

  reset(key: string): void {
    this.entries.delete(key);
  }

  /** GC: drops the entries that have not been updated for longer than the expiry. */
  gc(nowMs: number): void {
    for (const [key, entry] of this.entries) if (this.expired(entry, nowMs)) this.entries.delete(key);
  }

  /** Drops every key starting with `prefix` (a pod's entries when it goes away). */
  resetPrefix(prefix: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }

  private expired(entry: BackoffEntry, eventMs: number): boolean {
    return eventMs - entry.lastUpdateMs > this.expireAfterMs;
  }
}

export const CRASH_BACKOFF_INITIAL_MS = 10_000;
export const CRASH_BACKOFF_MAX_MS = 300_000;
export const CRASH_BACKOFF_EXPIRE_MS = 600_000;
