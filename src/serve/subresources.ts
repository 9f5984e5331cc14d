// The subresources this server answers beyond status / finalize / ephemeralcontainers (which are
// updates and patches of the object): pods/log (follow, previous, tailLines, timestamps,
// sinceSeconds, sinceTime, limitBytes), pods/eviction, pods/binding, <workload>/scale, and
// exec / attach / portforward, which a simulated container cannot serve.

import type { KObject } from '../k8s/types';
import { errors, type ApiError } from '../engine/api/errors';
import { bindPod } from '../engine/api/subresources/binding';
import type { Eviction } from '../engine/api/subresources/eviction';
import type { Scale } from '../engine/api/subresources/scale';
import { filterLogLines, rfc3339Nano, truncateBytes, type LogOptions } from '../engine/kubectl/commands/logs';
import { containersInLogOrder, findContainer } from '../engine/kubectl/commands/pod-containers';
import type { ResourceRequest } from './context';
import { parseJsonBody, sendJson } from './http';
import { objectBody, patchBody, patchTypeOf, writeQuery } from './resources';

const STREAMING = new Set(['exec', 'attach', 'portforward']);

/** Whether a subresource is one of those answered here (by method). */
export function isServedHere(sub: string): boolean {
  return sub === 'log' || sub === 'eviction' || sub === 'binding' || sub === 'scale' || STREAMING.has(sub);
}

/**
 * exec, attach and portforward: real clients upgrade the connection (SPDY or WebSocket) for
 * them, and nothing here could answer — the pod is looked up (a missing one is its 404), then a
 * 400 says why.
 */
export function streamingNotSupported({ ctx, def, path }: ResourceRequest): ApiError {
  ctx.api().get(def, path.namespace ?? 'default', path.name ?? '');
  return errors.badRequest(
    `kubeplay serve does not support ${path.subresource}: the containers are simulated, there is no process to stream to`,
  );
}

export function isStreamingSubresource(sub: string | undefined): boolean {
  return sub !== undefined && STREAMING.has(sub);
}

export function handleSubresource(r: ResourceRequest): void {
  const { ctx, req, res, def, path, query, body } = r;
  const sub = path.subresource!;
  const method = req.method ?? 'GET';
  const isPod = def.group === '' && def.kind === 'Pod';
  const namespace = path.namespace ?? 'default';
  const name = path.name!;
  if (sub === 'scale' && def.scale) {
    const api = ctx.api();
    if (method === 'GET') return sendJson(res, 200, api.getScale(def, namespace, name));
    const options = writeQuery(query);
    if (method === 'PUT') {
      const scale = objectBody(parseJsonBody(body)) as unknown as Scale;
      return sendJson(res, 200, api.updateScale(def, namespace, name, scale, options), 'application/json', options.warnings);
    }
    if (method === 'PATCH') {
      const type = patchTypeOf(req);
      return sendJson(
        res,
        200,
        api.patchScale(def, namespace, name, type, patchBody(type, body), options),
        'application/json',
        options.warnings,
      );
    }
    throw methodNotAllowed(method, sub);
  }
  if (!isPod) throw errors.resourceNotFound();
  if (STREAMING.has(sub)) throw streamingNotSupported(r);
  if (sub === 'log') {
    if (method !== 'GET') throw methodNotAllowed(method, sub);
    return serveLog(r, namespace, name);
  }
  if (method !== 'POST') throw methodNotAllowed(method, sub);
  const options = writeQuery(query);
  const payload = objectBody(parseJsonBody(body));
  if (sub === 'eviction') {
    const result = ctx.api().evict(namespace, name, payload as unknown as Eviction, { dryRun: options.dryRun });
    return sendJson(res, 201, result);
  }
  // binding
  const meta = (payload.metadata ?? {}) as { uid?: string; resourceVersion?: string; annotations?: Record<string, string> };
  const target = (payload.target ?? {}) as { name?: string };
  bindPod(ctx.api(), namespace, name, target.name ?? '', {
    uid: meta.uid,
    resourceVersion: meta.resourceVersion,
    annotations: meta.annotations,
    dryRun: options.dryRun,
  });
  sendJson(res, 201, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 });
}

function methodNotAllowed(method: string, sub: string) {
  return errors.methodNotAllowed(`the server does not allow this method on the requested resource (${method} ${sub})`);
}

