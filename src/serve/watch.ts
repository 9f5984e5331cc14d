// GET …?watch=1: a chunked stream of JSON watch events (one per line) from the engine's watch,
// as the API server's watch handler writes them — label and field selectors applied to both the
// new and the old object (an object moving out of the selection is DELETED, into it ADDED),
// Tables when asked, BOOKMARKs when allowed, the initial-events-end bookmark of
// sendInitialEvents, and a too-old resourceVersion as an ERROR event carrying the 410 Expired
// Status (the watch cache's answer).

import type { KObject } from '../k8s/types';
import { ApiError, errors } from '../engine/api/errors';
import { apiVersionOf, type KindDefinition } from '../engine/api/kinds/kind-definition';
import type { WatchEvent } from '../engine/simulation-types';
import type { ResourceRequest, ServeContext } from './context';
import { readFormat } from './resources';
import { convertToTable } from './table';

/** How often a watch that allows bookmarks gets one (real time; the API server's is ~1 min). */
export const BOOKMARK_INTERVAL_MS = 5000;
/** A watch ends after this long unless ?timeoutSeconds says otherwise (the API server: 30–60 min). */
const DEFAULT_WATCH_TIMEOUT_MS = 30 * 60 * 1000;

type Predicate = (obj: KObject) => boolean;

function selection(ctx: ServeContext, def: KindDefinition, query: URLSearchParams, name: string | undefined): Predicate {
  const api = ctx.api();
  const labelText = query.get('labelSelector');
  const labels = labelText ? api.parseLabelSelector(labelText) : undefined;
  const fieldText = query.get('fieldSelector');
  const fields = fieldText ? api.parseFieldSelectorFor(def, fieldText) : undefined;
  return (obj) =>
    (name === undefined || obj.metadata.name === name) &&
    (!labels || labels.matches(obj.metadata.labels)) &&
    (!fields || fields(obj));
}

/** The event a watcher with this selection sees for a write, if any. */
function selectedEvent(event: WatchEvent, selected: Predicate): { type: string; object: KObject } | undefined {
  const now = selected(event.object);
  if (event.type !== 'MODIFIED' || !event.oldObject) return now ? { type: event.type, object: event.object } : undefined;
  const before = selected(event.oldObject);
  if (now && before) return { type: 'MODIFIED', object: event.object };
  if (now) return { type: 'ADDED', object: event.object };
  if (before) return { type: 'DELETED', object: event.object };
  return undefined;
}

export function handleWatch(r: ResourceRequest): void {
  const { ctx, req, res, def, path, query } = r;
  const format = readFormat(req, query);
  const selected = selection(ctx, def, query, path.name);
  const api = ctx.api();
  const namespace = def.namespaced ? path.namespace : undefined;
  const bookmarks = query.get('allowWatchBookmarks') === 'true' && !format.table;
  const sendInitialEvents = query.get('sendInitialEvents') === 'true';
  const requested = query.get('resourceVersion') ?? '';
  const timeoutText = query.get('timeoutSeconds');
  const timeoutMs = timeoutText && /^\d+$/.test(timeoutText) ? Number(timeoutText) * 1000 : DEFAULT_WATCH_TIMEOUT_MS;

  let closed = false;
  const slot = ctx.openWatch(() => finish());
  if (!slot.accepted) {
    throw new ApiError({
      ...errors.tooManyRequests('Too many requests, please try again later.').status,
      details: { retryAfterSeconds: 1 },
    });
  }
  res.writeHead(200, {
    'Content-Type': 'application/json',
    'Cache-Control': 'no-cache, private',
    'Transfer-Encoding': 'chunked',
  });
  res.flushHeaders();

  let first = true;
  const write = (type: string, object: unknown) => {
    if (closed) return;
    res.write(`${JSON.stringify({ type, object })}\n`);
  };
  const encode = (obj: KObject): unknown => {
    if (!format.table) return obj;
    const table = convertToTable(def, [obj], {
      includeObject: format.includeObject,
      noHeaders: !first,
      nowUnixMs: ctx.api().clock.nowUnixMs(),
      listMeta: { resourceVersion: obj.metadata.resourceVersion },
    });
    first = false;
    return table;
  };
  const bookmark = (annotations?: Record<string, string>) => {
    const metadata: Record<string, unknown> = { resourceVersion: String(api.store.resourceVersion) };
    if (annotations) metadata.annotations = annotations;
    write('BOOKMARK', { kind: def.kind, apiVersion: apiVersionOf(def), metadata });
  };

  let stop: () => void = () => {};
  const timers: NodeJS.Timeout[] = [];
  function finish(): void {
    if (closed) return;
    closed = true;
    stop();
    for (const t of timers) clearTimeout(t);
    slot.done();
    res.end();
  }
  req.on('close', finish);
  res.on('close', finish);

  // No resourceVersion (or "0"): the current state as ADDED events first, then the changes.
  const from = requested === '' || sendInitialEvents ? '0' : requested;
  try {
    stop = api.watch(
      def,
      (event) => {
        const seen = selectedEvent(event, selected);
        if (seen) write(seen.type, encode(seen.object));
      },
      { namespace, resourceVersion: from },
    );
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    write('ERROR', e.status);
    finish();
    return;
  }
  if (sendInitialEvents && bookmarks) bookmark({ 'k8s.io/initial-events-end': 'true' });
  if (bookmarks) {
    const tick = () => {
      bookmark();
      timers[0] = setTimeout(tick, BOOKMARK_INTERVAL_MS);
    };
    timers[0] = setTimeout(tick, BOOKMARK_INTERVAL_MS);
  }
  timers.push(setTimeout(finish, timeoutMs));
}
