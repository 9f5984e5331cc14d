// apply-result: reads what `kubectl apply -f -` printed for an editor Apply — the per-object
// result lines and the API's errors — without any protocol change: the error text is kubectl's
// stable format, e.g.
//
//   The Pod "web" is invalid: spec.containers[0].image: Required value
//   The Deployment "d" is invalid:
//   * spec.replicas: Invalid value: -1: must be greater than or equal to 0
//   error: error parsing STDIN: error converting YAML to JSON: yaml: line 3, column 5: …
//   … Operation cannot be fulfilled on pods "web": the object has been modified; …

import type { ConsoleTranscript } from '../state/console';

/** One problem kubectl reported, located as precisely as the text allows. */
export interface ApplyProblem {
  message: string;
  /** The object the error names (`The Pod "web" is invalid`). */
  kind?: string;
  name?: string;
  /** Field path segments, e.g. ['spec', 'containers', 0, 'image']. */
  path?: (string | number)[];
  /** 1-based position from a YAML syntax error. */
  line?: number;
  column?: number;
  severity: 'error' | 'warning';
}

export interface ApplyResult {
  ok: boolean;
  /** `pod/web created`, `deployment.apps/d configured`, … */
  results: string[];
  /** stderr, verbatim (trimmed). */
  errorText: string;
  problems: ApplyProblem[];
  /** The API refused a write made against an old resourceVersion. */
  conflict: boolean;
}

/** The stdout and stderr a command printed, from the console transcript. */
export function outputOf(transcript: ConsoleTranscript, id: string): { stdout: string; stderr: string } {
  let stdout = '';
  let stderr = '';
  for (const entry of transcript.entries) {
    if (entry.id !== id) continue;
    if (entry.kind === 'stdout') stdout += entry.text;
    else if (entry.kind === 'stderr') stderr += entry.text;
  }
  return { stdout, stderr };
}

const FIELD_PATH = /^([A-Za-z_$][\w$-]*(?:\.[A-Za-z_$][\w$-]*|\[[^\]]*\])*): (.+)$/;

/** `spec.containers[0].image` → ['spec', 'containers', 0, 'image']; map keys in brackets stay strings. */
export function parseFieldPath(text: string): (string | number)[] {
  const segments: (string | number)[] = [];
  const re = /([^.[\]]+)|\[([^\]]*)\]/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[1] !== undefined) segments.push(m[1]);
    else segments.push(/^\d+$/.test(m[2]) ? Number(m[2]) : m[2]);
  }
  return segments;
}

/** Field errors of one `is invalid:` message (single-line or a `* …` list). */
function fieldErrors(body: string, kind: string, name: string): ApplyProblem[] {
  const parts = body
    .split(/\n\*\s+|^\*\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
  const problems: ApplyProblem[] = [];
  for (const part of parts) {
    // a field error is `path: detail`; a list item may continue on following lines
    for (const piece of part.startsWith('[') ? part.replace(/^\[|\]$/g, '').split(/,\s+(?=[a-z][\w.[\]-]*: )/) : [part]) {
      const m = FIELD_PATH.exec(piece.trim());
      if (m) problems.push({ message: piece.trim(), kind, name, path: parseFieldPath(m[1]), severity: 'error' });
      else problems.push({ message: piece.trim(), kind, name, severity: 'error' });
    }
  }
  return problems;
}

/** Parses kubectl's stderr for an apply into located problems. */
export function parseApplyErrors(stderr: string): ApplyProblem[] {
  const problems: ApplyProblem[] = [];
  const text = stderr.replace(/\r\n/g, '\n');
  // `The Kind "name" is invalid: …` up to the next such header or an `error:`/`Error from server` line
  const invalid =
    /(?:^|\n)(?:Error from server \(Invalid\): (?:error when (?:creating|applying patch|patching)[^\n]*?: )?)?The (\w+) "([^"]*)" is invalid: ?([\s\S]*?)(?=\nThe \w+ "[^"]*" is invalid|\nerror:|\nError from server|$)/g;
  for (let m = invalid.exec(text); m; m = invalid.exec(text)) {
    problems.push(...fieldErrors(m[3], m[1], m[2]));
  }
  for (const m of text.matchAll(/yaml: line (\d+)(?:, column (\d+))?: ([^\n]+)/g)) {
    problems.push({
      message: `YAML: ${m[3]}`,
      line: Number(m[1]),
      ...(m[2] ? { column: Number(m[2]) } : {}),
      severity: 'error',
    });
  }
  // Decoding: `strict decoding error: unknown field "spec.replicass", …` (refused) or
  // `Warning: unknown field "…"` (--validate=warn, dropped), and encoding/json's type errors,
  // whose field path has no list indices (the marker goes to the nearest field that exists).
  for (const line of text.split('\n')) {
    const severity = line.startsWith('Warning: ') ? 'warning' : 'error';
    for (const m of line.matchAll(/unknown field "([^"]+)"/g)) {
      problems.push({ message: `unknown field "${m[1]}"`, path: parseFieldPath(m[1]), severity });
    }
    const type = /(json: cannot unmarshal .+ into Go struct field \w+\.([\w.]+) of type \S+)/.exec(line);
    if (type) problems.push({ message: type[1], path: parseFieldPath(type[2]), severity: 'error' });
  }
  for (const m of text.matchAll(/Operation cannot be fulfilled on ([\w.]+) "([^"]*)": ([^\n]+)/g)) {
    problems.push({
      message: `Conflict: ${m[3]}`,
      name: m[2],
      path: ['metadata', 'resourceVersion'],
      severity: 'warning',
    });
  }
  return problems;
}

/** The result of one Apply from the command's output. */
export function readApplyResult(stdout: string, stderr: string): ApplyResult {
  const results = stdout
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const errorText = stderr.trim();
  const problems = parseApplyErrors(stderr);
  const conflict = problems.some((p) => p.message.startsWith('Conflict: '));
  // Warnings (`Warning: unknown field …` with --validate=warn) do not make an Apply fail.
  const ok = errorText.split('\n').every((l) => l.trim() === '' || l.startsWith('Warning: '));
  return { ok, results, errorText, problems, conflict };
}
