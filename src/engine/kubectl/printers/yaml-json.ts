// `kubectl get -o json` and `-o yaml`, byte for byte.
//
// JSON: cli-runtime's JSONPrinter runs encoding/json MarshalIndent(obj, "", "    ") on the unstructured
// object and appends "\n". Unstructured content is a tree of Go maps, so every object's keys come out
// sorted (byte order), strings get Go's escaping (including the HTML-safe \u003c \u003e \u0026 and
// \u2028 \u2029), integers print in decimal and other numbers the way Go prints float64 in JSON.
//
// YAML: the YAMLPrinter calls sigs.k8s.io/yaml.Marshal, which marshals to JSON, re-reads that JSON with
// go-yaml v2 and emits it again with go-yaml v2 (a Go port of libyaml). What that implies, and what this
// file reproduces:
//  * map keys sorted with go-yaml's own order (runs of digits compare numerically, non-letters sort before
//    letters: "a2" < "a10", "_x" < "Z");
//  * 2-space indentation, block sequences not indented under their parent key (`containers:\n- name: x`),
//    empty maps and lists written `{}` / `[]`, null written `null`;
//  * strings plain when possible; double-quoted when the plain text would read back as something else
//    (a number "80", a bool "true"/"yes"/"on"/"y", null "" / "~", a timestamp "2026-01-01T00:00:00Z", a
//    base-60 number "1:20"); single-quoted when plain is impossible for syntax reasons (leading "*", "&",
//    "- ", ": " inside, " #", leading/trailing spaces, ...); double-quoted with escapes when the text
//    has characters YAML cannot show raw (tabs, control characters, characters outside the BMP);
//    literal blocks `|`, `|-`, `|+` for multi-line strings unless a line ends in a space (then
//    double-quoted);
//  * lines are folded at spaces once they pass column 80 (best_width), continuing two spaces deeper;
//  * non-integral numbers in Go's strconv 'g' form (0.5, 1.5e+07, 1e-06).

// ---------------------------------------------------------------------------------------------------
// Go number formatting

/** Largest magnitude Go keeps as int64 when decoding JSON into unstructured content. */
const INT64_LIMIT = 2 ** 63;

/** True when a JSON number would be an int64 in Go's unstructured content (else it is a float64). */
export function isGoInteger(n: number): boolean {
  return Number.isInteger(n) && Math.abs(n) < INT64_LIMIT;
}

/**
 * Go strconv.FormatFloat(f, 'g', -1, 64), which is also what fmt's %v prints for a float64: the shortest
 * digits that round-trip, in exponent form ("1e+06", "1.5e-05") when the decimal exponent is < -4 or >= 6.
 */
export function formatGoFloatG(f: number): string {
  if (Number.isNaN(f)) return 'NaN';
  if (f === Infinity) return '+Inf';
  if (f === -Infinity) return '-Inf';
  if (f === 0) return Object.is(f, -0) ? '-0' : '0';
  const m = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(f.toExponential());
  if (!m) return String(f);
  const [, sign, first, rest = '', expText] = m;
  const digits = first + rest;
  const exp = Number(expText);
  if (exp < -4 || exp >= 6) {
    const mant = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const abs = Math.abs(exp);
    return `${sign}${mant}e${exp < 0 ? '-' : '+'}${abs < 10 ? '0' : ''}${abs}`;
  }
  // Plain decimal with exactly the significant digits.
  const dp = exp + 1; // position of the decimal point relative to the digit string
  let body: string;
  if (dp <= 0) body = '0.' + '0'.repeat(-dp) + digits;
  else if (dp >= digits.length) body = digits + '0'.repeat(dp - digits.length);
  else body = digits.slice(0, dp) + '.' + digits.slice(dp);
  return sign + body;
}

/** A number as Go's encoding/json writes it (int64 in decimal, float64 in ES-like shortest form). */
function goJsonNumber(n: number): string {
  if (!Number.isFinite(n)) throw new Error(`json: unsupported value: ${formatGoFloatG(n)}`);
  if (Object.is(n, -0)) return '-0';
  // For finite doubles Go's float encoding and ECMAScript Number::toString agree (decimal below 1e21,
  // exponent form "1e+21" / "1e-7" outside [1e-6, 1e21)).
  return String(n);
}

