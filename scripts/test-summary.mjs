// Prints one closing line for CI, `tests: N passed, M failed`, from the Vitest and Playwright
// JSON reports written by `npm test`. Exits non-zero when a report is missing or a test failed.
import { existsSync, readFileSync } from 'node:fs';

const reports = {
  vitest: 'reports/vitest.json',
  playwright: 'reports/playwright.json',
};

let passed = 0;
let failed = 0;
let missing = false;
for (const [name, path] of Object.entries(reports)) {
  if (!existsSync(path)) {
    console.error(`${name}: no report at ${path}`);
    missing = true;
    continue;
  }
  const report = JSON.parse(readFileSync(path, 'utf8'));
  if (name === 'vitest') {
    passed += report.numPassedTests ?? 0;
    failed += (report.numFailedTests ?? 0) + ((report.numTotalTests ?? 0) ? 0 : 1);
  } else {
    const stats = report.stats ?? {};
    passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
    failed += stats.unexpected ?? 0;
  }
}
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exitCode = missing || failed > 0 || passed === 0 ? 1 : 0;
