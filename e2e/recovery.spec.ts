// A worker kept busy by a long command does not hold the page: a sleep runs in the worker's frames
// and Ctrl+C ends it at once; a command that blocks the worker is stopped by replacing the worker
// (Ctrl+C, then the session before it is replayed) and Reset cluster replaces it at once, also
// while a script= link's commands are still queued.

import { expect, test } from '@playwright/test';
import { openPlayground } from './page-ready';

/** A 200-node cluster and a day of waiting for a node that stays: far more than 2 s of work. */
const BIG = 'kubeplay cluster reset --zones 4 --nodes-per-zone 50';
const LONG = 'kubectl wait --for=delete node/node-a1 --timeout=24h';

test.beforeEach(async ({ page }) => {
  await openPlayground(page);
});

test('Ctrl+C ends a long sleep at once, and the cluster stays', async ({ page }) => {
  const input = page.getByRole('textbox', { name: 'kubectl console' });
  const output = page.getByRole('log', { name: 'Console output' });
  await input.fill(BIG);
  await input.press('Enter');
  await expect(output).toContainText('cluster reset: 200 nodes in 4 zones');
  await input.fill('sleep 24h');
  await input.press('Enter');
  await expect(output).toContainText('$ sleep 24h');
  await input.press('Control+c');
  await input.fill('kubectl get node node-d50 -o name');
  await input.press('Enter');
  await expect(output).toContainText('node/node-d50', { timeout: 5_000 });
  await expect(output).not.toContainText('the simulation was restarted');
});

test('Ctrl+C on a command that keeps the worker busy restarts it and replays the session', async ({ page }) => {
  const input = page.getByRole('textbox', { name: 'kubectl console' });
  const output = page.getByRole('log', { name: 'Console output' });
  await input.fill(BIG);
  await input.press('Enter');
  await expect(output).toContainText('cluster reset: 200 nodes in 4 zones');
  await input.fill('kubectl create deployment web --image=nginx --replicas=3');
  await input.press('Enter');
  await expect(output).toContainText('deployment.apps/web created');
  await input.fill(LONG);
  await input.press('Enter');
  await input.press('Control+c');
  await expect(output).toContainText('did not stop within 2 s of Ctrl+C', { timeout: 10_000 });
  await expect(output).toContainText('replaying the 2 commands before it to rebuild the cluster');
  await expect(output.getByText('deployment.apps/web created')).toHaveCount(2, { timeout: 20_000 });
  // The console answers again, on the rebuilt cluster.
  await input.fill('kubectl get deployment web -o jsonpath={.spec.replicas}/{.metadata.name}');
  await input.press('Enter');
  await expect(output).toContainText('3/web', { timeout: 20_000 });
  await input.fill('kubectl get node node-d50 -o name');
  await input.press('Enter');
  await expect(output).toContainText('node/node-d50');
});

test('Reset cluster works while a command keeps the worker busy', async ({ page }) => {
  const input = page.getByRole('textbox', { name: 'kubectl console' });
  const output = page.getByRole('log', { name: 'Console output' });
  await input.fill(BIG);
  await input.press('Enter');
  await expect(output).toContainText('cluster reset: 200 nodes in 4 zones');
  await input.fill(LONG);
  await input.press('Enter');
  await page.getByRole('button', { name: 'Reset cluster' }).click();
  await page.getByRole('alertdialog', { name: 'Reset the cluster?' }).getByRole('button', { name: 'Reset', exact: true }).click();
  await expect(output).toContainText('it was stopped and started afresh for the reset');
  await expect(output).toContainText('cluster reset: 6 nodes in 3 zones', { timeout: 10_000 });
  await input.fill('kubectl get nodes --no-headers -o name');
  await input.press('Enter');
  await expect(output).toContainText('node/node-c2');
});

test('a script= link that keeps the worker busy cannot hold the page: Reset cluster still works', async ({ page }) => {
  const script = `${BIG}\n${LONG}\nsleep 24h\n${LONG}\n`;
  await page.goto(`/?script=${Buffer.from(script, 'utf8').toString('base64url')}`);
  const output = page.getByRole('log', { name: 'Console output' });
  await expect(output).toContainText('cluster reset: 200 nodes in 4 zones', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Reset cluster' }).click();
  await page.getByRole('alertdialog', { name: 'Reset the cluster?' }).getByRole('button', { name: 'Reset', exact: true }).click();
  await expect(output).toContainText('cluster reset: 6 nodes in 3 zones', { timeout: 10_000 });
  const input = page.getByRole('textbox', { name: 'kubectl console' });
  // The fresh default cluster answers (the link's 200 nodes are gone with the old worker).
  await input.fill('kubectl get nodes -o name');
  await input.press('Enter');
  await expect(output).toContainText('node/node-c2');
  await expect(output).not.toContainText('node/node-d1');
});
