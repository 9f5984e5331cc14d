// A measurement, not a test (skipped unless KUBEPLAY_ENVELOPE_NODES is set; run it with
// `npm run bench:worker`): the scalability envelope built in the page's own simulation Worker.
//
// The playground is embedded in a frame at speed max; its parent sends, through the embed API,
// the pipeline bench's script (bench/pipeline.ts: N nodes, 0.3·N Deployments of 100 replicas),
// then polls `kubectl get deployments` until every one is 100/100. Meanwhile the frame's main
// thread is probed every 100 ms for how late a timer fires (what an input would wait for: the
// target is < 100 ms). Reported: wall time to all Ready, pods/s, the probe's worst and p95 delay,
// and the peak RSS of the Chromium renderer processes this test started (page and Worker live there).
// With KUBEPLAY_ENVELOPE_PROFILE=<file> it also records a CPU profile of the frame's main thread
// (Chrome DevTools' .cpuprofile format) over the whole build; with KUBEPLAY_ENVELOPE_TRACE=<file>,
// a Chromium trace (devtools.timeline: tasks, style, layout, paint, message handling).

import { writeFileSync, mkdirSync } from 'node:fs';
import { expect, test, type Frame } from '@playwright/test';
import { pipelineScript, REPLICAS } from '../bench/pipeline-script';
import { rendererPeakRssMiB } from './renderer-rss';

const NODES = Number(process.env.KUBEPLAY_ENVELOPE_NODES ?? 0);
const PROFILE = process.env.KUBEPLAY_ENVELOPE_PROFILE;
const TRACE = process.env.KUBEPLAY_ENVELOPE_TRACE;

test.skip(!NODES, 'a measurement: npm run bench:worker (KUBEPLAY_ENVELOPE_NODES=5000)');
test.use({ trace: 'off' });

test('the envelope in the page Worker', async ({ page, baseURL }) => {
  test.setTimeout(0);
  const lines = pipelineScript(NODES)
    .trim()
    .split('\n')
    .filter((l) => !l.startsWith('sleep') && !l.startsWith('kubectl get'));
  const deployments = lines.filter((l) => l.startsWith('kubectl create deployment')).length;

  await page.setContent(
    `<iframe id="kp" style="width:1024px;height:640px;border:0" src="${baseURL}/?embed=graph,console&speed=max"></iframe>`,
  );
  // The parent's side of the embed API: ready, then one command at a time.
  await page.evaluate(() => {
    const w = window as unknown as { kpReady: Promise<void>; kpRun: (line: string) => Promise<string> };
    const waiting = new Map<number, (output: string) => void>();
    let nextId = 1;
    let ready: () => void;
    w.kpReady = new Promise((resolve) => (ready = resolve));
    window.addEventListener('message', (e) => {
      const m = e.data as { type?: string; id?: number; output?: string };
      if (m?.type === 'kubeplay:ready') ready();
      if (m?.type === 'kubeplay:result' && typeof m.id === 'number') waiting.get(m.id)?.(m.output ?? '');
    });
    w.kpRun = (line) =>
      new Promise((resolve) => {
        const id = nextId++;
        waiting.set(id, resolve);
        (document.getElementById('kp') as HTMLIFrameElement).contentWindow!.postMessage({ type: 'kubeplay:run', id, line }, '*');
      });
  });
  await page.evaluate(() => (window as unknown as { kpReady: Promise<void> }).kpReady);
  const frame = page.frames().find((f) => f !== page.mainFrame()) as Frame;

  // The frame's main thread: how late a 100 ms timer fires, all along.
  await frame.evaluate(() => {
    const w = window as unknown as { kpDelays: number[] };
    w.kpDelays = [];
    let expected = performance.now() + 100;
    const tick = () => {
      const now = performance.now();
      w.kpDelays.push(Math.max(0, now - expected));
      expected = now + 100;
      setTimeout(tick, 100);
    };
    setTimeout(tick, 100);
  });

  // the frame's own session when it runs in a process of its own, else the page's
  const cdp =
    PROFILE || TRACE
      ? await page
          .context()
          .newCDPSession(frame)
          .catch(() => page.context().newCDPSession(page))
      : null;
  if (cdp && PROFILE) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
    await cdp.send('Profiler.start');
  }
  const traceEvents: unknown[] = [];
  let traceDone: Promise<void> = Promise.resolve();
  if (cdp && TRACE) {
    cdp.on('Tracing.dataCollected', (e) => traceEvents.push(...e.value));
    traceDone = new Promise((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.start', { categories: 'devtools.timeline,v8', transferMode: 'ReportEvents' });
  }

  const started = Date.now();
  await page.evaluate(async (all) => {
    const run = (window as unknown as { kpRun: (line: string) => Promise<string> }).kpRun;
    for (const line of all) await run(line);
  }, lines);
  const commandsDone = Date.now();
  let ready = 0;
  const pattern = new RegExp(`^d\\d+ +${REPLICAS}/${REPLICAS} `, 'm');
  while (ready < deployments) {
    await page.waitForTimeout(2_000);
    const output = await page.evaluate(() =>
      (window as unknown as { kpRun: (line: string) => Promise<string> }).kpRun('kubectl get deployments --no-headers'),
    );
    ready = output.split('\n').filter((l) => pattern.test(l)).length;
  }
  const wallS = (Date.now() - started) / 1000;
  if (cdp && PROFILE) {
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(PROFILE, JSON.stringify(profile));
  }
  if (cdp && TRACE) {
    await cdp.send('Tracing.end');
    await traceDone;
    writeFileSync(TRACE, JSON.stringify({ traceEvents }));
  }
  const delays = (await frame.evaluate(() => (window as unknown as { kpDelays: number[] }).kpDelays)).sort((a, b) => a - b);
  const p95 = delays[Math.floor(delays.length * 0.95)] ?? 0;
  const worst = delays[delays.length - 1] ?? 0;
  const report = {
    nodes: NODES,
    pods: deployments * REPLICAS,
    wallSeconds: wallS,
    commandsSeconds: (commandsDone - started) / 1000,
    podsPerSecond: (deployments * REPLICAS) / wallS,
    mainThreadTimerDelayMs: { p95, worst, samples: delays.length },
    rendererPeakRssMiB: rendererPeakRssMiB(),
  };
  console.log(`worker envelope: ${JSON.stringify(report)}`);
  mkdirSync('reports', { recursive: true });
  writeFileSync('reports/worker-envelope.json', `${JSON.stringify(report, null, 2)}\n`);
  expect(ready).toBe(deployments);
});
