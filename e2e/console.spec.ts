// The page end to end: the worker starts, the console runs kubectl against the simulated
// cluster, and the clock controls drive virtual time.

import { expect, test } from '@playwright/test';
import { openPlayground } from './page-ready';
import { virtualNow } from './scenario-helpers';

const NODES = ['node-a1', 'node-a2', 'node-b1', 'node-b2', 'node-c1', 'node-c2'];

test.beforeEach(async ({ page }) => {
  await openPlayground(page);
});

test('runs kubectl get nodes in the console', async ({ page }) => {
  const input = page.getByRole('textbox', { name: 'kubectl console' });
  await input.fill('kubectl get nodes');
  await input.press('Enter');

  const output = page.getByRole('log', { name: 'Console output' });
  await expect(output).toContainText('$ kubectl get nodes');
  for (const name of NODES) await expect(output).toContainText(new RegExp(`${name}\\s+Ready`));
  await expect(input).toHaveValue('');

  // the cluster graph shows the same status kubectl printed
  const cluster = page.getByRole('region', { name: 'Cluster' });
  for (const name of NODES) await expect(cluster.getByRole('button', { name: `Node ${name}: Ready`, exact: true })).toBeVisible();

  // history: ↑ brings the command back
  await input.press('ArrowUp');
  await expect(input).toHaveValue('kubectl get nodes');
  await input.press('ArrowDown');
  await expect(input).toHaveValue('');

  await page.screenshot({ path: 'e2e/screenshots/console.png', animations: 'disabled' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: 'e2e/screenshots/console-dark.png', animations: 'disabled' });

  // clear empties the screen
  await input.fill('clear');
  await input.press('Enter');
  await expect(output).not.toContainText('node-a1');
});

test('Play, Pause, Step and Speed drive the simulated clock', async ({ page }) => {
  const clock = page.getByRole('timer', { name: 'Simulated clock' });

  // playing at 1× by default: the clock advances on its own
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  const start = await virtualNow(page);
  await expect.poll(() => virtualNow(page)).toBeGreaterThan(start + 300);

  // Pause stops it
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
  await expect(clock).toHaveAttribute('data-playing', 'false');
  // the worker's last frame can land just after the click: let it, then the clock must not move
  await expect
    .poll(async () => {
      const before = await virtualNow(page);
      await page.waitForTimeout(100);
      return (await virtualNow(page)) - before;
    })
    .toBe(0);
  const paused = await virtualNow(page);
  await page.waitForTimeout(300);
  expect(await virtualNow(page)).toBe(paused);

  // Step jumps to the next scheduled event and stays paused
  await page.getByRole('button', { name: 'Step' }).click();
  await expect.poll(() => virtualNow(page)).toBeGreaterThan(paused);
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();

  // Speed 100×: a second of real time is more than a minute of simulated time
  const speed = page.getByRole('combobox', { name: 'Speed' });
  await expect(speed).toHaveValue('1');
  await speed.selectOption({ label: '100×' });
  await page.getByRole('button', { name: 'Play' }).click();
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  const fast = await virtualNow(page);
  await expect.poll(() => virtualNow(page), { timeout: 3_000 }).toBeGreaterThan(fast + 20_000);

  // 'max' runs as fast as the worker can, and the page stays responsive
  await speed.selectOption('max');
  const flatOut = await virtualNow(page);
  await expect.poll(() => virtualNow(page), { timeout: 3_000 }).toBeGreaterThan(flatOut + 60_000);
  const input = page.getByRole('textbox', { name: 'kubectl console' });
  await input.fill('kubectl get nodes');
  await input.press('Enter');
  await expect(page.getByRole('log', { name: 'Console output' })).toContainText(/node-c2\s+Ready/);
});

test('applies a docs example from its URL and the scheduler places the pods', async ({ page }) => {
  const input = page.getByRole('textbox', { name: 'kubectl console' });
  const output = page.getByRole('log', { name: 'Console output' });

  await input.fill('kubectl apply -f https://k8s.io/examples/pods/pod-rs.yaml');
  await input.press('Enter');
  await expect(output).toContainText('pod/pod1 created');
  await expect(output).toContainText('pod/pod2 created');

  // the scheduler places both pods; their nodes' kubelets pull the image, start the containers
  // and report a pod IP from the node's pod CIDR, as the clock runs
  await expect(async () => {
    await input.fill('kubectl get pods -o wide');
    await input.press('Enter');
    await expect(output).toContainText(/pod1\s+1\/1\s+Running\s+0\s+\S+\s+10\.244\.\d+\.\d+\s+node-[abc][12]/, {
      timeout: 1_000,
    });
    await expect(output).toContainText(/pod2\s+1\/1\s+Running\s+0\s+\S+\s+10\.244\.\d+\.\d+\s+node-[abc][12]/, {
      timeout: 1_000,
    });
  }).toPass({ timeout: 30_000 });

  // the cluster graph mirrors the placement from the worker's deltas: two pods in all
  await expect
    .poll(async () => {
      const counts = await page.locator('.node-pods').allInnerTexts();
      return counts.map((t) => Number.parseInt(t, 10)).reduce((a, b) => a + b, 0);
    })
    .toBe(2);

  // bad input is refused with the API server's error and changes nothing
  await input.fill('kubectl get pods --bogus');
  await input.press('Enter');
  await expect(output).toContainText('Error: unknown flag: --bogus');
});
