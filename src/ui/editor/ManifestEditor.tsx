// ManifestEditor: the Manifests tab — Monaco with Kubernetes-aware YAML (completion, hover docs
// and validation from the offline schema), an examples gallery, "Edit live object" for the
// selected object, and Apply (button or Ctrl/Cmd+Enter), which runs `kubectl apply -f -` in the
// simulation. The result shows in the status line under the editor, and API validation errors
// are marked at their fields. Loaded lazily (App.tsx) so the page is interactive before Monaco.

import { useCallback, useEffect, useRef, useState } from 'react';
import { create } from 'zustand';
import type { KObject } from '../../k8s/types';
import { parseObjectKey } from '../../protocol/delta';
import { useBridge } from '../bridge-context';
import { useSelection } from '../state/selection';
import { kubeplayStore, objectAt, useKubeplay, type KubeplayStore } from '../state/store';
import { useTheme } from '../theme';
import { outputOf, readApplyResult, type ApplyResult } from './apply-result';
import { loadExample, loadGallery, unservedKinds, type GalleryEntry } from './gallery';
import { liveObjectYaml } from './live-object';
import { manifestModel, monaco, setupMonaco } from './monaco-setup';
import { applyPageTheme, PAGE_THEME } from './monaco-theme';
import { isAnotherManifest } from './manifest-identity';
import { bindEditorBuffer } from '../session/editor-buffer';
import { locateProblems } from './yaml-paths';
import './editor.css';

const MARKER_OWNER = 'kubeplay-apply';
const IDLE_TEXT = 'Ctrl/Cmd+Enter applies the manifests.';

const STARTER = `# Write or paste manifests here (several documents separated by ---),
# or load one from the examples. Apply with the button or Ctrl/Cmd+Enter.
apiVersion: v1
kind: Pod
metadata:
  name: hello
  labels:
    app: hello
spec:
  containers:
    - name: web
      image: nginx:1.27
      ports:
        - containerPort: 80
`;

type Status =
  | { state: 'idle'; text: string }
  | { state: 'running' }
  | { state: 'done'; result: ApplyResult; marked: number }
  | { state: 'info'; text: string }
  | { state: 'failed'; text: string };

interface EditorUiState {
  status: Status;
  /** What the editor text was last loaded from (shown in the toolbar). */
  source: string;
  example: string;
  /** The text the status line's Apply result is about (null when it reports on none). */
  appliedText: string | null;
  set(patch: Partial<Omit<EditorUiState, 'set'>>): void;
}

/** Editor UI state that outlives the component (switching tabs unmounts it). */
const useEditorUi = create<EditorUiState>()((set) => ({
  status: { state: 'idle', text: IDLE_TEXT },
  source: '',
  example: '',
  appliedText: null,
  set: (patch) => set(patch),
}));

/** Resolves with the command's output once the worker reports it done. */
function whenDone(store: KubeplayStore, id: string): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const check = (): boolean => {
      const state = store.getState();
      if (state.running.includes(id)) return false;
      resolve(outputOf(state.transcript, id));
      return true;
    };
    if (check()) return;
    const unsubscribe = store.subscribe(() => {
      if (check()) unsubscribe();
    });
  });
}

/** `Pod/default/web` → `pod/web`. */
function shortName(key: string): string {
  const { kind, name } = parseObjectKey(key);
  return `${kind.toLowerCase()}/${name}`;
}

