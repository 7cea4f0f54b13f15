import type { StepId } from '#machines/order-wizard/order-wizard.machine';

const stepIds: readonly StepId[] = ['company', 'startAndTraveler', 'billing', 'account', 'summary'];

/**
 * `?step=` of the order routes: the step the browser's history points at. Kept apart from the
 * wizard itself: route options are in the entry chunk, the wizard is loaded with the page.
 */
export function validateStepSearch(search: Record<string, unknown>): { step?: StepId } {
  return typeof search.step === 'string' && (stepIds as readonly string[]).includes(search.step) ? { step: search.step as StepId } : {};
}
