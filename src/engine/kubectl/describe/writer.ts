// PrefixWriter: how every describer writes its text (kubectl pkg/describe). Each call indents by
// two spaces per level, makes terminal escapes harmless, and feeds a tab-aligned writer configured
// like describe's tabbedString: Go text/tabwriter with minwidth 0, padding 2, no remembered widths.
// A line without a tab ends the alignment block above it; `flush()` ends one explicitly (the
// Events table is aligned on its own).

import { escapeTerminal, TabWriter } from '../printers/tabwriter';

export const LEVEL_0 = 0;
export const LEVEL_1 = 1;
export const LEVEL_2 = 2;
export const LEVEL_3 = 3;
export const LEVEL_4 = 4;

export class PrefixWriter {
  private readonly tw = new TabWriter({ minWidth: 0, tabWidth: 8, padding: 2, padChar: ' ', rememberWidths: false });
  private out = '';

  /** Writes `text` indented by `level` (already formatted; may hold tabs and newlines). */
  write(level: number, text: string): void {
    this.tw.write(escapeTerminal('  '.repeat(level) + text));
  }

  /** Go's Fprintln of the values: the text and a newline, no indentation. */
  writeLine(text = ''): void {
    this.tw.write(escapeTerminal(text + '\n'));
  }

  flush(): void {
    this.tw.flush();
    this.out += this.tw.takeOutput();
  }

  /** Everything written, aligned (tabbedString's result). */
  toString(): string {
    this.flush();
    return this.out;
  }
}

/** Runs a describer body against a fresh writer and returns its aligned text. */
export function tabbedString(body: (w: PrefixWriter) => void): string {
  const w = new PrefixWriter();
  body(w);
  return w.toString();
}
