import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, type ClockState, type FromWorker, type ToWorker } from '../../protocol/messages';
import { Bridge, type WorkerLike } from '../bridge';
import { createKubeplayStore } from '../state/store';
import { EMBED_PROTOCOL_VERSION, parseParentMessage, serveEmbedApi, type EmbedMessage, type EmbedWindow } from './messaging';

class FakeWorker implements WorkerLike {
  sent: ToWorker[] = [];
  private listener: ((event: MessageEvent<FromWorker>) => void) | null = null;
  postMessage(message: ToWorker): void {
    this.sent.push(message);
  }
  addEventListener(type: string, listener: (event: never) => void): void {
    if (type === 'message') this.listener = listener as (event: MessageEvent<FromWorker>) => void;
  }
  deliver(message: FromWorker): void {
    this.listener?.({ data: message } as MessageEvent<FromWorker>);
  }
  terminate(): void {}
}

const clock: ClockState = { now: 0, unixMs: 0, timestamp: '', speed: 1, playing: true, nextEventTime: null };

function setup() {
  const worker = new FakeWorker();
  const bridge = new Bridge(worker, createKubeplayStore());
  worker.deliver({ type: 'ready', version: PROTOCOL_VERSION, clock });
  const posted: [EmbedMessage, string][] = [];
  const parent = { postMessage: (m: EmbedMessage, origin: string) => posted.push([m, origin]) };
  let listener: ((event: MessageEvent) => void) | null = null;
  const win: EmbedWindow = {
    parent,
    addEventListener: (_type, l) => (listener = l),
    removeEventListener: () => (listener = null),
  };
  let ready!: () => void;
  const stop = serveEmbedApi(bridge, win, new Promise<void>((resolve) => (ready = resolve)));
  const fromParent = (data: unknown, origin = 'https://docs.example') =>
    listener?.({ data, source: parent, origin } as unknown as MessageEvent);
  const fromOther = (data: unknown) =>
    listener?.({ data, source: {}, origin: 'https://evil.example' } as unknown as MessageEvent);
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { worker, bridge, posted, fromParent, fromOther, ready, stop, flush, commands: () => worker.sent.slice(1) };
}

describe('parseParentMessage', () => {
  it.each<[unknown, unknown]>([
    [
      { type: 'kubeplay:run', id: 'a', line: 'kubectl get pods' },
      { type: 'kubeplay:run', id: 'a', line: 'kubectl get pods' },
    ],
    [
      { type: 'kubeplay:run', id: 3, line: 'x', extra: true },
      { type: 'kubeplay:run', id: 3, line: 'x' },
    ],
    [
      { type: 'kubeplay:apply', id: 'y', yaml: 'kind: Pod\n' },
      { type: 'kubeplay:apply', id: 'y', yaml: 'kind: Pod\n' },
    ],
    [
      { type: 'kubeplay:clock', op: 'pause' },
      { type: 'kubeplay:clock', op: 'pause' },
    ],
    [
      { type: 'kubeplay:clock', op: 'speed', speed: 10 },
      { type: 'kubeplay:clock', op: 'speed', speed: 10 },
    ],
    [
      { type: 'kubeplay:clock', op: 'speed', speed: '0.5' },
      { type: 'kubeplay:clock', op: 'speed', speed: 0.5 },
    ],
    [
      { type: 'kubeplay:clock', op: 'speed', speed: 'max' },
      { type: 'kubeplay:clock', op: 'speed', speed: 'max' },
    ],
    [{ type: 'kubeplay:reset' }, { type: 'kubeplay:reset' }],
    [
      { type: 'kubeplay:reset', id: 'r' },
      { type: 'kubeplay:reset', id: 'r' },
    ],
  ])('reads %j', (data, expected) => {
    expect(parseParentMessage(data)).toEqual(expected);
  });

  it.each<[unknown]>([
    [null],
    [undefined],
    ['kubeplay:run'],
    [42],
    [[{ type: 'kubeplay:run', id: 'a', line: 'x' }]],
    [{ type: 'kubeplay:run', line: 'x' }],
    [{ type: 'kubeplay:run', id: 'a' }],
    [{ type: 'kubeplay:run', id: 'a', line: '   ' }],
    [{ type: 'kubeplay:run', id: NaN, line: 'x' }],
    [{ type: 'kubeplay:run', id: { a: 1 }, line: 'x' }],
    [{ type: 'kubeplay:run', id: 'x'.repeat(201), line: 'x' }],
    [{ type: 'kubeplay:run', id: 'a', line: 7 }],
    [{ type: 'kubeplay:apply', id: 'a', yaml: { kind: 'Pod' } }],
    [{ type: 'kubeplay:clock', op: 'rewind' }],
    [{ type: 'kubeplay:clock', op: 'speed', speed: 3 }],
    [{ type: 'kubeplay:clock', op: 'speed' }],
    [{ type: 'kubeplay:reset', id: [] }],
    [{ type: 'kubeplay:ready', version: 1 }],
    [{ type: 'other' }],
    [Object.create(null)],
  ])('ignores %j', (data) => {
    expect(parseParentMessage(data)).toBeNull();
  });
});

