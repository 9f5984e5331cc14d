// Decoding a request body as the API server does (the serializer's json.Unmarshal into the kind's
// Go struct, case-sensitively, with strict field checking), before defaulting, admission and
// validation. The result has exactly the shapes of the schema — objects where structs and maps
// belong, arrays for lists, integers in range for int32 / int64, strings and booleans where they
// belong, parseable quantities — so the code after it can trust them.
//
// What encoding/json does and this reproduces:
// - a JSON value of the wrong type for a field is an UnmarshalTypeError, `json: cannot unmarshal
//   <string|number|bool|array|object> into Go struct field <Struct>.<field.path> of type <type>`
//   (the path without list indices or map keys; for numbers that do not fit, `number <text>`);
//   decoding goes on and the first such error is the one reported;
// - types with their own UnmarshalJSON (resource.Quantity, intstr.IntOrString, metav1.Time)
//   stop decoding with their own error, which wins over an earlier type error;
// - `null` leaves a field unset; a `null` list element or map value is the zero value;
// - fields the struct does not have are dropped, and collected (with list indices) for the
//   strict decoding error / the warnings of fieldValidation=Warn.

import type { KObject } from '../../../k8s/types';
import { base64Error } from '../../../k8s/base64';
import { parseQuantity, QuantityError } from '../../../k8s/quantity';
import { definition, goTypeOfDefinition, kindDefinitionId, refId, structName, type SchemaNode } from './schema';

/** `fieldValidation` of a write request: what to do with unknown fields. */
export type FieldValidation = 'Strict' | 'Warn' | 'Ignore';

export interface Decoded {
  object: KObject;
  /** Paths of the fields the kind does not have (`spec.template.spec.containers[0].imagee`), dropped. */
  unknownFields: string[];
}

/** A decoding failure: the serializer's error text (the server prefixes the kind and version). */
export class DecodeError extends Error {
  override name = 'DecodeError';
}

/** A custom unmarshaler's error: ends decoding at once. */
class StopDecoding extends Error {}

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;
const INT64_LIMIT = 2 ** 63;

type Json = Record<string, unknown>;

/** Where the decoder is: the Go struct whose field holds the value, and the paths. */
interface Place {
  /** Struct name for errors (`PodSpec`). */
  struct: string;
  /** Dotted field path without indices (`spec.containers.ports`). */
  field: string;
  /** Path with list indices, for unknown fields (`spec.containers[0].ports`). */
  path: string;
}

class Decoder {
  typeError: string | undefined;
  readonly unknown: string[] = [];

  /**
   * `converter`: decode as runtime.DefaultUnstructuredConverter does a strategic merge patch's
   * result (FromUnstructured): Go conversions between JSON numbers and integer fields, and its
   * own errors (`unrecognized type: int32`, `cannot restore slice from int64`), the first of
   * which ends decoding.
   */
  constructor(private readonly converter = false) {}

  /** The JSON value decoded into `schema`; undefined drops it (null, or an unusable value). */
  value(v: unknown, schema: SchemaNode, at: Place): unknown {
    if (v === null || v === undefined) return undefined;
    if (schema.$ref) {
      const id = refId(schema.$ref);
      const def = definition(id);
      if (!def) return v;
      return this.defined(v, id, def, at);
    }
    return this.shaped(v, schema, at, undefined);
  }

  private defined(v: unknown, id: string, def: SchemaNode, at: Place): unknown {
    switch (def.format) {
      case 'quantity':
        return quantity(v);
      case 'date-time':
        return time(v, id === 'meta.v1.MicroTime');
    }
    return this.shaped(v, def, at, id);
  }

