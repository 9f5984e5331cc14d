import { beforeEach, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, type ResetOptions } from '../protocol/messages';
import { WorkerHandler, type HandlerOptions } from './handler';
import { FakeSimulation, FakeTimers, Outbox } from './testing/fakes';

let timers: FakeTimers;
let outbox: Outbox;
let sims: FakeSimulation[];
let handler: WorkerHandler;

function setup(options: Partial<HandlerOptions> = {}, create?: (o: ResetOptions) => FakeSimulation) {
  timers = new FakeTimers();
  outbox = new Outbox();
  sims = [];
  handler = new WorkerHandler({
    post: outbox.post,
    timers,
    createSimulation: (o) => {
      const sim = create ? create(o) : new FakeSimulation(o, timers);
      sims.push(sim);
      return sim;
    },
    ...options,
  });
}

const sim = () => sims[sims.length - 1];
const hello = () => handler.receive({ type: 'hello', version: PROTOCOL_VERSION });

beforeEach(() => setup());

describe('handshake', () => {
  it('answers hello with ready, then a full snapshot in the next frame', () => {
    hello();
    expect(outbox.messages.map((m) => m.type)).toEqual(['ready']);
    expect(outbox.of('ready')[0]).toMatchObject({ version: PROTOCOL_VERSION, clock: { now: 0, speed: 1, playing: true } });
    timers.run(0);
    const [delta] = outbox.of('delta');
    expect(delta.reset).toBe(true);
    expect(delta.upserts.map((o) => o.metadata.name)).toEqual(['node-a1', 'node-a2', 'node-b1', 'node-b2', 'node-c1', 'node-c2']);
    expect(delta.clock.timestamp).toBe('2026-01-01T00:00:00Z');
  });

  it('refuses another protocol version', () => {
    handler.receive({ type: 'hello', version: PROTOCOL_VERSION + 1 });
    expect(outbox.of('ready')).toHaveLength(0);
    expect(outbox.of('error')[0].message).toMatch(/protocol version mismatch/);
  });
});

describe('commands', () => {
  it('echoes, streams merged output and completes with the exit code', () => {
    handler.receive({ type: 'console', id: 'c1', line: 'kubectl get nodes' });
    const types = outbox.messages.map((m) => m.type);
    expect(types).toEqual(['started', 'output', 'done']);
    expect(outbox.of('started')[0]).toEqual({ type: 'started', id: 'c1', line: 'kubectl get nodes', source: 'console', now: 0 });
    const out = outbox.of('output')[0];
    expect(out.id).toBe('c1');
    expect(out.text.split('\n').filter((l) => l.startsWith('node-'))).toHaveLength(6);
    expect(outbox.of('done')[0]).toEqual({ type: 'done', id: 'c1', exitCode: 0, now: 0 });
  });

  it('reports a failing command on stderr with its exit code', () => {
    handler.receive({ type: 'console', id: 'c2', line: 'kubectl frobnicate' });
    expect(outbox.of('output')[0]).toMatchObject({ id: 'c2', stream: 'stderr' });
    expect(outbox.of('done')[0].exitCode).toBe(1);
  });

  it('survives a command that throws and keeps working', () => {
    handler.receive({ type: 'console', id: 'c3', line: 'crash' });
    expect(outbox.of('output')[0]).toMatchObject({
      id: 'c3',
      stream: 'stderr',
      text: 'error: internal error: kubectl exploded\n',
    });
    expect(outbox.of('done')[0]).toEqual({ type: 'done', id: 'c3', exitCode: 1, now: 0 });
    handler.receive({ type: 'console', id: 'c4', line: 'kubectl get nodes' });
    expect(outbox.of('done')[1]).toEqual({ type: 'done', id: 'c4', exitCode: 0, now: 0 });
  });

  it('runs apply as `kubectl apply -f -` with the YAML on stdin, and actions as lines', () => {
    handler.receive({ type: 'apply', id: 'a1', yaml: 'kind: Pod\nmetadata:\n  name: web\n' });
    handler.receive({ type: 'action', id: 'b1', line: 'kubectl get nodes' });
    expect(outbox.of('started')).toEqual([
      { type: 'started', id: 'a1', line: 'kubectl apply -f -', source: 'apply', now: 0 },
      { type: 'started', id: 'b1', line: 'kubectl get nodes', source: 'action', now: 0 },
    ]);
    expect(outbox.of('output')[0]).toMatchObject({ id: 'a1', text: 'pod/web created\n' });
    expect(sim().store.has('web')).toBe(true);
  });

  it('rejects malformed messages with an error and stays alive', () => {
    for (const bad of [undefined, 42, 'x', { type: 'nope' }, { type: 'console' }, { type: 'clock', op: 'speed', speed: 7 }]) {
      expect(() => handler.receive(bad)).not.toThrow();
    }
    expect(outbox.of('error')).toHaveLength(6);
    expect(outbox.of('error').every((e) => e.message.startsWith('bad message:'))).toBe(true);
    handler.receive({ type: 'console', id: 'ok', line: 'kubectl get nodes' });
    expect(outbox.of('done')[0].exitCode).toBe(0);
  });

  it('streams watch output produced while the clock plays, under the id of the command', () => {
    handler.receive({ type: 'console', id: 'w1', line: 'watch' });
    outbox.clear();
    timers.run(20_000);
    const ticks = outbox.of('output');
    expect(ticks.length).toBeGreaterThan(0);
    expect(ticks.every((o) => o.id === 'w1')).toBe(true);
    expect(ticks.map((o) => o.text).join('')).toBe('tick 10000\ntick 20000\n');
    handler.receive({ type: 'interrupt' });
    outbox.clear();
    timers.run(20_000);
    expect(outbox.of('output')).toHaveLength(0);
  });

  it('keeps a console watch streaming while editor applies and actions run', () => {
    handler.receive({ type: 'console', id: 'w1', line: 'watch' });
    handler.receive({ type: 'action', id: 'b1', line: 'kubectl get nodes' });
    outbox.clear();
    timers.run(10_000);
    expect(
      outbox
        .of('output')
        .map((o) => o.text)
        .join(''),
    ).toContain('tick 10000');
  });

  it('reports a simulation that cannot start, and answers commands on stderr', () => {
    setup({}, () => {
      throw new Error('no engine');
    });
    expect(outbox.of('error')[0].message).toBe('could not start the simulation: no engine');
    handler.receive({ type: 'console', id: 'c1', line: 'kubectl get nodes' });
    expect(outbox.of('output')[0]).toMatchObject({ stream: 'stderr' });
    expect(outbox.of('done')[0].exitCode).toBe(1);
  });
});

