import { describe, expect, it } from 'vitest';
import { base64Error, decodeBase64, encodeBase64 } from './base64';

describe('base64 as Go StdEncoding reads it', () => {
  it.each([
    ['', ''],
    ['Zg==', 'f'],
    ['Zm8=', 'fo'],
    ['Zm9v', 'foo'],
    ['Zm9v\nYmFy', 'foobar'],
  ])('%j decodes to %j', (src, text) => expect(decodeBase64(src)).toBe(text));

  it.each([
    ['abc', 'illegal base64 data at input byte 0'],
    ['ab!d', 'illegal base64 data at input byte 2'],
    ['a===', 'illegal base64 data at input byte 1'],
    ['ab=', 'illegal base64 data at input byte 3'],
    ['Zm9v!', 'illegal base64 data at input byte 4'],
    ['Zg==x', 'illegal base64 data at input byte 4'],
    ['not base64', 'illegal base64 data at input byte 3'],
  ])('%j is refused: %s', (src, message) => expect(base64Error(src)).toBe(message));

  it('round-trips UTF-8', () => {
    expect(decodeBase64(encodeBase64('señor ✓'))).toBe('señor ✓');
    expect(encodeBase64('admin')).toBe('YWRtaW4=');
  });
});
