// A parser for the POSIX-shell subset containers in the docs use: words with quotes and escapes,
// $VAR / ${VAR} / ${VAR:-default} / $? / $1, $(…) and `…` command substitution, $((…)) arithmetic,
// `;` `&&` `||` `!`, newlines, comments, if/elif/else/fi, while/until … do … done and for … in …,
// redirections (`> f`, `>> f`, `< f`, `2>&1`, `>&2`) and `cmd &` (background jobs, for the
// `sleep 3600 & wait` idiom that lets a trap run promptly). Anything else (pipes, subshells, case,
// functions, here-docs) is a syntax error, reported like busybox ash: `sh: syntax error: unexpected "|"`.

export type WordPart =
  | { k: 'lit'; v: string; q: boolean }
  | { k: 'var'; name: string; q: boolean; def?: string }
  | { k: 'cmd'; src: string; q: boolean }
  | { k: 'arith'; src: string; q: boolean };

export interface Word {
  parts: WordPart[];
  /** The literal text when the word is entirely unquoted literal text (keywords, brace ranges). */
  plain?: string;
}

export type Command =
  | { k: 'simple'; assigns: { name: string; value: Word }[]; words: Word[] }
  | { k: 'if'; clauses: { cond: List; body: List }[]; otherwise?: List }
  | { k: 'loop'; until: boolean; cond: List; body: List }
  | { k: 'for'; name: string; items?: Word[]; body: List };

/** `fd op target`: `>` truncate, `>>` append, `>&` duplicate (target is a fd number), `<` input. */
export interface Redir {
  fd: number;
  op: '>' | '>>' | '>&' | '<';
  target: Word;
}

export interface Pipeline {
  negate: boolean;
  cmd: Command;
  /** Redirections, applied left to right around the command. */
  redirs: Redir[];
}

export interface AndOr {
  first: Pipeline;
  rest: { op: '&&' | '||'; pipeline: Pipeline }[];
  /** Terminated by `&`: runs as a background job. */
  background?: boolean;
}

export type List = AndOr[];

export class ShellSyntaxError extends Error {
  constructor(readonly detail: string) {
    super(`syntax error: ${detail}`);
    this.name = 'ShellSyntaxError';
  }
}

type Token = { t: 'word'; w: Word } | { t: 'op'; v: string; fd?: number };

const REDIR_OPS = new Set(['>', '>>', '>&', '<']);

const OP_CHARS = ';&|()<>\n';
const NAME_RE = /^[A-Za-z_][A-Za-z0-9_]*$/;
const RESERVED = new Set(['if', 'then', 'elif', 'else', 'fi', 'while', 'until', 'do', 'done', 'for', 'in']);
const UNSUPPORTED_WORDS = new Set(['case', 'esac', '{', '}', 'function', 'select', '[[', ']]']);