describe('clock loop', () => {
  it('plays at 1× by default, against real time', () => {
    hello();
    timers.run(1000);
    expect(sim().clock.now()).toBeGreaterThanOrEqual(984);
    expect(sim().clock.now()).toBeLessThanOrEqual(1000);
    timers.run(29_000);
    expect(sim().clock.now()).toBeGreaterThanOrEqual(29_984);
  });

  it('pauses, plays again without jumping over the paused time, and changes speed', () => {
    hello();
    timers.run(1000);
    handler.receive({ type: 'clock', op: 'pause' });
    const pausedAt = sim().clock.now();
    timers.run(5000);
    expect(sim().clock.now()).toBe(pausedAt);
    expect(timers.pending).toBe(0); // no frames while paused and idle
    handler.receive({ type: 'clock', op: 'speed', speed: 10 });
    handler.receive({ type: 'clock', op: 'play' });
    timers.run(1000);
    expect(sim().clock.now() - pausedAt).toBeGreaterThanOrEqual(9800);
    expect(sim().clock.now() - pausedAt).toBeLessThanOrEqual(10_000);
  });

  it('keeps virtual time whole at 0.5×', () => {
    handler.receive({ type: 'clock', op: 'speed', speed: 0.5 });
    timers.run(1000);
    expect(Number.isInteger(sim().clock.now())).toBe(true);
    expect(sim().clock.now()).toBeGreaterThanOrEqual(490);
    expect(sim().clock.now()).toBeLessThanOrEqual(500);
  });

  it('step pauses and jumps to the next event', () => {
    hello();
    timers.run(100);
    handler.receive({ type: 'clock', op: 'step' });
    expect(sim().clock.now()).toBe(10_000);
    timers.run(1000);
    expect(sim().clock.now()).toBe(10_000);
    const last = outbox.of('delta').at(-1)!;
    expect(last.clock).toMatchObject({ now: 10_000, playing: false, nextEventTime: 20_000, timestamp: '2026-01-01T00:00:10Z' });
  });

  it("'max' runs events within the frame budget and yields between frames", () => {
    hello();
    sim().costPerEventMs = 1; // each heartbeat costs 1 ms of real time
    handler.receive({ type: 'clock', op: 'speed', speed: 'max' });
    timers.run(0); // first frame
    const before = sim().clock.eventsExecuted;
    timers.run(16); // exactly one more frame
    const perFrame = sim().clock.eventsExecuted - before;
    expect(perFrame).toBeGreaterThanOrEqual(10);
    expect(perFrame).toBeLessThanOrEqual(13); // ~12 ms budget
    timers.run(1000);
    expect(sim().clock.now()).toBeGreaterThan(60 * 60 * 1000); // hours of heartbeats in a second
  });

  it('falls behind instead of freezing when real-time speed is too much work', () => {
    hello();
    sim().costPerEventMs = 5;
    handler.receive({ type: 'clock', op: 'speed', speed: 100 });
    timers.run(16);
    const before = sim().clock.eventsExecuted;
    timers.run(16);
    expect(sim().clock.eventsExecuted - before).toBeLessThanOrEqual(3);
  });

  it('pauses and reports when an event throws, instead of repeating the error every frame', () => {
    hello();
    sim().failNextEvent = true;
    timers.run(11_000);
    const errors = outbox.of('error');
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toBe('simulation error (clock paused): heartbeat exploded');
    expect(outbox.of('delta').at(-1)!.clock.playing).toBe(false);
  });
});

