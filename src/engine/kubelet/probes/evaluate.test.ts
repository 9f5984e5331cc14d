import { describe, expect, it } from 'vitest';
import { startProcess } from '../container/process';
import type { Process, ProcessEnv } from '../container/types';
import { evaluateProbe, expandStatic, type ProbeContext, type ProbeSpec } from './evaluate';

const env: ProcessEnv = { namespace: 'default', podName: 'p', hostname: 'p', env: {}, resolve: () => undefined };
const IP = '10.244.1.5';

function started(argv: string[], at = 0): Process {
  const p = startProcess(argv, env);
  p.resume(at);
  return p;
}

const ctx = (process: Process | undefined, over: Partial<ProbeContext> = {}): ProbeContext => ({
  process,
  podIP: IP,
  container: { name: 'app' },
  nowMs: 1000,
  ...over,
});

describe('exec probes', () => {
  it('the liveness-exec tutorial: success at 5 s, busybox message at 35 s', () => {
    const p = started(['sh', '-c', 'touch /tmp/healthy; sleep 30; rm -f /tmp/healthy; sleep 600']);
    const probe: ProbeSpec = { exec: { command: ['cat', '/tmp/healthy'] }, timeoutSeconds: 1 };
    expect(evaluateProbe(probe, ctx(p, { nowMs: 5000 }))).toEqual({ result: 'success', output: '', durationMs: 0 });
    expect(evaluateProbe(probe, ctx(p, { nowMs: 35_000 }))).toEqual({
      result: 'failure',
      output: "cat: can't open '/tmp/healthy': No such file or directory\n",
      durationMs: 0,
    });
  });

  it('times out with the runtime message', () => {
    const p = started(['sleep', '3600']);
    expect(evaluateProbe({ exec: { command: ['sh', '-c', 'sleep 5'] }, timeoutSeconds: 2 }, ctx(p))).toEqual({
      result: 'failure',
      output: 'command "sh -c sleep 5" timed out',
      durationMs: 2000,
    });
  });

  it('expands $(VAR) from literal env values', () => {
    expect(expandStatic(['cat', '$(DIR)/x', '$$(DIR)', '$(NOPE)'], [{ name: 'DIR', value: '/tmp' }])).toEqual([
      'cat',
      '/tmp/x',
      '$(DIR)',
      '$(NOPE)',
    ]);
  });

  it('a container that is not running errors', () => {
    expect(evaluateProbe({ exec: { command: ['true'] } }, ctx(undefined))).toMatchObject({ result: 'failure', errored: true });
  });
});