// ---------------------------------------------------------------------------------------------------
// Go encoding/json

/** Go's JSON string encoding with HTML escaping on (json.Marshal's default). */
export function goJsonString(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    switch (c) {
      case 0x22:
        out += '\\"';
        continue;
      case 0x5c:
        out += '\\\\';
        continue;
      case 0x0a:
        out += '\\n';
        continue;
      case 0x0d:
        out += '\\r';
        continue;
      case 0x09:
        out += '\\t';
        continue;
      case 0x08:
        out += '\\b';
        continue;
      case 0x0c:
        out += '\\f';
        continue;
      case 0x3c:
      case 0x3e:
      case 0x26:
      case 0x2028:
      case 0x2029:
        out += '\\u' + c.toString(16).padStart(4, '0');
        continue;
    }
    if (c < 0x20) {
      out += '\\u' + c.toString(16).padStart(4, '0');
      continue;
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      // A well-formed surrogate pair is one character; a lone surrogate is invalid UTF-8 → U+FFFD.
      const next = s.charCodeAt(i + 1);
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        out += s[i] + s[i + 1];
        i++;
      } else {
        out += '\\ufffd';
      }
      continue;
    }
    out += s[i];
  }
  return out + '"';
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Byte-order comparison of two strings as UTF-8 (equivalent to code point order). */
export function compareGoStrings(a: string, b: string): number {
  if (a === b) return 0;
  const ia = a[Symbol.iterator]();
  const ib = b[Symbol.iterator]();
  for (;;) {
    const x = ia.next();
    const y = ib.next();
    if (x.done) return y.done ? 0 : -1;
    if (y.done) return 1;
    const cx = x.value.codePointAt(0)!;
    const cy = y.value.codePointAt(0)!;
    if (cx !== cy) return cx < cy ? -1 : 1;
  }
}

/** Keys of a Go map in the order encoding/json and fmt print them. */
export function sortedGoKeys(obj: Record<string, unknown>): string[] {
  return Object.keys(obj)
    .filter((k) => obj[k] !== undefined)
    .sort(compareGoStrings);
}

/**
 * Go json.Marshal (indent === undefined) or json.MarshalIndent(v, "", indent) of a JSON-like value.
 * Object keys are sorted; `undefined` members are left out (arrays: written as null).
 */
export function goJsonMarshal(value: unknown, indent?: string): string {
  const nl = indent === undefined ? '' : '\n';
  const colon = indent === undefined ? ':' : ': ';
  const enc = (v: unknown, depth: number): string => {
    if (v === null || v === undefined) return 'null';
    if (typeof v === 'string') return goJsonString(v);
    if (typeof v === 'number') return goJsonNumber(v);
    if (typeof v === 'boolean') return v ? 'true' : 'false';
    if (typeof v === 'bigint') return v.toString();
    const pad = indent === undefined ? '' : indent.repeat(depth + 1);
    const closePad = indent === undefined ? '' : indent.repeat(depth);
    if (Array.isArray(v)) {
      if (v.length === 0) return '[]';
      return '[' + nl + v.map((x) => pad + enc(x, depth + 1)).join(',' + nl) + nl + closePad + ']';
    }
    if (isPlainObject(v)) {
      const keys = sortedGoKeys(v);
      if (keys.length === 0) return '{}';
      return (
        '{' + nl + keys.map((k) => pad + goJsonString(k) + colon + enc(v[k], depth + 1)).join(',' + nl) + nl + closePad + '}'
      );
    }
    throw new Error(`json: unsupported type: ${typeof v}`);
  };
  return enc(value, 0);
}

/** `kubectl get -o json` output for one object (or a List wrapper), including the final newline. */
export function toKubectlJson(obj: unknown): string {
  return goJsonMarshal(obj, '    ') + '\n';
}

/**
 * The `kind: List` wrapper `kubectl get -o json|yaml|jsonpath|...` prints whenever it has zero or several
 * objects, or objects from a listing (kubectl: pkg/cmd/get/get.go printGeneric). Only `kubectl get
 * <type> <one-name>` prints the bare object.
 */
