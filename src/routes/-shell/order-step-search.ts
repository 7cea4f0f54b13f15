import * as v from 'valibot';

import type { StepId } from '#machines/order-wizard/order-wizard.types';

const stepIds = ['company', 'startAndTraveler', 'billing', 'account', 'summary'] as const satisfies readonly StepId[];

/**
 * `?step=` of the order routes: the step the browser's history points at; any other value is
 * dropped (never an error page). The route's `validateSearch` (valibot is a Standard Schema, which
 * the router takes as it is). Kept apart from the wizard itself: route options are in the entry
 * chunk, the wizard is loaded with the page.
 */
export const orderStepSearchSchema = v.object({
  step: v.fallback(v.optional(v.picklist(stepIds)), undefined),
});

/** The step of an order route's search, as its `validateSearch` reads it (the router's matches carry it untyped). */
export function stepOfSearch(search: Record<string, unknown>): StepId | undefined {
  return v.parse(orderStepSearchSchema, search).step;
}
