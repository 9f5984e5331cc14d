// `-o go-template=…` / `-o go-template-file=…`: a subset of Go's text/template, run the way
// kubectl's GoTemplatePrinter runs it — over the unstructured object (whole numbers int64,
// others float64), missing keys printing `<no value>`, plus kubectl's two functions.
//
// Supported: text and actions with `{{- -}}` trimming and `{{/* comments */}}`; `.`, `$`,
// `.field.chains`, `$var.field`, `(pipeline).field`; `$x := …`, `$x = …`,
// `range $i, $e := …`; pipelines with `|`; if / else if / else, range (over lists and maps,
// keys sorted) with else, with / else; literals (strings, raw strings, numbers, true, false,
// nil); the functions and, or, not, eq, ne, lt, le, gt, ge, index, len, print, printf,
// println, and kubectl's exists and base64decode.
// Not supported (refused with a parse error): define, template, block, break, continue, and
// the other builtins (call, html, js, urlquery, slice) — as an undefined function.

import { formatGoFloatG, goJsonMarshal, sortedGoKeys } from './yaml-json';
import { goQuote } from './jsonpath';

export class GoTemplateParseError extends Error {}
export class GoTemplateExecError extends Error {}

/** An integer: an int literal or len's result (`int`), or a whole number of the object (`int64`). */
class GoInt {
  constructor(
    readonly value: number,
    readonly type: 'int' | 'int64' = 'int',
  ) {}
}

/** Go's invalid reflect.Value: a missing map key. Prints `<no value>`. */
const MISSING = Symbol('missing');

type Value = unknown;

// ---- lexer ---------------------------------------------------------------------------------

type TokenType =
  | 'text'
  | 'open'
  | 'close'
  | 'field'
  | 'variable'
  | 'identifier'
  | 'string'
  | 'number'
  | 'bool'
  | 'nil'
  | 'dot'
  | 'lparen'
  | 'rparen'
  | 'pipe'
  | 'declare'
  | 'assign'
  | 'comma'
  | 'keyword'
  | 'eof';

interface Token {
  type: TokenType;
  text: string;
  pos: number;
  /** Whitespace came right before it (a field after a space starts a new operand). */
  spaced?: boolean;
}

const KEYWORDS = new Set(['if', 'else', 'end', 'range', 'with', 'define', 'template', 'block', 'break', 'continue']);

function lineOf(src: string, pos: number): number {
  return src.slice(0, pos).split('\n').length;
}

