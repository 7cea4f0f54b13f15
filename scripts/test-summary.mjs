// Prints the closing count of a test run from the JSON reports of Vitest and Playwright: one line
// per runner, the time each part took against its budget (docs/guides/testing.md), and a last line
// "Total: N passed, M failed" (what CI reads). The budget lines inform; they never fail the run
// (timed assertions do not belong in tests), the counts do.
import { existsSync, readFileSync } from 'node:fs';

/** The test budget of issue 9, in seconds on this project's 2-core machine (docs/guides/testing.md). */
export const budgetSeconds = { unit: 90, machines: 20, browser: 420, total: 600 };

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);
const vitest = read('.test-reports/vitest.json');
const playwright = read('.test-reports/playwright.json');

const rows = [];
if (vitest) rows.push(['vitest', vitest.numPassedTests, vitest.numFailedTests, vitest.numPendingTests + vitest.numTodoTests]);
if (playwright) rows.push(['playwright', playwright.stats.expected + playwright.stats.flaky, playwright.stats.unexpected, playwright.stats.skipped]);
for (const [name, passed, failed, skipped] of rows) console.log(`${name}: ${passed} passed, ${failed} failed, ${skipped} skipped`);

const seconds = (ms) => Math.round(ms / 1000);
const parts = [];
if (vitest) {
  const files = vitest.testResults;
  const wall = Math.max(...files.map((file) => file.endTime)) - Math.min(...files.map((file) => file.startTime));
  const machines = files.filter((file) => file.name.includes('/tests/machines/')).reduce((sum, file) => sum + (file.endTime - file.startTime), 0);
  parts.push(['unit (Vitest, wall)', seconds(wall), budgetSeconds.unit], ['machines (Vitest tests/machines, summed)', seconds(machines), budgetSeconds.machines]);
}
if (playwright) parts.push(['browser (Playwright, wall)', seconds(playwright.stats.duration), budgetSeconds.browser]);
const startedAt = Number(process.env.TEST_STARTED_AT);
if (startedAt > 0) parts.push(['npm test (wall)', Math.round(Date.now() / 1000 - startedAt), budgetSeconds.total]);
for (const [name, took, budget] of parts) console.log(`budget: ${name} ${took} s of ${budget} s${took > budget ? '  << OVER BUDGET: make it cheaper (docs/guides/testing.md)' : ''}`);

const passed = rows.reduce((sum, row) => sum + row[1], 0);
const failed = rows.reduce((sum, row) => sum + row[2], 0);
console.log(`Total: ${passed} passed, ${failed} failed`);
process.exitCode = rows.length === 2 && passed > 0 ? 0 : 1;
