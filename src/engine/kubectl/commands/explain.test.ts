import { describe, expect, it } from 'vitest';
import { wordWrap } from './explain';

describe('wordWrap (go-wordwrap, as kubectl explain wraps descriptions)', () => {
  it('breaks at spaces so that lines stay within the limit', () => {
    expect(wordWrap('aaa bbb ccc ddd', 7)).toBe('aaa bbb\nccc ddd');
    expect(wordWrap('aaa bbb ccc', 11)).toBe('aaa bbb ccc');
  });

  it('keeps a word longer than the limit whole, on a line of its own', () => {
    expect(wordWrap('see https://example.com/a/very/long/url here', 10)).toBe('see\nhttps://example.com/a/very/long/url\nhere');
  });

  it('keeps line breaks', () => {
    expect(wordWrap('one two\nthree', 5)).toBe('one\ntwo\nthree');
    expect(wordWrap('a\n', 76)).toBe('a\n');
  });
});
