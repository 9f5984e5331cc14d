// validate: checks untrusted data (anything posted to the worker, e.g. by an embedding page)
// against the ToWorker union before the handler trusts it, and the parts of worker messages the
// UI keeps as its own state (the machines snapshot). Returns an error text, never throws.

import { isSpeed, type EventSubject, type MachineInfo, type ResetOptions, type ToWorker } from './messages';

export type ParseResult = { ok: true; message: ToWorker } | { ok: false; error: string };

type Fields = Record<string, unknown>;

const isObject = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === 'string';
const isOptionalNumber = (v: unknown) => v === undefined || (typeof v === 'number' && Number.isFinite(v));

function fail(error: string): ParseResult {
  return { ok: false, error };
}

function parseResetOptions(v: unknown): ResetOptions | string {
  if (v === undefined) return {};
  if (!isObject(v)) return 'reset: options must be an object';
  if (!isOptionalNumber(v.seed) || !isOptionalNumber(v.zones) || !isOptionalNumber(v.nodesPerZone)) {
    return 'reset: seed, zones and nodesPerZone must be numbers';
  }
  if (v.empty !== undefined && typeof v.empty !== 'boolean') return 'reset: empty must be a boolean';
  const options: ResetOptions = {};
  if (v.seed !== undefined) options.seed = v.seed as number;
  if (v.empty !== undefined) options.empty = v.empty;
  if (v.zones !== undefined) options.zones = v.zones as number;
  if (v.nodesPerZone !== undefined) options.nodesPerZone = v.nodesPerZone as number;
  return options;
}

/** Narrows `data` to a ToWorker message, or says what is wrong with it. */
export function parseToWorker(data: unknown): ParseResult {
  if (!isObject(data) || !isString(data.type)) return fail('message must be an object with a string "type"');
  const m = data;
  switch (m.type) {
    case 'hello':
      if (typeof m.version !== 'number') return fail('hello: version must be a number');
      return { ok: true, message: { type: 'hello', version: m.version } };
    case 'console':
      if (!isString(m.id) || !isString(m.line)) return fail('console: id and line must be strings');
      if (m.stdin !== undefined && !isString(m.stdin)) return fail('console: stdin must be a string');
      return {
        ok: true,
        message: { type: 'console', id: m.id, line: m.line, ...(m.stdin !== undefined ? { stdin: m.stdin } : {}) },
      };
    case 'apply':
      if (!isString(m.id) || !isString(m.yaml)) return fail('apply: id and yaml must be strings');
      return { ok: true, message: { type: 'apply', id: m.id, yaml: m.yaml } };
    case 'action':
      if (!isString(m.id) || !isString(m.line)) return fail('action: id and line must be strings');
      return { ok: true, message: { type: 'action', id: m.id, line: m.line } };
    case 'query':
      if (!isString(m.id) || !isString(m.line)) return fail('query: id and line must be strings');
      return { ok: true, message: { type: 'query', id: m.id, line: m.line } };
    case 'events': {
      const about = m.about;
      if (!isString(m.id) || !isObject(about)) return fail('events: id must be a string and about an object');
      if (!isString(about.kind) || !isString(about.namespace) || !isString(about.name)) {
        return fail('events: about.kind, about.namespace and about.name must be strings');
      }
      if (about.uid !== undefined && !isString(about.uid)) return fail('events: about.uid must be a string');
      const subject: EventSubject = { kind: about.kind, namespace: about.namespace, name: about.name };
      if (about.uid !== undefined) subject.uid = about.uid;
      return { ok: true, message: { type: 'events', id: m.id, about: subject } };
    }
    case 'interrupt':
      return { ok: true, message: { type: 'interrupt' } };
    case 'clock':
      switch (m.op) {
        case 'play':
        case 'pause':
        case 'step':
          return { ok: true, message: { type: 'clock', op: m.op } };
        case 'speed':
          if (!isSpeed(m.speed)) return fail(`clock: unsupported speed ${JSON.stringify(m.speed)}`);
          return { ok: true, message: { type: 'clock', op: 'speed', speed: m.speed } };
        default:
          return fail(`clock: unknown op ${JSON.stringify(m.op)}`);
      }
    case 'reset': {
      const options = parseResetOptions(m.options);
      if (typeof options === 'string') return fail(options);
      return { ok: true, message: { type: 'reset', options } };
    }
    default:
      return fail(`unknown message type ${JSON.stringify(m.type)}`);
  }
}

/** Narrows a delta's `machines` snapshot to MachineInfo[] (copied, extra fields dropped), or says what is wrong. */
export function parseMachines(data: unknown): MachineInfo[] | string {
  if (!Array.isArray(data)) return 'machines must be an array';
  const out: MachineInfo[] = [];
  for (const [i, m] of data.entries()) {
    if (!isObject(m) || !isString(m.name) || !isString(m.zone)) return `machines[${i}]: name and zone must be strings`;
    if (typeof m.running !== 'boolean' || typeof m.reachable !== 'boolean') {
      return `machines[${i}]: running and reachable must be booleans`;
    }
    if (m.shuttingDown !== undefined && typeof m.shuttingDown !== 'boolean')
      return `machines[${i}]: shuttingDown must be a boolean`;
    const info: MachineInfo = { name: m.name, zone: m.zone, running: m.running, reachable: m.reachable };
    if (m.shuttingDown) info.shuttingDown = true;
    out.push(info);
  }
  return out;
}
