import { describe, expect, it } from 'vitest';
import {
  escapeFieldValue,
  everythingFields,
  fieldSelectorFromSet,
  FieldSelectorParseError,
  parseFieldSelector,
  unescapeFieldValue,
} from './fields';

const pod: Record<string, string> = {
  'metadata.name': 'web-1',
  'metadata.namespace': 'default',
  'spec.nodeName': 'node-a',
  'status.phase': 'Running',
};
const getPodField = (f: string) => pod[f];

describe('parseFieldSelector', () => {
  it.each([
    ['', [], ''],
    [',', [], ''],
    ['status.phase=Running', [{ field: 'status.phase', op: '=', value: 'Running' }], 'status.phase=Running'],
    ['status.phase==Running', [{ field: 'status.phase', op: '=', value: 'Running' }], 'status.phase=Running'],
    ['status.phase!=Running', [{ field: 'status.phase', op: '!=', value: 'Running' }], 'status.phase!=Running'],
    ['a=', [{ field: 'a', op: '=', value: '' }], 'a='],
    ['=b', [{ field: '', op: '=', value: 'b' }], '=b'],
    // Terms are sorted as raw strings.
    [
      'spec.nodeName=n1,metadata.name!=x',
      [
        { field: 'metadata.name', op: '!=', value: 'x' },
        { field: 'spec.nodeName', op: '=', value: 'n1' },
      ],
      'metadata.name!=x,spec.nodeName=n1',
    ],
    [
      'a=1,,b=2',
      [
        { field: 'a', op: '=', value: '1' },
        { field: 'b', op: '=', value: '2' },
      ],
      'a=1,b=2',
    ],
    // No trimming: the space belongs to the field name / value.
    [' a = b', [{ field: ' a ', op: '=', value: ' b' }], ' a = b'],
    // Escapes in values.
    ['a=x\\,y', [{ field: 'a', op: '=', value: 'x,y' }], 'a=x\\,y'],
    ['a=x\\=y\\\\z', [{ field: 'a', op: '=', value: 'x=y\\z' }], 'a=x\\=y\\\\z'],
    // The first operator found splits the term; `!` alone is not an operator.
    ['a!b!=c', [{ field: 'a!b', op: '!=', value: 'c' }], 'a!b!=c'],
  ])('%j', (input, requirements, str) => {
    const s = parseFieldSelector(input);
    expect(s.requirements).toEqual(requirements);
    expect(s.toString()).toBe(str);
    expect(s.empty()).toBe(requirements.length === 0);
  });

  it.each([
    ['a', "invalid selector: 'a'; can't understand 'a'"],
    ['a!b', "invalid selector: 'a!b'; can't understand 'a!b'"],
    ['x=1,status.phase', "invalid selector: 'x=1,status.phase'; can't understand 'status.phase'"],
    ['a=b=c', 'invalid field selector: unescaped character in value: 61'],
    ['a=b\\x', 'invalid field selector: invalid escape sequence: \\x'],
    ['a=b\\', 'invalid field selector: invalid escape sequence: \\'],
    ['a===b', 'invalid field selector: unescaped character in value: 61'],
  ])('%j throws %j', (input, message) => {
    expect(() => parseFieldSelector(input)).toThrow(FieldSelectorParseError);
    expect(() => parseFieldSelector(input)).toThrow(message);
  });
});

describe('matching', () => {
  it.each([
    ['', true],
    ['status.phase=Running', true],
    ['status.phase==Running', true],
    ['status.phase=Pending', false],
    ['status.phase!=Pending', true],
    ['status.phase!=Running', false],
    ['spec.nodeName=node-a,status.phase=Running', true],
    ['spec.nodeName=node-a,status.phase!=Running', false],
    // A missing field reads as the empty string.
    ['spec.unknown=', true],
    ['spec.unknown!=', false],
    ['spec.unknown!=x', true],
  ])('%j on a running pod → %s', (input, want) => {
    expect(parseFieldSelector(input).matches(getPodField)).toBe(want);
  });

  it('everythingFields matches anything', () => {
    expect(everythingFields.matches(() => undefined)).toBe(true);
    expect(everythingFields.empty()).toBe(true);
    expect(everythingFields.toString()).toBe('');
  });
});

describe('requiresExactMatch', () => {
  it.each([
    ['spec.nodeName=n1', 'spec.nodeName', 'n1'],
    ['spec.nodeName==n1,status.phase=Running', 'spec.nodeName', 'n1'],
    ['spec.nodeName!=n1', 'spec.nodeName', undefined],
    ['status.phase=Running', 'spec.nodeName', undefined],
  ])('%j, %j → %j', (input, field, want) => {
    expect(parseFieldSelector(input).requiresExactMatch(field)).toBe(want);
  });
});

describe('fieldSelectorFromSet', () => {
  it.each([
    [undefined, '', true],
    [null, '', true],
    [{ 'metadata.name': 'a,b' }, 'metadata.name=a\\,b', false],
    [{ 'metadata.name': 'web-1', 'status.phase': 'Running' }, 'metadata.name=web-1,status.phase=Running', true],
    [{ 'metadata.name': 'other' }, 'metadata.name=other', false],
  ])('%j → %j, matches running pod: %s', (set, str, matches) => {
    const s = fieldSelectorFromSet(set);
    expect(s.toString()).toBe(str);
    expect(s.matches(getPodField)).toBe(matches);
  });
});

describe('escaping', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', 'a\\,b'],
    ['a=b', 'a\\=b'],
    ['a\\b', 'a\\\\b'],
    ['', ''],
  ])('escapeFieldValue(%j) = %j and round-trips', (raw, escaped) => {
    expect(escapeFieldValue(raw)).toBe(escaped);
    expect(unescapeFieldValue(escaped)).toBe(raw);
  });

  it.each([
    ['a,b', 'invalid field selector: unescaped character in value: 44'],
    ['\\n', 'invalid field selector: invalid escape sequence: \\n'],
    ['\\😀', 'invalid field selector: invalid escape sequence: \\😀'],
  ])('unescapeFieldValue(%j) throws %j', (input, message) => {
    expect(() => unescapeFieldValue(input)).toThrow(message);
  });
});
