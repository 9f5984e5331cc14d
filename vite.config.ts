import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  // Relative asset paths so the playground can be served from any sub-path of a static site.
  base: './',
  worker: { format: 'es' },
  // The manifest editor's YAML worker pulls CommonJS dependencies: pre-bundle it so the dev
  // server serves it as ESM (and the first visit to the Manifests tab doesn't re-optimise).
  optimizeDeps: { include: ['monaco-yaml/yaml.worker.js'] },
  // No source maps in dist/: they were most of its size (≈25 MB) and a static site would serve them
  // to every visitor; `vite build --sourcemap` makes them for a debugging session.
  build: { target: 'es2022', sourcemap: false },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
    setupFiles: ['src/engine/testing/setup.ts'],
    // A hang guard, not a speed check (speed is measured by the benchmarks): scenario tests that
    // drive the whole engine can need more than the default 5 s on a loaded 2-core machine.
    testTimeout: 30_000,
    // The JSON report feeds the pass/fail count that .ci/run prints last.
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest.json' },
  },
});
