import { describe, expect, it } from 'vitest';
import { piDigits } from './pi';
import { MAX_LOG_LINES_PER_SECOND, startProcess } from './process';
import { formatDate } from './builtins';
import { ClusterDns } from '../dns/cluster-dns';
import type { KObject } from '../../../k8s/types';
import type { LogLine, ProcessEnv, Step } from './types';

const NS_FILE = '/var/run/secrets/kubernetes.io/serviceaccount/namespace';

function makeEnv(over: Partial<ProcessEnv> = {}): ProcessEnv {
  return {
    namespace: 'default',
    podName: 'myapp-pod',
    hostname: 'myapp-pod',
    env: {},
    resolve: () => undefined,
    ...over,
  };
}

interface Run {
  final: Step;
  logs: LogLine[];
  waits: number[];
  lines: string[];
}

/** Drives a process like the kubelet: resume at t=start, then at each wait's untilMs. */
function run(argv: string[], env: ProcessEnv = makeEnv(), startMs = 0, untilMs = 100_000): Run {
  const p = startProcess(argv, env);
  const logs: LogLine[] = [];
  const waits: number[] = [];
  let now = startMs;
  for (;;) {
    const step = p.resume(now);
    logs.push(...step.logs);
    if (step.kind !== 'wait' || step.untilMs > untilMs) {
      return { final: step, logs, waits, lines: logs.map((l) => l.text) };
    }
    waits.push(step.untilMs);
    now = step.untilMs;
  }
}

const sh = (script: string) => ['sh', '-c', script];

describe('docs examples', () => {
  it.each<[string, string[], string[], number | 'serve' | 'wait']>([
    ['echo && sleep', sh('echo The app is running! && sleep 3600'), ['The app is running!'], 'wait'],
    ['exit 1', sh('exit 1'), [], 1],
    ['busybox sleep', ['busybox', 'sleep', '3600'], [], 'wait'],
    ['countdown', sh('for i in 9 8 7 6 5 4 3 2 1 ; do echo $i ; done'), ['9', '8', '7', '6', '5', '4', '3', '2', '1'], 0],
    ['brace range', ['bash', '-c', 'for i in {1..3}; do echo "n=$i"; done'], ['n=1', 'n=2', 'n=3'], 0],
    ['true', ['true'], [], 0],
    ['false', sh('false'), [], 1],
    ['nginx', ['nginx', '-g', 'daemon off;'], [], 'serve'],
    ['unknown program in sh', sh('echo starting; redis-server'), ['starting'], 'serve'],
    ['busybox default shell', ['sh'], [], 0],
    ['sleep 5m suffix', sh('sleep 5m; echo done'), ['done'], 0],
    ['exit code of last command', sh('true; false'), [], 1],
    ['|| fallback', sh('false || echo recovered'), ['recovered'], 0],
    ['exit 300 wraps', sh('exit 300'), [], 44],
  ])('%s', (_name, argv, lines, outcome) => {
    const r = run(argv, makeEnv(), 0, 1_000_000);
    expect(r.lines).toEqual(lines);
    if (outcome === 'serve' || outcome === 'wait') expect(r.final.kind).toBe(outcome);
    else expect(r.final).toMatchObject({ kind: 'exit', code: outcome });
  });

  it('echo && sleep 3600: logs at start, waits an hour, then exits 0', () => {
    const p = startProcess(sh('echo "Hello, Kubernetes!" && sleep 3600'), makeEnv());
    expect(p.resume(5000)).toEqual({
      kind: 'wait',
      untilMs: 3_605_000,
      logs: [{ atMs: 5000, stream: 'stdout', text: 'Hello, Kubernetes!' }],
    });
    expect(p.resume(100_000)).toEqual({ kind: 'wait', untilMs: 3_605_000, logs: [] }); // early resume
    expect(p.resume(3_605_000)).toEqual({ kind: 'exit', code: 0, logs: [] });
    expect(p.resume(4_000_000)).toEqual({ kind: 'exit', code: 0, logs: [] });
  });

  it('while true; do echo hello; sleep 10;done prints every 10 s', () => {
    const r = run(sh('while true; do echo hello; sleep 10;done'), makeEnv(), 0, 35_000);
    expect(r.logs.map((l) => l.atMs)).toEqual([0, 10_000, 20_000, 30_000]);
    expect(r.waits).toEqual([10_000, 20_000, 30_000]);
    expect(r.final).toMatchObject({ kind: 'wait', untilMs: 40_000 });
  });

  it('the for countdown charges 1 ms per iteration', () => {
    const r = run(sh('for i in 3 2 1; do echo $i; done; echo liftoff'));
    expect(r.logs.map((l) => [l.atMs, l.text])).toEqual([
      [0, '3'],
      [1, '2'],
      [2, '1'],
      [3, 'liftoff'],
    ]);
    expect(r.final).toMatchObject({ kind: 'exit', code: 0 });
  });

  it('the logging counter: i=$((i+1)) and $(date)', () => {
    const r = run(sh('i=0; while true; do echo "$i: $(date)"; i=$((i+1)); sleep 1; done'), makeEnv(), 0, 2500);
    expect(r.lines).toEqual([
      '0: Thu Jan  1 00:00:00 UTC 2026',
      '1: Thu Jan  1 00:00:01 UTC 2026',
      '2: Thu Jan  1 00:00:02 UTC 2026',
    ]);
  });
});

