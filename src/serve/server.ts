// `kubeplay serve`: the simulated cluster behind a Kubernetes-compatible HTTP API, so that real
// kubectl, k9s, Headlamp and client libraries drive it. Plain HTTP on loopback by default, no
// authentication (anyone who reaches the port is cluster admin of a simulation). The engine's
// API server does the work (store, watch, patch, errors); this module routes requests to it.
//
// Contract (the oracle suite codes against it): startServer(options) starts a server on a fresh
// simulation and resolves once it listens; `simulation` is the ServedSimulation facade
// (served-simulation.ts): run script lines in-process as `kubeplay run` does, step the clock,
// pause / resume / set the speed.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { ApiError, errors } from '../engine/api/errors';
import { serverVersionInfo } from '../engine/kubectl/commands/version';
import { errorText } from '../engine/runtime/owner-selector';
import { CONTROL_PREFIX, handleControl } from './control';
import type { ResourceRequest, ServeContext } from './context';
import {
  aggregatedContentType,
  aggregatedDiscovery,
  aggregatedDiscoveryVersion,
  apiGroupList,
  apiGroupOf,
  apiResourceList,
  apiVersions,
  groupVersions,
  sideResourceList,
} from './discovery';
import { SIDE_GROUPS } from './side-groups';
import { BodyError, parseAccept, readBody, sendJson, sendStatus, sendText } from './http';
import { handleOpenApi } from './openapi';
import { decodeProtobufBody, isProtobufContentType } from './protobuf/decode';
import { parseResourcePath } from './request-info';
import {
  handleCreate,
  handleDelete,
  handleDeleteCollection,
  handleGet,
  handleList,
  handlePatch,
  handleUpdate,
} from './resources';
import { ServedSession, type ServedSimulation } from './served-simulation';
import { handleSubresource, isServedHere, isStreamingSubresource, streamingNotSupported } from './subresources';
import { handleWatch } from './watch';
import { isWebSocketUpgrade, WebSocketResponse } from './websocket';

export type { ServedSimulation } from './served-simulation';

export interface ServeOptions {
  /** TCP port; 0 (the default) takes any free one. */
  port?: number;
  /** Address to listen on; default 127.0.0.1. Anything but loopback needs allowNonLoopback. */
  address?: string;
  seed?: number;
  /**
   * The wall-clock instant of virtual time 0, Unix ms (default 2026-01-01T00:00:00Z, as
   * `kubeplay run`). `kubeplay serve` starts at the real time, so that clients that compute ages
   * themselves (kubectl describe, k9s) show sensible ones.
   */
  epochMs?: number;
  /** Virtual time per real time while playing (default 1). */
  speed?: number;
  /** Start with the clock paused (steps only). */
  paused?: boolean;
  /** Script text run (in-process, as `kubeplay run`) before the server answers. */
  script?: string;
  /** Allow a non-loopback address (the API has no authentication). */
  allowNonLoopback?: boolean;
  /** At most this many watches and followed logs open at once (default MAX_OPEN_WATCHES); more get 429. */
  maxWatches?: number;
  /** Where the server logs handler failures (default: stderr). */
  log?: (message: string) => void;
  /**
   * Run the reactions due at this instant after every write request (default true). The oracle
   * suite turns it off and steps the clock after each whole kubectl command, as our console does.
   */
  reactAfterWrites?: boolean;
}

export interface RunningServer {
  /** http://ADDRESS:PORT */
  url: string;
  /** Stops listening, ends open watches and the clock. */
  close(): Promise<void>;
  simulation: ServedSimulation;
  /** The transcript of options.script ('' without one). */
  scriptTranscript: string;
}

/** The default bound on open watches (and followed logs). */
export const MAX_OPEN_WATCHES = 256;

export function isLoopback(address: string): boolean {
  return address === 'localhost' || address === '::1' || /^127\.\d+\.\d+\.\d+$/.test(address);
}

const HEALTH_PATHS = new Set(['/healthz', '/readyz', '/livez']);