function lex(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const parseErr = (pos: number, msg: string) => new GoTemplateParseError(`template: output:${lineOf(src, pos)}: ${msg}`);
  while (i < src.length) {
    const open = src.indexOf('{{', i);
    const textEnd = open < 0 ? src.length : open;
    let trimLeft = false;
    if (open >= 0 && src[open + 2] === '-' && /[ \t\r\n]/.test(src[open + 3] ?? '')) trimLeft = true;
    let text = src.slice(i, textEnd);
    if (trimLeft) text = text.replace(/[ \t\r\n]+$/, '');
    if (text) tokens.push({ type: 'text', text, pos: i });
    if (open < 0) break;
    i = open + 2 + (trimLeft ? 2 : 0);
    // A comment fills the whole action.
    if (src.startsWith('/*', i)) {
      const end = src.indexOf('*/', i);
      if (end < 0) throw parseErr(i, 'unclosed comment');
      let j = end + 2;
      let trimRight = false;
      if (src.startsWith(' -}}', j)) {
        trimRight = true;
        j += 4;
      } else if (src.startsWith('}}', j)) j += 2;
      else throw parseErr(j, 'comment ends before closing delimiter');
      i = j;
      if (trimRight) while (i < src.length && /[ \t\r\n]/.test(src[i])) i++;
      continue;
    }
    tokens.push({ type: 'open', text: '{{', pos: open });
    let spaced = false;
    for (;;) {
      if (i >= src.length) throw parseErr(i, 'unclosed action');
      const c = src[i];
      if (/[ \t\r\n]/.test(c)) {
        if (c === '\n') throw parseErr(i, 'unclosed action');
        // ` -}}` closes with trimming.
        if (src.startsWith('-}}', i + 1) && c !== '\n') {
          tokens.push({ type: 'close', text: '}}', pos: i });
          i += 4;
          while (i < src.length && /[ \t\r\n]/.test(src[i])) i++;
          break;
        }
        i++;
        spaced = true;
        continue;
      }
      const before = tokens.length;
      if (src.startsWith('}}', i)) {
        tokens.push({ type: 'close', text: '}}', pos: i });
        i += 2;
        break;
      }
      const start = i;
      if (c === '"') {
        let j = i + 1;
        while (j < src.length && src[j] !== '"') {
          if (src[j] === '\\') j++;
          if (src[j] === '\n') throw parseErr(j, 'unterminated quoted string');
          j++;
        }
        if (j >= src.length) throw parseErr(i, 'unterminated quoted string');
        tokens.push({ type: 'string', text: unquote(src.slice(i, j + 1)), pos: start });
        i = j + 1;
      } else if (c === '`') {
        const j = src.indexOf('`', i + 1);
        if (j < 0) throw parseErr(i, 'unterminated raw quoted string');
        tokens.push({ type: 'string', text: src.slice(i + 1, j), pos: start });
        i = j + 1;
      } else if (c === '$') {
        let j = i + 1;
        while (j < src.length && /[\w]/.test(src[j])) j++;
        tokens.push({ type: 'variable', text: src.slice(i, j), pos: start });
        i = j;
      } else if (c === '.') {
        if (/[\w]/.test(src[i + 1] ?? '') && !/\d/.test(src[i + 1])) {
          let j = i + 1;
          while (j < src.length && /[\w]/.test(src[j])) j++;
          tokens.push({ type: 'field', text: src.slice(i + 1, j), pos: start });
          i = j;
        } else if (/\d/.test(src[i + 1] ?? '')) {
          const m = /^\.\d+([eE][+-]?\d+)?/.exec(src.slice(i))!;
          tokens.push({ type: 'number', text: m[0], pos: start });
          i += m[0].length;
        } else {
          tokens.push({ type: 'dot', text: '.', pos: start });
          i++;
        }
      } else if (/[+\-\d]/.test(c)) {
        const m = /^[+-]?(0[xX][0-9a-fA-F_]+|\d[\d_]*(\.\d*)?([eE][+-]?\d+)?)/.exec(src.slice(i));
        if (!m) throw parseErr(i, `unexpected "${c}" in command`);
        tokens.push({ type: 'number', text: m[0], pos: start });
        i += m[0].length;
      } else if (/[A-Za-z_]/.test(c)) {
        let j = i;
        while (j < src.length && /[\w]/.test(src[j])) j++;
        const word = src.slice(i, j);
        const type: TokenType = KEYWORDS.has(word)
          ? 'keyword'
          : word === 'true' || word === 'false'
            ? 'bool'
            : word === 'nil'
              ? 'nil'
              : 'identifier';
        tokens.push({ type, text: word, pos: start });
        i = j;
      } else if (c === '(') {
        tokens.push({ type: 'lparen', text: c, pos: start });
        i++;
      } else if (c === ')') {
        tokens.push({ type: 'rparen', text: c, pos: start });
        i++;
      } else if (c === '|') {
        tokens.push({ type: 'pipe', text: c, pos: start });
        i++;
      } else if (c === ',') {
        tokens.push({ type: 'comma', text: c, pos: start });
        i++;
      } else if (src.startsWith(':=', i)) {
        tokens.push({ type: 'declare', text: ':=', pos: start });
        i += 2;
      } else if (c === '=') {
        tokens.push({ type: 'assign', text: '=', pos: start });
        i++;
      } else if (c === "'") {
        const m = /^'(\\.|[^\\'])'/.exec(src.slice(i));
        if (!m) throw parseErr(i, 'unterminated character constant');
        tokens.push({ type: 'number', text: String(unquote(`"${m[1]}"`).codePointAt(0)), pos: start });
        i += m[0].length;
      } else {
        throw parseErr(i, `bad character U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} '${c}'`);
      }
      if (tokens.length > before) tokens[before].spaced = spaced;
      spaced = false;
    }
  }
  tokens.push({ type: 'eof', text: '', pos: src.length });
  return tokens;
}

/** strconv.Unquote of a double-quoted Go string. */
function unquote(q: string): string {
  const body = q.slice(1, -1);
  return body.replace(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|[0-7]{3}|.)/g, (_, e: string) => {
    switch (e[0]) {
      case 'n':
        return '\n';
      case 't':
        return '\t';
      case 'r':
        return '\r';
      case 'a':
        return '\x07';
      case 'b':
        return '\b';
      case 'f':
        return '\f';
      case 'v':
        return '\v';
      case 'x':
      case 'u':
      case 'U':
        return String.fromCodePoint(parseInt(e.slice(1), 16));
      default:
        return /[0-7]/.test(e[0]) ? String.fromCharCode(parseInt(e, 8)) : e;
    }
  });
}

// ---- parser --------------------------------------------------------------------------------

type Node =
  | { kind: 'text'; text: string }
  | { kind: 'action'; pipe: Pipeline; pos: number }
  | { kind: 'if' | 'with' | 'range'; pipe: Pipeline; list: Node[]; elseList: Node[]; pos: number };

interface Pipeline {
  decl: string[];
  assign: boolean;
  cmds: Command[];
  pos: number;
  source: string;
}

interface Command {
  args: Arg[];
  pos: number;
  /** The command as written (what an error shows in `at <…>`). */
  source: string;
}

type Arg =
  | { kind: 'dot' }
  | { kind: 'field'; fields: string[]; pos: number }
  | { kind: 'variable'; name: string; fields: string[]; pos: number }
  | { kind: 'chain'; pipe: Pipeline; fields: string[]; pos: number }
  | { kind: 'function'; name: string }
  | { kind: 'string'; value: string }
  | { kind: 'number'; value: GoInt | number }
  | { kind: 'bool'; value: boolean }
  | { kind: 'nil' };

