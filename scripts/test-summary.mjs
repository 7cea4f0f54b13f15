// Prints the closing count of a test run from the JSON reports of Vitest and Playwright:
// one line per runner and a last line "Total: N passed, M failed" (what CI reads).
import { existsSync, readFileSync } from 'node:fs';

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);
const vitest = read('.test-reports/vitest.json');
const playwright = read('.test-reports/playwright.json');

const rows = [];
if (vitest) rows.push(['vitest', vitest.numPassedTests, vitest.numFailedTests, vitest.numPendingTests + vitest.numTodoTests]);
if (playwright) rows.push(['playwright', playwright.stats.expected + playwright.stats.flaky, playwright.stats.unexpected, playwright.stats.skipped]);
for (const [name, passed, failed, skipped] of rows) console.log(`${name}: ${passed} passed, ${failed} failed, ${skipped} skipped`);
const passed = rows.reduce((sum, row) => sum + row[1], 0);
const failed = rows.reduce((sum, row) => sum + row[2], 0);
console.log(`Total: ${passed} passed, ${failed} failed`);
process.exitCode = rows.length === 2 && passed > 0 ? 0 : 1;
