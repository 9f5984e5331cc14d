// kubectl's JSONPath templates (k8s.io/client-go/util/jsonpath) and the cli-runtime JSONPathPrinter around
// them, reimplemented for JSON-shaped data.
//
// Behaviour kept from upstream, because it shows in output:
//  * A template is text plus `{...}` actions. Each action's results print joined by a single space; text
//    and separate actions are concatenated without separators. Strings print raw, numbers and bools as
//    Go's fmt prints them, null as `<nil>`, maps and lists as compact JSON (sorted keys, Go escaping).
//  * `{range X}...{end}` repeats the body per element of X; `{..name}` recursive descent; `[?(@.a==1)]`
//    filters with == != < > <= >= (and "exists" when there is no operator); slices `[1:3]`, `[-1:]`,
//    `[::2]`; unions `[0,2]`; `['key']`; `*` wildcards; `\.` escapes a dot inside a field name; `{$}`/`{@}`
//    is the current object; quoted strings `{"\n"}` are text.
//  * Missing fields are an error ("x is not found") unless missing keys are allowed, which `kubectl get`
//    does by default (--allow-missing-template-keys=true); bad indexes are errors either way
//    ("array index out of bounds: index 3, length 1").
//  * Comparisons follow Go text/template: int vs float or string vs number → "incompatible types for
//    comparison"; maps, lists and null → "invalid type for comparison".
//
// Deliberate differences: Go walks map entries in random order for `*` and `..`; here they come in
// sorted key order. The `=~` operator some forks have does not exist upstream and is not supported.

import { compareGoStrings, formatGoFloatG, goJsonMarshal, isGoInteger, sortedGoKeys } from './yaml-json';
import { appendAll } from '../../../k8s/arrays';

// ---------------------------------------------------------------------------------------------------
// Errors

/** A template that client-go refuses to parse; `message` is client-go's text (e.g. "unclosed action"). */
export class JsonPathParseError extends Error {
  constructor(
    message: string,
    readonly template: string,
  ) {
    super(message);
    this.name = 'JsonPathParseError';
  }

  /** What `kubectl get -o jsonpath=...` reports (genericclioptions.JSONPathPrintFlags.ToPrinter). */
  get kubectlMessage(): string {
    return `error parsing jsonpath ${this.template}, ${this.message}`;
  }
}

/**
 * A failure while evaluating a template. `reason` is client-go's error (e.g. "x is not found"); `message`
 * is the whole text cli-runtime's JSONPathPrinter wraps it in (ending in three newlines, as kubectl
 * prints it after "error: ").
 */
export class JsonPathExecError extends Error {
  constructor(
    readonly reason: string,
    message: string = reason,
  ) {
    super(message);
    this.name = 'JsonPathExecError';
  }
}

// ---------------------------------------------------------------------------------------------------
// Go value model

/** A float64 literal from a template (`1.0` is a float for comparisons even though it is integral). */
class GoFloat {
  constructor(readonly value: number) {}
}

/** A byte of a string reached through `*` or `..` (Go indexes strings by byte). */
class GoByte {
  constructor(readonly value: number) {}
}

/** Stands for Go's invalid reflect.Value (what a `range` over nothing evaluates its body with). */
const NO_VALUE = Symbol('no value');

type GoKind = 'invalid' | 'nil' | 'string' | 'bool' | 'int' | 'uint8' | 'float' | 'slice' | 'map';

function kindOf(v: unknown): GoKind {
  if (v === NO_VALUE || v === undefined) return 'invalid';
  if (v === null) return 'nil';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'number') return isGoInteger(v) ? 'int' : 'float';
  if (typeof v === 'bigint') return 'int';
  if (v instanceof GoFloat) return 'float';
  if (v instanceof GoByte) return 'uint8';
  if (Array.isArray(v)) return 'slice';
  return 'map';
}

function goTypeName(v: unknown): string {
  switch (kindOf(v)) {
    case 'string':
      return 'string';
    case 'bool':
      return 'bool';
    case 'int':
      return 'int64';
    case 'uint8':
      return 'uint8';
    case 'float':
      return 'float64';
    case 'slice':
      return '[]interface {}';
    case 'map':
      return 'map[string]interface {}';
    default:
      return 'interface {}';
  }
}