/** Index just past the `)` matching the `(` at `open` (quotes and nesting respected). */
function matchParen(src: string, open: number): number {
  let depth = 0;
  for (let i = open; i < src.length; i++) {
    const c = src[i];
    if (c === '\\') i++;
    else if (c === "'") {
      const end = src.indexOf("'", i + 1);
      if (end < 0) break;
      i = end;
    } else if (c === '"') {
      i++;
      while (i < src.length && src[i] !== '"') i += src[i] === '\\' ? 2 : 1;
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i + 1;
  }
  throw new ShellSyntaxError('unterminated $(…)');
}

/** Parses the `$…` at src[i] (src[i] === '$'); returns the part and the index after it. */
function dollar(src: string, i: number, q: boolean): [WordPart, number] {
  const next = src[i + 1];
  if (next === '(') {
    if (src[i + 2] === '(') {
      const end = matchParen(src, i + 1); // index after the outer ')'
      if (src[end - 2] !== ')') throw new ShellSyntaxError('unterminated $((…))');
      return [{ k: 'arith', src: src.slice(i + 3, end - 2), q }, end];
    }
    const end = matchParen(src, i + 1);
    return [{ k: 'cmd', src: src.slice(i + 2, end - 1), q }, end];
  }
  if (next === '{') {
    const end = src.indexOf('}', i + 2);
    if (end < 0) throw new ShellSyntaxError('unterminated ${…}');
    const body = src.slice(i + 2, end);
    const m = /^([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[?$#@*!])(?::?-(.*))?$/s.exec(body);
    if (!m) throw new ShellSyntaxError(`bad substitution`);
    return [m[2] !== undefined ? { k: 'var', name: m[1], q, def: m[2] } : { k: 'var', name: m[1], q }, end + 1];
  }
  if (next !== undefined && /[A-Za-z_]/.test(next)) {
    let j = i + 1;
    while (j < src.length && /[A-Za-z0-9_]/.test(src[j])) j++;
    return [{ k: 'var', name: src.slice(i + 1, j), q }, j];
  }
  if (next !== undefined && /[0-9?$#@*!]/.test(next)) return [{ k: 'var', name: next, q }, i + 2];
  return [{ k: 'lit', v: '$', q }, i + 1];
}

export function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === ' ' || c === '\t' || c === '\r') {
      i++;
      continue;
    }
    if (c === '\\' && src[i + 1] === '\n') {
      i += 2;
      continue;
    }
    if (c === '#') {
      while (i < src.length && src[i] !== '\n') i++;
      continue;
    }
    const io = /^(\d+)(>>|>&|>|<)/.exec(src.slice(i, i + 12));
    if (io) {
      // An IO number: `2>&1`, `2> /dev/null`.
      tokens.push({ t: 'op', v: io[2], fd: Number(io[1]) });
      i += io[0].length;
      continue;
    }
    if (OP_CHARS.includes(c)) {
      const two = src.slice(i, i + 2);
      if (two === '&&' || two === '||' || two === ';;' || two === '>>' || two === '<<' || two === '>&') {
        tokens.push({ t: 'op', v: two });
        i += 2;
      } else {
        tokens.push({ t: 'op', v: c });
        i++;
      }
      continue;
    }
    const parts: WordPart[] = [];
    const lit = (v: string, q: boolean) => {
      const last = parts[parts.length - 1];
      if (last && last.k === 'lit' && last.q === q) last.v += v;
      else parts.push({ k: 'lit', v, q });
    };
    while (i < src.length && !' \t\r'.includes(src[i]) && !OP_CHARS.includes(src[i])) {
      const ch = src[i];
      if (ch === "'") {
        const end = src.indexOf("'", i + 1);
        if (end < 0) throw new ShellSyntaxError('unterminated quoted string');
        lit(src.slice(i + 1, end), true);
        i = end + 1;
      } else if (ch === '"') {
        i++;
        for (;;) {
          if (i >= src.length) throw new ShellSyntaxError('unterminated quoted string');
          const d = src[i];
          if (d === '"') {
            i++;
            break;
          }
          if (d === '\\' && i + 1 < src.length && '$`"\\\n'.includes(src[i + 1])) {
            if (src[i + 1] !== '\n') lit(src[i + 1], true);
            i += 2;
          } else if (d === '$') {
            const [part, end] = dollar(src, i, true);
            if (part.k === 'lit') lit(part.v, true);
            else parts.push(part);
            i = end;
          } else if (d === '`') {
            const end = src.indexOf('`', i + 1);
            if (end < 0) throw new ShellSyntaxError('unterminated quoted string');
            parts.push({ k: 'cmd', src: src.slice(i + 1, end), q: true });
            i = end + 1;
          } else {
            lit(d, true);
            i++;
          }
        }
        if (parts.length === 0) lit('', true);
      } else if (ch === '\\') {
        if (i + 1 < src.length && src[i + 1] !== '\n') lit(src[i + 1], true);
        i += 2;
      } else if (ch === '$') {
        const [part, end] = dollar(src, i, false);
        if (part.k === 'lit') lit(part.v, false);
        else parts.push(part);
        i = end;
      } else if (ch === '`') {
        const end = src.indexOf('`', i + 1);
        if (end < 0) throw new ShellSyntaxError('unterminated quoted string');
        parts.push({ k: 'cmd', src: src.slice(i + 1, end), q: false });
        i = end + 1;
      } else {
        lit(ch, false);
        i++;
      }
    }
    const only = parts[0];
    const w: Word = { parts };
    if (parts.length === 1 && only.k === 'lit' && !only.q) w.plain = only.v;
    tokens.push({ t: 'word', w });
  }
  return tokens;
}

function describe(tok: Token | undefined): string {
  if (!tok) return 'end of file';
  if (tok.t === 'op') return tok.v === '\n' ? 'newline' : `"${tok.v}"`;
  return `"${tok.w.plain ?? tok.w.parts.map((p) => (p.k === 'lit' ? p.v : '$…')).join('')}"`;
}

class Parser {
  private pos = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(): Token | undefined {
    return this.tokens[this.pos];
  }

  private isKeyword(tok: Token | undefined, words: ReadonlySet<string>): boolean {
    return tok !== undefined && tok.t === 'word' && tok.w.plain !== undefined && words.has(tok.w.plain);
  }

  private isOp(tok: Token | undefined, ...ops: string[]): boolean {
    return tok !== undefined && tok.t === 'op' && ops.includes(tok.v);
  }

  private unexpected(tok: Token | undefined, expecting?: string): never {
    if (!tok && expecting) throw new ShellSyntaxError(`unexpected end of file (expecting "${expecting}")`);
    throw new ShellSyntaxError(`unexpected ${describe(tok)}`);
  }

  private skipNewlines(): void {
    while (this.isOp(this.peek(), '\n')) this.pos++;
  }

  private expect(word: string): void {
    const tok = this.peek();
    if (tok && tok.t === 'word' && tok.w.plain === word) this.pos++;
    else this.unexpected(tok, word);
  }

  program(): List {
    const list = this.list(new Set(), false);
    if (this.pos < this.tokens.length) this.unexpected(this.peek());
    return list;
  }

  /** A sequence of and-or lists up to one of `stops` (keywords) or the end of input. */
  list(stops: ReadonlySet<string>, required: boolean, expecting?: string): List {
    const items: List = [];
    for (;;) {
      this.skipNewlines();
      const tok = this.peek();
      if (!tok || this.isKeyword(tok, stops)) break;
      const item = this.andOr();
      items.push(item);
      const sep = this.peek();
      if (this.isOp(sep, '&')) {
        item.background = true;
        this.pos++;
      } else if (this.isOp(sep, ';', '\n')) this.pos++;
      else if (sep && !this.isKeyword(sep, stops)) this.unexpected(sep);
    }
    if (required && items.length === 0) this.unexpected(this.peek(), expecting);
    return items;
  }

  private andOr(): AndOr {
    const first = this.pipeline();
    const rest: AndOr['rest'] = [];
    for (;;) {
      const tok = this.peek();
      if (!this.isOp(tok, '&&', '||')) break;
      this.pos++;
      this.skipNewlines();
      rest.push({ op: (tok as { v: '&&' | '||' }).v, pipeline: this.pipeline() });
    }
    return { first, rest };
  }

  private pipeline(): Pipeline {
    let negate = false;
    while (this.isKeyword(this.peek(), new Set(['!']))) {
      this.pos++;
      negate = !negate;
    }
    const redirs: Redir[] = [];
    const cmd = this.command(redirs);
    while (this.isRedir(this.peek())) redirs.push(this.redir());
    if (this.isOp(this.peek(), '|', '<<', '(', ')', ';;')) this.unexpected(this.peek());
    return { negate, cmd, redirs };
  }

  private isRedir(tok: Token | undefined): boolean {
    return tok !== undefined && tok.t === 'op' && REDIR_OPS.has(tok.v);
  }

  private redir(): Redir {
    const op = this.tokens[this.pos++] as { v: Redir['op']; fd?: number };
    const target = this.peek();
    if (!target || target.t !== 'word') this.unexpected(target);
    this.pos++;
    return { fd: op.fd ?? (op.v === '<' ? 0 : 1), op: op.v, target: target.w };
  }

  private command(redirs: Redir[]): Command {
    const tok = this.peek();
    if (!tok) this.unexpected(tok);
    if (tok.t === 'op' && !this.isRedir(tok)) this.unexpected(tok);
    const kw = tok.t === 'word' ? tok.w.plain : undefined;
    if (kw === 'if') return this.ifCommand();
    if (kw === 'while' || kw === 'until') return this.loop(kw === 'until');
    if (kw === 'for') return this.forCommand();
    if (kw !== undefined && (RESERVED.has(kw) || UNSUPPORTED_WORDS.has(kw))) this.unexpected(tok);
    const assigns: { name: string; value: Word }[] = [];
    const words: Word[] = [];
    for (;;) {
      if (this.isRedir(this.peek())) {
        redirs.push(this.redir());
        continue;
      }
      if (this.peek()?.t !== 'word') break;
      const w = (this.tokens[this.pos++] as { w: Word }).w;
      const head = w.parts[0];
      if (words.length === 0 && head?.k === 'lit' && !head.q) {
        const eq = head.v.indexOf('=');
        if (eq > 0 && NAME_RE.test(head.v.slice(0, eq))) {
          const value: Word = { parts: [{ ...head, v: head.v.slice(eq + 1) }, ...w.parts.slice(1)] };
          assigns.push({ name: head.v.slice(0, eq), value });
          continue;
        }
      }
      words.push(w);
    }
    return { k: 'simple', assigns, words };
  }

  private ifCommand(): Command {
    this.pos++; // if
    const clauses: { cond: List; body: List }[] = [];
    let otherwise: List | undefined;
    for (;;) {
      const cond = this.list(new Set(['then']), true, 'then');
      this.expect('then');
      const body = this.list(new Set(['elif', 'else', 'fi']), true, 'fi');
      clauses.push({ cond, body });
      const tok = this.peek();
      if (this.isKeyword(tok, new Set(['elif']))) {
        this.pos++;
        continue;
      }
      if (this.isKeyword(tok, new Set(['else']))) {
        this.pos++;
        otherwise = this.list(new Set(['fi']), true, 'fi');
      }
      this.expect('fi');
      break;
    }
    return otherwise ? { k: 'if', clauses, otherwise } : { k: 'if', clauses };
  }

  private loop(until: boolean): Command {
    this.pos++; // while / until
    const cond = this.list(new Set(['do']), true, 'do');
    this.expect('do');
    const body = this.list(new Set(['done']), true, 'done');
    this.expect('done');
    return { k: 'loop', until, cond, body };
  }

  private forCommand(): Command {
    this.pos++; // for
    const nameTok = this.peek();
    if (!nameTok || nameTok.t !== 'word' || !nameTok.w.plain || !NAME_RE.test(nameTok.w.plain)) {
      this.unexpected(nameTok, 'in');
    }
    const name = nameTok.w.plain;
    this.pos++;
    this.skipNewlines();
    let items: Word[] | undefined;
    if (this.isKeyword(this.peek(), new Set(['in']))) {
      this.pos++;
      items = [];
      while (this.peek()?.t === 'word') items.push((this.tokens[this.pos++] as { w: Word }).w);
      if (!this.isOp(this.peek(), ';', '\n')) this.unexpected(this.peek(), 'do');
      this.pos++;
    } else if (this.isOp(this.peek(), ';')) this.pos++;
    this.skipNewlines();
    this.expect('do');
    const body = this.list(new Set(['done']), true, 'done');
    this.expect('done');
    return items ? { k: 'for', name, items, body } : { k: 'for', name, body };
  }
}

/** Parses a `sh -c` script; throws ShellSyntaxError for anything outside the supported subset. */
export function parseScript(src: string): List {
  return new Parser(tokenize(src)).program();
}
