// Bad input never crashes the server: random methods, paths, headers and bodies get answers
// (4xx Statuses mostly), and an exception escaping the engine is a logged 500 Status.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { request, serveForTest } from './testing';

const PATHS = [
  '/api/v1/namespaces/default/pods',
  '/api/v1/namespaces/default/pods/web',
  '/api/v1/namespaces/default/pods/web/log',
  '/api/v1/namespaces/default/pods/web/eviction',
  '/api/v1/namespaces/default/pods/web/binding',
  '/api/v1/namespaces/default/pods/web/status',
  '/apis/apps/v1/namespaces/default/deployments/web/scale',
  '/apis/apps/v1/deployments',
  '/api/v1/nodes/node-a1',
  '/api/v1/namespaces/kube-system',
  '/api/v1/namespaces/default/finalize',
  '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews',
  '/kubeplay/clock/step',
  '/kubeplay/run',
  '/openapi/v3/apis/apps/v1',
  '/api/v1/watch/namespaces/default/pods?timeoutSeconds=1',
];
const QUERIES = [
  '',
  '?watch=1&timeoutSeconds=1',
  '?limit=-3',
  '?continue=%%%',
  '?labelSelector=a%20in%20(',
  '?dryRun=All',
  '?fieldValidation=Nope',
  '?tailLines=x',
  '?duration=1m',
];
const CONTENT_TYPES = [
  'application/json',
  'application/merge-patch+json',
  'application/apply-patch+yaml',
  'application/vnd.kubernetes.protobuf',
  'text/plain',
];

describe('kubeplay serve: bad input', () => {
  it('answers random requests without crashing, with Statuses for API paths', { timeout: 120_000 }, async () => {
    const log: string[] = [];
    const server = await serveForTest({ log: (m) => log.push(m) });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'),
        fc.constantFrom(...PATHS),
        fc.constantFrom(...QUERIES),
        fc.constantFrom(...CONTENT_TYPES),
        fc.oneof(
          fc.json(),
          fc.string(),
          fc.constant(
            '{"apiVersion":"v1","kind":"Pod","metadata":{"name":"web"},"spec":{"containers":[{"name":"a","image":"nginx"}]}}',
          ),
          fc.constant('k8s\u0000\n\u0002'),
        ),
        async (method, path, query, contentType, body) => {
          const url = `${server.url}${path}${path.includes('?') ? query.replace('?', '&') : query}`;
          const res = await fetch(url, {
            method,
            headers: { 'Content-Type': contentType },
            ...(method === 'GET' ? {} : { body }),
          });
          const text = await res.text();
          expect(res.status).toBeGreaterThanOrEqual(200);
          expect(res.status).not.toBe(500);
          if (res.status >= 400 && !path.startsWith('/kubeplay/run')) expect(JSON.parse(text).kind).toBe('Status');
        },
      ),
      { numRuns: 150, seed: 7 },
    );
    expect(log).toEqual([]);
    expect((await request(server, 'GET', '/api/v1/namespaces')).status).toBe(200);
  });

  it('answers an exception escaping the engine with a 500 Status, logs it, and goes on serving', async () => {
    const log: string[] = [];
    const server = await serveForTest({ log: (m) => log.push(m) });
    const api = server.simulation.engine.cluster.api;
    const original = api.list.bind(api);
    api.list = () => {
      throw new Error('boom');
    };
    const failed = await request(server, 'GET', '/api/v1/pods');
    expect([failed.status, failed.body.reason, failed.body.message]).toEqual([
      500,
      'InternalError',
      'Internal error occurred: boom',
    ]);
    expect(log.join('\n')).toContain('GET /api/v1/pods: Error: boom');
    api.list = original;
    expect((await request(server, 'GET', '/api/v1/pods')).status).toBe(200);
  });
});
