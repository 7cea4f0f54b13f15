import { createFileRoute } from '@tanstack/react-router';

import { orderStepSearchSchema } from '#src/routes/-shell/order-step-search';
import { OrderWizardRoute } from '#src/routes/-shell/order-wizard-route';

/** A signed-in customer's order entry (SPEC.md 2.2): the wizard without the account step. */
export const Route = createFileRoute('/app/_signedIn/order/')({
  validateSearch: orderStepSearchSchema,
  component: SignedInOrderPage,
});

function SignedInOrderPage() {
  const { step } = Route.useSearch();
  return <OrderWizardRoute registration={false} step={step} path="/app/order" />;
}
