// Helpers for the scenario and performance browser tests: the console, the simulated clock, the
// speed control, and the graph's pod chips read through their accessible names (`Pod NAME:
// STATUS`) and tooltips (`node NAME`), so the tests do not depend on the graph's CSS or layout.

import { expect, type Locator, type Page } from '@playwright/test';

/** Virtual time zero of the default cluster: 2026-01-01T00:00:00Z. */
export const CLUSTER_START_MS = Date.UTC(2026, 0, 1);

/** The docs' nginx-deployment (https://k8s.io/examples/controllers/nginx-deployment.yaml). */
export const NGINX_DEPLOYMENT_URL = 'https://k8s.io/examples/controllers/nginx-deployment.yaml';
export const NGINX_DEPLOYMENT_YAML = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
  labels:
    app: nginx
spec:
  replicas: 3
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:1.14.2
        ports:
        - containerPort: 80
`;

export function cluster(page: Page): Locator {
  return page.getByRole('region', { name: 'Cluster' });
}

export function consoleOutput(page: Page): Locator {
  return page.getByRole('log', { name: 'Console output' });
}

/** Types a line into the console and waits for its echo (`$ line`). */
export async function runLine(page: Page, line: string): Promise<void> {
  const input = page.getByRole('textbox', { name: 'kubectl console' });
  await input.fill(line);
  await input.press('Enter');
  await expect(consoleOutput(page)).toContainText(`$ ${line}`);
}

/** Empties the console screen (`clear` is local: nothing is echoed). */
export async function clearConsole(page: Page): Promise<void> {
  const input = page.getByRole('textbox', { name: 'kubectl console' });
  await input.fill('clear');
  await input.press('Enter');
  await expect(consoleOutput(page)).not.toContainText('$ ');
}

/**
 * Clears the console, runs a line, waits until its output matches `until`, and returns the text
 * printed after the echo.
 */
export async function runAndRead(page: Page, line: string, until: RegExp, timeout = 10_000): Promise<string> {
  await clearConsole(page);
  await runLine(page, line);
  await expect(consoleOutput(page)).toContainText(until, { timeout });
  const text = await consoleOutput(page).innerText();
  return text.slice(text.indexOf(`$ ${line}`) + line.length + 2);
}

/** Virtual milliseconds since the cluster started, as painted on the clock (data-now). */
export async function virtualNow(page: Page): Promise<number> {
  return Number(await page.getByRole('timer', { name: 'Simulated clock' }).getAttribute('data-now'));
}

/** An RFC 3339 timestamp of the simulated cluster as virtual milliseconds since its start. */
export function virtualMs(timestamp: string): number {
  const ms = Date.parse(timestamp);
  if (Number.isNaN(ms)) throw new Error(`not a timestamp: ${JSON.stringify(timestamp)}`);
  return ms - CLUSTER_START_MS;
}

export async function setSpeed(page: Page, speed: 'max' | '1' | '2' | '5' | '10' | '100'): Promise<void> {
  const select = page.getByRole('combobox', { name: 'Speed' });
  await select.selectOption(speed);
  await expect(select).toHaveValue(speed);
}

export async function pause(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: 'Pause' });
  if (await button.isVisible()) await button.click();
  await expect(page.getByRole('timer', { name: 'Simulated clock' })).toHaveAttribute('data-playing', 'false');
}

export async function play(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: 'Play' });
  if (await button.isVisible()) await button.click();
  await expect(page.getByRole('timer', { name: 'Simulated clock' })).toHaveAttribute('data-playing', 'true');
}

export interface PodChip {
  name: string;
  status: string;
  /** The node it is bound to (from the chip's tooltip), or null while unscheduled. */
  node: string | null;
}

/** Every pod chip on the graph whose pod name starts with `prefix` (namespace default). */
export async function podChips(page: Page, prefix: string): Promise<PodChip[]> {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const chips = cluster(page).getByRole('button', { name: new RegExp(`^Pod ${escaped}`) });
  return chips.evaluateAll((els) =>
    els.map((el) => {
      const label = el.getAttribute('aria-label') ?? '';
      const m = /^Pod (\S+): (.*)$/.exec(label);
      const node = /\nnode (\S+)/.exec(el.getAttribute('title') ?? '');
      return { name: m?.[1] ?? label, status: m?.[2] ?? '', node: node?.[1] ?? null };
    }),
  );
}

/** The chips of `prefix` that are Running, sorted by name. */
export async function runningPods(page: Page, prefix: string): Promise<PodChip[]> {
  return (await podChips(page, prefix)).filter((p) => p.status === 'Running').sort((a, b) => a.name.localeCompare(b.name));
}

/** Waits until exactly `count` chips of `prefix` are Running (and nothing else of it is shown unless `others`). */
export async function expectRunning(page: Page, prefix: string, count: number, timeout = 30_000): Promise<PodChip[]> {
  await expect.poll(async () => (await runningPods(page, prefix)).length, { timeout }).toBe(count);
  return runningPods(page, prefix);
}

/** The default cluster names nodes after their zone: node-a1 is in zone-a. */
export function zoneOfNode(node: string): string {
  const m = /^node-([a-z])\d+$/.exec(node);
  if (!m) throw new Error(`node ${node} is not named after a zone`);
  return `zone-${m[1]}`;
}

/** The node card for `name` (any status). */
export function nodeCard(page: Page, name: string): Locator {
  return cluster(page).getByRole('button', { name: new RegExp(`^Node ${name}: `) });
}

/** Right-clicks the zone region's title (the regions pass pointer events to the pane). */
export async function openZoneMenu(page: Page, zone: string): Promise<Locator> {
  const title = cluster(page).getByText(`Zone ${zone}`, { exact: true });
  await expect(title).toBeVisible();
  const box = (await title.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2, { button: 'right' });
  const menu = page.getByRole('menu', { name: `Zone ${zone} actions` });
  await expect(menu).toBeVisible();
  return menu;
}

export { watchProblems } from './page-ready';
