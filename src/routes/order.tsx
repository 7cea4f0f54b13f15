import { createFileRoute, redirect } from '@tanstack/react-router';

import { firstStepShown, loadStepScreen } from '#src/flows/order-wizard/step-screens';
import { orderStepSearchSchema } from '#src/search/search-schemas';
import { orderRouteStaticData } from './-shell/order-route-static-data';
import { OrderWizardRoute } from './-shell/order-wizard-route';

/**
 * The public order page (decision 11): a visitor orders here and the wizard registers them. A
 * signed-in customer is sent to /app/order, which has no account step.
 */
export const Route = createFileRoute('/order')({
  validateSearch: orderStepSearchSchema,
  staticData: orderRouteStaticData,
  beforeLoad: async ({ context, search }) => {
    // The first step's chunk loads while the session starts and alongside the page's own chunk;
    // the loader waits for it, so the wizard shows its first step at once.
    const firstStep = loadStepScreen(firstStepShown(context.config.product, search.step));
    const snapshot = await context.session.settled();
    if (snapshot.matches('signedIn')) throw redirect({ to: '/app/order', search, replace: true });
    return { firstStep };
  },
  loader: ({ context }) => context.firstStep,
  component: PublicOrderPage,
});

function PublicOrderPage() {
  const { step, affiliate } = Route.useSearch();
  return <OrderWizardRoute registration step={step} affiliate={affiliate} path="/order" />;
}