/** A cluster DNS over a fixed set of ClusterIP Services ("ns/name" → IP). */
function dnsOf(services: () => Record<string, string>, namespace: string) {
  const dns = new ClusterDns({
    service: (ns, name) => {
      const ip = services()[`${ns}/${name}`];
      return ip ? ({ metadata: { name, namespace: ns }, spec: { clusterIP: ip } } as unknown as KObject) : undefined;
    },
    endpointSlices: () => [],
  });
  return (query: string) => dns.resolve(query, namespace);
}

describe('myapp init container: until nslookup …', () => {
  const script =
    'until nslookup myservice.$(cat /var/run/secrets/kubernetes.io/serviceaccount/namespace).svc.cluster.local; do echo waiting for myservice; sleep 2; done';

  it('loops every 2 s until the Service exists, then exits 0 on the next check (busybox 1.28 output)', () => {
    let services: Record<string, string> = {};
    const env = makeEnv({ namespace: 'team-a', image: 'busybox:1.28', resolve: dnsOf(() => services, 'team-a') });
    const p = startProcess(sh(script), env);
    const first = p.resume(1000);
    expect(first).toEqual({
      kind: 'wait',
      untilMs: 3000,
      logs: [
        { atMs: 1000, stream: 'stdout', text: 'Server:    10.96.0.10' },
        { atMs: 1000, stream: 'stdout', text: 'Address 1: 10.96.0.10 kube-dns.kube-system.svc.cluster.local' },
        { atMs: 1000, stream: 'stdout', text: '' },
        { atMs: 1000, stream: 'stderr', text: "nslookup: can't resolve 'myservice.team-a.svc.cluster.local'" },
        { atMs: 1000, stream: 'stdout', text: 'waiting for myservice' },
      ],
    });
    expect(p.resume(3000)).toMatchObject({ kind: 'wait', untilMs: 5000 });
    services = { 'team-a/myservice': '10.96.44.7' }; // the Service is created at t=4s
    const done = p.resume(5000);
    expect(done).toMatchObject({ kind: 'exit', code: 0 });
    expect(done.logs.map((l) => [l.atMs, l.text])).toEqual([
      [5000, 'Server:    10.96.0.10'],
      [5000, 'Address 1: 10.96.0.10 kube-dns.kube-system.svc.cluster.local'],
      [5000, ''],
      [5000, 'Name:      myservice.team-a.svc.cluster.local'],
      [5000, 'Address 1: 10.96.44.7 myservice.team-a.svc.cluster.local'],
    ]);
  });

  it.each([
    ['mydb', 0],
    ['mydb.team-a', 0],
    ['mydb.team-a.svc', 0],
    ['mydb.team-a.svc.cluster.local', 0],
    ['mydb.team-a.svc.cluster.local.', 0],
    ['mydb.other', 1],
    ['other', 1],
  ])('nslookup %s → exit %i', (name, code) => {
    const env = makeEnv({ namespace: 'team-a', resolve: dnsOf(() => ({ 'team-a/mydb': '10.96.0.20' }), 'team-a') });
    expect(run(['nslookup', name], env).final).toMatchObject({ kind: 'exit', code });
  });

  it('prints the newer busybox format for other images', () => {
    const env = makeEnv({ image: 'busybox', resolve: dnsOf(() => ({ 'default/web': '10.96.44.7' }), 'default') });
    expect(run(sh('nslookup web'), env).lines).toEqual([
      'Server:\t\t10.96.0.10',
      'Address:\t10.96.0.10:53',
      '',
      'Name:\tweb.default.svc.cluster.local',
      'Address: 10.96.44.7',
      '',
    ]);
    expect(run(sh('nslookup nope'), env).lines).toContain("** server can't find nope: NXDOMAIN");
  });
});

