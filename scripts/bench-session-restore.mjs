// Measures how long a reload takes to give a typical session back (docs/layout-and-session.md):
// builds a 13-command session in the playground served at URL (a production build, e.g.
// `npx vite preview --outDir dist --port 4173`), reloads three times and prints the replay time
// the console reports and the whole reload (navigation → the restore's last command done).
//
//   node scripts/bench-session-restore.mjs [URL]        (default http://localhost:4173/)

import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

const url = process.argv[2] ?? 'http://localhost:4173/';
const SESSION = [
  'kubectl apply -f https://k8s.io/examples/controllers/nginx-deployment.yaml',
  'kubectl get pods',
  'kubectl scale deployment nginx-deployment --replicas=6',
  'kubectl get deployments',
  'kubectl set image deployment/nginx-deployment nginx=nginx:1.16.1',
  'kubectl rollout status deployment/nginx-deployment',
  'kubectl describe deployment nginx-deployment',
  'kubeplay node stop node-a1',
  'sleep 1m',
  'kubectl get nodes',
  'kubeplay node start node-a1',
  'kubectl create deployment web --image=nginx:1.14.2 --replicas=3',
  'kubectl get all',
];

const systemChromium = '/usr/bin/chromium';
const browser = await chromium.launch({
  ...(existsSync(systemChromium) ? { executablePath: systemChromium } : {}),
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
await page.goto(url);
await page.getByRole('button', { name: /^Node node-a1/ }).waitFor();
await page.getByRole('combobox', { name: 'Speed' }).selectOption('10');
const input = page.getByRole('textbox', { name: 'kubectl console' });
for (const line of SESSION) {
  await input.fill(line);
  await input.press('Enter');
  await page.waitForTimeout(1200);
}
await page.waitForTimeout(2000); // a save period

const log = page.getByRole('log', { name: 'Console output' });
const notes = async () => [...(await log.innerText().catch(() => '')).matchAll(/Session restored in (\d+\.\d+) s/g)];
for (let run = 1; run <= 3; run++) {
  const before = (await notes()).length;
  const start = Date.now();
  await page.reload();
  await log.waitFor();
  let found = await notes();
  while (found.length <= before) {
    await page.waitForTimeout(10);
    found = await notes();
  }
  console.log(`reload ${run}: replay ${found.at(-1)[1]} s, reload → restored ${Date.now() - start} ms`);
}
await browser.close();
