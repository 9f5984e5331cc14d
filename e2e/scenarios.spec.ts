// The UI issue's "Done when" scenarios end to end, on the graph and in the console: the docs'
// nginx-deployment from the editor and from its URL; a stopped node going Unknown and its pods
// evicted after the real timeouts; a partitioned zone; a rolling update seen mid-way.
// (`kubectl get pods -o wide` in the console is covered by console.spec.ts.)

import { expect, test, type Page } from '@playwright/test';
import { openPlayground } from './page-ready';
import {
  NGINX_DEPLOYMENT_URL,
  NGINX_DEPLOYMENT_YAML,
  cluster,
  consoleOutput,
  expectRunning,
  nodeCard,
  openZoneMenu,
  pause,
  play,
  podChips,
  runAndRead,
  runLine,
  runningPods,
  setSpeed,
  virtualMs,
  virtualNow,
  watchProblems,
  zoneOfNode,
} from './scenario-helpers';

const NGINX = 'nginx-deployment-';

async function applyNginxFromConsole(page: Page): Promise<void> {
  await runLine(page, `kubectl apply -f ${NGINX_DEPLOYMENT_URL}`);
  await expect(consoleOutput(page)).toContainText('deployment.apps/nginx-deployment created');
}

test('the docs nginx-deployment applied from the Manifests editor runs 3 pods', async ({ page }) => {
  const problems = watchProblems(page);
  await openPlayground(page);

  await page.getByRole('tab', { name: 'Manifests' }).click();
  await expect(page.locator('.me-editor .monaco-editor')).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => page.evaluate(() => Boolean(window.monaco)), { timeout: 15_000 }).toBe(true);
  // set the whole document through the model (typing would be auto-indented)
  await page.evaluate((value) => {
    const model = window.monaco?.editor.getModels().find((m) => m.uri.path.endsWith('/manifest.yaml'));
    if (!model) throw new Error('no manifest model');
    model.setValue(value);
  }, NGINX_DEPLOYMENT_YAML);
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Apply result' })).toContainText('deployment.apps/nginx-deployment created');

  const pods = await expectRunning(page, NGINX, 3);
  expect(pods.every((p) => p.node !== null)).toBe(true);
  await expect(cluster(page).getByRole('button', { name: 'Deployment default/nginx-deployment: 3/3' })).toBeVisible();

  await page.screenshot({ path: 'e2e/screenshots/scenario-apply-editor.png', animations: 'disabled' });
  expect(problems).toEqual([]);
});

test('the docs nginx-deployment applied from its URL in the console runs 3 pods', async ({ page }) => {
  const problems = watchProblems(page);
  await openPlayground(page);

  await applyNginxFromConsole(page);
  const pods = await expectRunning(page, NGINX, 3);
  // one ReplicaSet owns them, each chip sits on a node
  const hashes = new Set(pods.map((p) => p.name.split('-').slice(0, -1).join('-')));
  expect(hashes.size).toBe(1);
  expect(pods.every((p) => p.node !== null)).toBe(true);
  await expect(cluster(page).getByRole('button', { name: 'Deployment default/nginx-deployment: 3/3' })).toBeVisible();
  await expect(cluster(page).getByRole('button', { name: `ReplicaSet default/${[...hashes][0]}: 3/3` })).toBeVisible();

  await page.screenshot({ path: 'e2e/screenshots/scenario-apply-console.png', animations: 'disabled' });
  expect(problems).toEqual([]);
});

