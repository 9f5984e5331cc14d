// Console: a terminal on the simulation. Enter runs the line (echoed by the worker as `$ line`
// before its output, for typed commands and buttons alike); ↑/↓ walk the history; Tab completes
// (console/completion.ts; a second Tab lists the candidates, as bash does); `clear` and Ctrl+L
// empty the screen; `help` lists what the console understands (console/help.ts); Ctrl+C without a selection stops a streaming watch or a running command.
// The transcript (up to 2,000 entries) is drawn in chunks of CHUNK_ENTRIES that the browser lays
// out only while on screen (content-visibility), and the output follows new text once per frame:
// laying out the whole transcript on every output was a seventh of the page's main thread while a
// script ran thousands of commands.

import { memo, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useBridge } from '../bridge-context';
import { complete, formatCandidates } from '../console/completion';
import { consoleHelp } from '../console/help';
import { highlight } from '../console/highlight';
import type { ConsoleEntry } from '../state/console';
import { kubeplayStore, useKubeplay } from '../state/store';

const Entry = memo(function Entry({ entry }: { entry: ConsoleEntry }) {
  switch (entry.kind) {
    case 'command':
      return (
        <span className="t-cmd">
          <span className="t-prompt">$ </span>
          {entry.text}
        </span>
      );
    case 'stdout':
      return (
        <span className="t-out">
          {highlight(entry.text).map((seg, i) =>
            seg.tone ? (
              <span key={i} className={`t-${seg.tone}`}>
                {seg.text}
              </span>
            ) : (
              seg.text
            ),
          )}
        </span>
      );
    case 'stderr':
      return <span className="t-err">{entry.text}</span>;
    case 'system':
      return <span className="t-sys">{entry.text}</span>;
  }
});

/** Entries per chunk of the transcript: one block the browser lays out (or skips) as a whole. */
const CHUNK_ENTRIES = 50;

