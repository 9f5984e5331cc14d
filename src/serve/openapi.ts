// /openapi/v2 and /openapi/v3 from the engine's API schema (src/k8s/k8s-schemas.generated.json,
// the same one the API server decodes with), in kube-apiserver's shapes: definitions named
// io.k8s.api.<group>.<version>.<Kind>, `x-kubernetes-group-version-kind` on every kind and on
// every operation, the strategic-merge-patch keys (`x-kubernetes-patch-strategy` / `-merge-key`)
// the engine patches with, and per group version the paths with their operations and query
// parameters — kubectl explain reads the schemas, and kubectl's field-validation check looks
// for `fieldValidation` among a kind's PATCH parameters before it leaves validation to the server.
//
// v2 is served as JSON only (clients that accept nothing but protobuf get 406).

import type { IncomingMessage, ServerResponse } from 'node:http';
import { createHash } from 'node:crypto';
import generated from '../k8s/k8s-schemas.generated.json';
import { apiVersionOf, type KindDefinition } from '../engine/api/kinds/kind-definition';
import { patchMetaTableFor } from '../engine/api/patch';
import type { SchemaNode } from '../engine/api/decoding/schema';
import type { ServeContext } from './context';
import { groupVersions, type GroupVersion } from './discovery';
import { parseAccept, sendJson, statusOf, sendStatus } from './http';
import { errors } from '../engine/api/errors';

type Json = Record<string, unknown>;

interface GeneratedSchema {
  allOf: { if: { properties: { kind: { const: string }; apiVersion: { const: string } } }; then: { $ref: string } }[];
  definitions: Record<string, SchemaNode>;
}

const schema = generated as unknown as GeneratedSchema;

/** `core.v1.Pod` → `io.k8s.api.core.v1.Pod`, `meta.v1.Time` → `io.k8s.apimachinery.pkg.apis.meta.v1.Time`. */
export function openApiName(id: string): string {
  if (id.startsWith('meta.')) return `io.k8s.apimachinery.pkg.apis.${id}`;
  if (id.startsWith('api.resource.')) return `io.k8s.apimachinery.pkg.${id}`;
  if (id.startsWith('runtime.')) return `io.k8s.apimachinery.pkg.${id}`;
  return `io.k8s.api.${id}`;
}

const PATCH_NAME = 'io.k8s.apimachinery.pkg.apis.meta.v1.Patch';
const STATUS_NAME = 'io.k8s.apimachinery.pkg.apis.meta.v1.Status';
const DELETE_OPTIONS_NAME = 'io.k8s.apimachinery.pkg.apis.meta.v1.DeleteOptions';

/** Definitions kubectl's requests refer to that no served kind contains. */
const EXTRA_DEFINITIONS: Record<string, Json> = {
  [PATCH_NAME]: {
    description: 'Patch is provided to give a concrete name and type to the Kubernetes PATCH request body.',
    type: 'object',
  },
  [STATUS_NAME]: {
    description: 'Status is a return value for calls that do not return other objects.',
    type: 'object',
    properties: {
      apiVersion: { type: 'string' },
      code: { type: 'integer', format: 'int32' },
      kind: { type: 'string' },
      message: { type: 'string' },
      reason: { type: 'string' },
      status: { type: 'string' },
    },
  },
  [DELETE_OPTIONS_NAME]: {
    description: 'DeleteOptions may be provided when deleting an API object.',
    type: 'object',
    properties: {
      apiVersion: { type: 'string' },
      dryRun: { type: 'array', items: { type: 'string', default: '' } },
      gracePeriodSeconds: { type: 'integer', format: 'int64' },
      kind: { type: 'string' },
      propagationPolicy: { type: 'string' },
    },
  },
};

/** The definition id of every served kind and version, and the reverse. */
function kindIds(): Map<string, { group: string; version: string; kind: string }> {
  const byId = new Map<string, { group: string; version: string; kind: string }>();
  for (const branch of schema.allOf) {
    const { kind, apiVersion } = branch.if.properties;
    const slash = apiVersion.const.indexOf('/');
    const group = slash < 0 ? '' : apiVersion.const.slice(0, slash);
    const version = slash < 0 ? apiVersion.const : apiVersion.const.slice(slash + 1);
    byId.set(branch.then.$ref.slice('#/definitions/'.length), { group, version, kind: kind.const });
  }
  return byId;
}