describe('perl bpi', () => {
  it('prints π to 2000 digits after about 10 s, then exits 0', () => {
    const r = run(['perl', '-Mbignum=bpi', '-wle', 'print bpi(2000)'], makeEnv(), 7000);
    expect(r.waits).toEqual([17_000]);
    expect(r.final).toMatchObject({ kind: 'exit', code: 0 });
    expect(r.logs).toHaveLength(1);
    expect(r.logs[0].atMs).toBe(17_000);
    expect(r.logs[0].text).toBe(piDigits(2000));
  });

  it('matches a reference: 2000 significant digits, Feynman point, rounded tail', () => {
    const pi = piDigits(2000);
    expect(pi).toHaveLength(2001);
    expect(pi.startsWith('3.1415926535897932384626433832795028841971693993751058209749')).toBe(true);
    expect(pi.indexOf('999999')).toBe(763); // the Feynman point at decimal 762
    expect(pi.endsWith('5739624138908658326459958133904780275901')).toBe(true);
    expect(piDigits(10)).toBe('3.141592654');
  });
});

describe('shell features', () => {
  const env = makeEnv({ namespace: 'prod', hostname: 'web-0', env: { GREETING: 'hi there', EMPTY: '' } });
  it.each<[string, string[], number]>([
    ['echo $GREETING ${GREETING}', ['hi there hi there'], 0],
    ['echo "$HOSTNAME" $(hostname)', ['web-0 web-0'], 0],
    [`echo ns=$(cat ${NS_FILE})`, ['ns=prod'], 0],
    ['echo -n a; echo b', ['ab'], 0],
    ['echo \'single $GREETING\' "dq \\"x\\"" esc\\ aped', ['single $GREETING dq "x" esc aped'], 0],
    ['if [ "$GREETING" = "hi there" ]; then echo yes; else echo no; fi', ['yes'], 0],
    ['if [ 3 -gt 5 ]; then echo a; elif test 2 -lt 5; then echo b; fi', ['b'], 0],
    ['if [ -z "$EMPTY" ]; then echo empty; fi', ['empty'], 0],
    ['[ -n "" ]', [], 1],
    ['x=5; while [ $x -gt 0 ]; do x=$((x-2)); done; echo $x', ['-1'], 0],
    ['for w in $GREETING; do echo "<$w>"; done', ['<hi>', '<there>'], 0],
    ['for w in "$GREETING"; do echo "<$w>"; done', ['<hi there>'], 0],
    ['false; echo $?', ['1'], 0],
    ['! false && echo negated', ['negated'], 0],
    ['echo ${MISSING:-fallback}', ['fallback'], 0],
    ['for i in 1 2 3 4; do if [ $i = 3 ]; then break; fi; echo $i; done', ['1', '2'], 0],
    ['printenv GREETING', ['hi there'], 0],
    ['printenv NOPE', [], 1],
    [
      'env',
      [
        'PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
        'HOSTNAME=web-0',
        'GREETING=hi there',
        'EMPTY=',
        'HOME=/root',
      ],
      0,
    ],
    ['cat /etc/passwd', ["cat: can't open '/etc/passwd': No such file or directory"], 1],
    ['sleep abc', ["sleep: invalid number 'abc'"], 1],
    ['echo before; exit 3; echo after', ['before'], 3],
    ['# comment\necho one\necho two # trailing', ['one', 'two'], 0],
    ['date +%F', ['2026-01-01'], 0],
  ])('%s', (script, lines, code) => {
    const r = run(sh(script), env);
    expect(r.lines).toEqual(lines);
    expect(r.final).toMatchObject({ kind: 'exit', code });
  });

  it('fractional sleeps', () => {
    expect(run(sh('sleep 0.5; sleep 1.25s')).waits).toEqual([500, 1750]);
  });

  it('stderr lines are tagged', () => {
    expect(run(sh('cat /nope')).logs[0]).toEqual({
      atMs: 0,
      stream: 'stderr',
      text: "cat: can't open '/nope': No such file or directory",
    });
  });
});

