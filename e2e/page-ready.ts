// Shared start of the browser tests: open the page, wait until the worker mirrors the cluster,
// and fail on any page error or console error logged on the way.

import { expect, type Page } from '@playwright/test';

/** Collects page errors and console errors; check with `expect(problems).toEqual([])`. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  return problems;
}

export async function openPlayground(page: Page): Promise<void> {
  const problems = watchProblems(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Kubeplay' })).toBeVisible();
  // the worker is up once the graph mirrors the cluster's nodes
  await expect(page.getByRole('region', { name: 'Cluster' }).getByRole('button', { name: /^Node node-a1: / })).toBeVisible();
  expect(problems).toEqual([]);
}
