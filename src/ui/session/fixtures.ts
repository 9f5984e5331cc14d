// Test fixtures for the session: a saved record with everything at its default.

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