export function kubectlList(items: unknown[]): Record<string, unknown> {
  return { apiVersion: 'v1', items, kind: 'List', metadata: { resourceVersion: '' } };
}

// ---------------------------------------------------------------------------------------------------
// go-yaml v2 scalar resolution (which strings must be quoted to read back as strings)

const YAML_MAP_VALUES = new Set([
  'y',
  'Y',
  'yes',
  'Yes',
  'YES',
  'true',
  'True',
  'TRUE',
  'on',
  'On',
  'ON',
  'n',
  'N',
  'no',
  'No',
  'NO',
  'false',
  'False',
  'FALSE',
  'off',
  'Off',
  'OFF',
  '',
  '~',
  'null',
  'Null',
  'NULL',
  '.nan',
  '.NaN',
  '.NAN',
  '.inf',
  '.Inf',
  '.INF',
  '+.inf',
  '+.Inf',
  '+.INF',
  '-.inf',
  '-.Inf',
  '-.INF',
]);

function hintOf(s: string): 'S' | 'D' | 'M' | '.' | null {
  if (s === '') return 'M'; // the empty string goes through the lookup table (→ null)
  const c = s[0];
  if (c === '+' || c === '-') return 'S';
  if (c >= '0' && c <= '9') return 'D';
  if ('yYnNtTfFoO~'.includes(c)) return 'M';
  if (c === '.') return '.';
  return null;
}

const YAML_STYLE_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;

/** Go strconv.ParseInt(s, 0, 64) or ParseUint(s, 0, 64) succeeds (underscores already removed). */
function parsesAsGoInt(s: string): boolean {
  const m = /^([+-]?)(0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+|0[0-7]*|[1-9][0-9]*)$/.exec(s);
  if (!m) return false;
  const [, sign, body] = m;
  let v: bigint;
  if (/^0[oO]/.test(body)) v = BigInt('0o' + body.slice(2));
  else if (/^0[0-7]+$/.test(body)) v = BigInt('0o' + body.slice(1));
  else v = BigInt(body);
  if (sign === '-') return v <= 2n ** 63n;
  return v < 2n ** 64n; // int64, or uint64 for the larger positives
}

function daysIn(month: number, year: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * Whether go-yaml v2 reads the plain scalar as a timestamp: Go time.Parse with one of
 * "2006-1-2T15:4:5.999999999Z07:00", "2006-1-2t15:4:5.999999999Z07:00", "2006-1-2 15:4:5.999999999",
 * "2006-1-2" (1–2 digit month/day/hour/minute/second, optional fraction, zone "Z" or ±hh:mm).
 */
function isYamlTimestamp(s: string): boolean {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})(.*)$/s.exec(s);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysIn(month, year)) return false;
  const rest = m[4];
  if (rest === '') return true;
  const t = /^([Tt ])(\d{1,2}):(\d{1,2}):(\d{1,2})(?:[.,]\d+)?(.*)$/s.exec(rest);
  if (!t) return false;
  const [, sep, hh, mm, ss, zone] = t;
  if (Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 59) return false;
  if (sep === ' ') return zone === '';
  if (zone === 'Z') return true;
  // Go accepts offsets up to 24 hours / 60 minutes (its range checks use >).
  const z = /^[+-](\d\d):(\d\d)$/.exec(zone);
  return !!z && Number(z[1]) <= 24 && Number(z[2]) <= 60;
}

/** go-yaml v2 resolve(""): does this text, written plain, read back as a string? */
export function yamlPlainIsString(s: string): boolean {
  const hint = hintOf(s);
  if (hint === null) return true;
  if (YAML_MAP_VALUES.has(s)) return false;
  switch (hint) {
    case 'M':
      return true;
    case '.':
      return !(/^\.[0-9]+([eE][-+]?[0-9]+)?$/.test(s) && Number.isFinite(Number(s)));
    default: {
      if (isYamlTimestamp(s)) return false;
      const plain = s.replace(/_/g, '');
      if (parsesAsGoInt(plain)) return false;
      if (YAML_STYLE_FLOAT.test(plain) && Number.isFinite(Number(plain))) return false;
      return true;
    }
  }
}