describe('httpGet probes', () => {
  const nginx = () => started(['/docker-entrypoint.sh', 'nginx', '-g', 'daemon off;']);

  it('nginx on port 80 path / → success; other paths 404', () => {
    expect(evaluateProbe({ httpGet: { path: '/', port: 80 } }, ctx(nginx()))).toEqual({ result: 'success', output: '' });
    expect(evaluateProbe({ httpGet: { path: '/healthz', port: 80 } }, ctx(nginx()))).toEqual({
      result: 'failure',
      output: 'HTTP probe failed with statuscode: 404',
    });
  });

  it('a wrong port is refused with the Go client error', () => {
    expect(evaluateProbe({ httpGet: { path: '/healthz', port: 8080, scheme: 'HTTP' } }, ctx(nginx()))).toEqual({
      result: 'failure',
      output: `Get "http://${IP}:8080/healthz": dial tcp ${IP}:8080: connect: connection refused`,
    });
  });

  it('a shell that only sleeps listens on nothing', () => {
    const p = started(['sh', '-c', 'sleep 3600']);
    expect(evaluateProbe({ httpGet: { path: '/', port: 80 } }, ctx(p)).output).toContain('connect: connection refused');
  });

  it('named ports resolve against the container; unknown names error', () => {
    const c = { name: 'app', ports: [{ name: 'web', containerPort: 80 }] };
    expect(evaluateProbe({ httpGet: { path: '/', port: 'web' } }, ctx(nginx(), { container: c })).result).toBe('success');
    expect(evaluateProbe({ httpGet: { path: '/', port: 'http' } }, ctx(nginx(), { container: c }))).toEqual({
      result: 'failure',
      output: 'port "http" not found',
      errored: true,
    });
    expect(evaluateProbe({ tcpSocket: { port: 0 } }, ctx(nginx()))).toMatchObject({
      output: 'invalid port number: 0',
      errored: true,
    });
  });

  it('the liveness-http tutorial (agnhost liveness): 200 for 10 s, then 500', () => {
    const p = started(['/agnhost', 'liveness'], 0);
    const probe: ProbeSpec = { httpGet: { path: '/healthz', port: 8080 } };
    expect(evaluateProbe(probe, ctx(p, { nowMs: 3000 })).result).toBe('success');
    expect(evaluateProbe(probe, ctx(p, { nowMs: 12_000 }))).toEqual({
      result: 'failure',
      output: 'HTTP probe failed with statuscode: 500',
    });
  });

  it('custom servers answer 200 on declared ports, or any port when none is known', () => {
    const p = started(['/app/server']);
    expect(evaluateProbe({ httpGet: { path: '/ready', port: 9000 } }, ctx(p)).result).toBe('success');
    const c = { name: 'app', ports: [{ containerPort: 8080 }] };
    expect(evaluateProbe({ httpGet: { path: '/ready', port: 9000 } }, ctx(p, { container: c })).result).toBe('failure');
    expect(evaluateProbe({ httpGet: { path: '/ready', port: 8080 } }, ctx(p, { container: c })).result).toBe('success');
  });

  it('https to a plain HTTP server fails', () => {
    expect(evaluateProbe({ httpGet: { path: '/', port: 80, scheme: 'HTTPS' } }, ctx(nginx())).output).toBe(
      `Get "https://${IP}:80/": http: server gave HTTP response to HTTPS client`,
    );
  });
});

describe('tcpSocket and grpc probes', () => {
  it('tcp: redis accepts 6379, refuses 3306', () => {
    const p = started(['docker-entrypoint.sh', 'redis-server']);
    expect(evaluateProbe({ tcpSocket: { port: 6379 } }, ctx(p))).toEqual({ result: 'success', output: '' });
    expect(evaluateProbe({ tcpSocket: { port: 3306 } }, ctx(p))).toEqual({
      result: 'failure',
      output: `dial tcp ${IP}:3306: connect: connection refused`,
    });
  });

  it('grpc: a refused dial times out', () => {
    const p = started(['sh', '-c', 'sleep 100']);
    expect(evaluateProbe({ grpc: { port: 2379 }, timeoutSeconds: 1 }, ctx(p))).toEqual({
      result: 'failure',
      output: `timeout: failed to connect service "${IP}:2379" within 1s: context deadline exceeded`,
    });
    expect(evaluateProbe({ grpc: { port: 2379 } }, ctx(started(['/usr/local/bin/etcd'])))).toEqual({
      result: 'success',
      output: 'service healthy',
    });
  });
});

describe('forced failures (teaching overrides)', () => {
  const p = () => started(['nginx', '-g', 'daemon off;']);
  it.each<[string, ProbeSpec, string]>([
    ['http', { httpGet: { path: '/', port: 80 } }, 'HTTP probe failed with statuscode: 503'],
    ['tcp', { tcpSocket: { port: 80 } }, `dial tcp ${IP}:80: connect: connection refused`],
    ['exec', { exec: { command: ['true'] } }, ''],
    ['grpc', { grpc: { port: 80 } }, 'service unhealthy (responded with "NOT_SERVING")'],
  ])('%s', (_n, probe, output) => {
    expect(evaluateProbe(probe, ctx(p(), { forcedFailure: 'readiness' }))).toEqual({ result: 'failure', output });
  });
});
