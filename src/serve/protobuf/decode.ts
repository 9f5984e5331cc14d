// Request bodies in Kubernetes' protobuf encoding (`application/vnd.kubernetes.protobuf`, what
// kubectl's typed clients send) decoded to the JSON the engine reads: the `k8s\0` envelope
// (runtime.Unknown: apiVersion, kind, raw), then the object's message by the field tables of
// k8s-proto.generated.json (scripts/generate-proto-schema.ts), with the JSON forms of the
// special types (Time, MicroTime, Quantity, IntOrString, RawExtension, FieldsV1, bytes) and Go's
// encoding/json view of zero values: a zero in a pointer field is kept, in an omitempty one
// dropped, in any other kept.

import { errors } from '../../engine/api/errors';
import tables from './k8s-proto.generated.json';

type Field = [name: string, type: string, flags: string];
const messages = tables as unknown as Record<string, Record<string, Field>>;

export const PROTOBUF_CONTENT_TYPE = 'application/vnd.kubernetes.protobuf';
const MAGIC = [0x6b, 0x38, 0x73, 0x00];
const META = 'k8s.io.apimachinery.pkg.apis.meta.v1';

class ProtoError extends Error {}

class Reader {
  pos = 0;
  constructor(
    readonly buf: Uint8Array,
    readonly end: number = buf.length,
  ) {}

  varint(): bigint {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      if (this.pos >= this.end) throw new ProtoError('truncated varint');
      const b = this.buf[this.pos++];
      result |= BigInt(b & 0x7f) << shift;
      if ((b & 0x80) === 0) return result;
      shift += 7n;
      if (shift > 63n) throw new ProtoError('varint too long');
    }
  }

  bytes(): Uint8Array {
    const length = Number(this.varint());
    if (length < 0 || this.pos + length > this.end) throw new ProtoError('truncated length-delimited field');
    const out = this.buf.subarray(this.pos, this.pos + length);
    this.pos += length;
    return out;
  }

  skip(wireType: number): void {
    if (wireType === 0) this.varint();
    else if (wireType === 1) this.pos += 8;
    else if (wireType === 2) this.bytes();
    else if (wireType === 5) this.pos += 4;
    else throw new ProtoError(`unsupported wire type ${wireType}`);
    if (this.pos > this.end) throw new ProtoError('truncated field');
  }
}

/** Every (field number, wire type, reader positioned at the value) of a message. */
function* fieldsOf(r: Reader): Generator<{ num: number; wireType: number }> {
  while (r.pos < r.end) {
    const key = Number(r.varint());
    yield { num: key >>> 3, wireType: key & 7 };
  }
}

const utf8 = new TextDecoder('utf-8');

function scalar(r: Reader, type: string, wireType: number): unknown {
  switch (type) {
    case 'string':
      return utf8.decode(r.bytes());
    case 'bytes':
      return Buffer.from(r.bytes()).toString('base64');
    case 'bool':
      return r.varint() !== 0n;
    case 'int32':
      return Number(BigInt.asIntN(32, r.varint()));
    case 'int64':
      return Number(BigInt.asIntN(64, r.varint()));
    default:
      if (wireType !== 2) throw new ProtoError(`field of type ${type} has wire type ${wireType}`);
      return decodeMessage(type, r.bytes());
  }
}

function isZero(v: unknown): boolean {
  return v === '' || v === 0 || v === false;
}

/** RFC 3339 of Unix seconds (+ fraction digits for MicroTime). */
function timeText(seconds: number, nanos: number, micro: boolean): string {
  const iso = new Date(seconds * 1000).toISOString().slice(0, 19);
  return micro ? `${iso}.${String(Math.floor(nanos / 1000)).padStart(6, '0')}Z` : `${iso}Z`;
}