const BASE60_FLOAT = /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/;

function isBase60Float(s: string): boolean {
  return s !== '' && /^[-+0-9]/.test(s) && s.includes(':') && BASE60_FLOAT.test(s);
}

// ---------------------------------------------------------------------------------------------------
// go-yaml v2 key order

const LETTER = /\p{L}/u;
const DIGIT = /\p{Nd}/u;

/** go-yaml v2 keyList.Less for two string keys. */
export function yamlKeyLess(a: string, b: string): boolean {
  const ar = Array.from(a);
  const br = Array.from(b);
  for (let i = 0; i < ar.length && i < br.length; i++) {
    if (ar[i] === br[i]) continue;
    const al = LETTER.test(ar[i]);
    const bl = LETTER.test(br[i]);
    if (al && bl) return ar[i].codePointAt(0)! < br[i].codePointAt(0)!;
    if (al || bl) return bl;
    let an = 0;
    let bn = 0;
    if (ar[i] === '0' || br[i] === '0') {
      for (let j = i - 1; j >= 0 && DIGIT.test(ar[j]); j--) {
        if (ar[j] !== '0') {
          an = 1;
          bn = 1;
          break;
        }
      }
    }
    let ai = i;
    for (; ai < ar.length && DIGIT.test(ar[ai]); ai++) an = an * 10 + (ar[ai].codePointAt(0)! - 48);
    let bi = i;
    for (; bi < br.length && DIGIT.test(br[bi]); bi++) bn = bn * 10 + (br[bi].codePointAt(0)! - 48);
    if (an !== bn) return an < bn;
    if (ai !== bi) return ai < bi;
    return ar[i].codePointAt(0)! < br[i].codePointAt(0)!;
  }
  return ar.length < br.length;
}

// ---------------------------------------------------------------------------------------------------
// go-yaml v2 emitter (block style, as used for JSON-shaped data)

type ScalarStyle = 'plain' | 'single' | 'double' | 'literal';

interface ScalarAnalysis {
  multiline: boolean;
  blockPlainAllowed: boolean;
  singleQuotedAllowed: boolean;
  blockAllowed: boolean;
}

const BEST_INDENT = 2;
const BEST_WIDTH = 80;

function isBreakChar(c: string | undefined): boolean {
  return c === '\r' || c === '\n' || c === '\u0085' || c === '\u2028' || c === '\u2029';
}
function isBlankChar(c: string | undefined): boolean {
  return c === ' ' || c === '\t';
}
function isPrintableChar(c: string): boolean {
  const cp = c.codePointAt(0)!;
  return (
    cp === 0x0a || (cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd && cp !== 0xfeff)
  );
}

