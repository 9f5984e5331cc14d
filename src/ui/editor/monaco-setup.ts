// monaco-setup: the parts of Monaco the manifest editor needs, bundled (never from a CDN): the
// editor core with its standard features, YAML highlighting, and monaco-yaml's language
// service fed with the offline Kubernetes schema. Importing only these (not all of
// `monaco-editor`, whose TypeScript worker alone is ~7 MB) keeps the editor chunk small.
// This module is only reached through the lazily loaded ManifestEditor.

import * as monaco from 'monaco-editor/esm/vs/editor/editor.api.js';
import 'monaco-editor/esm/vs/editor/editor.all.js';
import 'monaco-editor/esm/vs/basic-languages/yaml/yaml.contribution.js';
import EditorWorker from 'monaco-editor/esm/vs/editor/editor.worker?worker';
import { configureMonacoYaml } from 'monaco-yaml';
import YamlWorker from './yaml.worker?worker';
import k8sSchema from '../../k8s/k8s-schemas.generated.json';

export { monaco };

/** The model's file URI; the schema's fileMatch covers it. */
export const MODEL_URI = 'file:///kubeplay/manifest.yaml';
export const SCHEMA_URI = 'https://kubeplay.dev/schemas/kubernetes.json';

declare global {
  interface Window {
    MonacoEnvironment?: monaco.Environment;
    /** Exposed in development and under automation (navigator.webdriver) for tests. */
    monaco?: typeof monaco;
  }
}

let configured = false;

/** The pre-0.52 `createWebWorker({ label, moduleId, createData })` form monaco-yaml calls. */
interface LegacyWorkerOptions {
  label?: string;
  moduleId?: string;
  createData?: unknown;
  host?: Record<string, (...args: unknown[]) => unknown>;
  keepIdleModels?: boolean;
}

/**
 * monaco-editor's full entry (editor.main.js) adapts the legacy createWebWorker form to the
 * `{ worker }` form of the core; importing only the core skips that, so do the same here: start
 * the worker by label, send the init handshake and the createData, then hand it to the core.
 */
function adaptLegacyCreateWebWorker(): void {
  const core = monaco.editor.createWebWorker as (options: unknown) => unknown;
  (monaco.editor as { createWebWorker: (options: unknown) => unknown }).createWebWorker = (options: unknown) => {
    const legacy = options as LegacyWorkerOptions & { worker?: unknown };
    if (legacy.worker !== undefined || legacy.moduleId === undefined) return core(options);
    const worker = Promise.resolve(
      window.MonacoEnvironment!.getWorker!(legacy.moduleId, legacy.label ?? 'monaco-editor-worker'),
    ).then((w) => {
      w.postMessage('ignore');
      w.postMessage(legacy.createData);
      return w;
    });
    return core({ worker, host: legacy.host, keepIdleModels: legacy.keepIdleModels });
  };
}

/** Monaco's CancellationError: its name and message are both "Canceled". */
const isMonacoCancellation = (reason: unknown): boolean =>
  reason instanceof Error && reason.name === 'Canceled' && reason.message === 'Canceled';

/**
 * Disposing an editor or model (a reload, the tab closing) cancels Monaco's pending work by
 * rejecting its promises with a CancellationError, which nothing awaits: an expected end, not a
 * page error. Other rejections are left alone.
 */
function ignoreMonacoCancellations(): void {
  window.addEventListener('unhandledrejection', (event) => {
    if (isMonacoCancellation(event.reason)) event.preventDefault();
  });
  window.addEventListener('error', (event) => {
    if (isMonacoCancellation(event.error)) event.preventDefault();
  });
}

/** Workers and the YAML language service, once per page. */
export function setupMonaco(): typeof monaco {
  if (configured) return monaco;
  configured = true;
  window.MonacoEnvironment = {
    // Monaco asks by label: 'yaml' for monaco-yaml's language service, anything else gets the
    // generic editor worker (diffs, links, word-based suggestions).
    getWorker(_moduleId: string, label: string): Worker {
      return label === 'yaml' ? new YamlWorker() : new EditorWorker();
    },
  };
  adaptLegacyCreateWebWorker();
  ignoreMonacoCancellations();
  configureMonacoYaml(monaco, {
    enableSchemaRequest: false,
    hover: true,
    hoverAnchor: false, // the schema URI is a name, not a page to open
    completion: true,
    validate: true,
    schemas: [{ uri: SCHEMA_URI, fileMatch: ['**/*.yaml'], schema: k8sSchema as never }],
  });
  if (import.meta.env.DEV || navigator.webdriver) window.monaco = monaco;
  return monaco;
}

/** The editor model, kept across mounts so the text survives switching tabs. */
export function manifestModel(initial: string): monaco.editor.ITextModel {
  const uri = monaco.Uri.parse(MODEL_URI);
  return monaco.editor.getModel(uri) ?? monaco.editor.createModel(initial, 'yaml', uri);
}
