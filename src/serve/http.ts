// The HTTP mechanics every handler shares: reading a bounded request body, answering with JSON or
// a metav1.Status, and the Accept-header parameters kube-apiserver negotiates on (as=Table,
// aggregated discovery).

import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError, errors, type Status } from '../engine/api/errors';
import { MAX_REQUEST_BODY_BYTES } from '../engine/api/apiserver';

/** A request body too large, or a read that failed: answered with this Status. */
export class BodyError extends Error {
  constructor(readonly apiError: ApiError) {
    super(apiError.message);
  }
}

/**
 * The request body, at most MAX_REQUEST_BODY_BYTES (the API server's limit): a longer body is
 * refused with its 413 before it is read to the end.
 */
export function readBody(req: IncomingMessage, limit: number = MAX_REQUEST_BODY_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      reject(new BodyError(errors.requestEntityTooLarge(limit)));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    req.on('data', (chunk: Buffer) => {
      if (refused) return;
      size += chunk.length;
      if (size > limit) {
        refused = true;
        reject(new BodyError(errors.requestEntityTooLarge(limit)));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!refused) resolve(Buffer.concat(chunks));
    });
    req.on('error', (e) => {
      if (!refused) reject(new BodyError(errors.badRequest(`error reading the request body: ${e.message}`)));
      refused = true;
    });
  });
}

/** Parses a JSON body (empty: undefined); a syntax error is the decoder's 400. */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch (e) {
    throw errors.badRequest(`couldn't get version/kind; json parse error: ${(e as Error).message}`);
  }
}

export function sendJson(
  res: ServerResponse,
  code: number,
  body: unknown,
  contentType = 'application/json',
  warnings: readonly string[] = [],
): void {
  const text = JSON.stringify(body);
  const headers: Record<string, string | string[]> = {
    'Content-Type': contentType,
    'Content-Length': String(Buffer.byteLength(text)),
    'Cache-Control': 'no-cache, private',
  };
  // What kubectl prints as `Warning: …` (RFC 7234 warn-code 299, as the API server sends them).
  if (warnings.length > 0) headers['Warning'] = warnings.map((w) => `299 - ${JSON.stringify(w)}`);
  res.writeHead(code, headers);
  res.end(text);
}

export function sendStatus(res: ServerResponse, status: Status): void {
  sendJson(res, status.code, status);
}

export function sendText(res: ServerResponse, code: number, text: string, contentType = 'text/plain; charset=utf-8'): void {
  res.writeHead(code, { 'Content-Type': contentType, 'Content-Length': String(Buffer.byteLength(text)) });
  res.end(text);
}

/** A Status of the given code and reason that the engine's errors table has no shortcut for. */
export function statusOf(code: number, reason: Status['reason'], message: string): Status {
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, code };
}

/** One media range of an Accept header: `application/json;as=Table;v=v1;g=meta.k8s.io`. */
export interface MediaRange {
  type: string;
  params: Record<string, string>;
}

export function parseAccept(header: string | undefined): MediaRange[] {
  if (!header) return [];
  return header.split(',').map((range) => {
    const [type, ...params] = range.split(';').map((s) => s.trim());
    const parsed: Record<string, string> = {};
    for (const p of params) {
      const eq = p.indexOf('=');
      if (eq > 0) parsed[p.slice(0, eq).trim()] = p.slice(eq + 1).trim();
    }
    return { type: type.toLowerCase(), params: parsed };
  });
}

/** Whether the client asks for a meta.k8s.io Table before anything else it accepts. */
export function wantsTable(accept: MediaRange[]): boolean {
  for (const range of accept) {
    if (range.params.as === 'Table') {
      if (range.params.g === 'meta.k8s.io' && (range.params.v === 'v1' || range.params.v === 'v1beta1')) return true;
      continue;
    }
    return false;
  }
  return false;
}
