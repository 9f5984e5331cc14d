// kubectl logs against a fake kubelet: container defaulting, the server's and client's errors,
// filters (--tail, --since, --timestamps, --prefix, --limit-bytes), selectors and -f streaming.

import { describe, expect, it } from 'vitest';
import { harness } from './pod-commands-testing';

const line = (atMs: number, text: string, stream: 'stdout' | 'stderr' = 'stdout') => ({ atMs, stream, text });

function withPods(options: { kubelets?: boolean } = {}) {
  const h = harness(options);
  h.pod('web', {
    nodeName: 'node-a1',
    initContainers: [{ name: 'init', image: 'busybox' }],
    containers: [
      { name: 'nginx', image: 'nginx' },
      { name: 'sidecar', image: 'busybox' },
    ],
  });
  h.pod(
    'solo',
    { nodeName: 'node-a1', containers: [{ name: 'app', image: 'busybox' }] },
    { metadata: { labels: { app: 'solo' } } },
  );
  h.kubelet.set('web', 'init', { lines: [line(1000, 'init done')], running: false });
  h.kubelet.set('web', 'nginx', { lines: [line(2000, 'nginx 1'), line(2500, 'nginx 2')], running: true });
  h.kubelet.set('web', 'sidecar', { lines: [line(3000, 'side')], running: true });
  h.kubelet.set('solo', 'app', {
    lines: [line(1000, 'one'), line(61_000, 'two'), line(62_345, 'three')],
    running: true,
  });
  h.kubelet.set('solo', 'app', { lines: [line(500, 'crashed before')], running: false }, true);
  h.clock.advance(120_000);
  return h;
}

const ok = (stdout: string, stderr = '') => ({ code: 0, stdout, stderr });
const fail = (stderr: string, stdout = '') => ({ code: 1, stdout, stderr });