describe('serveEmbedApi', () => {
  it('says ready once the page is, with the protocol version', async () => {
    const t = setup();
    await t.flush();
    expect(t.posted).toEqual([]);
    t.ready();
    await t.flush();
    expect(t.posted).toEqual([[{ type: 'kubeplay:ready', version: EMBED_PROTOCOL_VERSION }, '*']]);
  });

  it('runs a line, and answers the origin that asked with what it printed', async () => {
    const t = setup();
    t.fromParent({ type: 'kubeplay:run', id: 'q1', line: ' kubectl get pod x ' });
    expect(t.commands()).toEqual([{ type: 'console', id: 'c1', line: 'kubectl get pod x' }]);
    t.worker.deliver({ type: 'started', id: 'c1', line: 'kubectl get pod x', source: 'console' });
    t.worker.deliver({ type: 'output', id: 'c1', text: 'partial\n', stream: 'stdout' });
    t.worker.deliver({ type: 'output', id: 'c1', text: 'Error from server (NotFound)\n', stream: 'stderr' });
    t.worker.deliver({ type: 'done', id: 'c1', exitCode: 1 });
    await t.flush();
    expect(t.posted).toEqual([
      [
        {
          type: 'kubeplay:result',
          id: 'q1',
          output: 'partial\nError from server (NotFound)\n',
          stdout: 'partial\n',
          stderr: 'Error from server (NotFound)\n',
          exitCode: 1,
        },
        'https://docs.example',
      ],
    ]);
  });

  it('sends a here-document as stdin, applies YAML, controls the clock and resets', async () => {
    const t = setup();
    t.fromParent({ type: 'kubeplay:run', id: 1, line: 'kubectl apply -f - <<EOF\nkind: Pod\nEOF' });
    t.fromParent({ type: 'kubeplay:apply', id: 2, yaml: 'kind: Pod\n' });
    t.fromParent({ type: 'kubeplay:clock', op: 'pause' });
    t.fromParent({ type: 'kubeplay:clock', op: 'speed', speed: 100 });
    t.fromParent({ type: 'kubeplay:clock', op: 'step' });
    t.fromParent({ type: 'kubeplay:clock', op: 'play' });
    t.fromParent({ type: 'kubeplay:reset', id: 'r' }, 'null');
    expect(t.commands()).toEqual([
      { type: 'console', id: 'c1', line: 'kubectl apply -f -', stdin: 'kind: Pod\n' },
      { type: 'apply', id: 'a2', yaml: 'kind: Pod\n' },
      { type: 'clock', op: 'pause' },
      { type: 'clock', op: 'speed', speed: 100 },
      { type: 'clock', op: 'step' },
      { type: 'clock', op: 'play' },
      { type: 'action', id: 'b3', line: 'kubeplay cluster reset' },
    ]);
    t.worker.deliver({ type: 'done', id: 'b3', exitCode: 0 });
    await t.flush();
    // an opaque origin (a sandboxed or srcdoc parent) can only be answered with '*'
    expect(t.posted).toEqual([[{ type: 'kubeplay:result', id: 'r', output: '', stdout: '', stderr: '', exitCode: 0 }, '*']]);
  });

  it('ignores messages from anyone but the parent, and malformed ones, without throwing', () => {
    const t = setup();
    t.fromOther({ type: 'kubeplay:run', id: 'x', line: 'kubectl delete ns default' });
    for (const junk of [null, 'x', { type: 'kubeplay:run' }, { type: 'kubeplay:clock', op: 'speed', speed: -1 }]) {
      expect(() => t.fromParent(junk)).not.toThrow();
    }
    expect(t.commands()).toEqual([]);
  });

  it('answers a command the worker failed on, and stops when asked', async () => {
    const t = setup();
    t.fromParent({ type: 'kubeplay:run', id: 'e', line: 'kubectl get pods' });
    t.worker.deliver({ type: 'error', id: 'c1', message: 'failed to handle console: boom' });
    await t.flush();
    expect(t.posted[0][0]).toMatchObject({ id: 'e', exitCode: 1, stderr: 'kubeplay: failed to handle console: boom\n' });
    t.stop();
    t.fromParent({ type: 'kubeplay:run', id: 'f', line: 'kubectl get pods' });
    expect(t.commands()).toHaveLength(1);
  });
});