/** The entries in chunks of CHUNK_ENTRIES by seq, so a chunk keeps its entries while later ones arrive. */
function chunksOf(entries: readonly ConsoleEntry[]): ConsoleEntry[][] {
  const chunks: ConsoleEntry[][] = [];
  let current: ConsoleEntry[] = [];
  let chunkId = -1;
  for (const entry of entries) {
    const id = Math.floor(entry.seq / CHUNK_ENTRIES);
    if (id !== chunkId && current.length > 0) {
      chunks.push(current);
      current = [];
    }
    chunkId = id;
    current.push(entry);
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

const sameEntries = (a: { entries: readonly ConsoleEntry[] }, b: { entries: readonly ConsoleEntry[] }) =>
  a.entries.length === b.entries.length && a.entries.every((entry, i) => entry === b.entries[i]);

const Chunk = memo(function Chunk({ entries }: { entries: readonly ConsoleEntry[] }) {
  return (
    <div className="t-chunk">
      {entries.map((entry) => (
        <Entry key={entry.seq} entry={entry} />
      ))}
    </div>
  );
}, sameEntries);

/** Pixels from the bottom within which the output keeps following new text. */
const STICKY_PX = 32;

/** Roughly how many monospace characters fit across the output, for laying out candidates. */
function columnsOf(el: HTMLElement | null): number {
  const width = el?.clientWidth ?? 0;
  return width > 0 ? Math.max(20, Math.floor(width / 8) - 2) : 80;
}

export function Console() {
  const bridge = useBridge();
  const entries = useKubeplay((s) => s.transcript.entries);
  const history = useKubeplay((s) => s.history);
  const busy = useKubeplay((s) => s.running.some((id) => id.startsWith('c')));
  const [value, setValue] = useState('');
  /** Position in history while browsing with ↑/↓; null when editing a fresh line. */
  const [cursor, setCursor] = useState<number | null>(null);
  const draft = useRef('');
  const output = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const sticky = useRef(true);
  /** The line as the last Tab left it, while it had several candidates: another Tab lists them. */
  const lastTab = useRef<string | null>(null);
  /** Where the caret goes once a completed value is rendered. */
  const caret = useRef<number | null>(null);

  useLayoutEffect(() => {
    const el = input.current;
    if (el && caret.current !== null) el.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [value]);

  // Follows new text in the next frame, where the browser lays out anyway (reading scrollHeight
  // here, at every commit, forced a layout of its own).
  useEffect(() => {
    if (!sticky.current) return;
    const frame = requestAnimationFrame(() => {
      const el = output.current;
      if (el && sticky.current) el.scrollTop = el.scrollHeight;
    });
    return () => cancelAnimationFrame(frame);
  }, [entries]);

  const submit = () => {
    const line = value;
    setValue('');
    setCursor(null);
    draft.current = '';
    sticky.current = true;
    const trimmed = line.trim();
    if (!trimmed) return;
    if (trimmed === 'clear') {
      bridge.remember(trimmed);
      bridge.clearConsole();
      return;
    }
    if (trimmed === 'help') {
      bridge.remember(trimmed);
      bridge.note(`$ help\n${consoleHelp(columnsOf(output.current))}`);
      return;
    }
    bridge.runConsole(trimmed);
  };

  const tabComplete = (el: HTMLInputElement) => {
    const at = el.selectionStart ?? value.length;
    const { objects, events } = kubeplayStore.getState();
    const result = complete(value, at, { ofKind: (kind) => (kind === 'Event' ? events : objects).ofKind(kind) });
    const ambiguous = result.candidates.length > 1;
    if (result.line !== value) {
      caret.current = result.cursor;
      setValue(result.line);
      setCursor(null);
      lastTab.current = ambiguous ? result.line : null;
      return;
    }
    if (!ambiguous) return;
    if (lastTab.current === value) {
      sticky.current = true;
      bridge.note(`$ ${value}\n${formatCandidates(result.candidates, columnsOf(output.current))}\n`);
    }
    lastTab.current = value;
  };

  const browse = (direction: -1 | 1) => {
    if (history.length === 0) return;
    if (cursor === null) {
      if (direction === 1) return;
      draft.current = value;
      setCursor(history.length - 1);
      setValue(history[history.length - 1]);
      return;
    }
    const next = cursor + direction;
    if (next < 0) return;
    if (next >= history.length) {
      setCursor(null);
      setValue(draft.current);
      return;
    }
    setCursor(next);
    setValue(history[next]);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      submit();
    } else if (e.key === 'Tab' && !e.shiftKey && !e.ctrlKey && !e.altKey && !e.metaKey && value.trim() !== '') {
      // An empty prompt lets Tab move the focus on, so the console never traps the keyboard.
      e.preventDefault();
      tabComplete(e.currentTarget);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      browse(-1);
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      browse(1);
    } else if (e.ctrlKey && !e.altKey && !e.metaKey && (e.key === 'l' || e.key === 'L')) {
      e.preventDefault();
      bridge.clearConsole();
    } else if (e.ctrlKey && !e.altKey && !e.metaKey && (e.key === 'c' || e.key === 'C')) {
      const el = e.currentTarget;
      if (el.selectionStart !== el.selectionEnd) return; // copying
      e.preventDefault();
      bridge.interrupt();
      bridge.note(`$ ${value}^C\n`);
      setValue('');
      setCursor(null);
    }
  };

  return (
    <section className="panel console" aria-labelledby="console-heading">
      <header className="panel-header">
        <h2 id="console-heading">Console</h2>
        <span className="panel-meta">
          <kbd>↑</kbd>
          <kbd>↓</kbd> history · <kbd>Tab</kbd> complete · <kbd>help</kbd> · <kbd>Ctrl</kbd>+<kbd>L</kbd> clear · <kbd>Ctrl</kbd>+
          <kbd>C</kbd> stop watch
        </span>
      </header>
      <div
        className="terminal"
        onMouseUp={() => {
          // Clicking the terminal focuses the prompt, unless the user is selecting text to copy.
          if (!window.getSelection()?.toString()) input.current?.focus();
        }}
      >
        <div
          className="terminal-output"
          role="log"
          aria-label="Console output"
          ref={output}
          onScroll={(e) => {
            const el = e.currentTarget;
            sticky.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICKY_PX;
          }}
        >
          <pre>
            {chunksOf(entries).map((chunk) => (
              <Chunk key={Math.floor(chunk[0].seq / CHUNK_ENTRIES)} entries={chunk} />
            ))}
          </pre>
        </div>
        <div className={`terminal-input${busy ? ' is-busy' : ''}`}>
          <span className="t-prompt" aria-hidden="true">
            $
          </span>
          <input
            ref={input}
            type="text"
            aria-label="kubectl console"
            title="↑ ↓ history · Tab complete · Ctrl+L clear · Ctrl+C stop a watch or a command"
            placeholder="kubectl get nodes"
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setCursor(null);
              lastTab.current = null;
            }}
            onKeyDown={onKeyDown}
            autoComplete="off"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            autoFocus
          />
        </div>
      </div>
    </section>
  );
}