test('Stop node: the node goes Unknown, its pods are evicted after the real timeouts and replaced elsewhere', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const problems = watchProblems(page);
  await openPlayground(page);
  await applyNginxFromConsole(page);
  const before = await expectRunning(page, NGINX, 3);
  const victim = before[0].node!;
  const victimPods = before.filter((p) => p.node === victim).map((p) => p.name);

  // pause so the virtual time of the stop is exact, then stop the machine from the graph
  await pause(page);
  await nodeCard(page, victim).click({ button: 'right' });
  const menu = page.getByRole('menu', { name: `Node ${victim} actions` });
  await menu.getByRole('menuitem', { name: 'Stop node' }).click();
  // the click teaches the command: the console shows the line it ran
  await expect(consoleOutput(page)).toContainText(`$ kubeplay node stop ${victim}`);
  await expect(nodeCard(page, victim).getByText('powered off')).toBeVisible();
  const stoppedAt = await virtualNow(page);

  await setSpeed(page, 'max');
  await play(page);

  // node-monitor-grace-period 50 s after the last heartbeat (≤ 10 s before the stop), found by a
  // monitor pass every 5 s: kubectl prints NotReady, the card's pill says Unknown
  const unknownCard = cluster(page).getByRole('button', { name: `Node ${victim}: NotReady`, exact: true });
  await expect(unknownCard).toBeVisible({ timeout: 20_000 });
  await expect(unknownCard.getByText('Unknown', { exact: true })).toBeVisible();

  // the replacements: 3 Running pods again, none on the stopped node; its own pods Terminating
  await expect
    .poll(
      async () => {
        const pods = await podChips(page, NGINX);
        const running = pods.filter((p) => p.status === 'Running' && p.node !== victim);
        const evicted = pods.filter((p) => victimPods.includes(p.name) && p.status === 'Terminating');
        return `${running.length} running elsewhere, ${evicted.length} evicted`;
      },
      { timeout: 45_000 },
    )
    .toBe(`3 running elsewhere, ${victimPods.length} evicted`);
  await page.screenshot({ path: 'e2e/screenshots/scenario-stop-node.png', animations: 'disabled' });
  const evictionSeenAt = await virtualNow(page);
  await pause(page);

  // the exact timings, from the objects' own timestamps (virtual time since the cluster started)
  const nodeInfo = await runAndRead(
    page,
    `kubectl get node ${victim} -o jsonpath='{.status.conditions[?(@.type=="Ready")].lastTransitionTime} {range .spec.taints[*]}{.key}:{.effect}@{.timeAdded} {end}'`,
    /NoExecute@\S+/,
  );
  const unknownAt = virtualMs(/^\s*(\S+)/.exec(nodeInfo)![1]);
  const taintedAt = virtualMs(/node\.kubernetes\.io\/unreachable:NoExecute@(\S+)/.exec(nodeInfo)![1]);
  const podInfo = await runAndRead(
    page,
    `kubectl get pod ${victimPods[0]} -o jsonpath='evicted@{.status.conditions[?(@.type=="DisruptionTarget")].lastTransitionTime}'`,
    /evicted@\S+/,
  );
  const evictedAt = virtualMs(/evicted@(\S+)/.exec(podInfo)![1]);
  const clockText = await runAndRead(page, 'kubeplay clock', /since start\)/);
  console.log(
    `stop node ${victim}: stopped at +${stoppedAt / 1000}s, Ready=Unknown at +${unknownAt / 1000}s, ` +
      `unreachable:NoExecute at +${taintedAt / 1000}s, evicted at +${evictedAt / 1000}s ` +
      `(seen on the graph by +${evictionSeenAt / 1000}s; kubeplay clock: ${clockText.trim()})`,
  );
  // 50 s grace after the last heartbeat (posted every 10 s), + up to one 5 s monitor period;
  // timestamps are whole seconds
  expect(unknownAt - stoppedAt).toBeGreaterThanOrEqual(39_000);
  expect(unknownAt - stoppedAt).toBeLessThanOrEqual(56_000);
  // the NoExecute taint follows on the next monitor pass (rate limiter: 0.1 node/s, burst 1)
  expect(taintedAt - unknownAt).toBeGreaterThanOrEqual(0);
  expect(taintedAt - unknownAt).toBeLessThanOrEqual(11_000);
  // never before the default tolerationSeconds (300) of node.kubernetes.io/unreachable
  expect(evictedAt - taintedAt).toBeGreaterThanOrEqual(300_000);
  expect(evictedAt - taintedAt).toBeLessThanOrEqual(301_000);
  expect(evictionSeenAt).toBeGreaterThanOrEqual(taintedAt + 300_000);

  expect(problems).toEqual([]);
});

