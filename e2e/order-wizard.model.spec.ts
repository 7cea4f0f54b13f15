import { expect, test } from '@playwright/test';

import { runPath } from './order-wizard-model/driver';
import { variants } from './order-wizard-model/fixtures';
import { excluded, generateBrowserPaths } from './order-wizard-model/graph';

/**
 * The order wizard's model-based browser tests (issue 6, item 5): one test per path generated from
 * `orderWizardMachine` (see order-wizard-model/graph.ts). Each test opens the wizard as its variant's
 * customer and, step by step, does the event's clicks and typing and checks the screen of the
 * machine's next snapshot. Visitors register with addresses of their own, and each seti order has a
 * student of its own, so the tests run in parallel on one sandbox.
 */

const model = generateBrowserPaths();

// Printed once, by the process that collects the tests (not again by every worker).
if (process.env.TEST_WORKER_INDEX === undefined) {
  const { coverage } = model;
  const perVariant = variants.map((variant) => {
    const paths = model.paths.filter((path) => path.variant === variant);
    const screens = model.screens[variant.name]!;
    return `${variant.name} ${paths.length} (${paths.reduce((sum, path) => sum + path.steps.length, 0)} events, screens ${screens.reached}/${screens.total})`;
  });
  console.log(`order wizard browser model: ${model.paths.length} generated tests: ${perVariant.join(', ')}`);
  console.log(
    `order wizard browser model: transitions ${coverage.covered.length}/${coverage.total} covered, ${coverage.excluded.length} excluded (faults or timing, see order-wizard-model/graph.ts), ${coverage.missing.length} missing`,
  );
  console.log(`  covered: ${coverage.covered.map((id) => id.replace('orderWizard.', '')).join(', ')}`);
  console.log(`  excluded: ${coverage.excluded.map((id) => id.replace('orderWizard.', '')).join(', ')}`);
}

test('the generated paths take every transition of the machine that is not excluded with a reason', () => {
  const { missing, excludedButCovered } = model.coverage;
  expect(missing, 'transitions no generated path takes: map an event for them in order-wizard-model/graph.ts, or exclude them there with a reason').toEqual([]);
  expect(excludedButCovered, 'excluded transitions the paths take after all: remove them from `excluded`').toEqual([]);
  for (const [id, reason] of Object.entries(excluded)) expect(reason.length, id).toBeGreaterThan(0);
  for (const variant of variants) {
    const screens = model.screens[variant.name]!;
    expect(screens.reached, `screen states of ${variant.name}`).toBe(screens.total);
  }
});

// Longest first, so the two workers end at about the same time.
for (const path of [...model.paths].sort((a, b) => b.steps.length - a.steps.length)) {
  test(path.title, async ({ page }) => {
    test.setTimeout(30_000 + 3_000 * path.steps.length);
    await runPath(page, path, (title, body) => test.step(title, body));
  });
}
