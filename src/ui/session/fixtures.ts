// Test fixtures for the session: a saved record with everything at its default, and a
// localStorage in memory.

import { DEFAULT_LAYOUT } from '../layout/pane-layout';
import { RECORD_VERSION, type SessionRecord } from './record';

export function sessionRecord(patch: Partial<SessionRecord> = {}): SessionRecord {
  return {
    version: RECORD_VERSION,
    savedAt: 1,
    commands: [],
    tailMs: 0,
    speed: 1,
    playing: true,
    transcript: [],
    history: [],
    editor: null,
    tab: 'console',
    layout: DEFAULT_LAYOUT,
    ...patch,
  };
}

/** localStorage's contract, in memory; `full` makes every write throw as a full quota does. */
export function memoryStorage(initial: Record<string, string> = {}, { full = false } = {}): Storage {
  const data = new Map(Object.entries(initial));
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => {
      if (full) throw new DOMException('quota exceeded', 'QuotaExceededError');
      data.set(key, value);
    },
  };
}