test('Partition zone: the zone is drawn cut off, its pods are evicted but kept Terminating until Heal', async ({ page }) => {
  test.setTimeout(90_000);
  const problems = watchProblems(page);
  await openPlayground(page);
  await applyNginxFromConsole(page);
  const before = await expectRunning(page, NGINX, 3);
  const zone = zoneOfNode(before[0].node!);
  const zoneNodes = ['1', '2'].map((n) => `node-${zone.slice('zone-'.length)}${n}`);
  const zonePods = before.filter((p) => zoneNodes.includes(p.node!)).map((p) => p.name);

  await pause(page);
  const menu = await openZoneMenu(page, zone);
  await menu.getByRole('menuitem', { name: 'Partition zone' }).click();
  await page
    .getByRole('alertdialog', { name: `Partition ${zone}?` })
    .getByRole('button', { name: 'Partition zone' })
    .click();
  await expect(consoleOutput(page)).toContainText(`$ kubeplay zone partition ${zone}`);
  const partitionedAt = await virtualNow(page);

  // drawn cut off at once: the zone is tagged partitioned and each of its node cards "cut"
  const zoneTitle = cluster(page).getByText(`Zone ${zone}`, { exact: true });
  await expect(zoneTitle.locator('xpath=..').getByText('partitioned', { exact: true })).toBeVisible();
  for (const node of zoneNodes) await expect(nodeCard(page, node).getByText('cut', { exact: true })).toBeVisible();

  // well past grace + tolerationSeconds: 10 minutes of virtual time at max speed
  await setSpeed(page, 'max');
  await play(page);
  await expect.poll(() => virtualNow(page), { timeout: 45_000 }).toBeGreaterThan(partitionedAt + 600_000);
  await pause(page);

  for (const node of zoneNodes) {
    const card = cluster(page).getByRole('button', { name: `Node ${node}: NotReady`, exact: true });
    await expect(card).toBeVisible();
    await expect(card.getByText('Unknown', { exact: true })).toBeVisible();
    await expect(card.getByText('unreachable:NoSchedule,NoExecute', { exact: true })).toBeVisible();
  }
  // The faithful outcome for the default cluster (3 zones × 2 nodes), per the node lifecycle
  // controller (the shared reference nodes-kubelet-scheduler.md A5, src/engine/controllers/
  // nodelifecycle/disruption.ts): the partitioned zone is FullDisruption (0 Ready), but the other
  // zones are Normal, so this is NOT master disruption mode — a fully disrupted zone taints at the
  // normal node-eviction-rate (HealthyQPSFunc, 0.1 node/s). Its nodes get
  // unreachable:NoExecute, and after tolerationSeconds 300 the taint manager deletes their pods
  // gracefully (A8, A9): they show Terminating, and the ReplicaSet replaces them in other zones.
  // The kubelets behind the partition cannot confirm the deletion, so the pod objects stay
  // (Terminating) until the zone heals (A10) — "kept until Heal".
  // Only if every zone were fully disrupted would the controller stop all evictions.
  await expect
    .poll(async () => {
      const pods = await podChips(page, NGINX);
      return {
        kept: pods.filter((p) => zonePods.includes(p.name)).map((p) => `${p.status}@${zoneOfNode(p.node!)}`),
        runningElsewhere: pods.filter((p) => p.status === 'Running' && !zoneNodes.includes(p.node!)).length,
      };
    })
    .toEqual({ kept: zonePods.map(() => `Terminating@${zone}`), runningElsewhere: 3 });
  await expect(zoneTitle.locator('xpath=..').getByText('partitioned', { exact: true })).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/scenario-partition-zone.png', animations: 'disabled' });

  // Heal: the nodes report again and become Ready; the kubelets finish the evicted pods
  const healMenu = await openZoneMenu(page, zone);
  await healMenu.getByRole('menuitem', { name: 'Heal zone' }).click();
  await expect(consoleOutput(page)).toContainText(`$ kubeplay zone heal ${zone}`);
  await play(page);
  for (const node of zoneNodes) {
    await expect(cluster(page).getByRole('button', { name: `Node ${node}: Ready`, exact: true })).toBeVisible({
      timeout: 20_000,
    });
  }
  await expect(zoneTitle.locator('xpath=..').getByText('partitioned', { exact: true })).toBeHidden();
  await expect
    .poll(async () => (await podChips(page, NGINX)).filter((p) => zonePods.includes(p.name)).length, { timeout: 20_000 })
    .toBe(0);
  expect((await runningPods(page, NGINX)).length).toBe(3);
  await page.screenshot({ path: 'e2e/screenshots/scenario-heal-zone.png', animations: 'disabled' });
  expect(problems).toEqual([]);
});

