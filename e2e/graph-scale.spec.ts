// The graph at scale and the node-stop explanation (issue 19, the graph's "Done when"):
// - 300 pods: node cards show per-status counts and a sparkline instead of 50 chips each; the
//   selected node expands to its chips;
// - 3,000 pods on 30 nodes with add-ons: zones are summaries (kube-system hidden by default), a
//   zone opens to its node cards, the namespace filter brings kube-system back;
// - Stop node: from the first second the card says when the node turns Unknown (and the rule),
//   then the taint and the pods' evictions with their countdowns.

import { expect, test, type Page } from '@playwright/test';
import { openPlayground } from './page-ready';
import { cluster, nodeCard, pause, play, runLine, setSpeed, watchProblems } from './scenario-helpers';

/** Sum of the per-status count tiles under `scope` (a card or a zone summary). */
async function tileTotal(page: Page, selector: string): Promise<number> {
  return page.evaluate(
    (sel) => [...document.querySelectorAll(`${sel} .gn-count-n`)].reduce((sum, el) => sum + Number(el.textContent ?? 0), 0),
    selector,
  );
}

/** The smallest rendered font size (px, zoom applied) of the text inside the cluster canvas. */
async function smallestGraphText(page: Page): Promise<number> {
  const { min, where } = await page.evaluate(() => {
    const viewport = document.querySelector<HTMLElement>('.react-flow__viewport');
    const zoom = viewport ? new DOMMatrixReadOnly(getComputedStyle(viewport).transform).a : 1;
    let min = Infinity;
    let where = '';
    for (const el of document.querySelectorAll<HTMLElement>('.react-flow__node *')) {
      const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '');
      if (!own || el.getClientRects().length === 0) continue;
      const px = parseFloat(getComputedStyle(el).fontSize) * zoom;
      if (px < min) {
        min = px;
        where = `${el.tagName}.${el.className} "${el.textContent}" zoom ${zoom} detail ${document.querySelector<HTMLElement>('.graph-canvas')?.dataset.lod}`;
      }
    }
    return { min, where };
  });
  if (min < 11) console.log(`smallest graph text ${min.toFixed(1)} px: ${where}`);
  return min;
}

test('300 pods: counts and a sparkline per node card, the selected node expands to its chips', async ({ page }) => {
  test.setTimeout(90_000);
  const problems = watchProblems(page);
  await openPlayground(page);
  await runLine(page, 'kubectl create deployment big --image=nginx:1.14.2 --replicas=300');
  await setSpeed(page, '100');
  await expect(cluster(page).getByRole('button', { name: 'Deployment default/big: 300/300' })).toBeVisible({
    timeout: 60_000,
  });
  await setSpeed(page, '1');

  const graph = page.locator('.cluster-graph');
  await expect(graph).toHaveAttribute('data-aggregated', 'true');
  await expect(graph).not.toHaveAttribute('data-zone-summaries', 'true');
  await expect(cluster(page).getByText('6/6 nodes Ready · 300 pods · counts per node')).toBeVisible();
  // no chip per pod: the six cards count them, and the tiles add up to the 300
  await expect(cluster(page).getByRole('button', { name: /^Pod big-/ })).toHaveCount(0);
  const cards = cluster(page).getByRole('button', { name: /^Node node-/ });
  await expect(cards).toHaveCount(6);
  await expect.poll(() => tileTotal(page, '.graph-node')).toBe(300);
  await expect(page.locator('.graph-node .gn-spark svg polyline.spark-ok')).toHaveCount(6);
  // every tile has its status shape (Running: a check)
  await expect(page.locator('.gn-count[data-status="Running"] svg[data-icon="check"]')).toHaveCount(6);

  // selecting a node expands it: exactly its pods as chips, the others stay counted
  const card = nodeCard(page, 'node-b1');
  const pods = Number((await card.locator('.node-pods').innerText()).split(' ')[0]);
  expect(pods).toBeGreaterThan(0);
  await card.click();
  await expect(card).toHaveAttribute('aria-pressed', 'true');
  await expect(card).toContainText('every pod shown (selected)');
  const chips = cluster(page).getByRole('button', { name: /^Pod big-.*: Running$/ });
  await expect(chips).toHaveCount(pods);
  for (const title of await chips.evaluateAll((els) => els.map((el) => el.getAttribute('title') ?? ''))) {
    expect(title).toContain('\nnode node-b1');
  }
  await expect.poll(() => tileTotal(page, '.graph-node')).toBe(300 - pods);

  // the text of the aggregated graph is readable at the fitted zoom
  expect(await smallestGraphText(page)).toBeGreaterThanOrEqual(11);
  expect(problems).toEqual([]);
});

