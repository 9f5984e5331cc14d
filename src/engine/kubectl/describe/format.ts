// Small printing helpers shared by the describers (kubectl pkg/describe): multi-line label,
// annotation, taint and toleration blocks, Go time formats, and the generic describer's
// field-name labels.

import { humanDuration } from '../../../k8s/duration';
import type { KObject, Taint, Toleration } from '../../../k8s/types';
import { compareGoStrings, formatGoFloatG } from '../printers/yaml-json';
import { LEVEL_0, type PrefixWriter } from './writer';

/** Annotations describe never shows (kubectl's skipAnnotations). */
const SKIPPED_ANNOTATIONS = new Set(['kubectl.kubernetes.io/last-applied-configuration']);
const MAX_ANNOTATION_LEN = 140;

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** Go's zero time.Time printed with RFC1123Z. */
const ZERO_RFC1123Z = 'Mon, 01 Jan 0001 00:00:00 +0000';

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Go `t.Format(time.RFC1123Z)` of a metav1.Time (UTC, as kubectl runs here): `Thu, 01 Jan 2026 00:00:00 +0000`. */
export function formatRFC1123Z(timestamp: string | undefined | null): string {
  if (!timestamp) return ZERO_RFC1123Z;
  const ms = Date.parse(timestamp);
  if (Number.isNaN(ms)) return ZERO_RFC1123Z;
  const d = new Date(ms);
  return `${DAYS[d.getUTCDay()]}, ${pad2(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())} +0000`;
}

/** translateTimestampSince: HumanDuration(now − t), `<unknown>` for an unset time. */
export function timestampSince(timestamp: string | undefined | null, nowUnixMs: number): string {
  if (!timestamp) return '<unknown>';
  const ms = Date.parse(timestamp);
  if (Number.isNaN(ms)) return '<unknown>';
  return humanDuration(nowUnixMs - ms);
}

export function sortStrings(values: Iterable<string>): string[] {
  return [...values].sort(compareGoStrings);
}

/** printLabelsMultilineWithIndent: `Title:<inner>k=v`, one pair per line, sorted; `<none>` when empty. */
export function printLabelsMultiline(
  w: PrefixWriter,
  title: string,
  labels: Record<string, string> | undefined | null,
  initialIndent = '',
  innerIndent = '\t',
): void {
  w.write(LEVEL_0, `${initialIndent}${title}:${innerIndent}`);
  const keys = sortStrings(Object.keys(labels ?? {}));
  if (keys.length === 0) {
    w.writeLine('<none>');
    return;
  }
  keys.forEach((key, i) => {
    if (i !== 0) w.write(LEVEL_0, initialIndent + innerIndent);
    w.write(LEVEL_0, `${key}=${labels![key]}\n`);
  });
}

/** printAnnotationsMultiline: long or multi-line values go under the key, cut at 140 characters. */
export function printAnnotationsMultiline(
  w: PrefixWriter,
  title: string,
  annotations: Record<string, string> | undefined | null,
): void {
  w.write(LEVEL_0, `${title}:\t`);
  const all = annotations ?? {};
  const keys = sortStrings(Object.keys(all).filter((k) => !SKIPPED_ANNOTATIONS.has(k)));
  if (keys.length === 0) {
    w.writeLine('<none>');
    return;
  }
  const indent = '\t';
  keys.forEach((key, i) => {
    if (i !== 0) w.write(LEVEL_0, indent);
    const value = all[key].endsWith('\n') ? all[key].slice(0, -1) : all[key];
    if (byteLength(value) + byteLength(key) + 2 > MAX_ANNOTATION_LEN || value.includes('\n')) {
      w.write(LEVEL_0, `${key}:\n`);
      for (const line of value.split('\n')) w.write(LEVEL_0, `${indent}  ${shorten(line, MAX_ANNOTATION_LEN - 2)}\n`);
    } else {
      w.write(LEVEL_0, `${key}: ${value}\n`);
    }
  });
}

/** Go len() of a string: its UTF-8 byte count. */
export function byteLength(s: string): number {
  return new TextEncoder().encode(s).length;
}

/** Go's s[:max] + "..." when longer than max bytes. */
function shorten(s: string, max: number): string {
  const bytes = new TextEncoder().encode(s);
  if (bytes.length <= max) return s;
  return new TextDecoder().decode(bytes.slice(0, max)) + '...';
}

/** Taint.ToString(): `key=value:effect`, or `key:effect` without a value. */
export function taintString(t: Taint): string {
  return t.value ? `${t.key}=${t.value}:${t.effect}` : `${t.key}:${t.effect}`;
}