describe('deltas', () => {
  it('sends at most one delta per 16 ms frame, coalesced per object', () => {
    hello();
    handler.receive({ type: 'clock', op: 'speed', speed: 100 }); // a heartbeat every 100 ms of real time
    timers.run(0); // the snapshot
    outbox.clear();
    timers.run(1000);
    const deltas = outbox.of('delta');
    expect(deltas.length).toBeLessThanOrEqual(1000 / 16 + 1);
    expect(deltas.length).toBeGreaterThan(50);
    for (const d of deltas) expect(d.upserts.length).toBeLessThanOrEqual(1);
    expect(deltas.flatMap((d) => d.upserts).map((o) => o.metadata.name)).toContain('node-a1');
    const seqs = deltas.map((d) => d.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
  });

  it('coalesces many writes within a frame into one upsert each', () => {
    hello();
    handler.receive({ type: 'clock', op: 'pause' });
    timers.run(100);
    outbox.clear();
    handler.receive({ type: 'console', id: 's', line: 'sleep 100s' }); // ten heartbeats on node-a1
    timers.run(16);
    const deltas = outbox.of('delta');
    expect(deltas).toHaveLength(1);
    expect(deltas[0].upserts).toHaveLength(1);
    expect(deltas[0].upserts[0].metadata.resourceVersion).toBe(String(6 + 10));
    expect(deltas[0].clock.now).toBe(100_000);
  });

  it('paces the object changes of a large cluster, and sends them while paused too', () => {
    setup({}, (o) => new FakeSimulation({ ...o, zones: 1, nodesPerZone: 1200 }, timers));
    hello();
    handler.receive({ type: 'clock', op: 'pause' });
    timers.run(100); // the snapshot
    expect(outbox.of('delta')[0].upserts).toHaveLength(1200);
    outbox.clear();
    handler.receive({ type: 'console', id: 's', line: 'sleep 10s' }); // a heartbeat on node-a1
    timers.run(16);
    handler.receive({ type: 'console', id: 't', line: 'sleep 10s' }); // another, soon after
    timers.run(200);
    const upserts = outbox.of('delta').flatMap((d) => d.upserts);
    expect(upserts.map((o) => o.metadata.resourceVersion)).toEqual(['1201', '1202']);
    const times = outbox.of('delta').filter((d) => d.upserts.length > 0);
    expect(times).toHaveLength(2);
  });

  it('sends nothing while paused and idle', () => {
    hello();
    handler.receive({ type: 'clock', op: 'pause' });
    timers.run(100);
    outbox.clear();
    timers.run(5000);
    expect(outbox.messages).toHaveLength(0);
  });

  it('reset starts a new simulation and sends a full snapshot', () => {
    hello();
    timers.run(100);
    handler.receive({ type: 'reset', options: { zones: 1, nodesPerZone: 1 } });
    timers.run(16);
    expect(sims).toHaveLength(2);
    expect(sim().options).toEqual({ zones: 1, nodesPerZone: 1 });
    const last = outbox.of('delta').at(-1)!;
    expect(last.reset).toBe(true);
    expect(last.upserts.map((o) => o.metadata.name)).toEqual(['node-a1']);
    // the old simulation no longer feeds the batcher
    sims[0].write('ADDED', { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'ghost', namespace: 'default' } });
    timers.run(16);
    expect(
      outbox
        .of('delta')
        .flatMap((d) => d.upserts)
        .some((o) => o.metadata.name === 'ghost'),
    ).toBe(false);
  });

  it('sends a snapshot when the simulation resets itself from a console command', () => {
    hello();
    timers.run(16);
    handler.receive({ type: 'console', id: 'r', line: 'kubeplay cluster reset' });
    timers.run(16);
    const last = outbox.of('delta').at(-1)!;
    expect(last.reset).toBe(true);
    expect(last.upserts.map((o) => o.metadata.name)).toEqual(['node-z1']);
  });
});
