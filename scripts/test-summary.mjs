// Prints the closing count of a test run from the JSON reports of Vitest and Playwright: one line
// per runner, the time each part took against its budget (docs/guides/testing.md), and a last line
// "Total: N passed, M failed" (what CI reads). The budget lines inform; they never fail the run
// (timed assertions do not belong in tests), the counts do.
import { existsSync, readFileSync } from 'node:fs';

/**
 * The test budget in seconds: a fresh clone's `npm test` on a 2-core machine within 12 minutes.
 * docs/guides/testing.md has the same figures (tests/docs/testing-budget.test.ts compares them).
 * static, unit and browser add up to total; machines is a share of unit (summed over the workers).
 */
export const budgetSeconds = { static: 90, unit: 150, machines: 40, browser: 480, total: 720 };

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);
const vitest = read('.test-reports/vitest.json');
const playwright = read('.test-reports/playwright.json');

const rows = [];
if (vitest) rows.push(['vitest', vitest.numPassedTests, vitest.numFailedTests, vitest.numPendingTests + vitest.numTodoTests]);
if (playwright) rows.push(['playwright', playwright.stats.expected + playwright.stats.flaky, playwright.stats.unexpected, playwright.stats.skipped]);
for (const [name, passed, failed, skipped] of rows) console.log(`${name}: ${passed} passed, ${failed} failed, ${skipped} skipped`);

const seconds = (ms) => Math.round(ms / 1000);
const parts = [];
let unitWall;
if (vitest) {
  const files = vitest.testResults;
  unitWall = seconds(Math.max(...files.map((file) => file.endTime)) - Math.min(...files.map((file) => file.startTime)));
  const machines = files.filter((file) => file.name.includes('/tests/machines/')).reduce((sum, file) => sum + (file.endTime - file.startTime), 0);
  parts.push(['unit (Vitest, wall)', unitWall, budgetSeconds.unit], ['machines (Vitest tests/machines, summed)', seconds(machines), budgetSeconds.machines]);
}
const browserWall = playwright ? seconds(playwright.stats.duration) : undefined;
if (browserWall !== undefined) parts.push(['browser (Playwright, wall)', browserWall, budgetSeconds.browser]);
const startedAt = Number(process.env.TEST_STARTED_AT);
if (startedAt > 0) {
  const total = Math.round(Date.now() / 1000 - startedAt);
  // Build, typecheck, lint, contract lint and catalogs are what npm test spends outside the runners.
  if (unitWall !== undefined && browserWall !== undefined)
    parts.unshift(['static checks (npm test minus the runners)', total - unitWall - browserWall, budgetSeconds.static]);
  parts.push(['npm test (wall)', total, budgetSeconds.total]);
}
for (const [name, took, budget] of parts)
  console.log(`budget: ${name} ${took} s of ${budget} s${took > budget ? '  << OVER BUDGET: make it cheaper (docs/guides/testing.md)' : ''}`);

const passed = rows.reduce((sum, row) => sum + row[1], 0);
const failed = rows.reduce((sum, row) => sum + row[2], 0);
console.log(`Total: ${passed} passed, ${failed} failed`);
process.exitCode = rows.length === 2 && passed > 0 ? 0 : 1;
