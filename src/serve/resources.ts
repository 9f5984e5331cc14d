// The verbs on a resource path (k8s.io/apiserver pkg/endpoints/handlers): get, list, create,
// update, patch, delete and deletecollection, with their query parameters (dryRun,
// fieldValidation, label and field selectors, limit / continue, propagationPolicy …), each handed
// to the engine's API server. Watches and subresources have files of their own.

import type { IncomingMessage } from 'node:http';
import { parse as parseYaml } from 'yaml';
import type { KObject } from '../k8s/types';
import type { DeleteOptions, PropagationPolicy } from '../engine/api/apiserver';
import { ApiError, errors, field, type FieldError } from '../engine/api/errors';
import type { FieldValidation } from '../engine/api/decoding/decode';
import { apiVersionOf, type KindDefinition } from '../engine/api/kinds/kind-definition';
import { patchContentTypes, patchTypeFromContentType, type PatchType } from '../engine/api/patch';
import type { ResourceRequest, ServeContext } from './context';
import { parseAccept, parseJsonBody, sendJson, statusOf, wantsTable } from './http';
import type { ResourcePath } from './request-info';
import { convertToTable, type IncludeObject, type TableListMeta } from './table';

/** What a write request asks besides its body. */
export interface WriteQuery {
  dryRun: boolean;
  fieldValidation: FieldValidation;
  warnings: string[];
}

/** `?dryRun=All` and `?fieldValidation=` (the server's default is Warn). */
export function writeQuery(query: URLSearchParams): WriteQuery {
  const dryRunValues = query.getAll('dryRun');
  for (const v of dryRunValues) {
    if (v !== 'All') throw errors.badRequest(`dryRun: Unsupported value: "${v}": supported values: "All"`);
  }
  const fv = query.get('fieldValidation') ?? 'Warn';
  if (fv !== 'Strict' && fv !== 'Warn' && fv !== 'Ignore') {
    throw errors.badRequest(`fieldValidation parameter unsupported: ${fv}. Supported values: Ignore, Warn, Strict`);
  }
  return { dryRun: dryRunValues.length > 0, fieldValidation: fv, warnings: [] };
}

/** The body as a JSON object (YAML too for apply patches), or the decoder's 400. */
export function objectBody(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw errors.badRequest(`Object 'Kind' is missing in '${JSON.stringify(body ?? null)}'`);
  }
  return body as Record<string, unknown>;
}

/** A body for `def` at this URL: apiVersion / kind filled in when absent, refused when different. */
function manifestFor(def: KindDefinition, raw: unknown): KObject {
  const body = objectBody(raw);
  const apiVersion = apiVersionOf(def);
  const sentVersion = body.apiVersion ?? apiVersion;
  const sentKind = body.kind ?? def.kind;
  if (sentVersion !== apiVersion) {
    throw errors.badRequest(
      `the API version in the data (${String(sentVersion)}) does not match the expected API version (${apiVersion})`,
    );
  }
  if (sentKind !== def.kind) {
    throw errors.badRequest(`the kind in the data (${String(sentKind)}) does not match the expected kind (${def.kind})`);
  }
  const metadata = body.metadata;
  if (metadata !== undefined && (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata))) {
    throw errors.badRequest(
      `${def.kind} in version "${def.version}" cannot be handled as a ${def.kind}: json: cannot unmarshal ${jsonTypeName(metadata)} into Go struct field ${def.kind}.metadata of type v1.ObjectMeta`,
    );
  }
  return { ...body, apiVersion, kind: def.kind, metadata: { ...((metadata as object) ?? {}) } } as KObject;
}

function jsonTypeName(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  if (v === null) return 'null';
  return typeof v === 'string' ? 'string' : typeof v === 'number' ? 'number' : typeof v === 'boolean' ? 'bool' : 'object';
}

/** The namespace of a request: the path's for namespaced kinds (absent: all namespaces). */
function requestNamespace(def: KindDefinition, path: ResourcePath): string | undefined {
  return def.namespaced ? path.namespace : undefined;
}

/** The answer shape a GET / LIST asks for in its Accept header and ?includeObject. */
export interface ReadFormat {
  table: boolean;
  includeObject: IncludeObject;
}

export function readFormat(req: IncomingMessage, query: URLSearchParams): ReadFormat {
  const table = wantsTable(parseAccept(req.headers.accept));
  const include = query.get('includeObject') ?? 'Metadata';
  if (include !== 'None' && include !== 'Metadata' && include !== 'Object') {
    throw errors.badRequest(`includeObject: Unsupported value: "${include}": supported values: "Metadata", "None", "Object"`);
  }
  return { table, includeObject: include };
}