  private shaped(v: unknown, schema: SchemaNode, at: Place, id: string | undefined): unknown {
    if (schema.format === 'int-or-string') return intOrString(v);
    if (schema.format === 'date-time') return time(v);
    const type = Array.isArray(schema.type) ? undefined : schema.type;
    if (this.converter) return this.converted(v, schema, at, id, type);
    switch (type) {
      case 'string':
        if (typeof v === 'string') {
          // []byte: encoding/json decodes base64 and keeps the first error (saveError).
          if (schema.format === 'byte') this.typeError ??= base64Error(v);
          return v;
        }
        if (schema.format === 'byte') return this.mismatch(v, '[]uint8', at);
        return this.mismatch(v, schema['x-go-type'] ?? 'string', at);
      case 'boolean':
        if (typeof v === 'boolean') return v;
        return this.mismatch(v, 'bool', at);
      case 'integer':
        return this.integer(v, schema.format === 'int32' ? 'int32' : 'int64', at);
      case 'number':
        if (typeof v === 'number') return v;
        return this.mismatch(v, 'float64', at);
      case 'array': {
        const items = schema.items ?? {};
        if (!Array.isArray(v)) return this.mismatch(v, `[]${goType(items)}`, at);
        return v.map((item, i) => {
          const place = { ...at, path: `${at.path}[${i}]` };
          if (item === null) return zeroValue(items);
          const out = this.value(item, items, place);
          return out === undefined ? zeroValue(items) : out;
        });
      }
      case 'object': {
        if (!isObject(v)) return this.mismatch(v, id ? goTypeOfDefinition(id) : (schema['x-go-type'] ?? goType(schema)), at);
        // An object type without fields (RawExtension, FieldsV1: empty interfaces in the types the
        // schema is generated from) is free-form JSON, not a struct that refuses every field.
        if (schema.properties && Object.keys(schema.properties).length > 0)
          return this.struct(v, schema, id ? structName(id) : at.struct, at);
        if (schema.additionalProperties) {
          const values = schema.additionalProperties;
          const out: Json = {};
          for (const key of Object.keys(v)) {
            const item = v[key];
            const decoded = item === null ? zeroValue(values) : this.value(item, values, { ...at, path: `${at.path}.${key}` });
            setOwn(out, key, decoded === undefined ? zeroValue(values) : decoded);
          }
          return out;
        }
        return v; // free-form (FieldsV1, RawExtension)
      }
      default:
        return v; // any JSON
    }
  }

  /** FromUnstructured's conversions and errors (see the constructor). */
  private converted(v: unknown, schema: SchemaNode, at: Place, id: string | undefined, type: string | undefined): unknown {
    const kind = reflectKind(v);
    const fail = (message: string): never => {
      throw new StopDecoding(message);
    };
    switch (type) {
      case 'string':
        if (typeof v === 'string') return v;
        return fail(
          kind === 'int64' ? `cannot convert int64 to ${schema['x-go-type'] ?? 'string'}` : 'unrecognized type: string',
        );
      case 'boolean':
        if (typeof v === 'boolean') return v;
        return fail('unrecognized type: bool');
      case 'integer': {
        const target = schema.format === 'int32' ? 'int32' : 'int64';
        if (typeof v !== 'number') return fail(`unrecognized type: ${target}`);
        if (!Number.isInteger(v)) return fail(`cannot convert float64 to ${target}`);
        return goIntConversion(v, target);
      }
      case 'number':
        if (typeof v === 'number') return v;
        return fail('unrecognized type: float64');
      case 'array':
        if (!Array.isArray(v)) return fail(`cannot restore slice from ${kind}`);
        return v.map((item, i) => {
          const items = schema.items ?? {};
          const out = item === null ? undefined : this.value(item, items, { ...at, path: `${at.path}[${i}]` });
          return out === undefined ? zeroValue(items) : out;
        });
      case 'object':
        if (schema.properties) {
          if (!isObject(v)) return fail(`cannot restore struct from: ${kind}`);
          return this.struct(v, schema, id ? structName(id) : at.struct, at);
        }
        if (schema.additionalProperties) {
          if (!isObject(v)) return fail(`cannot restore map from ${kind}`);
          const values = schema.additionalProperties;
          const out: Json = {};
          for (const key of Object.keys(v)) {
            const item = v[key];
            const decoded = item === null ? undefined : this.value(item, values, { ...at, path: `${at.path}.${key}` });
            setOwn(out, key, decoded === undefined ? zeroValue(values) : decoded);
          }
          return out;
        }
        return v;
      default:
        return v;
    }
  }

  private struct(v: Json, schema: SchemaNode, struct: string, at: Place): Json {
    const properties = schema.properties ?? {};
    const out: Json = {};
    for (const key of Object.keys(v)) {
      const field = at.field ? `${at.field}.${key}` : key;
      const path = at.path ? `${at.path}.${key}` : key;
      if (!Object.hasOwn(properties, key)) {
        this.unknown.push(path);
        continue;
      }
      const decoded = this.value(v[key], properties[key], { struct, field, path });
      // An empty list or map of an optional (omitempty) field is no field: the server never
      // returns `ownerReferences: []`.
      if (decoded === undefined || (isEmptyCollection(decoded, properties[key]) && !schema.required?.includes(key))) continue;
      setOwn(out, key, decoded);
    }
    return out;
  }

