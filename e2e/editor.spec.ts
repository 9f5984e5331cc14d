// The Manifests tab end to end: Monaco loads lazily (bundled, no CDN), Apply creates objects in
// the simulation, and an API validation error is marked at its field in the YAML.

import { expect, test, type Page } from '@playwright/test';

const VALID = `apiVersion: v1
kind: Pod
metadata:
  name: editor-e2e
spec:
  containers:
    - name: web
      image: nginx:1.27
`;

const INVALID = `apiVersion: v1
kind: Pod
metadata:
  name: editor-broken
spec:
  containers:
    - name: web
      ports:
        - containerPort: 80
`;

/** Replaces the editor text through the Monaco model (typing is auto-indented). */
async function setText(page: Page, text: string): Promise<void> {
  await page.evaluate((value) => {
    const model = window.monaco?.editor.getModels().find((m) => m.uri.path.endsWith('/manifest.yaml'));
    if (!model) throw new Error('no manifest model');
    model.setValue(value);
  }, text);
}

test('applies a manifest from the editor and marks validation errors', async ({ page }) => {
  const problems: string[] = [];
  const external: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.hostname !== 'localhost' && url.protocol !== 'data:' && url.protocol !== 'blob:') external.push(request.url());
  });

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Kubeplay' })).toBeVisible();

  await page.getByRole('tab', { name: 'Manifests' }).click();
  const editor = page.locator('.me-editor .monaco-editor');
  await expect(editor).toBeVisible({ timeout: 10_000 });
  await expect.poll(() => page.evaluate(() => Boolean(window.monaco))).toBe(true);

  // the gallery lists the bundled docs examples
  const gallery = page.getByRole('combobox', { name: 'Load an example manifest' });
  await expect(gallery.locator('option', { hasText: 'Deployment nginx-deployment' })).toHaveCount(1);

  const status = page.getByRole('status', { name: 'Apply result' });
  await setText(page, VALID);
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(status).toContainText('pod/editor-e2e created');

  // the Apply also shows in the console as the kubectl it ran; Ctrl+Enter applies again
  await editor.click();
  await page.keyboard.press('Control+Enter');
  await expect(status).toContainText('pod/editor-e2e unchanged');

  await setText(page, INVALID);
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(status).toContainText('spec.containers[0].image: Required value');
  const markers = await page.evaluate(() =>
    window.monaco!.editor.getModelMarkers({ owner: 'kubeplay-apply' }).map((m) => ({
      line: m.startLineNumber,
      message: m.message,
    })),
  );
  // the container has no image: marked at the container (`- name: web`, line 7)
  expect(markers).toEqual([{ line: 7, message: 'spec.containers[0].image: Required value' }]);
  await expect(editor.locator('.squiggly-error')).toHaveCount(1);

  await page.screenshot({ path: 'e2e/screenshots/editor.png', animations: 'disabled' });
  expect(problems).toEqual([]);
  expect(external).toEqual([]);
});
