import { describe, expect, it } from 'vitest';
import { MAX_ENTRIES, appendEntry, emptyTranscript, pushHistory } from './console';

describe('console transcript', () => {
  it('merges output of one command and stream, not across commands or streams', () => {
    let t = appendEntry(emptyTranscript, 'command', 'kubectl get pods', 'c1');
    t = appendEntry(t, 'stdout', 'a', 'c1');
    t = appendEntry(t, 'stdout', 'b\n', 'c1');
    t = appendEntry(t, 'stderr', 'oops\n', 'c1');
    t = appendEntry(t, 'stdout', 'c\n', 'c2');
    expect(t.entries.map((e) => [e.kind, e.text])).toEqual([
      ['command', 'kubectl get pods'],
      ['stdout', 'ab\n'],
      ['stderr', 'oops\n'],
      ['stdout', 'c\n'],
    ]);
    expect(new Set(t.entries.map((e) => e.seq)).size).toBe(4);
  });

  it('keeps the newest entries', () => {
    let t = emptyTranscript;
    for (let i = 0; i < MAX_ENTRIES + 10; i++) t = appendEntry(t, 'command', `echo ${i}`, `c${i}`);
    expect(t.entries).toHaveLength(MAX_ENTRIES);
    expect(t.entries.at(-1)!.text).toBe(`echo ${MAX_ENTRIES + 9}`);
  });

  it('history skips blanks and repeats', () => {
    let h: string[] = [];
    for (const line of ['kubectl get nodes', '  ', 'kubectl get nodes', 'kubectl get pods ']) h = pushHistory(h, line);
    expect(h).toEqual(['kubectl get nodes', 'kubectl get pods']);
  });
});
