import { describe, expect, it } from 'vitest';
import { startProcess } from './process';
import { ContainerFS, NAMESPACE_FILE, normalizePath } from './fs';
import type { LogLine, ProcessEnv, Step } from './types';

const env: ProcessEnv = { namespace: 'team-a', podName: 'web-0', hostname: 'web-0', env: {}, resolve: () => undefined };

function run(script: string, files?: Record<string, string>): { lines: string[]; logs: LogLine[]; final: Step } {
  const p = startProcess(['sh', '-c', script], env, { files });
  const logs: LogLine[] = [];
  let now = 0;
  for (;;) {
    const step = p.resume(now);
    logs.push(...step.logs);
    if (step.kind !== 'wait' || step.untilMs > 100_000) return { lines: logs.map((l) => l.text), logs, final: step };
    now = step.untilMs;
  }
}

describe('ContainerFS', () => {
  it('is pre-populated with the service-account namespace, hostname and resolv.conf', () => {
    const fs = new ContainerFS({ namespace: 'team-a', hostname: 'web-0' });
    expect(fs.read(NAMESPACE_FILE)).toEqual({ ok: true, content: 'team-a' });
    expect(fs.read('/etc/hostname')).toEqual({ ok: true, content: 'web-0\n' });
    expect(fs.kind('/tmp')).toBe('dir');
    expect(fs.read('/etc/resolv.conf')).toMatchObject({
      ok: true,
      content: expect.stringContaining('search team-a.svc.cluster.local'),
    });
  });

  it('normalises paths', () => {
    expect(normalizePath('tmp//a/./b/../c')).toBe('/tmp/a/c');
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('/a/.b/c..')).toBe('/a/.b/c..');
    expect(normalizePath('/a/../b/')).toBe('/b');
    expect(normalizePath('/a/.')).toBe('/a');
    expect(normalizePath('/..')).toBe('/');
    expect(normalizePath('a')).toBe('/a');
  });

  it('mkdir -p, write, remove -r', () => {
    const fs = new ContainerFS({ namespace: 'x', hostname: 'h' });
    expect(fs.write('/a/b', 'x', false)).toBe('No such file or directory');
    expect(fs.mkdir('/a/b/c', false)).toBe('No such file or directory');
    expect(fs.mkdir('/a/b/c', true)).toBeUndefined();
    expect(fs.write('/a/b/c/f', 'x', false)).toBeUndefined();
    expect(fs.remove('/a', false)).toBe('Is a directory');
    expect(fs.remove('/a', true)).toBeUndefined();
    expect(fs.kind('/a/b/c/f')).toBeUndefined();
  });

  it('mounts extra files', () => {
    const fs = new ContainerFS({ namespace: 'x', hostname: 'h', files: { '/etc/config/app.conf': 'k=v\n' } });
    expect(fs.list('/etc/config')).toEqual(['app.conf']);
  });
});

describe('filesystem commands', () => {
  it.each<[string, string[], number]>([
    ['touch /tmp/healthy; cat /tmp/healthy; echo rc=$?', ['rc=0'], 0],
    ['cat /tmp/healthy', ["cat: can't open '/tmp/healthy': No such file or directory"], 1],
    ['echo hello > /tmp/a; echo world >> /tmp/a; cat /tmp/a', ['hello', 'world'], 0],
    ['echo first > /tmp/a; echo second > /tmp/a; cat /tmp/a', ['second'], 0],
    ['rm /tmp/nope', ["rm: can't remove '/tmp/nope': No such file or directory"], 1],
    ['rm -f /tmp/nope', [], 0],
    ['mkdir /tmp; echo $?', ["mkdir: can't create directory '/tmp': File exists", '1'], 0],
    ['mkdir -p /data/x/y && touch /data/x/y/z && ls /data/x/y', ['z'], 0],
    ['mkdir /data', [], 0],
    ['rm /tmp', ["rm: '/tmp' is a directory"], 1],
    ['mkdir -p /d/e; rm -r /d; ls /d', ['ls: /d: No such file or directory'], 1],
    ['touch /tmp/x; if [ -f /tmp/x ]; then echo file; fi; test -d /tmp && echo dir', ['file', 'dir'], 0],
    ['test -e /tmp/none || echo absent; [ -s /tmp/none ]', ['absent'], 1],
    ['ls /var/run/secrets/kubernetes.io/serviceaccount', ['namespace'], 0],
    ['cat /nope 2>&1 > /dev/null', ["cat: can't open '/nope': No such file or directory"], 1],
    ['cat /nope > /dev/null 2>&1; echo $?', ['1'], 0],
    ['cat /nope 2> /tmp/err; cat /tmp/err', ["cat: can't open '/nope': No such file or directory"], 0],
    ['echo oops >&2', ['oops'], 0],
    ['echo x > /no/such/dir', ["sh: can't create /no/such/dir: nonexistent directory"], 1],
    ['echo $(cat /etc/hostname)-$(cat /var/run/secrets/kubernetes.io/serviceaccount/namespace)', ['web-0-team-a'], 0],
    ['touch /a/b', ['touch: /a/b: No such file or directory'], 1],
    ['sh /scripts/run.sh', ['from a configmap'], 0],
    ['. /scripts/run.sh', ['from a configmap'], 0],
  ])('%s', (script, lines, code) => {
    const r = run(script, { '/scripts/run.sh': 'echo from a configmap\n' });
    expect(r.lines).toEqual(lines);
    expect(r.final).toMatchObject({ kind: 'exit', code });
  });

  it('stderr redirected to stdout is tagged stdout', () => {
    const r = run('cat /nope 2>&1');
    expect(r.logs[0].stream).toBe('stdout');
  });

  it('each process instance gets a fresh filesystem', () => {
    const a = startProcess(['sh', '-c', 'touch /tmp/healthy; sleep 100'], env);
    a.resume(0);
    expect(a.exec(['cat', '/tmp/healthy'], 10, 1000).exitCode).toBe(0);
    const b = startProcess(['sh', '-c', 'sleep 100'], env);
    b.resume(0);
    expect(b.exec(['cat', '/tmp/healthy'], 10, 1000).exitCode).toBe(1);
  });
});