  private integer(v: unknown, kind: 'int32' | 'int64', at: Place): unknown {
    if (typeof v !== 'number') return this.mismatch(v, kind, at);
    const fits =
      Number.isInteger(v) && (kind === 'int32' ? v >= INT32_MIN && v <= INT32_MAX : v >= -INT64_LIMIT && v < INT64_LIMIT);
    if (fits) return v;
    return this.mismatch(v, kind, at, `number ${goNumber(v)}`);
  }

  /** Records the first UnmarshalTypeError; the field is left unset. */
  private mismatch(v: unknown, type: string, at: Place, value = jsonKind(v)): undefined {
    this.typeError ??= `json: cannot unmarshal ${value} into Go struct field ${at.struct}.${at.field} of type ${type}`;
    return undefined;
  }
}

/** resource.Quantity's UnmarshalJSON: a string (trimmed) or any other JSON text, parsed. */
function quantity(v: unknown): unknown {
  const text = typeof v === 'string' ? v.trim() : typeof v === 'number' ? v : JSON.stringify(v);
  try {
    parseQuantity(text);
  } catch (e) {
    if (e instanceof QuantityError) throw new StopDecoding(e.message);
    throw e;
  }
  return typeof v === 'string' ? text : v;
}

/** intstr.IntOrString's UnmarshalJSON: a string, or else an int32. */
function intOrString(v: unknown): unknown {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isInteger(v) && v >= INT32_MIN && v <= INT32_MAX) return v;
  const value = typeof v === 'number' ? `number ${goNumber(v)}` : jsonKind(v);
  throw new StopDecoding(`json: cannot unmarshal ${value} into Go value of type int32`);
}

/** metav1.Time's (MicroTime's) UnmarshalJSON: a string that time.Parse reads as RFC 3339 (with microseconds). */
function time(v: unknown, micro = false): unknown {
  if (typeof v !== 'string') throw new StopDecoding(`json: cannot unmarshal ${jsonKind(v)} into Go value of type string`);
  const error = goTimeParseError(v, micro);
  if (error) throw new StopDecoding(error);
  return v;
}

const RFC3339 = '2006-01-02T15:04:05Z07:00';
const RFC3339_MICRO = '2006-01-02T15:04:05.000000Z07:00';

