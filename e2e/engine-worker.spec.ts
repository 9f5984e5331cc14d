// A measurement, not a test (skipped unless KUBEPLAY_ENGINE_WORKER_NODES is set; run it with
// `npm run bench:engine-worker`): the pipeline bench's script (bench/pipeline-script.ts) run by
// the engine alone in a Chromium Worker, without the page, its mirror or the deltas. Set beside
// `npm run bench` (the same script in Node) and `npm run bench:worker` (the same script in the
// page's Worker, with the UI fed), it tells the engine's cost in the browser from the UI's.
// KUBEPLAY_ENGINE_WORKER_NODES is a comma-separated list of node counts; each runs in a browser
// context of its own, so the renderer's peak RSS is that size's.

import { mkdirSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';
import { expect, test } from '@playwright/test';
import { REPLICAS } from '../bench/pipeline-script';
import type { EngineWorkerResult } from '../bench/engine-worker';
import { rendererPeakRssMiB } from './renderer-rss';

const SIZES = (process.env.KUBEPLAY_ENGINE_WORKER_NODES ?? '')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);

test.skip(SIZES.length === 0, 'a measurement: npm run bench:engine-worker (KUBEPLAY_ENGINE_WORKER_NODES=2000,5000)');
test.use({ trace: 'off' });

test('the engine alone in a Chromium Worker', async ({ browser, baseURL }) => {
  test.setTimeout(0);
  const bundle = await build({
    entryPoints: ['bench/engine-worker.ts'],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'warning',
  });
  const code = bundle.outputFiles[0].text;
  const rows = [];
  for (const nodes of SIZES) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseURL}/`);
    const result = await page.evaluate(
      ([source, n]) =>
        new Promise<EngineWorkerResult>((resolve, reject) => {
          const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
          worker.onmessage = (e: MessageEvent<EngineWorkerResult>) => resolve(e.data);
          worker.onerror = (e) => reject(new Error(e.message));
          worker.postMessage(n);
        }),
      [code, nodes] as const,
    );
    const deployments = Math.floor((nodes * 3) / 10);
    const row = {
      nodes,
      pods: deployments * REPLICAS,
      wallSeconds: result.wallMs / 1000,
      podsPerSecond: (deployments * REPLICAS) / (result.wallMs / 1000),
      readyDeployments: `${result.readyDeployments}/${deployments}`,
      rendererPeakRssMiB: rendererPeakRssMiB(),
    };
    console.log(`engine worker: ${JSON.stringify(row)}`);
    rows.push(row);
    await context.close();
    expect(result.readyDeployments).toBe(deployments);
  }
  mkdirSync('reports', { recursive: true });
  writeFileSync('reports/engine-worker.json', `${JSON.stringify(rows, null, 2)}\n`);
});
