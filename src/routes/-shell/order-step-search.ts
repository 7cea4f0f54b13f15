import type { StaticDataRouteOption } from '@tanstack/react-router';
import * as v from 'valibot';

import type { StepId } from '#machines/order-wizard/order-wizard.types';
import { firstStepShown, loadStepScreen } from '#src/flows/order-wizard/step-screens';

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

/**
 * The order routes' `staticData`: as the app opens at one, the first step it shows starts loading
 * (src/opening-page.ts). The router's matches carry the search untyped: read as `validateSearch` does.
 */
export const orderRouteStaticData: StaticDataRouteOption = {
  loadEarly: ({ context, search }) => void loadStepScreen(firstStepShown(context.config.product, v.parse(orderStepSearchSchema, search).step)),
};
