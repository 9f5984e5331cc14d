import { describe, expect, it } from 'vitest';
import type { KObject } from '../k8s/types';
import { PROTOCOL_VERSION, type ClockState, type FromWorker, type ToWorker } from '../protocol/messages';
import { ObjectMirror } from '../protocol/mirror';
import { applySplitDelta, Bridge, INTERRUPT_GRACE_MS, WELCOME, type WorkerLike } from './bridge';
import { useSelection } from './state/selection';
import { createKubeplayStore } from './state/store';

class FakeWorker implements WorkerLike {
  sent: ToWorker[] = [];
  private listeners = new Map<string, ((event: never) => void)[]>();
  postMessage(message: ToWorker): void {
    this.sent.push(message);
  }
  addEventListener(type: string, listener: (event: never) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: 'message' | 'error', event: unknown): void {
    for (const l of this.listeners.get(type) ?? []) (l as (e: unknown) => void)(event);
  }
  terminated = false;
  terminate(): void {
    this.terminated = true;
  }
}

const clock = (now: number, over: Partial<ClockState> = {}): ClockState => ({
  now,
  unixMs: Date.UTC(2026, 0, 1) + now,
  timestamp: '2026-01-01T00:00:00Z',
  speed: 1,
  playing: true,
  nextEventTime: null,
  ...over,
});
const node = (name: string, rv: string): KObject => ({ apiVersion: 'v1', kind: 'Node', metadata: { name, resourceVersion: rv } });

function setup() {
  const worker = new FakeWorker();
  const store = createKubeplayStore();
  const bridge = new Bridge(worker, store);
  const deliver = (m: FromWorker) => worker.emit('message', { data: m });
  return { worker, store, bridge, deliver };
}

