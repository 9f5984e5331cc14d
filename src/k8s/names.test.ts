import { describe, expect, it } from 'vitest';
import {
  GENERATE_NAME_ALPHABET,
  generateNameFor,
  isDNS1035Label,
  isDNS1123Label,
  isDNS1123Subdomain,
  isQualifiedName,
  isValidLabelValue,
  isValidPathSegmentName,
  isValidPathSegmentPrefix,
  maxLenError,
  nameIsDNS1035Label,
  nameIsDNSLabel,
  nameIsDNSSubdomain,
  regexError,
  utf8Length,
  validatePathSegmentName,
} from './names';

// Literal upstream texts, spelled out so a typo in the implementation cannot hide.
const SUBDOMAIN_MSG =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const LABEL_MSG =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const DNS1035_MSG =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";
const NAME_PART_MSG =
  "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const TOO_MANY_SLASHES_MSG =
  "a valid label key must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')";
const LABEL_VALUE_MSG =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

describe('helpers', () => {
  it.each([
    [63, 'must be no more than 63 bytes'],
    [253, 'must be no more than 253 bytes'],
  ])('maxLenError(%i)', (n, want) => {
    expect(maxLenError(n)).toBe(want);
  });

  it.each([
    [['m', 'r'], "m (regex used for validation is 'r')"],
    [['m', 'r', 'a'], "m (e.g. 'a', regex used for validation is 'r')"],
    [['m', 'r', 'a', 'b'], "m (e.g. 'a',  or 'b', regex used for validation is 'r')"],
  ])('regexError(%j)', (args, want) => {
    const [msg, re, ...examples] = args;
    expect(regexError(msg, re, ...examples)).toBe(want);
  });

  it.each([
    ['', 0],
    ['abc', 3],
    ['é', 2],
    ['€', 3],
    ['😀', 4],
    ['\ud800', 3],
  ])('utf8Length(%j) = %i', (s, n) => {
    expect(utf8Length(s)).toBe(n);
  });
});

describe('isDNS1123Subdomain', () => {
  it.each(['a', 'a1', 'a-1', '1-a', 'a.b', 'a--b.c-d', '0.1', 'example.com', 'a'.repeat(253)])('accepts %j', (v) => {
    expect(isDNS1123Subdomain(v)).toEqual([]);
  });

  it.each([
    ['', [SUBDOMAIN_MSG]],
    ['A', [SUBDOMAIN_MSG]],
    ['-a', [SUBDOMAIN_MSG]],
    ['a-', [SUBDOMAIN_MSG]],
    ['a..b', [SUBDOMAIN_MSG]],
    ['.a', [SUBDOMAIN_MSG]],
    ['a_b', [SUBDOMAIN_MSG]],
    ['a b', [SUBDOMAIN_MSG]],
    ['a'.repeat(254), ['must be no more than 253 bytes']],
    ['A'.repeat(254), ['must be no more than 253 bytes', SUBDOMAIN_MSG]],
  ])('rejects %j', (v, want) => {
    expect(isDNS1123Subdomain(v)).toEqual(want);
  });
});

describe('isDNS1123Label', () => {
  it.each(['a', '0', 'a-1', '1--a--b--2', 'a'.repeat(63)])('accepts %j', (v) => {
    expect(isDNS1123Label(v)).toEqual([]);
  });

  it.each([
    ['', [LABEL_MSG]],
    ['A', [LABEL_MSG]],
    ['a-', [LABEL_MSG]],
    ['a_b', [LABEL_MSG]],
    ['a.b', ['must not contain dots']],
    ['a'.repeat(64), ['must be no more than 63 bytes']],
    ['a.'.repeat(40) + 'a', ['must be no more than 63 bytes', 'must not contain dots']],
  ])('rejects %j', (v, want) => {
    expect(isDNS1123Label(v)).toEqual(want);
  });
});

describe('isDNS1035Label', () => {
  it.each(['a', 'ab', 'a-1', 'a--1--2--b', 'a'.repeat(63)])('accepts %j', (v) => {
    expect(isDNS1035Label(v)).toEqual([]);
  });

  it.each([
    ['0', [DNS1035_MSG]],
    ['1a', [DNS1035_MSG]],
    ['', [DNS1035_MSG]],
    ['a.b', [DNS1035_MSG]],
    ['A', [DNS1035_MSG]],
    ['a'.repeat(64), ['must be no more than 63 bytes']],
  ])('rejects %j', (v, want) => {
    expect(isDNS1035Label(v)).toEqual(want);
  });
});

describe('isQualifiedName', () => {
  it.each([
    'simple',
    'now-with-dashes',
    '1-starts-with-num',
    'simple/simple',
    'now.with.dots/simple',
    '1.2.3.4/5678',
    'Uppercase_Is_OK_123',
    'example.com/Uppercase_Is_OK_123',
    'app.kubernetes.io/name',
    'a'.repeat(63),
    'a'.repeat(253) + '/' + 'b'.repeat(63),
  ])('accepts %j', (v) => {
    expect(isQualifiedName(v)).toEqual([]);
  });

  it.each([
    ['', ['name part must be non-empty', NAME_PART_MSG]],
    ['nospecialchars%^=@', [NAME_PART_MSG]],
    ['cantendwithadash-', [NAME_PART_MSG]],
    ['-cantstartwithadash', [NAME_PART_MSG]],
    ['only/one/slash', [TOO_MANY_SLASHES_MSG]],
    ['Example.com/abc', [`prefix part ${SUBDOMAIN_MSG}`]],
    ['/simple', ['prefix part must be non-empty']],
    ['example.com/', ['name part must be non-empty', NAME_PART_MSG]],
    ['a'.repeat(64), ['name part must be no more than 63 bytes']],
    ['a'.repeat(254) + '/abc', ['prefix part must be no more than 253 bytes']],
    ['/', ['prefix part must be non-empty', 'name part must be non-empty', NAME_PART_MSG]],
  ])('rejects %j', (v, want) => {
    expect(isQualifiedName(v)).toEqual(want);
  });
});

