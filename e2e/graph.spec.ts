// The live cluster graph: a pod applied from the console appears as a chip inside the node the
// scheduler chose, named as kubectl would print it, and clicking it selects it; the inspector
// explains the scheduler's choice.

import { expect, test } from '@playwright/test';

test('a pod applied in the console appears in its node and can be selected', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await page.goto('/');
  const cluster = page.getByRole('region', { name: 'Cluster' });
  await expect(cluster.getByRole('button', { name: /^Node node-a1: / })).toBeVisible();

  const input = page.getByRole('textbox', { name: 'kubectl console' });
  await input.fill('kubectl run web --image=nginx');
  await input.press('Enter');
  await expect(page.getByRole('log', { name: 'Console output' })).toContainText('pod/web created');

  // the chip reaches Running with the STATUS kubectl prints, inside one of the node cards
  const chip = cluster.getByRole('button', { name: 'Pod web: Running' });
  await expect(chip).toBeVisible({ timeout: 8_000 });
  await expect(chip).toHaveAttribute('title', /READY 1\/1/);

  // it sits inside the card of the node it is bound to, whose pod count says so
  const podBox = (await chip.boundingBox())!;
  const cards = cluster.getByRole('button', { name: /^Node node-/ });
  let host = '';
  for (const card of await cards.all()) {
    const box = (await card.boundingBox())!;
    const inside =
      podBox.x >= box.x &&
      podBox.y >= box.y &&
      podBox.x + podBox.width <= box.x + box.width &&
      podBox.y + podBox.height <= box.y + box.height;
    if (inside) host = (await card.getAttribute('aria-label')) ?? '';
  }
  expect(host).toMatch(/^Node node-[abc][12]: Ready$/);
  const hostCard = cluster.getByRole('button', { name: host, exact: true });
  await expect(hostCard.locator('.node-pods')).toHaveText('1 pod');

  // clicking selects it; Enter on a node card selects the node instead
  await expect(chip).toHaveAttribute('aria-pressed', 'false');
  await chip.click();
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  await expect(chip).toHaveAttribute('data-selected', 'true');

  // the inspector's Scheduling tab shows the scheduler's attempt that chose this node
  const inspector = page.getByRole('region', { name: 'Inspector' });
  await inspector.getByRole('tab', { name: 'Why' }).click();
  const nodeName = host.replace(/^Node (\S+): .*$/, '$1');
  await expect(inspector.getByRole('tabpanel')).toContainText(`Pod default/web: attempt 1 at`);
  await expect(inspector.getByRole('tabpanel')).toContainText(`scheduled to ${nodeName}`);
  await expect(inspector.getByRole('tabpanel')).toContainText(/Nodes: 6 in the cluster, 6 evaluated, 6 feasible/);
  await hostCard.focus();
  await page.keyboard.press('Enter');
  await expect(hostCard).toHaveAttribute('aria-pressed', 'true');
  await expect(chip).toHaveAttribute('aria-pressed', 'false');

  expect(problems).toEqual([]);
});