/** The JSON forms of the types with custom marshalling. */
function special(name: string, raw: Record<string, unknown>): { value: unknown } | undefined {
  switch (name) {
    case `${META}.Time`:
    case `${META}.MicroTime`: {
      const seconds = (raw.seconds as number) ?? 0;
      const nanos = (raw.nanos as number) ?? 0;
      if (seconds === 0 && nanos === 0) return { value: null };
      return { value: timeText(seconds, nanos, name.endsWith('MicroTime')) };
    }
    case 'k8s.io.apimachinery.pkg.api.resource.Quantity':
      return { value: raw.string ?? '0' };
    case 'k8s.io.apimachinery.pkg.util.intstr.IntOrString':
      return { value: raw.type === 1 ? (raw.strVal ?? '') : (raw.intVal ?? 0) };
    case 'k8s.io.apimachinery.pkg.runtime.RawExtension':
    case `${META}.FieldsV1`: {
      const bytes = (raw.raw ?? raw.Raw) as string | undefined;
      if (bytes === undefined) return { value: null };
      const text = Buffer.from(bytes, 'base64').toString('utf8');
      try {
        return { value: JSON.parse(text) };
      } catch {
        throw new ProtoError(`${name.slice(name.lastIndexOf('.') + 1)} does not hold JSON`);
      }
    }
    case `${META}.Duration`:
      return { value: `${((raw.duration as number) ?? 0) / 1e9}s` };
    default:
      return undefined;
  }
}

function decodeMessage(name: string, bytes: Uint8Array): unknown {
  const table = messages[name];
  if (!table) throw new ProtoError(`no protobuf table for ${name}`);
  const r = new Reader(bytes);
  const out: Record<string, unknown> = {};
  const raw: Record<string, unknown> = {};
  for (const { num, wireType } of fieldsOf(r)) {
    const field = table[num];
    if (!field) {
      r.skip(wireType);
      continue;
    }
    const [fieldName, type, flags] = field;
    if (flags.includes('m')) {
      const [keyType, valueType] = type.split(',');
      const er = new Reader(r.bytes());
      let key: unknown = '';
      let value: unknown = valueType === 'string' ? '' : undefined;
      for (const f of fieldsOf(er)) {
        if (f.num === 1) key = scalar(er, keyType, f.wireType);
        else if (f.num === 2) value = scalar(er, valueType, f.wireType);
        else er.skip(f.wireType);
      }
      const map = (out[fieldName] ??= {}) as Record<string, unknown>;
      map[String(key)] = value ?? (valueType.endsWith('Quantity') ? '0' : null);
      continue;
    }
    if (flags.includes('r')) {
      const list = (out[fieldName] ??= []) as unknown[];
      // A packed repeated scalar: one length-delimited run of values.
      if (wireType === 2 && (type === 'int32' || type === 'int64' || type === 'bool')) {
        const rr = new Reader(r.bytes());
        while (rr.pos < rr.end) list.push(scalar(rr, type, 0));
      } else {
        list.push(scalar(r, type, wireType));
      }
      continue;
    }
    const value = scalar(r, type, wireType);
    raw[fieldName] = value;
    // Go's encoding/json: a zero scalar is "unset" unless the field is a pointer.
    if (isZero(value) && !flags.includes('p') && flags.includes('e')) continue;
    out[fieldName] = value;
  }
  const converted = special(name, raw);
  return converted ? converted.value : out;
}

/** The message of an apiVersion + kind (`apps/v1` Deployment → k8s.io.api.apps.v1.Deployment). */
function messageFor(apiVersion: string, kind: string): string {
  if (kind === 'DeleteOptions') return `${META}.DeleteOptions`;
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['core', apiVersion];
  return `k8s.io.api.${group.split('.')[0]}.${version}.${kind}`;
}

export function isProtobufContentType(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';')[0].trim().toLowerCase() === PROTOBUF_CONTENT_TYPE;
}

/** A protobuf request body as the JSON object the same request would have sent; 400 when it does not decode. */
export function decodeProtobufBody(body: Uint8Array): Record<string, unknown> {
  if (body.length < 4 || MAGIC.some((b, i) => body[i] !== b)) {
    throw errors.badRequest('the protobuf body does not start with the Kubernetes envelope ("k8s\\x00")');
  }
  try {
    const envelope = decodeMessage('k8s.io.apimachinery.pkg.runtime.Unknown', body.subarray(4)) as {
      typeMeta?: { apiVersion?: string; kind?: string };
      raw?: string;
    };
    const apiVersion = envelope.typeMeta?.apiVersion ?? '';
    const kind = envelope.typeMeta?.kind ?? '';
    const name = messageFor(apiVersion, kind);
    if (!messages[name]) throw errors.badRequest(`no kind "${kind}" is registered for version "${apiVersion}"`);
    const object = decodeMessage(name, Buffer.from(envelope.raw ?? '', 'base64')) as Record<string, unknown>;
    return { apiVersion, kind, ...object };
  } catch (e) {
    if (e instanceof ProtoError) throw errors.badRequest(`unable to decode the protobuf body: ${e.message}`);
    throw e;
  }
}