test('3,000 pods on 30 nodes: zones as summaries, kube-system hidden, a zone opens to its nodes', async ({ page }) => {
  test.setTimeout(300_000);
  const problems = watchProblems(page);
  await openPlayground(page);
  await runLine(page, 'kubeplay cluster reset --zones 3 --nodes-per-zone 10 --addons');
  await expect(nodeCard(page, 'node-c10')).toBeVisible({ timeout: 15_000 });
  await pause(page);
  for (const name of ['api', 'big', 'web']) {
    await runLine(page, `kubectl create deployment ${name} --image=nginx:1.14.2 --replicas=1000`);
  }
  await setSpeed(page, 'max');
  await play(page);
  for (const name of ['api', 'big', 'web']) {
    await expect(cluster(page).getByRole('button', { name: `Deployment default/${name}: 1000/1000` })).toBeVisible({
      timeout: 240_000,
    });
  }
  await setSpeed(page, '1');

  const graph = page.locator('.cluster-graph');
  await expect(graph).toHaveAttribute('data-zone-summaries', 'true');
  // three zone summaries, no node card: their tiles add up to the 3,000 pods of default
  await expect(page.getByTestId('zone-summary')).toHaveCount(3);
  await expect(cluster(page).getByRole('button', { name: /^Node node-/ })).toHaveCount(0);
  await expect.poll(() => tileTotal(page, '[data-testid="zone-summary"]')).toBe(3000);
  // the add-ons' pods (kube-proxy per node, coredns) are hidden by default, and said so
  const hidden = page.getByTestId('pods-hidden');
  await expect(hidden).toHaveText(/^\d+ pods hidden \(kube-system\)$/);
  const system = Number((await hidden.innerText()).split(' ')[0]);
  expect(system).toBeGreaterThanOrEqual(30);

  // a zone opens to its ten node cards (counts per card), and folds back
  const inZoneA = await tileTotal(page, '.react-flow__node[data-id="zone:zone-a"] [data-testid="zone-summary"]');
  expect(inZoneA).toBeGreaterThan(0);
  await cluster(page).getByRole('button', { name: 'Show nodes of zone zone-a' }).click();
  const zoneACards = cluster(page).getByRole('button', { name: /^Node node-a\d+: Ready$/ });
  await expect(zoneACards).toHaveCount(10);
  await expect(page.getByTestId('zone-summary')).toHaveCount(2);
  await expect.poll(() => tileTotal(page, '.graph-node')).toBe(inZoneA);
  await cluster(page).getByRole('button', { name: 'Fold zone zone-a' }).click();
  await expect(zoneACards).toHaveCount(0);
  // a selected node keeps its zone open; Fold then lets go of the selection and folds the zone
  await cluster(page).getByRole('button', { name: 'Show nodes of zone zone-a' }).click();
  await expect(zoneACards).toHaveCount(10);
  await nodeCard(page, 'node-a1').click();
  await expect(nodeCard(page, 'node-a1')).toHaveAttribute('aria-pressed', 'true');
  await cluster(page).getByRole('button', { name: 'Fold zone zone-a' }).click();
  await expect(zoneACards).toHaveCount(0);

  // every namespace: kube-system's pods are counted too
  await page.getByRole('combobox', { name: 'Namespace shown' }).selectOption({ label: 'all' });
  await expect(hidden).toHaveCount(0);
  await expect.poll(() => tileTotal(page, '[data-testid="zone-summary"]')).toBe(3000 + system);
  expect(await smallestGraphText(page)).toBeGreaterThanOrEqual(11);
  expect(problems).toEqual([]);
});

test.describe('at the embed size 1024×640', () => {
  test.use({ viewport: { width: 1024, height: 640 } });
  test('Stop node: the card counts down to Unknown from the first second, then to the taint and the evictions', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const problems = watchProblems(page);
    await openPlayground(page);
    await runLine(page, 'kubectl create deployment web --image=nginx --replicas=6');
    await expect(cluster(page).getByRole('button', { name: 'Deployment default/web: 6/6' })).toBeVisible({ timeout: 20_000 });
    const card = nodeCard(page, 'node-a1');
    const timeline = card.getByTestId('node-timeline');
    await expect(timeline).toContainText(/^heartbeat \d+s ago$/);

    await runLine(page, 'kubeplay node stop node-a1');
    // within the first (real and virtual, at 1×) second: the countdown to Unknown and its rule
    await expect(timeline).toContainText(/Unknown in 0:(4\d|50)/, { timeout: 1_000 });
    await expect(timeline).toContainText('node-monitor-grace-period 50s');
    await expect(timeline).toContainText(/then \d+ pods? evicted ≈ in 5:\d\d|no pods to evict/);
    await expect(timeline).toContainText(/tolerationSeconds 300 on unreachable|taint-based eviction/);
    // the node still says Ready (the controller has not noticed yet), but the card does not hide it
    await expect(card).toHaveAttribute('aria-label', 'Node node-a1: Ready');

    // faster: Unknown, then the NoExecute taint and the countdown to the first eviction
    await setSpeed(page, '10');
    await expect(card).toHaveAttribute('aria-label', 'Node node-a1: NotReady', { timeout: 20_000 });
    await expect(timeline).toContainText(/tainted unreachable \d+s ago/, { timeout: 20_000 });
    await expect(timeline).toContainText(/\d+ pods? evicted in [45]:\d\d|no pods to evict/);
    // the compact level of detail keeps every text of the graph at 11 px or more on screen
    expect(await smallestGraphText(page)).toBeGreaterThanOrEqual(11);
    expect(problems).toEqual([]);
  });
});
