import { describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT } from '../layout/pane-layout';
import { sessionRecord } from './fixtures';
import { hasWork, readRecord, RECORD_VERSION, SAVED_ENTRIES, SAVED_ENTRY_CHARS, transcriptToSave } from './record';

const record = sessionRecord;

describe('transcriptToSave', () => {
  it('keeps the newest entries, each cut to its end, without command ids', () => {
    const entries = Array.from({ length: SAVED_ENTRIES + 5 }, (_, i) => ({
      seq: i + 1,
      kind: 'stdout' as const,
      text: i === SAVED_ENTRIES + 4 ? `${'x'.repeat(SAVED_ENTRY_CHARS)}END` : `line ${i}`,
      id: `c${i}`,
    }));
    const saved = transcriptToSave(entries);
    expect(saved).toHaveLength(SAVED_ENTRIES);
    expect(saved[0]).toEqual({ seq: 6, kind: 'stdout', text: 'line 5' });
    expect(saved.at(-1)!.text).toHaveLength(SAVED_ENTRY_CHARS);
    expect(saved.at(-1)!.text.endsWith('END')).toBe(true);
    expect(saved.some((e) => 'id' in e)).toBe(false);
  });
});

describe('readRecord', () => {
  it('reads back what was saved', () => {
    const saved = record({
      commands: [{ line: 'kubectl apply -f -', stdin: 'kind: Pod\n', gapMs: 1500 }],
      tailMs: 300,
      speed: 'max',
      playing: false,
      transcript: [{ seq: 1, kind: 'command', text: 'kubectl get pods' }],
      history: ['kubectl get pods'],
      editor: 'kind: Pod\n',
      tab: 'manifests',
      layout: { ...DEFAULT_LAYOUT, sideCollapsed: true },
    });
    expect(readRecord(structuredClone(saved))).toEqual(saved);
  });

  it('refuses another version or damaged commands, never throwing', () => {
    expect(readRecord(undefined)).toBeNull();
    expect(readRecord('session')).toBeNull();
    expect(readRecord({ ...record(), version: 99 })).toBeNull();
    expect(readRecord({ ...record(), commands: 'kubectl get pods' })).toBeNull();
    expect(readRecord({ ...record(), commands: [{ line: 'kubectl get pods', gapMs: -1 }] })).toBeNull();
    expect(readRecord({ ...record(), commands: [{ line: 'x', gapMs: 0, stdin: 7 }] })).toBeNull();
  });

  it('falls back field by field for the rest', () => {
    const read = readRecord({
      version: RECORD_VERSION,
      commands: [],
      tailMs: -5,
      speed: 3,
      playing: 'yes',
      transcript: [{ kind: 'stdout', text: 'ok' }, { kind: 'shout', text: 'no' }, null],
      history: ['a', 7, 'b'],
      editor: 12,
      tab: 'graph',
      layout: 'wide',
    });
    expect(read).toEqual(record({ savedAt: 0, transcript: [{ seq: 1, kind: 'stdout', text: 'ok' }], history: ['a', 'b'] }));
  });
});

describe('hasWork', () => {
  it('is false for a page where nothing was done, true once anything was', () => {
    expect(hasWork(record({ transcript: [{ seq: 1, kind: 'system', text: 'Welcome' }] }))).toBe(false);
    // time alone is not work: the default cluster is already there
    expect(hasWork(record({ tailMs: 10 }))).toBe(false);
    expect(hasWork(record({ commands: [{ line: 'kubectl get pods', gapMs: 0 }] }))).toBe(true);
    expect(hasWork(record({ editor: '' }))).toBe(true);
    expect(hasWork(record({ history: ['kubectl get pods'] }))).toBe(true);
    expect(hasWork(record({ layout: { ...DEFAULT_LAYOUT, sideCollapsed: true } }))).toBe(true);
    expect(hasWork(record({ speed: 10 }))).toBe(true);
    expect(hasWork(record({ tab: 'events' }))).toBe(true);
  });
});