/** time.Parse(RFC3339[Micro], value)'s error text, or undefined when it parses. */
export function goTimeParseError(value: string, micro = false): string | undefined {
  const layout = micro ? RFC3339_MICRO : RFC3339;
  const quote = (s: string) => JSON.stringify(s);
  const cannot = (rest: string, elem: string) =>
    `parsing time ${quote(value)} as ${quote(layout)}: cannot parse ${quote(rest)} as ${quote(elem)}`;
  const outOfRange = (what: string) => `parsing time ${quote(value)}: ${what} out of range`;
  const isDigit = (s: string, i: number) => i < s.length && s[i] >= '0' && s[i] <= '9';
  let rest = value;
  /** getnum: one or two digits (two when fixed). */
  const num = (fixed: boolean, elem: string): number | string => {
    if (!isDigit(rest, 0) || (fixed && !isDigit(rest, 1))) return cannot(rest, elem);
    const n = isDigit(rest, 1) ? 2 : 1;
    const v = Number(rest.slice(0, n));
    rest = rest.slice(n);
    return v;
  };
  const literal = (text: string): string | undefined => {
    if (!rest.startsWith(text)) return cannot(rest, text);
    rest = rest.slice(text.length);
    return undefined;
  };
  if (rest.length < 4 || !/^\d{4}/.test(rest)) return cannot(rest, '2006');
  const year = Number(rest.slice(0, 4));
  rest = rest.slice(4);
  const steps: [string, (n: number) => boolean, string, boolean][] = [
    ['01', (n) => n >= 1 && n <= 12, 'month', true],
    ['02', () => true, 'day', true],
    ['15', (n) => n < 24, 'hour', false],
    ['04', (n) => n < 60, 'minute', true],
    ['05', (n) => n < 60, 'second', true],
  ];
  const separators = ['-', '-', 'T', ':', ':'];
  const values: number[] = [];
  for (let i = 0; i < steps.length; i++) {
    const [elem, ok, name, fixed] = steps[i];
    const sep = literal(separators[i]);
    if (sep) return sep;
    const n = num(fixed, elem);
    if (typeof n === 'string') return n;
    if (!ok(n)) return outOfRange(name);
    values.push(n);
  }
  if (micro) {
    if (!/^\.\d{6}/.test(rest)) return cannot(rest, '.000000');
    rest = rest.slice(7);
  } else if (rest.length >= 2 && (rest[0] === '.' || rest[0] === ',') && isDigit(rest, 1)) {
    rest = rest.replace(/^[.,]\d+/, '');
  }
  if (rest.startsWith('Z')) rest = rest.slice(1);
  else {
    if (
      rest.length < 6 ||
      rest[3] !== ':' ||
      (rest[0] !== '+' && rest[0] !== '-') ||
      !/^\d\d$/.test(rest.slice(1, 3)) ||
      !/^\d\d$/.test(rest.slice(4, 6))
    ) {
      return cannot(rest, 'Z07:00');
    }
    rest = rest.slice(6);
  }
  if (rest.length > 0) return `parsing time ${quote(value)}: extra text: ${quote(rest)}`;
  const [month, day] = values;
  const daysIn =
    month === 2 ? ((year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
  if (day < 1 || day > daysIn) return outOfRange('day');
  return undefined;
}

/** An empty list or map (not struct: an empty struct is still written). */
/** The reflect.Kind of a decoded JSON value in the converter (util/json: whole numbers are int64). */
function reflectKind(v: unknown): string {
  if (Array.isArray(v)) return 'slice';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'number') return Number.isInteger(v) && Math.abs(v) < 2 ** 63 ? 'int64' : 'float64';
  return 'map';
}

/** Go's conversion of a whole number to int32 / int64 (wrapping; out of range floats give the minimum). */
function goIntConversion(v: number, target: 'int32' | 'int64'): number {
  if (Math.abs(v) >= 2 ** 63) return target === 'int32' ? INT32_MIN : -INT64_LIMIT;
  if (target === 'int64') return v;
  return Number(BigInt.asIntN(32, BigInt(v)));
}

function isEmptyCollection(v: unknown, schema: SchemaNode): boolean {
  if (Array.isArray(v)) return v.length === 0;
  return !!schema.additionalProperties && isObject(v) && Object.keys(v).length === 0;
}

/** Sets a key as an own property: a map key such as `__proto__` is data, never the prototype. */
function setOwn(o: Json, key: string, value: unknown): void {
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
}

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** How encoding/json names a JSON value's kind. */
function jsonKind(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'number') return 'number';
  if (typeof v === 'string') return 'string';
  return 'object';
}

/** A number as JSON text (what the server received): 80.5, 1e+300. */
function goNumber(v: number): string {
  return String(v);
}

/** The Go type of a schema node, as errors print it. */
function goType(schema: SchemaNode): string {
  if (schema.$ref) {
    const id = refId(schema.$ref);
    const def = definition(id);
    if (def?.format === 'quantity') return 'resource.Quantity';
    if (def && def.type === 'object') return goTypeOfDefinition(id);
    if (def) return goType(def);
    return 'interface {}';
  }
  if (schema.format === 'int-or-string') return 'intstr.IntOrString';
  switch (Array.isArray(schema.type) ? undefined : schema.type) {
    case 'string':
      return 'string';
    case 'boolean':
      return 'bool';
    case 'integer':
      return schema.format === 'int32' ? 'int32' : 'int64';
    case 'number':
      return 'float64';
    case 'array':
      return `[]${goType(schema.items ?? {})}`;
    case 'object':
      return schema.additionalProperties ? `map[string]${goType(schema.additionalProperties)}` : 'map[string]interface {}';
    default:
      return 'interface {}';
  }
}

/** The zero value a `null` list element or map value decodes to. */
function zeroValue(schema: SchemaNode): unknown {
  const node = schema.$ref ? (definition(refId(schema.$ref)) ?? {}) : schema;
  if (node.format === 'quantity') return '0';
  if (node.format === 'int-or-string') return 0;
  switch (Array.isArray(node.type) ? undefined : node.type) {
    case 'string':
      return '';
    case 'boolean':
      return false;
    case 'integer':
    case 'number':
      return 0;
    case 'object':
      return {};
    default:
      return null;
  }
}