/** libyaml yaml_emitter_analyze_scalar (block context only matters here). */
function analyzeScalar(chars: string[]): ScalarAnalysis {
  if (chars.length === 0) {
    return { multiline: false, blockPlainAllowed: true, singleQuotedAllowed: true, blockAllowed: false };
  }
  let blockIndicators = false;
  let lineBreaks = false;
  let specialCharacters = false;
  let leadingSpace = false;
  let leadingBreak = false;
  let trailingSpace = false;
  let trailingBreak = false;
  let breakSpace = false;
  let spaceBreak = false;
  let previousSpace = false;
  let previousBreak = false;
  const n = chars.length;
  if (
    n >= 3 &&
    ((chars[0] === '-' && chars[1] === '-' && chars[2] === '-') || (chars[0] === '.' && chars[1] === '.' && chars[2] === '.'))
  ) {
    blockIndicators = true;
  }
  let precededByWhitespace = true;
  for (let i = 0; i < n; i++) {
    const c = chars[i];
    const followedByWhitespace = i + 1 >= n || isBlankChar(chars[i + 1]);
    if (i === 0) {
      if ('#,[]{}&*!|>\'"%@`'.includes(c)) blockIndicators = true;
      else if ((c === '?' || c === ':') && followedByWhitespace) blockIndicators = true;
      else if (c === '-' && followedByWhitespace) blockIndicators = true;
    } else if (c === ':' && followedByWhitespace) {
      blockIndicators = true;
    } else if (c === '#' && precededByWhitespace) {
      blockIndicators = true;
    }
    if (!isPrintableChar(c)) specialCharacters = true;
    if (c === ' ') {
      if (i === 0) leadingSpace = true;
      if (i === n - 1) trailingSpace = true;
      if (previousBreak) breakSpace = true;
      previousSpace = true;
      previousBreak = false;
    } else if (isBreakChar(c)) {
      lineBreaks = true;
      if (i === 0) leadingBreak = true;
      if (i === n - 1) trailingBreak = true;
      if (previousSpace) spaceBreak = true;
      previousSpace = false;
      previousBreak = true;
    } else {
      previousSpace = false;
      previousBreak = false;
    }
    precededByWhitespace = isBlankChar(c) || isBreakChar(c) || c === '\0';
  }
  const a: ScalarAnalysis = { multiline: lineBreaks, blockPlainAllowed: true, singleQuotedAllowed: true, blockAllowed: true };
  if (leadingSpace || leadingBreak || trailingSpace || trailingBreak) a.blockPlainAllowed = false;
  if (trailingSpace) a.blockAllowed = false;
  if (breakSpace) {
    a.blockPlainAllowed = false;
    a.singleQuotedAllowed = false;
  }
  if (spaceBreak || specialCharacters) {
    a.blockPlainAllowed = false;
    a.singleQuotedAllowed = false;
    a.blockAllowed = false;
  }
  if (lineBreaks) a.blockPlainAllowed = false;
  if (blockIndicators) a.blockPlainAllowed = false;
  return a;
}

function hex(n: number, width: number): string {
  return n.toString(16).toUpperCase().padStart(width, '0');
}

class YamlEmitter {
  out = '';
  /** `simple`: take the shortcuts below; off, every scalar goes through libyaml's character loop. */
  constructor(private readonly simple = true) {}
  private column = 0;
  private indent = -1;
  private indents: number[] = [];
  private whitespace = true;
  private indention = true;

  // --- low-level writers (libyaml put / put_break / write / write_break) ---
  private put(s: string): void {
    this.out += s;
    this.column++;
  }
  private putBreak(): void {
    this.out += '\n';
    this.column = 0;
  }
  private writeChar(c: string): void {
    this.out += c;
    this.column++;
  }
  private writeBreakChar(c: string): void {
    if (c === '\n') this.putBreak();
    else {
      this.out += c;
      this.column = 0;
    }
  }
  private writeIndent(): void {
    const indent = Math.max(this.indent, 0);
    if (!this.indention || this.column > indent || (this.column === indent && !this.whitespace)) this.putBreak();
    if (this.column < indent) {
      this.out += ' '.repeat(indent - this.column);
      this.column = indent;
    }
    this.whitespace = true;
    this.indention = true;
  }
  private writeIndicator(ind: string, needWhitespace: boolean, isWhitespace: boolean, isIndention: boolean): void {
    if (needWhitespace && !this.whitespace) this.put(' ');
    for (const c of ind) this.writeChar(c);
    this.whitespace = isWhitespace;
    this.indention = this.indention && isIndention;
  }
  private increaseIndent(flow: boolean, indentless: boolean): void {
    this.indents.push(this.indent);
    if (this.indent < 0) this.indent = flow ? BEST_INDENT : 0;
    else if (!indentless) this.indent += BEST_INDENT;
  }
  private popIndent(): void {
    this.indent = this.indents.pop()!;
  }

  // --- nodes ---
  emitDocument(value: unknown): void {
    this.emitNode(value, { mapping: false, simpleKey: false });
    // DOCUMENT-END: finish the last line.
    this.writeIndent();
  }