describe('Bridge', () => {
  it('says hello with the protocol version and prints the welcome', () => {
    const { worker, store } = setup();
    expect(worker.sent).toEqual([{ type: 'hello', version: PROTOCOL_VERSION }]);
    expect(store.getState().transcript.entries.map((e) => e.text)).toEqual([WELCOME]);
  });

  it('mirrors deltas and the clock', () => {
    const { store, deliver } = setup();
    deliver({ type: 'ready', version: PROTOCOL_VERSION, clock: clock(0) });
    expect(store.getState().connection).toBe('ready');
    deliver({ type: 'delta', seq: 1, reset: true, upserts: [node('a', '1'), node('b', '1')], deletes: [], clock: clock(16) });
    const before = store.getState().objects;
    deliver({ type: 'delta', seq: 2, reset: false, upserts: [node('a', '2')], deletes: ['Node//b'], clock: clock(32) });
    const s = store.getState();
    expect(s.objects.keys()).toEqual(['Node//a']);
    expect(s.objects.get('Node//a')?.metadata.resourceVersion).toBe('2');
    expect(before.get('Node//b')).toBeDefined();
    expect(s.clock.now).toBe(32);
    expect(s.deltaSeq).toBe(2);
  });

  it('opens the object a console `kubectl edit` names in the manifest editor', () => {
    const { deliver } = setup();
    deliver({ type: 'edit', id: 'c1', key: 'Deployment/default/web' });
    const s = useSelection.getState();
    expect(s.tab).toBe('manifests');
    expect(s.editRequest?.key).toBe('Deployment/default/web');
  });

  it('keeps the node-monitor-grace-period the worker reports, and ignores a bad one', () => {
    const { store, deliver } = setup();
    expect(store.getState().nodeMonitorGracePeriodMs).toBe(50_000);
    deliver({ type: 'delta', seq: 1, reset: true, upserts: [], deletes: [], clock: clock(16), nodeMonitorGracePeriodMs: 20_000 });
    expect(store.getState().nodeMonitorGracePeriodMs).toBe(20_000);
    deliver({ type: 'delta', seq: 2, reset: false, upserts: [], deletes: [], clock: clock(32) });
    expect(store.getState().nodeMonitorGracePeriodMs).toBe(20_000);
    deliver({ type: 'delta', seq: 3, reset: false, upserts: [], deletes: [], clock: clock(48), nodeMonitorGracePeriodMs: -1 });
    deliver({
      type: 'delta',
      seq: 4,
      reset: false,
      upserts: [],
      deletes: [],
      clock: clock(64),
      nodeMonitorGracePeriodMs: 'x' as never,
    });
    expect(store.getState().nodeMonitorGracePeriodMs).toBe(20_000);
  });

  it('keeps the machines snapshot until the next one, and drops a bad one', () => {
    const { store, deliver } = setup();
    const a1 = { name: 'node-a1', zone: 'zone-a', running: true, reachable: true };
    deliver({ type: 'delta', seq: 1, reset: true, upserts: [], deletes: [], clock: clock(16), machines: [a1] });
    const first = store.getState().machines;
    expect(first).toEqual([a1]);
    deliver({ type: 'delta', seq: 2, reset: false, upserts: [node('a', '2')], deletes: [], clock: clock(32) });
    expect(store.getState().machines).toBe(first);
    deliver({
      type: 'delta',
      seq: 3,
      reset: false,
      upserts: [],
      deletes: [],
      clock: clock(48),
      machines: [{ ...a1, running: false }],
    });
    expect(store.getState().machines).toEqual([{ ...a1, running: false }]);
    const bad = [{ name: 'node-a1', running: 'no' }] as never;
    deliver({ type: 'delta', seq: 4, reset: false, upserts: [], deletes: [], clock: clock(64), machines: bad });
    expect(store.getState().machines).toEqual([{ ...a1, running: false }]);
    expect(store.getState().transcript.entries.at(-1)?.text).toMatch(/ignored a bad machines snapshot: machines\[0\]/);
    deliver({ type: 'delta', seq: 5, reset: true, upserts: [], deletes: [], clock: clock(80) });
    expect(store.getState().machines).toEqual([]);
  });

  it('echoes commands, collects output, tracks running commands', () => {
    const { worker, store, bridge, deliver } = setup();
    bridge.clearConsole();
    const id = bridge.runConsole('kubectl get nodes');
    expect(worker.sent.at(-1)).toEqual({ type: 'console', id, line: 'kubectl get nodes' });
    expect(store.getState().running).toEqual([id]);
    deliver({ type: 'started', id, line: 'kubectl get nodes', source: 'console' });
    deliver({ type: 'output', id, text: 'NAME\n', stream: 'stdout' });
    deliver({ type: 'output', id, text: 'node-a1\n', stream: 'stdout' });
    deliver({ type: 'done', id, exitCode: 0 });
    const s = store.getState();
    expect(s.transcript.entries.map((e) => [e.kind, e.text])).toEqual([
      ['command', 'kubectl get nodes'],
      ['stdout', 'NAME\nnode-a1\n'],
    ]);
    expect(s.running).toEqual([]);
    expect(s.history).toEqual(['kubectl get nodes']);
  });

  it('sends clock controls and reflects them at once', () => {
    const { worker, store, bridge } = setup();
    bridge.pause();
    expect(store.getState().clock.playing).toBe(false);
    bridge.setSpeed('max');
    bridge.step();
    bridge.play();
    expect(worker.sent.slice(1)).toEqual([
      { type: 'clock', op: 'pause' },
      { type: 'clock', op: 'speed', speed: 'max' },
      { type: 'clock', op: 'step' },
      { type: 'clock', op: 'play' },
    ]);
    expect(store.getState().clock).toMatchObject({ playing: true, speed: 'max' });
  });

  it('shows worker errors in the console and marks a failed worker', () => {
    const { worker, store, deliver } = setup();
    deliver({ type: 'error', message: 'bad message: nope' });
    expect(store.getState().transcript.entries.at(-1)).toMatchObject({ kind: 'stderr', text: 'kubeplay: bad message: nope\n' });
    worker.emit('error', { message: 'SyntaxError' });
    expect(store.getState()).toMatchObject({
      connection: 'failed',
      connectionError: 'the simulation worker failed: SyntaxError',
    });
  });

  it('resolves a query with its result, leaving the console alone', async () => {
    const { worker, store, bridge, deliver } = setup();
    const pending = bridge.query('kubectl describe node a');
    const sent = worker.sent.at(-1);
    expect(sent).toMatchObject({ type: 'query', line: 'kubectl describe node a' });
    const id = (sent as { id: string }).id;
    deliver({ type: 'result', id, stdout: 'Name: a\n', stderr: '', exitCode: 0 });
    await expect(pending).resolves.toEqual({ stdout: 'Name: a\n', stderr: '', exitCode: 0 });
    expect(store.getState().transcript.entries.map((e) => e.text)).toEqual([WELCOME]);
    expect(store.getState().running).toEqual([]);
  });

  it('asks for the Events about an object and resolves with the answer, or an error', async () => {
    const { bridge, worker, deliver } = setup();
    const about = { kind: 'Pod', namespace: 'default', name: 'web' };
    const pending = bridge.events(about);
    const sent = worker.sent.at(-1) as { type: string; id: string; about: unknown };
    expect(sent).toMatchObject({ type: 'events', about });
    const event = { apiVersion: 'v1', kind: 'Event', metadata: { name: 'web.1', namespace: 'default' } };
    deliver({ type: 'eventList', id: sent.id, events: [event], total: 3 });
    await expect(pending).resolves.toEqual({ events: [event], total: 3 });

    const failing = bridge.events(about);
    deliver({ type: 'error', id: (worker.sent.at(-1) as { id: string }).id, message: 'bad message' });
    await expect(failing).resolves.toEqual({ events: [], total: 0, error: 'kubeplay: bad message' });
  });

  it('keeps the number of Events the cluster holds', () => {
    const { store, deliver } = setup();
    deliver({ type: 'delta', seq: 1, reset: true, upserts: [], deletes: [], clock: clock(0), eventsTotal: 5000 });
    expect(store.getState().eventsTotal).toBe(5000);
    deliver({ type: 'delta', seq: 2, reset: false, upserts: [], deletes: [], clock: clock(16), eventsTotal: -1 });
    expect(store.getState().eventsTotal).toBe(5000);
  });
});

