// The `kubeplay serve` verb: prints its URL, writes the kubeconfig, stops on SIGTERM; refuses a
// non-loopback address without --allow-non-loopback, and bad flags with exit status 2.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const CLI = [process.execPath, '--import', 'tsx', 'src/cli/main.ts', 'serve'] as const;

describe('kubeplay serve (CLI)', () => {
  it('serves the cluster, writes the kubeconfig, runs the script first and stops on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kubeplay-serve-'));
    const kubeconfig = join(dir, 'config');
    writeFileSync(join(dir, 'setup.kp'), 'kubectl create namespace from-script\n');
    const child = spawn(CLI[0], [
      ...CLI.slice(1),
      '--port',
      '0',
      '--kubeconfig',
      kubeconfig,
      '--script',
      join(dir, 'setup.kp'),
      '--start-time',
      '2026-03-01T12:00:00Z',
      '--paused',
    ]);
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      for (let i = 0; i < 600 && !/listening on (http\S+)/.test(stdout); i++) await new Promise((r) => setTimeout(r, 50));
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)![1];
      expect(stdout).toContain('$ kubectl create namespace from-script\nnamespace/from-script created\n');
      expect(readFileSync(kubeconfig, 'utf8')).toContain(`    server: ${url}\n`);
      const ns = (await (await fetch(`${url}/api/v1/namespaces/from-script`)).json()) as {
        metadata: { creationTimestamp: string };
      };
      expect(ns.metadata.creationTimestamp).toBe('2026-03-01T12:00:00Z');
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });

  it.each([
    [['--address', '0.0.0.0'], 'refusing to listen on 0.0.0.0: the API has no authentication'],
    [['--port', 'x'], '--port expects a port number'],
    [['--speed', '0'], '--speed expects a positive number'],
    [['--start-time', 'yesterday'], '--start-time expects an RFC 3339 time'],
    [['--frob'], 'unknown flag "--frob"'],
  ])('%j exits 2', (args, message) => {
    const r = spawnSync(CLI[0], [...CLI.slice(1), ...args], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(message);
  });
});
