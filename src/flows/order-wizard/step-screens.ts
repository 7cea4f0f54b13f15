import { lazyRouteComponent } from '@tanstack/react-router';

import type { StepId } from '#machines/order-wizard/order-wizard.types';
import type { ProductRules } from '#src/domain/product';

/**
 * The order wizard's step screens, each a chunk of its own (issue 14): /order loads the page, the
 * machine and the step on screen; the other steps' fields (the billing address with its countries
 * and insurer lookups, the account's password fields, the summary) load with their step.
 *
 * `lazyRouteComponent` is the router's lazy component with `preload()`: once its chunk is there it
 * renders at once (no Suspense fallback), and a chunk gone after a new deployment reloads the page
 * once (the wizard's draft survives a reload). The wizard page preloads the steps around the one
 * on screen, so Next never waits for a download. The order routes load the first step alongside
 * their own chunk and render when both are there (`loadStepScreen(firstStepShown(…))`, awaited by
 * their loader): the wizard's first view is whole, without a loading step, as when it was one chunk.
 *
 * This module is small and is imported by the routes; the steps themselves only through `import()`.
 */
export const stepScreens = {
  company: lazyRouteComponent(() => loaded('company', import('./steps/company-step')), 'CompanyStep'),
  startAndTraveler: lazyRouteComponent(() => loaded('startAndTraveler', import('./steps/start-traveler-step')), 'StartTravelerStep'),
  billing: lazyRouteComponent(() => loaded('billing', import('./steps/billing-step')), 'BillingStep'),
  account: lazyRouteComponent(() => loaded('account', import('./steps/account-step')), 'AccountStep'),
  summary: lazyRouteComponent(() => loaded('summary', import('./steps/summary-step')), 'SummaryStep'),
} as const satisfies Record<StepId, unknown>;

const loadedSteps = new Set<StepId>();

function loaded<Module>(step: StepId, module: Promise<Module>): Promise<Module> {
  return module.then((value) => {
    loadedSteps.add(step);
    return value;
  });
}

/**
 * Whether a step's chunk has arrived, so its screen renders without suspending: the wizard
 * prepares such a step before it is shown (a step whose chunk failed to load is not prepared; its
 * error shows when it is shown).
 */
export function isStepScreenLoaded(step: StepId): boolean {
  return loadedSteps.has(step);
}

/**
 * Loads a step's chunk (nothing when it is loaded; the same load when it is loading). Never
 * rejects: a failed load shows when the step renders (then a chunk gone after a new deployment
 * reloads the page).
 */
export function loadStepScreen(step: StepId): Promise<void> {
  return stepScreens[step].preload?.() ?? Promise.resolve();
}

/** Starts loading a step's chunk, without waiting for it. */
export function preloadStepScreen(step: StepId): void {
  void loadStepScreen(step);
}

/**
 * The step a new visit to an order route shows first: the URL's step (a reload, the browser's back
 * and forward, the way back from the sign-in), else the product's first step — the company where
 * the product has companies, otherwise start and traveler (the machine's `stepsOf`; the test
 * tests/flows/order-wizard-step-screens.test.ts keeps the two the same).
 */
export function firstStepShown(product: ProductRules, urlStep: StepId | undefined): StepId {
  return urlStep ?? (product.hasCompanies ? 'company' : 'startAndTraveler');
}
