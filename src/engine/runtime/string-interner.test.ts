import { describe, expect, it } from 'vitest';
import { flatCopy, flatString, Interner, StringInterner } from './string-interner';

describe('StringInterner', () => {
  it('hands out the first instance of equal strings, equal to what was asked', () => {
    const interner = new StringInterner();
    const ns = 'default';
    const first = interner.intern(`Successfully assigned ${ns}/web-1 to node-1`);
    const again = interner.intern(['Successfully assigned ', ns, '/web-1 to node-1'].join(''));
    expect(again).toBe(first);
    expect(first).toBe('Successfully assigned default/web-1 to node-1');
  });

  it('starts over when full, still answering with equal strings', () => {
    const interner = new StringInterner(2);
    for (const s of ['a', 'b', 'c', 'a']) expect(interner.intern(s)).toBe(s);
  });
});

describe('Interner', () => {
  it('creates a value once per key and keeps the first', () => {
    const interner = new Interner<{ n: number }>();
    let made = 0;
    const a = interner.getOrAdd('k', () => ({ n: ++made }));
    expect(interner.getOrAdd('k', () => ({ n: ++made }))).toBe(a);
    expect(made).toBe(1);
    expect(interner.get('other')).toBeUndefined();
  });
});

describe('flat strings', () => {
  it('keep their text, special characters included', () => {
    expect(flatString('containerd://', 'ab', 'cd')).toBe('containerd://abcd');
    const tricky = 'line "one"\n\ttab \\ back \u2028 sep é';
    expect(flatCopy(`${tricky}${tricky}`)).toBe(tricky + tricky);
    expect(flatCopy('short')).toBe('short');
  });
});