const FUNCTIONS = new Set([
  'and',
  'or',
  'not',
  'eq',
  'ne',
  'lt',
  'le',
  'gt',
  'ge',
  'index',
  'len',
  'print',
  'printf',
  'println',
  'exists',
  'base64decode',
]);

class Parser {
  private i = 0;
  private readonly vars: string[][] = [['$']];

  constructor(
    private readonly src: string,
    private readonly tokens: Token[],
  ) {}

  private peek(): Token {
    return this.tokens[Math.min(this.i, this.tokens.length - 1)];
  }

  /** The next token; EOF again and again once the end is reached. */
  private next(): Token {
    const t = this.peek();
    if (this.i < this.tokens.length) this.i++;
    return t;
  }

  private error(pos: number, msg: string): GoTemplateParseError {
    return new GoTemplateParseError(`template: output:${lineOf(this.src, pos)}: ${msg}`);
  }

  parseTemplate(): Node[] {
    const { list, end } = this.parseList();
    if (end) throw this.error(end.pos, `unexpected {{${end.text}}}`);
    return list;
  }

  /** Nodes up to `{{end}}` / `{{else…}}` (returned, consumed up to the keyword) or EOF. */
  private parseList(): { list: Node[]; end?: Token } {
    const list: Node[] = [];
    for (;;) {
      const t = this.next();
      if (t.type === 'eof') return { list };
      if (t.type === 'text') {
        list.push({ kind: 'text', text: t.text });
        continue;
      }
      // open
      const k = this.peek();
      if (k.type === 'keyword') {
        if (k.text === 'end' || k.text === 'else') {
          this.next();
          return { list, end: k };
        }
        this.next();
        if (k.text === 'if' || k.text === 'with' || k.text === 'range') {
          list.push(this.parseControl(k.text, k.pos));
          continue;
        }
        throw this.error(k.pos, `{{${k.text}}} is not supported by the playground's go-template printer`);
      }
      const pipe = this.parsePipeline(false);
      this.expectClose();
      list.push({ kind: 'action', pipe, pos: t.pos });
    }
  }

  private expectClose(): void {
    const t = this.next();
    if (t.type !== 'close') throw this.error(t.pos, `unexpected ${describe(t)} in command`);
  }

  private parseControl(kind: 'if' | 'with' | 'range', pos: number): Node {
    this.vars.push([]);
    const pipe = this.parsePipeline(kind === 'range');
    this.expectClose();
    const { list, end } = this.parseList();
    if (!end) throw this.error(this.peek().pos, 'unexpected EOF');
    let elseList: Node[] = [];
    if (end.text === 'else') {
      // `{{else if …}}` / `{{else with …}}`: a nested control that shares the {{end}}.
      const k = this.peek();
      if (
        (kind === 'if' && k.type === 'keyword' && k.text === 'if') ||
        (kind === 'with' && k.type === 'keyword' && k.text === 'with')
      ) {
        this.next();
        elseList = [this.parseControl(kind, k.pos)];
      } else {
        this.expectClose();
        const rest = this.parseList();
        if (!rest.end) throw this.error(this.peek().pos, 'unexpected EOF');
        if (rest.end.text !== 'end') throw this.error(rest.end.pos, 'expected end; found {{else}}');
        this.expectClose();
        elseList = rest.list;
      }
    } else {
      this.expectClose();
    }
    this.vars.pop();
    return { kind, pipe, list, elseList, pos };
  }

  private declared(name: string): boolean {
    return this.vars.some((scope) => scope.includes(name));
  }

  private parsePipeline(allowTwo: boolean): Pipeline {
    const start = this.peek().pos;
    const decl: string[] = [];
    let assign = false;
    // `$x :=`, `$x =`, `$i, $e :=`.
    const save = this.i;
    if (this.peek().type === 'variable') {
      const v1 = this.next();
      if (this.peek().type === 'declare' || this.peek().type === 'assign') {
        assign = this.next().type === 'assign';
        decl.push(v1.text);
      } else if (this.peek().type === 'comma' && allowTwo) {
        this.next();
        const v2 = this.next();
        if (v2.type !== 'variable') throw this.error(v2.pos, 'too many declarations in range');
        if (this.peek().type !== 'declare' && this.peek().type !== 'assign')
          throw this.error(v2.pos, 'missing := after variables');
        assign = this.next().type === 'assign';
        decl.push(v1.text, v2.text);
      } else {
        this.i = save;
      }
    }
    for (const d of decl) {
      if (assign && !this.declared(d)) throw this.error(start, `undefined variable "${d}"`);
      if (!assign) this.vars[this.vars.length - 1].push(d);
    }
    const cmds: Command[] = [];
    for (;;) {
      const t = this.peek();
      if (t.type === 'close' || t.type === 'rparen') break;
      cmds.push(this.parseCommand());
      if (this.peek().type === 'pipe') {
        this.next();
        continue;
      }
    }
    if (cmds.length === 0) throw this.error(start, 'missing value for command');
    const endPos = this.peek().pos;
    return { decl, assign, cmds, pos: start, source: this.src.slice(start, endPos).trim() };
  }