function tableOf(ctx: ServeContext, def: KindDefinition, objects: KObject[], format: ReadFormat, listMeta: TableListMeta) {
  return convertToTable(def, objects, {
    includeObject: format.includeObject,
    noHeaders: false,
    nowUnixMs: ctx.api().clock.nowUnixMs(),
    listMeta,
  });
}

/** LIST with the request's namespace and selectors. */
function listSelected({ ctx, def, path, query }: ResourceRequest): { items: KObject[]; resourceVersion: string } {
  return ctx.api().list(def, {
    namespace: requestNamespace(def, path),
    labelSelector: query.get('labelSelector') ?? undefined,
    fieldSelector: query.get('fieldSelector') ?? undefined,
  });
}

// ---- get / list -------------------------------------------------------------------------------

export function handleGet(r: ResourceRequest): void {
  const { ctx, req, res, def, path, query } = r;
  const format = readFormat(req, query);
  const obj = ctx.api().get(def, requestNamespace(def, path), path.name!);
  if (format.table) sendJson(res, 200, tableOf(ctx, def, [obj], format, { resourceVersion: obj.metadata.resourceVersion }));
  else sendJson(res, 200, obj);
}

interface ContinueToken {
  rv: number;
  start: string;
}

/** The etcd3 storage's continue token: base64 of {"v":"meta.k8s.io/v1","rv":N,"start":KEY}. */
function encodeContinue(rv: number, lastKey: string): string {
  return Buffer.from(JSON.stringify({ v: 'meta.k8s.io/v1', rv, start: `${lastKey}\u0000` })).toString('base64url');
}

function decodeContinue(token: string): ContinueToken {
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { v?: string; rv?: number; start?: string };
    if (parsed.v !== 'meta.k8s.io/v1') throw new Error('unsupported version');
    if (typeof parsed.rv !== 'number' || typeof parsed.start !== 'string') throw new Error('invalid token');
    return { rv: parsed.rv, start: parsed.start };
  } catch (e) {
    throw new ApiError({
      ...errors.badRequest(`continue key is not valid: ${(e as Error).message}`).status,
      reason: 'BadRequest',
    });
  }
}

function keyOf(obj: KObject): string {
  return `${obj.metadata.namespace ?? ''}/${obj.metadata.name ?? ''}`;
}

function nonNegativeInt(query: URLSearchParams, name: string): number | undefined {
  const raw = query.get(name);
  if (raw === null || raw === '') return undefined;
  if (!/^-?\d+$/.test(raw)) throw errors.badRequest(`${name}: Invalid value: "${raw}": must be an integer`);
  return Number(raw);
}

/**
 * The resourceVersion semantics of a LIST: unset or "0" is the current state (so is a version at
 * or below the current one with NotOlderThan); Exact can only be served for the current version
 * (there are no snapshots of the past: 410, as for a compacted one); a version the store has not
 * reached is the watch cache's 504 "Too large resource version".
 */
function checkListVersion(ctx: ServeContext, query: URLSearchParams): void {
  const rv = query.get('resourceVersion') ?? '';
  const match = query.get('resourceVersionMatch') ?? '';
  const invalid = (detail: FieldError) => errors.invalid('meta.k8s.io', 'ListOptions', '', [detail]);
  if (match !== '' && rv === '') {
    throw invalid(
      field.forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden unless resourceVersion is provided'),
    );
  }
  if (match !== '' && match !== 'Exact' && match !== 'NotOlderThan') {
    throw invalid(field.notSupported('resourceVersionMatch', match, ['Exact', 'NotOlderThan', '']));
  }
  if (rv === '' || (rv === '0' && match !== 'Exact')) return;
  if (!/^\d+$/.test(rv)) throw errors.badRequest(`invalid resource version: ${rv}`);
  const current = ctx.api().store.resourceVersion;
  const wanted = Number(rv);
  if (wanted > current) {
    throw new ApiError({
      ...statusOf(504, 'Timeout', `Timeout: Too large resource version: ${wanted}, current: ${current}`),
      details: { causes: [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }], retryAfterSeconds: 1 },
    });
  }
  if (match === 'Exact' && wanted !== current) {
    throw errors.gone(`too old resource version: ${wanted} (${current})`);
  }
}

