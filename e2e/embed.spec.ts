// Embed mode, Share and the postMessage API, against the production build: a URL that keeps only
// the graph and the console (and the clock) and replays a script; a shared link that rebuilds the
// same pods on a fresh page; a parent page on another origin driving the playground in an iframe.

import { expect, test, type Page } from '@playwright/test';
import { watchProblems } from './page-ready';

const b64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

/** The names of the web Deployment's pods on the graph, sorted. */
async function webPods(page: Page): Promise<string[]> {
  const labels = await page
    .getByRole('region', { name: 'Cluster' })
    .getByRole('button', { name: /^Pod web-/ })
    .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? el.textContent ?? ''));
  return labels.map((l) => /Pod (web-[a-z0-9-]+)/.exec(l)?.[1] ?? l).sort();
}

const SCRIPT = [
  '# a Deployment, and a minute for it to roll out',
  'kubectl create deployment web --image=nginx:1.27 --replicas=4',
  'sleep 1m',
  'kubectl get pods -o wide',
  '',
].join('\n');

test('embed mode keeps the listed chrome and the clock, and replays the script', async ({ page }) => {
  const problems = watchProblems(page);
  await page.setViewportSize({ width: 1024, height: 640 });
  await page.goto(`/?embed=graph,console&paused&script=${b64url(SCRIPT)}`);

  const cluster = page.getByRole('region', { name: 'Cluster' });
  await expect(cluster.getByRole('button', { name: /^Node node-a1: / })).toBeVisible();
  // the script ran: four Running pods on the graph, and its commands echoed in the console
  await expect(cluster.getByRole('button', { name: /^Pod web-[a-z0-9]+-[a-z0-9]+: Running$/ })).toHaveCount(4);
  const output = page.getByRole('log', { name: 'Console output' });
  await expect(output).toContainText('$ kubectl create deployment web --image=nginx:1.27 --replicas=4');
  await expect(output).toContainText('deployment.apps/web created');
  await expect(output).toContainText('$ sleep 1m');
  await expect(output).toContainText(/web-[a-z0-9]+-[a-z0-9]+\s+1\/1\s+Running/);

  // the clock stays, paused as asked, a minute (and a bit of start-up) in
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Step' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Speed' })).toBeVisible();
  const clock = page.getByRole('timer', { name: 'Simulated clock' });
  await expect(clock).toHaveAttribute('data-playing', 'false');
  expect(Number(await clock.getAttribute('data-now'))).toBe(60_000);
  await expect(page.getByRole('textbox', { name: 'kubectl console' })).toBeVisible();

  // the rest of the chrome is gone
  await expect(page.getByRole('region', { name: 'Inspector' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Control plane now' })).toHaveCount(0);
  await expect(page.getByRole('tablist', { name: 'Panels' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reset cluster' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Share' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Kubeplay' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Kubeplay/ })).toHaveAttribute('target', '_blank');

  // the clock controls still work
  await page.getByRole('button', { name: 'Play' }).click();
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  await page.getByRole('button', { name: 'Pause' }).click();
  await page.mouse.move(0, 0);
  await page.waitForTimeout(400); // let the graph settle
  await page.screenshot({ path: 'e2e/screenshots/embed.png' });
  expect(problems).toEqual([]);
});

test('bad parameters are ignored and explained in the console', async ({ page }) => {
  const problems = watchProblems(page);
  await page.goto(
    `/?embed=graph,console,sidebar&speed=7&theme=purple&paused=maybe&example=ftp://x&script=${b64url("kubectl get 'pods")}&colour=red`,
  );
  const output = page.getByRole('log', { name: 'Console output' });
  await expect(output).toContainText("kubeplay: ignored unknown parameter 'colour'");
  await expect(output).toContainText("kubeplay: ignored embed='sidebar'");
  await expect(output).toContainText("kubeplay: ignored speed='7': use one of 0.5, 1, 2, 5, 10, 100, max");
  await expect(output).toContainText("kubeplay: ignored theme='purple'");
  await expect(output).toContainText("kubeplay: ignored paused='maybe'");
  await expect(output).toContainText("kubeplay: ignored example='ftp://x'");
  await expect(output).toContainText('kubeplay: ignored script=: syntax error at line 1: unterminated quoted string');
  // what was valid still applies: embed mode with the graph and the console, the clock running
  await expect(page.getByRole('region', { name: 'Cluster' }).getByRole('button', { name: /^Node node-a1: / })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Inspector' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  await page.getByRole('textbox', { name: 'kubectl console' }).fill('kubectl get nodes');
  await page.getByRole('textbox', { name: 'kubectl console' }).press('Enter');
  await expect(output).toContainText(/node-c2\s+Ready/);
  expect(problems).toEqual([]);
});

test('theme=dark and the example parameter', async ({ page }) => {
  const problems = watchProblems(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/?embed=graph,events&speed=10&theme=dark&example=https://k8s.io/examples/controllers/nginx-deployment.yaml');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  // the dark tokens apply though the browser prefers light
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(11, 15, 23)');
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('dark');
  await expect(page.getByRole('combobox', { name: 'Speed' })).toHaveValue('10');
  const cluster = page.getByRole('region', { name: 'Cluster' });
  await expect(cluster.getByRole('button', { name: /^Pod nginx-deployment-/ })).toHaveCount(3);
  // one bottom panel and no tab strip; the console is not part of this page
  await expect(page.getByRole('tablist', { name: 'Panels' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'kubectl console' })).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('Share copies a link that replays the session to the same pods', async ({ page, context, browser }) => {
  const problems = watchProblems(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/');
  const cluster = page.getByRole('region', { name: 'Cluster' });
  await expect(cluster.getByRole('button', { name: /^Node node-a1: / })).toBeVisible();
  const input = page.getByRole('textbox', { name: 'kubectl console' });
  await input.fill('kubectl create deployment web --image=nginx --replicas=3');
  await input.press('Enter');
  await expect(cluster.getByRole('button', { name: /^Pod web-.*: Running$/ })).toHaveCount(3);
  await input.fill('kubectl scale deployment web --replicas=5');
  await input.press('Enter');
  await expect(cluster.getByRole('button', { name: /^Pod web-.*: Running$/ })).toHaveCount(5);
  await page.getByRole('button', { name: 'Pause' }).click();
  const pods = await webPods(page);
  expect(pods).toHaveLength(5);

  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share this session' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('replays 2 commands');
  const field = dialog.getByRole('textbox', { name: 'Share link' });
  const url = await field.inputValue();
  expect(url).toMatch(/^http:\/\/localhost:\d+\/\?paused&script=[A-Za-z0-9_-]+$/);
  const script = Buffer.from(new URL(url).searchParams.get('script') ?? '', 'base64url').toString('utf8');
  expect(script).toMatch(
    /^sleep [\d.]+(ms|s)\nkubectl create deployment web --image=nginx --replicas=3\nsleep .+\nkubectl scale deployment web --replicas=5\n/,
  );
  await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await expect(field).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Share' })).toBeFocused();

  // a fresh page, in a fresh context, replays the link to the same pods
  const other = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const replay = await other.newPage();
  const replayProblems = watchProblems(replay);
  await replay.goto(url);
  await expect(replay.getByRole('region', { name: 'Cluster' }).getByRole('button', { name: /^Pod web-/ })).toHaveCount(5);
  expect(await webPods(replay)).toEqual(pods);
  const replayInput = replay.getByRole('textbox', { name: 'kubectl console' });
  await replayInput.fill('kubectl get pods');
  await replayInput.press('Enter');
  const output = replay.getByRole('log', { name: 'Console output' });
  for (const pod of pods) await expect(output).toContainText(new RegExp(`${pod}\\s+1/1\\s+Running`));
  await expect(replay.getByRole('button', { name: 'Play' })).toBeVisible();

  // the replayed page shares the same session again
  await replay.getByRole('button', { name: 'Share' }).click();
  const again = await replay.getByRole('textbox', { name: 'Share link' }).inputValue();
  const againScript = Buffer.from(new URL(again).searchParams.get('script') ?? '', 'base64url').toString('utf8');
  expect(againScript.startsWith(script)).toBe(true);
  await other.close();
  expect(problems).toEqual([]);
  expect(replayProblems).toEqual([]);
});

test('Share shows the link to copy by hand when the clipboard is refused', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } });
  });
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Cluster' }).getByRole('button', { name: /^Node node-a1: / })).toBeVisible();
  await page.getByRole('button', { name: 'Share' }).click();
  const field = page.getByRole('textbox', { name: 'Share link' });
  await expect(field).toBeFocused();
  expect(await field.evaluate((el: HTMLInputElement) => el.selectionEnd! - el.selectionStart!)).toBe(
    (await field.inputValue()).length,
  );
  await expect(page.getByRole('status').filter({ hasText: 'Press Ctrl+C' })).toBeVisible();
  await page.mouse.click(10, 700); // outside closes it
  await expect(page.getByRole('dialog', { name: 'Share this session' })).toHaveCount(0);
});

test('an embedding page drives the playground with postMessage', async ({ page, baseURL }) => {
  const problems = watchProblems(page);
  // The parent lives on another origin: 127.0.0.1, not localhost. Chromium lets only a page it
  // loaded from a local address frame a local server, so the test opens one there (any path:
  // the preview server answers) and replaces its document with the parent's.
  await page.goto(`${baseURL!.replace('localhost', '127.0.0.1')}/docs-page`);
  await page.setContent(`<!doctype html><title>Docs</title>
    <iframe id="kp" src="${baseURL}/?embed=graph,console" width="1024" height="640"></iframe>
    <script>
      window.received = [];
      window.addEventListener('message', (e) => {
        if (e.source === document.getElementById('kp').contentWindow) window.received.push(e.data);
      });
      window.send = (m) => document.getElementById('kp').contentWindow.postMessage(m, '*');
    </script>`);
  await page.waitForFunction(() =>
    (window as unknown as { received: { type: string }[] }).received.some((m) => m.type === 'kubeplay:ready'),
  );
  const received = () => page.evaluate(() => (window as unknown as { received: Record<string, unknown>[] }).received);
  expect((await received()).find((m) => m.type === 'kubeplay:ready')).toEqual({ type: 'kubeplay:ready', version: 1 });
  const send = (m: unknown) => page.evaluate((message) => (window as unknown as { send: (m: unknown) => void }).send(message), m);
  const resultFor = async (id: unknown) => {
    await page.waitForFunction(
      (want) =>
        (window as unknown as { received: { type: string; id: unknown }[] }).received.some(
          (m) => m.type === 'kubeplay:result' && m.id === want,
        ),
      id,
    );
    return (await received()).find((m) => m.type === 'kubeplay:result' && m.id === id);
  };

  // malformed and unknown messages are ignored, and nothing breaks
  await send('kubeplay:run');
  await send({ type: 'kubeplay:run', line: 'kubectl get ns' }); // no id
  await send({ type: 'kubeplay:run', id: { x: 1 }, line: 'kubectl get ns' });
  await send({ type: 'kubeplay:clock', op: 'rewind' });
  await send({ type: 'kubeplay:clock', op: 'speed', speed: 3 });
  await send({ type: 'kubeplay:explode' });
  await send(null);

  await send({ type: 'kubeplay:run', id: 'nodes', line: 'kubectl get nodes' });
  const nodes = await resultFor('nodes');
  expect(nodes).toMatchObject({ type: 'kubeplay:result', id: 'nodes', exitCode: 0, stderr: '' });
  expect(nodes?.output).toMatch(/^NAME\s+STATUS\s+ROLES\s+AGE\s+VERSION\nnode-a1\s+Ready/);

  const frame = page.frameLocator('#kp');
  const output = frame.getByRole('log', { name: 'Console output' });
  await expect(output).toContainText('$ kubectl get nodes'); // echoed like a typed command
  await expect(output).not.toContainText('kubectl get ns');

  await send({ type: 'kubeplay:run', id: 7, line: 'kubectl get pod nope' });
  expect(await resultFor(7)).toMatchObject({
    exitCode: 1,
    stdout: '',
    stderr: 'Error from server (NotFound): pods "nope" not found\n',
  });

  const yaml =
    'apiVersion: v1\nkind: Pod\nmetadata:\n  name: nginx\nspec:\n  containers:\n  - name: nginx\n    image: nginx:1.14.2\n';
  await send({ type: 'kubeplay:apply', id: 'apply-1', yaml });
  expect(await resultFor('apply-1')).toMatchObject({ output: 'pod/nginx created\n', exitCode: 0 });
  await send({ type: 'kubeplay:run', id: 'heredoc', line: `kubectl apply -f - <<EOF\n${yaml.replace(/nginx$/m, 'web')}EOF` });
  expect(await resultFor('heredoc')).toMatchObject({ output: 'pod/web created\n', exitCode: 0 });
  await expect(frame.getByRole('region', { name: 'Cluster' }).getByRole('button', { name: /^Pod web: / })).toBeVisible();

  await send({ type: 'kubeplay:clock', op: 'pause' });
  await expect(frame.getByRole('button', { name: 'Play' })).toBeVisible();
  await send({ type: 'kubeplay:clock', op: 'speed', speed: 100 });
  await expect(frame.getByRole('combobox', { name: 'Speed' })).toHaveValue('100');
  await send({ type: 'kubeplay:clock', op: 'play' });
  await expect(frame.getByRole('button', { name: 'Pause' })).toBeVisible();

  // a message from anyone but the parent (here the frame itself) is ignored
  await page
    .frame({ url: /\?embed=/ })!
    .evaluate(() => window.postMessage({ type: 'kubeplay:run', id: 'self', line: 'kubectl get svc' }, '*'));
  await send({ type: 'kubeplay:reset', id: 'reset' });
  expect(await resultFor('reset')).toMatchObject({ exitCode: 0 });
  await expect(output).toContainText('$ kubeplay cluster reset');
  await expect(output).not.toContainText('kubectl get svc');
  await expect(frame.getByRole('region', { name: 'Cluster' }).getByRole('button', { name: /^Pod / })).toHaveCount(0);
  expect(problems).toEqual([]);
});