function numberText(v: unknown): string {
  if (v instanceof GoFloat) return formatGoFloatG(v.value);
  if (v instanceof GoByte) return String(v.value);
  if (typeof v === 'bigint') return v.toString();
  const n = v as number;
  return isGoInteger(n) ? String(n) : formatGoFloatG(n);
}

/** Go fmt.Sprint (%v) of a JSON-shaped value: `map[a:1 b:x]`, `[a b]`, `<nil>`. */
export function goSprint(v: unknown): string {
  switch (kindOf(v)) {
    case 'invalid':
      return '<invalid reflect.Value>';
    case 'nil':
      return '<nil>';
    case 'string':
      return v as string;
    case 'bool':
      return v ? 'true' : 'false';
    case 'int':
    case 'uint8':
    case 'float':
      return numberText(v);
    case 'slice':
      return '[' + (v as unknown[]).map(goSprint).join(' ') + ']';
    case 'map': {
      const m = v as Record<string, unknown>;
      return (
        'map[' +
        sortedGoKeys(m)
          .map((k) => `${k}:${goSprint(m[k])}`)
          .join(' ') +
        ']'
      );
    }
  }
}

const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u;

/** Approximates Go strconv.IsPrint. */
function isGoPrint(c: string): boolean {
  return c === ' ' || PRINTABLE.test(c);
}

/** Go strconv.Quote (also what %q and %#v print for strings). */
export function goQuote(s: string): string {
  let out = '"';
  for (const c of s) {
    const cp = c.codePointAt(0)!;
    if (c === '"' || c === '\\') out += '\\' + c;
    else if (cp >= 0xd800 && cp <= 0xdfff) out += '\\ufffd';
    else if (isGoPrint(c)) out += c;
    else if (cp === 7) out += '\\a';
    else if (cp === 8) out += '\\b';
    else if (cp === 0x0c) out += '\\f';
    else if (cp === 0x0a) out += '\\n';
    else if (cp === 0x0d) out += '\\r';
    else if (cp === 0x09) out += '\\t';
    else if (cp === 0x0b) out += '\\v';
    else if (cp < 0x20 || cp === 0x7f) out += '\\x' + cp.toString(16).padStart(2, '0');
    else if (cp < 0x10000) out += '\\u' + cp.toString(16).padStart(4, '0');
    else out += '\\U' + cp.toString(16).padStart(8, '0');
  }
  return out + '"';
}

/** Go %#v of unstructured content: `map[string]interface {}{"a":1, "b":[]interface {}{"x"}}`. */
export function goSyntax(v: unknown): string {
  switch (kindOf(v)) {
    case 'invalid':
      return '<invalid reflect.Value>';
    case 'nil':
      return 'interface {}(nil)';
    case 'string':
      return goQuote(v as string);
    case 'bool':
      return v ? 'true' : 'false';
    case 'int':
    case 'float':
      return numberText(v);
    case 'uint8':
      return '0x' + (v as GoByte).value.toString(16);
    case 'slice':
      return '[]interface {}{' + (v as unknown[]).map(goSyntax).join(', ') + '}';
    case 'map': {
      const m = v as Record<string, unknown>;
      return (
        'map[string]interface {}{' +
        sortedGoKeys(m)
          .map((k) => `${goQuote(k)}:${goSyntax(m[k])}`)
          .join(', ') +
        '}'
      );
    }
  }
}

function mapValues(m: Record<string, unknown>): unknown[] {
  return sortedGoKeys(m).map((k) => m[k]);
}

function utf8Bytes(s: string): GoByte[] {
  return Array.from(new TextEncoder().encode(s), (b) => new GoByte(b));
}

// ---------------------------------------------------------------------------------------------------
// Syntax tree

interface Param {
  value: number;
  known: boolean;
  derived: boolean;
}

