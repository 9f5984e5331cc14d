// Motion and keyboard access in the live cluster graph: a zone reached with Tab opens its menu
// from the keyboard (partition, heal); an evicted pod's replacement is linked to it by a brief
// arc; a rollout shows the old ReplicaSet ticking down as the new one ticks up, with a progress
// bar and a deadline ring on the Deployment.

import { expect, test, type Page } from '@playwright/test';
import { openPlayground } from './page-ready';
import { runLine } from './scenario-helpers';

test.beforeEach(async ({ page }) => {
  await openPlayground(page);
});

/** The accessible name of the focused element. */
const focusedName = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '');

/** Opens the focused zone's menu with Shift+F10 and runs `action` with the arrows and Enter. */
async function zoneAction(page: Page, zone: string, action: string) {
  await page.keyboard.press('Shift+F10');
  const menu = page.getByRole('menu', { name: `Zone ${zone} actions` });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  for (let i = 0; i < 6 && (await focusedName(page)) !== action; i++) await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: action, exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(menu).toBeHidden();
}

test('keyboard: Tab to a zone, partition it and heal it from its menu', async ({ page }) => {
  const cluster = page.getByRole('region', { name: 'Cluster' });
  const zone = cluster.getByRole('button', { name: 'Zone zone-a', exact: true });
  await expect(zone).toBeVisible();

  // Tab from the top of the page reaches the zone region
  await page.locator('body').focus();
  for (let i = 0; i < 60 && (await focusedName(page)) !== 'Zone zone-a'; i++) await page.keyboard.press('Tab');
  await expect(zone).toBeFocused();
  await expect(zone).toHaveAttribute('aria-haspopup', 'menu');

  // its menu, from the keyboard: Partition zone — the zone is drawn cut off from the control plane
  await zoneAction(page, 'zone-a', 'Partition zone');
  // it asks first, Cancel focused; Tab to Partition zone and confirm
  const confirm = page.getByRole('alertdialog', { name: 'Partition zone-a?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(confirm.getByRole('button', { name: 'Partition zone' })).toBeFocused();
  await page.keyboard.press('Enter');
  const log = page.getByRole('log', { name: 'Console output' });
  await expect(log).toContainText('$ kubeplay zone partition zone-a');
  await expect(zone).toHaveClass(/is-partitioned/);
  await expect(zone.getByText('partitioned', { exact: true })).toBeVisible();
  await expect(cluster.getByRole('button', { name: /^Node node-a1: / })).toHaveClass(/is-cut/);
  // focus came back to the zone
  await expect(zone).toBeFocused();

  // arrows walk the structure: down into its first card, up back to the zone
  await page.keyboard.press('ArrowDown');
  await expect(cluster.getByRole('button', { name: /^Node node-a1: / })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(zone).toBeFocused();

  // Heal zone the same way
  await zoneAction(page, 'zone-a', 'Heal zone');
  await expect(log).toContainText('$ kubeplay zone heal zone-a');
  await expect(zone).not.toHaveClass(/is-partitioned/);
  await expect(cluster.getByRole('button', { name: /^Node node-a1: / })).not.toHaveClass(/is-cut/);

  // Escape closes a menu and gives focus back
  await zone.focus();
  await page.keyboard.press('ContextMenu');
  await expect(page.getByRole('menu', { name: 'Zone zone-a actions' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu', { name: 'Zone zone-a actions' })).toBeHidden();
  await expect(zone).toBeFocused();
});

test('eviction: the replacement is linked to the evicted pod by a brief arc', async ({ page }) => {
  test.setTimeout(90_000);
  const cluster = page.getByRole('region', { name: 'Cluster' });
  await runLine(page, 'kubectl create deployment web --image=nginx --replicas=6');
  await expect(cluster.getByRole('button', { name: /^Pod web-.*: Running$/ })).toHaveCount(6, { timeout: 15_000 });

  // a node holding one of its pods (node-a1 when it has one)
  const holders: string[] = [];
  for (const card of await cluster.getByRole('button', { name: /^Node node-/ }).all()) {
    if (!(await card.locator('.node-pods').innerText()).startsWith('0 ')) {
      holders.push(/^Node (\S+):/.exec((await card.getAttribute('aria-label')) ?? '')![1]);
    }
  }
  const victim = holders.includes('node-a1') ? 'node-a1' : holders[0];

  await page.getByLabel('Speed').selectOption('max');
  await runLine(page, `kubeplay node stop ${victim}`);

  // ~5 min of virtual time later the taint eviction controller deletes its pods; the ReplicaSet
  // replaces them on other nodes and an arc links old to new
  const arcs = page.getByTestId('replacement-arc');
  await expect(arcs.first()).toBeAttached({ timeout: 60_000 });
  await expect(arcs.first()).toHaveAttribute('data-from', victim);
  await expect(arcs.first()).not.toHaveAttribute('data-to', victim);
  // …for about a second
  await expect(arcs).toHaveCount(0, { timeout: 1_500 });
});

test('rollout: old ReplicaSet ticks down while the new one ticks up', async ({ page }) => {
  test.setTimeout(60_000);
  const cluster = page.getByRole('region', { name: 'Cluster' });
  await runLine(page, 'kubectl create deployment web --image=nginx --replicas=8');
  const deploy = cluster.getByRole('button', { name: 'Deployment default/web: 8/8', exact: true });
  await expect(deploy).toBeVisible({ timeout: 15_000 });
  const oldRs = cluster.getByRole('button', { name: /^ReplicaSet default\/web-/ });
  await expect(oldRs).toHaveCount(1);
  const oldName = (await oldRs.getAttribute('aria-label'))!.replace(/:.*/, '');

  await runLine(page, 'kubectl set image deployment/web nginx=nginx:1.27');
  const deployCard = cluster.getByRole('button', { name: /^Deployment default\/web: / });
  await expect(deployCard.getByRole('progressbar', { name: 'Rollout' })).toBeVisible();
  await expect(deployCard.getByTestId('deploy-deadline')).toHaveAttribute('title', /progressDeadlineSeconds 600/);

  const rsCards = cluster.getByRole('button', { name: /^ReplicaSet default\/web-/ });
  await expect(rsCards).toHaveCount(2);
  const old = cluster.getByRole('button', { name: new RegExp(`^${oldName}: `) });
  const fresh = cluster.getByRole('button', { name: new RegExp(`^(?!${oldName}:)ReplicaSet default/web-`) });
  await expect(fresh.locator('.gw-count[data-direction="up"]')).toBeAttached({ timeout: 15_000 });
  await expect(old.locator('.gw-count[data-direction="down"]')).toBeAttached({ timeout: 15_000 });
  await page.screenshot({ path: 'e2e/screenshots/rollout.png' });

  // done: the bar and the ring go, the old ReplicaSet is at 0
  await expect(deployCard.getByRole('progressbar')).toBeHidden({ timeout: 30_000 });
  await expect(old).toHaveAttribute('aria-label', /: 0\/0$/);
});
