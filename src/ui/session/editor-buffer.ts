// editor-buffer: the manifest editor's text, kept outside Monaco so the session can save it
// before the editor ever loads and give it back after a reload. bindEditorBuffer ties the
// page's one editor model to it both ways.

import { create } from 'zustand';

interface EditorBufferState {
  /** The editor's text; null until the user edits (the editor then starts with its example). */
  text: string | null;
  setText(text: string | null): void;
}

export const useEditorBuffer = create<EditorBufferState>()((set) => ({
  text: null,
  setText: (text) => set({ text }),
}));

/** The part of a Monaco text model used here. */
export interface BufferModel {
  getValue(): string;
  setValue(text: string): void;
  onDidChangeContent(listener: () => void): unknown;
  isDisposed(): boolean;
}

const bound = new WeakSet<BufferModel>();

/**
 * Makes `model` show the saved text (now, or when a restore brings one later) and records every
 * edit. The model lives as long as the page, so this binds once per model.
 */
export function bindEditorBuffer(model: BufferModel | null | undefined): void {
  if (!model || bound.has(model)) return;
  bound.add(model);
  const saved = useEditorBuffer.getState().text;
  if (saved !== null && saved !== model.getValue()) model.setValue(saved);
  model.onDidChangeContent(() => {
    const text = model.getValue();
    if (text !== useEditorBuffer.getState().text) useEditorBuffer.getState().setText(text);
  });
  useEditorBuffer.subscribe((s) => {
    if (s.text !== null && !model.isDisposed() && s.text !== model.getValue()) model.setValue(s.text);
  });
}