  private parseCommand(): Command {
    const pos = this.peek().pos;
    const args: Arg[] = [];
    for (;;) {
      const t = this.peek();
      if (t.type === 'close' || t.type === 'rparen' || t.type === 'pipe') break;
      if (t.type === 'eof' || t.type === 'text') throw this.error(t.pos, 'unclosed action');
      args.push(this.parseOperand());
    }
    if (args.length === 0) throw this.error(pos, 'missing value for command');
    return { args, pos, source: this.src.slice(pos, this.peek().pos).trim() };
  }

  /** The fields chained after a term, and the position Go gives the node: the first chained field's. */
  private fieldsAfter(termPos: number): { fields: string[]; pos: number } {
    const fields: string[] = [];
    const pos = this.peek().type === 'field' && !this.peek().spaced ? this.peek().pos : termPos;
    while (this.peek().type === 'field' && !this.peek().spaced) fields.push(this.next().text);
    return { fields, pos };
  }

  private parseOperand(): Arg {
    const t = this.next();
    switch (t.type) {
      case 'dot':
        return { kind: 'dot' };
      case 'field': {
        const after = this.fieldsAfter(t.pos);
        return { kind: 'field', fields: [t.text, ...after.fields], pos: after.pos };
      }
      case 'variable': {
        if (!this.declared(t.text)) throw this.error(t.pos, `undefined variable "${t.text}"`);
        const after = this.fieldsAfter(t.pos);
        return { kind: 'variable', name: t.text, fields: after.fields, pos: after.pos };
      }
      case 'identifier':
        if (!FUNCTIONS.has(t.text)) throw this.error(t.pos, `function "${t.text}" not defined`);
        return { kind: 'function', name: t.text };
      case 'string':
        return { kind: 'string', value: t.text };
      case 'bool':
        return { kind: 'bool', value: t.text === 'true' };
      case 'nil':
        return { kind: 'nil' };
      case 'number':
        return { kind: 'number', value: parseNumber(t.text, (m) => this.error(t.pos, m)) };
      case 'lparen': {
        const pipe = this.parsePipeline(false);
        const close = this.next();
        if (close.type !== 'rparen') throw this.error(close.pos, 'unclosed left paren');
        const after = this.fieldsAfter(t.pos);
        return { kind: 'chain', pipe, fields: after.fields, pos: after.pos };
      }
      default:
        throw this.error(t.pos, `unexpected ${describe(t)} in operand`);
    }
  }
}

function describe(t: Token): string {
  if (t.type === 'eof') return 'EOF';
  if (t.type === 'close') return '"}}"';
  if (t.type === 'keyword') return `<${t.text}>`;
  return `"${t.text}"`;
}

function parseNumber(text: string, fail: (m: string) => Error): GoInt | number {
  const clean = text.replace(/_/g, '');
  if (/^[+-]?0[xX]/.test(clean)) return new GoInt(parseInt(clean, 16));
  if (/^[+-]?\d+$/.test(clean)) return new GoInt(Number(clean));
  const n = Number(clean);
  if (Number.isNaN(n)) throw fail(`illegal number syntax: "${text}"`);
  return n;
}

// ---- values --------------------------------------------------------------------------------

type Kind = 'invalid' | 'nil' | 'string' | 'bool' | 'int' | 'float' | 'slice' | 'map';

function kindOf(v: Value): Kind {
  if (v === MISSING || v === undefined) return 'invalid';
  if (v === null) return 'nil';
  if (v instanceof GoInt) return 'int';
  if (typeof v === 'number') return 'float';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  if (Array.isArray(v)) return 'slice';
  return 'map';
}

function typeName(v: Value): string {
  if (v instanceof GoInt) return v.type;
  return {
    invalid: '<nil>',
    nil: 'interface {}',
    string: 'string',
    bool: 'bool',
    int: 'int',
    float: 'float64',
    slice: '[]interface {}',
    map: 'map[string]interface {}',
  }[kindOf(v)];
}

/** fmt's %v. Inside composites a nil prints `<nil>`. */
function sprintV(v: Value): string {
  switch (kindOf(v)) {
    case 'invalid':
      return '<no value>';
    case 'nil':
      return '<nil>';
    case 'string':
      return v as string;
    case 'bool':
      return String(v);
    case 'int':
      return String((v as GoInt).value);
    case 'float':
      return formatGoFloatG(v as number);
    case 'slice':
      return `[${(v as Value[]).map(sprintV).join(' ')}]`;
    case 'map': {
      const m = v as Record<string, Value>;
      return `map[${sortedGoKeys(m)
        .map((k) => `${k}:${sprintV(m[k])}`)
        .join(' ')}]`;
    }
  }
}

/** What an action prints: text/template's printValue (a nil interface is `<no value>`). */
function printed(v: Value): string {
  const k = kindOf(v);
  if (k === 'invalid' || k === 'nil') return '<no value>';
  return sprintV(v);
}