/** One schema node in OpenAPI form; `refPrefix` is `#/definitions/` (v2) or `#/components/schemas/` (v3). */
function convertNode(node: SchemaNode, refPrefix: string, v3: boolean): Json {
  const out: Json = {};
  if (node.description !== undefined) out.description = node.description;
  if (node.$ref) {
    const ref = `${refPrefix}${openApiName(node.$ref.slice('#/definitions/'.length))}`;
    // kube-openapi wraps a reference with siblings in allOf (v3); v2 keeps a bare $ref.
    if (v3 && out.description !== undefined) out.allOf = [{ $ref: ref }];
    else if (out.description !== undefined) out.$ref = ref;
    else return { $ref: ref };
  }
  if (node.type !== undefined)
    out.type = Array.isArray(node.type) ? (node.type.includes('string') ? 'string' : node.type[0]) : node.type;
  if (node.format !== undefined && node.format !== 'quantity') out.format = node.format;
  // kube-apiserver's generated enums list their values sorted.
  if (node.enum !== undefined) out.enum = node.enum.every((v) => typeof v === 'string') ? [...node.enum].sort() : node.enum;
  if (node.items) out.items = convertNode(node.items, refPrefix, v3);
  if (node.additionalProperties) out.additionalProperties = convertNode(node.additionalProperties, refPrefix, v3);
  if (node.properties) {
    const properties: Json = {};
    for (const [k, v] of Object.entries(node.properties)) properties[k] = convertNode(v, refPrefix, v3);
    out.properties = properties;
  }
  if (node.required && node.required.length > 0) out.required = node.required;
  if (node.anyOf) out.anyOf = node.anyOf.map((n) => convertNode(n, refPrefix, v3));
  return out;
}

/** The ids a node refers to, directly. */
function refsOf(node: SchemaNode | undefined, into: Set<string>): void {
  if (!node) return;
  if (node.$ref) into.add(node.$ref.slice('#/definitions/'.length));
  refsOf(node.items, into);
  refsOf(node.additionalProperties, into);
  for (const v of Object.values(node.properties ?? {})) refsOf(v, into);
  for (const v of node.anyOf ?? []) refsOf(v, into);
}

/** Every definition id reachable from `roots`. */
function reachable(roots: string[]): string[] {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (seen.has(id) || !Object.hasOwn(schema.definitions, id)) continue;
    seen.add(id);
    const refs = new Set<string>();
    refsOf(schema.definitions[id], refs);
    queue.push(...refs);
  }
  return [...seen].sort();
}

/** The converted property node at a dotted path below a kind's definition (list items skipped). */
function propertyAt(definitions: Record<string, Json>, rootName: string, path: string[]): Json | undefined {
  let node: Json | undefined = definitions[rootName];
  for (let i = 0; i < path.length && node; i++) {
    node = derefOf(definitions, node);
    const properties = node?.properties as Record<string, Json> | undefined;
    let next: Json | undefined = properties?.[path[i]];
    if (i < path.length - 1 && next) {
      next = derefOf(definitions, next);
      if (next?.type === 'array' && next.items) next = next.items as Json;
    }
    node = next;
  }
  return node;
}

function derefOf(definitions: Record<string, Json>, node: Json): Json | undefined {
  const ref = (node.$ref as string | undefined) ?? ((node.allOf as Json[] | undefined)?.[0]?.$ref as string | undefined);
  if (!ref) return node;
  return definitions[ref.slice(ref.lastIndexOf('/') + 1)];
}

/** The kube-openapi document pieces for one set of kinds. */
function definitionsFor(ids: string[], refPrefix: string, v3: boolean): Record<string, Json> {
  const gvks = kindIds();
  const definitions: Record<string, Json> = {};
  for (const id of reachable(ids)) {
    const converted = convertNode(schema.definitions[id], refPrefix, v3);
    const gvk = gvks.get(id);
    if (gvk) converted['x-kubernetes-group-version-kind'] = [gvk];
    definitions[openApiName(id)] = converted;
  }
  for (const [name, def] of Object.entries(EXTRA_DEFINITIONS)) definitions[name] = def;
  // The patch strategies the engine's strategic merge patch uses, where kubectl computes patches.
  for (const id of ids) {
    const gvk = gvks.get(id);
    if (!gvk) continue;
    for (const [path, meta] of Object.entries(patchMetaTableFor(gvk.kind))) {
      const property = propertyAt(definitions, openApiName(id), path.split('.'));
      if (!property) continue;
      property['x-kubernetes-patch-strategy'] = meta.strategy;
      if (meta.mergeKey) property['x-kubernetes-patch-merge-key'] = meta.mergeKey;
    }
  }
  return definitions;
}

// ---- paths --------------------------------------------------------------------------------------