  private emitNode(value: unknown, ctx: { mapping: boolean; simpleKey: boolean }): void {
    if (Array.isArray(value)) {
      if (value.length === 0) return this.emitEmptyFlow('[', ']');
      this.increaseIndent(false, ctx.mapping && !this.indention);
      for (const item of value) {
        this.writeIndent();
        this.writeIndicator('-', true, false, true);
        this.emitNode(item, { mapping: false, simpleKey: false });
      }
      this.popIndent();
      return;
    }
    if (isPlainObject(value)) {
      const keys = Object.keys(value).filter((k) => value[k] !== undefined);
      if (keys.length === 0) return this.emitEmptyFlow('{', '}');
      // Keys of ASCII letters only: go-yaml's order is then plain code point order.
      if (this.simple && keys.every((k) => LETTERS_ONLY.test(k))) keys.sort();
      else keys.sort((a, b) => (yamlKeyLess(a, b) ? -1 : yamlKeyLess(b, a) ? 1 : 0));
      this.increaseIndent(false, false);
      for (const key of keys) {
        this.writeIndent();
        this.emitKey(key);
        this.emitNode(value[key], { mapping: true, simpleKey: false });
      }
      this.popIndent();
      return;
    }
    if (this.simple && !ctx.simpleKey) {
      const text = typeof value === 'string' ? value : scalarText(value);
      if (this.emitSimpleText(text, typeof value === 'string' ? requestedStringStyle(value) : 'plain')) return;
    }
    this.emitScalar(valueScalar(value), ctx.simpleKey);
  }

  /** A mapping key and its ":" (a complex "? key" when it is multi-line or long). */
  private emitKey(key: string): void {
    if (this.simple && key.length <= 128 && this.emitSimpleText(key, requestedStringStyle(key))) {
      this.writeIndicator(':', false, false, false);
      return;
    }
    const keyScalar = stringScalar(key);
    if (!keyScalar.analysis.multiline && utf8Length(key) <= 128) {
      this.emitScalar(keyScalar, true);
      this.writeIndicator(':', false, false, false);
    } else {
      this.writeIndicator('?', true, false, true);
      this.emitScalar(keyScalar, false);
      this.writeIndent();
      this.writeIndicator(':', true, false, true);
    }
  }

