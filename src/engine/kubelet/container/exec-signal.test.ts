import { describe, expect, it } from 'vitest';
import { startProcess } from './process';
import type { ProcessEnv } from './types';

const env: ProcessEnv = { namespace: 'default', podName: 'p', hostname: 'p', env: { MODE: 'test' }, resolve: () => undefined };
const sh = (script: string) => ['sh', '-c', script];

describe('Process.exec', () => {
  it('the docs liveness example: healthy at 5 s, busybox error at 35 s', () => {
    const p = startProcess(sh('touch /tmp/healthy; sleep 30; rm -f /tmp/healthy; sleep 600'), env);
    expect(p.resume(0)).toMatchObject({ kind: 'wait', untilMs: 30_000 });
    expect(p.exec(['cat', '/tmp/healthy'], 5_000, 1000)).toEqual({
      exitCode: 0,
      stdout: '',
      stderr: '',
      durationMs: 0,
      timedOut: false,
    });
    // The kubelet has not resumed the process at 30 s yet: exec catches it up first.
    expect(p.exec(['cat', '/tmp/healthy'], 35_000, 1000)).toEqual({
      exitCode: 1,
      stdout: '',
      stderr: "cat: can't open '/tmp/healthy': No such file or directory\n",
      durationMs: 0,
      timedOut: false,
    });
    expect(p.resume(35_000)).toMatchObject({ kind: 'wait', untilMs: 630_000 });
  });

  it('sleeps take virtual time, bounded by the limit', () => {
    const p = startProcess(['sleep', '3600'], env);
    p.resume(0);
    expect(p.exec(sh('sleep 2; echo done'), 100, 5000)).toMatchObject({
      exitCode: 0,
      stdout: 'done\n',
      durationMs: 2000,
      timedOut: false,
    });
    expect(p.exec(sh('echo before; sleep 10; echo after'), 100, 1000)).toEqual({
      exitCode: -1,
      stdout: 'before\n',
      stderr: '',
      durationMs: 1000,
      timedOut: true,
    });
    expect(p.exec(['sleep', 'infinity'], 100, 3000)).toMatchObject({ timedOut: true, durationMs: 3000 });
    expect(p.exec(sh('while true; do true; done'), 100, 1000)).toMatchObject({ timedOut: true });
  });

  it('sees the container env and filesystem; unknown programs exit 0', () => {
    const p = startProcess(sh('echo ready > /tmp/status; sleep 60'), env);
    p.resume(0);
    expect(p.exec(sh('echo $MODE $(cat /tmp/status)'), 10, 1000).stdout).toBe('test ready\n');
    expect(p.exec(['/usr/sbin/nginx', '-s', 'quit'], 10, 1000)).toMatchObject({ exitCode: 0, durationMs: 0 });
    expect(p.exec(['my-health-check', '--deep'], 10, 1000).exitCode).toBe(0);
    expect(p.exec(sh('exit 3'), 10, 1000).exitCode).toBe(3);
  });

  it('an exited container cannot be exec’d into', () => {
    const p = startProcess(sh('exit 0'), env);
    p.resume(0);
    expect(p.exec(['true'], 10, 1000)).toMatchObject({ notRunning: true, exitCode: -1 });
  });

  it('nginx -s quit stops the container’s nginx shortly after; killall -0 sees it go', () => {
    const p = startProcess(['/docker-entrypoint.sh', 'nginx', '-g', 'daemon off;'], env);
    expect(p.resume(0).kind).toBe('serve');
    expect(p.serving(0)).toMatchObject({ program: 'nginx' });
    // The docs' preStop: quit, then wait until nginx is gone.
    const r = p.exec(sh('nginx -s quit; while killall -0 nginx; do sleep 1; done'), 10_000, 30_000);
    expect(r).toMatchObject({ exitCode: 0, durationMs: 1001 }); // + 1 ms CPU for the last loop test
    expect(p.resume(10_000)).toMatchObject({ kind: 'wait', untilMs: 10_100 });
    expect(p.resume(10_100)).toEqual({ kind: 'exit', code: 0, logs: [] });
  });

  it('redis-cli ping answers PONG while redis runs', () => {
    const p = startProcess(['docker-entrypoint.sh', 'redis-server'], env);
    p.resume(0);
    expect(p.exec(['redis-cli', 'ping'], 5, 1000)).toMatchObject({ exitCode: 0, stdout: 'PONG\n' });
  });
});