export default function ManifestEditor() {
  const bridge = useBridge();
  const selected = useSelection((s) => s.selected);
  const selectedExists = useKubeplay((s) => (selected ? objectAt(s, selected) !== undefined : false));
  const status = useEditorUi((s) => s.status);
  const source = useEditorUi((s) => s.source);
  const example = useEditorUi((s) => s.example);
  const setUi = useEditorUi((s) => s.set);
  const [gallery, setGallery] = useState<GalleryEntry[] | null>(null);
  const hostRef = useRef<HTMLDivElement>(null);
  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  const latestApply = useRef<string | null>(null);

  /** Replaces the whole text as one undoable edit. */
  const load = useCallback((text: string, from: string) => {
    const editor = editorRef.current;
    const model = editor?.getModel();
    if (!editor || !model) return;
    monaco.editor.setModelMarkers(model, MARKER_OWNER, []);
    editor.pushUndoStop();
    editor.executeEdits('kubeplay-load', [{ range: model.getFullModelRange(), text }]);
    editor.pushUndoStop();
    editor.setPosition({ lineNumber: 1, column: 1 });
    editor.revealLine(1);
    editor.focus();
    useEditorUi.getState().set({ source: from });
  }, []);

  const apply = useCallback(() => {
    const model = editorRef.current?.getModel();
    if (!model) return;
    const text = model.getValue();
    monaco.editor.setModelMarkers(model, MARKER_OWNER, []);
    setUi({ appliedText: text });
    if (!text.trim()) {
      setUi({ status: { state: 'failed', text: 'Nothing to apply: the editor is empty.' } });
      return;
    }
    const id = bridge.apply(text);
    latestApply.current = id;
    setUi({ status: { state: 'running' } });
    void whenDone(kubeplayStore, id).then(({ stdout, stderr }) => {
      if (latestApply.current !== id) return; // a newer Apply owns the status line
      const result = readApplyResult(stdout, stderr);
      let marked = 0;
      if (!model.isDisposed()) {
        const markers = locateProblems(text, result.problems).map(({ problem, range }) => {
          const start = model.getPositionAt(range.start);
          const end = model.getPositionAt(range.end);
          return {
            severity: problem.severity === 'warning' ? monaco.MarkerSeverity.Warning : monaco.MarkerSeverity.Error,
            message: problem.message,
            source: 'kubectl apply',
            startLineNumber: start.lineNumber,
            startColumn: start.column,
            endLineNumber: end.lineNumber,
            endColumn: end.column,
          };
        });
        monaco.editor.setModelMarkers(model, MARKER_OWNER, markers);
        marked = markers.length;
      }
      if (!stdout && !stderr && kubeplayStore.getState().connection === 'failed') {
        setUi({ status: { state: 'failed', text: 'The simulation is not running; reload the page.' } });
        return;
      }
      setUi({ status: { state: 'done', result, marked } });
    });
  }, [bridge, setUi]);

  const applyRef = useRef(apply);
  useEffect(() => {
    applyRef.current = apply;
  }, [apply]);

  // Monaco: one editor per mount over the page's one model.
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const m = setupMonaco();
    applyPageTheme(m.editor, useTheme.getState().dark);
    const editor = m.editor.create(host, {
      model: manifestModel(STARTER),
      theme: PAGE_THEME,
      automaticLayout: true,
      minimap: { enabled: false },
      fontSize: 13,
      lineNumbersMinChars: 3,
      scrollBeyondLastLine: false,
      tabSize: 2,
      insertSpaces: true,
      wordWrap: 'off',
      renderLineHighlight: 'line',
      fixedOverflowWidgets: true,
      quickSuggestions: { other: true, comments: false, strings: true },
      ariaLabel: 'Manifest editor (YAML)',
    });
    editorRef.current = editor;
    // An Apply's error and markers are about the text it sent: once the text is another
    // manifest (pasted, typed over, loaded), they would point at what is no longer there.
    const onEdit = editor.onDidChangeModelContent(() => {
      const sent = useEditorUi.getState().appliedText;
      if (sent === null || !isAnotherManifest(sent, editor.getValue())) return;
      latestApply.current = null;
      const model = editor.getModel();
      if (model) m.editor.setModelMarkers(model, MARKER_OWNER, []);
      useEditorUi.getState().set({ appliedText: null, status: { state: 'idle', text: IDLE_TEXT } });
    });
    bindEditorBuffer(editor.getModel()); // the text is saved with the session and comes back on reload
    editor.addAction({
      id: 'kubeplay.apply',
      label: 'Apply manifests (kubectl apply -f -)',
      keybindings: [m.KeyMod.CtrlCmd | m.KeyCode.Enter],
      run: () => applyRef.current(),
    });
    // the editor follows the page's theme (the system's or the one picked in the top bar); the
    // tokens resolve for the new scheme once <html data-theme> has changed, which it has by now
    const unsubscribeTheme = useTheme.subscribe((s, previous) => {
      if (s.dark !== previous.dark) applyPageTheme(m.editor, s.dark);
    });
    return () => {
      unsubscribeTheme();
      onEdit.dispose();
      editorRef.current = null;
      editor.dispose(); // the model stays: the text survives switching tabs
    };
  }, []);

  useEffect(() => {
    let live = true;
    loadGallery().then(
      (entries) => live && setGallery(entries),
      () => live && setGallery([]),
    );
    return () => {
      live = false;
    };
  }, []);

  const onExample = useCallback(
    (path: string) => {
      setUi({ example: path });
      if (!path) return;
      const entry = gallery?.find((e) => e.path === path);
      loadExample(path).then(
        (text) => {
          load(text, entry?.title ?? path);
          const missing = entry ? unservedKinds(entry) : [];
          setUi({
            status: {
              state: 'info',
              text: missing.length
                ? `Loaded ${path}. Note: the simulation does not serve ${missing.join(', ')} yet.`
                : `Loaded ${path} — Apply to create it.`,
            },
          });
        },
        (error: unknown) => setUi({ status: { state: 'failed', text: `Could not load ${path}: ${String(error)}` } }),
      );
    },
    [gallery, load, setUi],
  );

  /** Loads an object as it is now (the toolbar's "Edit …" and the inspector's "Edit YAML"). */
  const editObject = useCallback(
    (key: string) => {
      const show = (obj: KObject) => {
        if (!editorRef.current) return;
        load(liveObjectYaml(obj), `live ${shortName(key)}`);
        setUi({
          example: '',
          status: {
            state: 'info',
            text: `Loaded ${shortName(key)} at resourceVersion ${obj.metadata.resourceVersion ?? '?'}. Edit it and Apply; if the cluster changed it meanwhile, Apply reports a conflict.`,
          },
        });
      };
      const mirrored = objectAt(kubeplayStore.getState(), key);
      if (mirrored) {
        show(mirrored);
        return;
      }
      // Not in the page's copy (an Event older than the newest the page holds): ask the worker.
      const { kind, namespace, name } = parseObjectKey(key);
      const line = `kubectl get ${kind.toLowerCase()} ${name}${namespace ? ` -n ${namespace}` : ''} -o json`;
      void bridge.query(line).then((answer) => {
        if (answer.exitCode !== 0) {
          setUi({ status: { state: 'failed', text: answer.stderr.trim() || `Could not load ${shortName(key)}` } });
          return;
        }
        try {
          show(JSON.parse(answer.stdout) as KObject);
        } catch {
          setUi({ status: { state: 'failed', text: `Could not load ${shortName(key)}` } });
        }
      });
    },
    [bridge, load, setUi],
  );

  const editLive = useCallback(() => {
    if (selected) editObject(selected);
  }, [editObject, selected]);

  // The inspector's "Edit YAML": load the requested object once the editor exists (this effect
  // runs after the one above that creates it, also on the first, lazy mount).
  const editRequest = useSelection((s) => s.editRequest);
  useEffect(() => {
    if (!editRequest) return;
    editObject(editRequest.key);
    useSelection.getState().editHandled(editRequest);
  }, [editRequest, editObject]);

  return (
    <div className="manifest-editor">
      <div className="me-toolbar">
        <label className="me-field">
          <span>Example</span>
          <select
            aria-label="Load an example manifest"
            value={example}
            onChange={(e) => onExample(e.target.value)}
            disabled={!gallery || gallery.length === 0}
          >
            <option value="">{gallery ? 'Choose a docs example…' : 'Loading examples…'}</option>
            {gallery?.map((entry) => {
              const missing = unservedKinds(entry);
              return (
                <option key={entry.path} value={entry.path} title={entry.note ?? entry.seed}>
                  {entry.title}
                  {missing.length ? ` (${missing.join(', ')} not simulated)` : ''}
                </option>
              );
            })}
          </select>
        </label>
        <button
          type="button"
          className="me-button"
          onClick={editLive}
          disabled={!selected || !selectedExists}
          title={
            selected && selectedExists
              ? `Load ${shortName(selected)} as it is now in the cluster`
              : 'Select an object in the graph to edit it'
          }
        >
          {selected && selectedExists ? `Edit ${shortName(selected)}` : 'Edit live object'}
        </button>
        {source && (
          <span className="me-source" title="What the editor was last loaded from">
            {source}
          </span>
        )}
        <span className="me-spacer" />
        <button type="button" className="me-button me-apply" onClick={apply} title="kubectl apply -f - (Ctrl/Cmd+Enter)">
          Apply
        </button>
      </div>
      <div className="me-editor" ref={hostRef} />
      <StatusLine status={status} />
    </div>
  );
}