  /**
   * libyaml's result for the usual scalar in one append instead of its character loop: printable
   * ASCII, plain or double-quoted as requested, when neither the style selection nor folding at
   * BEST_WIDTH could change anything. Returns false (nothing written) otherwise.
   */
  private emitSimpleText(text: string, requested: 'plain' | 'double' | 'literal'): boolean {
    const n = text.length;
    if (n === 0 || requested === 'literal') return false;
    let spaces = false;
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c < 0x20 || c > 0x7e) return false;
      if (c === 0x20) spaces = true;
      // double-quoted: escaped characters
      else if (requested === 'double' && (c === 0x22 || c === 0x5c)) return false;
    }
    if (requested === 'plain' && !plainAllowed(text)) return false;
    const separator = this.whitespace ? '' : ' ';
    const open = requested === 'double' ? '"' : '';
    // A space past BEST_WIDTH may become a line break: leave those to the general path.
    if (spaces && this.column + separator.length + open.length + n > BEST_WIDTH) return false;
    this.out += separator + open + text + open;
    this.column += separator.length + 2 * open.length + n;
    this.whitespace = false;
    this.indention = false;
    return true;
  }

  private emitEmptyFlow(open: string, close: string): void {
    this.writeIndicator(open, true, true, false);
    this.increaseIndent(true, false);
    this.popIndent();
    this.writeIndicator(close, false, false, false);
  }

  private emitScalar(sc: Scalar, simpleKey: boolean): void {
    const style = selectStyle(sc, simpleKey);
    this.increaseIndent(true, false);
    const chars = sc.chars;
    switch (style) {
      case 'plain':
        this.writePlain(chars, !simpleKey);
        break;
      case 'single':
        this.writeSingleQuoted(chars, !simpleKey);
        break;
      case 'double':
        this.writeDoubleQuoted(chars, !simpleKey);
        break;
      case 'literal':
        this.writeLiteral(chars);
        break;
    }
    this.popIndent();
  }

  private writePlain(v: string[], allowBreaks: boolean): void {
    if (!this.whitespace) this.put(' ');
    let spaces = false;
    let breaks = false;
    for (let i = 0; i < v.length; i++) {
      const c = v[i];
      if (c === ' ') {
        if (allowBreaks && !spaces && this.column > BEST_WIDTH && v[i + 1] !== ' ') this.writeIndent();
        else this.writeChar(c);
        spaces = true;
      } else if (isBreakChar(c)) {
        if (!breaks && c === '\n') this.putBreak();
        this.writeBreakChar(c);
        this.indention = true;
        breaks = true;
      } else {
        if (breaks) this.writeIndent();
        this.writeChar(c);
        this.indention = false;
        spaces = false;
        breaks = false;
      }
    }
    this.whitespace = false;
    this.indention = false;
  }

  private writeSingleQuoted(v: string[], allowBreaks: boolean): void {
    this.writeIndicator("'", true, false, false);
    let spaces = false;
    let breaks = false;
    for (let i = 0; i < v.length; i++) {
      const c = v[i];
      if (c === ' ') {
        if (allowBreaks && !spaces && this.column > BEST_WIDTH && i > 0 && i < v.length - 1 && v[i + 1] !== ' ') {
          this.writeIndent();
        } else this.writeChar(c);
        spaces = true;
      } else if (isBreakChar(c)) {
        if (!breaks && c === '\n') this.putBreak();
        this.writeBreakChar(c);
        this.indention = true;
        breaks = true;
      } else {
        if (breaks) this.writeIndent();
        if (c === "'") this.put("'");
        this.writeChar(c);
        this.indention = false;
        spaces = false;
        breaks = false;
      }
    }
    this.writeIndicator("'", false, false, false);
    this.whitespace = false;
    this.indention = false;
  }

  private writeDoubleQuoted(v: string[], allowBreaks: boolean): void {
    let spaces = false;
    this.writeIndicator('"', true, false, false);
    // libyaml checks for a BOM at the start of the whole value, for every character.
    const startsWithBom = v[0] === '\ufeff';
    for (let i = 0; i < v.length; i++) {
      const c = v[i];
      if (!isPrintableChar(c) || startsWithBom || isBreakChar(c) || c === '"' || c === '\\') {
        const cp = c.codePointAt(0)!;
        this.put('\\');
        const named: Record<number, string> = {
          0x00: '0',
          0x07: 'a',
          0x08: 'b',
          0x09: 't',
          0x0a: 'n',
          0x0b: 'v',
          0x0c: 'f',
          0x0d: 'r',
          0x1b: 'e',
          0x22: '"',
          0x5c: '\\',
          0x85: 'N',
          0xa0: '_',
          0x2028: 'L',
          0x2029: 'P',
        };
        const esc = named[cp];
        if (esc !== undefined) this.put(esc);
        else {
          const [letter, width] = cp <= 0xff ? ['x', 2] : cp <= 0xffff ? ['u', 4] : ['U', 8];
          this.put(letter as string);
          for (const d of hex(cp, width as number)) this.put(d);
        }
        spaces = false;
      } else if (c === ' ') {
        if (allowBreaks && !spaces && this.column > BEST_WIDTH && i > 0 && i < v.length - 1) {
          this.writeIndent();
          if (v[i + 1] === ' ') this.put('\\');
        } else this.writeChar(c);
        spaces = true;
      } else {
        this.writeChar(c);
        spaces = false;
      }
    }
    this.writeIndicator('"', false, false, false);
    this.whitespace = false;
    this.indention = false;
  }

  private writeLiteral(v: string[]): void {
    this.writeIndicator('|', true, false, false);
    // Block scalar hints: indentation indicator when the text starts with a space or break; chomping
    // "-" without a final break, "+" when it ends with two breaks (or is a single break).
    if (v[0] === ' ' || isBreakChar(v[0])) this.writeIndicator(String(BEST_INDENT), false, false, false);
    let chomp = '';
    const last = v.length - 1;
    if (v.length === 0 || !isBreakChar(v[last])) chomp = '-';
    else if (last === 0 || isBreakChar(v[last - 1])) chomp = '+';
    if (chomp) this.writeIndicator(chomp, false, false, false);
    this.putBreak();
    this.indention = true;
    this.whitespace = true;
    let breaks = true;
    for (const c of v) {
      if (isBreakChar(c)) {
        this.writeBreakChar(c);
        this.indention = true;
        breaks = true;
      } else {
        if (breaks) this.writeIndent();
        this.writeChar(c);
        this.indention = false;
        breaks = false;
      }
    }
  }
}

