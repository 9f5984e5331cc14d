import { describe, expect, it } from 'vitest';
import { memoryStorage, sessionRecord } from './fixtures';
import { keepHideCopy, newerRecord, readHideCopy } from './hide-copy';

describe('the session copy kept on hide', () => {
  it('is read back as the record it was', () => {
    const storage = memoryStorage();
    const record = sessionRecord({ savedAt: 5, commands: [{ line: 'kubectl create ns a', gapMs: 1200 }], tailMs: 800 });
    expect(keepHideCopy(record, storage)).toBe(true);
    expect(readHideCopy(storage)).toEqual(record);
  });

  it('is nothing when the storage refuses it, is missing or holds something damaged', () => {
    expect(keepHideCopy(sessionRecord(), memoryStorage({}, { full: true }))).toBe(false);
    expect(keepHideCopy(sessionRecord(), undefined)).toBe(false);
    expect(readHideCopy(undefined)).toBeNull();
    const storage = memoryStorage();
    storage.setItem('kubeplay.session-on-hide', '{not json');
    expect(readHideCopy(storage)).toBeNull();
    storage.setItem('kubeplay.session-on-hide', JSON.stringify({ version: 999, commands: [] }));
    expect(readHideCopy(storage)).toBeNull();
  });

  it('wins only when it is newer than the saved record', () => {
    const saved = sessionRecord({ savedAt: 10 });
    const older = sessionRecord({ savedAt: 9 });
    const newer = sessionRecord({ savedAt: 11 });
    expect(newerRecord(saved, null)).toBe(saved);
    expect(newerRecord(null, older)).toBe(older);
    expect(newerRecord(saved, older)).toBe(saved);
    expect(newerRecord(saved, sessionRecord({ savedAt: 10 }))).toBe(saved);
    expect(newerRecord(saved, newer)).toBe(newer);
  });
});
