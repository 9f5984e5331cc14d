// persistence: the page keeps the user's session in IndexedDB and gives it back on reload —
// the cluster (its commands replayed on the deterministic engine, silently, clock paused), the
// console transcript and input history, the editor's text, the layout, the bottom tab and the
// clock's speed and play state. It saves at most once a second after a change (every few
// seconds while only the clock moves) and when the page is hidden or closed.
//
// Only the plain page persists: an embed or a link with a script or an example shows what its
// URL says on every load, and a second tab (see tab-claim.ts) neither restores nor saves. Reset
// cluster clears the saved cluster (the recording starts again), so a reload then gives the
// default cluster back.

import { create } from 'zustand';
import type { Bridge } from '../bridge';
import type { PageConfig } from '../embed/params';
import { sleepDurationMs } from '../embed/recorder';
import { paneLayoutOf, usePaneLayout } from '../layout/pane-layout';
import type { ConsoleTranscript } from '../state/console';
import { useSelection } from '../state/selection';
import { kubeplayStore, type KubeplayStore } from '../state/store';
import { useEditorBuffer } from './editor-buffer';
import { keepHideCopy, newerRecord, readHideCopy } from './hide-copy';
import type { KeyValueStore } from './idb';
import { cacheLayout } from './layout-cache';
import { hasWork, readRecord, RECORD_VERSION, transcriptToSave, type SessionRecord } from './record';

export const SESSION_KEY = 'session';

/** Whether a saved cluster is being rebuilt (the page defers heavy work, like loading Monaco, meanwhile). */
export const useRestoring = create<{ restoring: boolean }>()(() => ({ restoring: false }));

/** Real time between saves after a change, and while only the clock moves. */
export const SAVE_EVERY_MS = 1000;
export const CLOCK_SAVE_EVERY_MS = 5000;

/** Whether a page with this URL keeps its session (the plain playground only). */
export function persists(config: Pick<PageConfig, 'embed' | 'script' | 'example'>): boolean {
  return !config.embed && !config.script && !config.example;
}

/** A reload's console: the saved transcript, then what this page printed since it started (its greeting aside). */
export function mergeTranscript(
  saved: SessionRecord['transcript'],
  current: ConsoleTranscript,
  greeting: string,
): ConsoleTranscript {
  const fresh = current.entries.filter((e, i) => !(i === 0 && e.kind === 'system' && e.text === greeting));
  const entries = [...saved, ...fresh].map((e, i) => ({ ...e, seq: i + 1 }));
  return { entries, nextSeq: entries.length + 1 };
}

/** "3 commands and 12m 5s of virtual time" (a `sleep` counts as time, not as a command). */
export function describeRestore(record: SessionRecord): string {
  const n = record.commands.filter((c) => sleepDurationMs(c.line) === null).length;
  const virtualMs = record.commands.reduce((sum, c) => sum + c.gapMs + (sleepDurationMs(c.line) ?? 0), 0) + record.tailMs;
  const minutes = Math.floor(virtualMs / 60_000);
  const seconds = Math.round((virtualMs % 60_000) / 1000);
  const time = minutes > 0 ? `${minutes}m ${seconds}s` : `${seconds}s`;
  return `${n} command${n === 1 ? '' : 's'} and ${time} of virtual time`;
}

export interface PersistenceDeps {
  store?: KubeplayStore;
  /** Opens the key-value store (IndexedDB in the page). */
  open(): Promise<KeyValueStore>;
  /** Whether this tab may keep the session (tab-claim.ts). */
  claim(): Promise<boolean>;
  /** The greeting the bridge printed first (left out when the saved transcript is put back). */
  greeting: string;
  /** Resolves once the worker is ready. */
  connected(): Promise<void>;
  /** The URL sets the clock (`speed=`, `paused`): it wins over the saved speed and play state. */
  urlClock?: { paused: boolean };
  now?: () => number;
  /** Real-time milliseconds, for the restore's own measurement. */
  clock?: () => number;
  every?: (fn: () => void, ms: number) => () => void;
  /** Calls `fn` when the page is hidden or closed. */
  onHide?: (fn: () => void) => () => void;
  /** Synchronous storage for the save made on hide (hide-copy.ts); localStorage in the page. */
  hideStorage?: Storage;
}

/** What a running persistence exposes (tests, the e2e measurement through window). */
export interface SessionPersistence {
  /** Resolves when the saved session is back (or there was none): true if one was restored. */
  restored: Promise<boolean>;
  /** Real time the cluster's replay took, once restored. */
  restoreMs(): number | null;
  /** Saves now (when allowed); `hiding` also keeps a synchronous copy (hide-copy.ts). */
  save(options?: { hiding?: boolean }): Promise<void>;
  stop(): void;
}

/** The session as it is now, as saved. */
export function currentRecord(bridge: Bridge, store: KubeplayStore, savedAt: number): SessionRecord {
  const s = store.getState();
  const { commands, tailMs } = bridge.recorder.restorable();
  return {
    version: RECORD_VERSION,
    savedAt,
    commands,
    tailMs,
    speed: s.clock.speed,
    playing: s.clock.playing,
    transcript: transcriptToSave(s.transcript.entries),
    history: s.history,
    editor: useEditorBuffer.getState().text,
    tab: useSelection.getState().tab,
    layout: paneLayoutOf(usePaneLayout.getState()),
  };
}