/** The container a log request reads: named (and valid), or the pod's only one (ValidateContainer). */
function logContainer(pod: KObject, requested: string): string {
  const name = pod.metadata.name ?? '';
  if (requested) {
    if (!findContainer(pod, requested)) throw errors.badRequest(`container ${requested} is not valid for pod ${name}`);
    return requested;
  }
  const containers: { name: string }[] = pod.spec?.containers ?? [];
  if (containers.length === 1) return containers[0].name;
  if (containers.length === 0) throw errors.badRequest(`a container name must be specified for pod ${name}`);
  const all = containersInLogOrder(pod).map((c) => c.name);
  throw errors.badRequest(`a container name must be specified for pod ${name}, choose one of: [${all.join(' ')}]`);
}

function intParam(query: URLSearchParams, name: string): number | undefined {
  const raw = query.get(name);
  if (raw === null) return undefined;
  if (!/^-?\d+$/.test(raw)) throw errors.badRequest(`${name}: Invalid value: "${raw}": must be an integer`);
  return Number(raw);
}

function boolParam(query: URLSearchParams, name: string): boolean {
  const raw = query.get(name);
  return raw === 'true' || raw === '1';
}

/** GET pods/NAME/log: what the node's kubelet answers, streamed on with ?follow=true. */
function serveLog(r: ResourceRequest, namespace: string, name: string): void {
  const { ctx, req, res, def, query } = r;
  const api = ctx.api();
  const pod = api.get(def, namespace, name);
  const container = logContainer(pod, query.get('container') ?? '');
  const options: LogOptions = {
    previous: boolParam(query, 'previous'),
    follow: boolParam(query, 'follow'),
    timestamps: boolParam(query, 'timestamps'),
    prefix: false,
  };
  const tail = intParam(query, 'tailLines');
  if (tail !== undefined) {
    if (tail < 0) throw errors.badRequest(`tailLines: Invalid value: ${tail}: must be greater than or equal to 0`);
    options.tail = tail;
  }
  const since = intParam(query, 'sinceSeconds');
  const sinceTime = query.get('sinceTime');
  if (since !== undefined && sinceTime) throw errors.badRequest('at most one of `sinceTime` or `sinceSeconds` may be specified');
  if (since !== undefined) {
    if (since < 1) throw errors.badRequest(`sinceSeconds: Invalid value: ${since}: must be greater than 0`);
    options.sinceMs = api.clock.now() - since * 1000;
  }
  if (sinceTime) {
    const at = Date.parse(sinceTime);
    if (Number.isNaN(at)) throw errors.badRequest(`sinceTime: Invalid value: "${sinceTime}": must be RFC3339`);
    options.sinceMs = at - api.clock.epochMs;
  }
  const limit = intParam(query, 'limitBytes');
  if (limit !== undefined) {
    if (limit < 1) throw errors.badRequest(`limitBytes: Invalid value: ${limit}: must be greater than 0`);
    options.limitBytes = limit;
  }
  const env = { clock: api.clock };
  const format = (text: string, atMs: number) => `${options.timestamps ? `${rfc3339Nano(atMs, env)} ` : ''}${text}\n`;
  // A pod not yet on a node has no kubelet to ask: the server answers with an empty body.
  if (!pod.spec?.nodeName) {
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.end();
    return;
  }
  const request = { namespace, pod: name, container, previous: options.previous || undefined };
  const result = ctx.sim.cluster.kubelets.containerLogs(request);
  if (!result.ok) throw result.error;
  let text = filterLogLines(result.lines, options)
    .map((l) => format(l.text, l.atMs))
    .join('');
  if (options.limitBytes !== undefined) text = truncateBytes(text, options.limitBytes);
  res.writeHead(200, { 'Content-Type': 'text/plain', 'Transfer-Encoding': 'chunked' });
  res.flushHeaders();
  if (text) res.write(text);
  if (!options.follow || options.previous || !result.running) {
    res.end();
    return;
  }
  let remaining = options.limitBytes === undefined ? undefined : options.limitBytes - Buffer.byteLength(text);
  let closed = false;
  let stop: () => void = () => {};
  const slot = ctx.openWatch(() => finish());
  function finish(): void {
    if (closed) return;
    closed = true;
    stop();
    slot.done();
    res.end();
  }
  if (!slot.accepted) {
    finish();
    return;
  }
  req.on('close', finish);
  res.on('close', finish);
  stop = ctx.sim.cluster.kubelets.followLogs(
    request,
    (line) => {
      if (closed) return;
      let chunk = format(line.text, line.atMs);
      if (remaining !== undefined) {
        if (remaining <= 0) return finish();
        chunk = truncateBytes(chunk, remaining);
        remaining -= Buffer.byteLength(chunk);
      }
      res.write(chunk);
    },
    finish,
  );
}
