import { createFileRoute } from '@tanstack/react-router';

import { firstStepShown, loadStepScreen } from '#src/flows/order-wizard/step-screens';
import { orderStepSearchSchema } from '#src/search/search-schemas';
import { orderRouteStaticData } from '#src/routes/-shell/order-route-static-data';
import { OrderWizardRoute } from '#src/routes/-shell/order-wizard-route';

/** A signed-in customer's order entry (SPEC.md 2.2): the wizard without the account step. */
export const Route = createFileRoute('/app/_signedIn/order/')({
  validateSearch: orderStepSearchSchema,
  staticData: orderRouteStaticData,
  // The first step's chunk loads alongside the page's own; the loader waits for it, so the wizard
  // shows its first step at once.
  beforeLoad: ({ context, search }) => ({ firstStep: loadStepScreen(firstStepShown(context.config.product, search.step)) }),
  loader: ({ context }) => context.firstStep,
  component: SignedInOrderPage,
});

function SignedInOrderPage() {
  const { step, affiliate } = Route.useSearch();
  return <OrderWizardRoute registration={false} step={step} affiliate={affiliate} path="/app/order" />;
}