function truth(v: Value): boolean {
  switch (kindOf(v)) {
    case 'invalid':
    case 'nil':
      return false;
    case 'string':
      return (v as string).length > 0;
    case 'bool':
      return v as boolean;
    case 'int':
      return (v as GoInt).value !== 0;
    case 'float':
      return (v as number) !== 0;
    case 'slice':
      return (v as Value[]).length > 0;
    case 'map':
      return Object.keys(v as object).length > 0;
  }
}

function num(v: Value): number {
  return v instanceof GoInt ? v.value : (v as number);
}

// ---- printf --------------------------------------------------------------------------------

/** fmt.Sprintf for the verbs templates use: %v %s %d %q %f %e %g %t %x %X %c %%, flags, width, precision. */
function sprintf(format: string, args: Value[]): string {
  let out = '';
  let argi = 0;
  const re = /%([-+# 0]*)(\d+|\*)?(?:\.(\d+|\*)?)?([a-zA-Z%])/g;
  let last = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(format))) {
    out += format.slice(last, m.index);
    last = re.lastIndex;
    const [, flags, widthText, precText, verb] = m;
    if (verb === '%') {
      out += '%';
      continue;
    }
    if (argi >= args.length) {
      out += `%!${verb}(MISSING)`;
      continue;
    }
    const arg = args[argi++];
    const width = widthText ? Number(widthText) : undefined;
    const prec = precText !== undefined ? Number(precText || 0) : undefined;
    const text = formatVerb(verb, arg, flags, prec);
    out += pad(text, width, flags.includes('-'), flags.includes('0') && verb !== 's' && verb !== 'v' && verb !== 'q');
  }
  out += format.slice(last);
  if (argi < args.length) {
    out += `%!(EXTRA ${args
      .slice(argi)
      .map((a) => `${typeName(a)}=${sprintV(a)}`)
      .join(', ')})`;
  }
  return out;
}

function pad(text: string, width: number | undefined, left: boolean, zero: boolean): string {
  if (width === undefined || text.length >= width) return text;
  if (width > MAX_OUTPUT_CHARS)
    throw new GoTemplateExecError(`template: output: a printf width of ${width} is more than the playground prints`);
  if (left) return text.padEnd(width);
  if (zero) {
    const sign = /^[+-]/.test(text) ? text[0] : '';
    return sign + text.slice(sign.length).padStart(width - sign.length, '0');
  }
  return text.padStart(width);
}

/** fmt's bad-verb form; the value is printed with %v under the verb's precision (`%!f(int64=02)`). */
function badVerb(verb: string, v: Value, prec?: number): string {
  const k = kindOf(v);
  if (k === 'invalid') return `%!${verb}(<nil>)`;
  let text = sprintV(v);
  if (k === 'int' && prec !== undefined)
    text = text.startsWith('-') ? `-${text.slice(1).padStart(prec, '0')}` : text.padStart(prec, '0');
  return `%!${verb}(${typeName(v)}=${text})`;
}

function formatVerb(verb: string, v: Value, flags: string, prec: number | undefined): string {
  const k = kindOf(v);
  const plus = flags.includes('+');
  switch (verb) {
    case 'v':
      if (k === 'nil' || k === 'invalid') return '<nil>';
      if (k === 'string' && flags.includes('#')) return goQuote(v as string);
      return sprintV(v);
    case 's':
      if (k === 'string') return prec !== undefined ? (v as string).slice(0, prec) : (v as string);
      if (k === 'slice' || k === 'map') return sprintV(v);
      return badVerb(verb, v, prec);
    case 'q':
      if (k === 'string') return goQuote(v as string);
      if (k === 'int') return `'${String.fromCodePoint(num(v))}'`;
      return badVerb(verb, v, prec);
    case 'd':
      if (k === 'int') return `${plus && num(v) >= 0 ? '+' : ''}${num(v)}`;
      return badVerb(verb, v, prec);
    case 'x':
    case 'X':
      if (k === 'int') {
        const s = num(v).toString(16);
        return verb === 'X' ? s.toUpperCase() : s;
      }
      if (k === 'string') {
        const s = [...new TextEncoder().encode(v as string)].map((b) => b.toString(16).padStart(2, '0')).join('');
        return verb === 'X' ? s.toUpperCase() : s;
      }
      return badVerb(verb, v, prec);
    case 'c':
      if (k === 'int') return String.fromCodePoint(num(v));
      return badVerb(verb, v, prec);
    case 't':
      if (k === 'bool') return String(v);
      return badVerb(verb, v, prec);
    case 'f':
    case 'F':
      if (k === 'float') return `${plus && (v as number) >= 0 ? '+' : ''}${(v as number).toFixed(prec ?? 6)}`;
      return badVerb(verb, v, prec);
    case 'e':
      if (k === 'float') {
        const s = (v as number).toExponential(prec ?? 6);
        return s.replace(/e([+-])(\d)$/, 'e$10$2');
      }
      return badVerb(verb, v, prec);
    case 'g':
      if (k === 'float')
        return prec === undefined ? formatGoFloatG(v as number) : String(Number((v as number).toPrecision(prec || 1)));
      return badVerb(verb, v, prec);
    default:
      return badVerb(verb, v, prec);
  }
}

