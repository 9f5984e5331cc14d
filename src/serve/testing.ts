// Test helpers for `kubeplay serve`: a server on a free loopback port with a paused clock, and a
// JSON request helper.

import { afterEach } from 'vitest';
import { startServer, type RunningServer, type ServeOptions } from './server';

const running: RunningServer[] = [];

/** Starts a server (paused unless told otherwise) that is closed after the current test. */
export async function serveForTest(options: ServeOptions = {}): Promise<RunningServer> {
  const server = await startServer({ port: 0, paused: true, log: () => {}, ...options });
  running.push(server);
  return server;
}

afterEach(async () => {
  for (const server of running.splice(0)) await server.close();
});

export interface JsonAnswer {
  status: number;
  headers: Headers;
  body: any;
}

/** A request with a JSON body (or none); the answer's JSON body (undefined when not JSON). */
export async function request(
  server: RunningServer,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<JsonAnswer> {
  const init: RequestInit = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    (init.headers as Record<string, string>)['Content-Type'] ??= 'application/json';
  }
  const res = await fetch(`${server.url}${path}`, init);
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = text;
  }
  return { status: res.status, headers: res.headers, body: parsed };
}
