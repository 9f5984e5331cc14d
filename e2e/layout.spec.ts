// Layout and session end to end: a reload gives back the cluster (a Deployment's very pods), the
// edited manifest, the console and its input history; a second tab leaves the first one's
// session alone; Reset cluster clears the saved cluster; panes resize by pointer and keyboard,
// collapse and maximise, and stay so after a reload.

import { expect, test, type Page } from '@playwright/test';
import { cluster, consoleOutput, expectRunning, runLine, setSpeed, virtualNow, watchProblems } from './scenario-helpers';

const EDITED = `# my own manifest, kept across reloads
apiVersion: v1
kind: ConfigMap
metadata:
  name: kept
data:
  answer: "42"
`;

async function open(page: Page): Promise<void> {
  await page.goto('/');
  await expect(cluster(page).getByRole('button', { name: /^Node node-a1: / })).toBeVisible();
}

/** The session as saved in IndexedDB (null when nothing is saved). */
async function savedSession(page: Page): Promise<{ editor: string | null; commands: { line: string }[] } | null> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const request = indexedDB.open('kubeplay');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          if (!db.objectStoreNames.contains('session')) return resolve(null);
          const get = db.transaction('session').objectStore('session').get('session');
          get.onsuccess = () => resolve(get.result ?? null);
          get.onerror = () => reject(get.error);
        };
      }),
  );
}

async function setEditorText(page: Page, text: string): Promise<void> {
  await page.getByRole('tab', { name: 'Manifests' }).click();
  await expect(page.locator('.me-editor .monaco-editor')).toBeVisible({ timeout: 10_000 });
  await expect.poll(() => page.evaluate(() => Boolean(window.monaco))).toBe(true);
  await page.evaluate((value) => {
    const model = window.monaco?.editor.getModels().find((m) => m.uri.path.endsWith('/manifest.yaml'));
    if (!model) throw new Error('no manifest model');
    model.setValue(value);
  }, text);
}

async function editorText(page: Page): Promise<string | undefined> {
  return page.evaluate(() =>
    window.monaco?.editor
      .getModels()
      .find((m) => m.uri.path.endsWith('/manifest.yaml'))
      ?.getValue(),
  );
}