describe('isValidLabelValue', () => {
  it.each(['', 'simple', 'now-with-dashes', '1234', 'end-with-num-1', 'Mixed.Case_ok', 'a'.repeat(63)])('accepts %j', (v) => {
    expect(isValidLabelValue(v)).toEqual([]);
  });

  it.each([
    ['nospecialchars%^=@', [LABEL_VALUE_MSG]],
    ['Tama-nui-te-rā.is.Māori.sun', [LABEL_VALUE_MSG]],
    ['-starts-with-dash', [LABEL_VALUE_MSG]],
    ['ends-with-dash-', [LABEL_VALUE_MSG]],
    ['.starts.with.dot', [LABEL_VALUE_MSG]],
    ['a'.repeat(64), ['must be no more than 63 bytes']],
    // 32 two-byte characters = 64 bytes: length is counted in bytes, like Go.
    ['é'.repeat(32), ['must be no more than 63 bytes', LABEL_VALUE_MSG]],
  ])('rejects %j', (v, want) => {
    expect(isValidLabelValue(v)).toEqual(want);
  });
});

describe('path segment names', () => {
  it.each([
    ['foo', false, []],
    ['', false, []],
    ['.', false, ["may not be '.'"]],
    ['..', false, ["may not be '..'"]],
    ['...', false, []],
    ['a/b', false, ["may not contain '/'"]],
    ['a%b', false, ["may not contain '%'"]],
    ['a/%', false, ["may not contain '/'", "may not contain '%'"]],
    ['.', true, []],
    ['..', true, []],
    ['a/b', true, ["may not contain '/'"]],
    ['x%', true, ["may not contain '%'"]],
  ])('validatePathSegmentName(%j, prefix=%s)', (name, prefix, want) => {
    expect(validatePathSegmentName(name, prefix)).toEqual(want);
  });

  it.each([
    ['.', ["may not be '.'"]],
    ['a/b', ["may not contain '/'"]],
  ])('isValidPathSegmentName(%j)', (name, want) => {
    expect(isValidPathSegmentName(name)).toEqual(want);
  });

  it.each([
    ['..', []],
    ['%', ["may not contain '%'"]],
  ])('isValidPathSegmentPrefix(%j)', (name, want) => {
    expect(isValidPathSegmentPrefix(name)).toEqual(want);
  });
});

describe('name validators with generateName prefixes', () => {
  it.each([
    ['web', false, []],
    ['web-', true, []],
    ['web-', false, [SUBDOMAIN_MSG]],
    ['-', true, [SUBDOMAIN_MSG]],
    ['Web-', true, [SUBDOMAIN_MSG]],
  ])('nameIsDNSSubdomain(%j, %s)', (name, prefix, want) => {
    expect(nameIsDNSSubdomain(name, prefix)).toEqual(want);
  });

  it.each([
    ['svc-', true, []],
    ['a.b-', true, ['must not contain dots']],
    ['svc-', false, [LABEL_MSG]],
  ])('nameIsDNSLabel(%j, %s)', (name, prefix, want) => {
    expect(nameIsDNSLabel(name, prefix)).toEqual(want);
  });

  it.each([
    ['svc-', true, []],
    ['1svc-', true, [DNS1035_MSG]],
  ])('nameIsDNS1035Label(%j, %s)', (name, prefix, want) => {
    expect(nameIsDNS1035Label(name, prefix)).toEqual(want);
  });
});

describe('generateNameFor', () => {
  const fixed = (alphabet: string, n: number) => alphabet.slice(0, n);

  it('uses the 27-character vowel-free alphabet', () => {
    expect(GENERATE_NAME_ALPHABET).toBe('bcdfghjklmnpqrstvwxz2456789');
    expect(GENERATE_NAME_ALPHABET).toHaveLength(27);
  });

  it.each([
    ['web-', 'web-bcdfg'],
    ['', 'bcdfg'],
    ['x'.repeat(58), 'x'.repeat(58) + 'bcdfg'],
    ['x'.repeat(59), 'x'.repeat(58) + 'bcdfg'],
    ['y'.repeat(100), 'y'.repeat(58) + 'bcdfg'],
  ])('generateNameFor(%j)', (base, want) => {
    const name = generateNameFor(base, fixed);
    expect(name).toBe(want);
    expect(name.length).toBeLessThanOrEqual(63);
  });

  it('asks the random source for exactly 5 characters of the alphabet', () => {
    const calls: Array<[string, number]> = [];
    generateNameFor('p-', (alphabet, n) => {
      calls.push([alphabet, n]);
      return 'zzzzz';
    });
    expect(calls).toEqual([[GENERATE_NAME_ALPHABET, 5]]);
  });
});

describe('long inputs', () => {
  it('handles very long near-miss inputs quickly', () => {
    const long = 'a'.repeat(200_000) + '-';
    const start = performance.now();
    expect(isDNS1123Label(long)).toHaveLength(2);
    expect(isDNS1123Subdomain(long)).toHaveLength(2);
    expect(isDNS1035Label(long)).toHaveLength(2);
    expect(isValidLabelValue(long)).toHaveLength(2);
    expect(isQualifiedName(long)).toHaveLength(2);
    expect(performance.now() - start).toBeLessThan(500);
  });
});
