import { expect, test } from '@playwright/test';

import { browserModels } from './machine-paths/models';
import { runTour } from './machine-paths/run';
import { generateTours } from './machine-paths/tours';

/**
 * Browser tests generated from the flows' machines (docs/guides/model-based-tests.md): per flow,
 * tours from xstate/graph that together show every screen state and take every transition the
 * browser can cause, run in Chromium against the sandbox. The coverage is printed once per run.
 */

const flows = browserModels.map((model) => ({ model, ...generateTours(model) }));

// Printed once, by the process that collects the tests (not again by every worker).
if (process.env.TEST_WORKER_INDEX === undefined) {
  for (const { model, tours, coverage } of flows) {
    console.log(
      `browser paths ${model.machine.id}: ${tours.length} tours, ${tours.reduce((sum, tour) => sum + tour.steps.length, 0)} steps; screens ${coverage.screens.reached}/${coverage.screens.total}; transitions ${coverage.covered.length}/${coverage.total} covered, ${coverage.excluded.length} excluded, ${coverage.missing.length} missing`,
    );
  }
}

for (const { model, tours, coverage } of flows) {
  test.describe(model.machine.id, () => {
    if (model.serviceWorkers) test.use({ serviceWorkers: model.serviceWorkers });
    test('the browser paths take every transition that is not excluded with a reason', () => {
      expect(coverage.missing, "map an event for these in the flow's browser model, or exclude them there with a reason").toEqual([]);
      expect(coverage.excludedButCovered, 'excluded, but a tour takes them after all: remove them from `excluded`').toEqual([]);
      expect(coverage.screens.reached).toBe(coverage.screens.total);
    });

    for (const tour of tours) {
      test(tour.title, async ({ page }) => {
        await runTour(page, model, tour, (title, body) => test.step(title, body));
      });
    }
  });
}
