// The page mirrors only the cluster's newest 1,000 Events; `kubectl edit` of an older one still
// opens it in the Manifests tab, fetched from the worker.

import { expect, test } from '@playwright/test';
import { openPlayground } from './page-ready';
import { runAndRead, runLine, setSpeed } from './scenario-helpers';

test('kubectl edit opens an Event older than the newest the page holds', async ({ page }) => {
  test.setTimeout(120_000);
  await openPlayground(page);
  // Not 'max': the clock could run past the hour after which Events expire while this polls.
  await setSpeed(page, '10');
  const listed = await runAndRead(page, 'kubectl get events -o name', /event\//);
  const oldest = /event\/\S+/.exec(listed)![0];
  // 250 pods: about 1,250 newer Events (Scheduled, Pulled, Created, Started, SuccessfulCreate).
  await runLine(page, 'kubectl create deployment big --image=nginx --replicas=250');
  await expect
    .poll(async () => runAndRead(page, 'kubectl get deployment big --no-headers', /big\s/), {
      timeout: 90_000,
      intervals: [2_000],
    })
    .toMatch(/big\s+250\/250/);
  // The Manifests tab takes the console's place: type the line without waiting for its echo.
  const input = page.getByRole('textbox', { name: 'kubectl console' });
  await input.fill(`kubectl edit ${oldest}`);
  await input.press('Enter');
  await expect(page.getByRole('tab', { name: 'Manifests' })).toHaveAttribute('aria-selected', 'true');
  const name = oldest.slice('event/'.length);
  await expect(page.getByRole('status', { name: 'Apply result' })).toContainText(`Loaded event/${name} at resourceVersion`);
  await expect(page.locator('.me-editor')).toContainText(`name: ${name}`);
});
