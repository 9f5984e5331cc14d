// The polish part of issue 19 in the browser: destructive actions ask first (Drain from the
// inspector and from the graph's menu), the console answers `help` and completes flags, `-o`
// formats and rollout's sub-commands without repeating a name, the clock's Pause is the only
// "Pause", and the editor follows the page's theme and drops a stale Apply error.

import { expect, test, type Page } from '@playwright/test';
import { openPlayground, watchProblems } from './page-ready';

const consoleInput = (page: Page) => page.getByRole('textbox', { name: 'kubectl console' });
const consoleOutput = (page: Page) => page.getByRole('log', { name: 'Console output' });
const cluster = (page: Page) => page.getByRole('region', { name: 'Cluster' });

test('Drain asks for confirmation first, in the inspector and in the graph menu', async ({ page }) => {
  const problems = watchProblems(page);
  await openPlayground(page);
  const drainLine = 'kubectl drain node-a1 --ignore-daemonsets --delete-emptydir-data --force';
  await cluster(page)
    .getByRole('button', { name: /^Node node-a1: / })
    .click();
  const inspector = page.getByRole('region', { name: 'Inspector' });
  await inspector.getByRole('button', { name: 'Drain' }).click();

  // a modal question naming the node, what --force does, and the command; Cancel is focused
  const dialog = page.getByRole('alertdialog', { name: 'Drain node-a1?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('--force');
  await expect(dialog).toContainText(`$ ${drainLine}`);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  // Escape (like Cancel) runs nothing
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('tab', { name: 'Console' }).click();
  await expect(consoleOutput(page)).not.toContainText(`$ ${drainLine}`);
  await expect(cluster(page).getByRole('button', { name: 'Node node-a1: Ready', exact: true })).toBeVisible();

  // confirmed: the line runs and the node is cordoned
  await inspector.getByRole('button', { name: 'Drain' }).click();
  await dialog.getByRole('button', { name: 'Drain', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(consoleOutput(page)).toContainText(`$ ${drainLine}`);
  await expect(consoleOutput(page)).toContainText('node/node-a1 drained');
  await expect(cluster(page).getByRole('button', { name: 'Node node-a1: Ready,SchedulingDisabled' })).toBeVisible();

  // the graph's context menu asks the same question; Cancel leaves node-b1 alone
  const b1 = cluster(page).getByRole('button', { name: /^Node node-b1: / });
  await b1.click({ button: 'right' });
  await page.getByRole('menu', { name: 'Node node-b1 actions' }).getByRole('menuitem', { name: 'Drain' }).click();
  const fromMenu = page.getByRole('alertdialog', { name: 'Drain node-b1?' });
  await expect(fromMenu).toBeVisible();
  await fromMenu.getByRole('button', { name: 'Cancel' }).click();
  await expect(fromMenu).toBeHidden();
  await expect(consoleOutput(page)).not.toContainText('$ kubectl drain node-b1');
  await expect(cluster(page).getByRole('button', { name: 'Node node-b1: Ready', exact: true })).toBeVisible();
  expect(problems).toEqual([]);
});

test('help in the console lists what it understands', async ({ page }) => {
  await openPlayground(page);
  const input = consoleInput(page);
  await input.fill('help');
  await input.press('Enter');
  const output = consoleOutput(page);
  await expect(output).toContainText('$ help');
  await expect(output).toContainText('This console runs:');
  for (const text of ['kubectl VERB', 'kubeplay VERB', 'sleep DURATION', 'clear', 'rollout', 'zone partition|heal']) {
    await expect(output).toContainText(text);
  }
  await expect(output).not.toContainText('command not found');
  // it is in the history like any command
  await input.press('ArrowUp');
  await expect(input).toHaveValue('help');
});

test('Tab completes flags, -o formats and rollout sub-commands, and never repeats a name', async ({ page }) => {
  await openPlayground(page);
  const input = consoleInput(page);
  const output = consoleOutput(page);
  const tab = async (line: string) => {
    await input.fill(line);
    await input.press('Tab');
  };

  await tab('kubectl get pods --all-n');
  await expect(input).toHaveValue('kubectl get pods --all-namespaces ');
  await tab('kubectl get nodes -o w');
  await expect(input).toHaveValue('kubectl get nodes -o wide ');
  await tab('kubectl get nodes -o custom');
  await expect(input).toHaveValue('kubectl get nodes -o custom-columns=');
  await tab('kubectl get nodes --output=y');
  await expect(input).toHaveValue('kubectl get nodes --output=yaml ');

  await tab('kubectl rollout st');
  await expect(input).toHaveValue('kubectl rollout status ');
  // two Tabs on `kubectl rollout ` list the sub-commands
  await input.fill('kubectl rollout ');
  await input.press('Tab');
  await input.press('Tab');
  await expect(output).toContainText(/history\s+pause\s+restart\s+resume\s+status\s+undo/);

  // a completed name is not offered again by a second Tab
  await tab('kubectl cordon node-c');
  await expect(input).toHaveValue('kubectl cordon node-c');
  await input.fill('kubectl cordon node-c2');
  await input.press('Tab');
  await expect(input).toHaveValue('kubectl cordon node-c2 ');
  await input.press('Tab');
  await expect(input).toHaveValue('kubectl cordon node-c2 ');
  // the second node-c… is node-c2: node-c1 is already on the line
  await tab('kubectl get nodes node-c1 node-c');
  await expect(input).toHaveValue('kubectl get nodes node-c1 node-c2 ');

  // and the completed line runs
  await input.fill('kubectl get nodes -o wide');
  await input.press('Enter');
  await expect(output).toContainText('INTERNAL-IP');
});

test('one button is named Pause: the clock’s; a Deployment pauses its rollout', async ({ page }) => {
  await openPlayground(page);
  const input = consoleInput(page);
  await input.fill('kubectl create deployment web --image=nginx --replicas=2');
  await input.press('Enter');
  await cluster(page)
    .getByRole('button', { name: /^Deployment default\/web: / })
    .click();
  const inspector = page.getByRole('region', { name: 'Inspector' });
  await expect(inspector.getByRole('button', { name: 'Pause rollout' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toHaveCount(1);
  await inspector.getByRole('button', { name: 'Pause rollout' }).click();
  await expect(consoleOutput(page)).toContainText('deployment.apps/web paused');
  await expect(inspector.getByRole('button', { name: 'Resume rollout' })).toBeVisible();
});

test('the editor takes the page’s colours in both themes and drops a stale Apply error', async ({ page }) => {
  await openPlayground(page);
  await page.getByRole('tab', { name: 'Manifests' }).click();
  const editor = page.locator('.me-editor .monaco-editor');
  await expect(editor).toBeVisible({ timeout: 10_000 });
  const editorBackground = () =>
    editor.evaluate((el) => getComputedStyle(el.querySelector('.monaco-editor-background')!).backgroundColor);
  const surface = () =>
    page.evaluate(() => {
      const probe = document.createElement('span');
      probe.style.color = 'var(--surface)';
      document.body.append(probe);
      const colour = getComputedStyle(probe).color;
      probe.remove();
      return colour;
    });
  for (const theme of ['light', 'dark']) {
    // the theme switch cycles system → light → dark
    while ((await page.getByRole('button', { name: /^Theme: / }).getAttribute('aria-label')) !== `Theme: ${theme}`) {
      await page.getByRole('button', { name: /^Theme: / }).click();
    }
    await expect.poll(editorBackground).toBe(await surface());
  }

  const setText = (text: string) =>
    page.evaluate((value) => {
      const model = window.monaco!.editor.getModels().find((m) => m.uri.path.endsWith('/manifest.yaml'))!;
      model.setValue(value);
    }, text);
  const status = page.getByRole('status', { name: 'Apply result' });
  await setText('apiVersion: v1\nkind: Pod\nmetadata:\n  name: broken\nspec:\n  containers:\n    - name: web\n');
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(status).toContainText('spec.containers[0].image: Required value');
  await expect(editor.locator('.squiggly-error')).toHaveCount(1);
  // fixing the same pod keeps the report in view; another manifest clears it
  await setText('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  a: "1"\n');
  await expect(status).not.toContainText('Required value');
  await expect(editor.locator('.squiggly-error')).toHaveCount(0);
});

test('after Stop node, the panel and the inspector explain the wait from the first second', async ({ page }) => {
  await openPlayground(page);
  const input = consoleInput(page);
  await input.fill('kubeplay node stop node-a2');
  await input.press('Enter');
  await expect(consoleOutput(page)).toContainText('node/node-a2 stopped');
  // still Ready in the API, but the control-plane panel counts down to Unknown and names the rule
  const panel = page.getByRole('region', { name: 'Control plane now' });
  const row = panel.getByRole('list', { name: 'Nodes not heard from' }).getByRole('button', { name: /^node-a2: powered off/ });
  await expect(row).toBeVisible();
  await expect(row).toContainText(/Unknown in 0:[0-5]\d/);
  await expect(row).toContainText('node-monitor-grace-period 50s');
  await expect(panel).not.toContainText('nothing counting down');
  await expect(cluster(page).getByRole('button', { name: 'Node node-a2: Ready', exact: true })).toBeVisible();

  await row.click();
  const waits = page.getByRole('region', { name: 'Inspector' }).getByRole('list', { name: 'Why it waits' });
  await expect(waits).toContainText(/Node node-a2 turns Unknown in 0:[0-5]\d/);
  await expect(waits).toContainText('Rule: node-monitor-grace-period 50s after the last heartbeat');
});