type JpNode =
  | ListNode
  | { type: 'text'; text: string }
  | { type: 'field'; name: string }
  | { type: 'array'; params: [Param, Param, Param] }
  | { type: 'filter'; left: ListNode; right: ListNode; op: string }
  | { type: 'int'; value: number }
  | { type: 'float'; value: number }
  | { type: 'bool'; value: boolean }
  | { type: 'wildcard' }
  | { type: 'recursive' }
  | { type: 'union'; lists: ListNode[] }
  | { type: 'identifier'; name: string };

interface ListNode {
  type: 'list';
  nodes: JpNode[];
}

// ---------------------------------------------------------------------------------------------------
// Parser (client-go util/jsonpath/parser.go)

const EOF = '';

function isTerminator(r: string): boolean {
  return r === EOF || ' \t\r\n.,[]$@{}'.includes(r);
}
function isDigitRune(r: string): boolean {
  return r !== EOF && /^\p{Nd}$/u.test(r);
}
function isAlphaNumeric(r: string): boolean {
  return r === '_' || (r !== EOF && /^[\p{L}\p{Nd}]$/u.test(r));
}

/** Go's %#U: "U+0023 '#'" (the quoted character only when printable). */
function formatRuneU(r: string): string {
  const cp = r.codePointAt(0)!;
  const head = 'U+' + cp.toString(16).toUpperCase().padStart(4, '0');
  return isGoPrint(r) ? `${head} '${r}'` : head;
}

class Fail extends Error {}

/** Go strconv.UnquoteChar + client-go UnquoteExtend for "..." and '...' strings. */
function unquoteExtend(s: string): string {
  const chars = Array.from(s);
  if (chars.length < 2) throw new Fail('invalid syntax');
  const quote = chars[0];
  if (quote !== chars[chars.length - 1] || (quote !== '"' && quote !== "'")) throw new Fail('invalid syntax');
  const body = chars.slice(1, -1);
  if (!body.includes('\\') && !body.includes(quote)) return body.join('');
  let out = '';
  for (let i = 0; i < body.length;) {
    const c = body[i];
    if (c === quote) throw new Fail('invalid syntax');
    if (c !== '\\') {
      out += c;
      i++;
      continue;
    }
    if (i + 1 >= body.length) throw new Fail('invalid syntax');
    const e = body[i + 1];
    i += 2;
    const simple: Record<string, string> = { a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\' };
    if (e in simple) {
      out += simple[e];
    } else if (e === 'x' || e === 'u' || e === 'U') {
      const n = e === 'x' ? 2 : e === 'u' ? 4 : 8;
      const digits = body.slice(i, i + n).join('');
      if (digits.length < n || !/^[0-9a-fA-F]+$/.test(digits)) throw new Fail('invalid syntax');
      const v = parseInt(digits, 16);
      i += n;
      if (e === 'x') out += String.fromCharCode(v);
      else {
        if (v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff)) throw new Fail('invalid syntax');
        out += String.fromCodePoint(v);
      }
    } else if (e >= '0' && e <= '7') {
      const digits = body.slice(i - 1, i + 2).join('');
      if (!/^[0-7]{3}$/.test(digits)) throw new Fail('invalid syntax');
      const v = parseInt(digits, 8);
      if (v > 255) throw new Fail('invalid syntax');
      i += 2;
      out += String.fromCharCode(v);
    } else if (e === "'" || e === '"') {
      if (e !== quote) throw new Fail('invalid syntax');
      out += e;
    } else {
      throw new Fail('invalid syntax');
    }
  }
  return out;
}

const DICT_KEY = /^'([^']*)'$/;
const SLICE_OPERATOR = /^(-?[0-9]*)(:-?[0-9]*)?(:-?[0-9]*)?$/;
const FILTER = /^([^!<>=]+)([!<>=]+)([^\n]+?)$/;
const INT64_MAX = 2n ** 63n - 1n;

/** Go strconv.Atoi: optional sign and decimal digits within int64. */
function goAtoi(s: string): number | null {
  if (!/^[+-]?[0-9]+$/.test(s)) return null;
  const v = BigInt(s);
  if (v > INT64_MAX || v < -INT64_MAX - 1n) return null;
  return Number(v);
}

