// The YAML language-service worker. A local entry (instead of `monaco-yaml/yaml.worker?worker`)
// so the dev server resolves the bare import to its pre-bundled copy (optimizeDeps in
// vite.config.ts), whose CommonJS dependencies are converted to ESM.
import 'monaco-yaml/yaml.worker.js';
