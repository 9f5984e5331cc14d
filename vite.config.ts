import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  // Relative asset paths so the playground can be served from any sub-path of a static site.
  base: './',
  worker: { format: 'es' },
  build: { target: 'es2022', sourcemap: true },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
    setupFiles: ['src/engine/testing/setup.ts'],
    // The JSON report feeds the pass/fail count that .ci/run prints last.
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest.json' },
  },
});