export function handleList(r: ResourceRequest): void {
  const { ctx, req, res, def, query } = r;
  const format = readFormat(req, query);
  checkListVersion(ctx, query);
  const listed = listSelected(r);
  let items = listed.items;
  const continueToken = query.get('continue');
  if (continueToken) {
    const { start } = decodeContinue(continueToken);
    const after = start.endsWith('\u0000') ? start.slice(0, -1) : start;
    items = items.filter((obj) => keyOf(obj) > after);
  }
  const limit = nonNegativeInt(query, 'limit');
  const metadata: TableListMeta = { resourceVersion: listed.resourceVersion };
  if (limit !== undefined && limit > 0 && items.length > limit) {
    const page = items.slice(0, limit);
    metadata.continue = encodeContinue(Number(listed.resourceVersion), keyOf(page[page.length - 1]));
    metadata.remainingItemCount = items.length - limit;
    items = page;
  }
  if (format.table) {
    sendJson(res, 200, tableOf(ctx, def, items, format, metadata));
    return;
  }
  sendJson(res, 200, { kind: `${def.kind}List`, apiVersion: apiVersionOf(def), metadata, items });
}

// ---- create / update / patch -------------------------------------------------------------------

export function handleCreate(r: ResourceRequest): void {
  const { ctx, res, def, path, query, body } = r;
  const options = writeQuery(query);
  const obj = manifestFor(def, parseJsonBody(body));
  const created = ctx
    .api()
    .create(obj, { ...options, namespace: requestNamespace(def, path) ?? (def.namespaced ? 'default' : undefined) });
  sendJson(res, 201, created, 'application/json', options.warnings);
}

type UpdateSubresource = 'status' | 'finalize' | 'ephemeralcontainers';

/** The body of a PUT, with the URL's name and namespace (a different one is refused). */
function updateBody(def: KindDefinition, path: ResourcePath, body: string): KObject {
  const obj = manifestFor(def, parseJsonBody(body));
  const meta = obj.metadata;
  if (meta.name && meta.name !== path.name) {
    throw errors.badRequest(`the name of the object (${meta.name}) does not match the name on the URL (${path.name})`);
  }
  meta.name = path.name;
  if (def.namespaced) {
    if (meta.namespace && meta.namespace !== path.namespace) {
      throw errors.badRequest('the namespace of the provided object does not match the namespace sent on the request');
    }
    meta.namespace = path.namespace;
  }
  return obj;
}

export function handleUpdate(r: ResourceRequest, subresource?: UpdateSubresource): void {
  const { ctx, res, def, path, query, body } = r;
  const options = writeQuery(query);
  const updated = ctx.api().update(updateBody(def, path, body), { ...options, subresource });
  sendJson(res, 200, updated, 'application/json', options.warnings);
}

/** The patch type of a request's Content-Type, or the server's 415. */
export function patchTypeOf(req: IncomingMessage): PatchType {
  const type = patchTypeFromContentType(req.headers['content-type'] ?? '');
  if (!type) {
    const supported = Object.values(patchContentTypes)
      .map((t) => `"${t}"`)
      .join(', ');
    throw new ApiError(
      statusOf(415, '', `the body of the request was in an unknown format - accepted media types include: ${supported}`),
    );
  }
  return type;
}

/** A patch body: JSON, or YAML for server-side apply (`application/apply-patch+yaml`). */
export function patchBody(type: PatchType, body: string): unknown {
  if (type !== 'apply') return parseJsonBody(body);
  try {
    return parseYaml(body);
  } catch (e) {
    throw errors.badRequest(`error decoding YAML: ${(e as Error).message}`);
  }
}

export function handlePatch(r: ResourceRequest, subresource?: UpdateSubresource): void {
  const { ctx, req, res, def, path, query, body } = r;
  const options = writeQuery(query);
  const type = patchTypeOf(req);
  const patch = patchBody(type, body);
  const api = ctx.api();
  const namespace = requestNamespace(def, path);
  if (type === 'apply') {
    const applied = api.apply(def, namespace, path.name!, manifestFor(def, objectBody(patch)), {
      ...options,
      subresource,
      fieldManager: query.get('fieldManager'),
      force: query.get('force') === 'true',
    });
    sendJson(res, applied.created ? 201 : 200, applied.object, 'application/json', options.warnings);
    return;
  }
  const patched = api.patch(def, namespace, path.name!, type, patch, { ...options, subresource });
  sendJson(res, 200, patched, 'application/json', options.warnings);
}