describe('Bridge: the session for Share, and command results', () => {
  const delta = (seq: number, now: number, reset = false): FromWorker => ({
    type: 'delta',
    seq,
    reset,
    upserts: [],
    deletes: [],
    clock: clock(now),
  });

  it('records typed lines, editor applies (with their YAML) and buttons, timed on the virtual clock', () => {
    const { bridge, deliver } = setup();
    deliver(delta(1, 0, true));
    deliver(delta(2, 4_000));
    const typed = bridge.runConsole('kubectl create deployment web --image=nginx');
    deliver({ type: 'started', id: typed, line: 'kubectl create deployment web --image=nginx', source: 'console' });
    deliver({ type: 'done', id: typed, exitCode: 0 });
    deliver(delta(3, 4_016));
    deliver(delta(4, 9_016));
    const applied = bridge.apply('kind: Pod\n');
    deliver({ type: 'started', id: applied, line: 'kubectl apply -f -', source: 'apply' });
    deliver({ type: 'done', id: applied, exitCode: 0 });
    const clicked = bridge.action('kubectl cordon node-a1');
    deliver({ type: 'started', id: clicked, line: 'kubectl cordon node-a1', source: 'action' });
    deliver({ type: 'done', id: clicked, exitCode: 0 });
    deliver(delta(5, 9_032));
    deliver(delta(6, 10_032));
    expect(bridge.recorder.steps()).toEqual([
      { kind: 'sleep', ms: 4_000 },
      { kind: 'command', line: 'kubectl create deployment web --image=nginx' },
      { kind: 'sleep', ms: 5_000 },
      { kind: 'command', line: 'kubectl apply -f -', stdin: 'kind: Pod\n' },
      { kind: 'command', line: 'kubectl cordon node-a1' },
      { kind: 'sleep', ms: 1_000 },
    ]);

    // Reset cluster starts a new session; so does a reset the page sends
    const reset = bridge.action('kubeplay cluster reset');
    deliver({ type: 'started', id: reset, line: 'kubeplay cluster reset', source: 'action' });
    deliver({ type: 'done', id: reset, exitCode: 0 });
    expect(bridge.recorder.steps()).toEqual([]);
    bridge.runConsole('kubectl get pods');
    bridge.reset();
    expect(bridge.recorder.steps()).toEqual([]);
  });

  it('sends stdin with a console line when given, and tracks what a command printed', async () => {
    const { worker, bridge, deliver } = setup();
    const id = bridge.runConsole('kubectl apply -f -', 'kind: Pod\n');
    expect(worker.sent.at(-1)).toEqual({ type: 'console', id, line: 'kubectl apply -f -', stdin: 'kind: Pod\n' });
    const result = bridge.track(id);
    deliver({ type: 'started', id, line: 'kubectl apply -f -', source: 'console' });
    deliver({ type: 'output', id, text: 'pod/x created\n', stream: 'stdout' });
    deliver({ type: 'output', id, text: 'Warning: y\n', stream: 'stderr' });
    deliver({ type: 'done', id, exitCode: 0 });
    await expect(result).resolves.toEqual({
      output: 'pod/x created\nWarning: y\n',
      stdout: 'pod/x created\n',
      stderr: 'Warning: y\n',
      exitCode: 0,
    });
    const lost = bridge.track(bridge.runConsole('kubectl get pods'));
    worker.emit('error', { message: 'gone' });
    await expect(lost).resolves.toMatchObject({ exitCode: 1, stderr: 'kubeplay: the simulation worker failed: gone\n' });
  });

  it('prints warnings as stderr', () => {
    const { store, bridge } = setup();
    bridge.warn('kubeplay: ignored speed=7\n');
    expect(store.getState().transcript.entries.at(-1)).toMatchObject({ kind: 'stderr', text: 'kubeplay: ignored speed=7\n' });
  });
});