/** printTaintsMultilineWithIndent: sorted by effect then key. */
export function printTaintsMultiline(
  w: PrefixWriter,
  title: string,
  taints: Taint[] | undefined,
  initialIndent = '',
  innerIndent = '\t',
): void {
  w.write(LEVEL_0, `${initialIndent}${title}:${innerIndent}`);
  const list = [...(taints ?? [])];
  if (list.length === 0) {
    w.writeLine('<none>');
    return;
  }
  const key = (t: Taint) => `${t.effect},${t.key}`;
  list.sort((a, b) => compareGoStrings(key(a), key(b)));
  list.forEach((t, i) => {
    if (i !== 0) w.write(LEVEL_0, initialIndent + innerIndent);
    w.write(LEVEL_0, `${taintString(t)}\n`);
  });
}

/** printTolerationsMultilineWithIndent: `key=value:effect op=Exists for 300s`, sorted by key. */
export function printTolerationsMultiline(
  w: PrefixWriter,
  title: string,
  tolerations: Toleration[] | undefined,
  initialIndent = '',
  innerIndent = '\t',
): void {
  w.write(LEVEL_0, `${initialIndent}${title}:${innerIndent}`);
  const list = [...(tolerations ?? [])];
  if (list.length === 0) {
    w.writeLine('<none>');
    return;
  }
  list.sort((a, b) => compareGoStrings(a.key ?? '', b.key ?? ''));
  list.forEach((t, i) => {
    if (i !== 0) w.write(LEVEL_0, initialIndent + innerIndent);
    let text = t.key ?? '';
    if (t.value) text += `=${t.value}`;
    if (t.effect) text += `:${t.effect}`;
    if (t.operator === 'Exists' && !t.value) text += t.key || t.effect ? ' op=Exists' : 'op=Exists';
    if (t.tolerationSeconds !== undefined && t.tolerationSeconds !== null) text += ` for ${t.tolerationSeconds}s`;
    w.write(LEVEL_0, `${text}\n`);
  });
}

/** printController: `Kind/name` of the controlling owner, or '' when there is none. */
export function controllerOf(obj: KObject): string {
  const ref = obj.metadata.ownerReferences?.find((r) => r.controller);
  return ref ? `${ref.kind}/${ref.name}` : '';
}

export function stringOrNone(s: string | undefined | null): string {
  return s ? s : '<none>';
}

/** printBool: `True` / `False`. */
export function printBool(v: unknown): string {
  return v ? 'True' : 'False';
}

/** Go's `%v` of a value decoded from JSON into interface{} (what the generic describer prints). */
export function goValue(v: unknown): string {
  if (v === null || v === undefined) return '<nil>';
  if (typeof v === 'number') return Number.isInteger(v) && Math.abs(v) < 2 ** 63 ? String(v) : formatGoFloatG(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return `[${v.map(goValue).join(' ')}]`;
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `map[${sortStrings(Object.keys(o))
      .map((k) => `${k}:${goValue(o[k])}`)
      .join(' ')}]`;
  }
  return String(v);
}

/** fatih/camelcase.Split: runs of lower, upper, digit and other characters, with "PDFLoader" → PDF, Loader. */
export function camelCaseSplit(src: string): string[] {
  const runs: string[][] = [];
  let last = 0;
  for (const ch of src) {
    const cls = /\p{Ll}/u.test(ch) ? 1 : /\p{Lu}/u.test(ch) ? 2 : /\p{Nd}/u.test(ch) ? 3 : 4;
    if (cls === last && runs.length) runs[runs.length - 1].push(ch);
    else runs.push([ch]);
    last = cls;
  }
  for (let i = 0; i < runs.length - 1; i++) {
    if (/\p{Lu}/u.test(runs[i][0]) && /\p{Ll}/u.test(runs[i + 1][0])) {
      runs[i + 1].unshift(runs[i].pop()!);
    }
  }
  return runs.filter((r) => r.length > 0).map((r) => r.join(''));
}

const ACRONYMS = new Set(['API', 'URL', 'UID', 'OSB', 'GUID']);

/** smartLabelFor: `apiVersion` → `API Version`, `holderIdentity` → `Holder Identity`; odd keys kept as they are. */
export function smartLabelFor(field: string): string {
  if ([...field].some((ch) => ch !== '-' && !/\p{L}/u.test(ch))) return field;
  const parts: string[] = [];
  for (const part of camelCaseSplit(field)) {
    if (part === '_') continue;
    if (ACRONYMS.has(part.toUpperCase())) parts.push(part.toUpperCase());
    else parts.push(title(part));
  }
  return parts.join(' ');
}

/** strings.Title: upper-cases the first letter of every word. */
function title(s: string): string {
  let out = '';
  let prevLetter = false;
  for (const ch of s) {
    const isLetter = /[\p{L}\p{N}_']/u.test(ch);
    out += isLetter && !prevLetter ? ch.toUpperCase() : ch;
    prevLetter = isLetter;
  }
  return out;
}
