// The UI issue's performance targets, measured in the browser (numbers are printed with
// console.log and recorded in docs/performance.md):
// - the initial bundle (what index.html loads, before Monaco; the worker separately) < 500 KB gzip;
// - first paint of the default cluster < 1 s after load on a warm cache;
// - 60 fps (requestAnimationFrame intervals) and no long task (> 50 ms, Long Tasks API) while a
//   300-pod Deployment rolls out at 100× and while 3,000 pods schedule on 30 nodes;
// - the 150,000-pod cluster explorable (pan and zoom) at ≥ 30 fps: only with KUBEPLAY_BENCH_NODES
//   set (5000 builds it; it takes many minutes).
// `npm run bench:ui` builds and runs this file; the figures go to reports/ui-performance*.json.

import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { openPlayground } from './page-ready';
import { pipelineScript } from '../bench/pipeline-script';
import { pause, play, runLine, setSpeed, virtualNow, watchProblems } from './scenario-helpers';

const DIST = process.env.KUBEPLAY_E2E_DIST ?? 'dist';

// Playwright's trace snapshots the DOM at every action: measured, it alone made > 1 s of
// main-thread work during the rollout. Measure the page, not the recorder.
test.use({ trace: 'off' });
const KB = 1024;

test('the initial bundle (before Monaco) is under 500 KB gzip', () => {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const urls = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const src = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (!src || src.startsWith('data:') || /^https?:/.test(src)) continue;
    const isScript = tag.startsWith('<script');
    const rel = /\brel="([^"]+)"/.exec(tag)?.[1] ?? '';
    if (isScript || rel === 'stylesheet' || rel === 'modulepreload') urls.add(src.replace(/^\.?\//, ''));
  }
  expect(urls.size).toBeGreaterThan(0);
  const sizes = [...urls].map((file) => {
    const bytes = readFileSync(join(DIST, file));
    return { file, raw: bytes.length, gzip: gzipSync(bytes).length };
  });
  const total = sizes.reduce((sum, s) => sum + s.gzip, 0);
  // the simulation worker is fetched at start too, but runs off the main thread: reported apart
  const workers = readdirSync(join(DIST, 'assets')).filter((f) => /^simulation\.worker-.*\.js$/.test(f));
  const worker = workers.map((f) => gzipSync(readFileSync(join(DIST, 'assets', f))).length).reduce((a, b) => a + b, 0);
  for (const s of sizes)
    console.log(`initial bundle: ${s.file} ${(s.raw / KB).toFixed(1)} KB raw, ${(s.gzip / KB).toFixed(1)} KB gzip`);
  console.log(
    `initial bundle: total ${(total / KB).toFixed(1)} KB gzip (+ simulation worker ${(worker / KB).toFixed(1)} KB gzip = ${((total + worker) / KB).toFixed(1)} KB)`,
  );
  // lazily imported chunks (Monaco) must not be in it
  expect(sizes.some((s) => /ManifestEditor|editor\.worker|yaml\.worker/.test(s.file))).toBe(false);
  expect(total).toBeLessThan(500 * KB);
});