/** Restores the saved session, if any, then keeps saving this one. */
export function startPersistence(bridge: Bridge, deps: PersistenceDeps): SessionPersistence {
  const store = deps.store ?? kubeplayStore;
  const now = deps.now ?? Date.now;
  const clock = deps.clock ?? (() => performance.now());
  const every =
    deps.every ??
    ((fn, ms) => {
      const handle = setInterval(fn, ms);
      return () => clearInterval(handle);
    });
  let kv: KeyValueStore | null = null;
  let allowed = false;
  let dirty = false;
  let lastSaveAt = 0;
  let lastSavedClock = -1;
  let restoreMs: number | null = null;
  let saving: Promise<void> = Promise.resolve();
  const stops: (() => void)[] = [];

  const save = (options: { hiding?: boolean } = {}): Promise<void> => {
    if (!allowed || !kv) return saving;
    const target = kv;
    dirty = false;
    lastSaveAt = clock();
    lastSavedClock = store.getState().clock.now;
    const record = currentRecord(bridge, store, now());
    cacheLayout(record.layout, record.tab);
    if (options.hiding) keepHideCopy(record, deps.hideStorage);
    // one write at a time, in order: an older snapshot never lands after a newer one
    saving = saving.then(() => target.put(SESSION_KEY, record)).catch(() => {});
    return saving;
  };

  const watch = () => {
    const markDirty = () => {
      dirty = true;
    };
    stops.push(
      store.subscribe((s, previous) => {
        if (
          s.transcript !== previous.transcript ||
          s.history !== previous.history ||
          s.running !== previous.running ||
          s.clock.speed !== previous.clock.speed ||
          s.clock.playing !== previous.clock.playing
        )
          markDirty();
      }),
      useEditorBuffer.subscribe(markDirty),
      usePaneLayout.subscribe(markDirty),
      useSelection.subscribe((s, previous) => {
        if (s.tab !== previous.tab) markDirty();
      }),
      every(() => {
        const moved = store.getState().clock.now !== lastSavedClock;
        if (dirty || (moved && clock() - lastSaveAt >= CLOCK_SAVE_EVERY_MS)) void save();
      }, SAVE_EVERY_MS),
    );
    if (deps.onHide) stops.push(deps.onHide(() => void save({ hiding: true })));
  };

  const restore = async (record: SessionRecord): Promise<boolean> => {
    useSelection.getState().showTab(record.tab);
    usePaneLayout.getState().replace(record.layout);
    if (record.editor !== null) useEditorBuffer.getState().setText(record.editor);
    store.setState((s) => ({
      history: record.history,
      transcript: mergeTranscript(record.transcript, s.transcript, deps.greeting),
    }));
    await deps.connected();
    const playing = deps.urlClock ? !deps.urlClock.paused : record.playing;
    if (!deps.urlClock) bridge.setSpeed(record.speed);
    // Nothing done to the cluster: the default one is already there (only its clock would differ,
    // and replaying the time would reset the worker and delay the page's first picture of it).
    if (record.commands.length === 0) {
      if (!playing) bridge.pause();
      return true;
    }
    // only the time since a reset to replay: nothing worth a word in the console
    const tell = record.commands.some((c) => sleepDurationMs(c.line) === null);
    const startedAt = clock();
    if (tell) bridge.note(`Restoring your session: ${describeRestore(record)}…\n`);
    useRestoring.setState({ restoring: true });
    try {
      const last = bridge.restore(record.commands, record.tailMs, playing);
      if (last) await bridge.track(last);
    } finally {
      useRestoring.setState({ restoring: false });
    }
    restoreMs = clock() - startedAt;
    if (tell) bridge.note(`Session restored in ${(restoreMs / 1000).toFixed(2)} s.\n`);
    return true;
  };

  const restored = (async (): Promise<boolean> => {
    try {
      kv = await deps.open();
    } catch {
      bridge.note('This browser does not let the page keep your session (IndexedDB is unavailable): a reload starts over.\n');
      return false;
    }
    allowed = await deps.claim();
    if (!allowed) {
      bridge.note(
        'Kubeplay is open in another tab, which keeps your saved session: this tab starts fresh and is not saved. ' +
          'Close the other tab and reload this one to continue that session here.\n',
      );
      return false;
    }
    // an unreadable record is no record: the page starts fresh
    const saved = await kv.get(SESSION_KEY).then(readRecord, () => null);
    const record = newerRecord(saved, readHideCopy(deps.hideStorage));
    // saving waits for the restore: a half-rebuilt cluster must not overwrite the saved one
    allowed = false;
    let done = false;
    try {
      if (record && hasWork(record)) done = await restore(record);
    } finally {
      allowed = true;
      watch();
      void save();
    }
    return done;
  })();

  return {
    restored,
    restoreMs: () => restoreMs,
    save,
    stop: () => {
      for (const stop of stops.splice(0)) stop();
    },
  };
}

/** Calls `fn` when the page is hidden (tab switched, window minimised) or closed. */
export function onPageHide(fn: () => void): () => void {
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') fn();
  };
  addEventListener('pagehide', fn);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    removeEventListener('pagehide', fn);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
