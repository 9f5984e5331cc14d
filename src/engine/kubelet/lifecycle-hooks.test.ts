import { describe, expect, it } from 'vitest';
import { startProcess } from './container/process';
import type { Process, ProcessEnv } from './container/types';
import { runHook, type HookContext } from './lifecycle-hooks';

const env: ProcessEnv = { namespace: 'default', podName: 'web', hostname: 'web', env: {}, resolve: () => undefined };
const IP = '10.244.1.5';

function started(argv: string[]): Process {
  const p = startProcess(argv, env);
  p.resume(0);
  return p;
}

const ctx = (process: Process | undefined): HookContext => ({
  process,
  podIP: IP,
  container: { name: 'app', ports: [{ name: 'web', containerPort: 80 }] },
  pod: { metadata: { name: 'web', namespace: 'default', uid: 'u-1' } },
});

describe('runHook', () => {
  it('exec preStop `nginx -s quit` succeeds at once and stops nginx', () => {
    const p = started(['nginx', '-g', 'daemon off;']);
    expect(runHook({ exec: { command: ['/usr/sbin/nginx', '-s', 'quit'] } }, ctx(p), 1000, 30_000)).toEqual({
      ok: true,
      durationMs: 0,
      message: '',
      timedOut: false,
    });
    expect(p.resume(1100)).toMatchObject({ kind: 'exit', code: 0 });
  });

  it('exec failure message as the handler runner formats it', () => {
    const p = started(['sh', '-c', 'sleep 3600']);
    const r = runHook({ exec: { command: ['sh', '-c', 'echo no; cat /nope'] } }, ctx(p), 1000, 30_000);
    expect(r.ok).toBe(false);
    expect(r.message).toBe(
      `Exec lifecycle hook ([sh -c echo no; cat /nope]) for Container "app" in Pod "web_default(u-1)" failed - error: ` +
        `command 'sh -c echo no; cat /nope' exited with 1: cat: can't open '/nope': No such file or directory\n, ` +
        `message: "no\\ncat: can't open '/nope': No such file or directory\\n"`,
    );
  });

  it('a long exec preStop is cut at the limit without failing', () => {
    const p = started(['sh', '-c', 'sleep 3600']);
    expect(runHook({ exec: { command: ['sh', '-c', 'sleep 60'] } }, ctx(p), 0, 30_000)).toEqual({
      ok: true,
      durationMs: 30_000,
      message: '',
      timedOut: true,
    });
    expect(runHook({ exec: { command: ['sh', '-c', 'sleep 5'] } }, ctx(p), 0, 30_000)).toMatchObject({
      ok: true,
      durationMs: 5000,
    });
  });

  it('sleep handler', () => {
    expect(runHook({ sleep: { seconds: 5 } }, ctx(undefined), 0, 30_000)).toEqual({
      ok: true,
      durationMs: 5000,
      message: '',
      timedOut: false,
    });
    expect(runHook({ sleep: { seconds: 50 } }, ctx(undefined), 0, 30_000)).toMatchObject({ durationMs: 30_000, timedOut: true });
  });

  it('httpGet: refused is a failure, any status is fine', () => {
    const p = started(['nginx', '-g', 'daemon off;']);
    expect(runHook({ httpGet: { path: '/shutdown', port: 'web' } }, ctx(p), 0, 30_000)).toMatchObject({ ok: true }); // a 404
    const r = runHook({ httpGet: { path: '/shutdown', port: 8080 } }, ctx(p), 0, 30_000);
    expect(r).toMatchObject({ ok: false });
    expect(r.message).toBe(
      `HTTP lifecycle hook (/shutdown) for Container "app" in Pod "web_default(u-1)" failed - error: ` +
        `Get "http://${IP}:8080/shutdown": dial tcp ${IP}:8080: connect: connection refused`,
    );
  });

  it('tcpSocket cannot run', () => {
    const r = runHook({ tcpSocket: { port: 8080 } }, ctx(undefined), 0, 30_000);
    expect(r.ok).toBe(false);
    expect(r.message).toMatch(
      /^Cannot run handler: invalid handler: &LifecycleHandler\{Exec:nil,HTTPGet:nil,TCPSocket:&TCPSocketAction/,
    );
  });
});