// ---- execution -----------------------------------------------------------------------------

interface Scope {
  dot: Value;
  vars: Map<string, Value>[];
}

/** The playground's bound on one template's output (a `range 1000000000` would never end). */
const MAX_OUTPUT_CHARS = 4 * 1024 * 1024;

class Executor {
  out = '';
  private steps = 0;

  constructor(private readonly src: string) {}

  private fail(pos: number, node: string, msg: string): GoTemplateExecError {
    const before = this.src.slice(0, pos);
    const nl = before.lastIndexOf('\n');
    const col = nl < 0 ? pos : pos - (nl + 1);
    return new GoTemplateExecError(`template: output:${lineOf(this.src, pos)}:${col}: executing "output" at <${node}>: ${msg}`);
  }

  run(nodes: Node[], scope: Scope): void {
    for (const n of nodes) this.node(n, scope);
  }

  private lookup(scope: Scope, name: string): Value {
    for (let i = scope.vars.length - 1; i >= 0; i--) if (scope.vars[i].has(name)) return scope.vars[i].get(name);
    return MISSING;
  }

  private setVar(scope: Scope, name: string, value: Value, assign: boolean): void {
    if (assign) {
      for (let i = scope.vars.length - 1; i >= 0; i--) {
        if (scope.vars[i].has(name)) {
          scope.vars[i].set(name, value);
          return;
        }
      }
    }
    scope.vars[scope.vars.length - 1].set(name, value);
  }

  private node(n: Node, scope: Scope): void {
    if (this.out.length > MAX_OUTPUT_CHARS || ++this.steps > 10_000_000) {
      throw new GoTemplateExecError(
        'template: output: the playground stops a template after 4 MiB of output or 10 million steps',
      );
    }
    switch (n.kind) {
      case 'text':
        this.out += n.text;
        return;
      case 'action': {
        const v = this.pipeline(n.pipe, scope);
        if (n.pipe.decl.length === 0) this.out += printed(v);
        return;
      }
      case 'if':
      case 'with': {
        const inner: Scope = { dot: scope.dot, vars: [...scope.vars, new Map()] };
        const v = this.pipeline(n.pipe, inner);
        if (truth(v)) this.run(n.list, n.kind === 'with' ? { dot: v, vars: inner.vars } : inner);
        else this.run(n.elseList, inner);
        return;
      }
      case 'range': {
        const inner: Scope = { dot: scope.dot, vars: [...scope.vars, new Map()] };
        const decl = n.pipe.decl;
        const v = this.pipeline({ ...n.pipe, decl: [] }, inner);
        const entries: [Value, Value][] = [];
        switch (kindOf(v)) {
          case 'slice':
            (v as Value[]).forEach((e, i) => entries.push([new GoInt(i), e]));
            break;
          case 'map': {
            const m = v as Record<string, Value>;
            for (const k of sortedGoKeys(m)) entries.push([k, m[k]]);
            break;
          }
          case 'int':
            if (num(v) > 1_000_000)
              throw new GoTemplateExecError('template: output: the playground ranges over at most 1,000,000 integers');
            for (let i = 0; i < num(v); i++) entries.push([new GoInt(i), new GoInt(i)]);
            break;
          case 'invalid':
          case 'nil':
            break;
          default:
            throw this.fail(n.pipe.pos, n.pipe.source, `range can't iterate over ${sprintV(v)}`);
        }
        if (entries.length === 0) {
          this.run(n.elseList, inner);
          return;
        }
        for (const [key, elem] of entries) {
          const iter: Scope = { dot: elem, vars: [...inner.vars, new Map()] };
          if (decl.length === 1) this.setVar(iter, decl[0], elem, n.pipe.assign);
          if (decl.length === 2) {
            this.setVar(iter, decl[0], key, n.pipe.assign);
            this.setVar(iter, decl[1], elem, n.pipe.assign);
          }
          this.run(n.list, iter);
        }
        return;
      }
    }
  }

  private pipeline(pipe: Pipeline, scope: Scope): Value {
    let value: Value = MISSING;
    let hasFinal = false;
    for (const cmd of pipe.cmds) {
      value = this.command(cmd, scope, hasFinal ? value : undefined, hasFinal, pipe);
      hasFinal = true;
    }
    for (const d of pipe.decl) this.setVar(scope, d, value, pipe.assign);
    return value;
  }

  private command(cmd: Command, scope: Scope, final: Value, hasFinal: boolean, pipe: Pipeline): Value {
    const [first, ...rest] = cmd.args;
    if (first.kind === 'function') {
      const args = rest.map((a) => this.arg(a, scope, pipe));
      if (hasFinal) args.push(final);
      return this.call(first.name, args, cmd);
    }
    if (rest.length > 0 || hasFinal) {
      throw this.fail(cmd.pos, cmd.source, `can't give argument to non-function ${argText(first)}`);
    }
    return this.arg(first, scope, pipe);
  }