describe('kubectl logs', () => {
  it('prints a single-container pod log, whole', () => {
    expect(withPods().run('kubectl logs solo')).toEqual(ok('one\ntwo\nthree\n'));
  });

  it('defaults to the first container of several, saying so on stderr', () => {
    const h = withPods();
    expect(h.run('kubectl logs web')).toEqual(
      ok('nginx 1\nnginx 2\n', 'Defaulted container "nginx" out of: nginx, sidecar, init (init)\n'),
    );
    expect(h.run('kubectl logs web -c sidecar')).toEqual(ok('side\n'));
    expect(h.run('kubectl logs web init')).toEqual(ok('init done\n'));
  });

  it('uses the default-container annotation, and says when it names no container', () => {
    const h = withPods();
    h.pod(
      'annotated',
      {
        nodeName: 'node-a1',
        containers: [
          { name: 'a', image: 'x' },
          { name: 'b', image: 'x' },
        ],
      },
      { metadata: { annotations: { 'kubectl.kubernetes.io/default-container': 'b' } } },
    );
    h.kubelet.set('annotated', 'b', { lines: [line(1, 'from b')], running: true });
    h.kubelet.set('annotated', 'a', { lines: [line(1, 'from a')], running: true });
    expect(h.run('kubectl logs annotated')).toEqual(ok('from b\n'));
    h.pod(
      'wrong',
      {
        nodeName: 'node-a1',
        containers: [
          { name: 'a', image: 'x' },
          { name: 'b', image: 'x' },
        ],
      },
      { metadata: { annotations: { 'kubectl.kubernetes.io/default-container': 'zz' } } },
    );
    h.kubelet.set('wrong', 'a', { lines: [line(1, 'from a')], running: true });
    expect(h.run('kubectl logs wrong')).toEqual(
      ok('from a\n', 'Default container name "zz" not found in pod wrong\nDefaulted container "a" out of: a, b\n'),
    );
  });

  it('--all-containers reads init, regular then ephemeral containers; --prefix names them', () => {
    const h = withPods();
    expect(h.run('kubectl logs web --all-containers --prefix')).toEqual(
      ok('[pod/web/init] init done\n[pod/web/nginx] nginx 1\n[pod/web/nginx] nginx 2\n[pod/web/sidecar] side\n'),
    );
  });

  it('filters like the kubelet: --tail, --since, --since-time, --limit-bytes, --timestamps', () => {
    const h = withPods();
    expect(h.run('kubectl logs solo --tail=2')).toEqual(ok('two\nthree\n'));
    expect(h.run('kubectl logs solo --tail=0')).toEqual(ok(''));
    expect(h.run('kubectl logs solo --since=1m')).toEqual(ok('two\nthree\n'));
    expect(h.run('kubectl logs solo --since-time=2026-01-01T00:01:02Z')).toEqual(ok('three\n'));
    expect(h.run('kubectl logs solo --limit-bytes=6')).toEqual(ok('one\ntw'));
    expect(h.run('kubectl logs solo --timestamps --tail=2')).toEqual(
      ok('2026-01-01T00:01:01Z two\n2026-01-01T00:01:02.345Z three\n'),
    );
  });

  it('-p reads the previous instance', () => {
    const h = withPods();
    expect(h.run('kubectl logs -p solo')).toEqual(ok('crashed before\n'));
    expect(h.kubelet.requests.at(-1)).toEqual({ namespace: 'default', pod: 'solo', container: 'app', previous: true });
  });

  it('-l reads every matching pod with a tail of 10; none found is said on stderr', () => {
    const h = withPods();
    expect(h.run('kubectl logs -l app=solo --tail=1')).toEqual(ok('three\n'));
    expect(h.run('kubectl logs -l app=none')).toEqual(ok('', 'No resources found in default namespace.\n'));
  });

  it('reports the errors kubectl and the API server report', () => {
    const h = withPods();
    expect(h.run('kubectl logs nope')).toEqual(
      fail('error: error from server (NotFound): pods "nope" not found in namespace "default"\n'),
    );
    expect(h.run('kubectl logs web -c nope')).toEqual(
      fail('error: container nope is not valid for pod web out of: nginx, sidecar, init (init)\n'),
    );
    h.pod('new', { nodeName: 'node-a1', containers: [{ name: 'c', image: 'nginx' }] });
    expect(h.run('kubectl logs new')).toEqual(
      fail('Error from server (BadRequest): container "c" in pod "new" is waiting to start: ContainerCreating\n'),
    );
    expect(h.run('kubectl logs')).toEqual(
      fail(
        "error: expected 'logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER]'.\nPOD or TYPE/NAME is a required argument for the logs command\nSee 'kubectl logs -h' for help and examples\n",
      ),
    );
    expect(h.run('kubectl logs web -l app=x')).toEqual(
      fail("error: only a selector (-l) or a POD name is allowed\nSee 'kubectl logs -h' for help and examples\n"),
    );
    expect(h.run('kubectl logs web -c a b')).toEqual(fail('error: only one of -c or an inline [CONTAINER] arg is allowed\n'));
    expect(h.run('kubectl logs web --all-containers -c nginx')).toEqual(
      fail('error: --all-containers=true should not be specified with container name nginx\n'),
    );
    expect(h.run('kubectl logs web --tail=-2')).toEqual(fail('error: --tail must be greater than or equal to -1\n'));
    expect(h.run('kubectl logs web --since=abc')).toEqual(
      fail(
        `Error: invalid argument "abc" for "--since" flag: time: invalid duration "abc"\nSee 'kubectl logs --help' for usage.\n`,
      ),
    );
    expect(h.run('kubectl logs web --since=1h --since-time=2026-01-01T00:00:00Z')).toEqual(
      fail('error: at most one of `sinceTime` or `sinceSeconds` may be specified\n'),
    );
    expect(h.run('kubectl logs node/node-a1')).toEqual(fail('error: error from server (NotFound): nodes "node-a1" not found\n'));
  });

  it('TYPE/NAME reads the first pod its selector picks, saying how many it found', () => {
    const h = withPods();
    const svcDef = h.env.registry.forObject('v1', 'Service');
    if (!svcDef) return;
    h.pod('solo-pending', { containers: [{ name: 'app', image: 'busybox' }] }, { metadata: { labels: { app: 'solo' } } });
    h.env.api.create({
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'solo' },
      spec: { selector: { app: 'solo' }, ports: [{ port: 80 }] },
    });
    // The scheduled pod sorts first.
    expect(h.run('kubectl logs svc/solo --tail=1')).toEqual(ok('three\n', 'Found 2 pods, using pod/solo\n'));
    h.env.api.create({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'none' }, spec: { ports: [{ port: 80 }] } });
    expect(h.run('kubectl logs svc/none')).toEqual(
      fail("error: cannot get the logs from *v1.Service: invalid service 'none': Service is defined without a selector\n"),
    );
  });

  it('an unscheduled pod has no log yet (an empty answer)', () => {
    const h = withPods();
    h.pod('pending', { containers: [{ name: 'c', image: 'nginx' }] });
    expect(h.run('kubectl logs pending')).toEqual(ok(''));
  });

  it('without a reachable kubelet, fails as the API server proxy does', () => {
    const h = withPods({ kubelets: false });
    h.setStatus('solo', { hostIP: '172.18.0.2' });
    expect(h.run('kubectl logs solo')).toEqual(
      fail(
        'Error from server: Get "https://172.18.0.2:10250/containerLogs/default/solo/app": dial tcp 172.18.0.2:10250: connect: connection refused\n',
      ),
    );
  });

  it('-f prints what the container writes next, until it exits or the stream stops', () => {
    const h = withPods();
    expect(h.run('kubectl logs -f solo --tail=1 --timestamps')).toEqual(ok('2026-01-01T00:01:02.345Z three\n'));
    h.kubelet.emit('solo', 'app', line(125_000, 'four'));
    expect(h.drain()).toEqual({ stdout: '2026-01-01T00:02:05Z four\n', stderr: '' });
    h.kubelet.end('solo', 'app');
    expect(h.kubelet.followerCount('solo', 'app')).toBe(0);
    h.kubelet.emit('solo', 'app', line(126_000, 'after exit'));
    expect(h.drain()).toEqual({ stdout: '', stderr: '' });

    h.run('kubectl logs -f solo --tail=0');
    h.interrupt();
    expect(h.kubelet.followerCount('solo', 'app')).toBe(0);
  });

  it('-f follows several containers with prefixes, within --max-log-requests', () => {
    const h = withPods();
    expect(h.run('kubectl logs -f web --all-containers --max-log-requests=2')).toEqual(
      fail(
        'error: you are attempting to follow 3 log streams, but maximum allowed concurrency is 2, use --max-log-requests to increase the limit\n',
      ),
    );
    expect(h.run('kubectl logs -f web --all-containers --prefix --tail=0')).toEqual(ok(''));
    h.kubelet.emit('web', 'sidecar', line(130_000, 'side 2'));
    h.kubelet.emit('web', 'nginx', line(130_000, 'nginx 3'));
    expect(h.drain().stdout).toBe('[pod/web/sidecar] side 2\n[pod/web/nginx] nginx 3\n');
  });
});
