// record: the saved session as plain data — what a reload needs to give the user back their
// work: the commands that built the cluster (replayed on the deterministic engine), the clock's
// speed and play state, the console (transcript and input history), the editor's text and the
// layout. Reading a record never throws: a record from another version, or damaged, is refused
// whole (the page starts fresh) and a bad field is dropped.

import { isSpeed, type Speed } from '../../protocol/messages';
import type { RecordedCommand } from '../embed/recorder';
import type { ConsoleEntry, ConsoleEntryKind } from '../state/console';
import type { BottomTab } from '../state/selection';
import { DEFAULT_LAYOUT, readLayout, type PaneLayout } from '../layout/pane-layout';

/** Bump when the shape changes: an older record is then ignored, not misread. */
export const RECORD_VERSION = 1;

/** Console entries kept across a reload (the newest). */
export const SAVED_ENTRIES = 300;
/** Characters kept of one entry's text (its end: where the command's result is). */
export const SAVED_ENTRY_CHARS = 20_000;

export interface SessionRecord {
  version: typeof RECORD_VERSION;
  /** Real time of the save (Date.now()), to tell the user how old the restored session is. */
  savedAt: number;
  /** The commands since the last reset, with the virtual time before each. */
  commands: RecordedCommand[];
  /** Virtual time that passed after the last command. */
  tailMs: number;
  speed: Speed;
  playing: boolean;
  transcript: ConsoleEntry[];
  history: string[];
  /** The manifest editor's text (null: never edited, the editor starts with its example). */
  editor: string | null;
  tab: BottomTab;
  layout: PaneLayout;
}

const ENTRY_KINDS: readonly ConsoleEntryKind[] = ['command', 'stdout', 'stderr', 'system'];
const TABS: readonly BottomTab[] = ['console', 'manifests', 'events'];

/**
 * The newest console entries, each cut to its last SAVED_ENTRY_CHARS characters and without its
 * command id (ids start again in the next page: an old `c3` must not be taken for the new one).
 */
export function transcriptToSave(entries: readonly ConsoleEntry[]): ConsoleEntry[] {
  return entries.slice(-SAVED_ENTRIES).map(({ seq, kind, text }) => ({
    seq,
    kind,
    text: text.length > SAVED_ENTRY_CHARS ? text.slice(-SAVED_ENTRY_CHARS) : text,
  }));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readCommands(value: unknown): RecordedCommand[] | null {
  if (!Array.isArray(value)) return null;
  const commands: RecordedCommand[] = [];
  for (const c of value) {
    if (!isRecord(c) || typeof c.line !== 'string' || typeof c.gapMs !== 'number' || !(c.gapMs >= 0)) return null;
    if (c.stdin !== undefined && typeof c.stdin !== 'string') return null;
    commands.push(c.stdin === undefined ? { line: c.line, gapMs: c.gapMs } : { line: c.line, stdin: c.stdin, gapMs: c.gapMs });
  }
  return commands;
}

function readTranscript(value: unknown): ConsoleEntry[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(
      (e): e is ConsoleEntry => isRecord(e) && typeof e.text === 'string' && ENTRY_KINDS.includes(e.kind as ConsoleEntryKind),
    )
    .slice(-SAVED_ENTRIES)
    .map((e, i) => ({ seq: i + 1, kind: e.kind, text: e.text }));
}

/**
 * A stored value as a SessionRecord, or null when it is not one this version wrote. The
 * commands must be intact (a cluster rebuilt from part of them would be another cluster); the
 * rest falls back field by field.
 */
export function readRecord(value: unknown): SessionRecord | null {
  if (!isRecord(value) || value.version !== RECORD_VERSION) return null;
  const commands = readCommands(value.commands);
  if (!commands) return null;
  const tailMs = typeof value.tailMs === 'number' && value.tailMs >= 0 && Number.isFinite(value.tailMs) ? value.tailMs : 0;
  return {
    version: RECORD_VERSION,
    savedAt: typeof value.savedAt === 'number' ? value.savedAt : 0,
    commands,
    tailMs,
    speed: isSpeed(value.speed) ? value.speed : 1,
    playing: typeof value.playing === 'boolean' ? value.playing : true,
    transcript: readTranscript(value.transcript),
    history: Array.isArray(value.history) ? value.history.filter((h): h is string => typeof h === 'string') : [],
    editor: typeof value.editor === 'string' ? value.editor : null,
    tab: TABS.includes(value.tab as BottomTab) ? (value.tab as BottomTab) : 'console',
    layout: readLayout(value.layout),
  };
}

/** Whether a record holds anything to give back (a fresh page saves one that holds nothing). */
export function hasWork(record: SessionRecord): boolean {
  const layout = Object.keys(DEFAULT_LAYOUT) as (keyof PaneLayout)[];
  return (
    record.commands.length > 0 ||
    record.speed !== 1 ||
    !record.playing ||
    record.tab !== 'console' ||
    layout.some((k) => record.layout[k] !== DEFAULT_LAYOUT[k]) ||
    record.history.length > 0 ||
    record.editor !== null ||
    record.transcript.some((e) => e.kind === 'command')
  );
}
