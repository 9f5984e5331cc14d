// console: the transcript the console shows, as pure functions over plain data so the bridge
// (outside React) and tests can update it. Consecutive output of one command and stream merges
// into one entry; the transcript keeps the newest MAX_ENTRIES entries.

export type ConsoleEntryKind = 'command' | 'stdout' | 'stderr' | 'system';

export interface ConsoleEntry {
  /** Stable React key. */
  seq: number;
  kind: ConsoleEntryKind;
  text: string;
  /** The command this entry belongs to, if any. */
  id?: string;
}

export interface ConsoleTranscript {
  entries: ConsoleEntry[];
  nextSeq: number;
}

export const MAX_ENTRIES = 2000;

export const emptyTranscript: ConsoleTranscript = { entries: [], nextSeq: 1 };

/** Appends text; merges with the last entry when it is the same kind of output of the same command. */
export function appendEntry(t: ConsoleTranscript, kind: ConsoleEntryKind, text: string, id?: string): ConsoleTranscript {
  const last = t.entries[t.entries.length - 1];
  if (last && kind !== 'command' && last.kind === kind && last.id === id) {
    const merged: ConsoleEntry = { ...last, text: last.text + text };
    return { entries: [...t.entries.slice(0, -1), merged], nextSeq: t.nextSeq };
  }
  const entry: ConsoleEntry = id === undefined ? { seq: t.nextSeq, kind, text } : { seq: t.nextSeq, kind, text, id };
  const entries =
    t.entries.length >= MAX_ENTRIES ? [...t.entries.slice(t.entries.length - MAX_ENTRIES + 1), entry] : [...t.entries, entry];
  return { entries, nextSeq: t.nextSeq + 1 };
}

export const MAX_HISTORY = 200;

/** Adds a line to the input history (no empty lines, no immediate repeats). */
export function pushHistory(history: readonly string[], line: string): string[] {
  const trimmed = line.trim();
  if (!trimmed || history[history.length - 1] === trimmed) return history as string[];
  const next = [...history, trimmed];
  return next.length > MAX_HISTORY ? next.slice(next.length - MAX_HISTORY) : next;
}