const LETTERS_ONLY = /^[A-Za-z]+$/;

/**
 * libyaml's analysis of printable ASCII text allows the plain style: no leading or trailing space,
 * no indicator ("---"/"..." start, a flow or other indicator first, "?"/":"/"-" then a space, ": "
 * or a final ":", " #").
 */
function plainAllowed(text: string): boolean {
  const n = text.length;
  if (text[0] === ' ' || text[n - 1] === ' ') return false;
  if (n >= 3 && (text.startsWith('---') || text.startsWith('...'))) return false;
  const first = text[0];
  if (FIRST_INDICATORS.includes(first)) return false;
  if ((first === '?' || first === ':' || first === '-') && (n === 1 || text[1] === ' ')) return false;
  for (let i = 1; i < n; i++) {
    const c = text[i];
    if (c === ':' && (i + 1 === n || text[i + 1] === ' ')) return false;
    if (c === '#' && text[i - 1] === ' ') return false;
  }
  return true;
}

const FIRST_INDICATORS = '#,[]{}&*!|>\'"%@`';

/** The text go-yaml writes for a non-string scalar (valueScalar's). */
function scalarText(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number') {
    if (isGoInteger(v) || (Number.isInteger(v) && v >= 0 && v < 2 ** 64)) return String(v);
    if (Number.isNaN(v)) return '.nan';
    if (v === Infinity) return '.inf';
    if (v === -Infinity) return '-.inf';
    return formatGoFloatG(v);
  }
  if (typeof v === 'bigint') return v.toString();
  throw new Error(`cannot marshal type: ${typeof v}`);
}

/** go-yaml v2 encoder.stringv's requested style for a string. */
function requestedStringStyle(text: string): 'plain' | 'double' | 'literal' {
  if (text.includes('\n')) return 'literal';
  return yamlPlainIsString(text) && !isBase60Float(text) ? 'plain' : 'double';
}

interface Scalar {
  chars: string[];
  requested: ScalarStyle;
  analysis: ScalarAnalysis;
}

function utf8Length(s: string): number {
  let n = 0;
  for (const c of s) {
    const cp = c.codePointAt(0)!;
    n += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return n;
}

/** go-yaml v2 encoder.stringv: the style it asks the emitter for. */
function stringScalar(s: string): Scalar {
  // JS strings may hold lone surrogates, which are not valid UTF-8; Go would have replaced them.
  const text = s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
  const chars = Array.from(text);
  return { chars, requested: requestedStringStyle(text), analysis: analyzeScalar(chars) };
}

function valueScalar(v: unknown): Scalar {
  if (typeof v === 'string') return stringScalar(v);
  const chars = Array.from(scalarText(v));
  return { chars, requested: 'plain', analysis: analyzeScalar(chars) };
}

/** libyaml yaml_emitter_select_scalar_style, block context. */
function selectStyle(sc: Scalar, simpleKey: boolean): ScalarStyle {
  let style = sc.requested;
  const a = sc.analysis;
  if (simpleKey && a.multiline) style = 'double';
  if (style === 'plain') {
    if (!a.blockPlainAllowed) style = 'single';
    if (sc.chars.length === 0 && simpleKey) style = 'single';
  }
  if (style === 'single' && !a.singleQuotedAllowed) style = 'double';
  if (style === 'literal' && (!a.blockAllowed || simpleKey)) style = 'double';
  return style;
}

/** sigs.k8s.io/yaml.Marshal of a JSON-shaped value, as `kubectl get -o yaml` prints it. */
export function toKubectlYaml(obj: unknown, options: { characterByCharacter?: boolean } = {}): string {
  // sigs.k8s.io/yaml goes through JSON first: drop anything JSON would drop (undefined members).
  const e = new YamlEmitter(!options.characterByCharacter);
  e.emitDocument(obj);
  return e.out;
}
