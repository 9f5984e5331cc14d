// The graph's context menu runs the inspector's actions and echoes them in the console; machine
// states the API cannot show (a powered-off node) are marked on the card.

import { expect, test } from '@playwright/test';

test('right-click a node card → Cordon, and a stopped node shows as powered off', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await page.goto('/');
  const cluster = page.getByRole('region', { name: 'Cluster' });
  const card = cluster.getByRole('button', { name: 'Node node-b1: Ready', exact: true });
  await expect(card).toBeVisible();

  await card.click({ button: 'right' });
  const menu = page.getByRole('menu', { name: 'Node node-b1 actions' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  await menu.getByRole('menuitem', { name: 'Cordon' }).click();
  await expect(menu).toBeHidden();
  const log = page.getByRole('log', { name: 'Console output' });
  await expect(log).toContainText('$ kubectl cordon node-b1');
  await expect(cluster.getByRole('button', { name: 'Node node-b1: Ready,SchedulingDisabled', exact: true })).toBeVisible();

  // keyboard: Shift+F10 on the focused card opens it, arrows move, Escape closes and returns focus
  const a2 = cluster.getByRole('button', { name: 'Node node-a2: Ready', exact: true });
  await a2.focus();
  await page.keyboard.press('Shift+F10');
  const a2menu = page.getByRole('menu', { name: 'Node node-a2 actions' });
  await expect(a2menu.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(a2menu.getByRole('menuitem').nth(1)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(a2menu).toBeHidden();
  await expect(a2).toBeFocused();

  const input = page.getByRole('textbox', { name: 'kubectl console' });
  await input.fill('kubeplay node stop node-a1');
  await input.press('Enter');
  const a1 = cluster.getByRole('button', { name: /^Node node-a1: / });
  await expect(a1.getByText('powered off')).toBeVisible();
  await expect(a1).toHaveClass(/is-off/);

  expect(problems).toEqual([]);
});

test('a pod chip’s menu evicts it through the Eviction API and opens its YAML', async ({ page }) => {
  await page.goto('/');
  const cluster = page.getByRole('region', { name: 'Cluster' });
  const input = page.getByRole('textbox', { name: 'kubectl console' });
  const log = page.getByRole('log', { name: 'Console output' });
  await input.fill('kubectl create deployment web --image=nginx --replicas=1');
  await input.press('Enter');
  const chip = cluster.getByRole('button', { name: /^Pod web-\S+: Running$/ });
  await expect(chip).toBeVisible({ timeout: 10_000 });
  const name = (await chip.getAttribute('aria-label'))!.replace(/^Pod (\S+): .*$/, '$1');

  // Edit YAML: the Manifests tab opens with the live object
  await chip.click({ button: 'right' });
  const menu = page.getByRole('menu', { name: `Pod default/${name} actions` });
  await menu.getByRole('menuitem', { name: 'Edit YAML' }).click();
  await expect(page.getByRole('tab', { name: 'Manifests' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(`live pod/${name}`)).toBeVisible({ timeout: 10_000 });

  // Evict: the console shows the line and the API's answer; the ReplicaSet replaces the pod
  await page.getByRole('tab', { name: 'Console' }).click();
  await chip.click({ button: 'right' });
  await page
    .getByRole('menu', { name: `Pod default/${name} actions` })
    .getByRole('menuitem', { name: 'Evict' })
    .click();
  await expect(log).toContainText(`$ kubeplay pod evict ${name} -n default`);
  await expect(log).toContainText(`pod/${name} evicted`);
  await expect(
    cluster
      .getByRole('button', { name: /^Pod web-\S+: Running$/ })
      .and(cluster.getByRole('button', { name: new RegExp(`^Pod (?!${name})`) })),
  ).toBeVisible({ timeout: 15_000 });
});