class Parser {
  private pos = 0;
  private start = 0;
  private width = 0;
  readonly root: ListNode = { type: 'list', nodes: [] };

  constructor(private readonly input: string) {}

  parse(): ListNode {
    this.parseText(this.root);
    return this.root;
  }

  /** Parses `{text}` and returns the list node it produces (parser.go parseAction). */
  static action(text: string): ListNode {
    const p = new Parser(`{${text}}`);
    p.parse();
    return p.root.nodes[0] as ListNode;
  }

  private consume(): string {
    const v = this.input.slice(this.start, this.pos);
    this.start = this.pos;
    return v;
  }
  private next(): string {
    if (this.pos >= this.input.length) {
      this.width = 0;
      return EOF;
    }
    const cp = this.input.codePointAt(this.pos)!;
    const r = String.fromCodePoint(cp);
    this.width = r.length;
    this.pos += this.width;
    return r;
  }
  private peek(): string {
    const r = this.next();
    this.backup();
    return r;
  }
  private backup(): void {
    this.pos -= this.width;
  }
  private rest(): string {
    return this.input.slice(this.pos);
  }

  private parseText(cur: ListNode): void {
    for (;;) {
      if (this.rest().startsWith('{')) {
        if (this.pos > this.start) cur.nodes.push({ type: 'text', text: this.consume() });
        return this.parseLeftDelim(cur);
      }
      if (this.next() === EOF) break;
    }
    if (this.pos > this.start) cur.nodes.push({ type: 'text', text: this.consume() });
  }

  private parseLeftDelim(cur: ListNode): void {
    this.pos += 1;
    this.consume();
    const list: ListNode = { type: 'list', nodes: [] };
    cur.nodes.push(list);
    this.parseInsideAction(list);
  }

  private parseInsideAction(cur: ListNode): void {
    // Written as a loop: upstream recurses after every token.
    for (;;) {
      const rest = this.rest();
      if (rest.startsWith('}')) return this.parseRightDelim();
      if (rest.startsWith('[?(')) {
        this.parseFilter(cur);
        continue;
      }
      if (rest.startsWith('..')) {
        this.parseRecursive(cur);
        continue;
      }
      const r = this.next();
      if (r === EOF || r === '\r' || r === '\n') throw new Fail('unclosed action');
      if (r === ' ' || r === '@' || r === '$') {
        this.consume();
      } else if (r === '[') {
        this.parseArray(cur);
      } else if (r === '"' || r === "'") {
        this.parseQuote(cur, r);
      } else if (r === '.') {
        this.parseField(cur);
      } else if (r === '+' || r === '-' || isDigitRune(r)) {
        this.backup();
        this.parseNumber(cur);
      } else if (isAlphaNumeric(r)) {
        this.backup();
        this.parseIdentifier(cur);
      } else {
        throw new Fail(`unrecognized character in action: ${formatRuneU(r)}`);
      }
    }
  }

  private parseRightDelim(): void {
    this.pos += 1;
    this.consume();
    this.parseText(this.root);
  }

  private parseIdentifier(cur: ListNode): void {
    for (;;) {
      const r = this.next();
      if (isTerminator(r)) {
        this.backup();
        break;
      }
    }
    const value = this.consume();
    if (value === 'true' || value === 'false') cur.nodes.push({ type: 'bool', value: value === 'true' });
    else cur.nodes.push({ type: 'identifier', name: value });
  }

  private parseRecursive(cur: ListNode): void {
    const last = cur.nodes[cur.nodes.length - 1];
    if (last && last.type === 'recursive') throw new Fail('invalid multiple recursive descent');
    this.pos += 2;
    this.consume();
    cur.nodes.push({ type: 'recursive' });
    if (isAlphaNumeric(this.peek())) this.parseField(cur);
  }

