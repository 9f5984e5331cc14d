import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, SPEEDS, formatSpeed } from './messages';
import { parseMachines, parseToWorker } from './validate';

describe('parseToWorker', () => {
  it.each([
    { type: 'hello', version: PROTOCOL_VERSION },
    { type: 'console', id: 'c1', line: 'kubectl get nodes' },
    { type: 'console', id: 'c1', line: 'kubectl apply -f -', stdin: 'kind: Pod' },
    { type: 'apply', id: 'a1', yaml: 'kind: Pod' },
    { type: 'action', id: 'b1', line: 'kubectl cordon node-a1' },
    { type: 'query', id: 'q1', line: 'kubectl describe node node-a1' },
    { type: 'events', id: 'e1', about: { kind: 'Pod', namespace: 'default', name: 'web', uid: 'u1' } },
    { type: 'events', id: 'e2', about: { kind: 'Node', namespace: '', name: 'node-a1' } },
    { type: 'interrupt' },
    { type: 'clock', op: 'play' },
    { type: 'clock', op: 'pause' },
    { type: 'clock', op: 'step' },
    { type: 'clock', op: 'speed', speed: 0.5 },
    { type: 'clock', op: 'speed', speed: 'max' },
    { type: 'reset', options: { seed: 7, zones: 2, nodesPerZone: 1, empty: false } },
  ])('accepts $type $op', (message) => {
    expect(parseToWorker(message)).toEqual({ ok: true, message });
  });

  it('fills reset options with {} when absent and drops unknown fields', () => {
    expect(parseToWorker({ type: 'reset' })).toEqual({ ok: true, message: { type: 'reset', options: {} } });
    expect(parseToWorker({ type: 'interrupt', extra: 1 })).toEqual({ ok: true, message: { type: 'interrupt' } });
  });

  it.each([
    [null, 'message must be an object'],
    ['kubectl get nodes', 'message must be an object'],
    [{ type: 42 }, 'message must be an object'],
    [{ type: 'launch' }, 'unknown message type "launch"'],
    [{ type: 'hello' }, 'hello: version'],
    [{ type: 'console', id: 1, line: 'x' }, 'console: id and line'],
    [{ type: 'console', id: 'c', line: 'x', stdin: 3 }, 'console: stdin'],
    [{ type: 'apply', id: 'a' }, 'apply: id and yaml'],
    [{ type: 'query', id: 'q', line: 7 }, 'query: id and line'],
    [{ type: 'events', id: 'e' }, 'events: id must be a string and about an object'],
    [{ type: 'events', id: 'e', about: { kind: 'Pod', name: 'web' } }, 'events: about.kind, about.namespace'],
    [{ type: 'events', id: 'e', about: { kind: 'Pod', namespace: '', name: 'web', uid: 3 } }, 'events: about.uid'],
    [{ type: 'clock', op: 'rewind' }, 'clock: unknown op "rewind"'],
    [{ type: 'clock', op: 'speed', speed: 3 }, 'clock: unsupported speed 3'],
    [{ type: 'reset', options: { seed: 'x' } }, 'reset: seed'],
    [{ type: 'reset', options: { empty: 'yes' } }, 'reset: empty'],
  ])('rejects %j', (data, error) => {
    const result = parseToWorker(data);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain(error);
  });
});

describe('speeds', () => {
  it('offers 0.5× to 100× and max', () => {
    expect(SPEEDS.map(formatSpeed)).toEqual(['0.5×', '1×', '2×', '5×', '10×', '100×', 'max']);
  });
});

describe('parseMachines', () => {
  it('accepts a snapshot and drops extra fields', () => {
    expect(
      parseMachines([
        { name: 'node-a1', zone: 'zone-a', running: false, reachable: true, region: 'r' },
        { name: 'node-b1', zone: 'zone-b', running: true, reachable: false },
        { name: 'node-c1', zone: 'zone-c', running: true, reachable: true, shuttingDown: true },
        { name: 'node-c2', zone: 'zone-c', running: true, reachable: true, shuttingDown: false },
      ]),
    ).toEqual([
      { name: 'node-a1', zone: 'zone-a', running: false, reachable: true },
      { name: 'node-b1', zone: 'zone-b', running: true, reachable: false },
      { name: 'node-c1', zone: 'zone-c', running: true, reachable: true, shuttingDown: true },
      { name: 'node-c2', zone: 'zone-c', running: true, reachable: true },
    ]);
    expect(parseMachines([])).toEqual([]);
  });

  it.each([
    [{}, 'machines must be an array'],
    [[null], 'machines[0]: name and zone must be strings'],
    [[{ name: 'n', zone: 1, running: true, reachable: true }], 'machines[0]: name and zone must be strings'],
    [[{ name: 'n', zone: 'z', running: 'yes', reachable: true }], 'machines[0]: running and reachable must be booleans'],
    [[{ name: 'n', zone: 'z', running: true, reachable: true, shuttingDown: 1 }], 'machines[0]: shuttingDown must be a boolean'],
  ])('rejects %j', (data, error) => {
    expect(parseMachines(data)).toBe(error);
  });
});
