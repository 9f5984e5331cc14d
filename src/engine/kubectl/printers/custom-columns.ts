// `-o custom-columns=HEADER:path,...` and `-o custom-columns-file=FILE` (kubectl: pkg/cmd/get/customcolumn.go).
//
// Each path is made into a full JSONPath template by RelaxedJSONPathExpression (`metadata.name`,
// `.metadata.name`, `{metadata.name}` and `{.metadata.name}` all become `{.metadata.name}`), evaluated with
// missing keys allowed. A cell is every value found, each printed with Go's fmt.Sprint (so a map shows as
// `map[app:web]`, a list as `[a b]`) and joined with ","; no value at all prints `<none>`. Rows are
// aligned with kubectl's tabwriter. The header line is printed even when there are no objects.
//
// The spec is split on every "," and each part at its first ":", so JSONPath unions or filters that
// contain commas cannot be used here — exactly as in kubectl.

import { compileJsonPath, goSprint, type JsonPath } from './jsonpath';
import { escapeTerminal, formatTable } from './tabwriter';

export interface CustomColumn {
  header: string;
  path: JsonPath;
}

/** An error in a custom-columns spec or template, with kubectl's text. */
export class CustomColumnsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CustomColumnsError';
  }
}

const RELAXED_PATH = /^\{\.?([^{}]+)\}$|^\.?([^{}]+)$/;

/** kubectl RelaxedJSONPathExpression. */
export function relaxedJsonPathExpression(path: string): string {
  if (path.length === 0) return path;
  const m = RELAXED_PATH.exec(path);
  if (!m) {
    throw new CustomColumnsError(
      "unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'",
    );
  }
  return `{.${m[1] !== undefined ? m[1] : m[2]}}`;
}

/**
 * Parses the value of `-o custom-columns=...`. Throws CustomColumnsError (spec errors) or
 * JsonPathParseError (a path client-go cannot parse; kubectl reports its bare message).
 */
export function parseCustomColumns(spec: string): CustomColumn[] {
  if (spec.length === 0) throw new CustomColumnsError('custom-columns format specified but no custom columns given');
  // kubectl checks every part before any JSONPath is parsed (that happens when printing).
  const parsed = spec.split(',').map((part) => {
    const colon = part.indexOf(':');
    if (colon < 0) {
      throw new CustomColumnsError(`unexpected custom-columns spec: ${part}, expected <header>:<json-path-expr>`);
    }
    return { header: part.slice(0, colon), template: relaxedJsonPathExpression(part.slice(colon + 1)) };
  });
  return parsed.map(({ header, template }) => ({ header, path: compileJsonPath(template) }));
}

const HELP = 'Expected format is one line of space separated headers, one line of space separated column specs.';

/**
 * Parses a custom-columns-file template: a line of whitespace-separated headers, then a line of
 * whitespace-separated paths. (kubectl ignores --no-headers for this format: always print the header.)
 */
export function parseCustomColumnsFile(text: string): CustomColumn[] {
  // bufio.Scanner lines: split on "\n", a trailing "\r" dropped, no final empty line.
  const lines = text.split('\n').map((l) => l.replace(/\r$/, ''));
  if (lines.length > 0 && lines[lines.length - 1] === '' && text.endsWith('\n')) lines.pop();
  if (text.length === 0 || lines.length < 1) {
    throw new CustomColumnsError(`invalid template, missing header line. ${HELP}`);
  }
  if (lines.length < 2) throw new CustomColumnsError(`invalid template, missing spec line. ${HELP}`);
  const words = (line: string) => line.split(/\s+/u).filter((w) => w.length > 0);
  const headers = words(lines[0]);
  const specs = words(lines[1]);
  if (headers.length !== specs.length) {
    throw new CustomColumnsError(`number of headers (${headers.length}) and field specifications (${specs.length}) don't match`);
  }
  const templates = specs.map(relaxedJsonPathExpression);
  return headers.map((header, i) => ({ header, path: compileJsonPath(templates[i]) }));
}

export interface CustomColumnsOptions {
  noHeaders?: boolean;
}

/** The cell text for one column of one object. Throws JsonPathExecError (bare client-go message). */
export function customColumnCell(column: CustomColumn, obj: unknown): string {
  const sets = column.path.findResults(obj, { allowMissingKeys: true });
  const parts: string[] = [];
  if (sets.length === 0 || sets[0].length === 0) parts.push('<none>');
  for (const set of sets) for (const v of set) parts.push(escapeTerminal(goSprint(v)));
  return parts.join(',');
}

/** Prints objects as `kubectl get -o custom-columns=...` does (header, then one aligned row per object). */
export function printCustomColumns(columns: CustomColumn[], objects: unknown[], opts: CustomColumnsOptions = {}): string {
  const rows: string[][] = [];
  if (!opts.noHeaders) rows.push(columns.map((c) => c.header));
  for (const obj of objects) rows.push(columns.map((c) => customColumnCell(c, obj)));
  return formatTable(rows);
}