/** Whether a kind has a decoding schema in this version. */
export function canDecode(apiVersion: string, kind: string): boolean {
  return kindDefinitionId(apiVersion, kind) !== undefined;
}

/**
 * Decodes `input` as the kind's object of its apiVersion. Throws DecodeError with the
 * serializer's message (without the server's `<Kind> in version … cannot be handled` prefix).
 * Unknown fields are dropped and returned.
 */
export function decodeObject(input: unknown, apiVersion: string, kind: string): Decoded {
  const id = kindDefinitionId(apiVersion, kind);
  const def = id ? definition(id) : undefined;
  if (!id || !def?.properties) return { object: input as KObject, unknownFields: [] };
  if (!isObject(input))
    throw new DecodeError(`json: cannot unmarshal ${jsonKind(input)} into Go value of type ${goTypeOfDefinition(id)}`);
  const decoder = new Decoder();
  const object = decodeTopLevel(decoder, input, id);
  if (decoder.typeError) throw new DecodeError(decoder.typeError);
  return { object, unknownFields: decoder.unknown };
}

/** Decodes a whole object of definition `id` (metadata always present); stops with DecodeError. */
function decodeTopLevel(decoder: Decoder, input: unknown, id: string): KObject {
  let object: Json;
  try {
    object = decoder.value(input, { $ref: `#/definitions/${id}` }, { struct: structName(id), field: '', path: '' }) as Json;
  } catch (e) {
    if (e instanceof StopDecoding) throw new DecodeError(e.message);
    throw e;
  }
  if (!isObject(object.metadata)) object.metadata = {};
  return object as KObject;
}

/**
 * What kubectl's client decodes of every manifest before sending it (its metadata-only object):
 * the encoding/json error for `metadata`, or undefined when it decodes.
 */
export function metadataDecodeError(metadata: unknown): string | undefined {
  const decoder = new Decoder();
  try {
    decoder.value(
      metadata,
      { $ref: '#/definitions/meta.v1.ObjectMeta' },
      { struct: 'metadataOnlyObject', field: 'metadata', path: 'metadata' },
    );
  } catch (e) {
    if (e instanceof StopDecoding) return e.message;
    throw e;
  }
  return decoder.typeError;
}

/**
 * Decodes the result of a strategic merge patch as the patch handler's converter does; throws
 * DecodeError with the converter's message. Unknown fields come back sorted, as it sorts them.
 */
export function convertPatched(input: unknown, apiVersion: string, kind: string): Decoded {
  const id = kindDefinitionId(apiVersion, kind);
  const def = id ? definition(id) : undefined;
  if (!id || !def?.properties || !isObject(input)) return { object: input as KObject, unknownFields: [] };
  const decoder = new Decoder(true);
  const object = decodeTopLevel(decoder, input, id);
  const unknownFields = [...decoder.unknown].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { object, unknownFields };
}

/** Go's `%+v` of a decoded JSON value (maps with sorted keys), as the patch error prints the patch. */
export function goSprintValue(v: unknown): string {
  if (v === null || v === undefined) return '<nil>';
  if (Array.isArray(v)) return `[${v.map(goSprintValue).join(' ')}]`;
  if (typeof v === 'object') {
    const o = v as Json;
    const keys = Object.keys(o).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return `map[${keys.map((k) => `${k}:${goSprintValue(o[k])}`).join(' ')}]`;
  }
  if (typeof v === 'number') return Number.isInteger(v) && Math.abs(v) < 2 ** 63 ? String(v) : goFloat(v);
  return String(v);
}

/** Go's %v of a float64 (strconv 'g', shortest: an exponent below 1e-4 and from 1e6, of two digits at least). */
function goFloat(v: number): string {
  const exp = Math.floor(Math.log10(Math.abs(v)));
  if (exp < -4 || exp >= 6) {
    const [mantissa, e] = v.toExponential().split('e');
    const n = Number(e);
    return `${mantissa}e${n < 0 ? '-' : '+'}${String(Math.abs(n)).padStart(2, '0')}`;
  }
  return String(v);
}

/** The strict decoding error's text for unknown fields. */
export function strictDecodingError(unknownFields: readonly string[]): string {
  return `strict decoding error: ${unknownFields.map((f) => `unknown field "${f}"`).join(', ')}`;
}