describe('syntax errors', () => {
  it.each([
    ['echo hi | grep h', 'sh: syntax error: unexpected "|"'],
    ['echo "unterminated', 'sh: syntax error: unterminated quoted string'],
    ['while true; do echo x', 'sh: syntax error: unexpected end of file (expecting "done")'],
    ['done', 'sh: syntax error: unexpected "done"'],
    ['echo hi; (echo sub)', 'sh: syntax error: unexpected "("'],
    ['if true; then fi', 'sh: syntax error: unexpected "fi"'],
  ])('%s', (script, message) => {
    const r = run(sh(script));
    expect(r.logs).toEqual([{ atMs: 0, stream: 'stderr', text: message }]);
    expect(r.final).toMatchObject({ kind: 'exit', code: 2 });
  });
});

describe('runaway loops', () => {
  it('a busy loop without sleep is throttled to MAX_LOG_LINES_PER_SECOND and yields', () => {
    const p = startProcess(sh('while true; do echo x; done'), makeEnv());
    const step = p.resume(0);
    expect(step).toMatchObject({ kind: 'wait', untilMs: 1000 });
    expect(step.logs).toHaveLength(MAX_LOG_LINES_PER_SECOND);
    expect(step.logs[99].atMs).toBe(99);
    const next = p.resume(1000);
    expect(next.logs).toHaveLength(MAX_LOG_LINES_PER_SECOND);
    expect(next.logs[0].atMs).toBe(1000);
  });

  it('a silent busy loop costs 1 ms per iteration and returns control every second', () => {
    const p = startProcess(sh('while true; do true; done'), makeEnv());
    expect(p.resume(0)).toEqual({ kind: 'wait', untilMs: 1000, logs: [] });
    expect(p.resume(1000)).toEqual({ kind: 'wait', untilMs: 2000, logs: [] });
  });
});

describe('determinism', () => {
  it('two runs produce identical steps', () => {
    const script = 'i=0; until [ $i -ge 3 ]; do echo "tick $i $(date +%s)"; i=$((i+1)); sleep 1.5; done; nslookup x';
    const a = run(sh(script), makeEnv(), 123);
    const b = run(sh(script), makeEnv(), 123);
    expect(a).toEqual(b);
    expect(a.waits).toEqual([1623, 3123, 4623]);
    expect(a.final).toMatchObject({ kind: 'exit', code: 1 });
  });

  it('formats dates like busybox', () => {
    expect(formatDate(Date.UTC(2026, 1, 13, 9, 5, 7))).toBe('Fri Feb 13 09:05:07 UTC 2026');
  });
});

describe('serving', () => {
  it('reports the served command to every process serving it, each a copy of its own', () => {
    const a = startProcess(['nginx', '-g', 'daemon off;'], makeEnv());
    const b = startProcess(['nginx', '-g', 'daemon off;'], makeEnv());
    const served = a.serving(0)!;
    expect(served).toEqual({ program: 'nginx', argv: ['nginx', '-g', 'daemon off;'], sinceMs: 0 });
    served.argv.push('changed');
    expect(a.serving(10)!.argv).toEqual(['nginx', '-g', 'daemon off;']);
    expect(b.serving(10)).toEqual({ program: 'nginx', argv: ['nginx', '-g', 'daemon off;'], sinceMs: 10 });
    expect(startProcess(['nginx', '-g', 'daemon on;'], makeEnv()).serving(0)!.argv).toEqual(['nginx', '-g', 'daemon on;']);
  });
});