  private arg(a: Arg, scope: Scope, pipe: Pipeline): Value {
    switch (a.kind) {
      case 'dot':
        return scope.dot;
      case 'field':
        return this.fields(scope.dot, a.fields, a.pos, argText(a));
      case 'variable':
        return this.fields(this.lookup(scope, a.name), a.fields, a.pos, argText(a));
      case 'chain':
        return this.fields(this.pipeline(a.pipe, scope), a.fields, a.pos, argText(a));
      case 'string':
        return a.value;
      case 'number':
        return a.value;
      case 'bool':
        return a.value;
      case 'nil':
        return null;
      case 'function':
        return this.call(a.name, [], { args: [a], pos: pipe.pos, source: a.name });
    }
  }

  private fields(v: Value, names: string[], at: number, text: string): Value {
    let cur = v;
    for (const name of names) {
      const k = kindOf(cur);
      // A missing key or nil along the way yields the zero value (missingkey=default).
      if (k === 'invalid' || k === 'nil') return MISSING;
      // Values inside the object are interfaces: that is the type Go names.
      if (k !== 'map') throw this.fail(at, text, `can't evaluate field ${name} in type interface {}`);
      const m = cur as Record<string, Value>;
      cur = Object.hasOwn(m, name) ? m[name] : MISSING;
    }
    return cur;
  }

  private call(name: string, args: Value[], cmd: Command): Value {
    const fail = (msg: string) => this.fail(cmd.pos, cmd.source, `error calling ${name}: ${msg}`);
    const arity = (n: number) => {
      if (args.length !== n)
        throw this.fail(cmd.pos, cmd.source, `wrong number of args for ${name}: want ${n} got ${args.length}`);
    };
    switch (name) {
      case 'and': {
        if (args.length === 0) throw this.fail(cmd.pos, cmd.source, 'wrong number of args for and: want at least 1 got 0');
        for (const a of args) if (!truth(a)) return a;
        return args[args.length - 1];
      }
      case 'or': {
        if (args.length === 0) throw this.fail(cmd.pos, cmd.source, 'wrong number of args for or: want at least 1 got 0');
        for (const a of args) if (truth(a)) return a;
        return args[args.length - 1];
      }
      case 'not':
        arity(1);
        return !truth(args[0]);
      case 'len': {
        arity(1);
        const k = kindOf(args[0]);
        if (k === 'string') return new GoInt(new TextEncoder().encode(args[0] as string).length);
        if (k === 'slice') return new GoInt((args[0] as Value[]).length);
        if (k === 'map') return new GoInt(Object.keys(args[0] as object).length);
        throw fail(`len of ${k === 'invalid' || k === 'nil' ? 'nil pointer' : `type ${typeName(args[0])}`}`);
      }
      case 'index': {
        if (args.length === 0) throw this.fail(cmd.pos, cmd.source, 'wrong number of args for index: want at least 1 got 0');
        let cur = args[0];
        for (const idx of args.slice(1)) {
          const k = kindOf(cur);
          if (k === 'map') {
            if (kindOf(idx) !== 'string') throw fail(`value has type ${typeName(idx)}; should be string`);
            const m = cur as Record<string, Value>;
            cur = Object.hasOwn(m, idx as string) ? m[idx as string] : MISSING;
          } else if (k === 'slice' || k === 'string') {
            if (kindOf(idx) !== 'int') throw fail(`cannot index slice/array with type ${typeName(idx)}`);
            const n = num(idx);
            const len = k === 'slice' ? (cur as Value[]).length : (cur as string).length;
            if (n < 0 || n >= len) throw fail(`index out of range: ${n}`);
            cur = k === 'slice' ? (cur as Value[])[n] : new GoInt((cur as string).charCodeAt(n));
          } else if (k === 'invalid' || k === 'nil') {
            throw fail('index of untyped nil');
          } else {
            throw fail(`can't index item of type ${typeName(cur)}`);
          }
        }
        return cur;
      }
      case 'print':
        return goSprint(args);
      case 'println':
        return `${args.map(sprintV).join(' ')}\n`;
      case 'printf': {
        if (args.length === 0 || kindOf(args[0]) !== 'string') {
          throw this.fail(cmd.pos, cmd.source, `wrong type for value; expected string; got ${typeName(args[0])}`);
        }
        return sprintf(args[0] as string, args.slice(1));
      }
      case 'eq': {
        if (args.length < 2) throw fail('missing argument for comparison');
        return args.slice(1).some((b) => compare(args[0], b, fail) === 0);
      }
      case 'ne':
        arity(2);
        return compare(args[0], args[1], fail) !== 0;
      case 'lt':
      case 'le':
      case 'gt':
      case 'ge': {
        arity(2);
        const c = compare(args[0], args[1], fail, true);
        return name === 'lt' ? c < 0 : name === 'le' ? c <= 0 : name === 'gt' ? c > 0 : c >= 0;
      }
      case 'exists': {
        // kubectl's exists(item, indices...): whether the path of map keys / list indexes exists.
        let cur = args[0];
        for (const idx of args.slice(1)) {
          const k = kindOf(cur);
          if (k === 'map' && typeof idx === 'string' && Object.hasOwn(cur as object, idx))
            cur = (cur as Record<string, Value>)[idx];
          else if (k === 'slice' && kindOf(idx) === 'int' && num(idx) >= 0 && num(idx) < (cur as Value[]).length)
            cur = (cur as Value[])[num(idx)];
          else return false;
        }
        return true;
      }
      case 'base64decode': {
        arity(1);
        if (kindOf(args[0]) !== 'string') throw fail(`wrong type for value; expected string; got ${typeName(args[0])}`);
        const s = args[0] as string;
        if (!/^[A-Za-z0-9+/]*={0,2}$/.test(s) || s.length % 4 !== 0)
          throw fail(`base64 decode failed: illegal base64 data at input byte ${firstBadBase64(s)}`);
        return new TextDecoder().decode(Uint8Array.from(atob(s), (c) => c.charCodeAt(0)));
      }
      default:
        throw this.fail(cmd.pos, cmd.source, `function "${name}" not defined`);
    }
  }
}

