// Playwright: end-to-end tests against the production build (`vite build`, then `vite preview`
// started by Playwright). Chromium comes from the system (/usr/bin/chromium, as on CI where
// Playwright cannot download browsers) or else from Playwright's own download.

import { existsSync } from 'node:fs';
import { chromium, defineConfig, devices } from '@playwright/test';

// Overridable so several builds can be tested side by side (each with its own dist and port).
const PORT = Number(process.env.KUBEPLAY_E2E_PORT ?? 4173);
const DIST = process.env.KUBEPLAY_E2E_DIST ?? 'dist';
const SYSTEM_CHROMIUM = process.env.KUBEPLAY_CHROMIUM ?? '/usr/bin/chromium';

/** The Chromium to launch: the system one if present, else Playwright's, else a clear error. */
function chromiumExecutable(): string | undefined {
  if (existsSync(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;
  let bundled = '';
  try {
    bundled = chromium.executablePath();
  } catch {
    // no browser registry entry
  }
  if (bundled && existsSync(bundled)) return undefined; // Playwright finds its own
  throw new Error(
    [
      'No Chromium found for the end-to-end tests.',
      `Looked for ${SYSTEM_CHROMIUM}${bundled ? ` and ${bundled}` : ''}.`,
      'Install one of:',
      '  apt-get install -y chromium          (Debian/Ubuntu system package)',
      '  npx playwright install chromium      (Playwright-managed browser)',
      'or point KUBEPLAY_CHROMIUM at a Chromium binary.',
    ].join('\n'),
  );
}

const executablePath = chromiumExecutable();

export default defineConfig({
  testDir: 'e2e',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          ...(executablePath ? { executablePath } : {}),
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            '--disable-quic',
          ],
        },
      },
    },
  ],
  webServer: {
    command: `npx vite preview --port ${PORT} --strictPort --outDir ${DIST}`,
    url: `http://localhost:${PORT}`,
    reuseExistingServer: !process.env.CI,
    timeout: 30_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
