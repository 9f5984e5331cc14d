// yaml-paths: where an API field path (`spec.containers[0].image`) sits in the editor's YAML
// text, so an Apply error can be marked at its field. Pure: offsets into the text, which the
// editor turns into Monaco positions.

import { isMap, isScalar, isSeq, parseAllDocuments, type Document, type Node } from 'yaml';
import type { ApplyProblem } from './apply-result';

export interface TextRange {
  /** Offsets into the whole text, end exclusive. */
  start: number;
  end: number;
  /** False when the field itself is missing and the range is its nearest existing parent. */
  exact: boolean;
}

type Doc = Document.Parsed;

function nodeRange(node: { range?: [number, number, number] | null } | null | undefined): [number, number] | null {
  return node?.range ? [node.range[0], node.range[1]] : null;
}

/** Clamps a range to its first line (a collection's range covers all its lines). */
function firstLine(text: string, start: number, end: number): [number, number] {
  const nl = text.indexOf('\n', start);
  const stop = nl === -1 || nl > end ? end : nl;
  // no trailing spaces or comment-only tail
  let e = stop;
  while (e > start && /\s/.test(text[e - 1])) e--;
  return [start, Math.max(e, start + 1)];
}

/** The document a problem is about: the one whose kind and metadata.name match, else the first. */
export function documentFor(docs: readonly Doc[], problem: Pick<ApplyProblem, 'kind' | 'name'>): Doc | undefined {
  if (problem.name !== undefined) {
    const match = docs.find((d) => {
      const name = d.getIn(['metadata', 'name']);
      const kind = d.get('kind');
      return String(name ?? '') === problem.name && (problem.kind === undefined || String(kind ?? '') === problem.kind);
    });
    if (match) return match;
  }
  return docs.find((d) => d.contents !== null) ?? docs[0];
}

/**
 * The range of `path` in `doc`: the key and scalar value of the field, or for a missing field the
 * key of its deepest existing parent (e.g. the `- name: web` line of a container missing its
 * image); the document's first line when nothing matches.
 */
export function rangeOfPath(text: string, doc: Doc, path: readonly (string | number)[]): TextRange | null {
  let node: Node | null | undefined = doc.contents as Node | null;
  let marked: [number, number] | null = null;
  let depth = 0;
  for (const segment of path) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(segment));
      if (!pair) break;
      const key = nodeRange(pair.key as Node);
      const value = pair.value as Node | null;
      const valueRange = nodeRange(value);
      if (key && valueRange && isScalar(value)) marked = [key[0], valueRange[1]];
      else if (key) marked = firstLine(text, key[0], key[1]);
      node = value;
    } else if (isSeq(node) && typeof segment === 'number') {
      const item = node.items[segment] as Node | undefined;
      if (!item) break;
      const r = nodeRange(item);
      if (r) marked = isScalar(item) ? r : firstLine(text, r[0], r[1]);
      node = item;
    } else {
      break;
    }
    depth++;
  }
  if (!marked) {
    const r = nodeRange(doc.contents as Node | null);
    if (!r) return null;
    marked = firstLine(text, r[0], r[1]);
  }
  return { start: marked[0], end: marked[1], exact: depth === path.length };
}

/** Offset of a 1-based line and column. */
export function offsetOfLine(text: string, line: number, column = 1): number {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf('\n', offset);
    if (nl === -1) return text.length;
    offset = nl + 1;
  }
  return Math.min(offset + Math.max(0, column - 1), text.length);
}

export interface LocatedProblem {
  problem: ApplyProblem;
  range: TextRange;
}

/** Locates every problem that names a field or a line in the editor text. */
export function locateProblems(text: string, problems: readonly ApplyProblem[]): LocatedProblem[] {
  const docs = parseAllDocuments(text) as Doc[];
  const docList = Array.isArray(docs) ? docs : [];
  const located: LocatedProblem[] = [];
  for (const problem of problems) {
    if (problem.line !== undefined) {
      const start = offsetOfLine(text, problem.line, problem.column ?? 1);
      const lineEnd = text.indexOf('\n', start);
      const end = lineEnd === -1 ? text.length : lineEnd;
      located.push({ problem, range: { start, end: Math.max(end, start + 1), exact: true } });
      continue;
    }
    if (!problem.path) continue;
    const doc = documentFor(docList, problem);
    if (!doc) continue;
    const range = rangeOfPath(text, doc, problem.path);
    if (range) located.push({ problem, range });
  }
  return located;
}