test('first paint of the default cluster is under 1 s on a warm cache', async ({ page }) => {
  const problems = watchProblems(page);
  // time (ms since navigation start) at which the six node cards are first in the DOM and painted
  await page.addInitScript(() => {
    const w = window as unknown as { __clusterVisibleAt?: number };
    const check = () => {
      if (document.querySelectorAll('[role="button"][aria-label^="Node node-"]').length >= 6) {
        // the frame that paints them
        requestAnimationFrame(() => (w.__clusterVisibleAt = performance.now()));
        return;
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
  await openPlayground(page); // cold: fills the HTTP cache
  const samples: { fcp: number; cluster: number }[] = [];
  for (let i = 0; i < 3; i++) {
    await page.reload();
    await expect(page.getByRole('region', { name: 'Cluster' }).getByRole('button', { name: /^Node node-/ })).toHaveCount(6);
    await expect
      .poll(() => page.evaluate(() => (window as { __clusterVisibleAt?: number }).__clusterVisibleAt ?? 0))
      .toBeGreaterThan(0);
    samples.push(
      await page.evaluate(() => ({
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
        cluster: (window as { __clusterVisibleAt?: number }).__clusterVisibleAt ?? Number.NaN,
      })),
    );
  }
  const nav = await page.evaluate(() => {
    const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return { domContentLoaded: n.domContentLoadedEventEnd, load: n.loadEventEnd };
  });
  for (const s of samples) {
    console.log(`first paint (warm): FCP ${s.fcp.toFixed(0)} ms, 6 node cards painted ${s.cluster.toFixed(0)} ms`);
  }
  console.log(
    `first paint (warm, last load): DOMContentLoaded ${nav.domContentLoaded.toFixed(0)} ms, load ${nav.load.toFixed(0)} ms`,
  );
  const worst = (k: 'fcp' | 'cluster') => Math.max(...samples.map((s) => s[k]));
  expect(worst('fcp')).toBeLessThan(1000);
  expect(worst('cluster')).toBeLessThan(1000);
  expect(problems).toEqual([]);
});

interface Recording {
  /** requestAnimationFrame intervals, ms. */
  intervals: number[];
  /** Long tasks (> 50 ms) that started in the window. */
  longTasks: { start: number; duration: number }[];
  durationMs: number;
}

/** Starts a requestAnimationFrame loop and a Long Tasks observer in the page. */
async function startRecording(page: Page): Promise<void> {
  await page.evaluate(() => {
    type Rec = {
      frames: number[];
      longTasks: { start: number; duration: number }[];
      stop: boolean;
      observer?: PerformanceObserver;
    };
    const rec: Rec = { frames: [], longTasks: [], stop: false };
    (window as unknown as { __rec: Rec }).__rec = rec;
    const loop = (t: number) => {
      rec.frames.push(t);
      if (!rec.stop) requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
    rec.observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) rec.longTasks.push({ start: e.startTime, duration: e.duration });
    });
    rec.observer.observe({ type: 'longtask' });
  });
}

async function stopRecording(page: Page): Promise<Recording> {
  return page.evaluate(async () => {
    type Rec = {
      frames: number[];
      longTasks: { start: number; duration: number }[];
      stop: boolean;
      observer?: PerformanceObserver;
    };
    const rec = (window as unknown as { __rec: Rec }).__rec;
    rec.stop = true;
    // long-task entries are delivered asynchronously: let the observer catch up
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const e of rec.observer?.takeRecords() ?? []) rec.longTasks.push({ start: e.startTime, duration: e.duration });
    rec.observer?.disconnect();
    const intervals = rec.frames.slice(1).map((t, i) => t - rec.frames[i]);
    const first = rec.frames[0] ?? 0;
    const last = rec.frames[rec.frames.length - 1] ?? 0;
    return { intervals, longTasks: rec.longTasks.filter((t) => t.start >= first), durationMs: last - first };
  });
}

function stats(rec: Recording) {
  const sorted = [...rec.intervals].sort((a, b) => a - b);
  const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
  return {
    frames: rec.intervals.length,
    fps: rec.intervals.length / (rec.durationMs / 1000),
    median: q(0.5),
    p95: q(0.95),
    max: sorted[sorted.length - 1] ?? Number.NaN,
    over33: rec.intervals.filter((d) => d > 33.4).length,
    longTasks: rec.longTasks.map((t) => Math.round(t.duration)),
  };
}

function report(label: string, rec: Recording, virtualMs: number): ReturnType<typeof stats> {
  const s = stats(rec);
  console.log(
    `${label}: ${(rec.durationMs / 1000).toFixed(2)} s real, ${(virtualMs / 1000).toFixed(1)} s virtual; ` +
      `${s.frames} frames, ${s.fps.toFixed(1)} fps; frame interval median ${s.median.toFixed(1)} ms, ` +
      `p95 ${s.p95.toFixed(1)} ms, max ${s.max.toFixed(1)} ms, ${s.over33} over 33 ms; ` +
      `long tasks: ${s.longTasks.length ? s.longTasks.join(', ') + ' ms' : 'none'}`,
  );
  return s;
}

/** Waits in the page (cheap attribute queries, no accessibility-tree scans). */
async function waitInPage(page: Page, fn: () => boolean, timeout: number): Promise<void> {
  await page.waitForFunction(fn, undefined, { timeout, polling: 200 });
}

test('a 300-pod Deployment rolls out at 100× and the page keeps up', async ({ page }) => {
  test.setTimeout(120_000);
  const problems = watchProblems(page);
  await openPlayground(page);

  // 300 small pods (10m CPU, 16Mi): 50 per node of 110 allowed
  await pause(page);
  await runLine(page, 'kubectl create deployment big --image=nginx:1.14.2 --replicas=0');
  await runLine(page, 'kubectl set resources deployment big --requests=cpu=10m,memory=16Mi');
  await setSpeed(page, '100');

  // baseline: the idle page, clock playing at 100×
  await play(page);
  await startRecording(page);
  await page.waitForTimeout(1_000);
  const idle = report('idle at 100×', await stopRecording(page), 0);

  // the first rollout: 0 → 300 pods
  let t0 = await virtualNow(page);
  await startRecording(page);
  await runLine(page, 'kubectl scale deployment big --replicas=300');
  // 300 pods are drawn as counts per node (the aggregated view): the Deployment's card says when they are Ready
  await waitInPage(page, () => !!document.querySelector('[aria-label="Deployment default/big: 300/300"]'), 30_000);
  await page.waitForTimeout(300);
  const scaleUp = report('scale 0 → 300 at 100×', await stopRecording(page), (await virtualNow(page)) - t0);

  const oldRs = await page.evaluate(
    () =>
      /^ReplicaSet default\/(big-\S+): 300\/300$/.exec(
        [...document.querySelectorAll('[aria-label^="ReplicaSet default/big-"]')]
          .map((el) => el.getAttribute('aria-label')!)
          .find((l) => l.endsWith(': 300/300'))!,
      )![1],
  );

  // the rolling update: set image, until every pod is new and Running and the old ones are gone
  t0 = await virtualNow(page);
  await startRecording(page);
  await runLine(page, 'kubectl set image deployment/big nginx=nginx:1.16.1');
  await waitInPage(
    page,
    // runs in the page: the old ReplicaSet's name is interpolated. Done: the old ReplicaSet is at
    // 0/0, the Deployment 300/300 with no rollout under way, and the node cards count 300 Running.
    new Function(
      `const label = (l) => document.querySelector('[aria-label="' + l + '"]');
       const running = [...document.querySelectorAll('.graph-node .gn-count[data-status="Running"] .gn-count-n')]
         .reduce((n, el) => n + Number(el.textContent), 0);
       const deploy = label('Deployment default/big: 300/300');
       return !!label('ReplicaSet default/${oldRs}: 0/0') && !!deploy && !deploy.querySelector('.gw-progress') && running === 300;`,
    ) as () => boolean,
    60_000,
  );
  await page.waitForTimeout(300);
  const rollout = report('rolling update of 300 pods at 100×', await stopRecording(page), (await virtualNow(page)) - t0);
  await page.screenshot({ path: 'e2e/screenshots/performance-300-pods.png', animations: 'disabled' });
  // Frame timings are measured and reported, not asserted: they depend on the machine (the brief:
  // performance is measured, not tested by timing). They go to the test output and to
  // reports/ui-performance.json; docs/performance.md keeps the figures against the targets.
  mkdirSync('reports', { recursive: true });
  writeFileSync('reports/ui-performance.json', `${JSON.stringify({ idle, scaleUp, rollout }, null, 2)}\n`);

  // what is asserted: the page keeps up with the worker — both rollouts reach the screen within
  // the waits above (seconds, not minutes) — and nothing failed on the way
  expect(scaleUp.frames).toBeGreaterThan(0);
  expect(rollout.frames).toBeGreaterThan(0);
  expect(problems).toEqual([]);
});

test('3,000 pods schedule on 30 nodes at 100× and the page keeps up', async ({ page }) => {
  test.setTimeout(240_000);
  const problems = watchProblems(page);
  await openPlayground(page);
  await runLine(page, 'kubeplay cluster reset --zones 3 --nodes-per-zone 10');
  await expect(page.getByRole('button', { name: /^Node node-c10: / })).toBeVisible({ timeout: 15_000 });
  await pause(page);
  for (const name of ['api', 'big', 'web']) {
    await runLine(page, `kubectl create deployment ${name} --image=nginx:1.14.2 --replicas=0`);
    await runLine(page, `kubectl set resources deployment ${name} --requests=cpu=10m,memory=16Mi`);
  }
  await setSpeed(page, '100');
  await play(page);
  const t0 = await virtualNow(page);
  await startRecording(page);
  for (const name of ['api', 'big', 'web']) await runLine(page, `kubectl scale deployment ${name} --replicas=1000`);
  await waitInPage(
    page,
    () => ['api', 'big', 'web'].every((n) => !!document.querySelector(`[aria-label="Deployment default/${n}: 1000/1000"]`)),
    200_000,
  );
  await page.waitForTimeout(300);
  const schedule = report('3,000 pods schedule at 100×', await stopRecording(page), (await virtualNow(page)) - t0);
  await page.screenshot({ path: 'e2e/screenshots/performance-3000-pods.png', animations: 'disabled' });
  mkdirSync('reports', { recursive: true });
  writeFileSync('reports/ui-performance-3000.json', `${JSON.stringify({ schedule }, null, 2)}\n`);
  expect(schedule.frames).toBeGreaterThan(0);
  expect(problems).toEqual([]);
});

const BIG_NODES = Number(process.env.KUBEPLAY_BENCH_NODES ?? 0);

test('the 150,000-pod cluster is explorable (pan and zoom)', async ({ page }) => {
  test.skip(!BIG_NODES, 'a measurement: KUBEPLAY_BENCH_NODES=5000 npm run bench:ui');
  test.setTimeout(0);
  await openPlayground(page);
  await setSpeed(page, 'max');
  const lines = pipelineScript(BIG_NODES)
    .trim()
    .split('\n')
    .filter((l) => !l.startsWith('sleep') && !l.startsWith('kubectl get'));
  for (const line of lines) await runLine(page, line);
  const deployments = lines.filter((l) => l.startsWith('kubectl create deployment')).length;
  await expect
    .poll(() => page.evaluate(() => document.querySelectorAll('[aria-label$=": 100/100"][aria-label^="Deployment "]').length), {
      timeout: 0,
      intervals: [5_000],
    })
    .toBe(deployments);
  await setSpeed(page, '1');
  const canvas = page.locator('.graph-canvas');
  const box = (await canvas.boundingBox())!;
  await startRecording(page);
  // pan across and zoom in and out, as a user exploring would
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < 3; i++) {
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 4, box.y + box.height / 3, { steps: 20 });
    await page.mouse.up();
    await page.mouse.wheel(0, -300);
    await page.waitForTimeout(200);
    await page.mouse.wheel(0, 300);
  }
  const explore = report(`explore ${BIG_NODES} nodes`, await stopRecording(page), 0);
  mkdirSync('reports', { recursive: true });
  writeFileSync('reports/ui-performance-big.json', `${JSON.stringify({ nodes: BIG_NODES, explore }, null, 2)}\n`);
  expect(explore.frames).toBeGreaterThan(0);
});
