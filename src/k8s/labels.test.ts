import { describe, expect, it } from 'vitest';
import {
  everything,
  formatLabels,
  formatLabelSelector,
  InvalidSelectorError,
  type LabelSelector,
  newRequirement,
  nothing,
  type Operator,
  parseSelector,
  requirementMatches,
  requirementToString,
  SelectorParseError,
  selectorFromLabelSelector,
  selectorFromRequirements,
  selectorFromSet,
} from './labels';

const NAME_PART_MSG =
  "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const LABEL_VALUE_MSG =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
const OPERATORS = 'in, notin, =, ==, !=, gt, lt';

describe('parseSelector: accepted syntax and canonical String()', () => {
  it.each([
    ['', ''],
    ['   ', ''],
    ['a=b', 'a=b'],
    ['a==b', 'a==b'],
    ['a!=b', 'a!=b'],
    ['a=', 'a='],
    ['a==', 'a=='],
    ['a!=', 'a!='],
    ['a', 'a'],
    ['!a', '!a'],
    ['a>3', 'a>3'],
    ['a<5', 'a<5'],
    ['x in (a)', 'x in (a)'],
    ['x in (b,a,b)', 'x in (a,b)'],
    ['x notin (z)', 'x notin (z)'],
    ['x in ()', 'x in ()'],
    ['x in (,a)', 'x in (,a)'],
    ['x in (a,)', 'x in (,a)'],
    ['x in (a,,b)', 'x in (,a,b)'],
    ['z=1,a=2', 'a=2,z=1'],
    ['a=b,c!=d,e in (x,y),f notin (z),g,!h,i>3,j<5', 'a=b,c!=d,e in (x,y),f notin (z),g,!h,i>3,j<5'],
    [' x  in ( b , a ) ,  y ', 'x in (a,b),y'],
    ['a=b\t,\nc\r', 'a=b,c'],
    ['in', 'in'],
    ['!in', '!in'],
    ['a=in', 'a=in'],
    ['in in (in,notin)', 'in in (in,notin)'],
    ['notin notin (a)', 'notin notin (a)'],
    ['app.kubernetes.io/name=web', 'app.kubernetes.io/name=web'],
    ['a in(b)', 'a in (b)'],
  ])('%j → %j', (input, want) => {
    expect(parseSelector(input).toString()).toBe(want);
  });

  it('exposes structured, key-sorted requirements', () => {
    expect(parseSelector('z in (b,a),!y,x,w>1').requirements).toEqual([
      { key: 'w', operator: 'Gt', values: ['1'] },
      { key: 'x', operator: 'Exists', values: [] },
      { key: 'y', operator: 'DoesNotExist', values: [] },
      { key: 'z', operator: 'In', values: ['a', 'b'] },
    ]);
  });

  it.each([
    ['', true],
    ['a', false],
  ])('empty() of %j is %s', (input, want) => {
    expect(parseSelector(input).empty()).toBe(want);
  });
});

