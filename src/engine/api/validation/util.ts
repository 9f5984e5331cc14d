// Shared pieces of the validation package: field-path building (field.Path), the small
// validators of k8s.io/apimachinery/pkg/util/validation that names.ts does not cover, and the
// wrappers that turn message lists into FieldErrors (ValidateLabels, ValidateQualifiedName, ...).

import { field, type FieldError } from '../errors';
import {
  isDNS1123Label,
  isDNS1123Subdomain,
  isQualifiedName,
  isValidLabelValue,
  maxLenError,
  regexError,
  emptyError,
} from '../../../k8s/names';

// ---- field paths (field.Path.String()) --------------------------------------------------------

export function child(path: string, ...names: string[]): string {
  let out = path;
  for (const n of names) out = out === '' ? n : `${out}.${n}`;
  return out;
}

export function index(path: string, i: number): string {
  return `${path}[${i}]`;
}

export function key(path: string, k: string): string {
  return `${path}[${k}]`;
}

// ---- value helpers ----------------------------------------------------------------------------

export type Obj = Record<string, unknown>;

export function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function asObj(v: unknown): Obj {
  return isObj(v) ? v : {};
}

export function asArray(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

export function asString(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

/** A Go string map: entries whose values are strings, in insertion order. */
export function asStringMap(v: unknown): [string, string][] {
  if (!isObj(v)) return [];
  return Object.entries(v).map(([k, val]) => [k, typeof val === 'string' ? val : String(val ?? '')]);
}

/** An int field as Go sees it: absent / null is the zero value. */
export function asInt(v: unknown): number {
  return typeof v === 'number' ? v : 0;
}

export function isSet(v: unknown): boolean {
  return v !== undefined && v !== null;
}

// ---- messages from k8s.io/apimachinery/pkg/util/validation ------------------------------------

export const IS_NEGATIVE_ERROR_MSG = 'must be greater than or equal to 0';
export const FIELD_IMMUTABLE_ERROR_MSG = 'field is immutable';
export const IS_NOT_INTEGER_ERROR_MSG = 'must be an integer';

export function inclusiveRangeError(lo: number, hi: number): string {
  return `must be between ${lo} and ${hi}, inclusive`;
}

/** validation.IsValidPortNum. */
export function isValidPortNum(port: number): string[] {
  return port >= 1 && port <= 65535 ? [] : [inclusiveRangeError(1, 65535)];
}

const portNameCharsetRe = /^[-a-z0-9]+$/;
const portNameOneLetterRe = /[a-z]/;

/** validation.IsValidPortName (IANA_SVC_NAME). */
export function isValidPortName(port: string): string[] {
  const errs: string[] = [];
  if (port.length > 15) errs.push(maxLenError(15));
  if (!portNameCharsetRe.test(port)) errs.push('must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)');
  if (!portNameOneLetterRe.test(port)) errs.push('must contain at least one letter (a-z)');
  if (port.includes('--')) errs.push('must not contain consecutive hyphens');
  if (port.length > 0 && (port.startsWith('-') || port.endsWith('-'))) errs.push('must not begin or end with a hyphen');
  return errs;
}

const MAX_UNIX_ID = 0xffffffff;

/** validation.IsValidUserID / IsValidGroupID. */
export function isValidUnixID(id: number): string[] {
  return id >= 0 && id <= MAX_UNIX_ID ? [] : [inclusiveRangeError(0, MAX_UNIX_ID)];
}

const RELAXED_ENV_VAR_NAME_ERR_MSG =
  "a valid environment variable name must consist only of printable ASCII characters other than '='";

/**
 * validation.IsRelaxedEnvVarName: the rule for env names and envFrom prefixes since the
 * RelaxedEnvironmentVariableValidation gate went on by default (GA in 1.34).
 */
export function isRelaxedEnvVarName(value: string): string[] {
  const errs: string[] = [];
  if (value.length === 0) errs.push(`environment variable name ${emptyError()}`);
  for (const ch of value) {
    const c = ch.codePointAt(0) ?? 0;
    if (c > 0x7e || c < 0x20 || ch === '=') {
      errs.push(RELAXED_ENV_VAR_NAME_ERR_MSG);
      break;
    }
  }
  return errs;
}

const CONFIG_MAP_KEY_FMT = '[-._a-zA-Z0-9]+';
const configMapKeyRe = new RegExp(`^${CONFIG_MAP_KEY_FMT}$`);

function hasChDirPrefix(value: string): string[] {
  if (value === '.') return ["must not be '.'"];
  if (value === '..') return ["must not be '..'"];
  if (value.startsWith('..')) return ["must not start with '..'"];
  return [];
}

/** validation.IsConfigMapKey. */
export function isConfigMapKey(value: string): string[] {
  const errs: string[] = [];
  if (value.length > 253) errs.push(maxLenError(253));
  if (!configMapKeyRe.test(value)) {
    errs.push(
      regexError(
        "a valid config key must consist of alphanumeric characters, '-', '_' or '.'",
        CONFIG_MAP_KEY_FMT,
        'key.name',
        'KEY_NAME',
        'key-name',
      ),
    );
  }
  errs.push(...hasChDirPrefix(value));
  return errs;
}

const HTTP_HEADER_NAME_FMT = '[-A-Za-z0-9]+';
const httpHeaderNameRe = new RegExp(`^${HTTP_HEADER_NAME_FMT}$`);

/** validation.IsHTTPHeaderName. */
export function isHTTPHeaderName(value: string): string[] {
  return httpHeaderNameRe.test(value)
    ? []
    : [regexError("a valid HTTP header must consist of alphanumeric characters or '-'", HTTP_HEADER_NAME_FMT, 'X-Header-Name')];
}

// ---- IP addresses (k8s.io/utils/net ParseIPSloppy / ParseCIDRSloppy) --------------------------

function parseIPv4Sloppy(s: string): boolean {
  const parts = s.split('.');
  if (parts.length !== 4) return false;
  // "Sloppy": leading zeros are accepted (and read as decimal).
  return parts.every((p) => /^[0-9]{1,3}$/.test(p) && Number(p) <= 255);
}

function parseIPv6(s: string): boolean {
  const hex = (g: string) => /^[0-9a-fA-F]{1,4}$/.test(g);
  let str = s;
  // An embedded dotted IPv4 tail stands for the last two groups.
  const lastColon = s.lastIndexOf(':');
  const tail = s.slice(lastColon + 1);
  if (tail.includes('.')) {
    if (!parseIPv4Sloppy(tail)) return false;
    str = `${s.slice(0, lastColon + 1)}0:0`;
  }
  const dbl = str.indexOf('::');
  if (dbl !== str.lastIndexOf('::')) return false;
  if (dbl >= 0) {
    const left = str.slice(0, dbl);
    const right = str.slice(dbl + 2);
    const groups = [...(left === '' ? [] : left.split(':')), ...(right === '' ? [] : right.split(':'))];
    return groups.every(hex) && groups.length <= 7;
  }
  const groups = str.split(':');
  return groups.length === 8 && groups.every(hex);
}

/** netutils.ParseIPSloppy(s) != nil. */
export function isIPSloppy(s: string): boolean {
  if (s.includes(':')) return parseIPv6(s);
  return parseIPv4Sloppy(s);
}

export function isIPv4(s: string): boolean {
  return !s.includes(':') && parseIPv4Sloppy(s);
}

/** validation.IsValidIP. */
export function validateIP(path: string, value: string): FieldError[] {
  return isIPSloppy(value) ? [] : [field.invalid(path, value, 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)')];
}

/** netutils.ParseCIDRSloppy succeeds. */
export function isCIDRSloppy(value: string): boolean {
  const slash = value.indexOf('/');
  if (slash < 0) return false;
  const ip = value.slice(0, slash);
  const bits = value.slice(slash + 1);
  if (!/^[0-9]{1,3}$/.test(bits)) return false;
  const n = Number(bits);
  if (ip.includes(':')) return parseIPv6(ip) && n <= 128;
  return parseIPv4Sloppy(ip) && n <= 32;
}

/** validation.IsValidCIDR. */
export function validateCIDR(path: string, value: string): FieldError[] {
  return isCIDRSloppy(value)
    ? []
    : [field.invalid(path, value, 'must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)')];
}

// ---- FieldError wrappers ----------------------------------------------------------------------

/** ValidateNonnegativeField. */
export function validateNonnegative(value: number, path: string): FieldError[] {
  return value < 0 ? [field.invalid(path, value, IS_NEGATIVE_ERROR_MSG)] : [];
}

/** ValidateDNS1123Label. */
export function validateDNS1123Label(value: string, path: string): FieldError[] {
  return isDNS1123Label(value).map((msg) => field.invalid(path, value, msg));
}

/** ValidateDNS1123Subdomain. */
export function validateDNS1123Subdomain(value: string, path: string): FieldError[] {
  return isDNS1123Subdomain(value).map((msg) => field.invalid(path, value, msg));
}

/**
 * Qualified names already found valid: the same few (toleration keys, condition types, label
 * keys) come with every pod write.
 */
const validQualifiedNames = new Set<string>();
const MAX_VALID_QUALIFIED_NAMES = 10_000;

/** ValidateQualifiedName / metav1 validation.ValidateLabelName. */
export function validateQualifiedName(value: string, path: string): FieldError[] {
  if (validQualifiedNames.has(value)) return [];
  const msgs = isQualifiedName(value);
  if (msgs.length === 0) {
    // A bound, so ever new names (label keys, condition types) cannot grow the set without limit.
    if (validQualifiedNames.size >= MAX_VALID_QUALIFIED_NAMES) validQualifiedNames.clear();
    validQualifiedNames.add(value);
    return [];
  }
  return msgs.map((msg) => field.invalid(path, value, msg));
}

export const validateLabelName = validateQualifiedName;

/**
 * Frozen maps (labels, annotations, selectors) already found valid. Objects made from one template
 * share their label map, so it is checked once; whether a map is valid depends only on its
 * contents, which a frozen map cannot change.
 */
const validFrozenMaps = new WeakSet<object>();

/** Whether `v` is a frozen map already found valid by the validator owning `memo`. */
export function knownValid(memo: WeakSet<object>, v: unknown): boolean {
  return typeof v === 'object' && v !== null && memo.has(v);
}

/** Records `v` as valid when it is a frozen object (the only kind that cannot change later). */
export function rememberValid(memo: WeakSet<object>, v: unknown): void {
  if (typeof v === 'object' && v !== null && Object.isFrozen(v)) memo.add(v);
}

/** metav1 validation.ValidateLabels: every error is reported at the map's path, not per key. */
export function validateLabels(labels: unknown, path: string): FieldError[] {
  if (knownValid(validFrozenMaps, labels)) return [];
  const errs: FieldError[] = [];
  if (!isObj(labels)) return errs;
  // asStringMap's entries, without building them.
  for (const k of Object.keys(labels)) {
    const val = labels[k];
    const v = typeof val === 'string' ? val : String(val ?? '');
    errs.push(...validateLabelName(k, path));
    for (const msg of isValidLabelValue(v)) errs.push(field.invalid(path, v, msg));
  }
  if (errs.length === 0) rememberValid(validFrozenMaps, labels);
  return errs;
}

/** ValidateImmutableField (apiequality.Semantic.DeepEqual on the two values). */
export function validateImmutableField(newVal: unknown, oldVal: unknown, path: string): FieldError[] {
  return semanticEqual(newVal, oldVal)
    ? []
    : [field.invalid(path, newVal === undefined ? null : newVal, FIELD_IMMUTABLE_ERROR_MSG)];
}

/**
 * Semantic deep equality of JSON data as Go sees decoded structs (apiequality.Semantic.DeepEqual):
 * an absent field decodes to its zero value, and nil and empty slices/maps are equal. So absent,
 * null, "", 0, false, [] and {} all compare equal. (This loses the nil-vs-zero distinction of
 * pointer fields such as `runAsUser: 0`, which Go keeps.)
 */
export function semanticEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const emptyish = (v: unknown): boolean =>
    v === undefined ||
    v === null ||
    v === '' ||
    v === 0 ||
    v === false ||
    (Array.isArray(v) && v.length === 0) ||
    (isObj(v) && Object.keys(v).every((k) => emptyish(v[k])));
  if (emptyish(a) && emptyish(b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    if (a.length !== bb.length) return false;
    return a.every((x, i) => semanticEqual(x, bb[i]));
  }
  const ao = a as Obj;
  const bo = b as Obj;
  const keys = new Set([...Object.keys(ao), ...Object.keys(bo)]);
  for (const k of keys) if (!semanticEqual(ao[k], bo[k])) return false;
  return true;
}

/** A local builder field lacks: an error with a bad value and a detail, of any type. */
export function duplicateWithDetail(path: string, value: unknown, detail: string): FieldError {
  return { ...field.duplicate(path, value), detail };
}

export function notFoundWithDetail(path: string, value: unknown, detail: string): FieldError {
  return { ...field.notFound(path, value), detail };
}
