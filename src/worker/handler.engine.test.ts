// The handler hosting the real engine: what the page sees from the first frame on.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Simulation } from '../engine/simulation';
import { nodeStatus } from '../k8s/node-status';
import { MAX_QUERIED_EVENTS, PROTOCOL_VERSION } from '../protocol/messages';
import { WorkerHandler } from './handler';
import { FakeTimers, Outbox } from './testing/fakes';

const NODES = ['node-a1', 'node-a2', 'node-b1', 'node-b2', 'node-c1', 'node-c2'];

let timers: FakeTimers;
let outbox: Outbox;
let handler: WorkerHandler;

beforeEach(() => {
  timers = new FakeTimers();
  outbox = new Outbox();
  handler = new WorkerHandler({ post: outbox.post, timers, createSimulation: (options) => new Simulation(options) });
  handler.receive({ type: 'hello', version: PROTOCOL_VERSION });
  timers.run(0);
});

afterEach(() => handler.dispose());

describe('WorkerHandler with the engine', () => {
  it('sends a snapshot with six Ready nodes', () => {
    const [snapshot] = outbox.of('delta');
    expect(snapshot.reset).toBe(true);
    const nodes = snapshot.upserts.filter((o) => o.kind === 'Node');
    expect(nodes.map((n) => n.metadata.name).sort()).toEqual(NODES);
    expect(nodes.every((n) => nodeStatus(n) === 'Ready')).toBe(true);
  });

  it('runs kubectl get nodes', () => {
    handler.receive({ type: 'console', id: 'c1', line: 'kubectl get nodes' });
    const text = outbox
      .of('output')
      .filter((o) => o.id === 'c1' && o.stream === 'stdout')
      .map((o) => o.text)
      .join('');
    for (const name of NODES) expect(text).toMatch(new RegExp(`^${name}\\s+Ready\\s`, 'm'));
    expect(outbox.of('done')).toEqual([{ type: 'done', id: 'c1', exitCode: 0, now: 0 }]);
  });

  it('keeps the mirror current while playing, one coalesced delta per frame', () => {
    // 100×, not 'max': these fake timers stand still while events run, so a time budget never ends
    handler.receive({ type: 'clock', op: 'speed', speed: 100 });
    outbox.clear();
    timers.run(1000);
    const deltas = outbox.of('delta');
    expect(deltas.length).toBeGreaterThan(0);
    expect(deltas.length).toBeLessThanOrEqual(1000 / 16 + 1);
    for (const d of deltas) {
      const keys = d.upserts.map((o) => `${o.kind}/${o.metadata.namespace ?? ''}/${o.metadata.name}`);
      expect(new Set(keys).size).toBe(keys.length);
    }
    expect(deltas.at(-1)!.clock.now).toBeGreaterThanOrEqual(98_000);
  });

  it('rebuilds the mirror after `kubeplay cluster reset`', () => {
    timers.run(16);
    handler.receive({ type: 'console', id: 'r', line: 'kubeplay cluster reset --zones 1 --nodes-per-zone 1' });
    expect(outbox.of('done').at(-1)).toEqual({ type: 'done', id: 'r', exitCode: 0, now: 0 });
    timers.run(16);
    const last = outbox.of('delta').at(-1)!;
    expect(last.reset).toBe(true);
    expect(last.upserts.filter((o) => o.kind === 'Node').map((n) => n.metadata.name)).toEqual(['node-a1']);
    expect(last.machines).toEqual([{ name: 'node-a1', zone: 'zone-a', running: true, reachable: true }]);
  });

  it("sends the controller manager's node-monitor-grace-period with the deltas", () => {
    expect(outbox.of('delta')[0].nodeMonitorGracePeriodMs).toBe(50_000);
    handler.receive({ type: 'console', id: 'g', line: 'kubeplay config set node-monitor-grace-period=20s' });
    outbox.clear();
    timers.run(100);
    expect(outbox.of('delta').at(-1)?.nodeMonitorGracePeriodMs).toBe(20_000);
  });

  it('sends the machines with the snapshot, then only when one changes', () => {
    const [snapshot] = outbox.of('delta');
    expect(snapshot.machines?.map((m) => m.name)).toEqual(NODES);
    expect(snapshot.machines?.every((m) => m.running && m.reachable)).toBe(true);
    expect(snapshot.machines?.[0]).toEqual({ name: 'node-a1', zone: 'zone-a', running: true, reachable: true });

    outbox.clear();
    timers.run(100);
    expect(outbox.of('delta').length).toBeGreaterThan(0);
    expect(outbox.of('delta').some((d) => d.machines)).toBe(false);

    handler.receive({ type: 'action', id: 'b1', line: 'kubeplay node stop node-a1' });
    handler.receive({ type: 'action', id: 'b2', line: 'kubeplay zone partition zone-b' });
    timers.run(16);
    const changed = outbox.of('delta').filter((d) => d.machines);
    expect(changed).toHaveLength(1);
    const byName = new Map(changed[0].machines!.map((m) => [m.name, m]));
    expect(byName.get('node-a1')).toMatchObject({ running: false, reachable: true });
    expect(byName.get('node-b1')).toMatchObject({ running: true, reachable: false });
    expect(byName.get('node-b2')).toMatchObject({ running: true, reachable: false });
    expect(byName.get('node-c1')).toMatchObject({ running: true, reachable: true });

    outbox.clear();
    timers.run(100);
    expect(outbox.of('delta').some((d) => d.machines)).toBe(false);
  });

  it('answers a describe query without echoing it, and refuses anything else', () => {
    outbox.clear();
    handler.receive({ type: 'query', id: 'q1', line: 'kubectl describe node node-a1' });
    expect(outbox.messages.map((m) => m.type)).toEqual(['result']);
    const [result] = outbox.of('result');
    expect(result).toMatchObject({ id: 'q1', exitCode: 0, stderr: '' });
    expect(result.stdout).toMatch(/^Name:\s+node-a1$/m);

    handler.receive({ type: 'query', id: 'q2', line: 'kubectl cordon node-a1' });
    expect(outbox.of('result')[1]).toMatchObject({ id: 'q2', exitCode: 2, stdout: '' });
    expect(outbox.of('result')[1].stderr).toMatch(/only kubectl describe/);
    expect(outbox.of('started')).toHaveLength(0);
  });

  it('answers one object as JSON (the editor, for objects the page does not mirror), and no other get', () => {
    outbox.clear();
    handler.receive({ type: 'query', id: 'q-json', line: 'kubectl get node node-a1 -o json' });
    const [result] = outbox.of('result');
    expect(result).toMatchObject({ id: 'q-json', exitCode: 0, stderr: '' });
    expect(JSON.parse(result.stdout)).toMatchObject({ kind: 'Node', metadata: { name: 'node-a1' } });
    for (const line of ['kubectl get pods -w', 'kubectl get node node-a1 -o json -w', 'kubectl get nodes -o yaml']) {
      handler.receive({ type: 'query', id: 'q-refused', line });
      expect(outbox.of('result').at(-1)).toMatchObject({ id: 'q-refused', exitCode: 2 });
    }
    expect(outbox.of('started')).toHaveLength(0);
  });

  it('answers a scheduling explanation query for the inspector', () => {
    handler.receive({ type: 'console', id: 'c-explain', line: 'kubectl run lonely --image=nginx' });
    timers.run(100);
    outbox.clear();
    handler.receive({ type: 'query', id: 'q3', line: 'kubeplay explain scheduling lonely' });
    const [result] = outbox.of('result');
    expect(result).toMatchObject({ id: 'q3', exitCode: 0, stderr: '' });
    expect(result.stdout).toMatch(/^Pod default\/lonely: attempt 1 at .*: scheduled to node-/m);
  });

  describe('a sleep runs in the frames, so the worker answers meanwhile', () => {
    const printed = (id: string) =>
      outbox
        .of('output')
        .filter((o) => o.id === id)
        .map((o) => o.text)
        .join('');

    beforeEach(() => {
      handler.receive({ type: 'clock', op: 'pause' });
      timers.run(16);
      outbox.clear();
    });

    it('ends in a later frame, at the time it asked for, with the same cluster as a sleep run at once', () => {
      handler.receive({ type: 'console', id: 'd', line: 'kubectl create deployment web --image=nginx --replicas=3' });
      handler.receive({ type: 'console', id: 's', line: 'sleep 10m' });
      expect(outbox.of('done').map((d) => d.id)).toEqual(['d']);
      // A query is answered while the sleep goes on.
      handler.receive({ type: 'query', id: 'q', line: 'kubectl describe deployment web' });
      expect(outbox.of('result')).toHaveLength(1);
      timers.run(200);
      expect(outbox.of('done').at(-1)).toEqual({ type: 'done', id: 's', exitCode: 0, now: 600_000 });
      handler.receive({ type: 'console', id: 'g', line: 'kubectl get pods -o yaml' });

      const direct = new Simulation();
      let text = '';
      const console = direct.openConsole((t) => (text += t));
      console.run('kubectl create deployment web --image=nginx --replicas=3');
      console.run('sleep 10m');
      text = '';
      console.run('kubectl get pods -o yaml');
      expect(printed('g')).toBe(text);
    });

    it('Ctrl+C ends it where it is (exit status 130); the commands sent meanwhile then run in order', () => {
      handler.receive({ type: 'console', id: 's', line: 'sleep 24h' });
      handler.receive({ type: 'console', id: 'c1', line: 'kubeplay clock' });
      handler.receive({ type: 'action', id: 'b1', line: 'kubectl cordon node-a1' });
      expect(outbox.of('started').map((m) => m.id)).toEqual(['s']);
      handler.receive({ type: 'interrupt' });
      expect(outbox.of('done').map((d) => [d.id, d.exitCode, d.now])).toEqual([
        ['s', 130, 0],
        ['c1', 0, 0],
        ['b1', 0, 0],
      ]);
      expect(printed('c1')).toContain('(+0s since start)');
    });

    it('a reset sent meanwhile waits for the sleep, as it would have before', () => {
      handler.receive({ type: 'console', id: 's', line: 'sleep 1m' });
      handler.receive({ type: 'reset', options: { zones: 1, nodesPerZone: 1 } });
      expect(outbox.of('delta').some((d) => d.reset)).toBe(false);
      timers.run(100);
      expect(outbox.of('done').map((d) => [d.id, d.now])).toEqual([['s', 60_000]]);
      const snapshot = outbox.of('delta').find((d) => d.reset)!;
      expect(snapshot.upserts.filter((o) => o.kind === 'Node').map((n) => n.metadata.name)).toEqual(['node-a1']);
    });

    it('a sleep it refuses ends at once with its message', () => {
      handler.receive({ type: 'console', id: 's', line: 'sleep 25h' });
      expect(outbox.of('done')).toEqual([{ type: 'done', id: 's', exitCode: 1, now: 0 }]);
      expect(printed('s')).toMatch(/^sleep: 25h is more virtual time than one command may take/);
    });
  });

  it('answers an events query with the Events about one object, as kubectl describe finds them', () => {
    handler.receive({ type: 'events', id: 'e1', about: { kind: 'Node', namespace: '', name: 'node-a1' } });
    const [answer] = outbox.of('eventList');
    expect(answer.id).toBe('e1');
    const reasons = answer.events.map((e) => (e as { reason?: string }).reason);
    expect(reasons).toContain('RegisteredNode');
    expect(reasons).toContain('Starting');
    expect(answer.total).toBe(answer.events.length);
    const about = answer.events.map((e) => (e as { involvedObject?: { name?: string } }).involvedObject?.name);
    expect(new Set(about)).toEqual(new Set(['node-a1']));

    handler.receive({ type: 'events', id: 'e2', about: { kind: 'Pod', namespace: 'default', name: 'nothing-here' } });
    expect(outbox.of('eventList')[1]).toEqual({ type: 'eventList', id: 'e2', events: [], total: 0 });
  });

  it('answers with the newest MAX_QUERIED_EVENTS Events about an object, and how many there are', () => {
    const count = MAX_QUERIED_EVENTS + 10;
    const yaml = Array.from(
      { length: count },
      (_, i) => `apiVersion: v1
kind: Event
metadata:
  name: web.${i}
  namespace: default
involvedObject:
  kind: Pod
  name: web
  namespace: default
reason: Noted
message: note ${i}
type: Normal
source:
  component: test
`,
    ).join('---\n');
    handler.receive({ type: 'apply', id: 'a1', yaml });
    expect(outbox.of('done').find((d) => d.id === 'a1')?.exitCode).toBe(0);
    handler.receive({ type: 'events', id: 'e1', about: { kind: 'Pod', namespace: 'default', name: 'web' } });
    const [answer] = outbox.of('eventList');
    expect(answer.total).toBe(count);
    expect(answer.events).toHaveLength(MAX_QUERIED_EVENTS);
    // the newest written: the first ten created are left out
    const names = new Set(answer.events.map((e) => e.metadata.name));
    expect(names.has('web.0')).toBe(false);
    expect(names.has(`web.${count - 1}`)).toBe(true);
  });
});