describe('applySplitDelta', () => {
  const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'default' } };
  const event = { apiVersion: 'v1', kind: 'Event', metadata: { name: 'web.1', namespace: 'default' } };

  it('keeps Events apart from the other objects, and leaves an untouched half identical', () => {
    const start = { objects: ObjectMirror.EMPTY, events: ObjectMirror.EMPTY };
    const first = applySplitDelta(start, { upserts: [pod, event], deletes: [] });
    expect(first.objects.keys()).toEqual(['Pod/default/web']);
    expect(first.events.keys()).toEqual(['Event/default/web.1']);

    const second = applySplitDelta(first, { upserts: [], deletes: ['Event/default/web.1'] });
    expect(second.events.size).toBe(0);
    expect(second.objects).toBe(first.objects);
  });
});

describe('Bridge with a worker it can replace', () => {
  function restartable() {
    const workers: FakeWorker[] = [];
    const createWorker = () => {
      const w = new FakeWorker();
      workers.push(w);
      return w;
    };
    const timers: { fn: () => void; ms: number; cancelled: boolean }[] = [];
    const schedule = (fn: () => void, ms: number) => {
      const t = { fn, ms, cancelled: false };
      timers.push(t);
      return () => {
        t.cancelled = true;
      };
    };
    const store = createKubeplayStore();
    const bridge = new Bridge(createWorker(), store, { createWorker, schedule });
    const deliver = (w: FakeWorker, m: FromWorker) => w.emit('message', { data: m });
    deliver(workers[0], { type: 'ready', version: PROTOCOL_VERSION, clock: clock(0, { speed: 10, playing: false }) });
    return { workers, timers, store, bridge, deliver };
  }

  it('Reset cluster on an idle worker just runs kubeplay cluster reset', () => {
    const { workers, bridge } = restartable();
    const id = bridge.resetCluster();
    expect(workers).toHaveLength(1);
    expect(workers[0].sent.at(-1)).toEqual({ type: 'action', id, line: 'kubeplay cluster reset' });
  });

  it('Reset cluster while a command keeps the worker busy replaces the worker first', async () => {
    const { workers, store, bridge, deliver } = restartable();
    const busy = bridge.runConsole('sleep 24h');
    const result = bridge.track(busy);
    deliver(workers[0], { type: 'started', id: busy, line: 'sleep 24h', source: 'console', now: 0 });
    const id = bridge.resetCluster();
    expect(workers).toHaveLength(2);
    expect(workers[0].terminated).toBe(true);
    // The new worker is greeted, keeps the page's clock settings, then resets.
    expect(workers[1].sent).toEqual([
      { type: 'hello', version: PROTOCOL_VERSION },
      { type: 'clock', op: 'speed', speed: 10 },
      { type: 'clock', op: 'pause' },
      { type: 'action', id, line: 'kubeplay cluster reset' },
    ]);
    const ended = await result;
    expect(ended.exitCode).toBe(130);
    expect(ended.stderr).toMatch(/stopped and started afresh for the reset/);
    expect(store.getState().running).toEqual([id]);
    expect(store.getState().connection).toBe('connecting');
    // What the old worker still says is ignored.
    deliver(workers[0], { type: 'done', id: busy, exitCode: 0, now: 1 });
    deliver(workers[0], { type: 'error', message: 'late' });
    expect(store.getState().transcript.entries.some((e) => e.text.includes('late'))).toBe(false);
    deliver(workers[1], { type: 'ready', version: PROTOCOL_VERSION, clock: clock(0) });
    expect(store.getState().connection).toBe('ready');
  });

  it('Ctrl+C replaces the worker when the command has not ended after the grace period', () => {
    const { workers, timers, store, bridge, deliver } = restartable();
    const id = bridge.runConsole('kubectl wait --for=delete pod/x --timeout=24h');
    deliver(workers[0], {
      type: 'started',
      id,
      line: 'kubectl wait --for=delete pod/x --timeout=24h',
      source: 'console',
      now: 0,
    });
    bridge.interrupt();
    expect(workers[0].sent.at(-1)).toEqual({ type: 'interrupt' });
    expect(timers).toHaveLength(1);
    expect(timers[0].ms).toBe(INTERRUPT_GRACE_MS);
    timers[0].fn();
    expect(workers).toHaveLength(2);
    expect(store.getState().running).toEqual([]);
    expect(store.getState().transcript.entries.at(-1)?.text).toMatch(/did not stop within 2 s of Ctrl\+C/);
  });

  it('after such a restart, replays the finished commands with the time between them, clock paused', () => {
    const { workers, timers, store, bridge, deliver } = restartable();
    const w = workers[0];
    const first = bridge.runConsole('kubectl create deployment web --image=nginx');
    deliver(w, { type: 'started', id: first, line: 'kubectl create deployment web --image=nginx', source: 'console', now: 0 });
    deliver(w, { type: 'done', id: first, exitCode: 0, now: 0 });
    const second = bridge.apply('kind: Namespace\n');
    deliver(w, { type: 'started', id: second, line: 'kubectl apply -f -', source: 'apply', now: 30_000 });
    deliver(w, { type: 'done', id: second, exitCode: 0, now: 30_000 });
    const stuck = bridge.runConsole('sleep 24h');
    deliver(w, { type: 'started', id: stuck, line: 'sleep 24h', source: 'console', now: 100_000 });
    bridge.interrupt();
    timers[0].fn();
    const sent = workers[1].sent;
    expect(sent.slice(0, 4)).toEqual([
      { type: 'hello', version: PROTOCOL_VERSION },
      { type: 'clock', op: 'speed', speed: 10 },
      { type: 'clock', op: 'pause' },
      { type: 'clock', op: 'pause' },
    ]);
    expect(sent.slice(4).map((m) => (m.type === 'console' ? [m.line, m.stdin] : m.type))).toEqual([
      ['kubectl create deployment web --image=nginx', undefined],
      ['sleep 30s', undefined],
      ['kubectl apply -f -', 'kind: Namespace\n'],
    ]);
    expect(store.getState().running).toHaveLength(3);
    expect(store.getState().history).not.toContain('sleep 30s');
    expect(store.getState().transcript.entries.at(-1)?.text).toMatch(/replaying the 2 commands before it to rebuild the cluster/);
  });

  it('Ctrl+C leaves the worker alone when the command ends in time, or when nothing runs', () => {
    const { workers, timers, bridge, deliver } = restartable();
    bridge.interrupt();
    expect(timers).toHaveLength(0);
    const id = bridge.runConsole('sleep 1h');
    deliver(workers[0], { type: 'started', id, line: 'sleep 1h', source: 'console', now: 0 });
    bridge.interrupt();
    deliver(workers[0], { type: 'done', id, exitCode: 0, now: 3_600_000 });
    timers[0].fn();
    expect(workers).toHaveLength(1);
  });
});