test('Set image: the rolling update is visible mid-way, then all pods run the new image', async ({ page }) => {
  test.setTimeout(90_000);
  const problems = watchProblems(page);
  await openPlayground(page);
  await applyNginxFromConsole(page);
  const before = await expectRunning(page, NGINX, 3);
  const oldRs = before[0].name.split('-').slice(0, -1).join('-');
  const graph = cluster(page);

  // the Deployment card's context menu → Set image… → CONTAINER=IMAGE
  await graph.getByRole('button', { name: 'Deployment default/nginx-deployment: 3/3' }).click({ button: 'right' });
  const menu = page.getByRole('menu', { name: 'Deployment default/nginx-deployment actions' });
  await menu.getByRole('menuitem', { name: /^Set image/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Set image' });
  await dialog.getByRole('textbox', { name: 'Container=image' }).fill('nginx=nginx:1.16.1');
  await dialog.getByRole('button', { name: 'Set image' }).click();
  await expect(consoleOutput(page)).toContainText(
    '$ kubectl set image deployment/nginx-deployment -n default nginx=nginx:1.16.1',
  );

  // mid-rollout (maxSurge 1, maxUnavailable 0 for 3 replicas): both ReplicaSets on the workloads
  // lane with pods, the old one going down while the new one comes up
  const rsCards = graph.getByRole('button', { name: /^ReplicaSet default\/nginx-deployment-/ });
  let mid = '';
  await expect
    .poll(
      async () => {
        const labels = await rsCards.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
        const counts = new Map(
          labels.map((l) => {
            const m = /^ReplicaSet default\/(\S+): (\d+)\/(\d+)$/.exec(l)!;
            return [m[1], { ready: Number(m[2]), desired: Number(m[3]) }] as const;
          }),
        );
        const newRs = [...counts.keys()].find((k) => k !== oldRs);
        const o = counts.get(oldRs);
        const n = newRs ? counts.get(newRs) : undefined;
        const pods = await podChips(page, NGINX);
        const oldPods = pods.filter((p) => p.name.startsWith(`${oldRs}-`)).length;
        const newPods = newRs ? pods.filter((p) => p.name.startsWith(`${newRs}-`)).length : 0;
        mid = `old ${oldRs} ${o?.ready}/${o?.desired} (${oldPods} pods), new ${newRs} ${n?.ready}/${n?.desired} (${newPods} pods)`;
        return !!o && !!n && o.desired > 0 && o.desired < 3 && n.desired > 0 && oldPods > 0 && newPods > 0;
      },
      { timeout: 20_000, intervals: [100] },
    )
    .toBe(true);
  await page.screenshot({ path: 'e2e/screenshots/scenario-rollout-mid.png', animations: 'disabled' });
  console.log(`mid-rollout: ${mid}`);

  // kubectl rollout status waits on the virtual clock and reports success
  await setSpeed(page, '10');
  await runLine(page, 'kubectl rollout status deployment/nginx-deployment');
  await expect(consoleOutput(page)).toContainText('deployment "nginx-deployment" successfully rolled out', {
    timeout: 30_000,
  });
  // the old pods finish terminating; 3 pods remain, all with the new image
  await expect.poll(async () => (await podChips(page, oldRs)).length, { timeout: 30_000 }).toBe(0);
  const after = await expectRunning(page, NGINX, 3);
  expect(after.every((p) => !p.name.startsWith(`${oldRs}-`))).toBe(true);
  const images = await runAndRead(
    page,
    `kubectl get pods -l app=nginx -o jsonpath='{range .items[*]}{.metadata.name}={.spec.containers[0].image}{"\\n"}{end}'`,
    /=nginx:/,
  );
  expect(
    images
      .trim()
      .split('\n')
      .map((l) => l.split('=')[1]),
  ).toEqual(['nginx:1.16.1', 'nginx:1.16.1', 'nginx:1.16.1']);
  await expect(graph.getByRole('button', { name: 'Deployment default/nginx-deployment: 3/3' })).toBeVisible();
  expect(problems).toEqual([]);
});
