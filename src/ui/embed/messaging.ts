// messaging: the postMessage API between an embedding page (the iframe's parent) and the
// playground — a small versioned protocol of its own, documented in docs/embedding.md.
//
//   iframe → parent  { type: 'kubeplay:ready', version }            once, when commands can be sent
//                    { type: 'kubeplay:result', id, output, stdout, stderr, exitCode }
//   parent → iframe  { type: 'kubeplay:run', id, line }              a console line, echoed
//                    { type: 'kubeplay:apply', id, yaml }            manifests, as the editor's Apply
//                    { type: 'kubeplay:clock', op, speed? }          play | pause | step | speed
//                    { type: 'kubeplay:reset', id? }                 Reset cluster
//
// Only messages from window.parent are read; anything malformed is ignored (parseParentMessage
// returns null, nothing throws), since any page may frame the playground and post to it.

import { isSpeed, type Speed } from '../../protocol/messages';
import type { Bridge, CommandResult } from '../bridge';
import { consoleLine, parseCommandLine } from './script';

/** Bump when a message changes shape; sent in `kubeplay:ready`. */
export const EMBED_PROTOCOL_VERSION = 1;

/** A request id: a string (≤ 200 characters) or a finite number, echoed back in the result. */
export type RequestId = string | number;

export type ParentMessage =
  | { type: 'kubeplay:run'; id: RequestId; line: string }
  | { type: 'kubeplay:apply'; id: RequestId; yaml: string }
  | { type: 'kubeplay:clock'; op: 'play' | 'pause' | 'step' }
  | { type: 'kubeplay:clock'; op: 'speed'; speed: Speed }
  | { type: 'kubeplay:reset'; id?: RequestId };

export type EmbedMessage =
  { type: 'kubeplay:ready'; version: number } | ({ type: 'kubeplay:result'; id: RequestId } & CommandResult);

/** Longest line or manifest text accepted from a parent. */
export const MAX_TEXT = 1_000_000;

function isRequestId(value: unknown): value is RequestId {
  return (typeof value === 'string' && value.length <= 200) || (typeof value === 'number' && Number.isFinite(value));
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.length <= MAX_TEXT;

/** Validates a message from the parent; null for anything this version does not understand. */
export function parseParentMessage(data: unknown): ParentMessage | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const m = data as Record<string, unknown>;
  switch (m.type) {
    case 'kubeplay:run':
      return isRequestId(m.id) && isText(m.line) && m.line.trim() !== '' ? { type: m.type, id: m.id, line: m.line } : null;
    case 'kubeplay:apply':
      return isRequestId(m.id) && isText(m.yaml) ? { type: m.type, id: m.id, yaml: m.yaml } : null;
    case 'kubeplay:clock':
      if (m.op === 'play' || m.op === 'pause' || m.op === 'step') return { type: m.type, op: m.op };
      if (m.op === 'speed') {
        const speed = typeof m.speed === 'string' && m.speed !== 'max' ? Number(m.speed) : m.speed;
        return isSpeed(speed) ? { type: m.type, op: 'speed', speed } : null;
      }
      return null;
    case 'kubeplay:reset':
      if (m.id === undefined) return { type: m.type };
      return isRequestId(m.id) ? { type: m.type, id: m.id } : null;
    default:
      return null;
  }
}

/** The line Reset cluster runs (TopBar's button, and `kubeplay:reset`). */
export const RESET_LINE = 'kubeplay cluster reset';

/**
 * Runs a console line for a parent: a here-document's body goes as stdin (the console reads
 * none); anything else goes as typed, so the console answers exactly as if it had been typed.
 */
export function runLine(bridge: Bridge, line: string): string {
  const command = parseCommandLine(line);
  return command?.stdin !== undefined ? bridge.runConsole(consoleLine(command), command.stdin) : bridge.runConsole(line.trim());
}

/** The window parts the API needs (a fake in tests). */
export interface EmbedWindow {
  readonly parent: EmbedWindowPeer;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

export interface EmbedWindowPeer {
  postMessage(message: EmbedMessage, targetOrigin: string): void;
}

/** Whether the page is framed by another (the API has someone to talk to). */
export function isFramed(win: Window): boolean {
  try {
    return win.parent !== win;
  } catch {
    return true;
  }
}

/**
 * Serves the API on `win`: answers requests from its parent and, once `whenReady` resolves,
 * announces `kubeplay:ready` (to any origin: it carries nothing but the version). Results go
 * back to the origin that asked. Returns a function that stops listening.
 */
export function serveEmbedApi(bridge: Bridge, win: EmbedWindow, whenReady: Promise<void>): () => void {
  const parent = win.parent;
  let stopped = false;
  const reply = (message: EmbedMessage, origin: string) => {
    try {
      parent.postMessage(message, origin && origin !== 'null' ? origin : '*');
    } catch {
      // the parent went away or changed origin: nobody to tell
    }
  };
  const answer = (id: RequestId, commandId: string, origin: string) => {
    void bridge.track(commandId).then((result) => {
      if (!stopped) reply({ type: 'kubeplay:result', id, ...result }, origin);
    });
  };
  const listener = (event: MessageEvent) => {
    if (event.source !== (parent as unknown)) return;
    const message = parseParentMessage(event.data);
    if (!message) return;
    switch (message.type) {
      case 'kubeplay:run':
        answer(message.id, runLine(bridge, message.line), event.origin);
        return;
      case 'kubeplay:apply':
        answer(message.id, bridge.apply(message.yaml), event.origin);
        return;
      case 'kubeplay:clock':
        if (message.op === 'play') bridge.play();
        else if (message.op === 'pause') bridge.pause();
        else if (message.op === 'step') bridge.step();
        else if (message.op === 'speed') bridge.setSpeed(message.speed);
        return;
      case 'kubeplay:reset': {
        const commandId = bridge.resetCluster();
        if (message.id !== undefined) answer(message.id, commandId, event.origin);
        return;
      }
    }
  };
  win.addEventListener('message', listener);
  void whenReady.then(() => {
    if (!stopped) reply({ type: 'kubeplay:ready', version: EMBED_PROTOCOL_VERSION }, '*');
  });
  return () => {
    stopped = true;
    win.removeEventListener('message', listener);
  };
}
