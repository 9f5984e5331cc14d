// hide-copy: the session as it was when the page was hidden or closed, kept synchronously in
// localStorage. The save that `pagehide` starts goes to IndexedDB, whose transaction a reload can
// cut short; a reload then gave back the session of the last periodic save, up to a few seconds
// older (its commands, its clock). The next page takes whichever of the two records is newer;
// IndexedDB stays the store of every other save.

import { readRecord, type SessionRecord } from './record';

const KEY = 'kubeplay.session-on-hide';

/** Keeps `record` synchronously; false when the storage refuses it (blocked, full). */
export function keepHideCopy(record: SessionRecord, storage: Storage | undefined): boolean {
  try {
    if (!storage) return false;
    storage.setItem(KEY, JSON.stringify(record));
    return true;
  } catch {
    return false;
  }
}

/** The copy kept when the page was last hidden, or null (none, unreadable, another version's). */
export function readHideCopy(storage: Storage | undefined): SessionRecord | null {
  try {
    const raw = storage?.getItem(KEY);
    return raw ? readRecord(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

/** The newer of the saved record and the hide copy (the saved one when they are as old). */
export function newerRecord(saved: SessionRecord | null, copy: SessionRecord | null): SessionRecord | null {
  if (!copy) return saved;
  if (!saved) return copy;
  return copy.savedAt > saved.savedAt ? copy : saved;
}