test('a reload restores the cluster with its Deployment, the edited manifest and the console', async ({ page }) => {
  test.setTimeout(120_000);
  const problems = watchProblems(page);
  await open(page);
  await setSpeed(page, '10');
  await runLine(page, 'kubectl create deployment web --image=nginx:1.14.2 --replicas=3');
  const before = (await expectRunning(page, 'web-', 3)).map((p) => p.name).sort();
  await runLine(page, 'kubectl get deployments');
  await expect(consoleOutput(page)).toContainText(/web\s+3\/3/);
  await setEditorText(page, EDITED);
  await expect.poll(async () => (await savedSession(page))?.editor, { timeout: 5000 }).toBe(EDITED);
  const clockBefore = await virtualNow(page);

  await page.reload();
  // the Manifests tab is in front again, with the edited text
  await expect(page.getByRole('tab', { name: 'Manifests' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('.me-editor .monaco-editor')).toBeVisible({ timeout: 10_000 });
  await expect.poll(() => editorText(page)).toBe(EDITED);
  await page.getByRole('tab', { name: 'Console' }).click();
  await expect(consoleOutput(page)).toContainText(/Session restored in (\d+\.\d+) s\./, { timeout: 15_000 });
  const note = (await consoleOutput(page).innerText()).match(/Session restored in (\d+\.\d+) s\./);
  console.log(`restore of a 2-command session: ${note?.[1]} s`);
  // the console as it was, without the replay's echoes
  await expect(consoleOutput(page)).toContainText('$ kubectl create deployment web --image=nginx:1.14.2 --replicas=3');
  expect((await consoleOutput(page).innerText()).match(/\$ kubectl create deployment web/g)).toHaveLength(1);
  // the same pods (the engine is deterministic), not merely three
  const after = (await expectRunning(page, 'web-', 3)).map((p) => p.name).sort();
  expect(after).toEqual(before);
  expect(await virtualNow(page)).toBeGreaterThanOrEqual(clockBefore);
  await expect(page.getByRole('combobox', { name: 'Speed' })).toHaveValue('10');
  // the input history: Up brings back the last line typed
  const input = page.getByRole('textbox', { name: 'kubectl console' });
  await input.focus();
  await input.press('ArrowUp');
  await expect(input).toHaveValue('kubectl get deployments');
  expect(problems).toEqual([]);
});

test('a second tab does not overwrite the first one’s session, and Reset cluster clears it', async ({ page, context }) => {
  test.setTimeout(120_000);
  await open(page);
  await runLine(page, 'kubectl create deployment first --image=nginx:1.14.2 --replicas=2');
  await expectRunning(page, 'first-', 2);
  await expect
    .poll(async () => (await savedSession(page))?.commands.map((c) => c.line), { timeout: 5000 })
    .toContain('kubectl create deployment first --image=nginx:1.14.2 --replicas=2');

  const second = await context.newPage();
  await open(second);
  await expect(consoleOutput(second)).toContainText('Kubeplay is open in another tab');
  await expect(cluster(second).getByRole('button', { name: /^Pod first-/ })).toHaveCount(0);
  await runLine(second, 'kubectl create deployment second --image=nginx:1.14.2 --replicas=1');
  await expectRunning(second, 'second-', 1);
  await second.waitForTimeout(2500); // longer than a save period: a save would have happened
  await second.close();

  await page.reload();
  await expect(consoleOutput(page)).toContainText('Session restored', { timeout: 15_000 });
  await expectRunning(page, 'first-', 2);
  await expect(cluster(page).getByRole('button', { name: /^Pod second-/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Reset cluster' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Reset' }).click();
  await expect(cluster(page).getByRole('button', { name: /^Pod first-/ })).toHaveCount(0, { timeout: 10_000 });
  await expect.poll(async () => (await savedSession(page))?.commands.length, { timeout: 5000 }).toBe(0);
  await page.reload();
  await expect(cluster(page).getByRole('button', { name: /^Node node-a1: / })).toBeVisible();
  await expect(consoleOutput(page)).toContainText('$ kubeplay cluster reset');
  // nothing to replay: no second restore (the first one's note is in the kept transcript)
  await page.waitForTimeout(500);
  expect((await consoleOutput(page).innerText()).match(/Restoring your session/g)).toHaveLength(1);
  await expect(cluster(page).getByRole('button', { name: /^Pod first-/ })).toHaveCount(0);
});

test('panes resize by pointer and keyboard, collapse and maximise, and stay so after a reload', async ({ page }) => {
  test.setTimeout(90_000);
  const problems = watchProblems(page);
  await open(page);
  const side = page.locator('#kubeplay-side');
  const bottom = page.locator('#kubeplay-bottom');
  const graph = cluster(page);

  // drag the side column's splitter 120 px to the left: the column grows by as much
  const sideBefore = (await side.boundingBox())!;
  const graphBefore = (await graph.boundingBox())!;
  const handle = (await page.getByRole('separator', { name: 'Resize side panel' }).boundingBox())!;
  const x = handle.x + handle.width / 2;
  const y = handle.y + handle.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x - 60, y, { steps: 3 });
  await page.mouse.move(x - 120, y, { steps: 3 });
  await page.mouse.up();
  await expect.poll(async () => Math.round((await side.boundingBox())!.width - sideBefore.width)).toBe(120);
  expect(Math.round(graphBefore.width - (await graph.boundingBox())!.width)).toBe(120);

  // the bottom panel's splitter from the keyboard: three steps of 16 px up
  const bottomBefore = (await bottom.boundingBox())!.height;
  const bottomSplitter = page.getByRole('separator', { name: 'Resize bottom panel' });
  await bottomSplitter.focus();
  for (let i = 0; i < 3; i++) await bottomSplitter.press('ArrowUp');
  // (stored as a share of the workspace's height: within a pixel)
  await expect.poll(async () => Math.abs((await bottom.boundingBox())!.height - bottomBefore - 48)).toBeLessThan(1);

  // the control plane's share of the side column, once an object is inspected
  await graph.getByRole('button', { name: /^Node node-a1: / }).click();
  const controlSplitter = page.getByRole('separator', { name: 'Resize control plane panel' });
  await expect(controlSplitter).toBeVisible();
  const control = page.locator('#kubeplay-controlplane');
  const controlBefore = (await control.boundingBox())!.height;
  await controlSplitter.focus();
  await controlSplitter.press('Shift+ArrowDown');
  await expect.poll(async () => Math.abs(controlBefore - (await control.boundingBox())!.height - 64)).toBeLessThan(1);

  // hide the side column: the graph takes the width
  const sideButton = page.getByRole('button', { name: 'Side panel', exact: true });
  await sideButton.click();
  await expect(sideButton).toHaveAttribute('aria-expanded', 'false');
  await expect(side).toBeHidden();
  const wide = (await graph.boundingBox())!.width;
  expect(wide).toBeGreaterThan(graphBefore.width + 100);

  // collapse the bottom panel to its tabs, then open it with a tab
  const bottomButton = page.getByRole('button', { name: 'Bottom panel', exact: true });
  await bottomButton.click();
  await expect(bottomButton).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('textbox', { name: 'kubectl console' })).toBeHidden();
  expect((await bottom.boundingBox())!.height).toBeLessThan(60);
  await page.getByRole('tab', { name: 'Events' }).click();
  await expect(bottomButton).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('tab', { name: 'Console' }).click();

  // maximise: the console has the whole workspace, the graph is out of the way (kept, hidden)
  const maximize = page.getByRole('button', { name: 'Maximize bottom panel' });
  await maximize.click();
  await expect(maximize).toHaveAttribute('aria-pressed', 'true');
  await expect(graph).toBeHidden();
  await maximize.click();
  await expect(graph).toBeVisible();

  // remembered: a reload gives the same arrangement back
  const widthBeforeReload = (await graph.boundingBox())!.width;
  const bottomBeforeReload = (await bottom.boundingBox())!.height;
  await page.waitForTimeout(1500); // a save period
  await page.reload();
  await expect(graph.getByRole('button', { name: /^Node node-a1: / })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Side panel', exact: true })).toHaveAttribute('aria-expanded', 'false');
  await expect(side).toBeHidden();
  expect(Math.round((await graph.boundingBox())!.width)).toBe(Math.round(widthBeforeReload));
  expect(Math.round((await bottom.boundingBox())!.height)).toBe(Math.round(bottomBeforeReload));
  // and back: the side column comes back at the width it was dragged to
  await page.getByRole('button', { name: 'Side panel', exact: true }).click();
  await expect.poll(async () => Math.round((await side.boundingBox())!.width)).toBe(Math.round(sideBefore.width + 120));
  expect(problems).toEqual([]);
});
