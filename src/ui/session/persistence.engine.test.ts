// The session kept and given back with the real engine behind the bridge: a second page (new
// worker, new store, same saved record) gets the same cluster — the very pods — the console as it
// was (without the replay's echoes), the input history and the editor's text.

import { afterEach, describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/simulation';
import type { FromWorker, ToWorker } from '../../protocol/messages';
import { WorkerHandler } from '../../worker/handler';
import { FakeTimers } from '../../worker/testing/fakes';
import { Bridge, WELCOME, type WorkerLike } from '../bridge';
import { DEFAULT_LAYOUT, usePaneLayout } from '../layout/pane-layout';
import { createKubeplayStore, type KubeplayStore } from '../state/store';
import { useEditorBuffer } from './editor-buffer';
import { memoryStorage } from './fixtures';
import { memoryStore, type KeyValueStore } from './idb';
import { SESSION_KEY, startPersistence, type SessionPersistence } from './persistence';

/** A page: the real engine in a WorkerHandler on fake real time, a bridge and a store. */
function page(timers: FakeTimers) {
  const listeners: ((event: MessageEvent<FromWorker>) => void)[] = [];
  const handler = new WorkerHandler({
    post: (message) => {
      for (const l of listeners) l({ data: message } as MessageEvent<FromWorker>);
    },
    timers,
    createSimulation: (options) => new Simulation(options),
  });
  const worker: WorkerLike = {
    // delivered later, as a real worker does (a command is tracked after it is sent)
    postMessage: (message: ToWorker) => void timers.schedule(() => handler.receive(message), 0),
    addEventListener: (type: string, listener: (event: never) => void) => {
      if (type === 'message') listeners.push(listener as (event: MessageEvent<FromWorker>) => void);
    },
    terminate: () => handler.dispose(),
  };
  const store = createKubeplayStore();
  const bridge = new Bridge(worker, store);
  return { handler, bridge, store };
}

function persist(
  bridge: Bridge,
  store: KubeplayStore,
  kv: KeyValueStore,
  tick: { run?: () => void },
  holdsSession = true,
  hide?: { storage: Storage; onHide: (fn: () => void) => () => void },
): SessionPersistence {
  return startPersistence(bridge, {
    ...(hide ? { hideStorage: hide.storage, onHide: hide.onHide } : {}),
    store,
    open: async () => kv,
    claim: async () => holdsSession,
    greeting: WELCOME,
    connected: async () => {},
    every: (fn) => {
      tick.run = fn;
      return () => {};
    },
  });
}

/** Runs fake real time in frames until `promise` settles. */
async function settle<T>(timers: FakeTimers, promise: Promise<T>): Promise<T> {
  let done = false;
  void promise.finally(() => {
    done = true;
  });
  for (let i = 0; i < 10_000 && !done; i++) {
    timers.run(16);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return promise;
}

const podNames = (store: KubeplayStore) =>
  store
    .getState()
    .objects.ofKind('Pod')
    .values()
    .map((o) => o.metadata.name)
    .sort();

afterEach(() => {
  useEditorBuffer.getState().setText(null);
  usePaneLayout.getState().replace(DEFAULT_LAYOUT);
});

describe('session persistence with the engine', () => {
  it('gives a reloaded page the same cluster, console, history and editor text', async () => {
    const kv = memoryStore();
    const timers = new FakeTimers();
    const first = page(timers);
    const firstPersistence = persist(first.bridge, first.store, kv, {});
    expect(await settle(timers, firstPersistence.restored)).toBe(false);

    first.bridge.setSpeed(100);
    first.bridge.runConsole('kubectl create deployment web --image=nginx:1.14.2 --replicas=3');
    timers.run(1000); // 100 s of virtual time: the pods run
    await settle(timers, first.bridge.track(first.bridge.runConsole('kubectl get deployments')));
    timers.run(500);
    useEditorBuffer.getState().setText('kind: ConfigMap\n');
    usePaneLayout.getState().set({ sideWidth: 400 });
    await firstPersistence.save();
    const saved = (await kv.get(SESSION_KEY)) as { commands: { line: string }[] };
    expect(saved.commands.map((c) => c.line)).toEqual([
      'kubectl create deployment web --image=nginx:1.14.2 --replicas=3',
      'kubectl get deployments',
    ]);
    const pods = podNames(first.store);
    expect(pods).toHaveLength(3);
    const clockAtSave = first.store.getState().clock.now;
    first.bridge.dispose();

    useEditorBuffer.getState().setText(null);
    usePaneLayout.getState().replace(DEFAULT_LAYOUT);
    const second = page(timers);
    const secondPersistence = persist(second.bridge, second.store, kv, {});
    expect(await settle(timers, secondPersistence.restored)).toBe(true);
    timers.run(16); // the frame that mirrors the rebuilt cluster

    expect(podNames(second.store)).toEqual(pods);
    const s = second.store.getState();
    expect(s.clock.now).toBeGreaterThanOrEqual(clockAtSave);
    expect(s.clock.speed).toBe(100);
    expect(s.history).toEqual(['kubectl create deployment web --image=nginx:1.14.2 --replicas=3', 'kubectl get deployments']);
    const commands = s.transcript.entries.filter((e) => e.kind === 'command').map((e) => e.text);
    expect(commands).toEqual(['kubectl create deployment web --image=nginx:1.14.2 --replicas=3', 'kubectl get deployments']);
    const text = s.transcript.entries.map((e) => e.text).join('');
    expect(text.match(/Kubeplay — a Kubernetes control plane/g)).toHaveLength(1);
    expect(text).toContain('deployment.apps/web created');
    expect(text).toMatch(/Session restored in \d+\.\d\d s\./);
    expect(useEditorBuffer.getState().text).toBe('kind: ConfigMap\n');
    expect(usePaneLayout.getState().sideWidth).toBe(400);

    // what the reloaded page records goes on from the restored session (Share, the next reload)
    const next = second.bridge.recorder.restorable();
    // (the replayed gaps come back as `sleep` lines: the same script)
    const lines = next.commands.map((c) => c.line);
    expect(lines.filter((l) => !l.startsWith('sleep '))).toEqual(saved.commands.map((c) => c.line));
    expect(lines.filter((l) => l.startsWith('sleep ')).length).toBeGreaterThan(0);
    second.bridge.dispose();
  });

  it('keeps what happened since the last save when the reload cuts the save made on hide short', async () => {
    const kv = memoryStore();
    let writes = true;
    // IndexedDB as a reload leaves it: the transaction begun on pagehide never commits
    const lossy: KeyValueStore = { ...kv, put: (key, value) => (writes ? kv.put(key, value) : new Promise(() => {})) };
    const storage = memoryStorage();
    const hidden: { fn?: () => void } = {};
    const onHide = (fn: () => void) => {
      hidden.fn = fn;
      return () => {};
    };
    const timers = new FakeTimers();
    const first = page(timers);
    const firstPersistence = persist(first.bridge, first.store, lossy, {}, true, { storage, onHide });
    await settle(timers, firstPersistence.restored);
    first.bridge.setSpeed(10);
    await settle(timers, first.bridge.track(first.bridge.runConsole('kubectl create namespace early')));
    await firstPersistence.save();
    writes = false;
    await settle(timers, first.bridge.track(first.bridge.runConsole('kubectl create namespace late')));
    timers.run(2000); // 20 s of virtual time after the last command
    const clockAtHide = first.store.getState().clock.now;
    hidden.fn?.();
    first.bridge.dispose();

    const second = page(timers);
    const secondPersistence = persist(second.bridge, second.store, kv, {}, true, { storage, onHide });
    expect(await settle(timers, secondPersistence.restored)).toBe(true);
    timers.run(16);
    const namespaces = second.store
      .getState()
      .objects.ofKind('Namespace')
      .values()
      .map((o) => o.metadata.name);
    expect(namespaces).toEqual(expect.arrayContaining(['early', 'late']));
    expect(second.store.getState().clock.now).toBeGreaterThanOrEqual(clockAtHide);
    second.bridge.dispose();
  });

  it('starts fresh, and saves nothing, in a tab that does not hold the session', async () => {
    const kv = memoryStore({ [SESSION_KEY]: { version: 1, commands: [{ line: 'kubectl create ns kept', gapMs: 0 }] } });
    const timers = new FakeTimers();
    const tab = page(timers);
    const tick: { run?: () => void } = {};
    const persistence = persist(tab.bridge, tab.store, kv, tick, false);
    expect(await settle(timers, persistence.restored)).toBe(false);
    tab.bridge.runConsole('kubectl create ns other');
    tick.run?.();
    await persistence.save();
    expect(kv.data.get(SESSION_KEY)).toEqual({ version: 1, commands: [{ line: 'kubectl create ns kept', gapMs: 0 }] });
    expect(
      tab.store
        .getState()
        .transcript.entries.map((e) => e.text)
        .join(''),
    ).toContain('open in another tab');
    tab.bridge.dispose();
  });
});
