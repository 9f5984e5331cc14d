/**
 * Label selectors, behaving like k8s.io/apimachinery/pkg/labels (string
 * parser, requirements, matching, String()) and the metav1 helpers
 * LabelSelectorAsSelector / FormatLabelSelector.
 *
 * Error messages are reproduced verbatim because kubectl prints them as is,
 * e.g. `unable to parse requirement: found '', expected: identifier`.
 */
import { isQualifiedName, isValidLabelValue } from './names';

export type Operator = 'In' | 'NotIn' | 'Exists' | 'DoesNotExist' | 'Gt' | 'Lt' | '=' | '==' | '!=';

export interface Requirement {
  key: string;
  operator: Operator;
  values: string[];
}

export interface Selector {
  /** All requirements, ANDed, sorted by key. Empty for `everything` and `nothing`. */
  requirements: Requirement[];
  matches(labels: Record<string, string> | undefined): boolean;
  /** True when the selector does not restrict anything (`everything`); false for `nothing`. */
  empty(): boolean;
  toString(): string;
}

/** metav1.LabelSelector as it appears in object specs. */
export interface LabelSelector {
  matchLabels?: Record<string, string> | null;
  matchExpressions?: LabelSelectorRequirement[] | null;
}

export interface LabelSelectorRequirement {
  key: string;
  operator: string;
  values?: string[] | null;
}

/** Thrown by parseSelector; message matches labels.Parse errors. */
export class SelectorParseError extends Error {
  override name = 'SelectorParseError';
}

/** Thrown when a requirement or metav1.LabelSelector is invalid (labels.NewRequirement / LabelSelectorAsSelector errors). */
export class InvalidSelectorError extends Error {
  override name = 'InvalidSelectorError';
}

// ---------------------------------------------------------------------------
// Go-compatible value rendering for field errors
// ---------------------------------------------------------------------------

const printable = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;

/** Go's strconv.Quote (what %q prints). */
function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0) ?? 0;
    if (ch === '"' || ch === '\\') out += `\\${ch}`;
    else if (cp >= 0xd800 && cp <= 0xdfff) out += '\\ufffd';
    else if (printable.test(ch)) out += ch;
    else if (cp === 0x07) out += '\\a';
    else if (cp === 0x08) out += '\\b';
    else if (cp === 0x0c) out += '\\f';
    else if (cp === 0x0a) out += '\\n';
    else if (cp === 0x0d) out += '\\r';
    else if (cp === 0x09) out += '\\t';
    else if (cp === 0x0b) out += '\\v';
    else if (cp < 0x20 || cp === 0x7f) out += `\\x${cp.toString(16).padStart(2, '0')}`;
    else if (cp < 0x10000) out += `\\u${cp.toString(16).padStart(4, '0')}`;
    else out += `\\U${cp.toString(16).padStart(8, '0')}`;
  }
  return `${out}"`;
}