describe('parseSelector: errors match apimachinery', () => {
  it.each([
    ['a b', `unable to parse requirement: found 'b', expected: ${OPERATORS}`],
    ['a!b', `unable to parse requirement: found '!', expected: ${OPERATORS}`],
    ['!', "unable to parse requirement: found '', expected: identifier"],
    ['!=a', "found '!=', expected: !, identifier, or 'end of string'"],
    ['a,', "found '', expected: identifier after ','"],
    ['a=b,,c', "found ',', expected: identifier after ','"],
    [',a', "found ',', expected: !, identifier, or 'end of string'"],
    ['=a', "found '=', expected: !, identifier, or 'end of string'"],
    ['(a)', "found '(', expected: !, identifier, or 'end of string'"],
    ['a=b c', "found 'c', expected: ',' or 'end of string'"],
    ['!a=b', "found '=', expected: ',' or 'end of string'"],
    ['a=(b)', "unable to parse requirement: found '(', expected: identifier"],
    ['a===b', "unable to parse requirement: found '=', expected: identifier"],
    ['x in a', "unable to parse requirement: found 'a' expected: '('"],
    ['x in', "unable to parse requirement: found '' expected: '('"],
    ['x in (a', "unable to parse requirement: found '', expected: ',' or ')'"],
    ['x in (a b)', "unable to parse requirement: found 'b', expected: ',' or ')'"],
    ['x in (=)', "unable to parse requirement: found '=', expected: ',', ')' or identifier"],
    ['x in (a,=)', "unable to parse requirement: found '=', expected: ',', or identifier"],
    ['Foo$', `unable to parse requirement: <nil>: Invalid value: "Foo$": ${NAME_PART_MSG}`],
    [
      'a/b/c=d',
      'unable to parse requirement: <nil>: Invalid value: "a/b/c": a valid label key ' +
        "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character " +
        "(e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') " +
        "with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
    ],
    ['a=-b', `unable to parse requirement: values[0][a]: Invalid value: "-b": ${LABEL_VALUE_MSG}`],
    ['a in (ok,-b)', `unable to parse requirement: values[0][a]: Invalid value: "-b": ${LABEL_VALUE_MSG}`],
    ['a in (ok,z-)', `unable to parse requirement: values[1][a]: Invalid value: "z-": ${LABEL_VALUE_MSG}`],
    [
      'a=' + 'v'.repeat(64),
      'unable to parse requirement: values[0][a]: Invalid value: "' + 'v'.repeat(64) + '": must be no more than 63 bytes',
    ],
    // Negative bounds are impossible in the string syntax: the value must also be a valid label value.
    ['a<-5', `unable to parse requirement: values[0][a]: Invalid value: "-5": ${LABEL_VALUE_MSG}`],
    ['a>b', `unable to parse requirement: values[0]: Invalid value: "b": for 'Gt', 'Lt' operators, the value must be an integer`],
    ['a>', `unable to parse requirement: values[0]: Invalid value: "": for 'Gt', 'Lt' operators, the value must be an integer`],
    [
      'a<99999999999999999999',
      `unable to parse requirement: values[0]: Invalid value: "99999999999999999999": for 'Gt', 'Lt' operators, the value must be an integer`,
    ],
    [
      'a>-b',
      `unable to parse requirement: [values[0]: Invalid value: "-b": for 'Gt', 'Lt' operators, the value must be an integer, values[0][a]: Invalid value: "-b": ${LABEL_VALUE_MSG}]`,
    ],
  ])('%j → %j', (input, message) => {
    let caught: unknown;
    try {
      parseSelector(input);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(SelectorParseError);
    expect(caught).toBeInstanceOf(Error);
    expect((caught as Error).message).toBe(message);
  });
});

describe('matching', () => {
  it.each([
    ['', {}, true],
    ['', undefined, true],
    ['a=b', { a: 'b' }, true],
    ['a=b', { a: 'c' }, false],
    ['a=b', {}, false],
    ['a==b', { a: 'b', x: 'y' }, true],
    ['a!=b', { a: 'b' }, false],
    ['a!=b', { a: 'c' }, true],
    ['a!=b', {}, true],
    ['a in (x,y)', { a: 'y' }, true],
    ['a in (x,y)', { a: 'z' }, false],
    ['a in (x,y)', {}, false],
    ['a notin (x,y)', { a: 'x' }, false],
    ['a notin (x,y)', { a: 'z' }, true],
    ['a notin (x,y)', {}, true],
    ['a in ()', { a: '' }, true],
    ['a in ()', { a: 'x' }, false],
    ['a', { a: '' }, true],
    ['a', { b: 'x' }, false],
    ['!a', { b: 'x' }, true],
    ['!a', { a: 'x' }, false],
    ['a=', { a: '' }, true],
    ['a=', {}, false],
    ['i>3', { i: '4' }, true],
    ['i>3', { i: '3' }, false],
    ['i>3', { i: 'x' }, false],
    ['i>3', {}, false],
    ['i<5', { i: '-10' }, true],
    ['i<5', { i: '+4' }, true],
    ['i>9007199254740992', { i: '9007199254740993' }, true],
    ['i<0', { i: '9223372036854775808' }, false],
    ['a=b,c', { a: 'b', c: '' }, true],
    ['a=b,c', { a: 'b' }, false],
    ['toString', {}, false],
    ['!constructor', {}, true],
  ])('%j matches %j → %s', (sel, labels, want) => {
    expect(parseSelector(sel).matches(labels)).toBe(want);
  });

  it('everything and nothing', () => {
    expect(everything.matches({ a: 'b' })).toBe(true);
    expect(everything.matches(undefined)).toBe(true);
    expect(everything.empty()).toBe(true);
    expect(everything.toString()).toBe('');
    expect(nothing.matches({})).toBe(false);
    expect(nothing.matches(undefined)).toBe(false);
    expect(nothing.empty()).toBe(false);
    expect(nothing.toString()).toBe('');
    expect(nothing.requirements).toEqual([]);
  });

  it.each<[Operator, string[], Record<string, string>, boolean]>([
    ['Gt', ['1', '2'], { a: '5' }, false],
    ['Gt', ['x'], { a: '5' }, false],
    ['Lt', ['10'], { a: '5' }, true],
  ])('requirementMatches(%s %j) on %j → %s (tolerates unvalidated requirements)', (operator, values, labels, want) => {
    expect(requirementMatches({ key: 'a', operator, values }, labels)).toBe(want);
  });
});

describe('requirementToString', () => {
  it.each<[Operator, string[], string]>([
    ['In', ['b', 'a'], 'k in (a,b)'],
    ['NotIn', ['x'], 'k notin (x)'],
    ['=', ['v'], 'k=v'],
    ['==', ['v'], 'k==v'],
    ['!=', ['v'], 'k!=v'],
    ['Gt', ['1'], 'k>1'],
    ['Lt', ['1'], 'k<1'],
    ['Exists', [], 'k'],
    ['DoesNotExist', [], '!k'],
  ])('%s %j → %j', (operator, values, want) => {
    expect(requirementToString({ key: 'k', operator, values })).toBe(want);
  });

  it('does not mutate the requirement values when sorting for output', () => {
    const r = { key: 'k', operator: 'In' as const, values: ['b', 'a'] };
    requirementToString(r);
    expect(r.values).toEqual(['b', 'a']);
  });
});

describe('newRequirement', () => {
  it.each<[string, Operator, string[], string]>([
    ['a', '=', ['x', 'y'], 'values: Invalid value: ["x","y"]: exact-match compatibility requires one single value'],
    ['a', '!=', [], 'values: Invalid value: []: exact-match compatibility requires one single value'],
    ['a', 'In', [], "values: Invalid value: []: for 'in', 'notin' operators, values set can't be empty"],
    ['a', 'Exists', ['x'], 'values: Invalid value: ["x"]: values set must be empty for exists and does not exist'],
    ['a', 'Gt', ['1', '2'], `values: Invalid value: ["1","2"]: for 'Gt', 'Lt' operators, exactly one value is required`],
    [
      'a',
      'Lt',
      ['x', 'y'],
      `[values: Invalid value: ["x","y"]: for 'Gt', 'Lt' operators, exactly one value is required, ` +
        `values[0]: Invalid value: "x": for 'Gt', 'Lt' operators, the value must be an integer, ` +
        `values[1]: Invalid value: "y": for 'Gt', 'Lt' operators, the value must be an integer]`,
    ],
    [
      'a',
      '=',
      ['<', '>'],
      `[values: Invalid value: ["\\u003c","\\u003e"]: exact-match compatibility requires one single value, ` +
        `values[0][a]: Invalid value: "<": ${LABEL_VALUE_MSG}, values[1][a]: Invalid value: ">": ${LABEL_VALUE_MSG}]`,
    ],
    ['a\tb', 'Exists', [], `key: Invalid value: "a\\tb": ${NAME_PART_MSG}`],
    ['é', 'Exists', [], `key: Invalid value: "é": ${NAME_PART_MSG}`],
    ['a\u00a0b', 'Exists', [], `key: Invalid value: "a\\u00a0b": ${NAME_PART_MSG}`],
    ['a"b', 'Exists', [], `key: Invalid value: "a\\"b": ${NAME_PART_MSG}`],
    [
      'a',
      'Bogus' as Operator,
      [],
      'operator: Unsupported value: "Bogus": supported values: "in", "notin", "=", "==", "!=", "gt", "lt", "exists", "!"',
    ],
  ])('newRequirement(%j, %j, %j) throws %j', (key, op, values, message) => {
    expect(() => newRequirement(key, op, values)).toThrow(InvalidSelectorError);
    expect(() => newRequirement(key, op, values)).toThrow(message);
    try {
      newRequirement(key, op, values);
    } catch (e) {
      expect((e as Error).message).toBe(message);
    }
  });

  it('returns a copy of the values', () => {
    const values = ['a'];
    const r = newRequirement('k', 'In', values);
    values.push('b');
    expect(r).toEqual({ key: 'k', operator: 'In', values: ['a'] });
  });

  it('builds selectors from requirements, sorted by key', () => {
    const s = selectorFromRequirements([newRequirement('b', 'Exists', []), newRequirement('a', '=', ['1'])]);
    expect(s.toString()).toBe('a=1,b');
    expect(s.matches({ a: '1', b: '' })).toBe(true);
  });
});

describe('selectorFromSet', () => {
  it.each([
    [undefined, '', true],
    [null, '', true],
    [{}, '', true],
    [{ b: '2', a: '1' }, 'a=1,b=2', false],
    [{ 'not valid!': '?' }, 'not valid!=?', false],
  ])('%j → %j (empty=%s)', (set, want, empty) => {
    const s = selectorFromSet(set);
    expect(s.toString()).toBe(want);
    expect(s.empty()).toBe(empty);
  });

  it.each([
    [{ a: '1' }, { a: '1', b: '2' }, true],
    [{ a: '1' }, { a: '2' }, false],
    [{ a: '1' }, {}, false],
    [{}, {}, true],
  ])('%j matches %j → %s', (set, labels, want) => {
    expect(selectorFromSet(set).matches(labels)).toBe(want);
  });
});

describe('selectorFromLabelSelector', () => {
  it.each<[LabelSelector | null | undefined, string, Record<string, string>, boolean]>([
    [null, '', {}, false],
    [undefined, '', { a: 'b' }, false],
    [{}, '', {}, true],
    [{ matchLabels: {}, matchExpressions: [] }, '', { x: 'y' }, true],
    [{ matchLabels: null, matchExpressions: null }, '', { x: 'y' }, true],
    [{ matchLabels: { app: 'nginx' } }, 'app=nginx', { app: 'nginx' }, true],
    [{ matchLabels: { app: 'nginx' } }, 'app=nginx', { app: 'other' }, false],
    [
      { matchLabels: { b: '1', a: '2' }, matchExpressions: [{ key: 'tier', operator: 'In', values: ['b', 'a'] }] },
      'a=2,b=1,tier in (a,b)',
      { a: '2', b: '1', tier: 'a' },
      true,
    ],
    [{ matchExpressions: [{ key: 'env', operator: 'NotIn', values: ['prod'] }] }, 'env notin (prod)', {}, true],
    [{ matchExpressions: [{ key: 'env', operator: 'Exists' }] }, 'env', { env: '' }, true],
    [{ matchExpressions: [{ key: 'env', operator: 'DoesNotExist', values: [] }] }, '!env', { env: 'x' }, false],
  ])('%j → %j, matches %j = %s', (ls, str, labels, want) => {
    const s = selectorFromLabelSelector(ls);
    expect(s.toString()).toBe(str);
    expect(s.matches(labels)).toBe(want);
  });

  it('nil means nothing and {} means everything', () => {
    expect(selectorFromLabelSelector(null)).toBe(nothing);
    expect(selectorFromLabelSelector({})).toBe(everything);
  });

  it.each<[LabelSelector, string]>([
    [{ matchExpressions: [{ key: 'a', operator: 'Gt', values: ['1'] }] }, '"Gt" is not a valid label selector operator'],
    [{ matchExpressions: [{ key: 'a', operator: 'in', values: ['1'] }] }, '"in" is not a valid label selector operator'],
    [
      { matchExpressions: [{ key: 'a', operator: 'In', values: [] }] },
      "values: Invalid value: null: for 'in', 'notin' operators, values set can't be empty",
    ],
    [
      { matchExpressions: [{ key: 'a', operator: 'In' }] },
      "values: Invalid value: null: for 'in', 'notin' operators, values set can't be empty",
    ],
    [
      { matchExpressions: [{ key: 'a', operator: 'Exists', values: ['x'] }] },
      'values: Invalid value: ["x"]: values set must be empty for exists and does not exist',
    ],
    [{ matchLabels: { 'bad key': 'v' } }, `key: Invalid value: "bad key": ${NAME_PART_MSG}`],
    [{ matchLabels: { app: '-x' } }, `values[0][app]: Invalid value: "-x": ${LABEL_VALUE_MSG}`],
    [
      { matchExpressions: [{ key: '-k', operator: 'DoesNotExist', values: ['v'] }] },
      `[key: Invalid value: "-k": ${NAME_PART_MSG}, values: Invalid value: ["v"]: values set must be empty for exists and does not exist]`,
    ],
  ])('%j throws %j', (ls, message) => {
    expect(() => selectorFromLabelSelector(ls)).toThrow(InvalidSelectorError);
    try {
      selectorFromLabelSelector(ls);
    } catch (e) {
      expect((e as Error).message).toBe(message);
    }
  });
});

describe('formatLabels', () => {
  it.each([
    [undefined, '<none>'],
    [null, '<none>'],
    [{}, '<none>'],
    [{ app: 'web' }, 'app=web'],
    [{ b: '2', a: '1', 'app.kubernetes.io/name': 'x' }, 'a=1,app.kubernetes.io/name=x,b=2'],
    [{ empty: '' }, 'empty='],
  ])('%j → %j', (labels, want) => {
    expect(formatLabels(labels)).toBe(want);
  });
});

describe('formatLabelSelector', () => {
  it.each<[LabelSelector | null | undefined, string]>([
    [null, '<none>'],
    [undefined, '<none>'],
    [{}, '<none>'],
    [{ matchLabels: { app: 'nginx' } }, 'app=nginx'],
    [{ matchLabels: { app: 'nginx', tier: 'fe' } }, 'app=nginx,tier=fe'],
    [{ matchExpressions: [{ key: 'tier', operator: 'In', values: ['b', 'a'] }] }, 'tier in (a,b)'],
    [{ matchExpressions: [{ key: 'x', operator: 'DoesNotExist' }] }, '!x'],
    [{ matchExpressions: [{ key: 'x', operator: 'Bogus' }] }, '<error>'],
    [{ matchLabels: { app: 'bad value!' } }, '<error>'],
  ])('%j → %j', (ls, want) => {
    expect(formatLabelSelector(ls)).toBe(want);
  });
});
