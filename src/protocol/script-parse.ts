// Parser for Kubeplay session scripts: what a user would type into a terminal, one command per line.
//
// The syntax is the subset of POSIX shell that kubectl walkthroughs use:
//  * Words are separated by unquoted spaces and tabs. Blank lines are ignored.
//  * `#` starts a comment only at the start of a word (`a#b` is one word); it runs to the end of the line,
//    and a backslash at the end of a comment does not continue it.
//  * Single quotes keep everything literally, newlines included. Double quotes keep everything except
//    that `\\`, `\"`, `\$` and `` \` `` drop the backslash and backslash-newline disappears; any other
//    backslash stays. Outside quotes a backslash keeps the next character literally, and
//    backslash-newline joins the next line to the command (the pair disappears).
//  * Here-documents `<<EOF`, `<<'EOF'`, `<<"EOF"`, `<<-EOF` may appear anywhere in the command
//    (`kubectl apply -f - <<EOF`). Their body is the lines after the command up to a line that is exactly
//    the delimiter (for `<<-`, after removing leading tabs, which are also removed from the body lines).
//    The body, each line ending in "\n", becomes the command's `stdin`; it is not part of `argv` or `text`.
//    Bodies are always taken literally, whatever the quoting of the delimiter.
//  * No expansion of any kind: `$VAR`, `$(...)`, backquotes, `~`, globs and braces stay as typed.
//  * Pipes, redirections, `;`, `&`, `&&`, `||`, `(`, `)` and `<<<` are not supported and are reported as
//    syntax errors instead of being passed to the command.
//
// `text` is the command exactly as typed, for echoing: from its first character to the end of its last
// physical line (trailing blanks removed, a trailing comment kept). A command continued with
// backslash-newline, or with a quoted string spanning lines, has a multi-line `text` that keeps the
// backslashes and newlines as typed; `line` is the number (1-based) of its first physical line.
// Windows line endings are accepted ("\r\n" is read as "\n").

export interface ScriptCommand {
  /** 1-based number of the first physical line of the command. */
  line: number;
  /** The command line as typed, for echoing (may span several lines; here-document bodies excluded). */
  text: string;
  argv: string[];
  /** The here-document body, if the command has one. */
  stdin?: string;
}

export class ScriptSyntaxError extends Error {
  constructor(
    /** 1-based line the problem is reported at. */
    readonly line: number,
    /** The message without the "line N: " prefix. */
    readonly reason: string,
    /** True when more input could complete the command (open quote, trailing backslash, open here-document). */
    readonly incomplete = false,
  ) {
    super(`line ${line}: ${reason}`);
    this.name = 'ScriptSyntaxError';
  }
}

interface HereDoc {
  delimiter: string;
  stripTabs: boolean;
  line: number;
}

const BLANK = ' \t';
const OPERATOR_CHARS = '|;&<>()';

class ScriptLexer {
  private pos = 0;
  private line = 1;

  constructor(private readonly src: string) {}

  /** Parses the commands one at a time, in order. */
  *each(): Generator<ScriptCommand> {
    for (;;) {
      this.skipBlankLinesAndComments();
      if (this.pos >= this.src.length) return;
      const cmd = this.command();
      if (cmd) yield cmd;
    }
  }

  private peek(offset = 0): string {
    return this.src[this.pos + offset] ?? '';
  }

  private skipBlankLinesAndComments(): void {
    while (this.pos < this.src.length) {
      const c = this.peek();
      if (BLANK.includes(c)) this.pos++;
      else if (c === '\n') {
        this.pos++;
        this.line++;
      } else if (c === '#') this.skipComment();
      else if (c === '\\' && this.peek(1) === '\n') {
        // A line continuation before any word: it only joins lines.
        this.checkContinuationNotAtEnd();
        this.pos += 2;
        this.line++;
      } else return;
    }
  }

  private skipComment(): void {
    while (this.pos < this.src.length && this.peek() !== '\n') this.pos++;
  }

  private checkContinuationNotAtEnd(): void {
    if (this.pos + 2 >= this.src.length) {
      throw new ScriptSyntaxError(this.line, 'unexpected end of file after line continuation', true);
    }
  }

  /** Reads one command starting at a non-blank character; returns null for a command with no words. */
  private command(): ScriptCommand | null {
    const startPos = this.pos;
    const startLine = this.line;
    const argv: string[] = [];
    const heredocs: HereDoc[] = [];
    let word: string | null = null; // null: not inside a word
    const endWord = () => {
      if (word !== null) argv.push(word);
      word = null;
    };

    let endPos = this.src.length;
    while (this.pos < this.src.length) {
      const c = this.peek();
      if (c === '\n') {
        endPos = this.pos;
        break;
      }
      if (BLANK.includes(c)) {
        endWord();
        this.pos++;
        continue;
      }
      if (c === '#' && word === null) {
        this.skipComment();
        continue;
      }
      if (c === '\\') {
        const n = this.peek(1);
        if (n === '') throw new ScriptSyntaxError(this.line, 'unexpected end of file after backslash', true);
        if (n === '\n') {
          this.checkContinuationNotAtEnd();
          this.pos += 2;
          this.line++;
          continue;
        }
        word = (word ?? '') + n;
        this.pos += 2;
        continue;
      }
      if (c === "'") {
        word = (word ?? '') + this.singleQuoted();
        continue;
      }
      if (c === '"') {
        word = (word ?? '') + this.doubleQuoted();
        continue;
      }
      if (c === '<' && this.peek(1) === '<' && this.peek(2) !== '<') {
        endWord();
        heredocs.push(this.heredocOperator());
        continue;
      }
      if (OPERATOR_CHARS.includes(c)) {
        let op = c;
        if ((c === '&' || c === '|' || c === '>' || c === '<') && this.peek(1) === c) op += c;
        if (op === '<<' && this.peek(2) === '<') op = '<<<';
        throw new ScriptSyntaxError(
          this.line,
          `unsupported shell operator '${op}' (pipes, redirections and command lists are not supported)`,
        );
      }
      word = (word ?? '') + c;
      this.pos++;
    }
    endWord();
    const text = this.src.slice(startPos, endPos).replace(/[ \t]+$/, '');

    let stdin: string | undefined;
    if (heredocs.length > 1) {
      throw new ScriptSyntaxError(startLine, 'only one here-document per command is supported');
    }
    if (heredocs.length === 1) stdin = this.heredocBody(heredocs[0]);
    else if (this.pos < this.src.length) {
      this.pos++; // the newline ending the command
      this.line++;
    }

    if (argv.length === 0) return null;
    const cmd: ScriptCommand = { line: startLine, text, argv };
    if (stdin !== undefined) cmd.stdin = stdin;
    return cmd;
  }

