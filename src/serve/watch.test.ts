import { describe, expect, it } from 'vitest';
import type { RunningServer } from './server';
import { request, serveForTest } from './testing';

/** An open watch stream: its events as they arrive. */
async function openWatch(server: RunningServer, path: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const res = await fetch(`${server.url}${path}`, { signal: controller.signal, headers });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const events: any[] = [];
  let ended = false;
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let nl;
        while ((nl = buffer.indexOf('\n')) >= 0) {
          events.push(JSON.parse(buffer.slice(0, nl)));
          buffer = buffer.slice(nl + 1);
        }
      }
    } catch {
      // aborted
    }
    ended = true;
  })();
  return {
    status: res.status,
    events,
    get ended() {
      return ended;
    },
    async until(predicate: (events: any[]) => boolean, what: string): Promise<void> {
      for (let i = 0; i < 200; i++) {
        if (predicate(events)) return;
        if (ended) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`watch never saw ${what}; got ${events.length} events, the last ${JSON.stringify(events.slice(-3))}`);
    },
    async close() {
      controller.abort();
      await pump;
    },
  };
}

const summary = (events: any[]) => events.map((e) => `${e.type} ${e.object.metadata?.name ?? ''}`);

describe('kubeplay serve: watch', () => {
  it('starts with the current objects, then streams the changes matching its selectors', async () => {
    const server = await serveForTest();
    const watch = await openWatch(server, '/api/v1/namespaces/default/pods?watch=1&labelSelector=tier%3Dweb');
    expect(watch.status).toBe(200);
    server.simulation.run('kubectl run a --image=nginx --labels=tier=web\nkubectl run b --image=nginx --labels=tier=db');
    await watch.until((e) => e.some((x) => x.type === 'ADDED'), 'pod a');
    // b moves into the selection (ADDED), a out of it (DELETED with its new state).
    server.simulation.run('kubectl label pod b tier=web --overwrite\nkubectl label pod a tier=cache --overwrite');
    await watch.until((e) => e.some((x) => x.type === 'DELETED'), 'a leaving');
    const seen = summary(watch.events).filter((line, i, all) => all.indexOf(line) === i);
    expect(seen).toEqual(expect.arrayContaining(['ADDED a', 'ADDED b', 'DELETED a']));
    expect(seen.indexOf('ADDED b')).toBeLessThan(seen.indexOf('DELETED a'));
    const deleted = watch.events.find((e) => e.type === 'DELETED');
    expect(deleted.object.metadata.labels.tier).toBe('cache');
    await watch.close();
  });

  it('resumes after a resourceVersion, and answers a compacted one with an ERROR event carrying 410 Expired', async () => {
    const server = await serveForTest();
    const list = (await request(server, 'GET', '/api/v1/namespaces')).body;
    const watch = await openWatch(server, `/api/v1/namespaces?watch=true&resourceVersion=${list.metadata.resourceVersion}`);
    server.simulation.run('kubectl create namespace fresh');
    await watch.until((e) => e.length > 0, 'the new namespace');
    expect(summary(watch.events)).toEqual(['ADDED fresh']);
    await watch.close();

    // Two hours of lease renewals and node status writes push the first versions out of the
    // history a watch can resume from.
    server.simulation.run('sleep 2h');
    const old = await openWatch(server, '/api/v1/pods?watch=1&resourceVersion=2');
    await old.until(() => old.ended, 'the end of the stream');
    expect(old.events).toHaveLength(1);
    expect(old.events[0].type).toBe('ERROR');
    expect(old.events[0].object).toMatchObject({ kind: 'Status', code: 410, reason: 'Expired' });
    expect(old.events[0].object.message).toMatch(/^too old resource version: 2 \(\d+\)$/);
  });

  it('sends the initial-events-end bookmark, ends at timeoutSeconds, and bounds the open watches', async () => {
    const server = await serveForTest({ maxWatches: 2 });
    const initial = await openWatch(
      server,
      '/api/v1/nodes?watch=1&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true',
    );
    await initial.until((e) => e.some((x) => x.type === 'BOOKMARK'), 'a bookmark');
    expect(initial.events.filter((e) => e.type === 'ADDED')).toHaveLength(6);
    expect(initial.events[6]).toMatchObject({
      type: 'BOOKMARK',
      object: { kind: 'Node', apiVersion: 'v1', metadata: { annotations: { 'k8s.io/initial-events-end': 'true' } } },
    });
    const short = await openWatch(server, '/api/v1/namespaces?watch=1&timeoutSeconds=1');
    const third = await request(server, 'GET', '/api/v1/pods?watch=1');
    expect([third.status, third.body.reason]).toEqual([429, 'TooManyRequests']);
    await short.until(() => short.ended, 'the timeout');
    await initial.close();
  });

  it('streams Tables for kubectl get -w, the column definitions in the first event only', async () => {
    const server = await serveForTest();
    const watch = await openWatch(server, '/api/v1/namespaces?watch=1', {
      Accept: 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json',
    });
    await watch.until((e) => e.length === 4, 'the namespaces');
    expect(watch.events[0].object.kind).toBe('Table');
    expect(watch.events[0].object.columnDefinitions.map((c: { name: string }) => c.name)).toEqual(['Name', 'Status', 'Age']);
    expect(watch.events[1].object.columnDefinitions).toEqual([]);
    expect(watch.events.map((e) => e.object.rows[0].cells[0])).toEqual([
      'default',
      'kube-node-lease',
      'kube-public',
      'kube-system',
    ]);
    await watch.close();
  });

  it('ends open watches when the cluster is reset', async () => {
    const server = await serveForTest();
    const watch = await openWatch(server, '/api/v1/namespaces?watch=1');
    await watch.until((e) => e.length === 4, 'the namespaces');
    server.simulation.run('kubeplay cluster reset');
    await watch.until(() => watch.ended, 'the end of the stream');
  });
});
