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
