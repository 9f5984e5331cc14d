// Console Tab completion, Reset cluster and the inspector's Edit YAML / Add node, end to end.

import { expect, test } from '@playwright/test';
import { openPlayground } from './page-ready';

test.beforeEach(async ({ page }) => {
  await openPlayground(page);
});

test('Tab completes resource types and lists ambiguous names', async ({ page }) => {
  const input = page.getByRole('textbox', { name: 'kubectl console' });
  const output = page.getByRole('log', { name: 'Console output' });

  await input.fill('kubectl get no');
  await input.press('Tab');
  await expect(input).toHaveValue('kubectl get nodes ');
  await expect(input).toBeFocused();

  await input.fill('kubectl describe node node-a');
  await input.press('Tab');
  await expect(input).toHaveValue('kubectl describe node node-a');
  await input.press('Tab');
  await expect(output).toContainText('$ kubectl describe node node-a');
  await expect(output).toContainText(/node-a1\s+node-a2/);
  await expect(input).toHaveValue('kubectl describe node node-a');
});

test('Reset cluster asks first, then runs kubeplay cluster reset', async ({ page }) => {
  const input = page.getByRole('textbox', { name: 'kubectl console' });
  const output = page.getByRole('log', { name: 'Console output' });
  await input.fill('kubectl create deployment web --image=nginx');
  await input.press('Enter');
  await expect(output).toContainText('deployment.apps/web created');

  await page.getByRole('button', { name: 'Reset cluster' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Reset the cluster?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(output).not.toContainText('$ kubeplay cluster reset');

  await page.getByRole('button', { name: 'Reset cluster' }).click();
  await dialog.getByRole('button', { name: 'Reset', exact: true }).click();
  await expect(output).toContainText('$ kubeplay cluster reset');
  await expect(output).toContainText('cluster reset: 6 nodes in 3 zones');
  await input.fill('kubectl get deployments');
  await input.press('Enter');
  await expect(output).toContainText('No resources found in default namespace.');
});

test('the inspector edits a node’s YAML and adds a node to its zone', async ({ page }) => {
  await page
    .getByRole('region', { name: 'Cluster' })
    .getByRole('button', { name: /^Node node-a1: / })
    .click();
  const inspector = page.getByRole('region', { name: 'Inspector' });
  await expect(inspector.getByLabel(/^Selected Node node-a1: /)).toBeVisible();

  await inspector.getByRole('button', { name: 'Add node' }).click();
  const output = page.getByRole('log', { name: 'Console output' });
  await expect(output).toContainText('$ kubeplay node add node-a3 --zone zone-a');
  await expect(output).toContainText('node/node-a3 added to zone zone-a');

  await inspector.getByRole('button', { name: 'Edit YAML' }).click();
  await expect(page.getByRole('tab', { name: 'Manifests' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('status', { name: 'Apply result' })).toContainText('Loaded node/node-a1 at resourceVersion');
  await expect(page.locator('.me-editor')).toContainText('name: node-a1');
});