  private parseNumber(cur: ListNode): void {
    const r = this.peek();
    if (r === '+' || r === '-') this.next();
    for (;;) {
      const c = this.next();
      if (c !== '.' && !isDigitRune(c)) {
        this.backup();
        break;
      }
    }
    const value = this.consume();
    const i = goAtoi(value);
    if (i !== null) {
      cur.nodes.push({ type: 'int', value: i });
      return;
    }
    if (/^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)$/.test(value)) {
      cur.nodes.push({ type: 'float', value: Number(value) });
      return;
    }
    throw new Fail(`cannot parse number ${value}`);
  }

  private parseArray(cur: ListNode): void {
    for (;;) {
      const r = this.next();
      if (r === EOF || r === '\n') throw new Fail('unterminated array');
      if (r === ']') break;
    }
    let text = this.consume();
    text = text.slice(1, -1);
    if (text === '*') text = ':';

    const parts = text.split(',');
    if (parts.length > 1) {
      const lists = parts.map((part) => Parser.action(`[${part.replace(/^ +| +$/g, '')}]`));
      cur.nodes.push({ type: 'union', lists });
      return;
    }

    const dict = DICT_KEY.exec(text);
    if (dict) {
      cur.nodes.push(...Parser.action(`.${dict[1]}`).nodes);
      return;
    }

    const m = SLICE_OPERATOR.exec(text);
    if (!m) throw new Fail(`invalid array index ${text}`);
    const groups = [m[1] ?? '', m[2] ?? '', m[3] ?? ''];
    const params: Param[] = [];
    for (let i = 0; i < 3; i++) {
      let g = groups[i];
      if (g !== '') {
        if (i > 0) g = g.slice(1);
        if (i > 0 && g === '') {
          params.push({ value: 0, known: false, derived: false });
        } else {
          const v = goAtoi(g);
          if (v === null) throw new Fail(`array index ${g} is not a number`);
          params.push({ value: v, known: true, derived: false });
        }
      } else if (i === 1) {
        params.push({ value: params[0].value + 1, known: true, derived: true });
      } else {
        params.push({ value: 0, known: false, derived: false });
      }
    }
    cur.nodes.push({ type: 'array', params: params as [Param, Param, Param] });
  }

  private parseFilter(cur: ListNode): void {
    this.pos += 3;
    this.consume();
    let begin = false;
    let end = false;
    let pair = '';
    for (;;) {
      const r = this.next();
      if (r === EOF || r === '\n') throw new Fail('unterminated filter');
      if (r === '"' || r === "'") {
        if (!begin) {
          begin = true;
          pair = r;
          continue;
        }
        if (this.input[this.pos - 2] !== '\\' && r === pair) end = true;
      } else if (r === ')') {
        if (begin === end) break;
      }
    }
    if (this.next() !== ']') throw new Fail('unclosed array expect ]');
    const text = this.consume().slice(0, -2);
    const m = FILTER.exec(text);
    if (!m) {
      cur.nodes.push({ type: 'filter', left: Parser.action(text), right: { type: 'list', nodes: [] }, op: 'exists' });
    } else {
      cur.nodes.push({ type: 'filter', left: Parser.action(m[1]), right: Parser.action(m[3]), op: m[2] });
    }
  }

  private parseQuote(cur: ListNode, end: string): void {
    for (;;) {
      const r = this.next();
      if (r === EOF || r === '\n') throw new Fail('unterminated quoted string');
      if (r === end && this.input[this.pos - 2] !== '\\') break;
    }
    const value = this.consume();
    let s: string;
    try {
      s = unquoteExtend(value);
    } catch (e) {
      throw new Fail(`unquote string ${value} error ${(e as Error).message}`);
    }
    cur.nodes.push({ type: 'text', text: s });
  }

  private parseField(cur: ListNode): void {
    this.consume();
    while (this.advance()) {
      /* scan to the next unescaped terminator */
    }
    const value = this.consume();
    if (value === '*') cur.nodes.push({ type: 'wildcard' });
    else cur.nodes.push({ type: 'field', name: value.replace(/\\/g, '') });
  }

  private advance(): boolean {
    const r = this.next();
    if (r === '\\') this.next();
    else if (isTerminator(r)) {
      this.backup();
      return false;
    }
    return true;
  }
}

// ---------------------------------------------------------------------------------------------------
// Comparisons (client-go third_party/forked/golang/template funcs.go)

