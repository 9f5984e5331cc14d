// The inspector, the events timeline and the control-plane panel end to end: a row of the
// timeline selects its object; the inspector's buttons run their kubectl line, echoed in the
// console; Describe asks the worker; the panel shows zone states.

import { expect, test } from '@playwright/test';
import { openPlayground } from './page-ready';

test.beforeEach(async ({ page }) => {
  await openPlayground(page);
});

test('select a node from the events timeline, cordon it from the inspector, describe it', async ({ page }) => {
  const console = page.getByRole('log', { name: 'Console output' });

  // the control-plane panel: three Normal zones, nothing counting down
  const zones = page.getByRole('table', { name: /Zones as the node lifecycle controller/ });
  await expect(zones.getByRole('row')).toHaveCount(4);
  await expect(zones).toContainText('Normal');
  await expect(page.getByText('No timers running')).toBeVisible();

  // the events timeline, newest first, filtered to one node's registration
  await page.getByRole('tablist', { name: 'Panels' }).getByRole('tab', { name: 'Events' }).click();
  const filter = page.getByRole('searchbox', { name: 'Filter events' });
  await filter.fill('node-a1 RegisteredNode');
  const table = page.getByRole('table', { name: 'Events, newest first' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('row').nth(1).click();

  // the inspector shows the node
  const inspector = page.getByRole('region', { name: 'Inspector' });
  await expect(inspector.getByLabel('Selected Node node-a1: Ready')).toBeVisible();
  await expect(inspector.getByRole('tabpanel')).toContainText('zone-a');

  // Cordon runs kubectl cordon, shows the console with its echo, and the status follows
  await inspector.getByRole('button', { name: 'Cordon', exact: true }).click();
  await expect(console).toBeVisible();
  await expect(console).toContainText('$ kubectl cordon node-a1');
  await expect(console).toContainText('node/node-a1 cordoned');
  await expect(inspector.getByLabel('Selected Node node-a1: Ready,SchedulingDisabled')).toBeVisible();
  await expect(inspector.getByRole('button', { name: 'Uncordon' })).toBeVisible();

  // Describe comes back from the worker without touching the console
  await inspector.getByRole('tab', { name: 'Describe' }).click();
  await expect(inspector.getByRole('tabpanel')).toContainText(/Name:\s+node-a1/);
  await expect(inspector.getByRole('tabpanel')).toContainText(/Unschedulable:\s+true/);
  await expect(console).not.toContainText('$ kubectl describe');

  // the Events tab lists the node's events
  await inspector.getByRole('tab', { name: 'Events' }).click();
  await expect(inspector.getByRole('tabpanel')).toContainText('RegisteredNode');

  await page.screenshot({ path: 'e2e/screenshots/inspector.png', animations: 'disabled' });

  // Warning-only leaves no rows on a healthy cluster
  await page.getByRole('tablist', { name: 'Panels' }).getByRole('tab', { name: 'Events' }).click();
  await page.getByRole('checkbox', { name: 'Warnings only' }).check();
  await expect(page.getByText('No events match the filter.')).toBeVisible();
});

test('scale a deployment through the in-page prompt', async ({ page }) => {
  const input = page.getByRole('textbox', { name: 'kubectl console' });
  const console = page.getByRole('log', { name: 'Console output' });
  await input.fill('kubectl create deployment web --image=nginx --replicas=1');
  await input.press('Enter');
  await expect(console).toContainText('deployment.apps/web created');

  await page.getByRole('tablist', { name: 'Panels' }).getByRole('tab', { name: 'Events' }).click();
  await page.getByRole('searchbox', { name: 'Filter events' }).fill('deployment/web ScalingReplicaSet');
  const table = page.getByRole('table', { name: 'Events, newest first' });
  await table.getByRole('row').nth(1).click();

  const inspector = page.getByRole('region', { name: 'Inspector' });
  await expect(inspector.getByLabel(/^Selected Deployment web: /)).toBeVisible();
  await inspector.getByRole('button', { name: 'Scale' }).click();
  const form = inspector.getByRole('form', { name: 'Scale' });
  const replicas = form.getByRole('spinbutton', { name: 'Replicas' });
  await replicas.fill('3');
  await expect(form).toContainText('$ kubectl scale deployment/web -n default --replicas=3');
  await form.getByRole('button', { name: 'Run' }).click();
  await expect(console).toContainText('$ kubectl scale deployment/web -n default --replicas=3');
  await expect(console).toContainText('deployment.apps/web scaled');
  await expect(inspector.getByLabel(/^Selected Deployment web: \d\/3 ready/)).toBeVisible();
});
