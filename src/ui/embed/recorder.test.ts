import { describe, expect, it } from 'vitest';
import { decodeBase64Url, encodeBase64Url } from './codec';
import { isResetLine, SessionRecorder, sleepDurationMs } from './recorder';
import { formatScript, formatSleep, parseScript, type SessionStep } from './script';
import { shareUrl } from './share';

/** Drives a recorder the way the bridge does, one worker message at a time. */
function session() {
  const r = new SessionRecorder();
  let n = 0;
  return {
    r,
    /** A command sent, started and done, with no frame in between. */
    run(line: string, exitCode = 0, stdin?: string) {
      const id = `c${++n}`;
      r.sending(id, line, stdin);
      r.started(id, line);
      r.done(id, exitCode);
      return id;
    },
    frame(now: number, reset = false) {
      r.delta(now, reset);
    },
  };
}

describe('SessionRecorder', () => {
  it('a sleep cut short by Ctrl+C is recorded as the time it did wait', () => {
    const r = new SessionRecorder();
    r.delta(0, true);
    r.sending('c1', 'kubectl get pods');
    r.started('c1', 'kubectl get pods', 1000);
    r.done('c1', 0, 1000);
    r.sending('c2', 'sleep 24h');
    r.started('c2', 'sleep 24h', 3000);
    r.done('c2', 130, 3000 + 90_000);
    r.sending('c3', 'kubeplay clock');
    r.started('c3', 'kubeplay clock', 3000 + 90_000);
    r.done('c3', 0, 3000 + 90_000);
    expect(r.recorded()).toEqual([
      { line: 'kubectl get pods', gapMs: 1000 },
      { line: 'kubeplay clock', gapMs: 92_000 },
    ]);
  });

  it('completed() leaves out the command still running', () => {
    const r = new SessionRecorder();
    r.delta(0, true);
    r.sending('c1', 'kubectl get pods');
    r.started('c1', 'kubectl get pods', 0);
    r.done('c1', 0, 0);
    r.sending('c2', 'sleep 24h');
    r.started('c2', 'sleep 24h', 5000);
    expect(r.recorded().map((c) => c.line)).toEqual(['kubectl get pods', 'sleep 24h']);
    expect(r.completed()).toEqual([{ line: 'kubectl get pods', gapMs: 0 }]);
    r.done('c2', 0, 5000 + 86_400_000);
    expect(r.completed().map((c) => [c.line, c.gapMs])).toEqual([
      ['kubectl get pods', 0],
      ['sleep 24h', 5000],
    ]);
  });

  it('times commands exactly from the virtual time in started and done, even back to back', () => {
    const r = new SessionRecorder();
    r.delta(0, true);
    r.sending('w', 'kubectl rollout status deployment/web');
    r.started('w', 'kubectl rollout status deployment/web', 2_000);
    r.done('w', 0, 47_250); // it waited on the clock: the replay waits the same, no sleep needed
    r.sending('g', 'kubectl get pods');
    r.started('g', 'kubectl get pods', 48_000); // no delta since the last command
    r.done('g', 0, 48_000);
    r.delta(50_000, false);
    expect(r.steps()).toEqual<SessionStep[]>([
      { kind: 'sleep', ms: 2_000 },
      { kind: 'command', line: 'kubectl rollout status deployment/web' },
      { kind: 'sleep', ms: 750 },
      { kind: 'command', line: 'kubectl get pods' },
      { kind: 'sleep', ms: 2_000 },
    ]);
  });

  it('puts the virtual time between commands as sleeps, and the time since the last at the end', () => {
    const s = session();
    s.frame(0, true);
    s.frame(1_500);
    s.run('kubectl create deployment web --image=nginx');
    s.frame(1_516);
    s.frame(31_516);
    s.run('kubectl get pods');
    s.frame(31_532);
    s.frame(40_000);
    expect(s.r.steps()).toEqual<SessionStep[]>([
      { kind: 'sleep', ms: 1_500 },
      { kind: 'command', line: 'kubectl create deployment web --image=nginx' },
      { kind: 'sleep', ms: 30_000 },
      { kind: 'command', line: 'kubectl get pods' },
      { kind: 'sleep', ms: 8_468 },
    ]);
  });

  it('counts the first frame after a command as the command’s own time (it may have waited)', () => {
    const s = session();
    s.frame(10_000);
    s.run('kubectl delete pod web'); // waits for the pod to go
    s.frame(42_000); // the wait plus this frame's advance: taken as the end
    s.frame(45_000);
    s.run('kubectl get pods');
    expect(s.r.steps()).toEqual<SessionStep[]>([
      { kind: 'sleep', ms: 10_000 },
      { kind: 'command', line: 'kubectl delete pod web' },
      { kind: 'sleep', ms: 3_000 },
      { kind: 'command', line: 'kubectl get pods' },
    ]);
  });

  it('runs commands sent back to back with no gap, and a sleep for exactly its duration', () => {
    const s = session();
    s.frame(0, true);
    s.run('sleep 1m30s');
    s.run('kubectl get nodes');
    s.run('sleep 2');
    s.frame(150_000);
    s.run('kubectl get ns');
    expect(s.r.steps()).toEqual<SessionStep[]>([
      { kind: 'command', line: 'sleep 1m30s' },
      { kind: 'command', line: 'kubectl get nodes' },
      { kind: 'command', line: 'sleep 2' },
      { kind: 'command', line: 'kubectl get ns' },
    ]);
  });

  it('keeps stdin (editor applies), skips lines that could not run, and starts over on a reset', () => {
    const s = session();
    s.frame(5_000);
    s.run('kubectl get pods');
    s.frame(6_000);
    s.run('kubectl apply -f -', 0, 'kind: Pod\n');
    s.run("kubectl get 'pods", 2); // unterminated quote: the console refused it
    s.run('# a comment');
    expect(s.r.recorded().map((c) => c.line)).toEqual(['kubectl get pods', 'kubectl apply -f -']);
    expect(s.r.recorded()[1]).toEqual({ line: 'kubectl apply -f -', stdin: 'kind: Pod\n', gapMs: 0 });

    s.frame(9_000);
    s.run('kubeplay cluster reset --help');
    expect(s.r.recorded()).toHaveLength(3);
    s.run('kubeplay cluster reset', 1); // failed: nothing was reset
    expect(s.r.recorded()).toHaveLength(4);
    s.run('kubeplay cluster reset');
    expect(s.r.recorded()).toEqual([]);
    s.frame(16);
    s.run('kubeplay cluster reset --zones 1');
    expect(s.r.recorded()).toEqual([{ line: 'kubeplay cluster reset --zones 1', gapMs: 0 }]);
    s.frame(2_000);
    s.run('kubectl get nodes');
    expect(s.r.steps()).toEqual<SessionStep[]>([
      { kind: 'command', line: 'kubeplay cluster reset --zones 1' },
      { kind: 'sleep', ms: 2_000 },
      { kind: 'command', line: 'kubectl get nodes' },
    ]);
  });

  it('after a reset the page asked for, ignores the old cluster’s deltas until the snapshot', () => {
    const s = session();
    s.frame(50_000);
    s.run('kubectl get pods');
    s.r.reset();
    s.frame(50_016); // still the old cluster
    s.run('sleep 10s');
    s.frame(10_000, true); // the new cluster's snapshot
    s.frame(12_000);
    s.run('kubectl get pods');
    expect(s.r.steps()).toEqual<SessionStep[]>([
      { kind: 'command', line: 'sleep 10s' },
      { kind: 'sleep', ms: 2_000 },
      { kind: 'command', line: 'kubectl get pods' },
    ]);
  });

  it('recorded session → script → parsed back gives the same commands, and survives a link', () => {
    const s = session();
    const yaml =
      'apiVersion: v1\nkind: Pod\nmetadata:\n  name: web # the pod\nspec:\n  containers:\n  - name: c\n    image: "nginx"\nEOF\n';
    s.frame(0, true);
    s.frame(2_345);
    s.run('kubectl create deployment web --image=nginx --replicas=3');
    s.frame(2_361);
    s.frame(62_361);
    s.run('kubectl apply -f -', 0, yaml);
    s.frame(62_400);
    s.run(`kubectl label pod web 'team=a b' note="it's"  # why`);
    s.run("kubectl get pods -o jsonpath='{.items[*].metadata.name}'");
    s.frame(62_416); // the end of the three commands before
    s.run('sleep 45s'); // from 62.416s, so to 107.416s exactly
    s.frame(107_416 + 3_600_500);
    s.run('kubeplay node stop node-a1');
    const steps = s.r.steps();
    const script = formatScript(steps);
    expect(script).toBe(
      [
        'sleep 2.345s',
        'kubectl create deployment web --image=nginx --replicas=3',
        'sleep 1m0s',
        'kubectl apply -f - <<EOF_1',
        ...yaml.trimEnd().split('\n'),
        'EOF_1',
        `kubectl label pod web 'team=a b' note="it's"  # why`,
        "kubectl get pods -o jsonpath='{.items[*].metadata.name}'",
        'sleep 45s',
        'sleep 1h0m0.5s',
        'kubeplay node stop node-a1',
        '',
      ].join('\n'),
    );
    const parsed = parseScript(decodeBase64Url(encodeBase64Url(script)));
    const expected = steps.map((step) =>
      step.kind === 'sleep'
        ? { argv: ['sleep', formatSleep(step.ms)], stdin: undefined }
        : { argv: parseScript(step.line)[0].argv, stdin: step.stdin },
    );
    expect(parsed.map((c) => ({ argv: c.argv, stdin: c.stdin }))).toEqual(expected);
    expect(parsed[3].stdin).toBe(yaml);
    // sleeps read back to the recorded durations
    const sleeps = steps.filter((st) => st.kind === 'sleep').map((st) => (st.kind === 'sleep' ? st.ms : 0));
    expect(sleeps.map((ms) => sleepDurationMs(`sleep ${formatSleep(ms)}`))).toEqual(sleeps);

    const url = shareUrl('https://kubeplay.dev/', steps, { speed: 10, playing: false });
    expect(url).toMatch(/^https:\/\/kubeplay\.dev\/\?speed=10&paused&script=[A-Za-z0-9_-]+$/);
    expect(decodeBase64Url(new URL(url).searchParams.get('script')!)).toBe(script);
  });
});