const ERR_BAD_TYPE = 'invalid type for comparison';
const ERR_INCOMPATIBLE = 'incompatible types for comparison';

type BasicKind = 'bool' | 'int' | 'float' | 'string';

function basicKind(v: unknown): BasicKind {
  const k = kindOf(v);
  if (k === 'bool' || k === 'int' || k === 'float' || k === 'string') return k;
  if (k === 'uint8') return 'int';
  throw new Fail(ERR_BAD_TYPE);
}
function numeric(v: unknown): number {
  if (v instanceof GoFloat || v instanceof GoByte) return v.value;
  return Number(v);
}

function goEqual(a: unknown, b: unknown): boolean {
  const ka = basicKind(a);
  const kb = basicKind(b);
  if (ka !== kb) throw new Fail(ERR_INCOMPATIBLE);
  if (ka === 'string') return a === b;
  if (ka === 'bool') return a === b;
  return numeric(a) === numeric(b);
}
function goLess(a: unknown, b: unknown): boolean {
  const ka = basicKind(a);
  const kb = basicKind(b);
  if (ka !== kb) throw new Fail(ERR_INCOMPATIBLE);
  if (ka === 'bool') throw new Fail(ERR_BAD_TYPE);
  if (ka === 'string') return compareGoStrings(a as string, b as string) < 0;
  return numeric(a) < numeric(b);
}
function compare(op: string, a: unknown, b: unknown): boolean {
  switch (op) {
    case '<':
      return goLess(a, b);
    case '>':
      return !(goLess(a, b) || goEqual(a, b));
    case '==':
      return goEqual(a, b);
    case '!=':
      return !goEqual(a, b);
    case '<=':
      return goLess(a, b) || goEqual(a, b);
    case '>=':
      return !goLess(a, b);
    default:
      throw new Fail(`unrecognized filter operator ${op}`);
  }
}

// ---------------------------------------------------------------------------------------------------
// Evaluation (client-go util/jsonpath/jsonpath.go)

export interface JsonPathExecOptions {
  /** Missing fields yield nothing instead of an error (kubectl get's default). Default false, as client-go. */
  allowMissingKeys?: boolean;
  /** `-o jsonpath-as-json`: each result set printed as an indented JSON array. */
  asJson?: boolean;
}

/** Values produced by a walk step, and the error that stopped it (Go returns both). */
interface Step {
  values: unknown[];
  err?: string;
}

class Evaluator {
  private beginRange = 0;
  private inRange = 0;
  private endRange = 0;
  private lastEndNode: JpNode | null = null;

  constructor(private readonly allowMissingKeys: boolean) {}

  findResults(data: unknown, nodes: JpNode[]): unknown[][] {
    const cur = [data];
    const full: unknown[][] = [];
    for (let i = 0; i < nodes.length; i++) {
      const step = this.walk(cur, nodes[i]);
      if (step.err !== undefined) throw new Fail(step.err);
      if (this.endRange > 0 && this.endRange <= this.inRange) {
        this.endRange--;
        this.lastEndNode = nodes[i];
        break;
      }
      if (this.beginRange > 0) {
        this.beginRange--;
        this.inRange++;
        const body = nodes.slice(i + 1);
        if (step.values.length > 0) {
          for (const v of step.values) appendAll(full, this.findResults(v, body));
        } else {
          // The body still runs (on no value) so that the position moves past its {end}.
          this.findResults(NO_VALUE, body);
        }
        this.inRange--;
        for (let k = i + 1; k < nodes.length; k++) {
          if (nodes[k] === this.lastEndNode) {
            i = k;
            break;
          }
        }
        continue;
      }
      full.push(step.values);
    }
    return full;
  }

  private walk(input: unknown[], node: JpNode): Step {
    switch (node.type) {
      case 'list':
        return this.evalList(input, node);
      case 'text':
        return { values: [node.text] };
      case 'field':
        return this.evalField(input, node.name);
      case 'array':
        return this.evalArray(input, node.params);
      case 'filter':
        return this.evalFilter(input, node);
      case 'int':
        return { values: input.map(() => node.value) };
      case 'float':
        return { values: input.map(() => new GoFloat(node.value)) };
      case 'bool':
        return { values: input.map(() => node.value) };
      case 'wildcard':
        return { values: input.flatMap((v) => children(v)) };
      case 'recursive':
        return { values: this.evalRecursive(input) };
      case 'union':
        return this.evalUnion(input, node.lists);
      case 'identifier':
        return this.evalIdentifier(input, node.name);
    }
  }