/** Go's encoding/json for a []string (nil renders as null); Go also escapes <, > and &. */
function goJSONStrings(values: string[] | null): string {
  if (values === null) return 'null';
  return JSON.stringify(values)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** field.Invalid(...).Error() */
function fieldInvalid(path: string, bad: string | string[] | null, detail: string): string {
  const rendered = typeof bad === 'string' ? goQuote(bad) : goJSONStrings(bad);
  return `${path}: Invalid value: ${rendered}: ${detail}`;
}

/** utilerrors.NewAggregate(...).Error() after ErrorList.ToAggregate de-duplication. */
function aggregate(messages: string[]): string {
  const unique = [...new Set(messages)];
  return unique.length === 1 ? unique[0] : `[${unique.join(', ')}]`;
}

// ---------------------------------------------------------------------------
// Requirements
// ---------------------------------------------------------------------------

/** selection.Operator string values, used in messages and the string syntax. */
const SELECTION_OPERATOR: Record<Operator, string> = {
  In: 'in',
  NotIn: 'notin',
  '=': '=',
  '==': '==',
  '!=': '!=',
  Gt: 'gt',
  Lt: 'lt',
  Exists: 'exists',
  DoesNotExist: '!',
};

const BINARY_OPERATORS: Operator[] = ['In', 'NotIn', '=', '==', '!=', 'Gt', 'Lt'];
const ALL_OPERATORS: Operator[] = [...BINARY_OPERATORS, 'Exists', 'DoesNotExist'];

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** strconv.ParseInt(s, 10, 64), or undefined when Go would return an error. */
function parseInt64(s: string): bigint | undefined {
  if (!/^[+-]?[0-9]+$/.test(s)) return undefined;
  const n = BigInt(s);
  return n < INT64_MIN || n > INT64_MAX ? undefined : n;
}

function keyErrors(key: string, path: string): string[] {
  const errs = isQualifiedName(key);
  return errs.length ? [fieldInvalid(path, key, errs.join('; '))] : [];
}

/**
 * labels.NewRequirement: validates and builds a requirement. `values` of null
 * mirrors a Go nil slice (rendered as `null` in messages).
 */
function buildRequirement(key: string, operator: Operator, values: string[] | null): Requirement {
  const vals = values ?? [];
  const errs = keyErrors(key, 'key');
  switch (operator) {
    case 'In':
    case 'NotIn':
      if (vals.length === 0) errs.push(fieldInvalid('values', values, "for 'in', 'notin' operators, values set can't be empty"));
      break;
    case '=':
    case '==':
    case '!=':
      if (vals.length !== 1) errs.push(fieldInvalid('values', values, 'exact-match compatibility requires one single value'));
      break;
    case 'Exists':
    case 'DoesNotExist':
      if (vals.length !== 0) errs.push(fieldInvalid('values', values, 'values set must be empty for exists and does not exist'));
      break;
    case 'Gt':
    case 'Lt':
      if (vals.length !== 1) errs.push(fieldInvalid('values', values, "for 'Gt', 'Lt' operators, exactly one value is required"));
      vals.forEach((v, i) => {
        if (parseInt64(v) === undefined) {
          errs.push(fieldInvalid(`values[${i}]`, v, "for 'Gt', 'Lt' operators, the value must be an integer"));
        }
      });
      break;
    default: {
      const supported = ALL_OPERATORS.map((o) => goQuote(SELECTION_OPERATOR[o])).join(', ');
      errs.push(`operator: Unsupported value: ${goQuote(String(operator))}: supported values: ${supported}`);
    }
  }
  vals.forEach((v, i) => {
    const valueErrs = isValidLabelValue(v);
    if (valueErrs.length) errs.push(fieldInvalid(`values[${i}][${key}]`, v, valueErrs.join('; ')));
  });
  if (errs.length) throw new InvalidSelectorError(aggregate(errs));
  return { key, operator, values: vals };
}

/** labels.NewRequirement. Throws InvalidSelectorError with the upstream message. */
export function newRequirement(key: string, operator: Operator, values: string[]): Requirement {
  return buildRequirement(key, operator, [...values]);
}

function hasLabel(labels: Record<string, string>, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(labels, key);
}

/** Requirement.Matches. NotIn / != also match when the key is absent. */
export function requirementMatches(r: Requirement, labels: Record<string, string> | undefined): boolean {
  const ls = labels ?? {};
  switch (r.operator) {
    case 'In':
    case '=':
    case '==':
      return hasLabel(ls, r.key) && r.values.includes(ls[r.key]);
    case 'NotIn':
    case '!=':
      return !hasLabel(ls, r.key) || !r.values.includes(ls[r.key]);
    case 'Exists':
      return hasLabel(ls, r.key);
    case 'DoesNotExist':
      return !hasLabel(ls, r.key);
    case 'Gt':
    case 'Lt': {
      if (!hasLabel(ls, r.key) || r.values.length !== 1) return false;
      const actual = parseInt64(ls[r.key]);
      const bound = parseInt64(r.values[0]);
      if (actual === undefined || bound === undefined) return false;
      return r.operator === 'Gt' ? actual > bound : actual < bound;
    }
    default:
      return false;
  }
}

function sortedStrings(values: string[]): string[] {
  return [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Requirement.String(): `!k`, `k`, `k=v`, `k in (a,b)` ... Multiple values are printed sorted. */
export function requirementToString(r: Requirement): string {
  const prefix = r.operator === 'DoesNotExist' ? '!' : '';
  let op: string;
  switch (r.operator) {
    case 'Exists':
    case 'DoesNotExist':
      return prefix + r.key;
    case 'In':
      op = ' in ';
      break;
    case 'NotIn':
      op = ' notin ';
      break;
    case 'Gt':
      op = '>';
      break;
    case 'Lt':
      op = '<';
      break;
    default:
      op = r.operator;
  }
  const vals = r.values.length === 1 ? r.values[0] : sortedStrings(r.values).join(',');
  const setBased = r.operator === 'In' || r.operator === 'NotIn';
  return setBased ? `${r.key}${op}(${vals})` : `${r.key}${op}${vals}`;
}

// ---------------------------------------------------------------------------
// Selectors
// ---------------------------------------------------------------------------

class RequirementsSelector implements Selector {
  readonly requirements: Requirement[];

  constructor(requirements: Requirement[]) {
    // Sorted by key for a deterministic String(); stable like Go's insertion sort for small inputs.
    this.requirements = [...requirements].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  matches(labels: Record<string, string> | undefined): boolean {
    return this.requirements.every((r) => requirementMatches(r, labels));
  }

  empty(): boolean {
    return this.requirements.length === 0;
  }

  toString(): string {
    return this.requirements.map(requirementToString).join(',');
  }
}

/** Matches every label set (labels.Everything()). */
export const everything: Selector = new RequirementsSelector([]);

/** Matches nothing (labels.Nothing()): what a nil metav1.LabelSelector means. */
export const nothing: Selector = Object.freeze({
  requirements: [],
  matches: () => false,
  empty: () => false,
  toString: () => '',
});

/** Builds a selector from already-validated requirements (labels.NewSelector().Add(...)). */
export function selectorFromRequirements(requirements: Requirement[]): Selector {
  return new RequirementsSelector(requirements);
}

/** labels.SelectorFromSet: exact match on every pair; no validation; empty → everything. */
export function selectorFromSet(set: Record<string, string> | null | undefined): Selector {
  if (!set) return everything;
  return new RequirementsSelector(Object.entries(set).map(([key, value]) => ({ key, operator: '=', values: [value] })));
}

/**
 * metav1.LabelSelectorAsSelector: null/undefined → nothing, `{}` → everything.
 * Throws InvalidSelectorError for an unknown operator or invalid key/values.
 */
export function selectorFromLabelSelector(ls: LabelSelector | null | undefined): Selector {
  if (ls === null || ls === undefined) return nothing;
  const matchLabels = ls.matchLabels ?? {};
  const expressions = ls.matchExpressions ?? [];
  if (Object.keys(matchLabels).length + expressions.length === 0) return everything;

  const requirements: Requirement[] = [];
  for (const [key, value] of Object.entries(matchLabels)) {
    requirements.push(buildRequirement(key, '=', [value]));
  }
  for (const expr of expressions) {
    let op: Operator;
    switch (expr.operator) {
      case 'In':
      case 'NotIn':
      case 'Exists':
      case 'DoesNotExist':
        op = expr.operator;
        break;
      default:
        throw new InvalidSelectorError(`${goQuote(String(expr.operator))} is not a valid label selector operator`);
    }
    // Go copies the values with append(nil, ...), so an empty list becomes a nil slice.
    const values = expr.values && expr.values.length ? [...expr.values] : null;
    requirements.push(buildRequirement(expr.key, op, values));
  }
  return new RequirementsSelector(requirements);
}

/** `namespace␀key=value`: one label of an object in a namespace, as the label indexes key it. */
export function namespacedLabel(namespace: string, key: string, value: string): string {
  return `${namespace}\u0000${key}=${value}`;
}

const NO_KEYS: readonly string[] = Object.freeze([]);
const namespacedLabelsCache = new WeakMap<object, { namespace: string; keys: readonly string[] }>();

/**
 * namespacedLabel of every label of a set, computed once per labels object: objects stamped from
 * one template, and the writes that leave labels alone, share theirs.
 */
export function namespacedLabels(namespace: string, labels: Record<string, string> | null | undefined): readonly string[] {
  if (!labels || typeof labels !== 'object') return NO_KEYS;
  const cached = namespacedLabelsCache.get(labels);
  if (cached && cached.namespace === namespace) return cached.keys;
  const keys = Object.freeze(Object.keys(labels).map((k) => namespacedLabel(namespace, k, String(labels[k]))));
  namespacedLabelsCache.set(labels, { namespace, keys });
  return keys;
}

/**
 * A label (key, value) every set the selector matches must carry: its first `=`, `==` or one-value
 * `In` requirement. Undefined when it requires none (only Exists, NotIn, …, or everything).
 */
export function requiredLabel(sel: Selector): readonly [key: string, value: string] | undefined {
  for (const r of sel.requirements) {
    if ((r.operator === '=' || r.operator === '==' || r.operator === 'In') && r.values.length === 1) return [r.key, r.values[0]];
  }
  return undefined;
}

/** labels.FormatLabels: `a=b,c=d` sorted by key, `<none>` when empty. */
export function formatLabels(labels: Record<string, string> | null | undefined): string {
  const keys = sortedStrings(Object.keys(labels ?? {}));
  if (keys.length === 0) return '<none>';
  return keys.map((k) => `${k}=${(labels as Record<string, string>)[k]}`).join(',');
}

/** metav1.FormatLabelSelector (kubectl -o wide SELECTOR column): `<none>` if empty/nil, `<error>` if invalid. */
export function formatLabelSelector(ls: LabelSelector | null | undefined): string {
  let selector: Selector;
  try {
    selector = selectorFromLabelSelector(ls);
  } catch {
    return '<error>';
  }
  const s = selector.toString();
  return s.length === 0 ? '<none>' : s;
}

// ---------------------------------------------------------------------------
// String syntax parser (labels.Parse)
// ---------------------------------------------------------------------------

enum Token {
  Error,
  EndOfString,
  ClosedPar,
  Comma,
  DoesNotExist,
  DoubleEquals,
  Equals,
  GreaterThan,
  Identifier,
  In,
  LessThan,
  NotEquals,
  NotIn,
  OpenPar,
}

const LITERAL_TOKENS: Record<string, Token> = {
  ')': Token.ClosedPar,
  ',': Token.Comma,
  '!': Token.DoesNotExist,
  '==': Token.DoubleEquals,
  '=': Token.Equals,
  '>': Token.GreaterThan,
  in: Token.In,
  '<': Token.LessThan,
  '!=': Token.NotEquals,
  notin: Token.NotIn,
  '(': Token.OpenPar,
};

function tokenFor(literal: string): Token | undefined {
  return Object.prototype.hasOwnProperty.call(LITERAL_TOKENS, literal) ? LITERAL_TOKENS[literal] : undefined;
}

interface ScannedItem {
  tok: Token;
  literal: string;
}

const END = '\0';
const isWhitespace = (ch: string) => ch === ' ' || ch === '\t' || ch === '\r' || ch === '\n';
const isSpecialSymbol = (ch: string) => ch.length === 1 && '=!(),><'.includes(ch);

/** Mirrors labels.Lexer, including treating a NUL character like the end of input. */
class Lexer {
  private pos = 0;
  constructor(private readonly s: string) {}

  private read(): string {
    if (this.pos < this.s.length) return this.s[this.pos++];
    return END;
  }

  private unread(): void {
    this.pos--;
  }

  private scanIdOrKeyword(): ScannedItem {
    let buffer = '';
    for (;;) {
      const ch = this.read();
      if (ch === END) break;
      if (isSpecialSymbol(ch) || isWhitespace(ch)) {
        this.unread();
        break;
      }
      buffer += ch;
    }
    const tok = tokenFor(buffer);
    return tok !== undefined ? { tok, literal: buffer } : { tok: Token.Identifier, literal: buffer };
  }

  private scanSpecialSymbol(): ScannedItem {
    let last: ScannedItem | undefined;
    let buffer = '';
    for (;;) {
      const ch = this.read();
      if (ch === END) break;
      if (!isSpecialSymbol(ch)) {
        this.unread();
        break;
      }
      buffer += ch;
      const tok = tokenFor(buffer);
      if (tok !== undefined) {
        last = { tok, literal: buffer };
      } else if (last) {
        this.unread();
        break;
      }
    }
    return last ?? { tok: Token.Error, literal: `error expected: keyword found '${buffer}'` };
  }

  lex(): ScannedItem {
    let ch = this.read();
    while (isWhitespace(ch)) ch = this.read();
    if (ch === END) return { tok: Token.EndOfString, literal: '' };
    this.unread();
    return isSpecialSymbol(ch) ? this.scanSpecialSymbol() : this.scanIdOrKeyword();
  }
}

enum Context {
  KeyAndOperator,
  Values,
}

/** Mirrors labels.Parser: a recursive-descent parser over a pre-scanned token list. */
class Parser {
  private readonly items: ScannedItem[] = [];
  private position = 0;

  constructor(input: string) {
    const lexer = new Lexer(input);
    for (;;) {
      const item = lexer.lex();
      this.items.push(item);
      if (item.tok === Token.EndOfString) break;
    }
  }

  // In a value position `in` and `notin` are ordinary identifiers (e.g. `x in (in)`).
  private adjust(item: ScannedItem, ctx: Context): ScannedItem {
    if (ctx === Context.Values && (item.tok === Token.In || item.tok === Token.NotIn)) {
      return { tok: Token.Identifier, literal: item.literal };
    }
    return item;
  }

  private lookahead(ctx: Context): ScannedItem {
    return this.adjust(this.items[this.position], ctx);
  }

  private consume(ctx: Context): ScannedItem {
    return this.adjust(this.items[this.position++], ctx);
  }

  parse(): Requirement[] {
    const requirements: Requirement[] = [];
    for (;;) {
      const { tok, literal } = this.lookahead(Context.Values);
      if (tok === Token.Identifier || tok === Token.DoesNotExist) {
        let r: Requirement;
        try {
          r = this.parseRequirement();
        } catch (e) {
          throw new SelectorParseError(`unable to parse requirement: ${(e as Error).message}`);
        }
        requirements.push(r);
        const next = this.consume(Context.Values);
        if (next.tok === Token.EndOfString) return requirements;
        if (next.tok === Token.Comma) {
          const after = this.lookahead(Context.Values);
          if (after.tok !== Token.Identifier && after.tok !== Token.DoesNotExist) {
            throw new SelectorParseError(`found '${after.literal}', expected: identifier after ','`);
          }
        } else {
          throw new SelectorParseError(`found '${next.literal}', expected: ',' or 'end of string'`);
        }
      } else if (tok === Token.EndOfString) {
        return requirements;
      } else {
        throw new SelectorParseError(`found '${literal}', expected: !, identifier, or 'end of string'`);
      }
    }
  }

  private parseRequirement(): Requirement {
    const { key, operator } = this.parseKeyAndInferOperator();
    if (operator === 'Exists' || operator === 'DoesNotExist') {
      return buildRequirement(key, operator, []);
    }
    const op = this.parseOperator();
    const values = op === 'In' || op === 'NotIn' ? this.parseValues() : this.parseExactValue();
    // sets.String.List(): de-duplicated and sorted.
    return buildRequirement(key, op, sortedStrings([...values]));
  }

  private parseKeyAndInferOperator(): { key: string; operator: Operator | undefined } {
    let operator: Operator | undefined;
    let item = this.consume(Context.Values);
    if (item.tok === Token.DoesNotExist) {
      operator = 'DoesNotExist';
      item = this.consume(Context.Values);
    }
    if (item.tok !== Token.Identifier) {
      throw new Error(`found '${item.literal}', expected: identifier`);
    }
    // The parser has no field path, which Go prints as "<nil>".
    const errs = keyErrors(item.literal, '<nil>');
    if (errs.length) throw new Error(errs[0]);
    const next = this.lookahead(Context.Values).tok;
    if ((next === Token.EndOfString || next === Token.Comma) && operator !== 'DoesNotExist') {
      operator = 'Exists';
    }
    return { key: item.literal, operator };
  }

  private parseOperator(): Operator {
    const { tok, literal } = this.consume(Context.KeyAndOperator);
    switch (tok) {
      case Token.In:
        return 'In';
      case Token.Equals:
        return '=';
      case Token.DoubleEquals:
        return '==';
      case Token.GreaterThan:
        return 'Gt';
      case Token.LessThan:
        return 'Lt';
      case Token.NotIn:
        return 'NotIn';
      case Token.NotEquals:
        return '!=';
      default: {
        const expected = BINARY_OPERATORS.map((o) => SELECTION_OPERATOR[o]).join(', ');
        throw new Error(`found '${literal}', expected: ${expected}`);
      }
    }
  }

  private parseValues(): Set<string> {
    const open = this.consume(Context.Values);
    if (open.tok !== Token.OpenPar) throw new Error(`found '${open.literal}' expected: '('`);
    const { tok, literal } = this.lookahead(Context.Values);
    switch (tok) {
      case Token.Identifier:
      case Token.Comma: {
        const values = this.parseIdentifiersList();
        if (this.consume(Context.Values).tok !== Token.ClosedPar) {
          throw new Error(`found '${literal}', expected: ')'`);
        }
        return values;
      }
      case Token.ClosedPar: // "()" means the single empty value
        this.consume(Context.Values);
        return new Set(['']);
      default:
        throw new Error(`found '${literal}', expected: ',', ')' or identifier`);
    }
  }

  /** A comma separated list where empty entries (`(a,,b)`, `(,a)`, `(a,)`) stand for the empty value. */
  private parseIdentifiersList(): Set<string> {
    const values = new Set<string>();
    for (;;) {
      const { tok, literal } = this.consume(Context.Values);
      if (tok === Token.Identifier) {
        values.add(literal);
        const next = this.lookahead(Context.Values);
        if (next.tok === Token.Comma) continue;
        if (next.tok === Token.ClosedPar) return values;
        throw new Error(`found '${next.literal}', expected: ',' or ')'`);
      } else if (tok === Token.Comma) {
        if (values.size === 0) values.add('');
        const next = this.lookahead(Context.Values).tok;
        if (next === Token.ClosedPar) {
          values.add('');
          return values;
        }
        if (next === Token.Comma) {
          this.consume(Context.Values);
          values.add('');
        }
      } else {
        throw new Error(`found '${literal}', expected: ',', or identifier`);
      }
    }
  }

  private parseExactValue(): Set<string> {
    const ahead = this.lookahead(Context.Values).tok;
    if (ahead === Token.EndOfString || ahead === Token.Comma) return new Set(['']);
    const { tok, literal } = this.consume(Context.Values);
    if (tok === Token.Identifier) return new Set([literal]);
    throw new Error(`found '${literal}', expected: identifier`);
  }
}

/**
 * labels.Parse: the kubectl `-l` syntax, e.g. `a=b,c!=d,e in (x,y),f notin (z),g,!h,i>3,j<5`.
 * An empty string yields a selector equivalent to `everything`.
 */
export function parseSelector(s: string): Selector {
  return new RequirementsSelector(new Parser(s).parse());
}
