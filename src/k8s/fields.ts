/**
 * Field selectors (`kubectl get --field-selector`), behaving like
 * k8s.io/apimachinery/pkg/fields: comma-separated terms ANDed together, each
 * `field=value`, `field==value` or `field!=value`. Values may escape `\`, `,`
 * and `=` with a backslash; field names are taken literally (no trimming).
 */

export type FieldOperator = '=' | '!=';

export interface FieldRequirement {
  field: string;
  /** `==` is normalised to `=`, as upstream does. */
  op: FieldOperator;
  value: string;
}

export interface FieldSelector {
  requirements: FieldRequirement[];
  /** `getField` returns the object's value for a field; a missing field counts as "". */
  matches(getField: (field: string) => string | undefined): boolean;
  empty(): boolean;
  /** The value an `=` term requires for `field`, if any (used for indexed lookups). */
  requiresExactMatch(field: string): string | undefined;
  toString(): string;
}

/** Thrown by parseFieldSelector; message matches fields.ParseSelector errors. */
export class FieldSelectorParseError extends Error {
  override name = 'FieldSelectorParseError';
}

/** fields.EscapeValue: makes an arbitrary string safe to use as a selector value. */
export function escapeFieldValue(value: string): string {
  return value.replace(/[\\,=]/g, (c) => `\\${c}`);
}

/** fields.UnescapeValue. Throws FieldSelectorParseError on a bad escape or a bare `,`/`=`. */
export function unescapeFieldValue(value: string): string {
  if (!/[\\,=]/.test(value)) return value;
  let out = '';
  let inSlash = false;
  for (const c of value) {
    if (inSlash) {
      if (c !== '\\' && c !== ',' && c !== '=') {
        throw new FieldSelectorParseError(`invalid field selector: invalid escape sequence: \\${c}`);
      }
      out += c;
      inSlash = false;
    } else if (c === '\\') {
      inSlash = true;
    } else if (c === ',' || c === '=') {
      // Upstream prints the rune with %v, i.e. as its numeric code point.
      throw new FieldSelectorParseError(`invalid field selector: unescaped character in value: ${c.codePointAt(0)}`);
    } else {
      out += c;
    }
  }
  if (inSlash) throw new FieldSelectorParseError('invalid field selector: invalid escape sequence: \\');
  return out;
}

class TermsSelector implements FieldSelector {
  constructor(readonly requirements: FieldRequirement[]) {}

  matches(getField: (field: string) => string | undefined): boolean {
    return this.requirements.every((r) => {
      const actual = getField(r.field) ?? '';
      return r.op === '=' ? actual === r.value : actual !== r.value;
    });
  }

  empty(): boolean {
    return this.requirements.length === 0;
  }

  requiresExactMatch(field: string): string | undefined {
    return this.requirements.find((r) => r.op === '=' && r.field === field)?.value;
  }

  toString(): string {
    return this.requirements.map((r) => `${r.field}${r.op}${escapeFieldValue(r.value)}`).join(',');
  }
}

/** Matches every object (fields.Everything()). */
export const everythingFields: FieldSelector = new TermsSelector([]);

/** fields.SelectorFromSet: `=` on every pair; null → everything. */
export function fieldSelectorFromSet(set: Record<string, string> | null | undefined): FieldSelector {
  return new TermsSelector(Object.entries(set ?? {}).map(([field, value]) => ({ field, op: '=', value })));
}

// Splits on commas that are not backslash-escaped; escapes stay in the terms.
function splitTerms(selector: string): string[] {
  if (selector.length === 0) return [];
  const terms: string[] = [];
  let start = 0;
  let inSlash = false;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i];
    if (inSlash) inSlash = false;
    else if (c === '\\') inSlash = true;
    else if (c === ',') {
      terms.push(selector.slice(start, i));
      start = i + 1;
    }
  }
  terms.push(selector.slice(start));
  return terms;
}

// `!=` and `==` are tried before `=` at each position so `a==b` does not leave "=b" as the value.
const TERM_OPERATORS = ['!=', '==', '='] as const;

function splitTerm(term: string): { lhs: string; op: (typeof TERM_OPERATORS)[number]; rhs: string } | undefined {
  for (let i = 0; i < term.length; i++) {
    for (const op of TERM_OPERATORS) {
      if (term.startsWith(op, i)) return { lhs: term.slice(0, i), op, rhs: term.slice(i + op.length) };
    }
  }
  return undefined;
}

/**
 * fields.ParseSelector. Terms are sorted (as raw strings) like upstream, so
 * toString() is canonical. An empty string selects everything.
 */
export function parseFieldSelector(selector: string): FieldSelector {
  const parts = splitTerms(selector).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const requirements: FieldRequirement[] = [];
  for (const part of parts) {
    if (part === '') continue;
    const term = splitTerm(part);
    if (!term) throw new FieldSelectorParseError(`invalid selector: '${selector}'; can't understand '${part}'`);
    const value = unescapeFieldValue(term.rhs);
    requirements.push({ field: term.lhs, op: term.op === '!=' ? '!=' : '=', value });
  }
  return new TermsSelector(requirements);
}