function queryParameter(name: string, type: string, description: string, v3: boolean): Json {
  return v3
    ? { name, in: 'query', description, schema: { type, uniqueItems: true } }
    : { uniqueItems: true, type, description, name, in: 'query' };
}

function pathParameter(name: string, description: string, v3: boolean): Json {
  return v3
    ? { name, in: 'path', description, required: true, schema: { type: 'string', uniqueItems: true } }
    : { uniqueItems: true, type: 'string', description, name, in: 'path', required: true };
}

const DRY_RUN = 'When present, indicates that modifications should not be persisted.';
const FIELD_MANAGER = 'fieldManager is a name associated with the actor or entity that is making these changes.';
const FIELD_VALIDATION =
  'fieldValidation instructs the server on how to handle objects in the request (POST/PUT/PATCH) containing unknown or duplicate fields. Valid values are: Ignore, Warn (the default) and Strict.';

/** One operation of a kind's paths. */
function operation(
  def: KindDefinition,
  action: string,
  id: string,
  ref: string,
  v3: boolean,
  extra: { params?: Json[]; body?: string[]; bodyRef?: string } = {},
): Json {
  const gvk = { group: def.group, kind: def.kind, version: def.version };
  const ok = v3
    ? { description: 'OK', content: { 'application/json': { schema: { $ref: ref } } } }
    : { description: 'OK', schema: { $ref: ref } };
  const op: Json = {
    description: `${action} ${def.kind}`,
    operationId: id,
    responses: { '200': ok, '401': { description: 'Unauthorized' } },
    tags: [def.group ? `${def.group.split('.')[0]}_${def.version}` : `core_${def.version}`],
    'x-kubernetes-action': action,
    'x-kubernetes-group-version-kind': gvk,
  };
  if (extra.params) op.parameters = extra.params;
  if (extra.body) {
    const bodyRef = extra.bodyRef ?? ref;
    if (v3) {
      op.requestBody = {
        content: Object.fromEntries(extra.body.map((t) => [t, { schema: { $ref: bodyRef } }])),
        required: true,
      };
    } else {
      op.consumes = extra.body;
      op.parameters = [{ name: 'body', in: 'body', required: true, schema: { $ref: bodyRef } }, ...(extra.params ?? [])];
    }
  }
  return op;
}

function pathsFor(gv: GroupVersion, refPrefix: string, v3: boolean, refOf: (def: KindDefinition) => string): Json {
  const paths: Json = {};
  const base = gv.group ? `/apis/${gv.group}/${gv.version}` : `/api/${gv.version}`;
  const write = (extra: Json[] = []) => [
    queryParameter('dryRun', 'string', DRY_RUN, v3),
    queryParameter('fieldManager', 'string', FIELD_MANAGER, v3),
    queryParameter('fieldValidation', 'string', FIELD_VALIDATION, v3),
    ...extra,
  ];
  for (const def of gv.kinds) {
    const ref = refOf(def);
    const scope = def.namespaced ? `${base}/namespaces/{namespace}/${def.plural}` : `${base}/${def.plural}`;
    const common = [
      ...(def.namespaced ? [pathParameter('namespace', 'object name and auth scope, such as for teams and projects', v3)] : []),
      queryParameter('pretty', 'string', "If 'true', then the output is pretty printed.", v3),
    ];
    const kindName = `${def.group ? def.group.split('.')[0].replace(/^./, (c) => c.toUpperCase()) : 'Core'}${def.version.replace(/^./, (c) => c.toUpperCase())}`;
    const suffix = `${def.namespaced ? 'Namespaced' : ''}${def.kind}`;
    paths[scope] = {
      get: operation(def, 'list', `list${kindName}${suffix}`, ref, v3),
      post: operation(def, 'post', `create${kindName}${suffix}`, ref, v3, { params: write(), body: ['*/*'] }),
      delete: operation(def, 'deletecollection', `deletecollection${kindName}${suffix}`, `${refPrefix}${STATUS_NAME}`, v3),
      parameters: common,
    };
    paths[`${scope}/{name}`] = {
      get: operation(def, 'get', `read${kindName}${suffix}`, ref, v3),
      put: operation(def, 'put', `replace${kindName}${suffix}`, ref, v3, { params: write(), body: ['*/*'] }),
      patch: operation(def, 'patch', `patch${kindName}${suffix}`, ref, v3, {
        params: write([queryParameter('force', 'boolean', 'Force is going to "force" Apply requests.', v3)]),
        body: [
          'application/apply-patch+yaml',
          'application/json-patch+json',
          'application/merge-patch+json',
          'application/strategic-merge-patch+json',
        ],
        bodyRef: `${refPrefix}${PATCH_NAME}`,
      }),
      delete: operation(def, 'delete', `delete${kindName}${suffix}`, `${refPrefix}${STATUS_NAME}`, v3, {
        params: [
          queryParameter('dryRun', 'string', DRY_RUN, v3),
          queryParameter('gracePeriodSeconds', 'integer', 'The duration in seconds before the object should be deleted.', v3),
          queryParameter('propagationPolicy', 'string', 'Whether and how garbage collection will be performed.', v3),
        ],
      }),
      parameters: [pathParameter('name', `name of the ${def.kind}`, v3), ...common],
    };
  }
  return paths;
}