  private evalList(input: unknown[], list: ListNode): Step {
    let cur = input;
    for (const n of list.nodes) {
      const step = this.walk(cur, n);
      if (step.err !== undefined) return step;
      cur = step.values;
    }
    return { values: cur };
  }

  private evalIdentifier(input: unknown[], name: string): Step {
    switch (name) {
      case 'range':
        this.beginRange++;
        return { values: input };
      case 'end':
        if (this.inRange > 0) {
          this.endRange++;
          return { values: [] };
        }
        return { values: [], err: 'not in range, nothing to end' };
      default:
        return { values: input, err: `unrecognized identifier ${name}` };
    }
  }

  private evalField(input: unknown[], name: string): Step {
    const results: unknown[] = [];
    if (input.length === 0) return { values: results };
    for (const v of input) {
      if (kindOf(v) !== 'map') continue;
      const m = v as Record<string, unknown>;
      if (Object.prototype.hasOwnProperty.call(m, name) && m[name] !== undefined) results.push(m[name]);
    }
    if (results.length === 0 && !this.allowMissingKeys) return { values: results, err: `${name} is not found` };
    return { values: results };
  }

  private evalArray(input: unknown[], node: [Param, Param, Param]): Step {
    const result: unknown[] = [];
    for (const v of input) {
      const kind = kindOf(v);
      if (kind === 'nil' || kind === 'invalid') continue;
      if (kind !== 'slice') return { values: input, err: `${goTypeName(v)} is not array or slice` };
      const arr = v as unknown[];
      const len = arr.length;
      const [p0, p1, p2] = node.map((p) => ({ ...p }));
      if (!p0.known) p0.value = 0;
      if (p0.value < 0) p0.value += len;
      if (!p1.known) p1.value = len;
      if (p1.value < 0 || (p1.value === 0 && p1.derived)) p1.value += len;
      if (p1.value === p0.value) return { values: result };
      if (p0.value >= len || p0.value < 0) {
        return { values: input, err: `array index out of bounds: index ${p0.value}, length ${len}` };
      }
      if (p1.value > len || p1.value < 0) {
        return { values: input, err: `array index out of bounds: index ${p1.value - 1}, length ${len}` };
      }
      if (p0.value > p1.value) {
        return { values: input, err: `starting index ${p0.value} is greater than ending index ${p1.value}` };
      }
      let step = 1;
      if (p2.known) {
        if (p2.value <= 0) return { values: input, err: 'step must be > 0' };
        step = p2.value;
      }
      const sliced = arr.slice(p0.value, p1.value);
      for (let i = 0; i < sliced.length; i += step) result.push(sliced[i]);
    }
    return { values: result };
  }

  private evalUnion(input: unknown[], lists: ListNode[]): Step {
    const result: unknown[] = [];
    for (const list of lists) {
      const step = this.evalList(input, list);
      if (step.err !== undefined) return { values: input, err: step.err };
      appendAll(result, step.values);
    }
    return { values: result };
  }

  private evalRecursive(input: unknown[]): unknown[] {
    const result: unknown[] = [];
    for (const v of input) {
      const kids = children(v);
      if (kids.length === 0) continue;
      result.push(v);
      appendAll(result, this.evalRecursive(kids));
    }
    return result;
  }