  private singleQuoted(): string {
    const openLine = this.line;
    this.pos++;
    let s = '';
    while (this.pos < this.src.length && this.peek() !== "'") {
      if (this.peek() === '\n') this.line++;
      s += this.peek();
      this.pos++;
    }
    if (this.pos >= this.src.length) throw new ScriptSyntaxError(openLine, 'unterminated quoted string', true);
    this.pos++;
    return s;
  }

  private doubleQuoted(): string {
    const openLine = this.line;
    this.pos++;
    let s = '';
    while (this.pos < this.src.length && this.peek() !== '"') {
      const c = this.peek();
      if (c === '\\') {
        const n = this.peek(1);
        if (n === '\n') {
          this.pos += 2;
          this.line++;
          continue;
        }
        if (n === '\\' || n === '"' || n === '$' || n === '`') {
          s += n;
          this.pos += 2;
          continue;
        }
        s += c;
        this.pos++;
        continue;
      }
      if (c === '\n') this.line++;
      s += c;
      this.pos++;
    }
    if (this.pos >= this.src.length) throw new ScriptSyntaxError(openLine, 'unterminated quoted string', true);
    this.pos++;
    return s;
  }

  /** Reads `<<[-]WORD`; the position is on the first "<". */
  private heredocOperator(): HereDoc {
    const line = this.line;
    this.pos += 2;
    let stripTabs = false;
    if (this.peek() === '-') {
      stripTabs = true;
      this.pos++;
    }
    while (BLANK.includes(this.peek()) && this.peek() !== '') this.pos++;
    let delimiter = '';
    let any = false;
    while (this.pos < this.src.length) {
      const c = this.peek();
      if (c === '\n' || BLANK.includes(c) || OPERATOR_CHARS.includes(c)) break;
      any = true;
      if (c === "'") delimiter += this.singleQuoted();
      else if (c === '"') delimiter += this.doubleQuoted();
      else if (c === '\\' && this.peek(1) !== '' && this.peek(1) !== '\n') {
        delimiter += this.peek(1);
        this.pos += 2;
      } else {
        delimiter += c;
        this.pos++;
      }
    }
    if (!any) throw new ScriptSyntaxError(line, 'missing here-document delimiter after <<');
    return { delimiter, stripTabs, line };
  }

  /** Consumes the here-document body after the command's last line; the position is on that line's end. */
  private heredocBody(doc: HereDoc): string {
    if (this.pos >= this.src.length) {
      throw new ScriptSyntaxError(doc.line, `here-document delimited by end of file (wanted '${doc.delimiter}')`, true);
    }
    this.pos++; // newline ending the command line
    this.line++;
    let body = '';
    while (this.pos < this.src.length) {
      const nl = this.src.indexOf('\n', this.pos);
      const end = nl < 0 ? this.src.length : nl;
      let lineText = this.src.slice(this.pos, end);
      if (doc.stripTabs) lineText = lineText.replace(/^\t+/, '');
      this.pos = nl < 0 ? this.src.length : nl + 1;
      this.line++;
      if (lineText === doc.delimiter) return body;
      body += lineText + '\n';
    }
    throw new ScriptSyntaxError(doc.line, `here-document delimited by end of file (wanted '${doc.delimiter}')`, true);
  }
}

/** Splits a session script into commands. Throws ScriptSyntaxError. */
export function parseScript(source: string): ScriptCommand[] {
  return [...scriptCommands(source)];
}

/**
 * The commands of a session script one at a time, parsed as they are asked for (a long script
 * need not be held as one array). Throws ScriptSyntaxError when the iteration reaches the problem.
 */
export function scriptCommands(source: string): Generator<ScriptCommand> {
  return new ScriptLexer(source.replace(/\r\n/g, '\n')).each();
}

/**
 * Splits one console line into words with the same quoting rules (no here-documents). An empty or
 * comment-only line gives []. Throws ScriptSyntaxError (with `incomplete` set for an open quote or a
 * trailing backslash).
 */
export function splitArgs(line: string): string[] {
  const commands = parseScript(line);
  if (commands.length === 0) return [];
  if (commands.length > 1) {
    throw new ScriptSyntaxError(commands[1].line, 'expected a single command line');
  }
  if (commands[0].stdin !== undefined) {
    throw new ScriptSyntaxError(commands[0].line, 'here-documents are not supported on the console');
  }
  return commands[0].argv;
}