function kindDefinitionIdOf(def: KindDefinition): string | undefined {
  const apiVersion = apiVersionOf(def);
  const branch = schema.allOf.find(
    (b) => b.if.properties.apiVersion.const === apiVersion && b.if.properties.kind.const === def.kind,
  );
  return branch?.then.$ref.slice('#/definitions/'.length);
}

function info(ctx: ServeContext): Json {
  return { title: 'Kubernetes', version: ctx.sim.kubectlEnv().version.gitVersion };
}

/** GET /openapi/v3/<api/v1 | apis/G/V>. */
export function openApiV3Document(ctx: ServeContext, gv: GroupVersion): Json {
  const refPrefix = '#/components/schemas/';
  const ids = gv.kinds.map(kindDefinitionIdOf).filter((id): id is string => id !== undefined);
  const refOf = (def: KindDefinition) => `${refPrefix}${openApiName(kindDefinitionIdOf(def) ?? '')}`;
  return {
    openapi: '3.0.0',
    info: info(ctx),
    paths: pathsFor(gv, refPrefix, true, refOf),
    components: { schemas: definitionsFor(ids, refPrefix, true) },
  };
}

/** GET /openapi/v2: everything in one Swagger 2.0 document. */
export function openApiV2Document(ctx: ServeContext): Json {
  const refPrefix = '#/definitions/';
  const gvs = groupVersions(ctx.api().registry);
  const ids = gvs.flatMap((gv) => gv.kinds.map(kindDefinitionIdOf)).filter((id): id is string => id !== undefined);
  const refOf = (def: KindDefinition) => `${refPrefix}${openApiName(kindDefinitionIdOf(def) ?? '')}`;
  const paths: Json = {};
  for (const gv of gvs) Object.assign(paths, pathsFor(gv, refPrefix, false, refOf));
  return { swagger: '2.0', info: info(ctx), paths, definitions: definitionsFor(ids, refPrefix, false) };
}

function gvPath(gv: GroupVersion): string {
  return gv.group ? `apis/${gv.group}/${gv.version}` : `api/${gv.version}`;
}

/** The documents do not change while the process runs: built once, with their hashes. */
const cache = new Map<string, { body: Json; hash: string }>();

function cached(key: string, build: () => Json): { body: Json; hash: string } {
  let entry = cache.get(key);
  if (!entry) {
    const body = build();
    const hash = createHash('sha512').update(JSON.stringify(body)).digest('hex').slice(0, 128).toUpperCase();
    entry = { body, hash };
    cache.set(key, entry);
  }
  return entry;
}

export function handleOpenApi(ctx: ServeContext, req: IncomingMessage, res: ServerResponse, pathname: string): void {
  if (pathname === '/openapi/v2') {
    const accept = parseAccept(req.headers.accept);
    const json = accept.length === 0 || accept.some((r) => r.type === 'application/json' || r.type === '*/*');
    if (!json) {
      sendStatus(res, statusOf(406, '', 'only application/json is served for /openapi/v2 (no protobuf)'));
      return;
    }
    sendJson(res, 200, cached('v2', () => openApiV2Document(ctx)).body);
    return;
  }
  const gvs = groupVersions(ctx.api().registry);
  if (pathname === '/openapi/v3') {
    const paths: Json = {};
    for (const gv of gvs) {
      const { hash } = cached(gvPath(gv), () => openApiV3Document(ctx, gv));
      paths[gvPath(gv)] = { serverRelativeURL: `/openapi/v3/${gvPath(gv)}?hash=${hash}` };
    }
    sendJson(res, 200, { paths });
    return;
  }
  const rest = pathname.slice('/openapi/v3/'.length);
  const gv = gvs.find((g) => gvPath(g) === rest);
  if (!gv || !pathname.startsWith('/openapi/v3/')) {
    sendStatus(res, errors.resourceNotFound().status);
    return;
  }
  sendJson(res, 200, cached(rest, () => openApiV3Document(ctx, gv)).body);
}
