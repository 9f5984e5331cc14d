import { describe, expect, it } from 'vitest';
import { bindEditorBuffer, useEditorBuffer, type BufferModel } from './editor-buffer';
import { describeRestore, mergeTranscript, persists } from './persistence';
import { sessionRecord } from './fixtures';
import { claimSession, type LockManagerLike } from './tab-claim';

describe('persists', () => {
  it('keeps the plain page only: an embed or a link with a script or an example shows what its URL says', () => {
    expect(persists({ embed: false })).toBe(true);
    expect(persists({ embed: true })).toBe(false);
    expect(persists({ embed: false, example: 'https://k8s.io/examples/pods/simple-pod.yaml' })).toBe(false);
    expect(persists({ embed: false, script: [{ text: 'kubectl get pods', argv: ['kubectl', 'get', 'pods'], line: 1 }] })).toBe(
      false,
    );
  });
});

describe('mergeTranscript', () => {
  it('puts the saved console back before what the new page printed, without its second greeting', () => {
    const merged = mergeTranscript(
      [
        { seq: 1, kind: 'system', text: 'Hello\n' },
        { seq: 2, kind: 'command', text: 'kubectl get ns' },
      ],
      {
        entries: [
          { seq: 1, kind: 'system', text: 'Hello\n' },
          { seq: 2, kind: 'stderr', text: 'kubeplay: ignored speed=7\n' },
        ],
        nextSeq: 3,
      },
      'Hello\n',
    );
    expect(merged).toEqual({
      entries: [
        { seq: 1, kind: 'system', text: 'Hello\n' },
        { seq: 2, kind: 'command', text: 'kubectl get ns' },
        { seq: 3, kind: 'stderr', text: 'kubeplay: ignored speed=7\n' },
      ],
      nextSeq: 4,
    });
  });
});

describe('describeRestore', () => {
  it('counts commands, and sleeps as virtual time', () => {
    const record = sessionRecord({
      commands: [
        { line: 'kubectl create deployment web --image=nginx', gapMs: 2000 },
        { line: 'sleep 1m', gapMs: 0 },
        { line: 'kubectl get pods', gapMs: 3000 },
      ],
      tailMs: 5000,
    });
    expect(describeRestore(record)).toBe('2 commands and 1m 10s of virtual time');
  });
});

describe('bindEditorBuffer', () => {
  it('shows the saved text, records edits, and takes a text restored later', () => {
    let value = 'starter';
    const listeners: (() => void)[] = [];
    const model: BufferModel = {
      getValue: () => value,
      setValue: (text) => {
        value = text;
        for (const l of listeners) l();
      },
      onDidChangeContent: (l) => listeners.push(l),
      isDisposed: () => false,
    };
    useEditorBuffer.getState().setText('saved');
    bindEditorBuffer(model);
    expect(value).toBe('saved');
    model.setValue('typed');
    expect(useEditorBuffer.getState().text).toBe('typed');
    useEditorBuffer.getState().setText('restored');
    expect(value).toBe('restored');
    useEditorBuffer.getState().setText(null);
  });
});

describe('claimSession', () => {
  it('holds the lock in the first tab and is refused it in a second', async () => {
    const held = new Set<string>();
    const locks: LockManagerLike = {
      request: async (name, _options, callback) => {
        if (held.has(name)) return callback(null);
        held.add(name);
        return callback({ name });
      },
    };
    expect(await claimSession(locks)).toBe(true);
    expect(await claimSession(locks)).toBe(false);
  });

  it('counts every tab as the only one without Web Locks', async () => {
    expect(await claimSession(null)).toBe(true);
  });
});
