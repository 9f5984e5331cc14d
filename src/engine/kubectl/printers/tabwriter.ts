// Column alignment as kubectl does it: an elastic-tabstop writer that behaves like Go's text/tabwriter
// (the github.com/liggitt/tabwriter fork with RememberWidths), configured the way cli-runtime's
// GetNewTabWriter configures it: minwidth 6, tabwidth 4, padding 3, pad character ' ', RememberWidths.
//
// Semantics reproduced (all observable in kubectl output):
//  * Input is text whose cells are *terminated* by '\t'; '\n' ends a line. The text after the last tab of a
//    line is a cell too, but it belongs to no column: it is never padded (so the last column of a table has
//    no trailing spaces, while a row that ends in an empty cell — "a\tb\t\n" — does get its "b" padded).
//  * A column is a run of consecutive lines that all have a tab-terminated cell at that index; its width is
//    max(minwidth, widest cell + padding). A line with fewer cells interrupts the column, and columns to its
//    right are laid out independently above and below it.
//  * A line without any tab flushes everything buffered so far (it cannot influence later alignment).
//  * With RememberWidths the widest width ever seen per column index survives a flush, so later blocks are
//    at least as wide as earlier ones.
//  * Widths count Unicode code points (utf8.RuneCount), not UTF-16 units.
//
// Not modelled: '\v' / '\f' soft tabs and form feeds, escape sequences (0xff), HTML filtering, right
// alignment, tab padding — kubectl uses none of them.

export interface TabWriterOptions {
  minWidth?: number;
  tabWidth?: number;
  padding?: number;
  padChar?: string;
  /** Keep per-column maximum widths across flushes (liggitt/tabwriter RememberWidths). */
  rememberWidths?: boolean;
}

interface Cell {
  text: string;
  width: number;
}

function runeCount(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** A Go-compatible tabwriter. Feed text with `write`, call `flush` at the end, collect with `takeOutput`. */
export class TabWriter {
  private readonly minWidth: number;
  private readonly padding: number;
  private readonly padChar: string;
  private readonly rememberWidths: boolean;

  /** Complete (newline-terminated) lines; each is its list of cells, the last cell being the unterminated tail. */
  private lines: Cell[][] = [[]];
  /** Text of the cell currently being written (no tab or newline seen yet). */
  private pending = '';
  private widths: number[] = [];
  private maxWidths: number[] = [];
  private out = '';

  constructor(opts: TabWriterOptions = {}) {
    this.minWidth = opts.minWidth ?? 6;
    this.padding = opts.padding ?? 3;
    this.padChar = opts.padChar ?? ' ';
    this.rememberWidths = opts.rememberWidths ?? true;
    if (this.minWidth < 0 || this.padding < 0 || (opts.tabWidth ?? 4) < 0) {
      throw new Error('negative minwidth, tabwidth, or padding');
    }
  }

  write(text: string): void {
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const ch = text[i];
      if (ch !== '\t' && ch !== '\n') continue;
      const cellText = this.pending + text.slice(start, i);
      this.pending = '';
      start = i + 1;
      const line = this.lines[this.lines.length - 1];
      line.push({ text: cellText, width: runeCount(cellText) });
      if (ch === '\n') {
        const cellsInLine = line.length;
        this.lines.push([]);
        // A line made of a single cell cannot affect the alignment of what follows: flush right away.
        if (cellsInLine === 1) this.flush();
      }
    }
    this.pending += text.slice(start);
  }

  /** Formats and emits everything buffered; an unterminated final line is emitted without a newline. */
  flush(): void {
    if (this.pending.length > 0) {
      this.lines[this.lines.length - 1].push({ text: this.pending, width: runeCount(this.pending) });
      this.pending = '';
    }
    this.format(0, this.lines.length);
    this.lines = [[]];
    this.widths = [];
  }

  /** Returns the text emitted so far and clears it. */
  takeOutput(): string {
    const s = this.out;
    this.out = '';
    return s;
  }

  private format(line0: number, line1: number): void {
    const column = this.widths.length;
    let start = line0;
    for (let row = line0; row < line1; row++) {
      if (column >= this.lines[row].length - 1) continue;
      // This line has a cell in `column`: it starts a block of lines sharing that column.
      this.writeLines(start, row);
      start = row;
      let width = this.minWidth;
      for (; row < line1; row++) {
        const line = this.lines[row];
        if (column >= line.length - 1) break;
        width = Math.max(width, line[column].width + this.padding);
      }
      if (this.rememberWidths) {
        if (this.maxWidths.length < this.widths.length) {
          this.maxWidths.push(...this.widths.slice(this.maxWidths.length));
        }
        if (this.maxWidths.length === this.widths.length) this.maxWidths.push(width);
        else if (this.maxWidths[column] > width) width = this.maxWidths[column];
        else this.maxWidths[column] = width;
      }
      this.widths.push(width);
      this.format(start, row);
      this.widths.pop();
      start = row;
      row--; // the outer loop's increment must revisit the line that ended the block
    }
    this.writeLines(start, line1);
  }

  private writeLines(line0: number, line1: number): void {
    for (let i = line0; i < line1; i++) {
      const line = this.lines[i];
      let text = '';
      for (let j = 0; j < line.length; j++) {
        const c = line[j];
        text += c.text;
        if (j < this.widths.length) text += this.padChar.repeat(Math.max(0, this.widths[j] - c.width));
      }
      this.out += text;
      // The buffer's last line is the one still being written: it has no newline yet.
      if (i + 1 < this.lines.length) this.out += '\n';
    }
  }
}

/** Lays rows out the way kubectl's table printers do: cells joined by tabs, one line per row, then flushed. */
export function formatTable(rows: string[][], opts: TabWriterOptions = {}): string {
  const w = new TabWriter(opts);
  for (const row of rows) w.write(row.join('\t') + '\n');
  w.flush();
  return w.takeOutput();
}

const CELL_BREAK = /[\f\n\r]/;

/**
 * How cli-runtime's table printer writes a string cell: cut at the first newline, carriage return or form
 * feed and mark the cut with "...", and make terminal escapes harmless (ESC → "^[", CR → "\r").
 */
export function sanitizeTableCell(value: string): string {
  const m = CELL_BREAK.exec(value);
  const kept = m ? value.slice(0, m.index) : value;
  return escapeTerminal(kept) + (m ? '...' : '');
}

/** cli-runtime printers.EscapeTerminal: ESC becomes "^[" and CR becomes the two characters "\r". */
export function escapeTerminal(value: string): string {
  return value.split('\u001b').join('^[').replace(/\r/g, '\\r');
}
