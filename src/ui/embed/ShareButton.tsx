// ShareButton: builds a link that replays this session (share.ts), copies it to the clipboard
// when the browser lets the page, and shows it in a small popover either way — selected, so
// Ctrl+C copies it when the clipboard API is missing or refused — with the embed code beside it.

import { useEffect, useId, useRef, useState } from 'react';
import { useBridge } from '../bridge-context';
import { formatElapsed } from '../format';
import { kubeplayStore } from '../state/store';
import { countCommands, iframeSnippet, shareUrl, SHARE_EMBED } from './share';
import type { SessionStep } from './script';
import './embed.css';

interface Shared {
  url: string;
  embedUrl: string;
  steps: SessionStep[];
  elapsedMs: number;
}

/** The page's address without its query: where shared links point. */
function pageBase(): string {
  return `${location.origin}${location.pathname}`;
}

async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function ShareIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path
        d="M6.6 9.4 9.4 6.6M7.2 4.4l1.1-1.1a2.7 2.7 0 0 1 3.8 3.8l-1.1 1.1M8.8 11.6l-1.1 1.1a2.7 2.7 0 0 1-3.8-3.8l1.1-1.1"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** Builds the session's links from the bridge's recording and the clock as it is now. */
export function useShareLinks(theme?: string): () => Shared {
  const bridge = useBridge();
  return () => {
    const clock = kubeplayStore.getState().clock;
    const steps = bridge.recorder.steps();
    const options = { speed: clock.speed, playing: clock.playing, ...(theme ? { theme } : {}) };
    return {
      url: shareUrl(pageBase(), steps, options),
      embedUrl: shareUrl(pageBase(), steps, { ...options, embed: SHARE_EMBED }),
      steps,
      elapsedMs: clock.now,
    };
  };
}

export function ShareButton({ theme }: { theme?: string }) {
  const build = useShareLinks(theme);
  const [shared, setShared] = useState<Shared | null>(null);
  const [status, setStatus] = useState('');
  const button = useRef<HTMLButtonElement>(null);
  const popover = useRef<HTMLDivElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const id = useId();

  const close = (refocus = true) => {
    setShared(null);
    setStatus('');
    if (refocus) button.current?.focus();
  };

  const copy = (text: string, what: string, input: HTMLInputElement | HTMLTextAreaElement | null) => {
    input?.focus();
    input?.select();
    setStatus('');
    void copyText(text).then((ok) => setStatus(ok ? `${what} copied` : `Press Ctrl+C (⌘C) to copy the ${what.toLowerCase()}`));
  };

  const open = () => {
    const next = build();
    setShared(next);
    copy(next.url, 'Link', null);
  };

  useEffect(() => {
    if (!shared) return;
    field.current?.focus();
    field.current?.select();
    const onPointerDown = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!popover.current?.contains(target) && !button.current?.contains(target)) close(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
    // the popover opens with a new `shared`; focus and listeners follow it
  }, [shared]);

  return (
    <div className="share">
      <button
        ref={button}
        type="button"
        className="btn"
        aria-haspopup="dialog"
        aria-expanded={shared !== null}
        aria-controls={shared ? `${id}-popover` : undefined}
        onClick={() => (shared ? close() : open())}
        title="Copy a link that replays this session"
      >
        <ShareIcon />
        <span className="btn-label">Share</span>
      </button>
      {shared && (
        <div
          ref={popover}
          id={`${id}-popover`}
          className="share-popover"
          role="dialog"
          aria-labelledby={`${id}-title`}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              close();
            }
          }}
        >
          <div className="share-head">
            <h2 id={`${id}-title`}>Share this session</h2>
            <button type="button" className="btn-close" aria-label="Close" onClick={() => close()}>
              ×
            </button>
          </div>
          <p className="share-summary">
            The link replays {countCommands(shared.steps)} on a fresh cluster, to the same state at{' '}
            <strong>+{formatElapsed(shared.elapsedMs)}</strong> of simulated time.
          </p>
          <label className="share-field">
            <span>Link</span>
            <span className="share-row">
              <input ref={field} readOnly value={shared.url} aria-label="Share link" onFocus={(e) => e.currentTarget.select()} />
              <button
                type="button"
                className="btn btn-primary share-copy"
                onClick={() => copy(shared.url, 'Link', field.current)}
              >
                Copy
              </button>
            </span>
          </label>
          <EmbedCode url={shared.embedUrl} onCopy={(text, input) => copy(text, 'Embed code', input)} />
          <p className="share-status" role="status">
            {status}
          </p>
        </div>
      )}
    </div>
  );
}

function EmbedCode({ url, onCopy }: { url: string; onCopy: (text: string, input: HTMLInputElement | null) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const code = iframeSnippet(url);
  return (
    <label className="share-field">
      <span>
        Embed <small>graph and console, 1024×640 — see docs/embedding.md</small>
      </span>
      <span className="share-row">
        <input ref={input} readOnly value={code} aria-label="Embed code" onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="btn share-copy" onClick={() => onCopy(code, input.current)}>
          Copy
        </button>
      </span>
    </label>
  );
}