function StatusLine({ status }: { status: Status }) {
  let tone = 'muted';
  let body: React.ReactNode;
  switch (status.state) {
    case 'idle':
    case 'info':
      body = status.text;
      break;
    case 'running':
      body = 'Applying…';
      break;
    case 'failed':
      tone = 'bad';
      body = status.text;
      break;
    case 'done': {
      const { result, marked } = status;
      tone = result.ok ? 'ok' : result.results.length ? 'warn' : 'bad';
      body = (
        <>
          {result.results.length > 0 && <span className="me-results">{result.results.join('\n')}</span>}
          {result.conflict ? (
            <>
              <span className="me-error">
                {result.problems.find((p) => p.message.startsWith('Conflict: '))?.message ?? 'Conflict'}
              </span>
              <details className="me-details">
                <summary>kubectl output</summary>
                {result.errorText}
              </details>
            </>
          ) : (
            result.errorText && <span className="me-error">{result.errorText}</span>
          )}
          {marked > 0 && (
            <span className="me-hint">{marked === 1 ? '1 problem is' : `${marked} problems are`} marked in the editor.</span>
          )}
          {result.conflict && (
            <span className="me-hint">
              The object changed since this text was loaded: load it again with “Edit …” and redo the edit.
            </span>
          )}
          {result.ok && result.results.length === 0 && <span>Applied.</span>}
        </>
      );
      break;
    }
  }
  return (
    <div className={`me-status me-status-${tone}`} role="status" aria-live="polite" aria-label="Apply result">
      {body}
    </div>
  );
}