  private evalFilter(input: unknown[], node: { left: ListNode; right: ListNode; op: string }): Step {
    const results: unknown[] = [];
    for (const v of input) {
      if (kindOf(v) !== 'slice') {
        return { values: input, err: `${goSprint(v)} is not array or slice and cannot be filtered` };
      }
      for (const item of v as unknown[]) {
        const temp = [item];
        const lefts = this.evalList(temp, node.left);
        if (node.op === 'exists') {
          if (lefts.values.length > 0) results.push(item);
          continue;
        }
        if (lefts.err !== undefined) return { values: input, err: lefts.err };
        if (lefts.values.length === 0) continue;
        if (lefts.values.length > 1) return { values: input, err: 'can only compare one element at a time' };
        const rights = this.evalList(temp, node.right);
        if (rights.err !== undefined) return { values: input, err: rights.err };
        if (rights.values.length === 0) continue;
        if (rights.values.length > 1) return { values: input, err: 'can only compare one element at a time' };
        let pass: boolean;
        try {
          pass = compare(node.op, lefts.values[0], rights.values[0]);
        } catch (e) {
          if (e instanceof Fail) return { values: results, err: e.message };
          throw e;
        }
        if (pass) results.push(item);
      }
    }
    return { values: results };
  }
}

/** The elements `*` and `..` step into: map values (sorted by key), list items, string bytes. */
function children(v: unknown): unknown[] {
  switch (kindOf(v)) {
    case 'map':
      return mapValues(v as Record<string, unknown>);
    case 'slice':
      return v as unknown[];
    case 'string':
      return utf8Bytes(v as string);
    default:
      return [];
  }
}

/** client-go evalToText: fmt.Fprint of a scalar result. */
function resultText(v: unknown): string {
  if (kindOf(v) === 'invalid') return '<no value>';
  return goSprint(v);
}

function plainJson(v: unknown): unknown {
  if (v instanceof GoFloat || v instanceof GoByte) return v.value;
  if (v === NO_VALUE) return null;
  return v;
}

// ---------------------------------------------------------------------------------------------------
// Public API

export interface JsonPath {
  /** The template as given. */
  readonly template: string;
  /** Renders the template against `data` like `kubectl get -o jsonpath=...`. Throws JsonPathExecError. */
  execute(data: unknown, opts?: JsonPathExecOptions): string;
  /**
   * The raw result sets (one per action or range iteration), as client-go FindResults returns them; used
   * by custom columns. Throws JsonPathExecError with the bare client-go message.
   */
  findResults(data: unknown, opts?: JsonPathExecOptions): unknown[][];
}

/** Parses a JSONPath template; throws JsonPathParseError with client-go's message on bad syntax. */
export function compileJsonPath(template: string): JsonPath {
  let root: ListNode;
  try {
    root = new Parser(template).parse();
  } catch (e) {
    if (e instanceof Fail) throw new JsonPathParseError(e.message, template);
    throw e;
  }
  const findResults = (data: unknown, opts: JsonPathExecOptions = {}): unknown[][] => {
    try {
      return new Evaluator(opts.allowMissingKeys ?? false).findResults(data, root.nodes);
    } catch (e) {
      if (e instanceof Fail) throw new JsonPathExecError(e.message);
      throw e;
    }
  };
  return {
    template,
    findResults,
    execute(data: unknown, opts: JsonPathExecOptions = {}): string {
      let sets: unknown[][];
      try {
        sets = findResults(data, opts);
      } catch (e) {
        if (e instanceof JsonPathExecError) {
          throw new JsonPathExecError(e.reason, kubectlExecMessage(template, e.reason, data));
        }
        throw e;
      }
      let out = '';
      for (const set of sets) {
        if (opts.asJson) {
          out += goJsonMarshal(set.map(plainJson), '    ') + '\n';
          continue;
        }
        out += set
          .map((v) => {
            const k = kindOf(v);
            return k === 'map' || k === 'slice' ? goJsonMarshal(v) : resultText(v);
          })
          .join(' ');
      }
      return out;
    },
  };
}

/** The error text cli-runtime's JSONPathPrinter.PrintObj returns when execution fails. */
export function kubectlExecMessage(template: string, reason: string, data: unknown): string {
  return (
    `error executing jsonpath ${goQuote(template)}: Error executing template: ${reason}. ` +
    `Printing more information for debugging the template:\n` +
    `\ttemplate was:\n\t\t${template}\n` +
    `\tobject given to jsonpath engine was:\n\t\t${goSyntax(data)}\n\n\n`
  );
}