describe('Process.signal', () => {
  it('KILL exits at once with 137', () => {
    const p = startProcess(sh('sleep 3600'), env);
    p.resume(0);
    expect(p.signal('KILL', 5000)).toEqual({ kind: 'exits', atMs: 5000, code: 137 });
    expect(p.resume(5000)).toEqual({ kind: 'exit', code: 137, logs: [] });
    expect(p.signal('TERM', 6000)).toEqual({ kind: 'not-running' });
  });

  it.each([
    ['sh -c sleep', sh('sleep 3600')],
    ['bare sleep', ['sleep', '3600']],
    ['busybox sleep', ['busybox', 'sleep', '3600']],
    ['sleep infinity', ['sleep', 'infinity']],
    ['tail -f', ['tail', '-f', '/dev/null']],
    ['a shell waiting on a foreground server', sh('echo start; nginx -g "daemon off;"')],
    ['perl', ['perl', '-Mbignum=bpi', '-wle', 'print bpi(2000)']],
  ])('PID 1 without a handler ignores TERM: %s', (_name, argv) => {
    const p = startProcess(argv, env);
    p.resume(0);
    expect(p.signal('TERM', 1000)).toEqual({ kind: 'ignored' });
  });

  it.each([
    ['nginx', ['/docker-entrypoint.sh', 'nginx', '-g', 'daemon off;'], 0, 100],
    ['httpd', ['httpd-foreground'], 0, 100],
    ['redis', ['docker-entrypoint.sh', 'redis-server'], 0, 100],
    ['pause', ['/pause'], 0, 0],
    ['exec in a shell makes nginx PID 1', sh('echo hi; exec nginx -g "daemon off;"'), 0, 100],
    ['a custom server', ['/app/server', '--port=8080'], 143, 0],
  ])('%s handles TERM', (_name, argv, code, afterMs) => {
    const p = startProcess(argv, env);
    p.resume(0);
    expect(p.signal('TERM', 1000)).toEqual({ kind: 'exits', atMs: 1000 + afterMs, code });
    const step = p.resume(1000);
    if (afterMs > 0) expect(step).toMatchObject({ kind: 'wait', untilMs: 1000 + afterMs });
    expect(p.resume(1000 + afterMs)).toMatchObject({ kind: 'exit', code });
  });

  it('the catalog stop behaviour applies to an unknown image server', () => {
    const p = startProcess([], env, { stopBehavior: { code: 0, afterMs: 2000 } });
    expect(p.resume(0).kind).toBe('serve');
    expect(p.signal('TERM', 10)).toEqual({ kind: 'exits', atMs: 2010, code: 0 });
  });

  it('a trap runs after the foreground sleep ends (the shell waits for its child)', () => {
    const p = startProcess(sh("trap 'echo got TERM; exit 0' TERM; while true; do sleep 5; done"), env);
    p.resume(0);
    expect(p.signal('TERM', 2000)).toEqual({ kind: 'trapped' });
    expect(p.resume(2000)).toMatchObject({ kind: 'wait', untilMs: 5000 });
    expect(p.resume(5000)).toEqual({ kind: 'exit', code: 0, logs: [{ atMs: 5000, stream: 'stdout', text: 'got TERM' }] });
  });

  it('sleep & wait lets the trap run at once', () => {
    const p = startProcess(sh("trap 'echo bye; exit 0' TERM; sleep 3600 & wait"), env);
    expect(p.resume(0)).toMatchObject({ kind: 'wait', untilMs: 3_600_000 });
    expect(p.signal('TERM', 2000)).toEqual({ kind: 'trapped' });
    expect(p.resume(2000)).toEqual({ kind: 'exit', code: 0, logs: [{ atMs: 2000, stream: 'stdout', text: 'bye' }] });
  });

  it('a trap without exit lets the script go on; EXIT traps run at the end', () => {
    const p = startProcess(sh("trap 'echo cleanup' EXIT; trap 'echo term' TERM; sleep 1000 & wait; echo after wait $?"), env);
    p.resume(0);
    p.signal('TERM', 100);
    expect(p.resume(100).logs.map((l) => l.text)).toEqual(['term', 'after wait 143', 'cleanup']);
  });

  it("trap '' TERM ignores it", () => {
    const p = startProcess(sh("trap '' TERM; sleep 100"), env);
    p.resume(0);
    expect(p.signal('TERM', 10)).toEqual({ kind: 'ignored' });
  });

  it('serving() reports listening servers only', () => {
    const nginx = startProcess(['nginx', '-g', 'daemon off;'], env);
    expect(nginx.serving(5)).toEqual({ program: 'nginx', argv: ['nginx', '-g', 'daemon off;'], sinceMs: 5 });
    const sleeper = startProcess(['sleep', 'infinity'], env);
    expect(sleeper.serving(5)).toBeUndefined();
  });
});