export async function startServer(options: ServeOptions = {}): Promise<RunningServer> {
  const address = options.address ?? '127.0.0.1';
  if (!isLoopback(address) && !options.allowNonLoopback) {
    throw new Error(`refusing to listen on ${address}: the API has no authentication; pass allowNonLoopback to do it anyway`);
  }
  const log = options.log ?? ((message: string) => process.stderr.write(`${message}\n`));
  const session = new ServedSession({
    seed: options.seed ?? 1,
    epochMs: options.epochMs,
    paused: options.paused ?? false,
    speed: options.speed ?? 1,
    onError: (e) => log(`kubeplay serve: the clock stopped on an engine error: ${errorText(e)}`),
  });
  const scriptTranscript = options.script ? session.run(options.script) : '';
  const sim = session.engine;

  const watches = new Set<() => void>();
  // A reset replaces the cluster: watches on the old one can never get another event.
  sim.onReset(() => {
    for (const close of [...watches]) close();
  });
  const ctx: ServeContext = {
    sim,
    api: () => sim.cluster.api,
    kindFor: (group, version, resource) =>
      sim.cluster.api.registry.kinds().find((d) => d.group === group && d.version === version && d.plural === resource),
    openWatch: (close) => {
      if (watches.size >= (options.maxWatches ?? MAX_OPEN_WATCHES)) return { accepted: false, done: () => {} };
      watches.add(close);
      return { accepted: true, done: () => watches.delete(close) };
    },
    log,
    reactAfterWrites: options.reactAfterWrites ?? true,
  };

  const server = createServer((req, res) => {
    handle(ctx, session, req, res).catch((e) => failed(ctx, req, res, e));
  });
  // Watches over WebSocket (Headlamp's backend asks for them).
  // Upgrades: watches over WebSocket (Headlamp's backend asks for them); exec, attach and
  // port-forward (SPDY or WebSocket) are refused with a Status saying why.
  server.on('upgrade', (req: IncomingMessage, socket: Duplex) => {
    const res = new WebSocketResponse(req, socket) as unknown as ServerResponse;
    try {
      upgrade(ctx, req, res);
    } catch (e) {
      failed(ctx, req, res, e);
    }
  });
  // Malformed HTTP never reaches a handler: node answers 400 and closes the socket.
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
  });
  server.headersTimeout = 30_000;
  server.requestTimeout = 0; // watches and followed logs stay open
  await listen(server, options.port ?? 0, address);
  const port = (server.address() as AddressInfo).port;
  const host = address.includes(':') ? `[${address}]` : address;
  session.driver.start();
  return {
    url: `http://${host}:${port}`,
    simulation: session,
    scriptTranscript,
    close: () => {
      session.driver.stop();
      for (const close of [...watches]) close();
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

function listen(server: Server, port: number, address: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, address, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** An exception out of a handler: its Status for an ApiError, else a logged 500. */
function failed(ctx: ServeContext, req: IncomingMessage, res: ServerResponse, e: unknown): void {
  let status;
  if (e instanceof ApiError) status = e.status;
  else if (e instanceof BodyError) status = e.apiError.status;
  else {
    ctx.log(`kubeplay serve: ${req.method} ${req.url}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    status = errors.internal(errorText(e)).status;
  }
  if (res.headersSent) {
    res.end();
    return;
  }
  sendStatus(res, status);
}

async function handle(ctx: ServeContext, session: ServedSimulation, req: IncomingMessage, res: ServerResponse): Promise<void> {
  let url: URL;
  try {
    url = new URL(req.url ?? '/', 'http://kubeplay.invalid');
  } catch {
    sendStatus(res, errors.badRequest(`malformed request URL: ${req.url}`).status);
    return;
  }
  const method = req.method ?? 'GET';
  const pathname = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  const query = url.searchParams;
  // Every body is read (bounded) before anything runs, so a handler never waits half-way.
  const raw = method === 'GET' || method === 'HEAD' ? undefined : await readBody(req);
  // kubectl's typed clients (create deployment, run, drain's evictions) send protobuf.
  const body = !raw
    ? ''
    : isProtobufContentType(req.headers['content-type'])
      ? JSON.stringify(decodeProtobufBody(raw))
      : raw.toString('utf8');

  if (pathname.startsWith(CONTROL_PREFIX) || pathname === CONTROL_PREFIX.slice(0, -1)) {
    handleControl(session, req, res, pathname, query, body);
    return;
  }
  if (HEALTH_PATHS.has(pathname) || [...HEALTH_PATHS].some((p) => pathname.startsWith(`${p}/`))) {
    sendText(res, 200, 'ok');
    return;
  }
  if (pathname === '/version') {
    sendJson(res, 200, serverVersionInfo(ctx.sim.kubectlEnv().version));
    return;
  }
  if (pathname.startsWith('/openapi/')) {
    handleOpenApi(ctx, req, res, pathname);
    return;
  }
  const registry = ctx.api().registry;
  const accept = parseAccept(req.headers.accept);
  if (pathname === '/api' || pathname === '/apis') {
    const aggregated = aggregatedDiscoveryVersion(accept);
    if (aggregated) {
      sendJson(res, 200, aggregatedDiscovery(registry, pathname === '/api', aggregated), aggregatedContentType(aggregated));
    } else {
      sendJson(res, 200, pathname === '/api' ? apiVersions(req.headers.host ?? '') : apiGroupList(registry));
    }
    return;
  }
  const parts = pathname.split('/').filter((p) => p !== '');
  const side =
    parts[0] === 'apis' ? SIDE_GROUPS.find((g) => g.served.group === parts[1] && g.served.version === parts[2]) : undefined;
  if (side) {
    if (parts.length === 3) sendJson(res, 200, sideResourceList(side.served));
    else side.handle(ctx, req, res, parts.slice(3), query, body);
    return;
  }
  if (parts[0] === 'apis' && parts.length === 2) {
    const group = apiGroupOf(registry, parts[1]);
    if (group) sendJson(res, 200, group);
    else sendStatus(res, errors.resourceNotFound().status);
    return;
  }
  if ((parts[0] === 'api' && parts.length === 2) || (parts[0] === 'apis' && parts.length === 3)) {
    const [group, version] = parts[0] === 'api' ? ['', parts[1]] : [parts[1], parts[2]];
    const gv = groupVersions(registry).find((g) => g.group === group && g.version === version);
    if (gv) sendJson(res, 200, apiResourceList(gv));
    else sendStatus(res, errors.resourceNotFound().status);
    return;
  }
  const path = parseResourcePath(pathname);
  if (!path) {
    sendText(res, 404, '404 page not found\n');
    return;
  }
  const def = ctx.kindFor(path.group, path.version, path.resource);
  // A cluster-scoped resource under /namespaces/NS/ is no resource at all.
  const misplaced = def && !def.namespaced && path.namespace !== undefined && def.plural !== 'namespaces';
  if (!def || misplaced) {
    sendStatus(res, errors.resourceNotFound().status);
    return;
  }
  serveResource({ ctx, req, res, def, path, query, body });
  // Reactions due at this instant run before the next request, as after a console command.
  if (method !== 'GET' && ctx.reactAfterWrites) ctx.sim.clock.runDue();
}

function serveResource(r: ResourceRequest): void {
  const { req, def, path, query } = r;
  const method = req.method ?? 'GET';
  const watching = path.watchPrefix || query.get('watch') === 'true' || query.get('watch') === '1';
  const sub = path.subresource;
  if (sub !== undefined) {
    if (isServedHere(sub)) return handleSubresource(r);
    const updatable =
      (sub === 'status' && def.hasStatus) ||
      (sub === 'finalize' && def.group === '' && def.kind === 'Namespace') ||
      (sub === 'ephemeralcontainers' && def.group === '' && def.kind === 'Pod');
    if (!updatable) throw errors.resourceNotFound();
    const subresource = sub as 'status' | 'finalize' | 'ephemeralcontainers';
    if (method === 'GET' && sub !== 'finalize') return handleGet(r);
    if (method === 'PUT') return handleUpdate(r, subresource);
    if (method === 'PATCH' && sub !== 'finalize') return handlePatch(r, subresource);
    throw notAllowed(method);
  }
  if (path.name === undefined) {
    if (method === 'GET') return watching ? handleWatch(r) : handleList(r);
    if (method === 'POST') return handleCreate(r);
    if (method === 'DELETE') return handleDeleteCollection(r);
    throw notAllowed(method);
  }
  if (method === 'GET') return watching ? handleWatch(r) : handleGet(r);
  if (method === 'PUT') return handleUpdate(r);
  if (method === 'PATCH') return handlePatch(r);
  if (method === 'DELETE') return handleDelete(r);
  throw notAllowed(method);
}

/** An upgrade request: only a WebSocket watch of a served resource is upgraded. */
function upgrade(ctx: ServeContext, req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://kubeplay.invalid');
  const path = parseResourcePath(url.pathname);
  const def = path && ctx.kindFor(path.group, path.version, path.resource);
  if (!path || !def) throw errors.resourceNotFound();
  const r: ResourceRequest = { ctx, req, res, def, path, query: url.searchParams, body: '' };
  if (isStreamingSubresource(path.subresource)) throw streamingNotSupported(r);
  const watching = path.watchPrefix || url.searchParams.get('watch') === 'true' || url.searchParams.get('watch') === '1';
  if (!isWebSocketUpgrade(req) || path.subresource !== undefined || req.method !== 'GET' || !watching) {
    throw errors.badRequest('only watch requests are served over WebSocket');
  }
  handleWatch(r);
}

function notAllowed(method: string): ApiError {
  return errors.methodNotAllowed(`the server does not allow this method on the requested resource (${method})`);
}