describe('Bridge.restore', () => {
  it('replays a saved session on a fresh simulation, paused, without echoing it', async () => {
    const { worker, store, bridge, deliver } = setup();
    deliver({ type: 'ready', version: PROTOCOL_VERSION, clock: clock(0) });
    worker.sent = [];
    const last = bridge.restore(
      [
        { line: 'kubectl create deployment web --image=nginx', gapMs: 0 },
        { line: 'kubectl edit deployment web', gapMs: 2500 },
      ],
      60_000,
      true,
    );
    expect(worker.sent).toEqual([
      { type: 'clock', op: 'pause' },
      { type: 'reset', options: {} },
      { type: 'clock', op: 'pause' },
      { type: 'console', id: 'c1', line: 'kubectl create deployment web --image=nginx' },
      { type: 'console', id: 'c2', line: 'sleep 2.5s' },
      { type: 'console', id: 'c3', line: 'kubectl edit deployment web' },
      { type: 'console', id: 'c4', line: 'sleep 1m0s' },
      { type: 'clock', op: 'play' },
    ]);
    expect(last).toBe('c4');
    const done = bridge.track('c4');
    useSelection.setState({ tab: 'console', editRequest: null });
    for (const id of ['c1', 'c2', 'c3', 'c4']) {
      deliver({ type: 'started', id, line: 'x', source: 'console', now: 0 });
      deliver({ type: 'output', id, stream: 'stdout', text: `out of ${id}\n` });
      if (id === 'c3') deliver({ type: 'edit', id, key: 'Deployment/default/web' });
      deliver({ type: 'done', id, exitCode: 0, now: 0 });
    }
    expect((await done).stdout).toBe('out of c4\n');
    // nothing of the replay reached the console, and its `kubectl edit` opened no editor
    expect(store.getState().transcript.entries.map((e) => e.text)).toEqual([WELCOME]);
    expect(useSelection.getState().editRequest).toBeNull();
    expect(useSelection.getState().tab).toBe('console');
    expect(store.getState().running).toEqual([]);
    // a command typed afterwards is echoed as usual
    const typed = bridge.runConsole('kubectl get pods');
    deliver({ type: 'started', id: typed, line: 'kubectl get pods', source: 'console', now: 0 });
    expect(store.getState().transcript.entries.at(-1)).toMatchObject({ kind: 'command', text: 'kubectl get pods' });
  });
});
