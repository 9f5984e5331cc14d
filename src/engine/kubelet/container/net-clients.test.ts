import { describe, expect, it } from 'vitest';
import { startProcess } from './process';
import type { Connection, LogLine, ProcessEnv } from './types';

const PAGE = 'hello\n';

/** 10.0.0.1:80 serves PAGE (and 404 elsewhere), 10.0.0.2 refuses, anything else never answers. */
function connect(ip: string, port: number): Connection {
  if (ip === '10.0.0.1' && port === 80)
    return { kind: 'open', get: (path) => (path === '/' ? { status: 200, body: PAGE } : { status: 404, body: '' }) };
  if (ip === '10.0.0.2') return { kind: 'refused' };
  return { kind: 'timeout' };
}

function env(image: string): ProcessEnv {
  return {
    namespace: 'default',
    podName: 'client',
    hostname: 'client',
    env: {},
    image,
    resolve: (q) => (q === 'web' ? { fqdn: 'web.default.svc.cluster.local', addresses: [{ ip: '10.0.0.1' }] } : undefined),
    connect,
  };
}

/** Runs a script to its end; returns each log line with its time and stream. */
function run(script: string, image = 'busybox:1.28'): { code: number; logs: LogLine[] } {
  const p = startProcess(['sh', '-c', script], env(image));
  const logs: LogLine[] = [];
  let now = 0;
  for (;;) {
    const step = p.resume(now);
    logs.push(...step.logs);
    if (step.kind === 'exit') return { code: step.code, logs };
    if (step.kind !== 'wait') throw new Error('unexpected serve');
    now = step.untilMs;
  }
}

const lines = (r: { logs: LogLine[] }) => r.logs.map((l) => `${l.stream}@${l.atMs}: ${l.text}`);

describe('busybox wget', () => {
  it.each<[string, string, string[], number]>([
    ['page to stdout, quiet', 'wget -qO- web', ['stdout@0: hello'], 0],
    [
      'busybox 1.28 progress',
      'wget -O- http://web/',
      [
        'stderr@0: Connecting to web (10.0.0.1:80)',
        'stdout@0: hello',
        'stderr@0: -                    100% |*******************************|     6   0:00:00 ETA',
      ],
      0,
    ],
    ['refused', 'wget -q -O- 10.0.0.2', ["stderr@0: wget: can't connect to remote host (10.0.0.2): Connection refused"], 1],
    [
      'timeout with --timeout',
      'wget --spider --timeout=1 10.0.0.9',
      ['stderr@0: Connecting to 10.0.0.9 (10.0.0.9:80)', 'stderr@1000: wget: download timed out'],
      1,
    ],
    [
      'the kernel gives up first',
      'wget -q 10.0.0.9',
      ["stderr@127000: wget: can't connect to remote host (10.0.0.9): Connection timed out"],
      1,
    ],
    ['unknown name', 'wget -q -O- nope', ["stderr@0: wget: bad address 'nope'"], 1],
    ['HTTP error', 'wget -q -O- web/x', ['stderr@0: wget: server returned error: HTTP/1.1 404 Not Found'], 1],
    ['spider', 'wget --spider web', ['stderr@0: Connecting to web (10.0.0.1:80)', 'stderr@0: remote file exists'], 0],
  ])('%s', (_name, script, expected, code) => {
    const r = run(`${script}; exit $?`);
    expect(lines(r)).toEqual(expected);
    expect(r.code).toBe(code);
  });

  it('current busybox says where it writes', () => {
    expect(lines(run('wget -O- web', 'busybox:1.36'))).toEqual([
      'stderr@0: Connecting to web (10.0.0.1:80)',
      'stderr@0: writing to stdout',
      'stdout@0: hello',
      'stderr@0: -                    100% |********************************|     6  0:00:00 ETA',
      'stderr@0: written to stdout',
    ]);
  });

  it('saves index.html and refuses to overwrite it', () => {
    const r = run('wget -q web; cat index.html; wget -q web; echo $?');
    expect(lines(r)).toEqual(['stdout@0: hello', "stderr@0: wget: can't open 'index.html': File exists", 'stdout@0: 1']);
  });
});

describe('busybox nc', () => {
  it('exits 0 on an open port, 1 on a refused one and after -w on silence', () => {
    const r = run('nc -z web 80; echo $?; nc -z 10.0.0.2 80; echo $?; nc -z -w 2 10.0.0.9 80; echo $?');
    expect(lines(r)).toEqual(['stdout@0: 0', 'stdout@0: 1', 'stdout@2000: 1']);
  });
});

describe('curl', () => {
  it.each<[string, string, string[], number]>([
    ['page', 'curl -s http://web/', ['stdout@0: hello'], 0],
    [
      'refused',
      'curl -sS 10.0.0.2',
      ["stderr@0: curl: (7) Failed to connect to 10.0.0.2 port 80 after 0 ms: Couldn't connect to server"],
      7,
    ],
    ['silent hides errors', 'curl -s 10.0.0.2', [], 7],
    ['unresolved', 'curl -sS http://nope/', ['stderr@0: curl: (6) Could not resolve host: nope'], 6],
    [
      'connect timeout',
      'curl -sS --connect-timeout 3 10.0.0.9',
      ['stderr@3000: curl: (28) Failed to connect to 10.0.0.9 port 80 after 3001 ms: Timeout was reached'],
      28,
    ],
    ['max time', 'curl -sS -m 2 10.0.0.9', ['stderr@2000: curl: (28) Connection timed out after 2001 milliseconds'], 28],
    ['--fail', 'curl -sSf web/x', ['stderr@0: curl: (22) The requested URL returned error: 404'], 22],
  ])('%s', (_name, script, expected, code) => {
    const r = run(`${script}; exit $?`, 'nginx:1.14.2');
    expect(lines(r)).toEqual(expected);
    expect(r.code).toBe(code);
  });

  it('is not in busybox, and wget is not in the nginx image', () => {
    expect(lines(run('curl web; echo $?'))).toEqual(['stderr@0: sh: curl: not found', 'stdout@0: 127']);
    expect(lines(run('wget web; echo $?', 'nginx:1.14.2'))).toEqual(['stderr@0: sh: 1: wget: not found', 'stdout@0: 127']);
  });
});
