// Lint setup. The engine rule is the important one: src/engine must stay deterministic and
// runnable in Node, a Worker and tests — no DOM, React, Worker globals, wall-clock time or
// unseeded randomness.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const engineBannedGlobals = [
  'window',
  'document',
  'navigator',
  'localStorage',
  'sessionStorage',
  'self',
  'postMessage',
  'importScripts',
  'requestAnimationFrame',
  'setTimeout',
  'setInterval',
  'setImmediate',
  'clearTimeout',
  'clearInterval',
  'performance',
  'fetch',
  'Worker',
  'XMLHttpRequest',
  'process',
].map((name) => ({ name, message: 'The engine is deterministic and host-free: use the virtual Clock / injected services.' }));

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'src/engine/kubectl/examples.generated.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/engine/**/*.ts'],
    ignores: ['src/engine/**/*.test.ts', 'src/engine/testing/**'],
    rules: {
      'no-restricted-globals': ['error', ...engineBannedGlobals],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Use the virtual Clock.' },
        { object: 'Math', property: 'random', message: 'Use the seeded SeededRandom.' },
        { object: 'performance', property: 'now', message: 'Use the virtual Clock.' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'new Date() reads the wall clock: use the virtual Clock.',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', 'react-dom/*', 'zustand', '@xyflow/*', 'monaco-editor', 'monaco-editor/*'],
              message: 'The engine has no UI dependencies.',
            },
            { group: ['**/ui/**', '**/worker/**', '**/cli/**', 'node:*'], message: 'The engine must not depend on its hosts.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}', 'src/main.tsx'],
    // Tests that check a UI list against the engine it mirrors may import it.
    ignores: ['src/ui/**/*.engine.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/engine/**'],
              message: 'The UI talks to the engine only through the Worker protocol (src/protocol) and src/k8s.',
            },
          ],
        },
      ],
    },
  },
);
