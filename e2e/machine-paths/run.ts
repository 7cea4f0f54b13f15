import type { Page } from '@playwright/test';
import type { AnyStateMachine, SnapshotFrom } from 'xstate';

import { expectNoAxeViolations } from '../support';
import { eventLabel, isActorResult, type ModelEvent, type Tour, type TourSpec } from './tours';

/**
 * A flow's browser model: its tours (tours.ts) and how Chromium performs and checks them. One per
 * customer flow, listed in `e2e/machine-paths/models.ts`; `e2e/machine-paths.spec.ts` runs them.
 *
 * - `prepare` makes the world for one tour (usually a customer of its own, signed in, so tours
 *   run in parallel); it may read the tour to choose its data (which subscription the first load
 *   returns). `visit` then opens the flow's page the way a customer does.
 * - `act` does what the customer does for one of the customer's events (keyboard where it can).
 * - `arrange` makes the sandbox or the network give an actor result that is not the ordinary
 *   answer (a 500, a 409, no connection). It runs before the action that makes the call, and what
 *   it returns is undone before the customer's next action, so a load and its loader both fail.
 * - `expectScreen` checks what the customer sees in a state. States where only an actor result can
 *   follow (a call is running) are not checked: the sandbox answers before a test could look.
 */
export interface BrowserModel<M extends AnyStateMachine, Run = unknown> extends TourSpec<M> {
  /**
   * `allow` for a flow of the installed portal (the update prompt): its tours run with the service
   * worker, which every other browser test blocks (playwright.config.ts).
   */
  serviceWorkers?: 'allow';
  prepare: (page: Page, tour: Tour<M>) => Promise<Run>;
  visit: (page: Page, run: Run) => Promise<void>;
  act: (page: Page, event: ModelEvent<M>, run: Run) => Promise<void>;
  arrange: (page: Page, event: ModelEvent<M>, run: Run) => Promise<Undo | undefined>;
  expectScreen: (page: Page, snapshot: SnapshotFrom<M>, run: Run) => Promise<void>;
}

export type Undo = () => Promise<void>;

/** Type-erased, so one registry can hold every flow's model. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyBrowserModel = BrowserModel<any, any>;

/** Whether only actor results can follow: a call is running and the customer waits. */
function waits<M extends AnyStateMachine, Run>(model: BrowserModel<M, Run>, snapshot: SnapshotFrom<M>): boolean {
  const offered = model.events(snapshot);
  return offered.length > 0 && offered.every(isActorResult);
}

type StepReporter = (title: string, body: () => Promise<void>) => Promise<void>;

/** Runs one tour in the page: open, then per step arrange / act / check, as described above. */
export async function runTour<M extends AnyStateMachine, Run>(page: Page, model: BrowserModel<M, Run>, tour: Tour<M>, step: StepReporter): Promise<void> {
  const undo: Undo[] = [];
  /** The actor results that follow step `index` (before the customer's next action), arranged before it. */
  const arrangeAfter = async (index: number, run: Run) => {
    for (let next = index + 1; next < tour.steps.length && isActorResult(tour.steps[next]!.event); next += 1) {
      const done = await model.arrange(page, tour.steps[next]!.event, run);
      if (done) undo.push(done);
    }
  };

  const run = await model.prepare(page, tour);
  await step('open', async () => {
    // The calls the page makes as it opens meet what the first steps arrange.
    await arrangeAfter(-1, run);
    await model.visit(page, run);
    if (waits(model, tour.initial)) return;
    await model.expectScreen(page, tour.initial, run);
    if (tour.firstSight) await expectNoAxeViolations(page);
  });

  for (const [index, { event, after, firstSight }] of tour.steps.entries()) {
    await step(`${index + 1}. ${eventLabel(event)}`, async () => {
      if (!isActorResult(event)) {
        for (const done of undo.splice(0)) await done();
        await arrangeAfter(index, run);
        await model.act(page, event, run);
      }
      if (waits(model, after)) return;
      await model.expectScreen(page, after, run);
      if (firstSight) await expectNoAxeViolations(page);
    });
  }
  for (const done of undo.splice(0)) await done();
}
