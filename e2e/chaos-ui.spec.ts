// Chaos through the page: a sequence of the disruptive actions a user clicks in the graph's
// context menus (broken image, node stop, zone partition, cordon and drain, rollout undo, scale,
// evict, then start, heal, uncordon) runs without a page error, console error or internal error,
// and the cluster still answers afterwards. The engine side of the same actions runs on thousands
// of random sequences in src/engine/testing/chaos.

import { expect, test, type Locator, type Page } from '@playwright/test';
import { openPlayground, watchProblems } from './page-ready';
import { cluster, consoleOutput, runLine } from './scenario-helpers';

/**
 * Right-clicks `target`, picks `item` in the menu named `menuName` (answering its confirmation
 * when it is a destructive one), and waits for its echo.
 */
async function menuAction(page: Page, target: Locator, menuName: string, item: string, echo: string, confirm = false) {
  // From the keyboard (focus, then Shift+F10): a zone's middle is covered by its node cards, so a
  // right-click there would open a node's menu.
  await target.focus();
  await page.keyboard.press('Shift+F10');
  const menu = page.getByRole('menu', { name: menuName });
  await expect(menu).toBeVisible();
  await menu.getByRole('menuitem', { name: item }).click();
  if (confirm) await page.getByRole('alertdialog').getByRole('button', { name: item, exact: true }).click();
  await expect(consoleOutput(page)).toContainText(`$ ${echo}`, { timeout: 15_000 });
}

/** Like menuAction, for an item that asks a value first (Scale…, Set image…). */
async function promptAction(page: Page, target: Locator, menuName: string, item: string, field: string, value: string) {
  await target.click({ button: 'right' });
  await page
    .getByRole('menu', { name: menuName })
    .getByRole('menuitem', { name: new RegExp(`^${item}`) })
    .click();
  const dialog = page.getByRole('dialog', { name: item });
  await dialog.getByLabel(field).fill(value);
  await dialog.getByRole('button', { name: item }).click();
}

test('disruptive menu actions in a row: no page error, no internal error, the cluster still answers', async ({ page }) => {
  test.setTimeout(120_000);
  const problems = watchProblems(page);
  await openPlayground(page);
  const graph = cluster(page);
  const log = consoleOutput(page);
  const node = (name: string) => graph.getByRole('button', { name: new RegExp(`^Node ${name}: `) });
  const zone = (name: string) => graph.getByRole('button', { name: `Zone ${name}`, exact: true });
  const deployment = graph.getByRole('button', { name: /^Deployment default\/web: / });
  const deploymentMenu = 'Deployment default/web actions';

  await runLine(page, 'kubectl create deployment web --image=nginx:1.27 --replicas=4');
  await expect(graph.getByRole('button', { name: /^Pod web-\S+: Running$/ })).toHaveCount(4, { timeout: 20_000 });

  await promptAction(page, deployment, deploymentMenu, 'Set image', 'Container=image', 'nginx=nginx:does-not-exist');
  await expect(log).toContainText('$ kubectl set image deployment/web -n default nginx=nginx:does-not-exist');
  await menuAction(page, node('node-b1'), 'Node node-b1 actions', 'Stop node', 'kubeplay node stop node-b1');
  await menuAction(page, zone('zone-c'), 'Zone zone-c actions', 'Partition zone', 'kubeplay zone partition zone-c', true);
  await menuAction(page, node('node-a1'), 'Node node-a1 actions', 'Cordon', 'kubectl cordon node-a1');
  await menuAction(
    page,
    node('node-a1'),
    'Node node-a1 actions',
    'Drain',
    'kubectl drain node-a1 --ignore-daemonsets --delete-emptydir-data --force',
    true,
  );
  await menuAction(page, deployment, deploymentMenu, 'Rollout undo', 'kubectl rollout undo deployment/web -n default');
  await promptAction(page, deployment, deploymentMenu, 'Scale', 'Replicas', '2');
  await expect(log).toContainText('$ kubectl scale deployment/web -n default --replicas=2');

  // A Running pod: one still terminating may be gone before its menu opens.
  const chip = graph.getByRole('button', { name: /^Pod web-\S+: Running$/ }).first();
  await expect(chip).toBeVisible({ timeout: 30_000 });
  const pod = (await chip.getAttribute('aria-label'))!.replace(/^Pod (\S+): .*$/, '$1');
  await menuAction(page, chip, `Pod default/${pod} actions`, 'Evict', `kubeplay pod evict ${pod} -n default`);

  await menuAction(page, node('node-b1'), 'Node node-b1 actions', 'Start node', 'kubeplay node start node-b1');
  await menuAction(page, zone('zone-c'), 'Zone zone-c actions', 'Heal zone', 'kubeplay zone heal zone-c');
  await menuAction(page, node('node-a1'), 'Node node-a1 actions', 'Uncordon', 'kubectl uncordon node-a1');

  // Time passes; the Deployment is back on its good image with the replicas asked for.
  await runLine(page, 'sleep 3m');
  await runLine(page, 'kubectl get deployment web -o jsonpath={.status.availableReplicas}/{.spec.replicas}');
  await expect(log).toContainText('2/2', { timeout: 15_000 });
  await expect(log).not.toContainText('internal error');
  await expect(graph.getByRole('button', { name: /^Node node-\S+: Ready$/ })).toHaveCount(6, { timeout: 15_000 });
  expect(problems).toEqual([]);
});