describe('script helpers', () => {
  it.each<[number, string]>([
    [1, '1ms'],
    [16, '16ms'],
    [999, '999ms'],
    [1_000, '1s'],
    [1_500, '1.5s'],
    [2_345, '2.345s'],
    [60_000, '1m0s'],
    [330_000, '5m30s'],
    [3_600_000, '1h0m0s'],
    [3_723_004, '1h2m3.004s'],
  ])('formatSleep(%d) = %s, which sleep reads back', (ms, text) => {
    expect(formatSleep(ms)).toBe(text);
    expect(sleepDurationMs(`sleep ${text}`)).toBe(ms);
  });

  it.each<[string, number | null]>([
    ['sleep 30', 30_000],
    ['sleep 0.5', 500],
    ['sleep 1h30m', 5_400_000],
    ['sleep 300ms', 300],
    ['sleep 1d', null],
    ['sleep', null],
    ['sleep 1s 2s', null],
    ['kubectl get pods', null],
  ])('sleepDurationMs(%j) = %j', (line, ms) => {
    expect(sleepDurationMs(line)).toBe(ms);
  });

  it.each<[string, boolean]>([
    ['kubeplay cluster reset', true],
    ['kubeplay  cluster reset --empty', true],
    ["kubeplay cluster 'reset'", true],
    ['kubeplay cluster reset -h', false],
    ['kubeplay cluster status', false],
    ['kubectl delete all --all', false],
  ])('isResetLine(%j) = %j', (line, reset) => {
    expect(isResetLine(line)).toBe(reset);
  });
});