// ---- delete -----------------------------------------------------------------------------------

/** Kinds whose storage answers a finished DELETE with the object (ReturnDeletedObject). */
const RETURNS_DELETED_OBJECT = new Set(['/Pod', '/Namespace', '/Service']);

/** metav1.DeleteOptions from the body (kubectl sends one) and the query parameters. */
export function deleteOptionsOf(query: URLSearchParams, body: string): DeleteOptions {
  const options: DeleteOptions = {};
  const raw = body.trim() ? objectBody(parseJsonBody(body)) : {};
  const grace =
    raw.gracePeriodSeconds ?? (query.get('gracePeriodSeconds') !== null ? Number(query.get('gracePeriodSeconds')) : undefined);
  if (grace !== undefined && grace !== null) {
    if (typeof grace !== 'number' || !Number.isInteger(grace))
      throw errors.badRequest(`gracePeriodSeconds: Invalid value: ${JSON.stringify(grace)}`);
    options.gracePeriodSeconds = grace;
  }
  let policy = (raw.propagationPolicy ?? query.get('propagationPolicy') ?? undefined) as string | undefined;
  const orphan =
    raw.orphanDependents ?? (query.get('orphanDependents') !== null ? query.get('orphanDependents') === 'true' : undefined);
  if (orphan !== undefined && orphan !== null) {
    if (policy !== undefined) {
      throw errors.invalid('', 'DeleteOptions', '', [
        {
          type: 'FieldValueInvalid',
          field: 'propagationPolicy',
          value: policy,
          detail: 'orphanDependents and deletionPropagation cannot be both set',
        },
      ]);
    }
    policy = orphan ? 'Orphan' : 'Background';
  }
  if (policy !== undefined) {
    if (policy !== 'Background' && policy !== 'Foreground' && policy !== 'Orphan') {
      throw errors.invalid('', 'DeleteOptions', '', [
        {
          type: 'FieldValueNotSupported',
          field: 'propagationPolicy',
          value: policy,
          detail: 'supported values: "Foreground", "Background", "Orphan", "nil"',
        },
      ]);
    }
    options.propagationPolicy = policy as PropagationPolicy;
  }
  const pre = raw.preconditions as { uid?: unknown; resourceVersion?: unknown } | undefined;
  if (pre && typeof pre === 'object') {
    options.preconditions = {
      ...(typeof pre.uid === 'string' ? { uid: pre.uid } : {}),
      ...(typeof pre.resourceVersion === 'string' ? { resourceVersion: pre.resourceVersion } : {}),
    };
  }
  const dryRun = [...query.getAll('dryRun'), ...(Array.isArray(raw.dryRun) ? (raw.dryRun as unknown[]).map(String) : [])];
  for (const v of dryRun) {
    if (v !== 'All') throw errors.badRequest(`dryRun: Unsupported value: "${v}": supported values: "All"`);
  }
  if (dryRun.length > 0) options.dryRun = true;
  return options;
}

/** The answer to a DELETE that ended: the object, or a Success Status naming it. */
function deletedAnswer(def: KindDefinition, object: KObject): unknown {
  if (RETURNS_DELETED_OBJECT.has(`${def.group}/${def.kind}`)) return object;
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Success',
    details: { name: object.metadata.name, group: def.group, kind: def.plural, uid: object.metadata.uid },
  };
}

export function handleDelete(r: ResourceRequest): void {
  const { ctx, res, def, path, query, body } = r;
  const options = deleteOptionsOf(query, body);
  const result = ctx.api().delete(def, requestNamespace(def, path), path.name!, options);
  sendJson(res, 200, result.removed ? deletedAnswer(def, result.object) : result.object);
}

export function handleDeleteCollection(r: ResourceRequest): void {
  const { ctx, res, def, query, body } = r;
  const options = deleteOptionsOf(query, body);
  const api = ctx.api();
  const listed = listSelected(r);
  const items: KObject[] = [];
  for (const obj of listed.items) {
    try {
      items.push(api.delete(def, obj.metadata.namespace, obj.metadata.name!, options).object);
    } catch (e) {
      // Gone meanwhile (a cascade of an earlier one): as the store's DeleteCollection, skip it.
      if (!(e instanceof ApiError && e.reason === 'NotFound')) throw e;
    }
  }
  sendJson(res, 200, {
    kind: `${def.kind}List`,
    apiVersion: apiVersionOf(def),
    metadata: { resourceVersion: String(api.store.resourceVersion) },
    items,
  });
}
