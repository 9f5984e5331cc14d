import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLI_NODE_FLAGS } from './node-flags';

describe('the CLI’s V8 flags', () => {
  it('are the ones package.json’s "kubeplay" script starts Node with (the bench reuses the constant)', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const words = pkg.scripts.kubeplay.split(/\s+/);
    const script = words.indexOf('src/cli/main.ts');
    expect(script).toBeGreaterThan(0);
    expect(words.slice(1, script)).toEqual([...CLI_NODE_FLAGS]);
  });
});