function firstBadBase64(s: string): number {
  const i = s.search(/[^A-Za-z0-9+/=]/);
  return i >= 0 ? i : s.length - (s.length % 4);
}

/** fmt.Sprint: spaces between operands when neither side is a string. */
function goSprint(args: Value[]): string {
  let out = '';
  args.forEach((a, i) => {
    if (i > 0 && kindOf(a) !== 'string' && kindOf(args[i - 1]) !== 'string') out += ' ';
    out += kindOf(a) === 'invalid' ? '<nil>' : sprintV(a);
  });
  return out;
}

/** text/template's eq/lt: same basic kind (ints with ints, floats with floats, strings…). */
function compare(a: Value, b: Value, fail: (m: string) => Error, ordered = false): number {
  const ka = kindOf(a);
  const kb = kindOf(b);
  if (ka !== kb) {
    if ((ka === 'nil' || ka === 'invalid') && !ordered) return kb === 'nil' || kb === 'invalid' ? 0 : 1;
    throw fail('incompatible types for comparison');
  }
  switch (ka) {
    case 'int':
    case 'float':
      return num(a) - num(b);
    case 'string':
      return a === b ? 0 : (a as string) < (b as string) ? -1 : 1;
    case 'bool':
      if (ordered) throw fail('invalid type for comparison');
      return a === b ? 0 : 1;
    case 'nil':
    case 'invalid':
      if (ordered) throw fail('invalid type for comparison');
      return 0;
    default:
      throw fail(ordered ? 'invalid type for comparison' : 'non-comparable type');
  }
}

function argText(a: Arg): string {
  switch (a.kind) {
    case 'dot':
      return '.';
    case 'field':
      return `.${a.fields.join('.')}`;
    case 'variable':
      return a.name + a.fields.map((f) => `.${f}`).join('');
    case 'string':
      return goQuote(a.value);
    case 'number':
      return String(num(a.value));
    case 'bool':
      return String(a.value);
    default:
      return a.kind;
  }
}

/** The object as kubectl's unstructured decoding holds it: whole numbers int64. */
function unstructured(data: unknown): Value {
  return JSON.parse(JSON.stringify(data), (_k, v: unknown) =>
    typeof v === 'number' && Number.isInteger(v) ? new GoInt(v, 'int64') : v,
  ) as Value;
}

/** A parsed template, executed once per object (the printer's PrintObj). */
export class GoTemplate {
  private constructor(
    private readonly src: string,
    private readonly nodes: Node[],
  ) {}

  /** Throws GoTemplateParseError with Go's message (`template: output:1: …`). */
  static parse(src: string): GoTemplate {
    const nodes = new Parser(src, lex(src)).parseTemplate();
    return new GoTemplate(src, nodes);
  }

  /**
   * Runs over the JSON form of `data` (numbers become float64). Throws GoTemplateExecError;
   * `partial` is what was printed before the error (Go writes as it goes).
   */
  execute(data: unknown): string {
    const decoded = unstructured(data);
    const exec = new Executor(this.src);
    try {
      exec.run(this.nodes, { dot: decoded, vars: [new Map([['$', decoded]])] });
    } catch (e) {
      if (e instanceof GoTemplateExecError) throw Object.assign(e, { partial: exec.out });
      throw e;
    }
    return exec.out;
  }
}

/** What kubectl's GoTemplatePrinter writes on stdout when the template fails on an object. */
export function goTemplateDebugText(template: string, data: unknown, error: string): string {
  const decoded = unstructured(data);
  return (
    `Error executing template: ${error}. Printing more information for debugging the template:\n` +
    `\ttemplate was:\n\t\t${template}\n` +
    `\traw data was:\n\t\t${goJsonMarshal(data)}\n` +
    `\tobject given to template engine was:\n\t\t${sprintV(decoded)}\n\n`
  );
}
