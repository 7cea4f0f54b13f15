import type { StaticDataRouteOption } from '@tanstack/react-router';
import * as v from 'valibot';

import { firstStepShown, loadStepScreen } from '#src/flows/order-wizard/step-screens';
import { orderStepSearchSchema } from '#src/search/search-schemas';

/**
 * The order routes' `staticData`: as the app opens at one, the first step it shows starts loading
 * (src/start-up/opening-page.ts). The router's matches carry the search untyped: read as `validateSearch` does.
 */
export const orderRouteStaticData: StaticDataRouteOption = {
  loadEarly: ({ context, search }) => void loadStepScreen(firstStepShown(context.config.product, v.parse(orderStepSearchSchema, search).step)),
};
